-- Return receipts are counted per print like sales receipts: the first is the original, the rest copies.
CREATE TABLE "return_receipt_prints" (
	"journal_id" bigint PRIMARY KEY NOT NULL REFERENCES "cash_journal"("id"),
	"count" integer NOT NULL
);
