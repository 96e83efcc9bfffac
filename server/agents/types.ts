// What the match runner asks of every kind of player, and what it gets back.
import type { GameDef, Rng, Seat } from '../../lib/engine/types';
import type { CallPurpose } from '../../lib/exports';
import type { RapResult } from '../../lib/agents/rap';
import type { ContentPart } from '../llm/images';

export interface TurnContext {
  game: GameDef;
  config: unknown;
  matchId: string;
  numPlayers: number;
  seat: Seat;
  /** Index of the move being decided. */
  ply: number;
  /** 0 for the first try this turn, 1… for retries after a rejection. */
  attempt: number;
  /** The seat's own view of the state (never the hidden state). */
  view: unknown;
  /** Legal actions, or null when the action space is open-ended. */
  legal: { type: string }[] | null;
  /** Earlier answers this turn that were rejected, oldest first, with the reason sent back. */
  rejections: { reply: string; error: string }[];
  /** Seeded from (match seed, seat, ply, attempt), so agents replay too. */
  rng: Rng;
  /** Aborted when the move's time is up. */
  signal: AbortSignal;
}

/** What a model call cost and carried, kept for every request (the `llm_calls` table). */
export interface CallRecord {
  /** What the call was for: a player's move, or a judge's verdict after the match. */
  purpose: CallPurpose;
  model: string;
  /** As sent, except that an image part's data URL is a short placeholder (server/llm/images.ts). */
  messages: { role: string; content: string | ContentPart[] }[];
  reply: string | null;
  error: string | null;
  tokensIn: number | null;
  tokensOut: number | null;
  latencyMs: number;
  /** US dollars at the provider's prices; null when unknown. */
  costUsd?: number | null;
}

/**
 * A request to explain a rules topic made before the answer (GameBench's Explain(topic)): what the model asked
 * (`asked`), the topic it matched (null: no such topic), the text sent back, and the call that asked.
 */
export interface Explained {
  asked: string;
  topic: string | null;
  answer: string;
  text: string;
  call?: CallRecord;
  failedCalls?: CallRecord[];
}

/**
 * A reply an agent got before its answer, within the same turn, as an agent that retries by itself records it
 * (GameBench's agent, agents/gpt.py: its reasoning call, and each of its 3 tries before the last). Shown as a reply;
 * `explain`: it asked to read a heading or an action's description (counted as an Explain, not illegal); `rejected`:
 * it gave no action the agent could use, and why (counted as an illegal answer, shown as rejected).
 */
export interface AnswerStep {
  text: string;
  call?: CallRecord;
  failedCalls?: CallRecord[];
  /** The agent's own try this reply belongs to (0-based), recorded as its attempt. */
  attempt?: number;
  explain?: { asked: string; topic: string | null; answer: string };
  rejected?: string;
}

/** What every answer may carry besides its action or error. */
interface AnswerCommon {
  call?: CallRecord;
  failedCalls?: CallRecord[];
  explains?: Explained[];
  /** The replies before this one that the agent itself asked again after (in order): see AnswerStep. */
  steps?: AnswerStep[];
  /** The agent's own try this answer came from (0-based), recorded as its attempt; the turn policy's by default. */
  attempt?: number;
  /**
   * The agent asks no more this turn (it has made its own tries, as GameBench's agent does): if this answer is not a
   * legal move, the turn policy plays the fallback move at once, recorded as forfeited, this saying why.
   */
  final?: string;
}

/**
 * `call`: the request that produced the answer. `failedCalls`: requests for the same answer that failed at the
 * transport or protocol level before it and were sent again (recorded with their error, never shown as replies).
 * `explains`: the topics the model asked to read before this answer, in order.
 */
export type AgentAnswer =
  | (AnswerCommon & {
      ok: true;
      action: { type: string };
      text?: string;
      /** A planning scaffold's calls before its answer (RAP: rap-expand, rap-simulate, rap-evaluate), and its search tree. */
      searchCalls?: CallRecord[];
      search?: RapResult;
    })
  | (AnswerCommon & { ok: false; error: string; text: string });

export interface Agent {
  readonly kind: 'random' | 'engine' | 'llm' | 'human';
  act(ctx: TurnContext): Promise<AgentAnswer>;
}

/**
 * A failure of the infrastructure, not of the player: the provider kept failing, the network is down,
 * a move timed out. The runner voids the match (status `failed` with this reason); it never becomes a loss.
 */
export class InfraError extends Error {
  override name = 'InfraError';
  /** The last failed request, when there was one. */
  readonly call?: CallRecord;
  /** Every failed request behind this failure (retries included), oldest first, so each is recorded. */
  readonly calls: CallRecord[];
  constructor(message: string, opts: { call?: CallRecord; calls?: CallRecord[] } = {}) {
    super(message);
    this.calls = opts.calls ?? (opts.call ? [opts.call] : []);
    this.call = opts.call ?? this.calls.at(-1);
  }
}
