-- People who play in the browser (issue 5): each person is their own agent (kind 'human') on the leaderboard.
-- A guest has a name and a cookie; an account adds a password so the name can be reclaimed from another browser.
CREATE TABLE people (
  id            text PRIMARY KEY,
  name          text NOT NULL,
  -- lower(name): names are unique regardless of case
  name_key      text NOT NULL UNIQUE,
  password_hash text,
  agent_id      text NOT NULL UNIQUE REFERENCES agents(id),
  created_at    timestamptz NOT NULL DEFAULT now()
);

CREATE TABLE person_sessions (
  token_hash text PRIMARY KEY,
  person_id  text NOT NULL REFERENCES people(id) ON DELETE CASCADE,
  expires_at timestamptz NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX person_sessions_person_idx ON person_sessions(person_id);

-- Seconds a person has for one move in this match (null: the game's default).
ALTER TABLE matches ADD COLUMN move_seconds integer;
