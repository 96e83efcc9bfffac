-- The rules a publication run rated (server/leaderboard/data.ts `loadRules`): { filter, rules }. Runs before this
-- column rated every rules version of their games pooled; NULL says so.
ALTER TABLE "publication_runs" ADD COLUMN "rules" JSONB;
