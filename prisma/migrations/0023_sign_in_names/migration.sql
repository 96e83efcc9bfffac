-- Sign-in names (issue 35, item 5). Names are compared case-insensitively, so a small "l" reads as a capital "I"
-- ("ENGlNE" is "ENGINE"): lib/names.ts now folds l into i as the last step of a name's skeleton. Skeletons stored
-- before are brought to the same form here (exactly what the new last step does; a null one is filled in by the
-- next new name, as before).
UPDATE people SET name_skeleton = replace(name_skeleton, 'l', 'i') WHERE name_skeleton LIKE '%l%';

-- At most 10 live sessions per person and per admin (lib/people.ts, lib/auth.ts): the expired and the oldest go now;
-- after this, each new session removes what is past the bound.
DELETE FROM person_sessions WHERE expires_at < now() OR token_hash IN (
  SELECT token_hash FROM (
    SELECT token_hash, row_number() OVER (PARTITION BY person_id ORDER BY created_at DESC, token_hash) AS n FROM person_sessions WHERE expires_at >= now()
  ) ranked WHERE n > 10);
DELETE FROM admin_sessions WHERE expires_at < now() OR token_hash IN (
  SELECT token_hash FROM (
    SELECT token_hash, row_number() OVER (PARTITION BY admin_id ORDER BY created_at DESC, token_hash) AS n FROM admin_sessions WHERE expires_at >= now()
  ) ranked WHERE n > 10);
