ALTER TABLE "orders" ADD COLUMN "counter_point_id" integer;--> statement-breakpoint
ALTER TABLE "push_subscriptions" ADD COLUMN "session_id" integer;--> statement-breakpoint
ALTER TABLE "refunds" ADD COLUMN "asking_since" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "user_subscriptions" ADD COLUMN "refunded_minutes" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "push_subscriptions" ADD CONSTRAINT "push_subscriptions_session_id_sessions_id_fk" FOREIGN KEY ("session_id") REFERENCES "public"."sessions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "push_subscriptions_session_idx" ON "push_subscriptions" USING btree ("session_id");