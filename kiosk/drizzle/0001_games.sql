ALTER TABLE "players" ADD COLUMN "previous_player_id" integer;--> statement-breakpoint
ALTER TABLE "players" ADD COLUMN "subscription_id" integer;--> statement-breakpoint
ALTER TABLE "players" ADD COLUMN "subscription_minutes" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "pool_tables" ADD COLUMN "deleted_at" timestamp with time zone;