-- Publication runs (issue 17, item 14): GameBench's estimate (Eq. 3, the mean of B = 10,000 game-weighted bootstrap
-- fits) for one leaderboard view, requested by an admin, computed in the background and kept across restarts.
CREATE TABLE publication_runs (
  id              TEXT PRIMARY KEY,
  view_key        TEXT NOT NULL,
  game_id         TEXT,
  category        TEXT,
  humans          TEXT NOT NULL,
  game_ids        TEXT[] NOT NULL,
  scheme          TEXT NOT NULL DEFAULT 'game-weighted',
  rounds          INTEGER NOT NULL CHECK (rounds > 0),
  rounds_done     INTEGER NOT NULL DEFAULT 0 CHECK (rounds_done >= 0 AND rounds_done <= rounds),
  seed            TEXT NOT NULL,
  status          TEXT NOT NULL DEFAULT 'running' CHECK (status IN ('running', 'done', 'failed')),
  matches_used    INTEGER,
  finished_count  INTEGER,
  anchor_agent_id TEXT,
  result          JSONB,
  error           TEXT,
  requested_by    TEXT,
  created_at      TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
  heartbeat_at    TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
  finished_at     TIMESTAMP(3)
);
CREATE INDEX publication_runs_view_key_created_at_idx ON publication_runs (view_key, created_at);
-- One run at a time per view: a second request while one runs is refused (server/leaderboard/publication.ts).
CREATE UNIQUE INDEX publication_runs_one_running_idx ON publication_runs (view_key) WHERE status = 'running';
