// Benchmark of the match exports under load (issue 35, item 6): fills a database with ended matches (events and model
// calls, about 21 kB each in the JSONL export), serves /api/export/matches.jsonl and /api/health from the real route
// handlers on one event loop (as the custom server does), fires 10 export requests at once from another process and
// samples /api/health from a third. Twice: as the export was before (every request reads and writes the whole export
// itself) and as it is now (lib/db/export-cache.ts: one reading per version of the data, shared). Prints the figures.
//   npm run bench:export [-- --matches 900 --requests 10]
import { fork } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { fileURLToPath } from 'node:url';

const arg = (name: string) => {
  const i = process.argv.indexOf(`--${name}`);
  return i >= 0 ? process.argv[i + 1] : undefined;
};
const MATCHES = Number(arg('matches') ?? 900);
const REQUESTS = Number(arg('requests') ?? 10);
const self = fileURLToPath(import.meta.url);
const execArgv = ['--import', new URL('./server-only-shim.mjs', import.meta.url).href, '--import', 'tsx'];

const pct = (xs: number[], q: number) => {
  const s = [...xs].sort((a, b) => a - b);
  return s.length ? s[Math.min(s.length - 1, Math.floor(q * s.length))]! : NaN;
};

/** Child: `--download URL N` fetches N at once and reports the bytes and time; `--health URL` samples until told to stop. */
async function child(): Promise<void> {
  if (process.argv.includes('--download')) {
    const url = arg('download')!;
    const n = Number(process.argv[process.argv.indexOf('--download') + 2]);
    const t = performance.now();
    const sizes = await Promise.all(
      Array.from({ length: n }, async () => {
        const res = await fetch(url);
        const reader = res.body!.getReader();
        let bytes = 0;
        for (;;) {
          const { done, value } = await reader.read();
          if (done) break;
          bytes += value.length;
        }
        return { status: res.status, bytes };
      }),
    );
    process.send!({ ms: performance.now() - t, sizes });
    return;
  }
  const url = arg('health')!;
  const samples: number[] = [];
  let stop = false;
  process.on('message', () => (stop = true));
  while (!stop) {
    const t = performance.now();
    await (await fetch(url)).text();
    samples.push(performance.now() - t);
    await new Promise((r) => setTimeout(r, 50));
  }
  process.send!({ samples });
}

async function main(): Promise<void> {
  const { createDb } = await import('../lib/db/client');
  const { startEmbeddedPostgres } = await import('../server/db/embedded');
  const { migrate } = await import('../server/db/migrate');
  const { freePort } = await import('../server/net');
  const dir = await mkdtemp(path.join(os.tmpdir(), 'arena-bench-export-'));
  const pg = await startEmbeddedPostgres({ dataDir: path.join(dir, 'pg'), port: await freePort() });
  try {
    await migrate(pg.url);
    process.env.DATABASE_URL = pg.url;
    process.env.ARENA_DATA_DIR = dir;
    const db = createDb(pg.url);
    const [a, b] = await Promise.all(
      ['bench-a', 'bench-b'].map((name) => db.agent.create({ data: { name, kind: 'llm', model: 'sim' } })),
    );
    const prose = (k: number, words: number) =>
      Array.from(
        { length: words },
        (_, w) => ['the', 'knight', 'moves', 'to', 'the', 'centre', 'square', 'because'][(k + w) % 8],
      ).join(' ');
    const t0 = performance.now();
    for (let from = 0; from < MATCHES; from += 50) {
      const batch = Array.from({ length: Math.min(50, MATCHES - from) }, (_, j) => from + j);
      await db.$transaction(
        async (tx) => {
          for (const k of batch) {
            const m = await tx.match.create({
              data: {
                gameId: 'tictactoe',
                seed: `bench-${k}`,
                numPlayers: 2,
                status: 'finished',
                finishedAt: new Date(Date.UTC(2026, 0, 1) + k * 1000),
                result: { scores: [1, 0], reason: 'three in a row', winner: 0 },
                seats: {
                  create: [0, 1].map((seat) => ({
                    seat,
                    agentId: (seat ? b : a)!.id,
                    score: 1 - seat,
                    outcome: seat ? 'loss' : 'win',
                  })),
                },
              },
            });
            await tx.matchEvent.createMany({
              data: Array.from({ length: 30 }, (_, e) => ({
                matchId: m.id,
                seq: e + 1,
                kind: 'move',
                seat: e % 2,
                payload: { ply: e, action: { type: 'place', cell: e % 9 }, lines: [{ text: prose(e, 30) }] },
                visibleTo: [],
              })),
            });
            await tx.llmCall.createMany({
              data: Array.from({ length: 15 }, (_, c) => ({
                matchId: m.id,
                seat: c % 2,
                ply: c,
                attempt: 1,
                agentId: (c % 2 ? b : a)!.id,
                model: 'sim',
                latencyMs: 300,
                tokensIn: 500,
                tokensOut: 80,
                messages: [
                  { role: 'system', content: prose(c, 60) },
                  { role: 'user', content: prose(c + 1, 40) },
                ],
                reply: prose(c + 2, 30),
                parsedAction: { type: 'place', cell: c % 9 },
              })),
            });
          }
        },
        { timeout: 120_000 },
      );
    }
    console.log(`filled ${MATCHES} matches in ${((performance.now() - t0) / 1000).toFixed(1)} s`);

    const { databaseHealth } = await import('../server/db/health');
    /** /api/health as server/main.ts answers it. */
    const health = async () => {
      const h = await databaseHealth();
      return Response.json(h, { status: h.ok ? 200 : 503 });
    };
    const { GET: jsonl } = await import('../app/api/export/matches.jsonl/route');
    const { exportScope, jsonlRecord, textStream } = await import('../lib/exports');
    const { exportMatchBatches, getMatchLogs } = await import('../lib/db/match-exports');
    const { CLIENT_IP_HEADER } = await import('../lib/client-ip');
    /** The JSONL route as it was before the cache (every request reads and writes the whole export itself). */
    const before = async (request: Request): Promise<Response> => {
      const scope = exportScope(request.url);
      if ('error' in scope) return Response.json({ error: scope.error }, { status: 400 });
      const { games } = scope;
      async function* lines() {
        for await (const batch of exportMatchBatches({ statuses: ['finished', 'failed'], games })) {
          const logs = await getMatchLogs(batch.map((m) => m.id));
          yield batch
            .map(
              (m) =>
                `${JSON.stringify(jsonlRecord(m, logs.get(m.id)?.events ?? [], logs.get(m.id)?.llmCalls ?? []))}\n`,
            )
            .join('');
        }
      }
      return new Response(textStream(lines()), { headers: { 'content-type': 'application/x-ndjson; charset=utf-8' } });
    };

    for (const [label, exportRoute] of [
      ['before (no cache)', before],
      ['now (cached per version)', jsonl],
    ] as const) {
      const server = http.createServer(async (req, res) => {
        const url = `http://bench${req.url}`;
        const request = new Request(url, {
          headers: { [CLIENT_IP_HEADER]: `10.1.${Math.floor(Math.random() * 250)}.${Math.floor(Math.random() * 250)}` },
        });
        const response = await (req.url!.startsWith('/api/health') ? health() : exportRoute(request));
        res.writeHead(response.status, Object.fromEntries(response.headers));
        if (!response.body) return void res.end();
        const reader = response.body.getReader();
        res.on('close', () => void reader.cancel().catch(() => {}));
        for (;;) {
          const { done, value } = await reader.read();
          if (done) break;
          if (!res.write(value)) await new Promise((r) => res.once('drain', r));
        }
        res.end();
      });
      await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
      const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
      // The health sampler alone first (the baseline), then during the downloads.
      const sample = (ms: number | null) =>
        new Promise<{ samples: number[] }>((resolve) => {
          const h = fork(self, ['--health', `${base}/api/health`], { execArgv });
          h.once('message', (m) => (resolve(m as { samples: number[] }), h.kill()));
          if (ms !== null) setTimeout(() => h.send('stop'), ms);
          else sampler = h;
        });
      let sampler: ReturnType<typeof fork> | null = null;
      const idle = await sample(2000);
      const loop = monitorEventLoopDelay({ resolution: 10 });
      const during = sample(null);
      await new Promise((r) => setTimeout(r, 300));
      loop.enable();
      const downloads = await new Promise<{ ms: number; sizes: { status: number; bytes: number }[] }>((resolve) => {
        const d = fork(self, ['--download', `${base}/api/export/matches.jsonl`, String(REQUESTS)], { execArgv });
        d.once('message', (m) => (resolve(m as never), d.kill()));
      });
      loop.disable();
      sampler!.send('stop');
      const h = (await during).samples;
      const mb = (downloads.sizes[0]?.bytes ?? 0) / 1024 / 1024;
      console.log(
        `\n${label}: ${REQUESTS} exports of ${mb.toFixed(1)} MB at once (statuses ${[...new Set(downloads.sizes.map((s) => s.status))].join(',')}) in ${(downloads.ms / 1000).toFixed(1)} s`,
      );
      console.log(
        `  /api/health idle:        p50 ${pct(idle.samples, 0.5).toFixed(0)} ms, max ${Math.max(...idle.samples).toFixed(0)} ms (${idle.samples.length} samples)`,
      );
      console.log(
        `  /api/health meanwhile:   p50 ${pct(h, 0.5).toFixed(0)} ms, p95 ${pct(h, 0.95).toFixed(0)} ms, max ${Math.max(...h).toFixed(0)} ms (${h.length} samples)`,
      );
      console.log(
        `  server event loop delay: p99 ${(loop.percentile(99) / 1e6).toFixed(0)} ms, max ${(loop.max / 1e6).toFixed(0)} ms`,
      );
      await new Promise<void>((r) => server.close(() => r()));
      server.closeAllConnections();
    }
    await db.$disconnect();
  } finally {
    await pg.stop();
    await rm(dir, { recursive: true, force: true });
  }
  process.exit(0);
}

if (process.argv.includes('--download') || process.argv.includes('--health')) void child();
else
  void main().catch((err) => {
    console.error(err);
    process.exit(1);
  });
