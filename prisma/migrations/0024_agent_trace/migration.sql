-- A reply's record of how its agent decided is a generic trace named by its scaffold (lib/engine/events.ts): RAP's
-- search trees, stored under `search` before, move to `trace` = { scaffold: 'rap', data: <the tree> }.
UPDATE "match_events"
SET "payload" = ("payload" - 'search') || jsonb_build_object('trace', jsonb_build_object('scaffold', 'rap', 'data', "payload" -> 'search'))
WHERE "kind" = 'reply' AND "payload" ? 'search';
