-- Per-provider request limits shared by every process on this Postgres (issue 23 item 4; server/llm/shared-limits.ts).
-- Times are milliseconds since the epoch by the database's clock (one clock for every machine).
-- provider_limit_state: one row per limited provider; its row lock serialises grants; cool_until_ms is the shared
-- 429 cool-down. provider_limit_buckets: requests started and tokens reported per time bucket (window / 60), for rpm
-- and tpm over a sliding window of whole buckets. provider_leases: requests in flight (maxConcurrent), each expiring on
-- its own unless renewed, so a dead process's leases lapse.
CREATE TABLE provider_limit_state (
  provider_id   TEXT PRIMARY KEY,
  cool_until_ms BIGINT NOT NULL DEFAULT 0
);

CREATE TABLE provider_limit_buckets (
  provider_id TEXT NOT NULL,
  bucket      BIGINT NOT NULL,
  requests    INTEGER NOT NULL DEFAULT 0,
  tokens      BIGINT NOT NULL DEFAULT 0,
  PRIMARY KEY (provider_id, bucket)
);

CREATE TABLE provider_leases (
  provider_id   TEXT NOT NULL,
  lease_id      TEXT NOT NULL,
  expires_at_ms BIGINT NOT NULL,
  PRIMARY KEY (provider_id, lease_id)
);

-- One grant attempt for up to p_want requests, atomically (the provider's state row is locked until the calling
-- statement commits). First gives back the leases in p_release (requests done since the last call: no extra round
-- trip). Returns {granted, wait}: granted (0..p_want) requests were counted, and when p_max is set each got a lease
-- (p_leases[1..granted]); when granted < p_want, wait says in how many ms to ask again for the rest: positive until
-- the cool-down ends or enough of the window drains; negative when all leases are taken: until the soonest lease
-- expires but at most p_poll_ms, since a release elsewhere is not signalled.
-- A request counts in its bucket [b*B, (b+1)*B) until the end of bucket b + nb, nb = ceil(window / B): never less
-- than the window, so no window of that length ever holds more than p_rpm grants.
CREATE FUNCTION arena_provider_take(p_provider TEXT, p_rpm INTEGER, p_tpm BIGINT, p_max INTEGER, p_window_ms BIGINT,
                                    p_bucket_ms BIGINT, p_want INTEGER, p_leases TEXT[], p_lease_ms BIGINT,
                                    p_poll_ms BIGINT, p_release TEXT[])
RETURNS BIGINT[] LANGUAGE plpgsql AS $$
DECLARE
  now_ms  BIGINT := floor(extract(epoch FROM clock_timestamp()) * 1000)::BIGINT;
  cur     BIGINT := now_ms / p_bucket_ms;
  nb      BIGINT := (p_window_ms + p_bucket_ms - 1) / p_bucket_ms;
  cool    BIGINT;
  live    BIGINT;
  soonest BIGINT;
  used    BIGINT;
  n       BIGINT := p_want;
  wait    BIGINT := 0;
  r       RECORD;
BEGIN
  INSERT INTO provider_limit_state (provider_id) VALUES (p_provider) ON CONFLICT DO NOTHING;
  SELECT cool_until_ms INTO cool FROM provider_limit_state WHERE provider_id = p_provider FOR UPDATE;
  IF cardinality(p_release) > 0 THEN
    DELETE FROM provider_leases WHERE provider_id = p_provider AND lease_id = ANY(p_release);
  END IF;
  IF cool > now_ms THEN
    RETURN ARRAY[0, cool - now_ms];
  END IF;
  IF p_max IS NOT NULL THEN
    DELETE FROM provider_leases WHERE provider_id = p_provider AND expires_at_ms <= now_ms;
    SELECT count(*), min(expires_at_ms) INTO live, soonest FROM provider_leases WHERE provider_id = p_provider;
    IF live + n > p_max THEN
      n := GREATEST(0, p_max - live);
      wait := -GREATEST(1, LEAST(p_poll_ms, soonest - now_ms));
    END IF;
  END IF;
  IF p_rpm IS NOT NULL AND n > 0 THEN
    SELECT coalesce(sum(requests), 0) INTO used FROM provider_limit_buckets
      WHERE provider_id = p_provider AND bucket >= cur - nb;
    IF used + n > p_rpm THEN
      n := GREATEST(0, p_rpm - used);
      -- The rest may go once the window has drained below p_rpm - n requests (at the latest when this bucket leaves it).
      wait := GREATEST(1, (cur + nb + 1) * p_bucket_ms - now_ms);
      FOR r IN SELECT bucket, requests FROM provider_limit_buckets
                WHERE provider_id = p_provider AND bucket >= cur - nb ORDER BY bucket LOOP
        used := used - r.requests;
        IF used < p_rpm - n THEN
          wait := GREATEST(1, (r.bucket + nb + 1) * p_bucket_ms - now_ms);
          EXIT;
        END IF;
      END LOOP;
    END IF;
  END IF;
  IF p_tpm IS NOT NULL AND n > 0 THEN
    SELECT coalesce(sum(tokens), 0) INTO used FROM provider_limit_buckets
      WHERE provider_id = p_provider AND bucket >= cur - nb;
    IF used >= p_tpm THEN
      n := 0;
      FOR r IN SELECT bucket, tokens FROM provider_limit_buckets
                WHERE provider_id = p_provider AND bucket >= cur - nb ORDER BY bucket LOOP
        used := used - r.tokens;
        IF used < p_tpm THEN
          wait := GREATEST(1, (r.bucket + nb + 1) * p_bucket_ms - now_ms);
          EXIT;
        END IF;
      END LOOP;
    END IF;
  END IF;
  IF n > 0 AND p_rpm IS NOT NULL THEN
    INSERT INTO provider_limit_buckets (provider_id, bucket, requests) VALUES (p_provider, cur, n)
      ON CONFLICT (provider_id, bucket) DO UPDATE SET requests = provider_limit_buckets.requests + EXCLUDED.requests;
  END IF;
  IF p_rpm IS NOT NULL OR p_tpm IS NOT NULL THEN
    DELETE FROM provider_limit_buckets WHERE provider_id = p_provider AND bucket < cur - nb;
  END IF;
  IF n > 0 AND p_max IS NOT NULL THEN
    INSERT INTO provider_leases (provider_id, lease_id, expires_at_ms)
      SELECT p_provider, l, now_ms + p_lease_ms FROM unnest(p_leases[1:n]) AS l
      ON CONFLICT (provider_id, lease_id) DO UPDATE SET expires_at_ms = EXCLUDED.expires_at_ms;
  END IF;
  IF n = p_want THEN
    wait := 0;
  END IF;
  RETURN ARRAY[n, wait];
END $$;
