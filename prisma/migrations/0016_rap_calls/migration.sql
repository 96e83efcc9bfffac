-- RAP (issue 21, item 2): a RAP agent's planning calls (purpose rap-expand, rap-simulate, rap-evaluate) are made for a
-- move, so they carry the move's ply as its own call does; only a judge's calls (after the match) have none.
ALTER TABLE llm_calls DROP CONSTRAINT llm_calls_ply_check;
ALTER TABLE llm_calls ADD CONSTRAINT llm_calls_ply_check
  CHECK (CASE WHEN purpose = 'judge' THEN ply IS NULL ELSE ply IS NOT NULL AND ply >= 0 END);
