// GET /api/leaderboard?game=&category=&method=bt|trueskill|elo&interval=95|90&scheme=plain|game-weighted&baselines=show|hide&simulated=show|hide&humans=each|together|hide
// — the leaderboard as JSON (LeaderboardResult), with the same parameters as the /leaderboard page (without `humans`,
// the admin's default people filter, as on the page). An invalid parameter answers 400 { error, problems }; 503
// { error } when the leaderboard service is not running.
import { getGame } from '@/games/registry';
import { db } from '@/lib/db';
import { leaderboardService } from '@/lib/leaderboard';
import { leaderboardQueryFor } from '@/lib/settings';

export const dynamic = 'force-dynamic';

export async function GET(request: Request) {
  const params = Object.fromEntries(new URL(request.url).searchParams);
  const { query, problems } = await leaderboardQueryFor(db(), params);
  if (query.game && !getGame(query.game)) problems.push(`game: "${query.game}" is not a registered game`);
  if (problems.length > 0) return Response.json({ error: 'invalid leaderboard query', problems }, { status: 400 });

  try {
    const result = await leaderboardService().get(query);
    return Response.json(result, { headers: { 'cache-control': 'no-store' } });
  } catch (err) {
    return Response.json({ error: (err as Error).message }, { status: 503 });
  }
}
