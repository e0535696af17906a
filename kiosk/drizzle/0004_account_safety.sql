-- A link mailed to an address proves that address only: it works while the account still
-- has that address. Links issued before this column existed name no address and stop working.
ALTER TABLE "one_time_tokens" ADD COLUMN "email" varchar(255);
