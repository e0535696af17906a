-- Counter operators (DESIGN §12): a personal PIN per staff member, walk-in guests without a
-- login, and who is signed in at which cash point on which device.
ALTER TABLE "users" ADD COLUMN "pin_hash" text;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "walk_in" boolean DEFAULT false NOT NULL;--> statement-breakpoint
CREATE TABLE "cash_operator_sessions" (
	"id" serial PRIMARY KEY NOT NULL,
	"session_id" integer NOT NULL REFERENCES "sessions"("id") ON DELETE CASCADE,
	"cash_point_id" integer NOT NULL REFERENCES "cash_points"("id"),
	"user_id" integer NOT NULL REFERENCES "users"("id") ON DELETE CASCADE,
	"signed_in_at" timestamp with time zone NOT NULL,
	"last_active_at" timestamp with time zone NOT NULL,
	"signed_out_at" timestamp with time zone
);--> statement-breakpoint
CREATE UNIQUE INDEX "cash_operator_sessions_one_per_device" ON "cash_operator_sessions" ("session_id") WHERE "signed_out_at" IS NULL;--> statement-breakpoint
CREATE UNIQUE INDEX "cash_operator_sessions_one_per_operator" ON "cash_operator_sessions" ("user_id") WHERE "signed_out_at" IS NULL;
