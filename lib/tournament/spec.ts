// What an admin asks for when creating a tournament (UI form, CLI and server share this one schema), and the
// tournament's progress as pages and the CLI show it.
import { z } from 'zod';
import { MAX_TURNS, taskSchema } from '../../games/simulbench/types';

const id = z.string().trim().min(1).max(64);
const ids = z.array(id).max(200);

/** Optional limits; the tournament stops itself (cleanly, between matches) when one is reached. */
export const budgetSchema = z
  .object({
    maxMatches: z.number().int().min(1).max(100_000).optional(),
    maxTokens: z.number().int().min(1).optional(),
    maxCostUsd: z.number().positive().max(1_000_000).optional(),
  })
  .strict()
  .default({});
export type Budget = z.infer<typeof budgetSchema>;

/** Matches per pair: each seed is played twice with the seats swapped, so the count must be even. */
const gamesPerPair = z
  .number()
  .int()
  .min(2)
  .max(200)
  .refine((n) => n % 2 === 0, 'games per pair must be even: each seed is played twice, with the seats swapped');

const base = {
  name: z.string().trim().min(1, 'give the tournament a name').max(120),
  gameIds: z.array(id).min(1, 'pick at least one game').max(50),
  /** The agents being evaluated. */
  agentIds: ids.min(1, 'pick at least one agent'),
  budget: budgetSchema,
  /** Seeds every pairing and match; random when absent (recorded either way). */
  seed: z.string().trim().min(1).max(64).optional(),
  /**
   * Settings per game, checked against each game's own config schema when the tournament is created, e.g.
   * `{ "holdem": { "hands": 3, "openCards": true }, "bid": { "auctions": 5 } }`. Games not named use their defaults.
   */
  gameConfigs: z.record(id, z.unknown()).optional(),
  /**
   * An LLM agent that scores, after each match, every statement its game marks judgeable against what the speaker
   * knew (Who is the spy: is each description true of the speaker's own word?). None when absent.
   */
  judgeId: id.optional(),
};

export const tournamentSpecSchema = z
  .discriminatedUnion('format', [
    /** Every pair of agents, gamesPerPair matches per pair and game. */
    z.object({ ...base, format: z.literal('round-robin'), gamesPerPair }).strict(),
    /** Every agent against each fixed baseline (GameBench played agents against random). */
    z
      .object({
        ...base,
        format: z.literal('gauntlet'),
        baselineIds: ids.min(1, 'pick at least one baseline'),
        gamesPerPair,
      })
      .strict(),
    /** N-player games: the evaluated agent in one seat, fixed host agents in the others (SpyGame's setup). */
    z
      .object({
        ...base,
        format: z.literal('host-guest'),
        hostIds: ids.min(1, 'pick at least one host agent'),
        numPlayers: z.number().int().min(2).max(16).optional(),
        /** The evaluated agent's seat; rotates over every seat when absent. */
        guestSeat: z.number().int().min(0).max(15).optional(),
        gamesPerGuest: z.number().int().min(1).max(1000),
      })
      .strict(),
    /** Keeps scheduling the pairs whose intervals overlap most until adjacent agents are separated or a budget is spent. */
    z
      .object({
        ...base,
        format: z.literal('adaptive'),
        confidence: z.union([z.literal(0.9), z.literal(0.95)]).default(0.95),
        /** Matches per chosen pair in each batch (seats swapped). */
        gamesPerPair: gamesPerPair.default(2),
        /** Pairs scheduled per batch. */
        pairsPerBatch: z.number().int().min(1).max(100).default(4),
      })
      .strict(),
    /**
     * SimulBench (seeds/004): the user agent and the collecting simulator hold dialogues on the tasks; after each one the
     * judge extracts its test scripts, every target (`agentIds`) answers them, the judge rates each answer 1–10 and,
     * with `pairwise`, compares every two targets' answers in both orders.
     */
    z
      .object({
        ...base,
        format: z.literal('simulbench'),
        gameIds: z.array(z.literal('simulbench')).length(1).default(['simulbench']),
        /** The targets: the models evaluated as simulators. */
        agentIds: ids.min(1, 'pick at least one target (a model to evaluate)'),
        /** The user agent (the paper: GPT-3.5-turbo at temperature 1.2); not with `scriptSet`. */
        userAgentId: id.optional(),
        /** The simulator the dialogues are collected with (the paper: GPT-3.5-turbo); not with `scriptSet`. */
        simulatorId: id.optional(),
        /**
         * Score the targets on an existing set of frozen scripts (`tournament:<id>`: an earlier evaluation's; `import:<name>`:
         * an imported file) instead of collecting dialogues: every target answers exactly those histories.
         */
        scriptSet: z.string().trim().min(1).max(80).optional(),
        /** Finds challenging turns, rates answers and compares them (the paper: GPT-4). */
        judgeId: id,
        /** Shipped tasks by id; all of them when neither this nor `tasks` is given. */
        taskIds: z.array(id).min(1, 'pick at least one task').max(1000).optional(),
        /** Tasks given whole (imported in SimulBench's format): evaluated instead of shipped ones. */
        tasks: z.array(taskSchema).min(1).max(1000).optional(),
        /** Dialogues per task (the paper: 3). */
        dialoguesPerTask: z.number().int().min(1).max(20).default(3),
        /** User requests per dialogue, the task description being the first (the paper: at most 4). */
        turns: z.number().int().min(1).max(MAX_TURNS).default(4),
        /** Compare every two targets on every script (both orders). */
        pairwise: z.boolean().default(true),
        /** The targets' sampling when they answer a script (the paper: greedy, 1,024 tokens). */
        targetSampling: z
          .object({
            temperature: z.number().min(0).max(2).default(0),
            maxTokens: z.number().int().min(16).max(8192).default(1024),
          })
          .strict()
          .default({ temperature: 0, maxTokens: 1024 }),
      })
      .strict(),
  ])
  .superRefine((t, ctx) => {
    if (t.format === 'simulbench') {
      if (new Set(t.agentIds).size !== t.agentIds.length)
        ctx.addIssue({ code: 'custom', path: ['agentIds'], message: 'a target is listed twice' });
      if (t.taskIds && t.tasks)
        ctx.addIssue({ code: 'custom', path: ['tasks'], message: 'give shipped task ids or imported tasks, not both' });
      if (t.scriptSet && (t.taskIds || t.tasks))
        ctx.addIssue({
          code: 'custom',
          path: ['scriptSet'],
          message: 'a script set brings its own tasks: give tasks or a script set, not both',
        });
      if (t.scriptSet && (t.userAgentId || t.simulatorId)) {
        ctx.addIssue({
          code: 'custom',
          path: ['scriptSet'],
          message: 'with a script set nothing is collected: leave out the user agent and the simulator',
        });
      }
      if (!t.scriptSet) {
        if (!t.userAgentId)
          ctx.addIssue({
            code: 'custom',
            path: ['userAgentId'],
            message: 'pick the user agent that writes the requests',
          });
        if (!t.simulatorId)
          ctx.addIssue({
            code: 'custom',
            path: ['simulatorId'],
            message: 'pick the simulator the dialogues are collected with',
          });
      }
      const ids = t.tasks?.map((x) => x.id) ?? [];
      if (new Set(ids).size !== ids.length)
        ctx.addIssue({ code: 'custom', path: ['tasks'], message: 'two imported tasks have the same id' });
      return;
    }
    const pool = t.format === 'gauntlet' ? t.baselineIds : t.format === 'host-guest' ? t.hostIds : [];
    if ((t.format === 'round-robin' || t.format === 'adaptive') && new Set(t.agentIds).size < 2) {
      ctx.addIssue({
        code: 'custom',
        path: ['agentIds'],
        message: `a ${t.format} tournament needs at least two different agents`,
      });
    }
    if (new Set(t.agentIds).size !== t.agentIds.length)
      ctx.addIssue({ code: 'custom', path: ['agentIds'], message: 'an agent is listed twice' });
    if (t.format === 'host-guest' && t.agentIds.some((a) => pool.includes(a))) {
      ctx.addIssue({ code: 'custom', path: ['hostIds'], message: 'an evaluated agent cannot also be a host' });
    }
    if (t.format === 'adaptive' && !t.budget.maxMatches && !t.budget.maxTokens && !t.budget.maxCostUsd) {
      ctx.addIssue({
        code: 'custom',
        path: ['budget'],
        message:
          'an adaptive tournament needs a budget (matches, tokens or cost): two equally strong agents are never separated',
      });
    }
  });
export type TournamentSpec = z.infer<typeof tournamentSpecSchema>;
export type TournamentSpecInput = z.input<typeof tournamentSpecSchema>;
export type TournamentFormat = TournamentSpec['format'];

export const FORMATS: { id: TournamentFormat; label: string; help: string }[] = [
  {
    id: 'round-robin',
    label: 'Round robin',
    help: 'Every pair of agents plays every game; each seed twice, seats swapped.',
  },
  { id: 'gauntlet', label: 'Gauntlet', help: 'Every agent plays each fixed baseline (e.g. Random).' },
  {
    id: 'host-guest',
    label: 'Host / guest',
    help: 'The evaluated agent in one seat, fixed host agents in the others.',
  },
  {
    id: 'adaptive',
    label: 'Adaptive',
    help: 'Schedules the closest pairs until ratings separate or the budget is spent.',
  },
];

export type TournamentStatus = 'running' | 'paused' | 'finished' | 'cancelled';

/** A tournament as the page and the CLI show it. */
export interface TournamentProgress {
  id: string;
  name: string;
  status: TournamentStatus;
  format: TournamentFormat;
  stopReason: string | null;
  createdAt: Date;
  startedAt: Date | null;
  finishedAt: Date | null;
  counts: { total: number; done: number; running: number; queued: number; failed: number; cancelled: number };
  /** Why its first failed match failed (the provider's error, in its own words); null while none has. */
  firstFailure: string | null;
  tokens: number;
  costUsd: number;
  /** Seconds left at the pace so far; null before the first match ends or once nothing is left. */
  etaSeconds: number | null;
  budget: Budget;
}

/** Done = finished or failed (every scheduled match ends exactly one of these ways, or is cancelled unplayed). */
export function progressFraction(c: TournamentProgress['counts']): number {
  const planned = c.total - c.cancelled;
  return planned <= 0 ? 1 : (c.done + c.failed) / planned;
}

/** How a tournament's matches went, in one phrase for its status: it says so when most of them failed. */
export interface TournamentVerdict {
  /** "finished", "finished — every match failed", "running — 5 of 8 matches failed so far". */
  label: string;
  /** ok: as its status says; failing: most ended matches failed; failed: every one did. */
  tone: 'ok' | 'failing' | 'failed';
}

/**
 * The status as it should read. A failed match is void (an infrastructure failure, never rated), so a tournament whose
 * matches all failed measured nothing: it says so instead of "finished" at 100%. Most = more failed than finished.
 */
export function tournamentVerdict(p: {
  status: TournamentStatus;
  counts: TournamentProgress['counts'];
}): TournamentVerdict {
  const { done, failed } = p.counts;
  const ended = done + failed;
  const open = p.status === 'running' || p.status === 'paused';
  if (failed > 0 && done === 0)
    return { label: `${p.status} — every match ${open ? 'so far ' : ''}failed`, tone: 'failed' };
  if (failed > done)
    return { label: `${p.status} — ${failed} of ${ended} matches failed${open ? ' so far' : ''}`, tone: 'failing' };
  return { label: p.status, tone: 'ok' };
}

/** The seconds left at the pace so far: matches still to play ÷ the rate matches have ended since the start. */
export function estimateSecondsLeft(c: TournamentProgress['counts'], startedAt: Date | null, now: Date): number | null {
  const ended = c.done + c.failed;
  const left = c.queued + c.running;
  if (!startedAt || ended === 0 || left === 0) return null;
  const elapsed = (now.getTime() - startedAt.getTime()) / 1000;
  return Math.max(0, Math.round((left * elapsed) / ended));
}
