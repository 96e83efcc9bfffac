-- Every number agrees (issue 15, item 2): a side that wins is a win for each of its seats. Results now carry each
-- seat's side (`result.teams`) and seats.outcome is computed by side (lib/outcomes.ts); this data migration gives
-- matches finished before it the same: Who is the spy's villagers who won were stored as draws.

-- 1. Who is the spy: each seat's role, from the scores (the winning side's seats score > 0, the others 0; spies are
--    fewer than half the seats, so the winning side is the villagers exactly when it holds more than half). A match a
--    person gave up: the seat that resigned against the others, who won together.
UPDATE matches m SET result = jsonb_set(m.result, '{teams}', t.teams)
FROM (
  SELECT x.match_id, jsonb_agg(
      CASE
        WHEN x.resigned THEN CASE WHEN x.score > 0 THEN 'others' ELSE 'resigned' END
        WHEN (x.score > 0) = (x.winners * 2 > x.n) THEN 'villager'
        ELSE 'spy'
      END ORDER BY x.seat) AS teams
  FROM (
    SELECT s.match_id, s.seat, COALESCE(s.score, 0) AS score,
      COUNT(*) FILTER (WHERE COALESCE(s.score, 0) > 0) OVER (PARTITION BY s.match_id) AS winners,
      COUNT(*) OVER (PARTITION BY s.match_id) AS n,
      EXISTS (SELECT 1 FROM match_events e WHERE e.match_id = s.match_id AND e.kind = 'resign') AS resigned
    FROM seats s JOIN matches sm ON sm.id = s.match_id
    WHERE sm.game_id = 'spy' AND sm.status = 'finished' AND sm.result IS NOT NULL AND NOT (sm.result ? 'teams')
  ) x
  GROUP BY x.match_id
) t
WHERE m.id = t.match_id;

-- 2. Hanabi (cooperative): every seat is one team.
UPDATE matches SET result = jsonb_set(result, '{teams}', (SELECT jsonb_agg('team'::text) FROM generate_series(1, num_players)))
WHERE game_id = 'hanabi' AND status = 'finished' AND result IS NOT NULL AND NOT (result ? 'teams');

-- 3. seats.outcome by side for every finished match with sides: the side with the strictly highest summed score
--    wins (each of its seats), sides tied at the top draw, the others lose; a match of one side is `shared`.
WITH sided AS (
  SELECT s.match_id, s.seat, COALESCE('team:' || (m.result->'teams'->>s.seat), '#' || s.seat) AS side, COALESCE(s.score, 0) AS score
  FROM seats s JOIN matches m ON m.id = s.match_id
  WHERE m.status = 'finished' AND m.result ? 'teams'
), totals AS (
  SELECT match_id, side, SUM(score) AS total FROM sided GROUP BY match_id, side
), tops AS (
  SELECT match_id, MAX(total) AS best, COUNT(*) AS sides FROM totals GROUP BY match_id
), placed AS (
  SELECT t.match_id, t.side,
    CASE
      WHEN p.sides < 2 THEN 'shared'
      WHEN abs(t.total - p.best) >= 1e-9 THEN 'loss'
      WHEN (SELECT COUNT(*) FROM totals o WHERE o.match_id = t.match_id AND abs(o.total - p.best) < 1e-9) > 1 THEN 'draw'
      ELSE 'win'
    END AS outcome
  FROM totals t JOIN tops p ON p.match_id = t.match_id
)
UPDATE seats SET outcome = placed.outcome
FROM sided JOIN placed ON placed.match_id = sided.match_id AND placed.side = sided.side
WHERE seats.match_id = sided.match_id AND seats.seat = sided.seat AND seats.outcome IS DISTINCT FROM placed.outcome;
