import { createAdapter } from '@socket.io/postgres-adapter';
import type pg from 'pg';
import type { Logger } from './socket-server.ts';

/**
 * The table @socket.io/postgres-adapter keeps large payloads in. It belongs in a kiosk
 * migration; gateways only create it when missing, one at a time (under an advisory lock),
 * because two gateways running CREATE TABLE at once fail.
 */
export const ATTACHMENTS_SQL = `CREATE TABLE IF NOT EXISTS socket_io_attachments (
    id          bigserial UNIQUE,
    created_at  timestamptz DEFAULT NOW(),
    payload     bytea
)`;
const CREATE_LOCK_KEY = 727_002;

export async function ensureAttachmentsTable(pool: pg.Pool): Promise<void> {
  const { rows } = await pool.query<{ t: string | null }>(`select to_regclass('socket_io_attachments')::text as t`);
  if (rows[0]?.t) return;
  const client = await pool.connect();
  try {
    await client.query('select pg_advisory_lock($1)', [CREATE_LOCK_KEY]);
    await client.query(ATTACHMENTS_SQL);
  } finally {
    await client.query('select pg_advisory_unlock($1)', [CREATE_LOCK_KEY]).catch(() => {});
    client.release();
  }
}

/** Socket.IO's PostgreSQL adapter: rooms and broadcasts shared by every gateway on the database. */
export function postgresAdapter(pool: pg.Pool, logger: Logger) {
  return createAdapter(pool, {
    errorHandler: (error) => logger.warn({ err: String(error) }, 'postgres adapter error'),
  });
}
