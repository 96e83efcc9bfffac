-- Per-seat counts for the leaderboard's reliability columns: moves played and model replies received.
ALTER TABLE seats ADD COLUMN move_count INTEGER NOT NULL DEFAULT 0;
ALTER TABLE seats ADD COLUMN reply_count INTEGER NOT NULL DEFAULT 0;
CREATE INDEX matches_status_finished_at_idx ON matches (status, finished_at);
