// SimulBench (seeds/004: models as simulators) — the dialogue between a user agent and a simulator as a match: its
// tasks, settings, state, views and actions. The judged stages that follow a dialogue live in lib/simulbench.
import { z } from 'zod';

/** Seat 0 is the user (the user agent, or a person), seat 1 the simulator. */
export const USER = 0;
export const SIMULATOR = 1;

/** The most characters a task's text, a user request or a simulator reply may have (bounded rows and prompts). */
export const MAX_DESCRIPTION_CHARS = 6000;
export const MAX_REQUEST_CHARS = 4000;
export const MAX_RESPONSE_CHARS = 16000;

/**
 * The paper's task kinds (Sec. 4.2.1): a stateless task is a one-shot tool (each request stands alone: a password
 * generator, a translator); a stateful one is an environment that evolves with every request (a terminal, a database,
 * a board game).
 */
export const TASK_KINDS = ['stateless', 'stateful'] as const;
export type TaskKind = (typeof TASK_KINDS)[number];

/**
 * One simulation task as SimulBench defines it: a name, a description (what is simulated and the form of a request;
 * the form and style of the output; the user's first request, starting "My first …"), the general form of a request,
 * and its kind. `id` is a stable slug (the arena's own; imported tasks get one from their name).
 */
export const taskSchema = z
  .object({
    id: z
      .string()
      .trim()
      .regex(/^[a-z0-9][a-z0-9-]{0,63}$/, 'a task id is lowercase letters, digits and dashes (at most 64)'),
    name: z.string().trim().min(1).max(120),
    description: z
      .string()
      .trim()
      .min(40, 'a task description names the interface, the output and the first request')
      .max(MAX_DESCRIPTION_CHARS),
    requestType: z.string().trim().min(1).max(300),
    kind: z.enum(TASK_KINDS),
  })
  .strict();
export type Task = z.infer<typeof taskSchema>;

/**
 * The user agent's four strategies (Sec. 2.3 and the B.2 prompt's numbers 1–4): improvement (point out an error or a
 * dissatisfaction), next step (a related request conditioned on earlier outcomes), new request (rarer or harder, same
 * domain), others. `task` marks the first user turn, which is the task description itself (Sec. 2.3).
 */
export const STRATEGIES = ['improvement', 'next-step', 'new-request', 'others'] as const;
export type Strategy = (typeof STRATEGIES)[number];

/** One utterance of the dialogue, in chat roles: the user's requests and the simulator's replies alternate. */
export interface DialogueTurn {
  role: 'user' | 'assistant';
  content: string;
  /** The user agent's strategy for this request (user turns after the first); `task` for the first. */
  strategy?: Strategy | 'task';
  /** What the user agent wrote about an `others` strategy (B.2: "please further elaborate"). */
  strategyNote?: string;
}

/** Sampling for one role's calls: the paper's are the defaults (Sec. 3.2). */
const samplingSchema = (temperature: number, maxTokens: number) =>
  z
    .object({
      temperature: z.number().min(0).max(2).default(temperature),
      maxTokens: z.number().int().min(16).max(8192).default(maxTokens),
    })
    .strict()
    .default({ temperature, maxTokens });

export const MAX_TURNS = 10;

/**
 * A frozen test script (lib/simulbench: extracted from a dialogue, or imported): the history up to a user request,
 * starting with the task description and alternating user / assistant. A match of this game with a script plays no
 * move: it holds the script for the targets to answer after it (a SimulBench evaluation that reuses a script set).
 */
export const frozenScriptSchema = z
  .object({
    /** The script's row (simul_scripts.id). */
    id: z.string().min(1).max(64),
    type: z.enum(['last-only', 'first-chan', 'subseq-chan']),
    turn: z.number().int().min(1).max(MAX_TURNS),
    history: z
      .array(z.object({ role: z.enum(['user', 'assistant']), content: z.string().max(MAX_RESPONSE_CHARS) }).strict())
      .min(1)
      .max(2 * MAX_TURNS - 1),
  })
  .strict()
  .superRefine((s, ctx) => {
    const problem = scriptHistoryProblem(s.history, s.turn);
    if (problem) ctx.addIssue({ code: 'custom', path: ['history'], message: problem });
  });
export type FrozenScript = z.infer<typeof frozenScriptSchema>;

/** Why a script's history is not one (it must alternate from the task to the request answered at `turn`), or null. */
export function scriptHistoryProblem(
  history: readonly { role: string; content: string }[],
  turn: number,
): string | null {
  for (let i = 0; i < history.length; i++) {
    const want = i % 2 === 0 ? 'user' : 'assistant';
    if (history[i]!.role !== want)
      return `message ${i + 1} is from the ${history[i]!.role}, but the messages alternate user, assistant, user… from the task`;
  }
  if (history.length % 2 === 0) return 'a script ends with the user request the targets answer';
  const requests = (history.length + 1) / 2;
  if (requests !== turn) return `the script answers request ${turn}, but its history holds ${requests} request(s)`;
  return null;
}

/**
 * A dialogue's settings. The task is either one of the shipped tasks by id (`taskId`), a whole task (`task`: an imported
 * one), or, with neither, a shipped task drawn from the match seed. `turns` is the number of user requests, the task
 * description being the first (the paper's maximum, 4, is the default). Sampling per role: the user agent samples
 * (temperature 1.2, 300 tokens) so that dialogues differ; the simulator is greedy (0, 1,024 tokens). They replace the
 * agent's own temperature and token limit in this game's calls.
 */
export const configSchema = z
  .object({
    taskId: z.string().trim().min(1).max(64).optional(),
    task: taskSchema.optional(),
    turns: z.number().int().min(1).max(MAX_TURNS).default(4),
    /** A frozen script instead of a dialogue (then `task` is its task, and the match has no seats). */
    script: frozenScriptSchema.optional(),
    sampling: z
      .object({ user: samplingSchema(1.2, 300), simulator: samplingSchema(0, 1024) })
      .strict()
      .default({ user: { temperature: 1.2, maxTokens: 300 }, simulator: { temperature: 0, maxTokens: 1024 } }),
  })
  .strict()
  .refine((c) => !(c.taskId && c.task), 'give a taskId or a task, not both')
  .refine((c) => !c.script || c.task, 'a frozen script comes with its task');
export type SimulConfig = z.infer<typeof configSchema>;
