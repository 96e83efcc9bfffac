-- Admin accounts and sessions; provider limits and prices; agent versions; tournament control; match run attempts; call costs.
CREATE TABLE admins (
  id            TEXT PRIMARY KEY,
  username      TEXT NOT NULL UNIQUE,
  password_hash TEXT NOT NULL,
  created_at    TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP
);

CREATE TABLE admin_sessions (
  -- sha256 of the cookie's token: a leaked table does not leak sessions.
  token_hash TEXT PRIMARY KEY,
  admin_id   TEXT NOT NULL REFERENCES admins(id) ON DELETE CASCADE,
  expires_at TIMESTAMP(3) NOT NULL,
  created_at TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP
);
CREATE INDEX admin_sessions_admin_id_idx ON admin_sessions (admin_id);

ALTER TABLE providers ADD COLUMN rpm INTEGER;
ALTER TABLE providers ADD COLUMN tpm INTEGER;
ALTER TABLE providers ADD COLUMN max_concurrent INTEGER;
-- US dollars per 1000 tokens; model_prices overrides per model: {"gpt-4o": {"in": 0.0025, "out": 0.01}}.
ALTER TABLE providers ADD COLUMN price_in_per_1k DOUBLE PRECISION NOT NULL DEFAULT 0;
ALTER TABLE providers ADD COLUMN price_out_per_1k DOUBLE PRECISION NOT NULL DEFAULT 0;
ALTER TABLE providers ADD COLUMN model_prices JSONB NOT NULL DEFAULT '{}';

-- An agent's identity (provider, model, settings, scaffold, prompt) never changes: an edit makes a new version.
ALTER TABLE agents ADD COLUMN family_id TEXT;
ALTER TABLE agents ADD COLUMN version INTEGER NOT NULL DEFAULT 1;
ALTER TABLE agents ADD COLUMN retired BOOLEAN NOT NULL DEFAULT false;
UPDATE agents SET family_id = id WHERE family_id IS NULL;
ALTER TABLE agents ALTER COLUMN family_id SET NOT NULL;
-- A first version is its own family.
CREATE FUNCTION agents_default_family() RETURNS trigger AS $$
BEGIN
  NEW.family_id := COALESCE(NEW.family_id, NEW.id);
  RETURN NEW;
END $$ LANGUAGE plpgsql;
CREATE TRIGGER agents_default_family BEFORE INSERT ON agents FOR EACH ROW EXECUTE FUNCTION agents_default_family();
CREATE INDEX agents_family_id_idx ON agents (family_id);

ALTER TABLE tournaments ADD COLUMN stop_reason TEXT;
ALTER TABLE tournaments ADD COLUMN started_at TIMESTAMP(3);
ALTER TABLE tournaments ADD COLUMN finished_at TIMESTAMP(3);
ALTER TABLE tournaments ADD CONSTRAINT tournaments_status_check CHECK (status IN ('running', 'paused', 'finished', 'cancelled'));

-- attempt: which job may run the match (bumped when a match is re-queued), so a stale job never plays it twice.
ALTER TABLE matches ADD COLUMN attempt INTEGER NOT NULL DEFAULT 0;
ALTER TABLE matches DROP CONSTRAINT matches_status_check;
ALTER TABLE matches ADD CONSTRAINT matches_status_check CHECK (status IN ('queued', 'running', 'finished', 'failed', 'cancelled'));
CREATE INDEX matches_tournament_id_status_idx ON matches (tournament_id, status);
DROP INDEX matches_tournament_id_idx;

ALTER TABLE llm_calls ADD COLUMN cost_usd DOUBLE PRECISION;
