-- One model call (issue 16, item 6): what a call was for is a column, `purpose`, not a magic ply. Players' calls are
-- `move` (with the move's ply); the consistency judge's calls, stored until now with ply -1, are `judge`, with no ply:
-- a judge scores a statement after the match, at no move (lib/exports.ts, CallPurpose).
ALTER TABLE llm_calls ADD COLUMN purpose TEXT NOT NULL DEFAULT 'move';
ALTER TABLE llm_calls ALTER COLUMN ply DROP NOT NULL;
UPDATE llm_calls SET purpose = 'judge', ply = NULL WHERE ply = -1;
-- A move call has its move's index; any other call has none.
ALTER TABLE llm_calls ADD CONSTRAINT llm_calls_ply_check
  CHECK (CASE WHEN purpose = 'move' THEN ply IS NOT NULL AND ply >= 0 ELSE ply IS NULL END);
