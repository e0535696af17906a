-- Roles already sharing a name keep the first one's; each later one gets its id after the name.
UPDATE "roles" SET "name" = left("name", 88) || ' (' || "id" || ')'
WHERE EXISTS (
  SELECT 1 FROM "roles" AS "first"
  WHERE "first"."id" < "roles"."id"
    AND lower(regexp_replace("first"."name", '\s+', ' ', 'g')) = lower(regexp_replace("roles"."name", '\s+', ' ', 'g'))
);--> statement-breakpoint
CREATE UNIQUE INDEX "roles_name_key" ON "roles" USING btree (lower(regexp_replace("name", '\s+', ' ', 'g')));