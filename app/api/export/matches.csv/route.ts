// GET /api/export/matches.csv — one row per seat of every finished match (RFC 4180, CRLF, header first):
// match_id, game, tournament, seed, finished_at, seat, agent_id, agent_name, agent_kind, model, scaffold,
// prompt_version, simulated, score, outcome, illegal_count, forfeit_count, rated (false: the match rates no one, a
// person gave up before a move of their own). Optional `?game=<id>`. Streamed in batches.
import { getGame } from '@/games/registry';
import { CSV_HEADER, csvLine, csvRows, textStream } from '@/lib/exports';
import { exportMatchBatches } from '@/lib/queries';

export const dynamic = 'force-dynamic';

export async function GET(request: Request) {
  const game = new URL(request.url).searchParams.get('game') || undefined;
  if (game && !getGame(game)) return Response.json({ error: `unknown game "${game}"` }, { status: 400 });

  async function* lines() {
    yield CSV_HEADER;
    for await (const batch of exportMatchBatches({ statuses: ['finished'], game })) {
      yield batch.flatMap((m) => csvRows(m).map(csvLine)).join('');
    }
  }
  return new Response(textStream(lines()), {
    headers: {
      'content-type': 'text/csv; charset=utf-8; header=present',
      'content-disposition': `attachment; filename="arena-matches${game ? `-${game}` : ''}.csv"`,
      'cache-control': 'no-store',
    },
  });
}
