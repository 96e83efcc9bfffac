// SimulBench's shipped task set (tasks.json, versioned, written for this arena): checked with zod when the module loads.
import { z } from 'zod';
import { type Task, taskSchema } from './types';
import data from './tasks.json' with { type: 'json' };

/** Names of tasks compare without case or surrounding spaces: "Linux terminal" and "linux terminal " are the same task. */
const nameKey = (name: string): string => name.trim().toLowerCase();

/**
 * A whole task file: a version and at least one task, refusing duplicate ids or names (case-insensitive) with a message
 * naming the duplicate and both positions (1-based). The arena's own file format; imported SimulBench files go through
 * import.ts instead.
 */
export const taskFileSchema = z
  .object({ version: z.string().trim().min(1).max(40), tasks: z.array(taskSchema).min(1) })
  .strict()
  .superRefine((f, ctx) => {
    const ids = new Map<string, number>();
    const names = new Map<string, number>();
    f.tasks.forEach((t, i) => {
      const id = ids.get(t.id);
      if (id !== undefined)
        ctx.addIssue({
          code: 'custom',
          path: ['tasks', i, 'id'],
          message: `duplicate id "${t.id}" (tasks ${id + 1} and ${i + 1})`,
        });
      else ids.set(t.id, i);
      const key = nameKey(t.name);
      const name = names.get(key);
      if (name !== undefined)
        ctx.addIssue({
          code: 'custom',
          path: ['tasks', i, 'name'],
          message: `duplicate name "${t.name}" (tasks ${name + 1} and ${i + 1})`,
        });
      else names.set(key, i);
    });
  });
export type TaskFile = z.infer<typeof taskFileSchema>;

/** Parses a task file, or explains (first five problems, each with its path) why it is not one. */
export function parseTaskFile(value: unknown): { ok: true; file: TaskFile } | { ok: false; error: string } {
  const parsed = taskFileSchema.safeParse(value);
  if (parsed.success) return { ok: true, file: parsed.data };
  const problems = parsed.error.issues.slice(0, 5).map((i) => `${i.path.join('.') || '(root)'}: ${i.message}`);
  return { ok: false, error: problems.join('; ') };
}

const loaded = parseTaskFile(data);
if (!loaded.ok) throw new Error(`games/simulbench/tasks.json is invalid: ${loaded.error}`);

/** Version of the shipped task set, recorded with results so that they stay comparable. */
export const TASKS_VERSION: string = loaded.file.version;
/** Every shipped task, in file order (frozen). */
export const TASKS: readonly Task[] = Object.freeze(loaded.file.tasks.map((t) => Object.freeze({ ...t })));

const byId = new Map(TASKS.map((t) => [t.id, t]));

/** The shipped task with this id, if any. */
export function getTask(id: string): Task | undefined {
  return byId.get(id);
}

/** The ids of the shipped tasks, in file order. */
export function taskIds(): string[] {
  return TASKS.map((t) => t.id);
}

/**
 * A task id from a name: lowercase ASCII letters, digits and single dashes (accents are dropped from their letters,
 * everything else becomes a dash), no leading or trailing dash, at most 64 characters, never empty ("task" when nothing
 * is left). The result always satisfies `taskSchema`'s id rule.
 */
export function slugify(name: string): string {
  const slug = name
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 64)
    .replace(/-+$/, '');
  return slug || 'task';
}
