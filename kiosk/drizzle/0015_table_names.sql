-- Tables already sharing a name keep the first one's; each later one gets its id after the name.
UPDATE "pool_tables" SET "name" = left("name", 88) || ' (' || "id" || ')'
WHERE "deleted_at" IS NULL AND EXISTS (
  SELECT 1 FROM "pool_tables" AS "first"
  WHERE "first"."deleted_at" IS NULL AND "first"."id" < "pool_tables"."id"
    AND lower(regexp_replace("first"."name", '\s+', ' ', 'g')) = lower(regexp_replace("pool_tables"."name", '\s+', ' ', 'g'))
);--> statement-breakpoint
CREATE UNIQUE INDEX "pool_tables_name_key" ON "pool_tables" USING btree (lower(regexp_replace("name", '\s+', ' ', 'g'))) WHERE "pool_tables"."deleted_at" is null;