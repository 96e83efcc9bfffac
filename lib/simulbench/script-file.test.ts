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
});
