// The process's Prometheus metrics (prom-client): what to alert on and what to scale for. Served by `metricsHandler`
// on ARENA_METRICS_PORT (`/metrics`, for a scraper on a private network) and, with ARENA_METRICS_TOKEN, on the main
// port at `/api/metrics` (a bearer token: the main port faces the internet).
import { timingSafeEqual, createHash } from 'node:crypto';
import http from 'node:http';
import { Counter, Gauge, Histogram, Registry, collectDefaultMetrics } from 'prom-client';

export const registry = new Registry();
collectDefaultMetrics({ register: registry });

/** Matches by status in the database (every process sees the same numbers: the queue is shared). */
export const matchesGauge = new Gauge({
  name: 'arena_matches',
  help: 'Matches in the database by status (queued, running, failed), read at scrape time (cached 5 s)',
  labelNames: ['status'] as const,
  registers: [registry],
});

/** Matches this process's workers played to an end. */
export const matchRuns = new Counter({
  name: 'arena_match_runs_total',
  help: 'Matches this process ran to an end, by result (finished, failed)',
  labelNames: ['result'] as const,
  registers: [registry],
});

/** One HTTP request to a model provider (each try of a call), by provider host. */
export const modelCallSeconds = new Histogram({
  name: 'arena_model_call_seconds',
  help: 'Latency of requests to model providers, per provider (host of its base URL)',
  labelNames: ['provider'] as const,
  buckets: [0.1, 0.25, 0.5, 1, 2, 4, 8, 15, 30, 60, 120],
  registers: [registry],
});

export const modelCallErrors = new Counter({
  name: 'arena_model_call_errors_total',
  help: 'Requests to model providers that failed (HTTP error, timeout, malformed answer), per provider',
  labelNames: ['provider'] as const,
  registers: [registry],
});

/** From an event's creation to its hand-over for broadcast: to this process's hub, or (a worker-only process) the relay. */
export const deliveryLagSeconds = new Histogram({
  name: 'arena_event_delivery_lag_seconds',
  help: "Time from a match event's creation to its hand-over for broadcast (this process's viewers, or the relay to web processes)",
  buckets: [0.001, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5],
  registers: [registry],
});

export const socketConnections = new Gauge({
  name: 'arena_socket_connections',
  help: 'Open socket.io connections to this process',
  registers: [registry],
});

export const leaderboardAgeSeconds = new Gauge({
  name: 'arena_leaderboard_age_seconds',
  help: "Age of this process's newest leaderboard computation (absent before the first)",
  registers: [registry],
});

export const leaderboardHeldMatches = new Gauge({
  name: 'arena_leaderboard_held_matches',
  help: "Matches the leaderboard's worker thread keeps in memory over all live views (bounded: view-store.ts), as it last said",
  registers: [registry],
});

/** A provider's label: the host of its base URL (a handful per arena; never a key or a path). */
export function providerLabel(baseUrl: string): string {
  try {
    return new URL(baseUrl).host || 'unknown';
  } catch {
    return 'unknown';
  }
}

/** Readings taken at scrape time, each from its owner (main.ts wires them); a failing one leaves its metric as it was. */
export interface Collectors {
  matchCounts?: () => Promise<Record<string, number>>;
  sockets?: () => number;
  leaderboardComputedAt?: () => Date | null;
  leaderboardHeld?: () => { views: number; matches: number } | null;
}

const CACHE_MS = 5_000;

/** Wires the scrape-time readings. Returns the function that refreshes them (called before each scrape). */
export function collectFrom(c: Collectors): () => Promise<void> {
  let countsAt = 0;
  return async () => {
    if (c.sockets) socketConnections.set(c.sockets());
    const at = c.leaderboardComputedAt?.();
    if (at) leaderboardAgeSeconds.set((Date.now() - at.getTime()) / 1000);
    const held = c.leaderboardHeld?.();
    if (held) leaderboardHeldMatches.set(held.matches);
    if (c.matchCounts && Date.now() - countsAt >= CACHE_MS) {
      countsAt = Date.now();
      try {
        const counts = await c.matchCounts();
        for (const s of ['queued', 'running', 'failed']) matchesGauge.set({ status: s }, counts[s] ?? 0);
      } catch {
        // The database is away: the scrape still answers (process metrics), the counts keep their last values.
      }
    }
  };
}

const digest = (s: string) => createHash('sha256').update(s).digest();

/** True when the request carries `Authorization: Bearer <token>` (compared in constant time). */
export function bearerMatches(header: string | undefined, token: string): boolean {
  const m = /^Bearer\s+(.+)$/i.exec(header ?? '');
  return !!m && timingSafeEqual(digest(m[1]!.trim()), digest(token));
}

/**
 * Answers a scrape. `token`: when set, the request must carry it as a bearer token (the main port); null on the
 * private metrics port.
 */
export async function metricsHandler(
  req: http.IncomingMessage,
  res: http.ServerResponse,
  refresh: () => Promise<void>,
  token: string | null,
): Promise<void> {
  if (req.method !== 'GET' && req.method !== 'HEAD') {
    res.writeHead(405, { 'content-type': 'text/plain; charset=utf-8', allow: 'GET, HEAD' }).end('metrics: use GET\n');
    return;
  }
  if (token !== null && !bearerMatches(req.headers.authorization, token)) {
    res
      .writeHead(401, { 'content-type': 'text/plain; charset=utf-8', 'www-authenticate': 'Bearer' })
      .end('metrics: send "Authorization: Bearer <ARENA_METRICS_TOKEN>"\n');
    return;
  }
  await refresh();
  const body = await registry.metrics();
  res.writeHead(200, { 'content-type': registry.contentType, 'cache-control': 'no-store' });
  res.end(req.method === 'HEAD' ? undefined : body);
}

/**
 * The private metrics listener (ARENA_METRICS_PORT): `/metrics`, and `/health` (the database check, as `/api/health` on
 * the main port: a worker-only process has no other). Resolves with its address once listening.
 */
export function startMetricsServer(
  port: number,
  host: string,
  refresh: () => Promise<void>,
  health: () => Promise<{ ok: boolean }>,
): Promise<{ url: string; close: () => Promise<void> }> {
  const server = http.createServer((req, res) => {
    const path = (req.url ?? '').split('?')[0];
    if (path === '/health') {
      void health().then((h) =>
        res
          .writeHead(h.ok ? 200 : 503, { 'content-type': 'application/json', 'cache-control': 'no-store' })
          .end(JSON.stringify(h)),
      );
      return;
    }
    if (path !== '/metrics') {
      res
        .writeHead(404, { 'content-type': 'text/plain; charset=utf-8' })
        .end('not found: metrics are at /metrics, the health check at /health\n');
      return;
    }
    metricsHandler(req, res, refresh, null).catch((err: Error) => {
      if (!res.headersSent) res.writeHead(500, { 'content-type': 'text/plain; charset=utf-8' });
      res.end(`metrics: ${err.message}\n`);
    });
  });
  return new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, host, () => {
      const a = server.address() as { port: number };
      resolve({
        url: `http://${host.includes(':') ? `[${host}]` : host}:${a.port}/metrics`,
        close: () => new Promise((r) => server.close(() => r())),
      });
    });
  });
}
