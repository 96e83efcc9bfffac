// GET /api/export/matches.csv — one row per seat of every finished match (RFC 4180, CRLF, header first):
// match_id, game, tournament, seed, finished_at, seat, agent_id, agent_name, agent_kind, model, scaffold,
// prompt_version, simulated, score, outcome (by side: every seat of a winning side wins), illegal_count, forfeit_count,
// protocol_key, protocol,
// rated (false: the match rates no one — a person gave up before a move of their own, or a judged evaluation).
// Optional `?game=<id>`, `?category=<reasoning category>` and `?protocol=` (the leaderboard's filters: each game's
// current rules unless `pooled` or a rules key is asked; every row names its rules). Streamed in batches, made
// once per version of the data and shared, and limited per address (lib/db/export-cache.ts).
import { cachedExport, exportRefusal } from '@/lib/db/export-cache';
import { CSV_HEADER, csvLine, csvRows, exportScope } from '@/lib/exports';
import { exportMatchBatches, exportRules } from '@/lib/db/match-exports';

export const dynamic = 'force-dynamic';

export async function GET(request: Request) {
  const scope = exportScope(request.url);
  if ('error' in scope) return Response.json({ error: scope.error }, { status: 400 });
  const { games, protocol, suffix } = scope;
  const refused = await exportRefusal(request);
  if (refused) return refused;
  const rules = await exportRules(games, protocol);

  async function* lines() {
    yield CSV_HEADER;
    for await (const batch of exportMatchBatches({ statuses: ['finished'], games, rules })) {
      yield batch.flatMap((m) => csvRows(m).map(csvLine)).join('');
    }
  }
  return new Response(
    await cachedExport(
      `csv|${games?.join(',') ?? '*'}|${JSON.stringify(rules)}`,
      { statuses: ['finished'], games },
      lines,
    ),
    {
      headers: {
        'content-type': 'text/csv; charset=utf-8; header=present',
        'content-disposition': `attachment; filename="arena-matches${suffix}.csv"`,
        'cache-control': 'no-store',
      },
    },
  );
}
