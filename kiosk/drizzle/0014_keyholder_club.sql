CREATE TABLE "door_access_log" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"at" timestamp with time zone NOT NULL,
	"user_id" integer,
	"result" varchar(12) NOT NULL,
	"grant" varchar(12)
);
--> statement-breakpoint
CREATE TABLE "light_overrides" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"table_id" integer NOT NULL,
	"mode" varchar(4) NOT NULL,
	"user_id" integer,
	"during_game" boolean NOT NULL,
	"at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "subscription_products" ADD COLUMN "door_access" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "pool_tables" ADD COLUMN "light_kind" varchar(10);--> statement-breakpoint
ALTER TABLE "pool_tables" ADD COLUMN "light_topic" varchar(100);--> statement-breakpoint
ALTER TABLE "pool_tables" ADD COLUMN "light_mode" varchar(4) DEFAULT 'auto' NOT NULL;--> statement-breakpoint
ALTER TABLE "pool_tables" ADD COLUMN "light_state" varchar(7) DEFAULT 'unknown' NOT NULL;--> statement-breakpoint
ALTER TABLE "door_access_log" ADD CONSTRAINT "door_access_log_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "light_overrides" ADD CONSTRAINT "light_overrides_table_id_pool_tables_id_fk" FOREIGN KEY ("table_id") REFERENCES "public"."pool_tables"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "light_overrides" ADD CONSTRAINT "light_overrides_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "door_access_log_at_idx" ON "door_access_log" USING btree ("at");--> statement-breakpoint
CREATE INDEX "door_access_log_user_idx" ON "door_access_log" USING btree ("user_id","at");--> statement-breakpoint
CREATE INDEX "light_overrides_table_idx" ON "light_overrides" USING btree ("table_id","at");--> statement-breakpoint
ALTER TABLE "pool_tables" ADD CONSTRAINT "pool_tables_light_check" CHECK (("pool_tables"."light_kind" is null) = ("pool_tables"."light_topic" is null));