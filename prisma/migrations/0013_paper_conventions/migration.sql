-- The papers' conventions (issue 17) change what three games' settings mean. Matches and tournaments stored before keep
-- the rules they were played (or scheduled) under, so every stored match replays exactly as it was played.

-- 1. Bargain: `maxRounds` counted turns; a round is now both players moving. A stored config keeps its length through
--    `turnLimit` (the old maxRounds, in turns) with maxRounds the rounds those turns span. The old default (10) applied
--    to configs that did not name maxRounds.
UPDATE matches
SET config = config || jsonb_build_object(
  'turnLimit', COALESCE((config->>'maxRounds')::int, 10),
  'maxRounds', (COALESCE((config->>'maxRounds')::int, 10) + 1) / 2)
WHERE game_id = 'bargain' AND jsonb_typeof(config) = 'object' AND NOT (config ? 'turnLimit');

UPDATE tournaments
SET config = jsonb_set(config, '{gameConfigs,bargain}', COALESCE(config->'gameConfigs'->'bargain', '{}'::jsonb) || jsonb_build_object(
  'turnLimit', COALESCE((config->'gameConfigs'->'bargain'->>'maxRounds')::int, 10),
  'maxRounds', (COALESCE((config->'gameConfigs'->'bargain'->>'maxRounds')::int, 10) + 1) / 2))
WHERE config->'gameIds' ? 'bargain' AND jsonb_typeof(config->'gameConfigs') = 'object'
  AND NOT COALESCE(config->'gameConfigs'->'bargain' ? 'turnLimit', false);

UPDATE tournaments
SET config = config || jsonb_build_object('gameConfigs', jsonb_build_object('bargain', jsonb_build_object('turnLimit', 10, 'maxRounds', 5)))
WHERE config->'gameIds' ? 'bargain' AND (config->'gameConfigs' IS NULL OR jsonb_typeof(config->'gameConfigs') <> 'object');

-- 2. Hanabi: points were kept when the last life was lost and a final round followed the empty deck; the paper's
--    convention (zero on loss, end at the last draw) is now the default. Stored configs keep the old one.
UPDATE matches
SET config = config || '{"zeroOnLoss": false, "finalRound": true}'::jsonb
WHERE game_id = 'hanabi' AND jsonb_typeof(config) = 'object' AND NOT (config ? 'zeroOnLoss') AND NOT (config ? 'finalRound');

UPDATE tournaments
SET config = jsonb_set(config, '{gameConfigs,hanabi}', COALESCE(config->'gameConfigs'->'hanabi', '{}'::jsonb) || '{"zeroOnLoss": false, "finalRound": true}'::jsonb)
WHERE config->'gameIds' ? 'hanabi' AND jsonb_typeof(config->'gameConfigs') = 'object'
  AND NOT COALESCE(config->'gameConfigs'->'hanabi' ? 'zeroOnLoss', false);

UPDATE tournaments
SET config = config || jsonb_build_object('gameConfigs', jsonb_build_object('hanabi', '{"zeroOnLoss": false, "finalRound": true}'::jsonb))
WHERE config->'gameIds' ? 'hanabi' AND (config->'gameConfigs' IS NULL OR jsonb_typeof(config->'gameConfigs') <> 'object');

-- 3. Who is the spy: every match was voted sealed (all at once); the spygame preset now votes in turn by default (the
--    paper's Algorithm 1). Stored configs say how they were voted.
UPDATE matches
SET config = config || '{"voting": "sealed"}'::jsonb
WHERE game_id = 'spy' AND jsonb_typeof(config) = 'object' AND NOT (config ? 'voting');

UPDATE tournaments
SET config = jsonb_set(config, '{gameConfigs,spy}', COALESCE(config->'gameConfigs'->'spy', '{}'::jsonb) || '{"voting": "sealed"}'::jsonb)
WHERE config->'gameIds' ? 'spy' AND jsonb_typeof(config->'gameConfigs') = 'object'
  AND NOT COALESCE(config->'gameConfigs'->'spy' ? 'voting', false);

UPDATE tournaments
SET config = config || jsonb_build_object('gameConfigs', jsonb_build_object('spy', '{"voting": "sealed"}'::jsonb))
WHERE config->'gameIds' ? 'spy' AND (config->'gameConfigs' IS NULL OR jsonb_typeof(config->'gameConfigs') <> 'object');
