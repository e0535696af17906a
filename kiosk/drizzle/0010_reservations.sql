ALTER TABLE "pool_tables" ADD COLUMN "out_of_order_reason" varchar(200);--> statement-breakpoint
CREATE TABLE "reservations" (
	"id" serial PRIMARY KEY NOT NULL,
	"table_id" integer NOT NULL REFERENCES "pool_tables"("id"),
	"kind" varchar(10) NOT NULL,
	"status" varchar(10) NOT NULL,
	"user_id" integer REFERENCES "users"("id") ON DELETE set null,
	"name" varchar(120) NOT NULL,
	"party_size" smallint NOT NULL,
	"starts_at" timestamp with time zone NOT NULL,
	"ends_at" timestamp with time zone NOT NULL,
	"note" varchar(300) DEFAULT '' NOT NULL,
	"created_by" integer REFERENCES "users"("id") ON DELETE set null,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"reminded_at" timestamp with time zone,
	"claimed_at" timestamp with time zone,
	"canceled_at" timestamp with time zone,
	CONSTRAINT "reservations_range_check" CHECK ("ends_at" > "starts_at"),
	CONSTRAINT "reservations_party_check" CHECK ("party_size" between 1 and 50),
	-- No two live reservations of a table overlap, whoever commits first. The table id as a
	-- one-point range lets the built-in GiST range operators compare it, so no extension
	-- (btree_gist) is needed on PostgreSQL or on PGlite.
	CONSTRAINT "reservations_no_overlap" EXCLUDE USING gist (
		(int4range("table_id", "table_id", '[]')) WITH &&,
		(tstzrange("starts_at", "ends_at")) WITH &&
	) WHERE ("status" in ('booked', 'claimed'))
);--> statement-breakpoint
CREATE INDEX "reservations_table_start_idx" ON "reservations" ("table_id","starts_at");--> statement-breakpoint
CREATE INDEX "reservations_user_idx" ON "reservations" ("user_id","starts_at");--> statement-breakpoint
CREATE INDEX "reservations_live_idx" ON "reservations" ("starts_at") WHERE "status" = 'booked';
