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

/** One test script of the authors' released SimulBench (`simulbench_all.jsonl`, one JSON object a line). */
const authorsScriptSchema = z.object({
  id: z.union([z.number(), z.string()]),
  source_id: z.string().min(1).max(200),
  act: z.string().trim().min(1).max(120),
  task_description: z.string().trim().min(1),
  type: z.enum(['stateful', 'stateless']),
  source_file_name: z.string().max(200).default(''),
  turn_num: z.number().int().min(0).max(MAX_TURNS),
  dialogue_history: z.array(z.object({ role: z.enum(['user', 'assistant']), content: z.string() })).min(1),
});

/** A task id from the authors' source id ("000#Linux_Terminal" → "000-linux-terminal"). */
const taskIdOf = (sourceId: string) =>
  sourceId
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 64)
    .replace(/-+$/, '') || 'task';

/**
 * The authors' released scripts as a script file. Their records carry no script type: as their
 * `script_extraction.py` made them, a script with turn 0 is LastOnly (the judge found no challenging turn), and of the
 * scripts cut from one dialogue (its source id and file), the one at the judge's turn — the earliest — is FirstChan and
 * the later ones SubseqChan. Their records name no request type either (only the user agent needs one, and a script
 * set has none).
 */
function fromAuthorsScripts(records: unknown[]): { raw: unknown } | { error: string } {
  const parsed: z.infer<typeof authorsScriptSchema>[] = [];
  for (const [i, r] of records.entries()) {
    const p = authorsScriptSchema.safeParse(r);
    if (!p.success) {
      const issue = p.error.issues[0]!;
      return { error: `script ${i + 1}${issue.path.length ? ` (${issue.path.join('.')})` : ''}: ${issue.message}` };
    }
    parsed.push(p.data);
  }
  const firstTurn = new Map<string, number>();
  const source = (r: (typeof parsed)[number]) => `${r.source_id}\u0000${r.source_file_name}`;
  for (const r of parsed)
    if (r.turn_num > 0) firstTurn.set(source(r), Math.min(firstTurn.get(source(r)) ?? Infinity, r.turn_num));
  const scripts = parsed.map((r) => {
    const judged = r.turn_num === 0 ? 0 : firstTurn.get(source(r))!;
    return {
      key: `simulbench:${String(r.id)}`,
      task: {
        id: taskIdOf(r.source_id),
        name: r.act,
        description: r.task_description,
        requestType: 'not given (the authors’ scripts name none)',
        kind: r.type,
      },
      type: r.turn_num === 0 ? 'last-only' : r.turn_num === judged ? 'first-chan' : 'subseq-chan',
      turn: r.dialogue_history.filter((h) => h.role === 'user').length,
      history: r.dialogue_history.map((h) => ({ role: h.role, content: h.content })),
      judgedTurn: judged,
    };
  });
  return {
    raw: {
      format: SCRIPT_FILE_FORMAT,
      version: SCRIPT_FILE_VERSION,
      source: 'the SimulBench authors’ released scripts (simulbench_all.jsonl format)',
      scripts,
    },
  };
}

/** The records of a JSON Lines text (blank lines skipped), or null when a line is not JSON. */
function jsonLines(text: string): unknown[] | null {
  const out: unknown[] = [];
  for (const line of text.split(/\r?\n/)) {
    if (!line.trim()) continue;
    try {
      out.push(JSON.parse(line));
    } catch {
      return null;
    }
  }
  return out;
}

/** Whether a record looks like one of the authors' scripts (rather than anything else). */
const isAuthorsScript = (r: unknown) =>
  !!r && typeof r === 'object' && 'dialogue_history' in r && 'task_description' in r && 'turn_num' in r;

/**
 * Reads a script file — the arena's own, or the authors' released scripts (JSON Lines, or a JSON list, of their
 * records) — with one error naming the script (1-based) and the field when it is not one.
 */
export function parseScriptFile(text: string): { file: ScriptFile } | { error: string } {
  const body = text.replace(/^\uFEFF/, '');
  let raw: unknown;
  try {
    raw = JSON.parse(body);
  } catch (err) {
    const lines = jsonLines(body);
    if (!lines?.length || !lines.every(isAuthorsScript))
      return { error: `the file is not JSON (${(err as Error).message})` };
    raw = lines;
  }
  if (Array.isArray(raw) && raw.length > 0 && raw.every(isAuthorsScript)) {
    if (raw.length > MAX_SCRIPTS) return { error: `the file holds ${raw.length} scripts, more than ${MAX_SCRIPTS}` };
    const converted = fromAuthorsScripts(raw);
    if ('error' in converted) return converted;
    raw = converted.raw;
  }
  if (!raw || typeof raw !== 'object' || (raw as { format?: unknown }).format !== SCRIPT_FILE_FORMAT) {
    return {
      error: `not a script file: it must be a JSON object with "format": "${SCRIPT_FILE_FORMAT}" (as /api/simulbench/<id>/scripts exports), or the SimulBench authors' scripts (one JSON object a line with dialogue_history, task_description and turn_num)`,
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
