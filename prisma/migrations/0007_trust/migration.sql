-- Trust under attack (issue 14, item 4): who people may play, a daily budget for people's games, matches that rate
-- no one, site settings, look-alike name keys and the rate-limit counters shared by every web process.

-- An LLM agent people may pick on the Play page (baselines always may). The demo's simulated agents cost nothing:
-- those that exist already stay playable.
ALTER TABLE agents ADD COLUMN playable boolean NOT NULL DEFAULT false;
UPDATE agents SET playable = true WHERE simulated AND kind = 'llm';

-- US dollars per UTC day that matches with a person in a seat may spend on this provider (null: no cap).
ALTER TABLE providers ADD COLUMN people_daily_budget_usd double precision;

-- False for a match that ended without rating anyone (a person resigned or timed out before a move of their own).
ALTER TABLE matches ADD COLUMN rated boolean NOT NULL DEFAULT true;

-- A person's name as it looks (lib/names.ts: NFKC, case-folded, look-alikes mapped to Latin); null for people
-- created before this migration until the next new name fills it in.
ALTER TABLE people ADD COLUMN name_skeleton text;
CREATE INDEX people_name_skeleton_idx ON people (name_skeleton);

-- Site settings an admin changes at /admin/settings (lib/settings.ts), one row per key.
CREATE TABLE settings (
  key        text PRIMARY KEY,
  value      jsonb NOT NULL,
  updated_at timestamptz NOT NULL DEFAULT now()
);

-- rate-limiter-flexible's counters (lib/rate-limit.ts), in its own layout: key, points used, expiry in epoch ms.
CREATE TABLE rate_limits (
  key    varchar(255) PRIMARY KEY,
  points integer NOT NULL DEFAULT 0,
  expire bigint
);

-- The people's budget sums today's calls per agent: keep that a range scan.
CREATE INDEX llm_calls_agent_id_created_at_idx ON llm_calls (agent_id, created_at);
