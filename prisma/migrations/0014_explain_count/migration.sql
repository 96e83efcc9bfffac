-- GameBench's Explain(topic) (issue 21, item 1): how many replies of a seat asked to read a rules topic instead of
-- moving. Counted in reply_count as well; the leaderboard's reliability side shows explains per match.
ALTER TABLE seats ADD COLUMN explain_count INTEGER NOT NULL DEFAULT 0;
