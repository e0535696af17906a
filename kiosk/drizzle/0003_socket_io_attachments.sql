-- The table @socket.io/postgres-adapter keeps its attachments in; created here once, so
-- that gateways starting at the same moment never race to create it.
CREATE TABLE IF NOT EXISTS "socket_io_attachments" (
	"id" bigserial UNIQUE,
	"created_at" timestamptz DEFAULT NOW(),
	"payload" bytea
);
