-- Plain results (issue 15, item 12): an admin archives an agent (retired, hidden from the admin's lists, no longer
-- offered) while its matches and ratings stay; an agent that never played can be deleted instead.
ALTER TABLE agents ADD COLUMN archived_at TIMESTAMP(3);
