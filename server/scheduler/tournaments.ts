// The tournament scheduler: plans matches for each format, queues them, lets each match start only while its
// tournament runs and its budget lasts, pauses/resumes/cancels, ends tournaments, and recovers lost jobs.
// The UI (through lib/control.ts) and the CLI (server/cli.ts) both call these functions.
import type { PgBoss } from 'pg-boss';
import { games, getGame } from '../../games/registry';
import { AdminError, parseOrThrow, retiredReason } from '../../lib/admin-input';
import type { Db } from '../../lib/db/client';
import { createRng, CURRENT_GENERATOR, newSeed } from '../../lib/engine/rng';
import { adaptiveBatch, allSeparated, choosePairs, intervalsFrom } from '../../lib/tournament/adaptive';
import { gauntlet, hostGuest, roundRobin, seedStream, type PlannedMatch } from '../../lib/tournament/pairings';
import { loadScriptSet, type StoredScript } from '../../lib/db/simulbench/script-sets';
import { simulbenchTasks } from '../simulbench/tasks';
import { tournamentRatedMatches, tournamentSpend } from '../../lib/db/tournament-progress';
import { tournamentSpecSchema, type Budget, type TournamentSpec } from '../../lib/tournament/spec';
import { issuesText } from '../../lib/validation';
import { matchProtocol } from '../../lib/match-protocol';
import {
  HAS_STAGES_AFTER_PLAY,
  judgeVersionsFor,
  stagesAfterPlay,
  type StoredTournamentConfig,
} from '../workers/after-play';
import { protocolAgents } from './protocol-agents';
import { enqueueMatches, MATCH_QUEUE, PLAY_QUEUE, jobIdFor, liveJobIds, withdrawJobs } from './queue';

/** Stored in tournaments.config: the spec plus scheduler state. */
/** `priority` of its match jobs (the demo runs below 0, so admins' tournaments go first). */
type StoredConfig = TournamentSpec & { seed: string; round?: number; priority?: number };

/** A match that keeps failing to run (the worker dies each time) is given up after this many attempts. */
const MAX_ATTEMPTS = 5;

/** A team game's two sides (one agent per side), for round robins and gauntlets. */
const sidesOf = (gameId: string) => {
  const sides = getGame(gameId)?.meta.sides;
  return sides?.length === 2 ? sides : null;
};

/** Round robins and gauntlets play two-seat games, and team games side against side. */
function twoPlayerGame(gameId: string): void {
  const g = getGame(gameId)!;
  if (g.meta.scoring === 'evaluation')
    throw new AdminError(
      `${g.meta.title} is a judged evaluation: use the host/guest format (the evaluated agents as guests, the judges as hosts)`,
    );
  if (sidesOf(gameId)) return;
  if (g.meta.minPlayers > 2 || g.meta.maxPlayers < 2) {
    throw new AdminError(`${g.meta.title} is a ${g.meta.minPlayers}+ player game: use the host/guest format`);
  }
}

/** Every match of a non-adaptive tournament, or an adaptive tournament's first batch (each pair once, seats swapped). */
/**
 * `scripts`: a SimulBench evaluation's frozen scripts when it reuses a script set (read by the caller: this is pure).
 */
export function planTournament(
  spec: TournamentSpec,
  seed: string,
  scripts: readonly StoredScript[] = [],
): PlannedMatch[] {
  let plan: PlannedMatch[];
  for (const id of spec.gameIds) {
    const by = getGame(id)?.meta.scheduledBy;
    if (by && by !== spec.format)
      throw new AdminError(
        `${getGame(id)!.meta.title} is scheduled as a ${by === 'simulbench' ? 'SimulBench evaluation' : by}, not in a ${spec.format} tournament`,
      );
  }
  switch (spec.format) {
    case 'round-robin':
      spec.gameIds.forEach(twoPlayerGame);
      plan = roundRobin({
        gameIds: spec.gameIds,
        agentIds: spec.agentIds,
        seedsPerPair: spec.gamesPerPair / 2,
        seed,
        // In cooperative games (Hanabi) each agent also plays with itself in every seat: its own team score.
        selfPlayGameIds: spec.gameIds.filter((g) => getGame(g)?.meta.scoring === 'cooperative'),
        sidesOf,
      });
      break;
    case 'gauntlet':
      spec.gameIds.forEach(twoPlayerGame);
      plan = gauntlet({
        gameIds: spec.gameIds,
        agentIds: spec.agentIds,
        baselineIds: spec.baselineIds,
        seedsPerPair: spec.gamesPerPair / 2,
        seed,
        sidesOf,
      });
      break;
    case 'host-guest':
      plan = spec.gameIds.flatMap((gameId) => {
        const g = getGame(gameId)!;
        const config = spec.gameConfigs?.[gameId] ?? g.defaultConfig;
        const numPlayers = spec.numPlayers ?? g.defaultPlayers(config);
        if (numPlayers < g.meta.minPlayers || numPlayers > g.meta.maxPlayers) {
          throw new AdminError(
            `${g.meta.title} takes ${g.meta.minPlayers}–${g.meta.maxPlayers} players, not ${numPlayers}`,
          );
        }
        if (spec.guestSeat !== undefined && spec.guestSeat >= numPlayers)
          throw new AdminError(`guest seat ${spec.guestSeat} does not exist with ${numPlayers} players`);
        // Some games fix the guest's seat (DEEP: the evaluated agent is the describer, seat 1).
        const fixed = g.hostGuest.seat;
        const guestSeat = spec.guestSeat ?? fixed ?? undefined;
        if (fixed !== null && guestSeat !== fixed) {
          throw new AdminError(
            `${g.meta.title} always seats the guest in seat ${fixed + 1} (${g.meta.seatNames?.[fixed] ?? 'its seat'})`,
          );
        }
        // A trial setup catches settings that cannot work with this many players (three spies among five).
        try {
          g.setup({ numPlayers, config: g.hostGuest.config(config, guestSeat ?? 0, numPlayers), rng: createRng(seed) });
        } catch (err) {
          throw new AdminError(`${g.meta.title} with ${numPlayers} players: ${(err as Error).message}`);
        }
        return hostGuest({
          gameIds: [gameId],
          guestIds: spec.agentIds,
          hostIds: spec.hostIds,
          numPlayers,
          seedsPerGuest: spec.gamesPerGuest,
          seed,
          guestSeat,
        });
      });
      break;
    case 'adaptive':
      spec.gameIds.forEach(twoPlayerGame);
      for (const id of spec.gameIds) {
        if (sidesOf(id))
          throw new AdminError(`${getGame(id)!.meta.title} plays side against side: use a round robin or a gauntlet`);
      }
      plan = roundRobin({
        gameIds: spec.gameIds,
        agentIds: spec.agentIds,
        seedsPerPair: 1,
        seed: `${seed}:adaptive:0`,
      });
      break;
    case 'simulbench': {
      // One dialogue between the user agent and the simulator per task and repetition; the targets answer its scripts
      // after it (server/simulbench/pipeline.ts), so they sit in no seat.
      const next = seedStream(`${seed}:simulbench`);
      if (spec.scriptSet) {
        // A frozen script per match, with no seats: the targets answer it after (the same history for every target).
        plan = scripts.map((s) => ({
          gameId: 'simulbench',
          seats: [],
          seed: next(),
          config: { task: s.task, turns: s.turn, script: { id: s.id, type: s.type, turn: s.turn, history: s.history } },
        }));
        break;
      }
      const [user, simulator] = [spec.userAgentId!, spec.simulatorId!];
      plan = simulbenchTasks(spec).flatMap(({ config }) =>
        Array.from({ length: spec.dialoguesPerTask }, () => ({
          gameId: 'simulbench',
          seats: [user, simulator],
          seed: next(),
          config: { ...config, turns: spec.turns },
        })),
      );
      break;
    }
  }
  return interleave(plan, seed);
}

/**
 * Shuffles the play order (keeping each seed's two seatings together) so a budget that stops a tournament early
 * leaves a balanced sample, not the first pairs only, and spectators see variety.
 */
function interleave(plan: PlannedMatch[], seed: string): PlannedMatch[] {
  const units: PlannedMatch[][] = [];
  for (const m of plan) {
    const last = units.at(-1);
    if (last && last[0]!.seed === m.seed && last[0]!.gameId === m.gameId && last.length < 2 && m.seats.length === 2)
      last.push(m);
    else units.push([m]);
  }
  const rng = createRng(`${seed}:order`);
  for (let i = units.length - 1; i > 0; i--) {
    const j = Math.floor(rng.next() * (i + 1));
    [units[i], units[j]] = [units[j]!, units[i]!];
  }
  return units.flat();
}

/** Refuses game ids that name no game, listing the ones that do (the form, the CLI and the API share it). */
export function checkGameIds(ids: readonly string[]): void {
  const unknown = ids.filter((g) => !getGame(g));
  if (unknown.length === 0) return;
  const names = unknown.map((g) => `"${g}"`).join(', ');
  throw new AdminError(
    `${unknown.length === 1 ? 'there is no game' : 'there are no games'} ${names}: the games are ${games.map((g) => g.id).join(', ')}`,
  );
}

/** Each game's settings, checked with its own schema (defaults filled in); a readable error names the game and field. */
function checkGameConfigs(spec: TournamentSpec): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [gameId, raw] of Object.entries(spec.gameConfigs ?? {})) {
    const game = getGame(gameId);
    if (!game) throw new AdminError(`game settings: there is no game "${gameId}"`);
    if (!(spec.gameIds as readonly string[]).includes(gameId))
      throw new AdminError(`game settings: ${game.meta.title} is not one of this tournament's games`);
    const r = game.configSchema.safeParse(raw);
    // Every problem, each under the setting's own name (a game's settings have no form labels of their own).
    if (!r.success) throw new AdminError(`settings for ${game.meta.title}: ${issuesText(r.error, {})}`);
    out[gameId] = r.data;
  }
  return out;
}

/** A planned match's game config: the tournament's settings for its game, placed around the guest in host/guest play. */
function matchConfig(m: PlannedMatch, settings: unknown): object {
  const game = getGame(m.gameId)!;
  const config = m.config
    ? { ...((settings as object | undefined) ?? {}), ...m.config }
    : (settings ?? game.defaultConfig);
  return (m.guestSeat !== undefined ? game.hostGuest.config(config, m.guestSeat, m.seats.length) : config) as object;
}

async function insertMatches(
  db: Db,
  tournamentId: string,
  plan: PlannedMatch[],
  stored: StoredTournamentConfig,
): Promise<{ id: string; attempt: number }[]> {
  const gameConfigs = (stored.gameConfigs ?? {}) as Record<string, unknown>;
  const out: { id: string; attempt: number }[] = [];
  const agents = await protocolAgents(db, [...new Set(plan.flatMap((m) => m.seats))]);
  for (let i = 0; i < plan.length; i += 500) {
    const chunk = plan.slice(i, i + 500);
    const now = Date.now();
    const rows = await db.match.createManyAndReturn({
      data: chunk.map((m, k) => {
        const config = matchConfig(m, gameConfigs[m.gameId]);
        return {
          tournamentId,
          gameId: m.gameId,
          config,
          seed: m.seed,
          generator: CURRENT_GENERATOR,
          // Under which protocol: the game's version and settings, the agents', the judges' prompts.
          protocol: matchProtocol({
            game: getGame(m.gameId)!,
            config,
            agents: m.seats.map((id) => agents.get(id)!),
            generator: CURRENT_GENERATOR,
            judges: judgeVersionsFor(stored, m.gameId),
          }) as object,
          numPlayers: m.seats.length,
          // Distinct creation times keep the planned order (pg-boss and the lobby order by time).
          createdAt: new Date(now + k),
        };
      }),
      select: { id: true, attempt: true },
    });
    await db.seat.createMany({
      data: rows.flatMap((r, k) => chunk[k]!.seats.map((agentId, seat) => ({ matchId: r.id, seat, agentId }))),
    });
    out.push(...rows);
  }
  return out;
}

async function priorityOf(db: Db, tournamentId: string): Promise<number> {
  const t = await db.tournament.findUnique({ where: { id: tournamentId }, select: { config: true } });
  return Number((t?.config as StoredConfig | undefined)?.priority ?? 0);
}

/** Validates a spec (readable errors), records the tournament, plans and queues its matches. */
export async function createTournament(
  db: Db,
  boss: PgBoss,
  raw: unknown,
  opts: { priority?: number } = {},
): Promise<{ tournament: { id: string; name: string }; matches: number }> {
  const parsed = parseOrThrow(tournamentSpecSchema, raw);
  checkGameIds(parsed.gameIds);
  const spec = { ...parsed, gameConfigs: checkGameConfigs(parsed) };
  const roles =
    spec.format === 'simulbench' ? [spec.userAgentId, spec.simulatorId].filter((x): x is string => !!x) : [];
  const everyone = [
    ...new Set([
      ...spec.agentIds,
      ...('baselineIds' in spec ? spec.baselineIds : []),
      ...('hostIds' in spec ? spec.hostIds : []),
      ...roles,
    ]),
  ];
  const found = await db.agent.findMany({
    where: { id: { in: everyone } },
    select: { id: true, name: true, retired: true, archivedAt: true, kind: true },
  });
  const missing = everyone.filter((id) => !found.some((a) => a.id === id));
  if (missing.length) throw new AdminError(`some agents do not exist: ${missing.join(', ')}`);
  const people = found.filter((a) => a.kind === 'human');
  if (people.length)
    throw new AdminError(
      `${people.map((a) => a.name).join(', ')}: people play from the Play page, not in scheduled tournaments`,
    );
  const retired = found.filter((a) => a.retired);
  if (retired.length) {
    throw new AdminError(
      `${retired.map((a) => `${retiredReason(a)}${a.archivedAt ? ' (restore it on the agents page)' : ''}`).join('; ')}: pick ${retired.some((a) => !a.archivedAt) ? 'the newest version' : 'another agent'}`,
    );
  }
  if (spec.format === 'simulbench') {
    // Every SimulBench role writes free text: the targets, the user agent and the simulator are models.
    const baselines = found.filter((a) => a.kind !== 'llm');
    if (baselines.length)
      throw new AdminError(
        `${baselines.map((a) => a.name).join(', ')}: every SimulBench role (targets, user agent, simulator) must be an LLM agent`,
      );
  }
  if (spec.judgeId) {
    const judge = await db.agent.findUnique({
      where: { id: spec.judgeId },
      select: { name: true, kind: true, retired: true, archivedAt: true },
    });
    if (!judge) throw new AdminError(`the judge does not exist: ${spec.judgeId}`);
    if (judge.kind !== 'llm')
      throw new AdminError(
        `the judge must be an LLM agent; ${judge.name} is ${judge.kind === 'human' ? 'a person' : `a ${judge.kind} baseline`}`,
      );
    if (judge.retired)
      throw new AdminError(
        `the judge ${retiredReason(judge)}: pick ${judge.archivedAt ? 'another judge' : 'the newest version'}`,
      );
    if (spec.format !== 'simulbench' && !spec.gameIds.some((g) => getGame(g)?.judgeable)) {
      throw new AdminError(
        `none of these games has statements to judge (a judge scores Who is the spy's descriptions)`,
      );
    }
  }
  const seed = spec.seed ?? newSeed();
  const scripts = spec.format === 'simulbench' && spec.scriptSet ? await loadScriptSet(db, spec.scriptSet) : [];
  const plan = planTournament(spec, seed, scripts);
  if (plan.length === 0) throw new AdminError('this tournament would have no matches');
  const config: StoredConfig = { ...spec, seed, round: 0, ...(opts.priority ? { priority: opts.priority } : {}) };
  const { tournament, queued } = await db.$transaction(
    async (tx) => {
      const tournament = await tx.tournament.create({
        data: { name: spec.name, config: config as object },
        select: { id: true, name: true },
      });
      const queued = await insertMatches(tx as unknown as Db, tournament.id, plan, config);
      await enqueueMatches(boss, queued, MATCH_QUEUE, opts.priority ?? 0, tx);
      return { tournament, queued };
    },
    { timeout: 120_000 },
  );
  return { tournament, matches: queued.length };
}

interface Spent {
  started: number;
  tokens: number;
  costUsd: number;
}

async function spent(db: Db, tournamentId: string, budget: Budget): Promise<Spent> {
  const [started] = await db.$queryRaw<{ n: bigint }[]>`
    SELECT COUNT(*) AS n FROM matches WHERE tournament_id = ${tournamentId} AND status IN ('running', 'finished', 'failed')`;
  let tokens = 0;
  let costUsd = 0;
  if (budget.maxTokens || budget.maxCostUsd) {
    const s = (await tournamentSpend(db, [tournamentId])).get(tournamentId);
    tokens = s?.tokens ?? 0;
    costUsd = s?.costUsd ?? 0;
  }
  return { started: Number(started?.n ?? 0), tokens, costUsd };
}

/** Which budget is spent, in words; null while none is. `starting` = a match is about to start. */
export function budgetReached(budget: Budget, s: Spent): string | null {
  if (budget.maxMatches !== undefined && s.started >= budget.maxMatches)
    return `match budget reached (${s.started} of ${budget.maxMatches} matches played)`;
  if (budget.maxTokens !== undefined && s.tokens >= budget.maxTokens)
    return `token budget reached (${s.tokens} of ${budget.maxTokens} tokens)`;
  if (budget.maxCostUsd !== undefined && s.costUsd >= budget.maxCostUsd)
    return `cost budget reached ($${s.costUsd.toFixed(4)} of $${budget.maxCostUsd})`;
  return null;
}

/** Ends a tournament now: its queued matches are cancelled unplayed; matches in play finish and count. */
async function stopTournament(
  db: Db,
  tournamentId: string,
  status: 'finished' | 'cancelled',
  reason: string | null,
): Promise<{ id: string; attempt: number }[]> {
  await db.tournament.update({
    where: { id: tournamentId },
    data: { status, stopReason: reason, finishedAt: new Date() },
  });
  return db.$queryRaw<{ id: string; attempt: number }[]>`
    UPDATE matches SET status = 'cancelled', finished_at = now(),
      failure_reason = ${status === 'cancelled' ? 'the tournament was cancelled before this match was played' : `the tournament stopped before this match was played: ${reason}`}
    WHERE tournament_id = ${tournamentId} AND status = 'queued' RETURNING id, attempt`;
}

export type Claim =
  { run: true; tournamentId: string | null } | { run: false; reason: string; tournamentId: string | null };

/**
 * Decides whether a job may play its match now, and marks the match running if so. The common case (a current job,
 * an open match, a running tournament without a budget) is one UPDATE; a pause or cancel committing at that very
 * moment may let the match start, as if it had been claimed just before (matches in play always finish). Every other
 * case is one transaction with the tournament and then the match locked (that order everywhere, so no deadlock):
 * concurrent workers neither start a match twice nor overshoot a match budget.
 */
export async function claimMatch(db: Db, matchId: string, attempt: number): Promise<Claim> {
  // Common case in one statement: a current job for an open match of a running tournament without budgets.
  const fast = await db.$queryRawUnsafe<{ tid: string; unstarted: boolean }[]>(
    `UPDATE matches m SET status = 'running', stages_pending = ${HAS_STAGES_AFTER_PLAY} FROM tournaments t
    WHERE m.id = $1 AND m.attempt = $2 AND m.status IN ('queued', 'running') AND t.id = m.tournament_id
      AND t.status = 'running' AND COALESCE(t.config->'budget', '{}'::jsonb) = '{}'::jsonb
    RETURNING m.tournament_id AS tid, t.started_at IS NULL AS unstarted`,
    matchId,
    attempt,
  );
  if (fast[0]) {
    if (fast[0].unstarted)
      await db.$executeRaw`UPDATE tournaments SET started_at = now() WHERE id = ${fast[0].tid} AND started_at IS NULL`;
    return { run: true, tournamentId: fast[0].tid };
  }
  // Every other case (a budget to check, a paused or ended tournament, a stale job, no tournament) locks.
  const owner = await db.match.findUnique({ where: { id: matchId }, select: { tournamentId: true } });
  if (!owner) return { run: false, reason: 'unknown match', tournamentId: null };
  return db.$transaction(async (tx) => {
    if (owner.tournamentId) await tx.$queryRaw`SELECT id FROM tournaments WHERE id = ${owner.tournamentId} FOR UPDATE`;
    const [m] = await tx.$queryRaw<{ status: string; attempt: number; tournament_id: string | null }[]>`
      SELECT status, attempt, tournament_id FROM matches WHERE id = ${matchId} FOR UPDATE`;
    if (!m) return { run: false, reason: 'unknown match', tournamentId: null };
    const tid = m.tournament_id;
    if (m.attempt !== attempt)
      return { run: false, reason: `stale job (attempt ${attempt}, match is at ${m.attempt})`, tournamentId: tid };
    if (m.status !== 'queued' && m.status !== 'running')
      return { run: false, reason: `already ${m.status}`, tournamentId: tid };
    if (tid) {
      const [t] = await tx.$queryRaw<{ status: string; config: StoredConfig; started_at: Date | null }[]>`
        SELECT status, config, started_at FROM tournaments WHERE id = ${tid}`;
      if (t && t.status === 'paused') {
        // A match interrupted mid-play while paused waits in the queue again; resume re-queues it.
        if (m.status === 'running') await tx.match.update({ where: { id: matchId }, data: { status: 'queued' } });
        return { run: false, reason: 'tournament paused', tournamentId: tid };
      }
      if (t && t.status !== 'running') {
        await tx.match.update({
          where: { id: matchId },
          data: { status: 'cancelled', finishedAt: new Date(), failureReason: `the tournament is ${t.status}` },
        });
        return { run: false, reason: `tournament ${t.status}`, tournamentId: tid };
      }
      if (t && m.status === 'queued') {
        const budget = t.config.budget ?? {};
        const reached = budgetReached(budget, await spent(tx as unknown as Db, tid, budget));
        if (reached) {
          await stopTournament(tx as unknown as Db, tid, 'finished', reached);
          return { run: false, reason: reached, tournamentId: tid };
        }
      }
      if (t && !t.started_at) await tx.tournament.update({ where: { id: tid }, data: { startedAt: new Date() } });
      const stagesPending = !!t && stagesAfterPlay(t.config as StoredTournamentConfig).length > 0;
      await tx.match.update({ where: { id: matchId }, data: { status: 'running', stagesPending } });
      return { run: true, tournamentId: tid };
    }
    await tx.match.update({ where: { id: matchId }, data: { status: 'running' } });
    return { run: true, tournamentId: tid };
  });
}

/** The stages after play of a match are done (or will not run: the match did not finish): it no longer holds its tournament open. */
export async function stagesDone(db: Db, matchId: string): Promise<void> {
  await db.$executeRaw`UPDATE matches SET stages_pending = false WHERE id = ${matchId} AND stages_pending`;
}

export async function hasStagesPending(db: Db, matchId: string): Promise<boolean> {
  const m = await db.match.findUnique({ where: { id: matchId }, select: { stagesPending: true } });
  return !!m?.stagesPending;
}

/** Called after a match of the tournament ends: applies budgets, ends the tournament, or plans the next adaptive batch. */
export async function settleTournament(db: Db, boss: PgBoss, tournamentId: string): Promise<void> {
  // Open: a match queued, in play, or finished with its stages after play (judge, SimulBench) still to run.
  // Fast path without the lock: nothing to decide while other matches are open and no token/cost budget applies.
  // Safe: each match settles after its own end is committed, so the last one to end always sees none open.
  const [peek] = await db.$queryRaw<{ status: string; config: StoredConfig; open: bigint }[]>`
    SELECT t.status, t.config, ((SELECT COUNT(*) FROM matches WHERE tournament_id = t.id AND status IN ('queued', 'running'))
      + (SELECT COUNT(*) FROM matches WHERE tournament_id = t.id AND stages_pending)) AS open FROM tournaments t WHERE t.id = ${tournamentId}`;
  if (!peek || peek.status !== 'running') return;
  const b = peek.config.budget ?? {};
  if (Number(peek.open) > 0 && b.maxTokens === undefined && b.maxCostUsd === undefined) return;
  const next = await db.$transaction(async (tx) => {
    const [t] = await tx.$queryRaw<{ status: string; config: StoredConfig }[]>`
      SELECT status, config FROM tournaments WHERE id = ${tournamentId} FOR UPDATE`;
    if (!t || t.status !== 'running') return null;
    const budget = t.config.budget ?? {};
    const s = await spent(tx as unknown as Db, tournamentId, budget);
    // Token and cost budgets stop at once (matches in play finish); a match budget stops when no more may start.
    const reached = budgetReached({ ...budget, maxMatches: undefined }, s);
    if (reached) {
      await stopTournament(tx as unknown as Db, tournamentId, 'finished', reached);
      return null;
    }
    const [open] = await tx.$queryRaw<{ n: bigint }[]>`
      SELECT ((SELECT COUNT(*) FROM matches WHERE tournament_id = t.id AND status IN ('queued', 'running'))
      + (SELECT COUNT(*) FROM matches WHERE tournament_id = t.id AND stages_pending)) AS n FROM tournaments t WHERE t.id = ${tournamentId}`;
    if (Number(open?.n ?? 0) > 0) return null;
    const byMatches = budgetReached(budget, s);
    if (t.config.format !== 'adaptive' || byMatches) {
      await stopTournament(tx as unknown as Db, tournamentId, 'finished', byMatches);
      return null;
    }
    return { config: t.config };
  });
  if (next) await nextAdaptiveBatch(db, boss, tournamentId, next.config);
}

/** Adaptive format: rate what has been played; stop when adjacent agents are separated, else queue the closest pairs. */
async function nextAdaptiveBatch(
  db: Db,
  boss: PgBoss,
  tournamentId: string,
  config: StoredConfig & { format: 'adaptive' },
): Promise<void> {
  const round = (config.round ?? 0) + 1;
  const matches = await tournamentRatedMatches(db, tournamentId);
  // The bootstrap runs outside any lock; the batch is written only if nobody else advanced the round meanwhile.
  const intervals = intervalsFrom(matches, config.agentIds, {
    confidence: config.confidence,
    rounds: 500,
    seed: `${config.seed}:${round}`,
  });
  const separated = allSeparated(intervals);
  const pairs = separated ? [] : choosePairs(intervals, config.pairsPerBatch);
  await db.$transaction(async (tx) => {
    const [t] = await tx.$queryRaw<{ status: string; config: StoredConfig }[]>`
      SELECT status, config FROM tournaments WHERE id = ${tournamentId} FOR UPDATE`;
    if (!t || t.status !== 'running' || (t.config.round ?? 0) !== round - 1) return;
    if (pairs.length === 0) {
      await stopTournament(
        tx as unknown as Db,
        tournamentId,
        'finished',
        `every adjacent pair is separated at ${Math.round(config.confidence * 100)}% confidence`,
      );
      return;
    }
    const plan = adaptiveBatch({
      gameIds: config.gameIds,
      pairs,
      seedsPerPair: config.gamesPerPair / 2,
      seed: config.seed,
      round,
    });
    await tx.tournament.update({ where: { id: tournamentId }, data: { config: { ...t.config, round } as object } });
    const queued = await insertMatches(tx as unknown as Db, tournamentId, plan, { ...config, round });
    await enqueueMatches(boss, queued, MATCH_QUEUE, config.priority ?? 0, tx);
  });
}

async function setStatus(db: Db, id: string, from: string[], to: string, verb: string): Promise<void> {
  const t = await db.tournament.findUnique({ where: { id }, select: { status: true } });
  if (!t) throw new AdminError('that tournament does not exist');
  if (!from.includes(t.status)) throw new AdminError(`the tournament is ${t.status}, so it cannot be ${verb}`);
  const n = await db.tournament.updateMany({ where: { id, status: { in: from } }, data: { status: to } });
  if (n.count === 0) throw new AdminError(`the tournament changed meanwhile; reload and try again`);
}

/** No new match starts; matches in play finish. */
export async function pauseTournament(db: Db, boss: PgBoss, id: string): Promise<void> {
  await setStatus(db, id, ['running'], 'paused', 'paused');
  await withdrawJobs(
    boss,
    await db.match.findMany({ where: { tournamentId: id, status: 'queued' }, select: { id: true, attempt: true } }),
  );
}

/** Queued (and interrupted) matches get fresh jobs. */
export async function resumeTournament(db: Db, boss: PgBoss, id: string): Promise<void> {
  await setStatus(db, id, ['paused'], 'running', 'resumed');
  const priority = await priorityOf(db, id);
  await db.$transaction(async (tx) => {
    const requeued = await tx.$queryRaw<{ id: string; attempt: number }[]>`
      UPDATE matches SET attempt = attempt + 1 WHERE tournament_id = ${id} AND status = 'queued' RETURNING id, attempt`;
    await enqueueMatches(boss, requeued, MATCH_QUEUE, priority, tx);
  });
  await settleTournament(db, boss, id);
}

/** Queued matches are cancelled unplayed; matches in play finish and count. */
export async function cancelTournament(db: Db, boss: PgBoss, id: string): Promise<void> {
  const t = await db.tournament.findUnique({ where: { id }, select: { status: true } });
  if (!t) throw new AdminError('that tournament does not exist');
  if (t.status !== 'running' && t.status !== 'paused') throw new AdminError(`the tournament is already ${t.status}`);
  const cancelled = await db.$transaction(async (tx) => {
    await tx.$queryRaw`SELECT id FROM tournaments WHERE id = ${id} FOR UPDATE`;
    return stopTournament(tx as unknown as Db, id, 'cancelled', 'cancelled by an admin');
  });
  await withdrawJobs(boss, cancelled);
}

/**
 * Makes sure every open match of a running tournament has a live job, and that finished tournaments are marked so.
 * Runs at start-up and periodically: after a crash, or a job that exhausted its retries, nothing is left behind.
 */
export async function reconcile(db: Db, boss: PgBoss): Promise<{ requeued: number; givenUp: number }> {
  const open = await db.$queryRaw<
    { id: string; attempt: number; tournament_id: string | null; priority: number; interactive: boolean }[]
  >`
    SELECT m.id, m.attempt, m.tournament_id, COALESCE((t.config->>'priority')::int, 0) AS priority,
      EXISTS (SELECT 1 FROM seats s JOIN agents a ON a.id = s.agent_id WHERE s.match_id = m.id AND a.kind = 'human') AS interactive
    FROM matches m LEFT JOIN tournaments t ON t.id = m.tournament_id
    WHERE m.status IN ('queued', 'running') AND (t.id IS NULL OR t.status = 'running')`;
  const live = await liveJobIds(
    boss,
    open.map((m) => jobIdFor(m.id, m.attempt)),
  );
  const lost = open.filter((m) => !live.has(jobIdFor(m.id, m.attempt)));
  const requeue: { id: string; attempt: number; interactive: boolean; priority: number }[] = [];
  let givenUp = 0;
  for (const m of lost) {
    if (m.attempt + 1 >= MAX_ATTEMPTS) {
      const n = await db.match.updateMany({
        where: { id: m.id, attempt: m.attempt, status: { in: ['queued', 'running'] } },
        data: {
          status: 'failed',
          finishedAt: new Date(),
          failureReason: `could not be played after ${MAX_ATTEMPTS} attempts (the worker stopped each time)`,
        },
      });
      givenUp += n.count;
      continue;
    }
    const n = await db.match.updateMany({
      where: { id: m.id, attempt: m.attempt, status: { in: ['queued', 'running'] } },
      data: { attempt: m.attempt + 1 },
    });
    if (n.count) requeue.push({ id: m.id, attempt: m.attempt + 1, interactive: m.interactive, priority: m.priority });
  }
  for (const p of new Set(requeue.filter((m) => !m.interactive).map((m) => m.priority))) {
    await enqueueMatches(
      boss,
      requeue.filter((m) => !m.interactive && m.priority === p),
      MATCH_QUEUE,
      p,
    );
  }
  await enqueueMatches(
    boss,
    requeue.filter((m) => m.interactive),
    PLAY_QUEUE,
  );
  // A finished match whose stages after play (judge, SimulBench) never ran, its job gone (the worker stopped in between
  // and the retries ran out): a fresh job runs them (the claim sees the match finished), so the tournament can end.
  const unjudged = await db.$queryRaw<{ id: string; attempt: number }[]>`
    SELECT m.id, m.attempt FROM matches m JOIN tournaments t ON t.id = m.tournament_id
    WHERE m.stages_pending AND m.status = 'finished' AND t.status = 'running'`;
  const liveStages = await liveJobIds(
    boss,
    unjudged.map((m) => jobIdFor(m.id, m.attempt)),
  );
  const restage: { id: string; attempt: number }[] = [];
  for (const m of unjudged.filter((x) => !liveStages.has(jobIdFor(x.id, x.attempt)))) {
    const n = await db.match.updateMany({
      where: { id: m.id, attempt: m.attempt, stagesPending: true },
      data: { attempt: m.attempt + 1 },
    });
    if (n.count) restage.push({ id: m.id, attempt: m.attempt + 1 });
  }
  await enqueueMatches(boss, restage, MATCH_QUEUE);
  const running = await db.tournament.findMany({ where: { status: 'running' }, select: { id: true } });
  for (const t of running) await settleTournament(db, boss, t.id);
  return { requeued: requeue.length + restage.length, givenUp };
}
