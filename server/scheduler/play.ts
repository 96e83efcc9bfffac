// Matches a person starts from the Play page: checked (the game, who may be played, the daily budget for people's games),
// created with the person in their seat, queued on the play queue.
import { randomInt } from 'node:crypto';
import type { PgBoss } from 'pg-boss';
import { getGame, playableGames } from '../../games/registry';
import type { GameDef } from '../../lib/engine/types';
import { retiredReason } from '../../lib/admin-input';
import { CURRENT_GENERATOR, newSeed } from '../../lib/engine/rng';
import type { Db } from '../../lib/db/client';
import { checkPeopleBudget } from '../../lib/db/people-budget';
import { isPlayable, MAX_OPEN_GAMES_PER_PERSON, PlayError, playInputSchema, type PlayRequest } from '../../lib/play';
import { parseOr } from '../../lib/validation';
import { matchProtocol } from '../../lib/match-protocol';
import { protocolAgents } from './protocol-agents';
import { enqueueMatches, PLAY_QUEUE } from './queue';

const parse = (raw: unknown): PlayRequest => parseOr(playInputSchema, raw, (m) => new PlayError(m));

export async function startPlayMatch(
  db: Db,
  boss: PgBoss,
  personAgentId: string,
  raw: unknown,
): Promise<{ matchId: string }> {
  const req = parse(raw);
  const game = playableGames().find((g) => g.id === req.gameId);
  if (!game) throw new PlayError(`there is no game "${req.gameId}" to play`);
  const numPlayers = req.opponentIds.length + 1;
  if (numPlayers < game.meta.minPlayers || numPlayers > game.meta.maxPlayers) {
    const [lo, hi] = [game.meta.minPlayers - 1, game.meta.maxPlayers - 1];
    const count = lo === hi ? `${lo}` : `${lo}–${hi}`;
    throw new PlayError(
      `${game.meta.title} needs ${count} ${hi === 1 ? 'opponent' : 'opponents'} (you picked ${req.opponentIds.length})`,
    );
  }
  const me = await db.agent.findUnique({ where: { id: personAgentId } });
  if (!me || me.kind !== 'human') throw new PlayError('choose a name on the Play page first');
  await checkOpponents(db, req.opponentIds, game);
  const seat = req.seat === 'random' ? randomInt(numPlayers) : req.seat;
  if (seat >= numPlayers) throw new PlayError(`${game.meta.title} with ${numPlayers} players has no seat ${seat + 1}`);
  const seats = [...req.opponentIds];
  seats.splice(seat, 0, personAgentId);
  return create(db, boss, {
    gameId: game.id,
    config: game.defaultConfig,
    seats,
    moveSeconds: req.moveSeconds ?? null,
    personAgentId,
  });
}

/**
 * Who a person may play (lib/play.ts's isPlayable, whatever the request says) and whether today's budget for people's
 * games still covers the opponents' providers.
 */
async function checkOpponents(db: Db, ids: string[], game: GameDef | undefined): Promise<void> {
  const opponents = await db.agent.findMany({ where: { id: { in: ids } } });
  for (const id of ids) {
    const a = opponents.find((o) => o.id === id);
    if (!a) throw new PlayError(`there is no agent with id ${id}`);
    if (game?.meta.modelsOnly && (a.kind === 'random' || a.kind === 'engine')) {
      throw new PlayError(`${a.name} cannot write the free text ${game.meta.title} needs: pick a model`);
    }
    if (a.retired) throw new PlayError(`${retiredReason(a)}: pick ${a.archivedAt ? 'another opponent' : 'that one'}`);
    if (a.kind === 'human')
      throw new PlayError(`${a.name} is a person: people can only be played against models and baselines for now`);
    if (!isPlayable(a))
      throw new PlayError(`${a.name} is not open for games with people: pick one of the opponents on the Play page`);
  }
  await checkPeopleBudget(db, [...new Set(ids)]);
}

/** Play again: same game and opponents, the person moved one seat on (in two-player games, the other side). */
export async function rematch(
  db: Db,
  boss: PgBoss,
  personAgentId: string,
  matchId: string,
): Promise<{ matchId: string }> {
  const m = await db.match.findUnique({
    where: { id: String(matchId).slice(0, 64) },
    include: { seats: { orderBy: { seat: 'asc' } } },
  });
  if (!m) throw new PlayError(`match ${matchId} does not exist`);
  const mine = m.seats.find((s) => s.agentId === personAgentId);
  if (!mine) throw new PlayError('you did not play in that match');
  const game = getGame(m.gameId);
  if (!game) throw new PlayError(`the game "${m.gameId}" is no longer available`);
  const opponents = m.seats.filter((s) => s.agentId !== personAgentId).map((s) => s.agentId);
  // The opponents may have been withdrawn from people's games (or their budget spent) since.
  await checkOpponents(db, opponents, getGame(m.gameId));
  const seat = (mine.seat + 1) % m.seats.length;
  const seats = [...opponents];
  seats.splice(seat, 0, personAgentId);
  return create(db, boss, { gameId: m.gameId, config: m.config, seats, moveSeconds: m.moveSeconds, personAgentId });
}

async function create(
  db: Db,
  boss: PgBoss,
  p: { gameId: string; config: unknown; seats: string[]; moveSeconds: number | null; personAgentId: string },
): Promise<{ matchId: string }> {
  const match = await db.$transaction(async (tx) => {
    // One person, a few games at a time: the lock keeps two quick clicks from both slipping under the limit.
    await tx.$executeRaw`SELECT pg_advisory_xact_lock(hashtext(${`play:${p.personAgentId}`}))`;
    const open = await tx.match.count({
      where: { status: { in: ['queued', 'running'] }, seats: { some: { agentId: p.personAgentId } } },
    });
    if (open >= MAX_OPEN_GAMES_PER_PERSON) {
      throw new PlayError(`you already have ${open} games in progress: finish or resign one first`);
    }
    const agents = await protocolAgents(tx as unknown as Db, p.seats);
    const match = await tx.match.create({
      data: {
        gameId: p.gameId,
        config: (p.config ?? {}) as object,
        // 128 random bits, dealt by the current generator: a person's cards must not be computable from their own.
        seed: newSeed(),
        generator: CURRENT_GENERATOR,
        // Under which protocol: the game's version and settings, the agents'.
        protocol: matchProtocol({
          game: getGame(p.gameId)!,
          config: p.config,
          agents: p.seats.map((id) => agents.get(id)!),
          generator: CURRENT_GENERATOR,
        }) as object,
        numPlayers: p.seats.length,
        moveSeconds: p.moveSeconds,
        seats: { create: p.seats.map((agentId, seat) => ({ seat, agentId })) },
      },
      select: { id: true, attempt: true },
    });
    // With the match, so no reconciler ever sees it without its job (server/scheduler/queue.ts).
    await enqueueMatches(boss, [match], PLAY_QUEUE, 0, tx);
    return match;
  });
  return { matchId: match.id };
}
