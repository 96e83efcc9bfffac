// The shipped SimulBench task set (enough tasks of both kinds, the paper's description shape) and its file schema.
import { describe, expect, it } from 'vitest';
import data from './tasks.json' with { type: 'json' };
import { getTask, parseTaskFile, slugify, TASKS, TASKS_VERSION, taskIds } from './tasks';
import { MAX_DESCRIPTION_CHARS, taskSchema } from './types';

const task = (id: string, name: string) => ({
  id,
  name,
  description: 'I want you to act as a thing that does things. Reply only with the output. My first request is: go.',
  requestType: 'a request',
  kind: 'stateless' as const,
});

describe('shipped tasks', () => {
  it('has a version and at least 40 tasks, at least 18 of each kind', () => {
    expect(TASKS_VERSION).toBe('2026-11-1');
    expect(TASKS.length).toBeGreaterThanOrEqual(40);
    expect(TASKS.filter((t) => t.kind === 'stateless').length).toBeGreaterThanOrEqual(18);
    expect(TASKS.filter((t) => t.kind === 'stateful').length).toBeGreaterThanOrEqual(18);
    expect(TASKS.length).toBe(data.tasks.length);
  });

  it('has unique ids (already slugs) and unique names', () => {
    expect(new Set(TASKS.map((t) => t.id)).size).toBe(TASKS.length);
    expect(new Set(TASKS.map((t) => t.name.toLowerCase())).size).toBe(TASKS.length);
    for (const t of TASKS) expect(slugify(t.id), t.id).toBe(t.id);
  });

  it("gives every task a description in the paper's shape (B.1): a first request, an output rule, within the limit", () => {
    for (const t of TASKS) {
      expect(taskSchema.safeParse(t).success, t.id).toBe(true);
      expect(t.description, t.id).toMatch(/\b(My|The) first\b/);
      expect(t.description.length, t.id).toBeLessThanOrEqual(MAX_DESCRIPTION_CHARS);
      // Output constraints: every description says what (only) to reply with.
      expect(t.description, t.id).toMatch(/\b[Rr]eply\b/);
      // The first request comes last: nothing but the request follows "My first".
      expect(t.description.lastIndexOf('first'), t.id).toBeGreaterThan(t.description.length / 2);
    }
  });

  it('looks tasks up by id', () => {
    expect(getTask('linux-terminal')?.kind).toBe('stateful');
    expect(getTask('caesar-cipher')?.kind).toBe('stateless');
    expect(getTask('no-such-task')).toBeUndefined();
    expect(taskIds()).toEqual(TASKS.map((t) => t.id));
    expect(taskIds()[0]).toBe(TASKS[0]!.id);
  });

  it('is frozen', () => {
    expect(Object.isFrozen(TASKS)).toBe(true);
    expect(Object.isFrozen(TASKS[0])).toBe(true);
  });
});

describe('task file schema', () => {
  it('accepts a well-formed file', () => {
    const r = parseTaskFile({ version: 'v1', tasks: [task('a', 'A'), task('b', 'B')] });
    expect(r.ok).toBe(true);
  });

  it('refuses a duplicate id, naming it and both positions', () => {
    const r = parseTaskFile({ version: 'v1', tasks: [task('a', 'A'), task('b', 'B'), task('a', 'C')] });
    expect(r).toEqual({ ok: false, error: 'tasks.2.id: duplicate id "a" (tasks 1 and 3)' });
  });

  it('refuses a duplicate name regardless of case', () => {
    const r = parseTaskFile({ version: 'v1', tasks: [task('a', 'Linux terminal'), task('b', 'linux Terminal')] });
    expect(r).toEqual({ ok: false, error: 'tasks.1.name: duplicate name "linux Terminal" (tasks 1 and 2)' });
  });

  it('refuses an empty list, a missing version and unknown keys', () => {
    expect(parseTaskFile({ version: 'v1', tasks: [] }).ok).toBe(false);
    expect(parseTaskFile({ tasks: [task('a', 'A')] }).ok).toBe(false);
    expect(parseTaskFile({ version: 'v1', tasks: [{ ...task('a', 'A'), extra: 1 }] }).ok).toBe(false);
  });
});

describe('slugify', () => {
  it('makes lowercase dash-separated ASCII', () => {
    expect(slugify('Linux Terminal')).toBe('linux-terminal');
    expect(slugify('  SQL -- Database!! ')).toBe('sql-database');
    expect(slugify('Vigenère Cipher')).toBe('vigenere-cipher');
    expect(slugify('Café & Crème 2.0')).toBe('cafe-creme-2-0');
  });

  it('never returns an empty slug', () => {
    expect(slugify('')).toBe('task');
    expect(slugify('!!!')).toBe('task');
    expect(slugify('密码生成器')).toBe('task');
  });

  it('cuts at 64 characters without a trailing dash', () => {
    const long = `${'a'.repeat(63)} bcd`;
    expect(slugify(long)).toBe('a'.repeat(63));
    expect(slugify('x'.repeat(100))).toHaveLength(64);
    expect(slugify(long)).toMatch(/^[a-z0-9][a-z0-9-]{0,63}$/);
  });
});
