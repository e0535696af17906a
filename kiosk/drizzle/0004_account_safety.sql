-- A link mailed to an address proves that address only: it works while the account still
-- has that address. Links issued before this column existed name no address and stop working.
ALTER TABLE "one_time_tokens" ADD COLUMN "email" varchar(255);
--> statement-breakpoint
-- Sums of money in 64 bits: a full cart of the dearest things passes what 32 bits hold.
ALTER TABLE "orders" ALTER COLUMN "subtotal" SET DATA TYPE bigint;--> statement-breakpoint
ALTER TABLE "orders" ALTER COLUMN "discount_amount" SET DATA TYPE bigint;--> statement-breakpoint
ALTER TABLE "orders" ALTER COLUMN "total" SET DATA TYPE bigint;--> statement-breakpoint
ALTER TABLE "order_items" ALTER COLUMN "unit_price" SET DATA TYPE bigint;--> statement-breakpoint
ALTER TABLE "order_items" ALTER COLUMN "total" SET DATA TYPE bigint;--> statement-breakpoint
ALTER TABLE "payments" ALTER COLUMN "amount" SET DATA TYPE bigint;
--> statement-breakpoint
-- A transfer waits for the receiver's yes: until then the order stays the sender's.
ALTER TABLE "orders" ADD COLUMN "transfer_to_user_id" integer;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "transfer_requested_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_transfer_to_user_id_users_id_fk" FOREIGN KEY ("transfer_to_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "orders_transfer_to_idx" ON "orders" USING btree ("transfer_to_user_id") WHERE "orders"."transfer_to_user_id" is not null;
