// The script file: what the arena exports reads back the same; a bad file is refused with one error naming the script
// and the field.
import { describe, expect, it } from 'vitest';
import type { Task } from '../../games/simulbench/types';
import { parseScriptFile, scriptFile, SCRIPT_FILE_FORMAT } from './script-file';

const task: Task = {
  id: 'toy',
  name: 'Toy terminal',
  description: 'I want you to act as a toy terminal. Reply only with output. My first command is pwd',
  requestType: 'a command',
  kind: 'stateful',
};
const history = [
  { role: 'user' as const, content: task.description },
  { role: 'assistant' as const, content: '/home' },
  { role: 'user' as const, content: 'ls' },
];
const scripts = [
  { key: 'm1:2', task, type: 'first-chan' as const, turn: 2, history, judgedTurn: 2 },
  { key: 'm1:1', task, type: 'last-only' as const, turn: 1, history: history.slice(0, 1), judgedTurn: null },
];

describe('the SimulBench script file', () => {
  it('round-trips what the arena exports', () => {
    const file = scriptFile(scripts, { source: 'eval', exportedAt: new Date('2026-11-27T00:00:00Z') });
    expect(file).toMatchObject({
      format: SCRIPT_FILE_FORMAT,
      version: 1,
      source: 'eval',
      exportedAt: '2026-11-27T00:00:00.000Z',
    });
    const back = parseScriptFile(JSON.stringify(file));
    expect(back).toEqual({ file });
  });

  it('refuses what is not a script file, naming the script and the field', () => {
    const file = scriptFile(scripts);
    const bad = (f: unknown) => (parseScriptFile(JSON.stringify(f)) as { error: string }).error;
    expect((parseScriptFile('{nope') as { error: string }).error).toMatch(/^the file is not JSON/);
    expect(bad([1, 2])).toMatch(/not a script file/);
    expect(bad({ ...file, version: 2 })).toMatch(/reads version 1 of the script file, not 2/);
    expect(bad({ ...file, scripts: [] })).toBe('scripts: the file holds no script');
    expect(bad({ ...file, scripts: [file.scripts[0], { ...file.scripts[1], key: 'm1:2' }] })).toMatch(
      /^script 2 \(key\): the key "m1:2" is also script 1's/,
    );
    expect(bad({ ...file, scripts: [{ ...file.scripts[0], turn: 3 }] })).toMatch(
      /^script 1 \(history\): the script answers request 3, but its history holds 2/,
    );
    expect(bad({ ...file, scripts: [{ ...file.scripts[0], history: history.slice(0, 2) }] })).toMatch(
      /^script 1 \(history\): a script ends with the user request/,
    );
    expect(bad({ ...file, scripts: [{ ...file.scripts[0], task: { ...task, kind: 'both' } }] })).toMatch(
      /^script 1 \(task\.kind\)/,
    );
    expect(bad({ ...file, scripts: [{ ...file.scripts[0], type: 'hard' }] })).toMatch(/^script 1 \(type\)/);
  });

  it('reads the SimulBench authors’ released scripts (JSON Lines), their types as their extraction made them', () => {
    // Three records in the format of their simulbench_all.jsonl: two scripts cut from one dialogue at its challenging
    // turn 2 and after it, and a LastOnly script (turn 0) of another task.
    const h = (n: number) =>
      Array.from({ length: 2 * n - 1 }, (_, i) => ({ role: i % 2 ? 'assistant' : 'user', content: `m${i}` }));
    const rec = (id: number, source: string, act: string, type: string, turn: number, n: number) => ({
      id,
      source_id: source,
      act,
      task_description: `I want you to act as ${act}. My first request is hello`,
      type,
      source_file_name: 'gpt-3.5-turbo-2.json',
      turn_num: turn,
      dialogue_history: h(n),
    });
    const lines = [
      rec(0, '000#Linux_Terminal', 'Linux Terminal', 'stateful', 3, 3),
      rec(1, '000#Linux_Terminal', 'Linux Terminal', 'stateful', 2, 2),
      rec(2, '007#Password_Generator', 'Password Generator', 'stateless', 0, 4),
    ]
      .map((r) => JSON.stringify(r))
      .join('\n');
    const r = parseScriptFile(`${lines}\n`);
    if ('error' in r) throw new Error(r.error);
    expect(r.file.scripts.map((x) => [x.key, x.type, x.turn, x.judgedTurn, x.task.id, x.task.kind])).toEqual([
      ['simulbench:0', 'subseq-chan', 3, 2, '000-linux-terminal', 'stateful'],
      ['simulbench:1', 'first-chan', 2, 2, '000-linux-terminal', 'stateful'],
      ['simulbench:2', 'last-only', 4, 0, '007-password-generator', 'stateless'],
    ]);
    expect(r.file.scripts[0]!.history).toEqual(h(3));
    // The same records as one JSON list read alike; a bad record is refused naming it and the field.
    expect(parseScriptFile(`[${lines.split('\n').join(',')}]`)).toEqual(r);
    const broken = lines.replace('"turn_num":0', '"turn_num":"zero"');
    expect((parseScriptFile(broken) as { error: string }).error).toMatch(/^script 3 \(turn_num\)/);
  });
});
