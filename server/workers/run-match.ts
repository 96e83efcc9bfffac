// The match runner: the one place for every policy (retries, fallbacks, timeouts, infrastructure failures, visibility).
import type { GameDef, LogLine, Outcome, Seat } from '../../games/types';
import { getGame } from '../../games/registry';
import { createRng } from '../../lib/engine/rng';
import { applyMove, initialState, replayStates } from '../../lib/engine/replay';
import type { Agent, AgentAnswer } from '../agents/types';
import { InfraError } from '../agents/types';
import { ResignError, type HumanBridge } from '../agents/human';
import type { AgentRow, CallRow, MatchSetup, MatchStore, SeatStats, StoredEvent } from './store';

export interface RunnerPolicy {
  /** Further tries after an illegal or unparsable answer, each told why the last one was rejected. */
  maxRetries: number;
  /** Time one agent has for one answer; for model and engine seats, running out voids the match. */
  moveTimeoutMs: number;
  /**
   * For a person, running out of time is part of play, not an infrastructure failure: a random legal move is played
   * for them (recorded as forfeited), and after this many timed-out turns in a row they lose the match.
   */
  humanTimeoutsToForfeit: number;
}

export const defaultPolicy: RunnerPolicy = {
  maxRetries: Number(process.env.ARENA_MAX_RETRIES ?? 2),
  moveTimeoutMs: Number(process.env.ARENA_MOVE_TIMEOUT_MS ?? 180_000),
  humanTimeoutsToForfeit: 3,
};

export interface RunnerDeps {
  store: MatchStore;
  createAgent: (row: AgentRow) => Agent;
  /** Called after each event is stored, with the state after it (for live views). */
  publish?: (matchId: string, ev: StoredEvent, state: unknown, setup: MatchSetup) => void;
  policy?: RunnerPolicy;
  /** Where people's resignations are noticed between moves (the bridge their seats wait on). */
  humans?: HumanBridge;
}

export type RunResult = { status: 'finished'; outcome: Outcome } | { status: 'failed'; reason: string } | { status: 'skipped'; reason: string };

/** Whether a seat's own words may reveal its private information: in hidden-information games they stay with that seat until the end. */
function privateWords(game: GameDef, seat: Seat): number[] {
  return game.meta.info === 'perfect' ? [] : [seat];
}

function withTimeout<T>(work: (signal: AbortSignal) => Promise<T>, ms: number, what: string): Promise<T> {
  const ctl = new AbortController();
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => {
      ctl.abort();
      reject(new InfraError(`${what} did not answer within ${Math.round(ms / 1000)} s`));
    }, ms);
  });
  return Promise.race([work(ctl.signal), timeout]).finally(() => clearTimeout(timer));
}

export async function runMatch(matchId: string, deps: RunnerDeps): Promise<RunResult> {
  const policy = deps.policy ?? defaultPolicy;
  const { store } = deps;
  const setup = await store.load(matchId);
  if (!setup) return { status: 'skipped', reason: 'unknown match' };
  if (setup.status === 'finished' || setup.status === 'failed') return { status: 'skipped', reason: `already ${setup.status}` };

  const stats: SeatStats[] = setup.seats.map(() => ({ illegal: 0, forfeits: 0, moves: 0, replies: 0 }));
  /** Timed-out turns in a row, per seat (people only). */
  const timeouts: number[] = setup.seats.map(() => 0);
  let seq = 0;
  let state: unknown;
  // Events and call rows of one turn are staged and written together (one statement), then broadcast.
  const staged: { ev: StoredEvent; state: unknown }[] = [];
  const stagedCalls: CallRow[] = [];
  const stage = (kind: string, seat: Seat | null, payload: Record<string, unknown>, visibleTo: number[] = []) => {
    staged.push({ ev: { seq: ++seq, kind, seat, payload, visibleTo, at: new Date() }, state });
  };
  const flush = async () => {
    if (!staged.length && !stagedCalls.length) return;
    const evs = staged.splice(0);
    const calls = stagedCalls.splice(0);
    if (store.appendBatch) await store.appendBatch(matchId, evs.map((e) => e.ev), calls);
    else {
      for (const c of calls) await store.recordCall(matchId, c);
      for (const e of evs) await store.append(matchId, e.ev);
    }
    for (const e of evs) deps.publish?.(matchId, e.ev, e.state, setup); // written before it is broadcast
  };
  const emit = async (kind: string, seat: Seat | null, payload: Record<string, unknown>, visibleTo: number[] = []) => {
    stage(kind, seat, payload, visibleTo);
    await flush();
  };
  const fail = async (reason: string): Promise<RunResult> => {
    await emit('failed', null, { reason });
    await store.fail(matchId, reason, stats, seq);
    return { status: 'failed', reason };
  };

  // A person's moves cannot be regenerated from the seed: a match with a person carries on from its stored log
  // (after a crash or a restart); every other match restarts from its seed.
  const hasPerson = setup.seats.some((s) => s.agent.kind === 'human');
  const stored = hasPerson && store.resume ? await store.resume(matchId) : [];
  const resuming = stored.some((ev) => ev.kind === 'start');
  if (!resuming) await store.begin(matchId);
  const game = getGame(setup.gameId);
  if (!game) return fail(`unknown game "${setup.gameId}"`);
  const cfg = game.configSchema.safeParse(setup.config ?? {});
  if (!cfg.success) return fail(`invalid game config: ${cfg.error.message}`);
  const config = cfg.data;
  let agents: Agent[];
  try {
    agents = setup.seats.map((s) => deps.createAgent(s.agent));
    state = initialState(game, config, setup.seed, setup.numPlayers);
  } catch (err) {
    return fail(`could not start: ${(err as Error).message}`);
  }

  let ply = 0;
  if (resuming) {
    const moves = stored.filter((ev) => ev.kind === 'move');
    state = replayStates(game, config, setup.seed, setup.numPlayers, moves.map((ev) => ({
      ply: Number(ev.payload.ply), seat: ev.seat ?? 0, action: ev.payload.action as { type: string },
    }))).at(-1);
    for (const ev of stored) {
      const st = ev.seat === null ? undefined : stats[ev.seat];
      if (!st) continue;
      if (ev.kind === 'illegal') st.illegal++;
      if (ev.kind === 'reply') st.replies++;
      if (ev.kind === 'move') st.moves++;
      if (ev.kind === 'move' && ev.payload.forfeited === true) st.forfeits++;
    }
    seq = stored.at(-1)!.seq;
    ply = moves.length;
  } else {
    // Hidden-information decision: the seed stays on the match row (games deal from it); the log, which viewers
    // receive, never carries it.
    await emit('start', null, {
      seats: setup.seats.map((s) => ({ seat: s.seat, agentId: s.agent.id, agentName: s.agent.name })),
    });
  }

  /** `timedOut`: a person's time ran out on this turn, `count` turns in a row of the `limit` that loses the match. */
  type Decision = { action: { type: string }; forfeited?: string; timedOut?: { count: number; limit: number } } | { resign: string };

  /**
   * A person's turn: the turn (with its deadline) is announced, then their move is awaited. The hub has already
   * checked it; a move that is illegal anyway is refused with the reason and they try again until the deadline.
   */
  const decideHuman = async (seat: Seat, ply: number): Promise<Decision> => {
    const agent = agents[seat]!;
    const seconds = setup.moveSeconds ?? game.meta.humanMoveSeconds;
    const deadline = Date.now() + seconds * 1000;
    const view = game.view(state, { seat });
    const legal = game.legalActions(state, seat);
    const name = setup.seats[seat]!.agent.name;
    await emit('turn', seat, { ply, seconds, deadline: new Date(deadline).toISOString() });
    const rejections: { reply: string; error: string }[] = [];
    for (let attempt = 0; ; attempt++) {
      const left = deadline - Date.now();
      let action: { type: string } | null = null;
      if (left > 0) {
        const ctl = new AbortController();
        const timer = setTimeout(() => ctl.abort(), left);
        try {
          const ans = await agent.act({
            game, config, matchId, numPlayers: setup.numPlayers, seat, ply, attempt, view, legal, rejections,
            rng: createRng(`${setup.seed}:agent:${seat}:${ply}:${attempt}`), signal: ctl.signal,
          });
          if (ans.ok) action = ans.action;
        } catch (err) {
          if (err instanceof ResignError) return { resign: `${name} resigned` };
          if (!ctl.signal.aborted) throw err;
        } finally {
          clearTimeout(timer);
        }
      }
      if (!action) {
        // Time ran out: the fallback policy plays for them; too many in a row (or no move to fall back on) loses.
        timeouts[seat]!++;
        const fallback = fallbackMove(seat, ply);
        if (!fallback) return { resign: `${name} ran out of time` };
        if (timeouts[seat]! >= policy.humanTimeoutsToForfeit) return { resign: `${name} ran out of time on ${timeouts[seat]} turns in a row` };
        stats[seat]!.forfeits++;
        return {
          action: fallback.action,
          forfeited: `time ran out (${seconds} s); ${fallback.what} was played`,
          timedOut: { count: timeouts[seat]!, limit: policy.humanTimeoutsToForfeit },
        };
      }
      const checked = game.actionSchema.safeParse(action);
      const error = checked.success ? game.reject(state, seat, checked.data) : `malformed action: ${checked.error.issues[0]?.message ?? 'invalid'}`;
      if (error === null && checked.success) {
        timeouts[seat] = 0;
        return { action: checked.data };
      }
      stats[seat]!.illegal++;
      await emit('illegal', seat, { error, attempt, action }, privateWords(game, seat));
      rejections.push({ reply: JSON.stringify(action), error: error ?? 'invalid action' });
    }
  };

  /**
   * The move played for a seat that gave no acceptable answer: a random legal move, or where the actions are
   * open-ended the game's own fallback (silence instead of a description); null when the game has neither.
   */
  const fallbackMove = (seat: Seat, ply: number): { action: { type: string }; what: string } | null => {
    const legal = game.legalActions(state, seat);
    if (legal?.length) return { action: createRng(`${setup.seed}:fallback:${ply}`).pick(legal), what: 'a random legal move' };
    const own = legal === null ? game.fallback(state, seat) : null;
    return own ? { action: own, what: 'the game’s fallback move' } : null;
  };

  /** Asks one seat for its move, applying the retry and fallback policy. */
  const decide = async (seat: Seat, ply: number): Promise<Decision> => {
    const agent = agents[seat]!;
    if (agent.kind === 'human') return decideHuman(seat, ply);
    const row = setup.seats[seat]!.agent;
    const view = game.view(state, { seat });
    const legal = game.legalActions(state, seat);
    // Baselines cannot write free text (a description): they play the game's fallback, recorded as forfeited.
    const silent = legal === null && agent.kind !== 'llm' ? game.fallback(state, seat) : null;
    if (silent) {
      stats[seat]!.forfeits++;
      return { action: silent, forfeited: `${row.name} cannot write free text; the game’s fallback move was played` };
    }
    const rejections: { reply: string; error: string }[] = [];
    for (let attempt = 0; attempt <= policy.maxRetries; attempt++) {
      let ans: AgentAnswer;
      try {
        ans = await withTimeout(
          (signal) =>
            agent.act({
              game, config, matchId, numPlayers: setup.numPlayers, seat, ply, attempt, view, legal, rejections,
              rng: createRng(`${setup.seed}:agent:${seat}:${ply}:${attempt}`), signal,
            }),
          policy.moveTimeoutMs,
          row.name,
        );
      } catch (err) {
        if (err instanceof InfraError && err.calls.length) {
          for (const c of err.calls) stagedCalls.push({ ...c, seat, ply, attempt, agentId: row.id, parsedAction: null });
          await flush();
        }
        throw err;
      }
      // Validate: the action's shape (zod), then the game's legality check, whose words go back to the model.
      let action: { type: string } | null = null;
      let error: string | null = null;
      if (ans.ok) {
        const checked = game.actionSchema.safeParse(ans.action);
        if (!checked.success) error = `malformed action: ${checked.error.issues[0]?.message ?? 'invalid'}`;
        else if ((error = game.reject(state, seat, checked.data)) === null) action = checked.data;
      } else {
        error = ans.error;
      }
      for (const c of ans.failedCalls ?? []) stagedCalls.push({ ...c, seat, ply, attempt, agentId: row.id, parsedAction: null });
      if (ans.call) {
        stagedCalls.push({ ...ans.call, seat, ply, attempt, agentId: row.id, parsedAction: ans.ok ? ans.action : null });
      }
      if (ans.text !== undefined) {
        stats[seat]!.replies++;
        stage(
          'reply',
          seat,
          { text: ans.text, attempt, latencyMs: ans.call?.latencyMs ?? null, tokensIn: ans.call?.tokensIn ?? null, tokensOut: ans.call?.tokensOut ?? null },
          privateWords(game, seat),
        );
      }
      if (action) return { action };
      error ??= 'invalid action';
      stats[seat]!.illegal++;
      await emit('illegal', seat, { error, attempt, action: ans.ok ? ans.action : null }, privateWords(game, seat));
      rejections.push({ reply: ans.text ?? '', error });
    }
    // Retries exhausted: a random legal move (or the game's fallback) is played for the seat, recorded as forfeited.
    const fallback = fallbackMove(seat, ply);
    if (!fallback) throw new Error(`${row.name} gave no legal answer and ${game.id} has no fallback move`);
    stats[seat]!.forfeits++;
    return { action: fallback.action, forfeited: `no legal answer after ${policy.maxRetries + 1} tries; ${fallback.what} was played` };
  };

  /** `unrated`: why the match rates no one (shown with its outcome; the leaderboard leaves it out). */
  const finish = async (outcome: Outcome, unrated?: string): Promise<RunResult> => {
    // Resumed after the end was stored but before the match was marked finished: only the marking is left.
    const last = stored.at(-1);
    if (!(last?.kind === 'end' && seq === last.seq)) await emit('end', null, { scores: outcome.scores, reason: outcome.reason, winner: outcome.winner ?? null, rewards: outcome.rewards ?? null, ...(outcome.summary ? { summary: outcome.summary } : {}), ...(unrated ? { rated: false, unrated } : {}) });
    // Seats that play together are one side in the stored result (seats.outcome is by side: lib/outcomes.ts): every
    // seat of a cooperative game is one team.
    const sided = game.meta.scoring === 'cooperative' && !outcome.teams ? { ...outcome, teams: outcome.scores.map(() => 'team') } : outcome;
    await store.finish(matchId, sided, stats, seq, unrated);
    return { status: 'finished', outcome };
  };
  /**
   * A seat resigned (a person, or a person who kept running out of time): it scores 0, the others share the win. A
   * person who gives up before one move of their own (forfeited turns are not theirs) rates no one: otherwise one
   * account could hand any agent free wins.
   */
  const finishResigned = (seat: Seat, reason: string): Promise<RunResult> => {
    const n = setup.numPlayers;
    const scores = Array.from({ length: n }, (_, s) => (s === seat ? 0 : 1 / (n - 1)));
    const who = setup.seats[seat]!.agent;
    const unrated = who.kind === 'human' && stats[seat]!.moves - stats[seat]!.forfeits <= 0
      ? `${who.name} gave up before making a move of their own, so this match rates no one` : undefined;
    // With more than two seats the others win together: one side against the seat that gave up.
    const teams = n > 2 ? scores.map((_, s) => (s === seat ? 'resigned' : 'others')) : undefined;
    return finish({ scores, reason, winner: n === 2 ? 1 - seat : null, ...(teams ? { teams } : {}) }, unrated);
  };
  const resign = async (seat: Seat, reason: string): Promise<RunResult> => {
    await emit('resign', seat, { reason });
    return finishResigned(seat, reason);
  };

  try {
    for (;;) {
      const outcome = game.outcome(state);
      if (outcome) return await finish(outcome);
      // A resignation stored before a crash, or one sent while another seat was thinking.
      const storedResign = stored.find((ev) => ev.kind === 'resign');
      if (storedResign && storedResign.seat !== null) return await finishResigned(storedResign.seat, String(storedResign.payload.reason ?? 'resigned'));
      const quitter = deps.humans?.resigned(matchId) ?? null;
      if (quitter !== null) return await resign(quitter, `${setup.seats[quitter]!.agent.name} resigned`);
      const active = game.activeSeats(state);
      // Simultaneous moves: every active seat decides on the same state, then the moves apply in seat order.
      const decisions = await Promise.all(active.map((seat, i) => decide(seat, ply + i)));
      const gaveUp = active.findIndex((_, i) => 'resign' in decisions[i]!);
      if (gaveUp >= 0) return await resign(active[gaveUp]!, (decisions[gaveUp] as { resign: string }).resign);
      for (let i = 0; i < active.length; i++) {
        const seat = active[i]!;
        const d = decisions[i] as { action: { type: string }; forfeited?: string; timedOut?: { count: number; limit: number } };
        const prev = state;
        state = applyMove(game, state, setup.seed, { ply, seat, action: d.action });
        const lines: LogLine[] = game.describe(prev, state, seat, d.action);
        const metrics = game.moveMetrics(prev, state, seat, d.action, createRng(`${setup.seed}:metrics:${ply}`));
        stats[seat]!.moves++;
        await emit('move', seat, {
          ply, action: d.action, lines, ...(metrics ? { metrics } : {}), ...(d.forfeited ? { forfeited: true, reason: d.forfeited } : {}), ...(d.timedOut ? { timedOut: d.timedOut } : {}),
        });
        ply++;
      }
    }
  } catch (err) {
    if (err instanceof InfraError) return fail(err.message);
    if (isDbError(err)) throw err; // the job is retried: the match restarts from its seed (resumes, with a person)
    return fail(`internal error: ${(err as Error).message}`);
  } finally {
    deps.humans?.forget(matchId);
  }
}

function isDbError(err: unknown): boolean {
  const name = (err as { name?: string })?.name ?? '';
  return name.startsWith('PrismaClient') || (err as { code?: string })?.code?.startsWith?.('ECONN') === true;
}
