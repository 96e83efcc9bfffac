// Import of SimulBench-format task files (array, wrapped object, JSON Lines), kind inference, ids, and every error.
import { describe, expect, it } from 'vitest';
import { MAX_IMPORT_ENTRIES, parseSimulBenchTasks } from './import';
import { TASKS } from './tasks';

const DESC = 'I want you to act as a Morse code translator. Reply only with the code. My first message is: SOS.';
const entry = (name: string, extra: Record<string, unknown> = {}) => ({
  task_name: name,
  task_description: DESC,
  request_type: 'a text',
  ...extra,
});
const ok = (r: ReturnType<typeof parseSimulBenchTasks>) => {
  if ('error' in r) throw new Error(`unexpected error: ${r.error}`);
  return r.tasks;
};
const err = (r: ReturnType<typeof parseSimulBenchTasks>) =>
  'error' in r ? r.error : `no error (${r.tasks.length} tasks)`;

describe('parseSimulBenchTasks: formats', () => {
  it("reads a JSON array in SimulBench's shape", () => {
    const tasks = ok(
      parseSimulBenchTasks(
        JSON.stringify([
          entry('Morse Code Translator', { type: 'Stateless' }),
          entry('Linux Terminal', { category: 'STATEFUL task' }),
        ]),
      ),
    );
    expect(tasks).toEqual([
      {
        id: 'morse-code-translator',
        name: 'Morse Code Translator',
        description: DESC,
        requestType: 'a text',
        kind: 'stateless',
      },
      { id: 'linux-terminal', name: 'Linux Terminal', description: DESC, requestType: 'a text', kind: 'stateful' },
    ]);
  });

  it('reads an object wrapping a "tasks" or a "data" array', () => {
    expect(ok(parseSimulBenchTasks(JSON.stringify({ tasks: [entry('A one', { kind: 'stateless' })] })))[0]!.id).toBe(
      'a-one',
    );
    expect(
      ok(parseSimulBenchTasks(JSON.stringify({ meta: 1, data: [entry('B two', { kind: 'stateful' })] })))[0]!.kind,
    ).toBe('stateful');
  });

  it('reads JSON Lines, skipping blank lines, with CRLF and a byte-order mark', () => {
    const text = `\uFEFF${JSON.stringify(entry('First', { task_type: 'stateless' }))}\r\n\r\n${JSON.stringify(entry('Second', { simulation_type: 'Stateful' }))}\n`;
    const tasks = ok(parseSimulBenchTasks(text));
    expect(tasks.map((t) => [t.id, t.kind])).toEqual([
      ['first', 'stateless'],
      ['second', 'stateful'],
    ]);
  });

  it('reads a single-line JSON Lines file (one object)', () => {
    expect(ok(parseSimulBenchTasks(JSON.stringify(entry('Solo', { kind: 'stateful' })))).map((t) => t.id)).toEqual([
      'solo',
    ]);
  });

  it('reads the authors’ released task file, which names each task in "act" (simulbench_tasks.jsonl)', () => {
    // Two lines in their file's shape (its first record, shortened, and a stateless one).
    const lines = [
      {
        id: '000#Linux_Terminal',
        task_description: 'I want you to act as a linux terminal. Reply with the output only. My first command is pwd',
        request_type: 'your executable complicated linux command',
        type: 'stateful',
        act: 'Linux Terminal',
      },
      {
        id: '041#Password_Generator',
        task_description:
          'I want you to act as a password generator. Reply with the password only. My first input is 8',
        request_type: 'a length and the character sets',
        type: 'stateless',
        act: 'Password Generator',
      },
    ];
    const r = parseSimulBenchTasks(lines.map((l) => JSON.stringify(l)).join('\n'));
    if ('error' in r) throw new Error(r.error);
    expect(r.tasks.map((t) => [t.id, t.name, t.kind, t.requestType])).toEqual([
      ['linux-terminal', 'Linux Terminal', 'stateful', 'your executable complicated linux command'],
      ['password-generator', 'Password Generator', 'stateless', 'a length and the character sets'],
    ]);
    expect(parseSimulBenchTasks(JSON.stringify(lines[0]))).toMatchObject({ tasks: [{ name: 'Linux Terminal' }] });
  });

  it("trims text fields and ignores unknown fields and SimulBench's own ids", () => {
    const [t] = ok(
      parseSimulBenchTasks(
        JSON.stringify([entry('  Padded  ', { id: 17, source: 'x', kind: 'stateless', request_type: ' a text ' })]),
      ),
    );
    expect(t).toEqual({ id: 'padded', name: 'Padded', description: DESC, requestType: 'a text', kind: 'stateless' });
  });
});

describe('parseSimulBenchTasks: kinds', () => {
  it('infers the kind from any of the kind fields, case-insensitively, ignoring values without a kind word', () => {
    const text = JSON.stringify([
      entry('K1', { kind: 'StateLess' }),
      entry('K2', { type: 'a stateful simulation' }),
      entry('K3', { type: 'code', category: 'stateful' }),
      entry('K4', { simulation_type: 'STATELESS' }),
    ]);
    expect(ok(parseSimulBenchTasks(text)).map((t) => t.kind)).toEqual([
      'stateless',
      'stateful',
      'stateful',
      'stateless',
    ]);
  });

  it('gives entries without a kind the default kind, and a stated kind beats the default', () => {
    const text = JSON.stringify([entry('No kind'), entry('Has kind', { type: 'stateful' })]);
    expect(ok(parseSimulBenchTasks(text, { defaultKind: 'stateless' })).map((t) => t.kind)).toEqual([
      'stateless',
      'stateful',
    ]);
  });

  it('fails the whole import when an entry has no kind and there is no default', () => {
    const text = JSON.stringify([entry('Has kind', { type: 'stateful' }), entry('No kind')]);
    expect(err(parseSimulBenchTasks(text))).toBe(
      'entry 2: no kind: none of "kind", "type", "task_type", "category", "simulation_type" contains "stateless" or "stateful", and no default kind was given',
    );
  });

  it('refuses contradictory kinds', () => {
    expect(err(parseSimulBenchTasks(JSON.stringify([entry('X', { type: 'stateless', category: 'stateful' })])))).toBe(
      'entry 1: "type" says stateless but "category" says stateful',
    );
    expect(err(parseSimulBenchTasks(JSON.stringify([entry('X', { kind: 'stateful or stateless' })])))).toBe(
      'entry 1: "kind" names both kinds ("stateful or stateless")',
    );
  });
});

describe('parseSimulBenchTasks: ids', () => {
  it('makes slugs unique with -2, -3 …', () => {
    const text = JSON.stringify([
      entry('Linux Terminal'),
      entry('linux terminal!'),
      entry('Linux  Terminal'),
      entry('Linux Terminal 2'),
    ]);
    expect(ok(parseSimulBenchTasks(text, { defaultKind: 'stateful' })).map((t) => t.id)).toEqual([
      'linux-terminal',
      'linux-terminal-2',
      'linux-terminal-3',
      'linux-terminal-2-2',
    ]);
  });

  it('keeps the suffixed id within 64 characters', () => {
    const long = 'x'.repeat(70);
    const ids = ok(parseSimulBenchTasks(JSON.stringify([entry(long), entry(long)]), { defaultKind: 'stateless' })).map(
      (t) => t.id,
    );
    expect(ids).toEqual(['x'.repeat(64), `${'x'.repeat(62)}-2`]);
  });

  it('falls back to "task" for names without a letter or digit', () => {
    const ids = ok(
      parseSimulBenchTasks(JSON.stringify([entry('密码生成器'), entry('???')]), { defaultKind: 'stateless' }),
    ).map((t) => t.id);
    expect(ids).toEqual(['task', 'task-2']);
  });
});

describe("parseSimulBenchTasks: the arena's own shape", () => {
  it('round-trips the shipped tasks', () => {
    const tasks = ok(parseSimulBenchTasks(JSON.stringify({ version: 'x', tasks: TASKS })));
    expect(tasks).toEqual(TASKS.map((t) => ({ ...t })));
  });

  it('keeps given ids, reserves them before generating slugs, and slugs entries without one', () => {
    const arena = (name: string, id?: string) => ({
      ...(id ? { id } : {}),
      name,
      description: DESC,
      requestType: 'r',
      kind: 'stateless',
    });
    const tasks = ok(parseSimulBenchTasks(JSON.stringify([arena('Alpha'), arena('Other', 'alpha'), arena('Beta')])));
    expect(tasks.map((t) => t.id)).toEqual(['alpha-2', 'alpha', 'beta']);
  });

  it('refuses a bad or repeated given id', () => {
    const arena = (id: unknown) => ({ id, name: 'N', description: DESC, requestType: 'r', kind: 'stateful' });
    expect(err(parseSimulBenchTasks(JSON.stringify([arena('Bad Id')])))).toBe(
      'entry 1: "id" must be lowercase letters, digits and dashes, starting with a letter or digit, at most 64 characters',
    );
    expect(err(parseSimulBenchTasks(JSON.stringify([arena(5)])))).toMatch(/^entry 1: "id" must be/);
    expect(err(parseSimulBenchTasks(JSON.stringify([arena('a'), arena('b'), arena('a')])))).toBe(
      'entry 3: "id" "a" repeats entry 1',
    );
  });

  it("names the arena's fields in its errors", () => {
    expect(err(parseSimulBenchTasks(JSON.stringify([{ name: 'N', description: DESC, kind: 'stateless' }])))).toBe(
      'entry 1: "requestType" must be a non-empty string',
    );
  });
});

describe('parseSimulBenchTasks: errors', () => {
  it('refuses an empty file and an empty list', () => {
    expect(err(parseSimulBenchTasks(''))).toBe('the file is empty');
    expect(err(parseSimulBenchTasks('  \n \n'))).toBe('the file is empty');
    expect(err(parseSimulBenchTasks('[]'))).toBe('the file has no tasks');
    expect(err(parseSimulBenchTasks('{"tasks": []}'))).toBe('the file has no tasks');
  });

  it('refuses more than 1,000 entries', () => {
    const many = Array.from({ length: MAX_IMPORT_ENTRIES + 1 }, (_, i) => entry(`T${i}`));
    expect(err(parseSimulBenchTasks(JSON.stringify(many), { defaultKind: 'stateless' }))).toBe(
      'too many entries: 1001, at most 1,000',
    );
    expect(ok(parseSimulBenchTasks(JSON.stringify(many.slice(0, 1000)), { defaultKind: 'stateless' }))).toHaveLength(
      1000,
    );
  });

  it('refuses JSON that is not a task list', () => {
    const why =
      'expected a JSON array of tasks, an object with a "tasks" or "data" array, or JSON Lines (one task per line)';
    expect(err(parseSimulBenchTasks('42'))).toBe(why);
    expect(err(parseSimulBenchTasks('{"foo": []}'))).toBe(why);
    expect(err(parseSimulBenchTasks('{"tasks": {"a": 1}}'))).toBe('"tasks" must be an array of tasks');
    expect(err(parseSimulBenchTasks('{"data": "x"}'))).toBe('"data" must be an array of tasks');
  });

  it('reports broken JSON: the whole document, or the JSON Lines line', () => {
    expect(err(parseSimulBenchTasks('[\n  {"task_name": "a",\n]'))).toMatch(/^not valid JSON: /);
    const jsonl = `${JSON.stringify(entry('A'))}\n\n{"task_name": oops}\n`;
    expect(err(parseSimulBenchTasks(jsonl))).toMatch(/^line 3: not valid JSON \(/);
  });

  it('refuses an entry that is not an object', () => {
    expect(err(parseSimulBenchTasks(JSON.stringify([entry('A'), 'B']), { defaultKind: 'stateful' }))).toBe(
      'entry 2: must be an object',
    );
    expect(err(parseSimulBenchTasks(JSON.stringify([null])))).toBe('entry 1: must be an object');
  });

  it('names the entry and the field of a missing or empty text field', () => {
    const e = { defaultKind: 'stateless' } as const;
    const three = (bad: Record<string, unknown>) => JSON.stringify([entry('A'), entry('B'), { ...entry('C'), ...bad }]);
    expect(err(parseSimulBenchTasks(three({ task_description: '' }), e))).toBe(
      'entry 3: "task_description" must be a non-empty string',
    );
    expect(err(parseSimulBenchTasks(three({ task_description: 12 }), e))).toBe(
      'entry 3: "task_description" must be a non-empty string',
    );
    expect(err(parseSimulBenchTasks(three({ task_name: '   ' }), e))).toBe(
      'entry 3: "task_name" must be a non-empty string',
    );
    expect(err(parseSimulBenchTasks(JSON.stringify([{ task_name: 'A', task_description: DESC }]), e))).toBe(
      'entry 1: "request_type" must be a non-empty string',
    );
    expect(err(parseSimulBenchTasks(JSON.stringify([{ task_description: DESC, request_type: 'r' }]), e))).toBe(
      'entry 1: "task_name" must be a non-empty string',
    );
  });

  it('names the limit an entry breaks', () => {
    const e = { defaultKind: 'stateless' } as const;
    expect(err(parseSimulBenchTasks(JSON.stringify([entry('A', { task_description: 'My first is short.' })]), e))).toBe(
      'entry 1: "task_description" is too short: 18 characters, at least 40 (the interface, the output and the first request)',
    );
    expect(err(parseSimulBenchTasks(JSON.stringify([entry('A', { task_description: 'd'.repeat(6001) })]), e))).toBe(
      'entry 1: "task_description" is too long: 6001 characters, at most 6000',
    );
    expect(
      ok(parseSimulBenchTasks(JSON.stringify([entry('A', { task_description: 'd'.repeat(6000) })]), e)),
    ).toHaveLength(1);
    expect(err(parseSimulBenchTasks(JSON.stringify([entry('n'.repeat(121))]), e))).toBe(
      'entry 1: "task_name" is too long: 121 characters, at most 120',
    );
    expect(err(parseSimulBenchTasks(JSON.stringify([entry('A', { request_type: 'r'.repeat(301) })]), e))).toBe(
      'entry 1: "request_type" is too long: 301 characters, at most 300',
    );
  });

  it('reports only the first bad entry', () => {
    const text = JSON.stringify([entry('A'), { task_name: 'B' }, { task_name: '' }]);
    expect(err(parseSimulBenchTasks(text, { defaultKind: 'stateless' }))).toBe(
      'entry 2: "task_description" must be a non-empty string',
    );
  });
});
