CREATE TABLE "subscription_events" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_subscription_id" integer NOT NULL,
	"kind" varchar(12) NOT NULL,
	"at" timestamp with time zone NOT NULL,
	"actor_user_id" integer
);
--> statement-breakpoint
ALTER TABLE "players" ADD COLUMN "subscription_low_notified_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "players" ADD COLUMN "subscription_out_notified_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "subscription_events" ADD CONSTRAINT "subscription_events_user_subscription_id_user_subscriptions_id_fk" FOREIGN KEY ("user_subscription_id") REFERENCES "public"."user_subscriptions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "subscription_events_subscription_idx" ON "subscription_events" USING btree ("user_subscription_id");