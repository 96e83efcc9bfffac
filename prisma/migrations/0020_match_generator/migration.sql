-- Each match records the random generator that dealt it (lib/engine/rng.ts). Every match stored before this migration
-- was dealt by the first generator (sfc32 seeded through 32-bit FNV-1a hashes), which now only replays them; new
-- matches are dealt by HMAC-SHA-256 keys and ChaCha20 streams.
ALTER TABLE "matches" ADD COLUMN "generator" TEXT NOT NULL DEFAULT 'sfc32-fnv1a';
ALTER TABLE "matches" ALTER COLUMN "generator" SET DEFAULT 'hmac-sha256-chacha20';
ALTER TABLE "matches" ADD CONSTRAINT "matches_generator_check" CHECK ("generator" IN ('hmac-sha256-chacha20', 'sfc32-fnv1a'));
