// The match runner: plays one match from its row to its end, through the one place for each policy: the event writer
// (what is stored and broadcast, in order), the turn policy (retries, deadlines, fallbacks, forfeits), resume (a match
// with a person carries on from its log), lib/engine/visibility.ts (who may see what), and here the rest: the start,
// resignations, the end, infrastructure failures.
import type { Outcome, Seat } from '../../lib/engine/types';
import { getGame } from '../../games/registry';
import { streamRng } from '../../lib/engine/rng';
import { applyMove, initialState } from '../../lib/engine/replay';
import { earlyEndReason } from '../../lib/people-rating';
import type { Agent } from '../agents/types';
import { InfraError } from '../agents/types';
import type { HumanBridge } from '../agents/human';
import { EventWriter, type Publish } from './event-writer';
import { resumeFrom, type Resumed } from './resume';
import type { AgentRow, MatchStore, SeatStats } from './store';
import { defaultPolicy, TurnPolicy, type Decision, type RunnerPolicy } from './turn-policy';

export { defaultPolicy, type RunnerPolicy };

export interface RunnerDeps {
  store: MatchStore;
  createAgent: (row: AgentRow) => Agent;
  /** Called after each event is stored, with the state after it (for live views). */
  publish?: Publish;
  /** The retry and time limits (server/main.ts passes the configured ones; default: the configuration's defaults). */
  policy?: RunnerPolicy;
  /** Where people's resignations are noticed between moves (the bridge their seats wait on). */
  humans?: HumanBridge;
}

export type RunResult =
  | { status: 'finished'; outcome: Outcome }
  | { status: 'failed'; reason: string }
  | { status: 'skipped'; reason: string };

export async function runMatch(matchId: string, deps: RunnerDeps): Promise<RunResult> {
  const policy = deps.policy ?? defaultPolicy;
  const { store } = deps;
  const setup = await store.load(matchId);
  if (!setup) return { status: 'skipped', reason: 'unknown match' };
  if (setup.status === 'finished' || setup.status === 'failed')
    return { status: 'skipped', reason: `already ${setup.status}` };

  let stats: SeatStats[] = setup.seats.map(() => ({ illegal: 0, forfeits: 0, moves: 0, replies: 0, explains: 0 }));
  let state: unknown;
  // A person's moves cannot be regenerated from the seed: a match with a person carries on from its stored log
  // (after a crash or a restart); every other match restarts from its seed.
  const hasPerson = setup.seats.some((s) => s.agent.kind === 'human');
  const stored = hasPerson ? await store.resume(matchId) : [];
  const resuming = stored.some((ev) => ev.kind === 'start');
  if (!resuming) await store.begin(matchId);
  // Without a person the runner plays on while a turn's write is in flight (pipelined: the writes still go in order,
  // each event broadcast once stored); a person's match waits for each write, since it cannot be played again.
  const writer = new EventWriter({
    matchId,
    setup,
    store,
    state: () => state,
    publish: deps.publish,
    seq: resuming ? stored.at(-1)!.seq : 0,
    pipelined: !hasPerson,
  });
  const fail = async (reason: string): Promise<RunResult> => {
    await writer.emit({ kind: 'failed', seat: null, payload: { reason } });
    await writer.drain();
    await store.fail(matchId, reason, stats, writer.seq);
    return { status: 'failed', reason };
  };

  const game = getGame(setup.gameId);
  if (!game) return fail(`unknown game "${setup.gameId}"`);
  const cfg = game.configSchema.safeParse(setup.config ?? {});
  if (!cfg.success) return fail(`invalid game config: ${cfg.error.message}`);
  const config = cfg.data;
  let agents: Agent[];
  try {
    agents = setup.seats.map((s) => deps.createAgent(s.agent));
    state = initialState(game, config, setup, setup.numPlayers);
  } catch (err) {
    return fail(`could not start: ${(err as Error).message}`);
  }

  let ply = 0;
  let resumed: Resumed | null = null;
  if (resuming) {
    resumed = resumeFrom(game, config, setup, stored);
    ({ state, stats, ply } = resumed);
  } else {
    // Hidden-information decision: the seed stays on the match row (games deal from it); the log, which viewers
    // receive, never carries it.
    await writer.emit({
      kind: 'start',
      seat: null,
      payload: { seats: setup.seats.map((s) => ({ seat: s.seat, agentId: s.agent.id, agentName: s.agent.name })) },
    });
  }
  const turns = new TurnPolicy({ matchId, setup, game, config, agents, policy, writer, stats });

  /**
   * `early`: why the match rates no one already (a person gave it up too soon). Otherwise a match with a person asks the
   * people rule (lib/people-rating.ts) whether it counts. Either reason is shown with its outcome; the leaderboard
   * leaves the match out.
   */
  const finish = async (outcome: Outcome, early?: string): Promise<RunResult> => {
    const endStored = writer.seq === resumed?.endSeq;
    // Resumed after the end was stored: the stored end said whether it rates anyone (the person's history has moved on since).
    let unrated = endStored ? (stored.at(-1)!.payload as { unrated?: string }).unrated : early;
    if (!endStored && !unrated && hasPerson) unrated = (await store.peopleVerdict?.(setup)) ?? undefined;
    // Resumed after the end was stored but before the match was marked finished: only the marking is left.
    if (!endStored) {
      await writer.emit({
        kind: 'end',
        seat: null,
        payload: {
          scores: outcome.scores,
          reason: outcome.reason,
          winner: outcome.winner ?? null,
          rewards: outcome.rewards ?? null,
          ...(outcome.summary ? { summary: outcome.summary } : {}),
          ...(unrated ? { rated: false, unrated } : {}),
        },
      });
    }
    // Seats that play together are one side in the stored result (seats.outcome is by side: lib/outcomes.ts): every
    // seat of a cooperative game is one team.
    const sided =
      game.meta.scoring === 'cooperative' && !outcome.teams
        ? { ...outcome, teams: outcome.scores.map(() => 'team') }
        : outcome;
    await writer.drain();
    await store.finish(matchId, sided, stats, writer.seq, unrated);
    return { status: 'finished', outcome };
  };
  /**
   * A seat resigned (a person, or a person who kept running out of time): it scores 0, the others share the win. A
   * person who gives up before a fair share of moves of their own (PEOPLE_RULE.fairShareMoves; forfeited turns are not
   * theirs) rates no one: otherwise one throwaway name could hand any agent free wins at a move a game.
   */
  const finishResigned = (seat: Seat, reason: string): Promise<RunResult> => {
    const n = setup.numPlayers;
    const scores = Array.from({ length: n }, (_, s) => (s === seat ? 0 : 1 / (n - 1)));
    const who = setup.seats[seat]!.agent;
    const unrated =
      (who.kind === 'human' ? earlyEndReason(who.name, stats[seat]!.moves - stats[seat]!.forfeits) : null) ?? undefined;
    // With more than two seats the others win together: one side against the seat that gave up.
    const teams = n > 2 ? scores.map((_, s) => (s === seat ? 'resigned' : 'others')) : undefined;
    return finish({ scores, reason, winner: n === 2 ? 1 - seat : null, ...(teams ? { teams } : {}) }, unrated);
  };
  const resign = async (seat: Seat, reason: string): Promise<RunResult> => {
    await writer.emit({ kind: 'resign', seat, payload: { reason } });
    return finishResigned(seat, reason);
  };

  try {
    for (;;) {
      const outcome = game.outcome(state);
      if (outcome) return await finish(outcome);
      // A resignation stored before a crash, or one sent while another seat was thinking.
      if (resumed?.resigned) return await finishResigned(resumed.resigned.seat, resumed.resigned.reason);
      const quitter = deps.humans?.resigned(matchId) ?? null;
      if (quitter !== null) return await resign(quitter, `${setup.seats[quitter]!.agent.name} resigned`);
      const active = game.activeSeats(state);
      // Simultaneous moves: every active seat decides on the same state, then the moves apply in seat order.
      const decisions = await Promise.all(active.map((seat, i) => turns.decide(state, seat, ply + i)));
      const gaveUp = active.findIndex((_, i) => 'resign' in decisions[i]!);
      if (gaveUp >= 0) return await resign(active[gaveUp]!, (decisions[gaveUp] as { resign: string }).resign);
      for (let i = 0; i < active.length; i++) {
        const seat = active[i]!;
        const d = decisions[i] as Exclude<Decision, { resign: string }>;
        const prev = state;
        state = applyMove(game, state, setup, { ply, seat, action: d.action });
        const lines = game.describe(prev, state, seat, d.action);
        const metrics = game.moveMetrics(
          prev,
          state,
          seat,
          d.action,
          streamRng(setup.generator, setup.seed, `metrics:${ply}`),
        );
        stats[seat]!.moves++;
        await writer.emit({
          kind: 'move',
          seat,
          payload: {
            ply,
            action: d.action,
            lines,
            ...(metrics ? { metrics } : {}),
            ...(d.forfeited ? { forfeited: true, reason: d.forfeited } : {}),
            ...(d.timedOut ? { timedOut: d.timedOut } : {}),
          },
        });
        ply++;
      }
    }
  } catch (err) {
    if (err instanceof InfraError) return fail(err.message);
    if (isDbError(err)) {
      // The job is retried: the match restarts from its seed (resumes, with a person), after this run's last write.
      await writer.drain().catch(() => {});
      throw err;
    }
    return fail(`internal error: ${(err as Error).message}`);
  } finally {
    deps.humans?.forget(matchId);
  }
}

function isDbError(err: unknown): boolean {
  const name = (err as { name?: string })?.name ?? '';
  return name.startsWith('PrismaClient') || (err as { code?: string })?.code?.startsWith?.('ECONN') === true;
}
