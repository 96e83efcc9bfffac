// The server's settings, read once from the environment and validated; an error names the variable.
import { z } from 'zod';
import { parseOrigin } from './rooms/origin';

const range = z
  .string()
  .regex(/^\d+(-\d+)?$/, 'use "MS" or "MIN-MAX", e.g. 300-1200')
  .transform((s): [number, number] => {
    const [a, b] = s.split('-').map(Number) as [number, number?];
    return [a, b ?? a];
  });

/** Comma-separated origins ("https://arena.example.org,http://localhost:8080"), each checked. */
const origins = z.string().transform((s, ctx) => {
  const out: string[] = [];
  for (const raw of s
    .split(',')
    .map((x) => x.trim())
    .filter(Boolean)) {
    const o = parseOrigin(raw);
    if (!o) {
      ctx.addIssue({
        code: 'custom',
        message: `"${raw.slice(0, 100)}" is not an origin: write scheme://host[:port] with no path, e.g. https://arena.example.org`,
      });
      return z.NEVER;
    }
    out.push(o);
  }
  return out;
});

const bool = z.enum(['0', '1', 'true', 'false']).transform((v) => v === '1' || v === 'true');

export const configSchema = z.object({
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().default('0.0.0.0'),
  DATABASE_URL: z.string().url().optional(),
  ARENA_DATA_DIR: z.string().default('.arena'),
  ARENA_PG_PORT: z.coerce.number().int().min(1).max(65535).default(54329),
  ARENA_DEMO: bool.default(true),
  ARENA_DEMO_SEEDS_PER_PAIR: z.coerce.number().int().min(1).max(50).default(2),
  ARENA_CONCURRENCY: z.coerce.number().int().min(1).max(1024).default(4),
  /** Matches with a person in a seat, per worker process (they mostly wait for the person). */
  ARENA_PLAY_CONCURRENCY: z.coerce.number().int().min(1).max(10_000).default(100),
  ARENA_BOOTSTRAP_ROUNDS: z.coerce.number().int().min(10).max(100_000).default(1000),
  /** A leaderboard view is recomputed at most every max(this, 2 × its last computation time) while matches keep ending. */
  ARENA_LEADERBOARD_MIN_SECONDS: z.coerce.number().min(0).max(86_400).default(5),
  /** Any leaderboard computation is stopped after this long, with "took longer than N s" (a live view, a dataset's). */
  ARENA_LEADERBOARD_MAX_SECONDS: z.coerce.number().min(1).max(86_400).default(300),
  ARENA_SIM_LATENCY_MS: range.default([300, 1200]),
  ARENA_SIM_PORT: z.coerce.number().int().min(0).max(65535).default(0),
  ARENA_SECRET: z.string().min(16, 'ARENA_SECRET must be at least 16 characters').optional(),
  ARENA_DEV: bool.default(false),
  /** What this process runs: web (pages, sockets), worker (match jobs) or both. Split roles need DATABASE_URL. */
  ARENA_ROLE: z.enum(['all', 'web', 'worker']).default('all'),
  /** Behind a reverse proxy: rate limits key on the client it names in X-Forwarded-For, not on the proxy's address. */
  ARENA_TRUST_PROXY: bool.default(false),
  /**
   * Compress HTTP responses (gzip), read by next.config.js: `0` where a reverse proxy compresses, or where CPU matters
   * more than bytes (the end-to-end tests on two cores: ~19 CPU-seconds of the server's).
   */
  ARENA_COMPRESS: bool.default(true),
  /**
   * Pages on these origins may open the live socket too (the arena's own origin always may): the public address when
   * a reverse proxy rewrites the Host header (server/rooms/origin.ts).
   */
  ARENA_ALLOWED_ORIGINS: origins.default([]),
  /**
   * Multiplies every rate limit on new names and sign-ins (lib/db/rate-limit.ts reads it; checked here at start-up).
   */
  ARENA_RATE_LIMIT_FACTOR: z.coerce.number().positive('ARENA_RATE_LIMIT_FACTOR must be above 0').max(10_000).default(1),
  /** Creates (or resets the password of) the admin account at start-up; without it, /admin offers a first-run setup. */
  ARENA_ADMIN_USER: z
    .string()
    .regex(/^[A-Za-z0-9_.@-]{1,64}$/, 'letters, digits and _ . @ - only')
    .default('admin'),
  ARENA_ADMIN_PASSWORD: z.string().min(8, 'ARENA_ADMIN_PASSWORD needs at least 8 characters').optional(),
  /** How often a worker checks that every open match has a live job and finished tournaments are closed. */
  ARENA_RECONCILE_SECONDS: z.coerce.number().int().min(1).max(3600).default(30),
  /** Further tries after an illegal or unparsable answer (then a random legal move is played, a forfeited turn). */
  ARENA_MAX_RETRIES: z.coerce.number().int().min(0).max(100).default(2),
  /** Time one model or engine has for one answer; running out voids the match. */
  ARENA_MOVE_TIMEOUT_MS: z.coerce.number().int().min(1).max(86_400_000).default(180_000),
  /** Timeout of one HTTP request to a provider (time queued behind its limits included). */
  ARENA_LLM_TIMEOUT_MS: z.coerce.number().int().min(1).max(3_600_000).default(60_000),
  /** Retries of a failed provider request (HTTP errors, timeouts, malformed responses). */
  ARENA_LLM_MAX_RETRIES: z.coerce.number().int().min(0).max(20).default(3),
  /** First wait before re-sending a request whose response was malformed (doubled each retry). */
  ARENA_LLM_BACKOFF_MS: z.coerce.number().int().min(0).max(60_000).default(500),
  /** How much the server logs (server/log.ts): trace, debug, info, warn, error, fatal or silent. */
  ARENA_LOG_LEVEL: z.enum(['trace', 'debug', 'info', 'warn', 'error', 'fatal', 'silent']).default('info'),
  /** `json`: one JSON object per line (for log collectors); `text`: `[arena] …` lines; `auto`: text on a terminal, else JSON. */
  ARENA_LOG_FORMAT: z.enum(['auto', 'json', 'text']).default('auto'),
  /** A listener for Prometheus (`/metrics`, no password: keep it on a private network); unset: none. */
  ARENA_METRICS_PORT: z.coerce.number().int().min(0).max(65535).optional(),
  /** The address the metrics listener binds (default: this machine only). */
  ARENA_METRICS_HOST: z.string().default('127.0.0.1'),
  /** Also serves the metrics on the main port at /api/metrics, to `Authorization: Bearer <this token>`. */
  ARENA_METRICS_TOKEN: z.string().min(16, 'ARENA_METRICS_TOKEN must be at least 16 characters').optional(),
  OPENAI_API_KEY: z.string().optional(),
  OPENAI_BASE_URL: z.string().url().default('https://api.openai.com/v1'),
  OPENAI_MODELS: z
    .string()
    .default('gpt-4o-mini')
    .transform((s) =>
      s
        .split(',')
        .map((m) => m.trim())
        .filter(Boolean),
    ),
});
export type ArenaConfig = z.infer<typeof configSchema>;

/** The settings of an empty environment: every default (what modules use until start-up passes the real ones down). */
export const defaultConfig: ArenaConfig = configSchema.parse({});

/** The match runner's policy settings (server/workers/turn-policy.ts). */
export function runnerSettings(cfg: ArenaConfig): { maxRetries: number; moveTimeoutMs: number } {
  return { maxRetries: cfg.ARENA_MAX_RETRIES, moveTimeoutMs: cfg.ARENA_MOVE_TIMEOUT_MS };
}

/** How provider requests are timed out and retried (server/llm/clients.ts). */
export function llmCallSettings(cfg: ArenaConfig): { timeoutMs: number; maxRetries: number; backoffMs: number } {
  return {
    timeoutMs: cfg.ARENA_LLM_TIMEOUT_MS,
    maxRetries: cfg.ARENA_LLM_MAX_RETRIES,
    backoffMs: cfg.ARENA_LLM_BACKOFF_MS,
  };
}

export function readConfig(env: Record<string, string | undefined> = process.env): ArenaConfig {
  const r = configSchema.safeParse(Object.fromEntries(Object.entries(env).filter(([, v]) => v !== '')));
  if (!r.success) {
    const lines = r.error.issues.map((i) => `  ${i.path.join('.')}: ${i.message}`);
    throw new Error(`invalid configuration:\n${lines.join('\n')}`);
  }
  return r.data;
}
