-- Judged statements (issue 7): a judge agent's verdict on each description of a finished Who-is-the-spy match, is it
-- consistent with its speaker's own word. One row per match, statement and judge; asked again only when missing.
CREATE TABLE judgments (
  id         bigserial PRIMARY KEY,
  match_id   text NOT NULL REFERENCES matches(id) ON DELETE CASCADE,
  item       integer NOT NULL,
  seat       integer NOT NULL,
  judge_id   text NOT NULL REFERENCES agents(id),
  score      integer CHECK (score BETWEEN 1 AND 5),
  consistent boolean,
  reason     text,
  error      text,
  created_at timestamptz NOT NULL DEFAULT now(),
  UNIQUE (match_id, item, judge_id)
);
