-- What the runs of a match that were interrupted (a crash) and restarted from the seed spent: their call rows are
-- cleared with their log, but the tokens and money were spent and still count against a tournament's budget.
ALTER TABLE matches ADD COLUMN discarded_tokens INTEGER NOT NULL DEFAULT 0;
ALTER TABLE matches ADD COLUMN discarded_cost_usd DOUBLE PRECISION NOT NULL DEFAULT 0;
