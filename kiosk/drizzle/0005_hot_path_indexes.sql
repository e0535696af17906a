-- The seated players of each game: the table list counts them on every GET /v1/table/all and
-- every table event, and without this it reads every player row ever written.
CREATE INDEX IF NOT EXISTS "players_seated_game_idx" ON "players" USING btree ("game_id") WHERE "players"."status" = 'joined';--> statement-breakpoint
-- A host's guests: each leave looks up the guests it bills.
CREATE INDEX IF NOT EXISTS "players_guest_of_idx" ON "players" USING btree ("guest_of") WHERE "players"."guest_of" is not null;
