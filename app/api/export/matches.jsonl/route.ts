// GET /api/export/matches.jsonl — the full export for machine clients: one JSON object a line per ended match, with
// its seats, every event (seq, kind, seat, payload, visibleTo, at) and every model call (messages, reply, parsed
// action, tokens, latency, error), and `rated` (false: it rates no one — a person gave up before a move of their own,
// or a judged evaluation). Optional `?game=<id>`, `?category=<reasoning category>` and `?protocol=` (the leaderboard's
// filters: each game's current rules unless `pooled` or a rules key is asked).
// Streamed: matches are read 100 at a time with keyset pagination, so a big database never sits in memory. Made once
// per version of the data and filter, and shared by every request meanwhile; each address may ask for a limited
// number of exports (429 with Retry-After beyond): lib/db/export-cache.ts.
import { cachedExport, exportRefusal } from '@/lib/db/export-cache';
import { exportScope, jsonlRecord } from '@/lib/exports';
import { exportMatchBatches, exportRules, getMatchLogs } from '@/lib/db/match-exports';

export const dynamic = 'force-dynamic';

export async function GET(request: Request) {
  const scope = exportScope(request.url);
  if ('error' in scope) return Response.json({ error: scope.error }, { status: 400 });
  const { games, protocol, suffix } = scope;
  const refused = await exportRefusal(request);
  if (refused) return refused;
  const rules = await exportRules(games, protocol);

  async function* lines() {
    // Hidden information: only finished and failed (void) matches are exported, with every event unfiltered
    // (seat-private ones included, with their visibleTo). A running match is left out: its private events and
    // prompts would reveal hands and secrets to anyone while the game is still being played.
    // 20 matches at a time: each batch's rows are decoded and written in one go on the event loop (100 held it ~300 ms).
    for await (const batch of exportMatchBatches({ statuses: ['finished', 'failed'], games, rules, batchSize: 20 })) {
      const logs = await getMatchLogs(batch.map((m) => m.id));
      yield batch
        .map((m) => {
          const log = logs.get(m.id) ?? { events: [], llmCalls: [] };
          return `${JSON.stringify(jsonlRecord(m, log.events, log.llmCalls))}\n`;
        })
        .join('');
    }
  }
  return new Response(await cachedExport(`jsonl|${games?.join(',') ?? '*'}|${JSON.stringify(rules)}`, { statuses: ['finished', 'failed'], games }, lines), {
    headers: {
      'content-type': 'application/x-ndjson; charset=utf-8',
      'content-disposition': `attachment; filename="arena-matches${suffix}.jsonl"`,
      'cache-control': 'no-store',
    },
  });
}
