// GET /api/leaderboard?game=&category=&method=bt|trueskill|elo&interval=95|90&scheme=plain|game-weighted&estimate=point|gamebench&baselines=show|hide&simulated=show|hide&humans=each|together|hide&version=&protocol=
// (`estimate=gamebench`: GameBench's Eq. 3, the mean of the bootstrap fits, game-weighted).
// — the leaderboard as JSON (LeaderboardResult), with the same parameters as the /leaderboard page (without `humans`,
// the admin's default people filter, as on the page). A parameter the page would ignore (an unknown value, a game
// that is not rated) answers 400 { error, problems } with the very messages the page shows; 503 { error } when the
// leaderboard service is not running. `protocol=current|pooled|<rules key>`: which rules the view rates (default each
// game's current rules); the result's `rules` lists every rules version of the view's games with its matches, the ones
// rated marked, so that no reader pools protocols unknowingly.
import { db } from '@/lib/db/client';
import { leaderboardService } from '@/lib/leaderboard-contract';
import { leaderboardQueryFor } from '@/lib/db/settings';

export const dynamic = 'force-dynamic';

export async function GET(request: Request) {
  const params = Object.fromEntries(new URL(request.url).searchParams);
  const { query, problems } = await leaderboardQueryFor(db(), params);
  if (problems.length > 0) return Response.json({ error: 'invalid leaderboard query', problems }, { status: 400 });

  try {
    // The request's signal: a dataset's view that nobody waits for any more stops computing (server/leaderboard/service.ts).
    const result = await leaderboardService().get(query, { signal: request.signal });
    return Response.json(result, { headers: { 'cache-control': 'no-store' } });
  } catch (err) {
    return Response.json({ error: (err as Error).message }, { status: 503 });
  }
}
