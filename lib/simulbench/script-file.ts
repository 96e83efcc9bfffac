// SimulBench's frozen test scripts as a file (issue 22, item 3): versioned and checked with zod, so a script set
// exported from one arena is imported into another (or kept beside a paper) and every target answers exactly the same
// histories. Pure.
import { z } from 'zod';
import { MAX_TURNS, scriptHistoryProblem, taskSchema, MAX_RESPONSE_CHARS } from '../../games/simulbench/types';
import { SCRIPT_TYPES, type ChatTurn, type ScriptType } from './types';
import type { Task } from '../../games/simulbench/types';

export const SCRIPT_FILE_FORMAT = 'arena-simulbench-scripts';
export const SCRIPT_FILE_VERSION = 1;
/** The most scripts one file holds (the paper's SimulBench-All has 500). */
export const MAX_SCRIPTS = 5000;

const entrySchema = z
  .object({
    /** Unique within the file: where the script came from (`<match>:<turn>` for the arena's own). */
    key: z.string().trim().min(1).max(200),
    task: taskSchema,
    type: z.enum(SCRIPT_TYPES),
    turn: z.number().int().min(1).max(MAX_TURNS),
    history: z
      .array(z.object({ role: z.enum(['user', 'assistant']), content: z.string().max(MAX_RESPONSE_CHARS) }).strict())
      .min(1)
      .max(2 * MAX_TURNS - 1),
    /** The extraction judge's first challenging turn (0 = none), when known. */
    judgedTurn: z.number().int().min(0).max(MAX_TURNS).nullable().optional(),
  })
  .strict()
  .superRefine((e, ctx) => {
    const problem = scriptHistoryProblem(e.history, e.turn);
    if (problem) ctx.addIssue({ code: 'custom', path: ['history'], message: problem });
  });

export const scriptFileSchema = z
  .object({
    format: z.literal(SCRIPT_FILE_FORMAT),
    version: z.literal(SCRIPT_FILE_VERSION),
    /** Where the set came from (an evaluation's name), for people. */
    source: z.string().max(300).optional(),
    exportedAt: z.string().max(40).optional(),
    scripts: z.array(entrySchema).min(1, 'the file holds no script').max(MAX_SCRIPTS),
  })
  .strict()
  .superRefine((f, ctx) => {
    const seen = new Map<string, number>();
    f.scripts.forEach((s, i) => {
      const first = seen.get(s.key);
      if (first !== undefined)
        ctx.addIssue({
          code: 'custom',
          path: ['scripts', i, 'key'],
          message: `the key "${s.key}" is also script ${first + 1}'s`,
        });
      else seen.set(s.key, i);
    });
  });
export type ScriptFile = z.infer<typeof scriptFileSchema>;

/** A set's scripts as a file. */
export function scriptFile(
  scripts: readonly {
    key: string;
    task: Task;
    type: ScriptType;
    turn: number;
    history: ChatTurn[];
    judgedTurn: number | null;
  }[],
  opts: { source?: string; exportedAt?: Date } = {},
): ScriptFile {
  return {
    format: SCRIPT_FILE_FORMAT,
    version: SCRIPT_FILE_VERSION,
    ...(opts.source ? { source: opts.source.slice(0, 300) } : {}),
    ...(opts.exportedAt ? { exportedAt: opts.exportedAt.toISOString() } : {}),
    scripts: scripts.map((s) => ({
      key: s.key,
      task: s.task,
      type: s.type,
      turn: s.turn,
      history: s.history.map((h) => ({ role: h.role, content: h.content })),
      judgedTurn: s.judgedTurn,
    })),
  };
}

/** Reads a script file; one error naming the script (1-based) and the field when it is not one. */
export function parseScriptFile(text: string): { file: ScriptFile } | { error: string } {
  let raw: unknown;
  try {
    raw = JSON.parse(text.replace(/^\uFEFF/, ''));
  } catch (err) {
    return { error: `the file is not JSON (${(err as Error).message})` };
  }
  if (!raw || typeof raw !== 'object' || (raw as { format?: unknown }).format !== SCRIPT_FILE_FORMAT) {
    return {
      error: `not a script file: it must be a JSON object with "format": "${SCRIPT_FILE_FORMAT}" (as /api/simulbench/<id>/scripts exports)`,
    };
  }
  if ((raw as { version?: unknown }).version !== SCRIPT_FILE_VERSION) {
    return {
      error: `this arena reads version ${SCRIPT_FILE_VERSION} of the script file, not ${JSON.stringify((raw as { version?: unknown }).version)}`,
    };
  }
  const r = scriptFileSchema.safeParse(raw);
  if (r.success) return { file: r.data };
  const issue = r.error.issues[0]!;
  const [head, index, ...rest] = issue.path;
  if (head === 'scripts' && typeof index === 'number') {
    return { error: `script ${index + 1}${rest.length ? ` (${rest.join('.')})` : ''}: ${issue.message}` };
  }
  return { error: `${issue.path.join('.') || 'the file'}: ${issue.message}` };
}
