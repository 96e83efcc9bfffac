-- Initial schema: providers, agents, tournaments, matches, seats, events, LLM call records.
CREATE TABLE providers (
  id          TEXT PRIMARY KEY,
  name        TEXT NOT NULL UNIQUE,
  base_url    TEXT NOT NULL,
  models      TEXT[] NOT NULL DEFAULT '{}',
  api_key_enc TEXT,
  simulated   BOOLEAN NOT NULL DEFAULT false,
  created_at  TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP
);

CREATE TABLE agents (
  id             TEXT PRIMARY KEY,
  name           TEXT NOT NULL UNIQUE,
  kind           TEXT NOT NULL CHECK (kind IN ('random', 'engine', 'llm', 'human')),
  provider_id    TEXT REFERENCES providers(id),
  model          TEXT,
  temperature    DOUBLE PRECISION,
  max_tokens     INTEGER,
  scaffold       TEXT,
  prompt_version TEXT,
  settings       JSONB NOT NULL DEFAULT '{}',
  simulated      BOOLEAN NOT NULL DEFAULT false,
  created_at     TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP
);

CREATE TABLE tournaments (
  id         TEXT PRIMARY KEY,
  name       TEXT NOT NULL,
  status     TEXT NOT NULL DEFAULT 'running',
  config     JSONB NOT NULL DEFAULT '{}',
  created_at TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP
);

CREATE TABLE matches (
  id             TEXT PRIMARY KEY,
  tournament_id  TEXT REFERENCES tournaments(id),
  game_id        TEXT NOT NULL,
  config         JSONB NOT NULL DEFAULT '{}',
  seed           TEXT NOT NULL,
  status         TEXT NOT NULL DEFAULT 'queued' CHECK (status IN ('queued', 'running', 'finished', 'failed')),
  num_players    INTEGER NOT NULL,
  last_seq       INTEGER NOT NULL DEFAULT 0,
  result         JSONB,
  failure_reason TEXT,
  created_at     TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
  started_at     TIMESTAMP(3),
  finished_at    TIMESTAMP(3)
);
CREATE INDEX matches_status_created_at_idx ON matches (status, created_at);
CREATE INDEX matches_tournament_id_idx ON matches (tournament_id);

CREATE TABLE seats (
  match_id      TEXT NOT NULL REFERENCES matches(id) ON DELETE CASCADE,
  seat          INTEGER NOT NULL,
  agent_id      TEXT NOT NULL REFERENCES agents(id),
  score         DOUBLE PRECISION,
  outcome       TEXT,
  illegal_count INTEGER NOT NULL DEFAULT 0,
  forfeit_count INTEGER NOT NULL DEFAULT 0,
  PRIMARY KEY (match_id, seat)
);
CREATE INDEX seats_agent_id_idx ON seats (agent_id);

CREATE TABLE match_events (
  id         BIGSERIAL PRIMARY KEY,
  match_id   TEXT NOT NULL REFERENCES matches(id) ON DELETE CASCADE,
  seq        INTEGER NOT NULL,
  kind       TEXT NOT NULL,
  seat       INTEGER,
  payload    JSONB NOT NULL DEFAULT '{}',
  visible_to INTEGER[] NOT NULL DEFAULT '{}',
  created_at TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
  UNIQUE (match_id, seq)
);

CREATE TABLE llm_calls (
  id            BIGSERIAL PRIMARY KEY,
  match_id      TEXT NOT NULL REFERENCES matches(id) ON DELETE CASCADE,
  seat          INTEGER NOT NULL,
  ply           INTEGER NOT NULL,
  attempt       INTEGER NOT NULL,
  agent_id      TEXT NOT NULL,
  model         TEXT NOT NULL,
  messages      JSONB NOT NULL,
  reply         TEXT,
  parsed_action JSONB,
  error         TEXT,
  tokens_in     INTEGER,
  tokens_out    INTEGER,
  latency_ms    INTEGER NOT NULL,
  created_at    TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP
);
CREATE INDEX llm_calls_match_id_idx ON llm_calls (match_id);
