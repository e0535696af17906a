-- VAT per product, per subscription and per order line (DESIGN §12); prices stay VAT-inclusive.
ALTER TABLE "products" ADD COLUMN "vat_rate" smallint DEFAULT 25 NOT NULL;--> statement-breakpoint
ALTER TABLE "subscription_products" ADD COLUMN "vat_rate" smallint DEFAULT 25 NOT NULL;--> statement-breakpoint
ALTER TABLE "order_items" ADD COLUMN "vat_rate" smallint DEFAULT 25 NOT NULL;--> statement-breakpoint
ALTER TABLE "order_items" ADD COLUMN "vat" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "products" ADD CONSTRAINT "products_vat_rate_check" CHECK ("vat_rate" in (25, 15, 12, 0));--> statement-breakpoint
ALTER TABLE "subscription_products" ADD CONSTRAINT "subscription_products_vat_rate_check" CHECK ("vat_rate" in (25, 15, 12, 0));--> statement-breakpoint
CREATE TABLE "cash_points" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" varchar(100) NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);--> statement-breakpoint
INSERT INTO "cash_points" ("name") VALUES ('Kasse 1');--> statement-breakpoint
CREATE TABLE "cash_keys" (
	"version" integer PRIMARY KEY NOT NULL,
	"private_key" text NOT NULL,
	"public_key" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);--> statement-breakpoint
CREATE TABLE "cash_journal" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"cash_point_id" integer NOT NULL REFERENCES "cash_points"("id"),
	"nr" integer NOT NULL,
	"event_code" varchar(5) NOT NULL,
	"at" timestamp with time zone NOT NULL,
	"order_id" integer,
	"user_id" integer,
	"amount_in" bigint,
	"amount_ex" bigint,
	"trans_date" varchar(10),
	"trans_time" varchar(8),
	"signature" text,
	"key_version" integer,
	"detail" jsonb DEFAULT '{}'::jsonb NOT NULL,
	CONSTRAINT "cash_journal_point_nr_key" UNIQUE ("cash_point_id", "nr")
);--> statement-breakpoint
CREATE INDEX "cash_journal_order_idx" ON "cash_journal" ("order_id");--> statement-breakpoint
CREATE TABLE "receipt_prints" (
	"order_id" integer PRIMARY KEY NOT NULL,
	"count" integer NOT NULL
);--> statement-breakpoint
-- The electronic journal is never changed or deleted: the database itself refuses.
CREATE FUNCTION "cash_journal_append_only"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	RAISE EXCEPTION 'cash_journal is append-only';
END
$$;--> statement-breakpoint
CREATE TRIGGER "cash_journal_no_update_or_delete" BEFORE UPDATE OR DELETE ON "cash_journal"
	FOR EACH ROW EXECUTE FUNCTION "cash_journal_append_only"();--> statement-breakpoint
CREATE TRIGGER "cash_journal_no_truncate" BEFORE TRUNCATE ON "cash_journal"
	FOR EACH STATEMENT EXECUTE FUNCTION "cash_journal_append_only"();
