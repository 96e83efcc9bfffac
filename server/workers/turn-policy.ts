// The turn policy: how the runner gets one seat's move. An answer is checked (lib/engine/validate.ts); an illegal or
// unreadable one goes back to the player with the reason and is tried again; a person has a deadline; a seat that
// gives no acceptable answer has a move played for it (a random legal move, or the game's fallback), recorded as a
// forfeited turn; a person who keeps running out of time loses the match.
import type { GameDef, Seat } from '../../lib/engine/types';
import { streamRng } from '../../lib/engine/rng';
import type { RapSearchPayload } from '../../lib/agents/rap';
import { validateAction } from '../../lib/engine/validate';
import { ownWordsAudience } from '../../lib/engine/visibility';
import { ResignError } from '../agents/human';
import { InfraError, type Agent, type AgentAnswer, type TurnContext } from '../agents/types';
import { defaultConfig, runnerSettings } from '../config';
import type { EventWriter } from './event-writer';
import type { MatchSetup, SeatStats } from './store';

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

/** The configured defaults (server/config.ts); server/main.ts passes the configured policy down to the workers. */
export const defaultPolicy: RunnerPolicy = { ...runnerSettings(defaultConfig), humanTimeoutsToForfeit: 3 };

type Action = { type: string };

/**
 * A seat's move for this turn, or its resignation. `forfeited`: why the policy chose the move, not the seat.
 * `timedOut`: a person's time ran out on this turn, `count` turns in a row of the `limit` that loses the match.
 */
export type Decision =
  { action: Action; forfeited?: string; timedOut?: { count: number; limit: number } } | { resign: string };

export interface TurnPolicyContext {
  matchId: string;
  setup: MatchSetup;
  game: GameDef;
  /** The match's game config, parsed. */
  config: unknown;
  agents: Agent[];
  policy: RunnerPolicy;
  writer: EventWriter;
  /** The seats' counts, kept up to date here (illegal answers, replies, forfeited turns). */
  stats: SeatStats[];
}

/** A rejected answer, with the reason sent back with the next try. */
type Rejection = { reply: string; error: string };

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

export class TurnPolicy {
  /** Timed-out turns in a row, per seat (people only). */
  private readonly timeouts: number[];

  constructor(private readonly m: TurnPolicyContext) {
    this.timeouts = m.setup.seats.map(() => 0);
  }

  /** Asks one seat for its move in `state`, applying the retry and fallback policy. */
  async decide(state: unknown, seat: Seat, ply: number): Promise<Decision> {
    const { game, policy, writer, stats } = this.m;
    const agent = this.m.agents[seat]!;
    if (agent.kind === 'human') return this.decideHuman(state, seat, ply);
    const row = this.m.setup.seats[seat]!.agent;
    const seen = this.seen(state, seat);
    const { legal } = seen;
    // Baselines cannot write free text (a description): they play the game's fallback, recorded as forfeited.
    const silent = legal === null && agent.kind !== 'llm' ? game.fallback(state, seat) : null;
    if (silent) {
      stats[seat]!.forfeits++;
      return { action: silent, forfeited: `${row.name} cannot write free text; the game’s fallback move was played` };
    }
    const rejections: Rejection[] = [];
    const tries = Math.max(policy.maxRetries + 1, game.meta.minTries ?? 0);
    for (let attempt = 0; attempt < tries; attempt++) {
      const call = { seat, ply, attempt, agentId: row.id };
      let ans: AgentAnswer;
      try {
        ans = await withTimeout(
          (signal) => agent.act(this.turn(seen, seat, ply, attempt, rejections, signal)),
          policy.moveTimeoutMs,
          row.name,
        );
      } catch (err) {
        if (err instanceof InfraError && err.calls.length) {
          writer.stageCalls(...err.calls.map((c) => ({ ...c, ...call, parsedAction: null })));
          await writer.flush();
        }
        throw err;
      }
      // The topics it asked to read first (Explain): each call recorded, each request shown with the text it got.
      for (const x of ans.explains ?? []) {
        writer.stageCalls(...(x.failedCalls ?? []).map((c) => ({ ...c, ...call, parsedAction: null })));
        if (x.call) writer.stageCalls({ ...x.call, ...call, parsedAction: null });
        stats[seat]!.replies++;
        stats[seat]!.explains++;
        const c = x.call;
        const payload = {
          text: x.text,
          attempt,
          latencyMs: c?.latencyMs ?? null,
          tokensIn: c?.tokensIn ?? null,
          tokensOut: c?.tokensOut ?? null,
          explain: { asked: x.asked, topic: x.topic, answer: x.answer },
        };
        writer.stage({ kind: 'reply', seat, payload }, ownWordsAudience(game, seat));
      }
      // Replies an agent asked again after by itself (GameBench's agent: its reasoning, its earlier tries), in order:
      // each call recorded, each reply shown; an Explain counted as one, a reply it could not use as an illegal answer.
      for (const x of ans.steps ?? []) {
        const at = { ...call, attempt: x.attempt ?? attempt };
        writer.stageCalls(...(x.failedCalls ?? []).map((c) => ({ ...c, ...at, parsedAction: null })));
        if (x.call) writer.stageCalls({ ...x.call, ...at, parsedAction: null });
        stats[seat]!.replies++;
        if (x.explain) stats[seat]!.explains++;
        const c = x.call;
        const payload = {
          text: x.text,
          attempt: at.attempt,
          latencyMs: c?.latencyMs ?? null,
          tokensIn: c?.tokensIn ?? null,
          tokensOut: c?.tokensOut ?? null,
          ...(x.explain ? { explain: x.explain } : {}),
        };
        writer.stage({ kind: 'reply', seat, payload }, ownWordsAudience(game, seat));
        if (x.rejected !== undefined) {
          stats[seat]!.illegal++;
          await writer.emit(
            { kind: 'illegal', seat, payload: { error: x.rejected, attempt: at.attempt, action: null } },
            ownWordsAudience(game, seat),
          );
        }
      }
      // Checked: the action's shape (zod), then the game's legality check, whose words go back to the model.
      const check = ans.ok ? validateAction(game, state, seat, ans.action) : { ok: false as const, error: ans.error };
      const own = ans.attempt ?? attempt;
      const answered = { ...call, attempt: own };
      writer.stageCalls(...(ans.failedCalls ?? []).map((c) => ({ ...c, ...answered, parsedAction: null })));
      if (ans.call) writer.stageCalls({ ...ans.call, ...answered, parsedAction: ans.ok ? ans.action : null });
      // A planning scaffold's search (RAP): each of its calls recorded with its purpose; its tree goes with the reply.
      const searched = ans.ok ? ans.searchCalls : undefined;
      if (searched) writer.stageCalls(...searched.map((c) => ({ ...c, ...call, parsedAction: null })));
      if (ans.text !== undefined) {
        stats[seat]!.replies++;
        const c = ans.call;
        const trace =
          ans.ok && ans.search
            ? {
                trace: {
                  scaffold: 'rap',
                  data: {
                    tree: ans.search.tree,
                    chosenAction: ans.search.chosenAction,
                    total: ans.search.total,
                    settings: ans.search.settings,
                    calls: searched?.length ?? 0,
                  } satisfies RapSearchPayload,
                },
              }
            : {};
        const spent = searched?.length
          ? {
              latencyMs: searched.reduce((t, x) => t + x.latencyMs, 0),
              tokensIn: searched.reduce((t, x) => t + (x.tokensIn ?? 0), 0),
              tokensOut: searched.reduce((t, x) => t + (x.tokensOut ?? 0), 0),
            }
          : null;
        const payload = {
          text: ans.text,
          attempt: own,
          latencyMs: spent?.latencyMs ?? c?.latencyMs ?? null,
          tokensIn: spent?.tokensIn ?? c?.tokensIn ?? null,
          tokensOut: spent?.tokensOut ?? c?.tokensOut ?? null,
          ...trace,
        };
        writer.stage({ kind: 'reply', seat, payload }, ownWordsAudience(game, seat));
      }
      if (check.ok) return { action: check.action };
      stats[seat]!.illegal++;
      await writer.emit(
        { kind: 'illegal', seat, payload: { error: check.error, attempt: own, action: ans.ok ? ans.action : null } },
        ownWordsAudience(game, seat),
      );
      // An agent that has made its own tries (GameBench's) is not asked again: the fallback move at once.
      if (ans.final !== undefined) return this.forfeit(state, seat, ply, ans.final);
      rejections.push({ reply: ans.text ?? '', error: check.error });
    }
    // Retries exhausted: a random legal move (or the game's fallback) is played for the seat, recorded as forfeited.
    return this.forfeit(state, seat, ply, `no legal answer after ${tries} tries`);
  }

  /** The fallback move played for a seat that gave no legal answer (`why`), recorded as forfeited. */
  private forfeit(state: unknown, seat: Seat, ply: number, why: string): Decision {
    const fallback = this.fallbackMove(state, seat, ply);
    const row = this.m.setup.seats[seat]!.agent;
    if (!fallback) throw new Error(`${row.name} gave no legal answer and ${this.m.game.id} has no fallback move`);
    this.m.stats[seat]!.forfeits++;
    return { action: fallback.action, forfeited: `${why}; ${fallback.what} was played` };
  }

  /**
   * A person's turn: the turn (with its deadline) is announced, then their move is awaited. The hub has already
   * checked it; a move that is illegal anyway is refused with the reason and they try again until the deadline.
   */
  private async decideHuman(state: unknown, seat: Seat, ply: number): Promise<Decision> {
    const { game, policy, writer, stats, setup } = this.m;
    const agent = this.m.agents[seat]!;
    const seconds = setup.moveSeconds ?? game.meta.humanMoveSeconds;
    const deadline = Date.now() + seconds * 1000;
    const name = setup.seats[seat]!.agent.name;
    const seen = this.seen(state, seat);
    await writer.emit({ kind: 'turn', seat, payload: { ply, seconds, deadline: new Date(deadline).toISOString() } });
    const rejections: Rejection[] = [];
    for (let attempt = 0; ; attempt++) {
      const left = deadline - Date.now();
      let action: Action | null = null;
      if (left > 0) {
        const ctl = new AbortController();
        const timer = setTimeout(() => ctl.abort(), left);
        try {
          const ans = await agent.act(this.turn(seen, seat, ply, attempt, rejections, ctl.signal));
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
        this.timeouts[seat]!++;
        const timedOut = this.timeouts[seat]!;
        const fallback = this.fallbackMove(state, seat, ply);
        if (!fallback) return { resign: `${name} ran out of time` };
        if (timedOut >= policy.humanTimeoutsToForfeit)
          return { resign: `${name} ran out of time on ${timedOut} turns in a row` };
        stats[seat]!.forfeits++;
        return {
          action: fallback.action,
          forfeited: `time ran out (${seconds} s); ${fallback.what} was played`,
          timedOut: { count: timedOut, limit: policy.humanTimeoutsToForfeit },
        };
      }
      const check = validateAction(game, state, seat, action);
      if (check.ok) {
        this.timeouts[seat] = 0;
        return { action: check.action };
      }
      stats[seat]!.illegal++;
      await writer.emit(
        { kind: 'illegal', seat, payload: { error: check.error, attempt, action } },
        ownWordsAudience(game, seat),
      );
      rejections.push({ reply: JSON.stringify(action), error: check.error });
    }
  }

  /** What a seat is shown for its turn: its own view of the state and its legal moves (null: open-ended). */
  private seen(state: unknown, seat: Seat): Pick<TurnContext, 'view' | 'legal'> {
    return { view: this.m.game.view(state, { seat }), legal: this.m.game.legalActions(state, seat) };
  }

  /** What an agent is asked for one try: what it is shown, the rejections so far, its own rng. */
  private turn(
    seen: Pick<TurnContext, 'view' | 'legal'>,
    seat: Seat,
    ply: number,
    attempt: number,
    rejections: Rejection[],
    signal: AbortSignal,
  ): TurnContext {
    const { game, config, matchId, setup } = this.m;
    return {
      game,
      config,
      matchId,
      numPlayers: setup.numPlayers,
      seat,
      ply,
      attempt,
      ...seen,
      rejections,
      rng: streamRng(setup.generator, setup.seed, `agent:${seat}:${ply}:${attempt}`),
      signal,
    };
  }

  /**
   * The move played for a seat that gave no acceptable answer: a random legal move, or where the actions are
   * open-ended the game's own fallback (silence instead of a description); null when the game has neither.
   */
  private fallbackMove(state: unknown, seat: Seat, ply: number): { action: Action; what: string } | null {
    const { game, setup } = this.m;
    const legal = game.legalActions(state, seat);
    if (legal?.length)
      return {
        action: streamRng(setup.generator, setup.seed, `fallback:${ply}`).pick(legal),
        what: 'a random legal move',
      };
    const own = legal === null ? game.fallback(state, seat) : null;
    return own ? { action: own, what: 'the game’s fallback move' } : null;
  }
}
