-- How people's games count (lib/people-rating.ts, the arena's own rule; issue 35).
-- A person's game that ends for real records the rule's verdict as soon as it is taken, under the person's lock
-- (server/workers/people-verdict.ts): a match still running whose verdict is "counts" holds its place against its
-- agents, so two of one person's games ending together cannot both take the last one. Null: no verdict (no person, a
-- game given up too soon, a game the rule does not judge, or a match finished before this migration).
ALTER TABLE "matches" ADD COLUMN "people_counted" BOOLEAN;

-- A game a person gave up (resigned, or lost on time: either leaves a `resign` event of their seat) before 5 moves of
-- their own (PEOPLE_RULE.fairShareMoves; forfeited turns are not theirs) rates no one. Until now only a game given up
-- before any move of their own did; the finished games given up after 1 to 4 are checked again here, so an arena that
-- was farmed that way (a throwaway guest resigning after one move, many times) heals on upgrade. The outcome stays as
-- it was; the reason goes where the runner puts it (result.unrated).
UPDATE "matches" AS m
SET "rated" = false,
    "result" = m."result" || jsonb_build_object('unrated',
      r.name || ' gave up after ' || r.own || CASE WHEN r.own = 1 THEN ' move' ELSE ' moves' END
        || ' of their own (a game given up counts from 5), so this match rates no one')
FROM (
  SELECT DISTINCT ON (s.match_id) s.match_id, a.name, s.move_count - s.forfeit_count AS own
  FROM "seats" s JOIN "agents" a ON a.id = s.agent_id
  WHERE a.kind = 'human' AND s.move_count - s.forfeit_count BETWEEN 1 AND 4
    AND EXISTS (SELECT 1 FROM "match_events" e WHERE e.match_id = s.match_id AND e.kind = 'resign' AND e.seat = s.seat)
  ORDER BY s.match_id, s.seat
) AS r
WHERE m.id = r.match_id AND m.status = 'finished' AND m.rated AND m.result IS NOT NULL;
