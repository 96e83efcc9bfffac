// Creates tournaments: planned matches become rows (status queued) and jobs on the match queue.
import type { PgBoss } from 'pg-boss';
import { z } from 'zod';
import { getGame } from '../../games/registry';
import type { Db } from '../../lib/db';
import { newSeed } from '../../lib/engine/rng';
import { roundRobin } from '../../lib/tournament/pairings';
import { enqueueMatches } from './queue';

export const tournamentInputSchema = z.object({
  name: z.string().trim().min(1).max(120),
  gameIds: z.array(z.string()).min(1),
  agentIds: z.array(z.string()).min(2, 'a round robin needs at least two agents'),
  seedsPerPair: z.number().int().min(1).max(100),
  seed: z.string().optional(),
});
export type TournamentInput = z.infer<typeof tournamentInputSchema>;

export async function createTournament(db: Db, boss: PgBoss, input: TournamentInput) {
  const t = tournamentInputSchema.parse(input);
  for (const g of t.gameIds) if (!getGame(g)) throw new Error(`unknown game "${g}"`);
  const found = await db.agent.count({ where: { id: { in: t.agentIds } } });
  if (found !== new Set(t.agentIds).size) throw new Error('some agents do not exist');
  const seed = t.seed ?? newSeed();
  const plan = roundRobin({ gameIds: t.gameIds, agentIds: t.agentIds, seedsPerPair: t.seedsPerPair, seed });
  const tournament = await db.$transaction(async (tx) => {
    const created = await tx.tournament.create({
      data: { name: t.name, config: { format: 'round-robin', gameIds: t.gameIds, agentIds: t.agentIds, seedsPerPair: t.seedsPerPair, seed } },
    });
    for (const m of plan) {
      await tx.match.create({
        data: {
          tournamentId: created.id,
          gameId: m.gameId,
          config: getGame(m.gameId)!.defaultConfig as object,
          seed: m.seed,
          numPlayers: m.seats.length,
          seats: { create: m.seats.map((agentId, seat) => ({ seat, agentId })) },
        },
      });
    }
    return created;
  });
  const ids = await db.match.findMany({ where: { tournamentId: tournament.id }, select: { id: true }, orderBy: { createdAt: 'asc' } });
  await enqueueMatches(boss, ids.map((m) => m.id));
  return { tournament, matches: ids.length };
}

/** After a restart: every match not yet ended gets its job back (ids are per match, so duplicates are ignored). */
export async function recoverUnfinished(db: Db, boss: PgBoss): Promise<number> {
  const open = await db.match.findMany({ where: { status: { in: ['queued', 'running'] } }, select: { id: true } });
  await enqueueMatches(boss, open.map((m) => m.id));
  return open.length;
}
