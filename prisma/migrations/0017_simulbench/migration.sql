-- SimulBench (issue 22): test scripts extracted from user–simulator dialogues (frozen, in named sets), the targets'
-- judged answers to them, pairwise verdicts in both orders, and people's blind votes. The judge's and the targets'
-- calls after a dialogue (purposes simul-extract, simul-answer, simul-score, simul-compare) are recorded on the
-- dialogue's match like a judge's, without a ply.
ALTER TABLE llm_calls DROP CONSTRAINT llm_calls_ply_check;
ALTER TABLE llm_calls ADD CONSTRAINT llm_calls_ply_check
  CHECK (CASE WHEN purpose = 'judge' OR purpose LIKE 'simul-%' THEN ply IS NULL ELSE ply IS NOT NULL AND ply >= 0 END);

CREATE TABLE simul_scripts (
  id              TEXT PRIMARY KEY,
  set_name        TEXT NOT NULL,
  key             TEXT NOT NULL,
  task            JSONB NOT NULL,
  task_id         TEXT NOT NULL,
  kind            TEXT NOT NULL CHECK (kind IN ('stateless', 'stateful')),
  type            TEXT NOT NULL CHECK (type IN ('last-only', 'first-chan', 'subseq-chan')),
  turn            INTEGER NOT NULL CHECK (turn >= 1),
  history         JSONB NOT NULL,
  source_match_id TEXT REFERENCES matches(id) ON DELETE SET NULL,
  judged_turn     INTEGER,
  judge_error     TEXT,
  created_at      TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
  UNIQUE (set_name, key)
);
CREATE INDEX simul_scripts_source_idx ON simul_scripts (source_match_id);

CREATE TABLE simul_answers (
  id            BIGSERIAL PRIMARY KEY,
  tournament_id TEXT NOT NULL REFERENCES tournaments(id) ON DELETE CASCADE,
  script_id     TEXT NOT NULL REFERENCES simul_scripts(id) ON DELETE CASCADE,
  agent_id      TEXT NOT NULL REFERENCES agents(id),
  text          TEXT,
  error         TEXT,
  score         INTEGER CHECK (score BETWEEN 1 AND 10),
  judge_reason  TEXT,
  judge_error   TEXT,
  created_at    TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
  UNIQUE (tournament_id, script_id, agent_id)
);

CREATE TABLE simul_comparisons (
  id            BIGSERIAL PRIMARY KEY,
  tournament_id TEXT NOT NULL REFERENCES tournaments(id) ON DELETE CASCADE,
  script_id     TEXT NOT NULL REFERENCES simul_scripts(id) ON DELETE CASCADE,
  agent_a       TEXT NOT NULL REFERENCES agents(id),
  agent_b       TEXT NOT NULL REFERENCES agents(id),
  first         TEXT CHECK (first IN ('A', 'B', 'C')),
  second        TEXT CHECK (second IN ('A', 'B', 'C')),
  error         TEXT,
  created_at    TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
  UNIQUE (tournament_id, script_id, agent_a, agent_b)
);

CREATE TABLE simul_votes (
  id            BIGSERIAL PRIMARY KEY,
  tournament_id TEXT NOT NULL REFERENCES tournaments(id) ON DELETE CASCADE,
  script_id     TEXT NOT NULL REFERENCES simul_scripts(id) ON DELETE CASCADE,
  agent_a       TEXT NOT NULL REFERENCES agents(id),
  agent_b       TEXT NOT NULL REFERENCES agents(id),
  shown_first   TEXT NOT NULL,
  choice        TEXT NOT NULL CHECK (choice IN ('a', 'b', 'tie')),
  voter         TEXT NOT NULL,
  created_at    TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
  UNIQUE (tournament_id, script_id, agent_a, agent_b, voter)
);
