// GET /api/export/matches.json — GameBench's format for machine clients: a JSON array with one object per finished
// match, `{ "game": "<game id>", "<agent name>": <score>, … }` (scores in [0, 1], summing to 1; an agent in several
// seats gets the sum of its seats). Optional `?game=<id>` and/or `?category=<reasoning category>` and `?protocol=` (the
// leaderboard's filters: each game's current rules unless `pooled` or a rules key is asked). Void, unfinished and unrated matches (a person gave up before a move of their own) are left out, and so
// are judged evaluations (DEEP): nobody wins them, so they have no scores to rate (matches.jsonl has them all, with
// `rated`). Streamed in batches, oldest match first; made once per version of the data and shared, and limited per
// address (lib/db/export-cache.ts).
import { getGame } from '@/games/registry';
import { cachedExport, exportRefusal } from '@/lib/db/export-cache';
import { exportScope, gameBenchRecord, jsonArrayChunks, ratesSomeone } from '@/lib/exports';
import { exportMatchBatches, exportRules } from '@/lib/db/match-exports';

export const dynamic = 'force-dynamic';

export async function GET(request: Request) {
  const scope = exportScope(request.url);
  if ('error' in scope) return Response.json({ error: scope.error }, { status: 400 });
  const { games, protocol, suffix } = scope;
  const game = new URL(request.url).searchParams.get('game');
  if (game && getGame(game)!.meta.scoring === 'evaluation') {
    return Response.json({ error: `${getGame(game)!.meta.title} is a judged evaluation with no scores to rate: see /metrics/${game} or /api/export/matches.jsonl?game=${game}` }, { status: 400 });
  }
  const refused = await exportRefusal(request);
  if (refused) return refused;
  const rules = await exportRules(games, protocol);

  async function* records() {
    for await (const batch of exportMatchBatches({ statuses: ['finished'], games, rules })) {
      yield batch.filter(ratesSomeone).map(gameBenchRecord);
    }
  }
  return new Response(await cachedExport(`json|${games?.join(',') ?? '*'}|${JSON.stringify(rules)}`, { statuses: ['finished'], games }, () => jsonArrayChunks(records())), {
    headers: {
      'content-type': 'application/json; charset=utf-8',
      'content-disposition': `inline; filename="matches${suffix}.json"`,
      'cache-control': 'no-store',
    },
  });
}
