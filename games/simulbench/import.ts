// Import of SimulBench's own task format (task_name / task_description / request_type), so a user can load the paper's
// tasks themselves (they are CC BY-NC and are not shipped), and of the arena's own task shape, so an export re-imports.
import { MAX_DESCRIPTION_CHARS, type Task, TASK_KINDS, type TaskKind, taskSchema } from './types';
import { slugify } from './tasks';

/** The most entries one import may hold (the paper has 109 tasks). */
export const MAX_IMPORT_ENTRIES = 1000;

/** The fields that may carry a task's kind, in the order they are read; a value counts when it contains the kind's word. */
export const KIND_FIELDS = ['kind', 'type', 'task_type', 'category', 'simulation_type'] as const;

/** taskSchema's limits, repeated here so that an error can name the one that was broken. */
const MIN_DESCRIPTION_CHARS = 40;
const MAX_NAME_CHARS = 120;
const MAX_REQUEST_TYPE_CHARS = 300;
const ID_PATTERN = /^[a-z0-9][a-z0-9-]{0,63}$/;

/** Options of an import. `defaultKind` is given to the entries that carry no kind; without it such an entry fails the import. */
export interface ImportOptions {
  defaultKind?: TaskKind;
}

/** An import's outcome: every task (ids unique), or one error naming the entry (1-based) and the field. */
export type ImportResult = { tasks: Task[] } | { error: string };

class ImportError extends Error {}
const fail = (message: string): never => {
  throw new ImportError(message);
};

const isRecord = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);
const hasOwn = (o: Record<string, unknown>, k: string): boolean => Object.prototype.hasOwnProperty.call(o, k);

/** The entries of a file: a JSON array, an object with a `tasks` or `data` array, one task object, or JSON Lines. */
function readEntries(text: string): unknown[] {
  const body = text.replace(/^\uFEFF/, '');
  if (body.trim() === '') fail('the file is empty');
  let whole: unknown;
  let wholeError: string | undefined;
  try {
    whole = JSON.parse(body);
  } catch (e) {
    wholeError = e instanceof Error ? e.message : String(e);
  }
  if (wholeError === undefined) {
    if (Array.isArray(whole)) return whole;
    if (isRecord(whole)) {
      for (const key of ['tasks', 'data']) {
        if (hasOwn(whole, key)) {
          const list = whole[key];
          if (!Array.isArray(list)) fail(`"${key}" must be an array of tasks`);
          return list as unknown[];
        }
      }
      // A single task (a JSON Lines file of one line).
      if (['task_name', 'name', 'task_description'].some((k) => hasOwn(whole as Record<string, unknown>, k)))
        return [whole];
    }
    return fail(
      'expected a JSON array of tasks, an object with a "tasks" or "data" array, or JSON Lines (one task per line)',
    );
  }
  // JSON Lines: one JSON value per non-blank line.
  const lines = body.split(/\r?\n/);
  const entries: unknown[] = [];
  for (let i = 0; i < lines.length; i++) {
    const line = lines[i]!.trim();
    if (line === '') continue;
    try {
      entries.push(JSON.parse(line));
    } catch (e) {
      // A first line that is not JSON on its own means the file was meant as one JSON document: report that error.
      if (entries.length === 0) fail(`not valid JSON: ${wholeError}`);
      fail(`line ${i + 1}: not valid JSON (${e instanceof Error ? e.message : String(e)})`);
    }
  }
  return entries;
}

/** A required text field of an entry: a non-empty string within its limits, trimmed. */
function textField(
  entry: Record<string, unknown>,
  n: number,
  field: string,
  min: number,
  max: number,
  minWhy?: string,
): string {
  const v = entry[field];
  if (typeof v !== 'string' || v.trim() === '') return fail(`entry ${n}: "${field}" must be a non-empty string`);
  const s = v.trim();
  if (s.length < min)
    fail(`entry ${n}: "${field}" is too short: ${s.length} characters, at least ${min}${minWhy ? ` (${minWhy})` : ''}`);
  if (s.length > max) fail(`entry ${n}: "${field}" is too long: ${s.length} characters, at most ${max}`);
  return s;
}

/** The kind an entry states in one of KIND_FIELDS (case-insensitive "stateless"/"stateful" inside the value), if any. */
function entryKind(entry: Record<string, unknown>, n: number): TaskKind | undefined {
  let found: { kind: TaskKind; field: string } | undefined;
  for (const field of KIND_FIELDS) {
    const v = entry[field];
    if (typeof v !== 'string') continue;
    const lower = v.toLowerCase();
    const kinds = TASK_KINDS.filter((k) => lower.includes(k));
    if (kinds.length > 1) fail(`entry ${n}: "${field}" names both kinds ("${v}")`);
    const kind = kinds[0];
    if (!kind) continue;
    if (found && found.kind !== kind)
      fail(`entry ${n}: "${found.field}" says ${found.kind} but "${field}" says ${kind}`);
    found ??= { kind, field };
  }
  return found?.kind;
}

interface Draft {
  explicitId?: string;
  name: string;
  description: string;
  requestType: string;
  kind: TaskKind;
}

/** One entry, in SimulBench's shape (task_name …) or the arena's (name …), checked field by field. */
function readEntry(raw: unknown, n: number, opts: ImportOptions): Draft {
  if (!isRecord(raw)) return fail(`entry ${n}: must be an object`);
  const simul = ['task_name', 'task_description', 'request_type'].some((k) => hasOwn(raw, k));
  const [nameF, descF, reqF] = simul
    ? ['task_name', 'task_description', 'request_type']
    : ['name', 'description', 'requestType'];
  // The authors' released task file (simulbench_tasks.jsonl) names a task in "act" (their prompt source's column).
  const name = textField(
    raw,
    n,
    simul && !hasOwn(raw, 'task_name') && hasOwn(raw, 'act') ? 'act' : nameF!,
    1,
    MAX_NAME_CHARS,
  );
  const description = textField(
    raw,
    n,
    descF!,
    MIN_DESCRIPTION_CHARS,
    MAX_DESCRIPTION_CHARS,
    'the interface, the output and the first request',
  );
  const requestType = textField(raw, n, reqF!, 1, MAX_REQUEST_TYPE_CHARS);
  const kind =
    entryKind(raw, n) ??
    opts.defaultKind ??
    fail(
      `entry ${n}: no kind: none of ${KIND_FIELDS.map((f) => `"${f}"`).join(', ')} contains "stateless" or "stateful", and no default kind was given`,
    );
  // Only the arena's shape carries a slug id; SimulBench's own ids (if any) are not slugs and are ignored.
  let explicitId: string | undefined;
  if (!simul && hasOwn(raw, 'id') && raw.id !== undefined) {
    const id = raw.id;
    if (typeof id !== 'string' || !ID_PATTERN.test(id.trim()))
      fail(
        `entry ${n}: "id" must be lowercase letters, digits and dashes, starting with a letter or digit, at most 64 characters`,
      );
    explicitId = (id as string).trim();
  }
  return { explicitId, name, description, requestType, kind };
}

/** `base`, or `base-2`, `base-3` … (cut so that the whole stays within 64 characters), whichever is not taken yet. */
function uniqueId(base: string, taken: Set<string>): string {
  if (!taken.has(base)) return base;
  for (let k = 2; ; k++) {
    const suffix = `-${k}`;
    const id = `${base.slice(0, 64 - suffix.length).replace(/-+$/, '')}${suffix}`;
    if (!taken.has(id)) return id;
  }
}

/**
 * Reads a task file in SimulBench's format — a JSON array, a JSON object with a `tasks` or `data` array, or JSON Lines,
 * each entry with `task_name` (or `act`, as the authors' released simulbench_tasks.jsonl names it), `task_description`,
 * `request_type` and optionally a kind in `kind`, `type`, `task_type`,
 * `category` or `simulation_type` (a value containing "stateless" or "stateful", any case) — or in the arena's own shape
 * (`{ id?, name, description, requestType, kind }`). Entries without a kind take `opts.defaultKind`. Ids: an arena entry
 * keeps its id (a repeated one is an error); the others get slugify(name), made unique with -2, -3 …. At most 1,000
 * entries; an empty file or list is an error; any bad entry fails the whole import with one message naming it (1-based).
 * Other fields are ignored. Pure.
 */
export function parseSimulBenchTasks(text: string, opts: ImportOptions = {}): ImportResult {
  try {
    const entries = readEntries(text);
    if (entries.length === 0) fail('the file has no tasks');
    if (entries.length > MAX_IMPORT_ENTRIES)
      fail(`too many entries: ${entries.length}, at most ${MAX_IMPORT_ENTRIES.toLocaleString('en-US')}`);
    const drafts = entries.map((e, i) => readEntry(e, i + 1, opts));
    // Given ids are reserved first, so that a generated slug never takes one.
    const taken = new Set<string>();
    const firstWith = new Map<string, number>();
    drafts.forEach((d, i) => {
      if (d.explicitId === undefined) return;
      const prev = firstWith.get(d.explicitId);
      if (prev !== undefined) fail(`entry ${i + 1}: "id" "${d.explicitId}" repeats entry ${prev + 1}`);
      firstWith.set(d.explicitId, i);
      taken.add(d.explicitId);
    });
    const tasks = drafts.map((d, i) => {
      const id = d.explicitId ?? uniqueId(slugify(d.name), taken);
      taken.add(id);
      const parsed = taskSchema.safeParse({
        id,
        name: d.name,
        description: d.description,
        requestType: d.requestType,
        kind: d.kind,
      });
      // Unreachable when the checks above hold; kept so that a change of taskSchema cannot let a bad task through.
      if (!parsed.success)
        return fail(
          `entry ${i + 1}: ${parsed.error.issues.map((x) => `"${x.path.join('.')}" ${x.message}`).join('; ')}`,
        );
      return parsed.data;
    });
    return { tasks };
  } catch (e) {
    if (e instanceof ImportError) return { error: e.message };
    throw e;
  }
}
