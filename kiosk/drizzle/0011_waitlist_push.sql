-- The waitlist (DESIGN §13): parties in line, the offer of a freed table and how long it is held.
CREATE TABLE "waitlist_entries" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer REFERENCES "users"("id") ON DELETE CASCADE,
	"name" varchar(100) NOT NULL,
	"party_size" smallint NOT NULL,
	"position" double precision NOT NULL,
	"status" varchar(10) NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"offered_table_id" integer REFERENCES "pool_tables"("id"),
	"offered_at" timestamp with time zone,
	"offer_expires_at" timestamp with time zone,
	"ended_at" timestamp with time zone,
	CONSTRAINT "waitlist_entries_party_size_check" CHECK ("party_size" between 1 and 50),
	CONSTRAINT "waitlist_entries_offer_check" CHECK ("status" <> 'offered' or ("offered_table_id" is not null and "offer_expires_at" is not null))
);--> statement-breakpoint
CREATE UNIQUE INDEX "waitlist_one_open_per_user" ON "waitlist_entries" ("user_id") WHERE "status" in ('waiting', 'offered') and "user_id" is not null;--> statement-breakpoint
CREATE UNIQUE INDEX "waitlist_one_offer_per_table" ON "waitlist_entries" ("offered_table_id") WHERE "status" = 'offered';--> statement-breakpoint
CREATE INDEX "waitlist_open_idx" ON "waitlist_entries" ("position") WHERE "status" in ('waiting', 'offered');--> statement-breakpoint
-- Web Push: one row per device that allowed notifications
CREATE TABLE "push_subscriptions" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL REFERENCES "users"("id") ON DELETE CASCADE,
	"endpoint" text NOT NULL,
	"p256dh" varchar(200) NOT NULL,
	"auth" varchar(64) NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_error" text
);--> statement-breakpoint
CREATE UNIQUE INDEX "push_subscriptions_endpoint_key" ON "push_subscriptions" ("endpoint");--> statement-breakpoint
CREATE INDEX "push_subscriptions_user_idx" ON "push_subscriptions" ("user_id");
