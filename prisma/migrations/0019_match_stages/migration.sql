-- A match of a tournament with stages after play (a judge, SimulBench's scripts/answers/ratings) is claimed with
-- stages_pending = true and cleared by its worker once those stages have run: the tournament does not end while any
-- of its matches is still being judged (another worker's match could otherwise settle it first).
ALTER TABLE "matches" ADD COLUMN "stages_pending" BOOLEAN NOT NULL DEFAULT false;
CREATE INDEX "matches_tournament_stages_idx" ON "matches" ("tournament_id") WHERE "stages_pending";
