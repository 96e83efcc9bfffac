-- Every match records the protocol it was played under (lib/match-protocol.ts): the game's version and
-- named settings, its agents' protocols, the generator, the data sets' and judge prompts' versions. The key is computed
-- here from the stored value (lib/match-protocol.ts `protocolKey` computes the same from the object).
ALTER TABLE "matches" ADD COLUMN "protocol" JSONB;
ALTER TABLE "matches" ADD COLUMN "protocol_key" TEXT GENERATED ALWAYS AS (left(md5("protocol"::text), 16)) STORED;
CREATE INDEX "matches_protocol_key_idx" ON "matches" ("protocol_key");

-- Stored matches get the versions they were played under: every game is at version 1 and every data set and judge
-- prompt at its first version (none has changed since it was versioned); their agents as the agent rows store them.
-- The named settings of each game as of this migration (its defaults, presets and demo settings, every default filled
-- in), written out by lib/match-protocol.ts's rules: a stored config with the defaults filled in that equals one of
-- them is that preset, any other is `custom` with the config kept.
CREATE TEMPORARY TABLE protocol_named (game_id TEXT, version INT, label TEXT, ord INT, config JSONB, data JSONB, judgeable BOOLEAN) ON COMMIT DROP;
INSERT INTO protocol_named VALUES
  ('tictactoe', 1, 'defaults', 0, '{}'::jsonb, '{}'::jsonb, false),
  ('connect-four', 1, 'defaults', 0, '{}'::jsonb, '{}'::jsonb, false),
  ('holdem', 1, 'defaults', 0, '{"startingChips":100,"smallBlind":1,"bigBlind":2,"hands":1,"openCards":false}'::jsonb, '{}'::jsonb, false),
  ('bargain', 1, 'defaults', 0, '{"maxRounds":10,"total":10}'::jsonb, '{}'::jsonb, false),
  ('bid', 1, 'defaults', 0, '{"auctions":3,"maxValue":100}'::jsonb, '{}'::jsonb, false),
  ('hanabi', 1, 'defaults', 0, '{"colors":2,"handSize":2,"infoTokens":3,"lifeTokens":1,"zeroOnLoss":true,"finalRound":false}'::jsonb, '{}'::jsonb, false),
  ('hanabi', 1, 'points kept, final round', 1, '{"colors":2,"handSize":2,"infoTokens":3,"lifeTokens":1,"zeroOnLoss":false,"finalRound":true}'::jsonb, '{}'::jsonb, false),
  ('spy', 1, 'defaults', 0, '{"preset":"spygame","spies":1,"naming":"numbered","lang":"en","shuffleSpeaking":true,"shuffleOptions":true,"probes":true,"contentFree":false,"blind":false}'::jsonb, '{"keywords":"2026.11-1"}'::jsonb, true),
  ('spy', 1, 'calibration run', 1, '{"preset":"spygame","spies":1,"naming":"first-names","lang":"en","shuffleSpeaking":true,"shuffleOptions":true,"probes":true,"contentFree":true,"blind":false}'::jsonb, '{"keywords":"2026.11-1"}'::jsonb, true),
  ('deep', 1, 'defaults', 0, '{"words":3,"lang":"any","blind":false}'::jsonb, '{"words":"2026.11-1"}'::jsonb, false),
  ('holdem-risk', 1, 'defaults', 0, '{"spots":100}'::jsonb, '{"spots":"holdem-risk-v1"}'::jsonb, false),
  ('holdem-risk', 1, 'demo', 1, '{"spots":10}'::jsonb, '{"spots":"holdem-risk-v1"}'::jsonb, false),
  ('hive', 1, 'defaults', 0, '{"maxTurns":250,"beetles":2}'::jsonb, '{}'::jsonb, false),
  ('hive', 1, 'demo', 1, '{"maxTurns":24,"beetles":2}'::jsonb, '{}'::jsonb, false),
  ('sea-battle', 1, 'defaults', 0, '{"size":24,"rocks":14,"sinkAt":10,"maxTurns":50}'::jsonb, '{}'::jsonb, false),
  ('sea-battle', 1, 'demo', 1, '{"size":24,"rocks":14,"sinkAt":10,"maxTurns":12}'::jsonb, '{}'::jsonb, false),
  ('santorini', 1, 'defaults', 0, '{}'::jsonb, '{}'::jsonb, false),
  ('pit', 1, 'defaults', 0, '{"targetScore":500,"maxTurns":150,"cornerSize":6}'::jsonb, '{}'::jsonb, false),
  ('pit', 1, 'demo', 1, '{"targetScore":200,"maxTurns":40,"cornerSize":6}'::jsonb, '{}'::jsonb, false),
  ('arctic-scavengers', 1, 'defaults', 0, '{"rounds":6}'::jsonb, '{}'::jsonb, false),
  ('two-rooms', 1, 'defaults', 0, '{"rounds":3}'::jsonb, '{}'::jsonb, false),
  ('air-land-sea', 1, 'defaults', 0, '{"targetVp":12}'::jsonb, '{}'::jsonb, false),
  ('are-you-the-traitor', 1, 'defaults', 0, '{"targetPoints":10,"talkLaps":3,"maxRounds":20}'::jsonb, '{}'::jsonb, false),
  ('are-you-the-traitor', 1, 'demo', 1, '{"targetPoints":7,"talkLaps":2,"maxRounds":20}'::jsonb, '{}'::jsonb, false),
  ('codenames', 1, 'defaults', 0, '{"spectatorsSeeKey":true}'::jsonb, '{"words":"2026.1","associations":"2026.1"}'::jsonb, false),
  ('simulbench', 1, 'defaults', 0, '{"turns":4,"sampling":{"user":{"temperature":1.2,"maxTokens":300},"simulator":{"temperature":0,"maxTokens":1024}}}'::jsonb, '{"tasks":"2026-11-1"}'::jsonb, false),
  ('simulbench', 1, 'demo', 1, '{"turns":3,"sampling":{"user":{"temperature":1.2,"maxTokens":300},"simulator":{"temperature":0,"maxTokens":1024}}}'::jsonb, '{"tasks":"2026-11-1"}'::jsonb, false),
  ('hidden-number', 1, 'defaults', 0, '{}'::jsonb, '{}'::jsonb, false);

WITH filled AS (
  SELECT m.id, d.game_id, d.version, d.data, d.judgeable, m.generator, m.tournament_id,
    d.config || CASE WHEN jsonb_typeof(m.config) = 'object' THEN m.config ELSE '{}'::jsonb END AS config
  FROM matches m JOIN protocol_named d ON d.game_id = m.game_id AND d.label = 'defaults'
  WHERE m.protocol IS NULL
), agents AS (
  SELECT match_id, jsonb_agg(name ORDER BY name COLLATE "C") AS agents FROM (SELECT DISTINCT s.match_id, p.name
  FROM seats s JOIN agents a ON a.id = s.agent_id
  CROSS JOIN LATERAL (SELECT CASE a.kind
    WHEN 'human' THEN 'person'
    WHEN 'llm' THEN COALESCE(a.scaffold, 'base') || '/' || COALESCE(a.prompt_version, 'unversioned')
      || CASE WHEN a.settings->'rulesUpfront' = 'true'::jsonb THEN '+rules-upfront' ELSE '' END
      || CASE WHEN a.settings->'vision' = 'true'::jsonb THEN '+vision' ELSE '' END
      || COALESCE((SELECT string_agg('+' || sw, '' ORDER BY sw COLLATE "C")
         FROM jsonb_array_elements_text(CASE WHEN jsonb_typeof(a.settings->'promptSwitches') = 'array'
           THEN a.settings->'promptSwitches' ELSE '[]'::jsonb END) sw), '')
    ELSE a.kind END AS name) p) d
  GROUP BY match_id
)
UPDATE matches m
SET protocol = jsonb_build_object(
    'game', f.game_id,
    'version', f.version,
    'preset', COALESCE(n.label, 'custom'),
    'agents', COALESCE(ag.agents, '[]'::jsonb),
    'generator', f.generator,
    'data', f.data,
    'judges', CASE
      WHEN t.config->>'format' = 'simulbench' THEN jsonb_build_object(
        'simulbench-extract', 'simulbench-extract-1', 'simulbench-score', 'simulbench-score-1',
        'simulbench-compare', 'simulbench-compare-1', 'simulbench-scripts', '1')
      WHEN f.judgeable AND t.config->>'judgeId' IS NOT NULL THEN '{"consistency": "consistency-1"}'::jsonb
      ELSE '{}'::jsonb END)
  || CASE WHEN n.label IS NULL THEN jsonb_build_object('config', f.config) ELSE '{}'::jsonb END
FROM filled f
LEFT JOIN agents ag ON ag.match_id = f.id
LEFT JOIN tournaments t ON t.id = f.tournament_id
LEFT JOIN LATERAL (SELECT label FROM protocol_named n WHERE n.game_id = f.game_id AND n.config = f.config
  ORDER BY n.ord LIMIT 1) n ON true
WHERE m.id = f.id;
