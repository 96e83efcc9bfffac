// GET /api/admin/tournaments: every tournament’s progress (TournamentProgress[], newest first) as JSON, for admins (session cookie); 401 otherwise.
import { db } from '@/lib/db/client';
import { currentAdmin } from '@/lib/db/admin-session';
import { tournamentProgress } from '@/lib/db/tournament-progress';

export const dynamic = 'force-dynamic';

export async function GET(): Promise<Response> {
  if (!(await currentAdmin())) {
    return Response.json(
      { error: 'sign in as an admin to read this (no valid admin session cookie)' },
      { status: 401, headers: { 'cache-control': 'no-store' } },
    );
  }
  const tournaments = await tournamentProgress(db());
  return Response.json(tournaments, { headers: { 'cache-control': 'no-store' } });
}
