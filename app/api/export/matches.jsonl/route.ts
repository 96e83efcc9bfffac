// GET /api/export/matches.jsonl — the full export for machine clients: one JSON object a line per ended match, with
// its seats, every event (seq, kind, seat, payload, visibleTo, at) and every model call (messages, reply, parsed
// action, tokens, latency, error). Optional `?game=<id>`. Streamed: matches are read 100 at a time with keyset
// pagination, so a big database never sits in memory.
import { getGame } from '@/games/registry';
import { jsonlRecord, textStream } from '@/lib/exports';
import { exportMatchBatches, getMatchLogs } from '@/lib/queries';

export const dynamic = 'force-dynamic';

export async function GET(request: Request) {
  const game = new URL(request.url).searchParams.get('game') || undefined;
  if (game && !getGame(game)) return Response.json({ error: `unknown game "${game}"` }, { status: 400 });

  async function* lines() {
    // Hidden information: only finished and failed (void) matches are exported, with every event unfiltered
    // (seat-private ones included, with their visibleTo). A running match is left out: its private events and
    // prompts would reveal hands and secrets to anyone while the game is still being played.
    for await (const batch of exportMatchBatches({ statuses: ['finished', 'failed'], game })) {
      const logs = await getMatchLogs(batch.map((m) => m.id));
      yield batch
        .map((m) => {
          const log = logs.get(m.id) ?? { events: [], llmCalls: [] };
          return `${JSON.stringify(jsonlRecord(m, log.events, log.llmCalls))}\n`;
        })
        .join('');
    }
  }
  return new Response(textStream(lines()), {
    headers: {
      'content-type': 'application/x-ndjson; charset=utf-8',
      'content-disposition': `attachment; filename="arena-matches${game ? `-${game}` : ''}.jsonl"`,
      'cache-control': 'no-store',
    },
  });
}
