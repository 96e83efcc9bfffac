-- Imported results (issue 21, item 3): a named, read-only dataset of matches in GameBench's format, rated on the
-- leaderboard on its own (never mixed with the arena's matches), its agents marked imported, its matches not replayable.
CREATE TABLE datasets (
  id          TEXT PRIMARY KEY,
  name        TEXT NOT NULL UNIQUE,
  format      TEXT NOT NULL,
  source      TEXT,
  match_count INTEGER NOT NULL,
  agents      TEXT[] NOT NULL,
  games       TEXT[] NOT NULL,
  entries     JSONB NOT NULL,
  created_by  TEXT,
  created_at  TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP
);
