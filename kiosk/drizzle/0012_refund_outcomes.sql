ALTER TABLE "refunds" ADD COLUMN "asking_since" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "user_subscriptions" ADD COLUMN "refunded_minutes" integer DEFAULT 0 NOT NULL;