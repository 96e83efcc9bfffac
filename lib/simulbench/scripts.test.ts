// Tests of SimulBench's script extraction (Sec. 2.4): LastOnly, FirstChan, SubseqChan cut from a dialogue.
import { describe, expect, it } from 'vitest';
import { answeredDialogue, answeredTurns, extractScripts, isHard, scriptKey } from './scripts';
import type { ChatTurn } from './types';

const u = (n: number): ChatTurn => ({ role: 'user', content: `request ${n}` });
const a = (n: number): ChatTurn => ({ role: 'assistant', content: `reply ${n}` });
/** u1 a1 u2 a2 u3 a3 u4 a4: four answered turns. */
const four = [u(1), a(1), u(2), a(2), u(3), a(3), u(4), a(4)];

describe('extractScripts', () => {
  it('c = 0: one LastOnly script at the last turn, its history ending with the last request', () => {
    const s = extractScripts(four, 0);
    expect(s).toEqual([{ turn: 4, type: 'last-only', history: [u(1), a(1), u(2), a(2), u(3), a(3), u(4)] }]);
  });

  it('c = null (no usable judge answer): only the LastOnly script, as for c = 0', () => {
    expect(extractScripts(four, null)).toEqual(extractScripts(four, 0));
  });

  it('c = 1: FirstChan at turn 1 and SubseqChan at turns 2..4', () => {
    const s = extractScripts(four, 1);
    expect(s.map((x) => [x.type, x.turn])).toEqual([
      ['first-chan', 1],
      ['subseq-chan', 2],
      ['subseq-chan', 3],
      ['subseq-chan', 4],
    ]);
    expect(s[0]!.history).toEqual([u(1)]);
    expect(s[1]!.history).toEqual([u(1), a(1), u(2)]);
    expect(s[3]!.history).toEqual([u(1), a(1), u(2), a(2), u(3), a(3), u(4)]);
    for (const x of s) expect(x.history.at(-1)!.role).toBe('user');
  });

  it('c = 2: FirstChan at 2, SubseqChan at 3 and 4, no LastOnly', () => {
    expect(extractScripts(four, 2).map(scriptKey)).toEqual(['first-chan@2', 'subseq-chan@3', 'subseq-chan@4']);
  });

  it('c = T: a single FirstChan script at the last turn', () => {
    expect(extractScripts(four, 4)).toEqual([{ turn: 4, type: 'first-chan', history: four.slice(0, 7) }]);
  });

  it('drops a trailing request without a reply (T counts answered turns only)', () => {
    const d = [u(1), a(1), u(2), a(2), u(3)];
    expect(answeredTurns(d)).toBe(2);
    expect(answeredDialogue(d)).toEqual([u(1), a(1), u(2), a(2)]);
    expect(extractScripts(d, 0)).toEqual([{ turn: 2, type: 'last-only', history: [u(1), a(1), u(2)] }]);
    expect(extractScripts(d, 1).map(scriptKey)).toEqual(['first-chan@1', 'subseq-chan@2']);
    expect(() => extractScripts(d, 3)).toThrow(/0 to 2/);
  });

  it('no answered turn: no script; a turn out of range or fractional throws', () => {
    expect(extractScripts([], 0)).toEqual([]);
    expect(extractScripts([u(1)], null)).toEqual([]);
    expect(() => extractScripts(four, 5)).toThrow(RangeError);
    expect(() => extractScripts(four, -1)).toThrow(RangeError);
    expect(() => extractScripts(four, 1.5)).toThrow(RangeError);
  });

  it('copies the messages (a script does not share objects with the dialogue)', () => {
    const d = four.map((t) => ({ ...t }));
    const [s] = extractScripts(d, 0);
    d[0]!.content = 'changed';
    expect(s!.history[0]!.content).toBe('request 1');
  });
});

describe('isHard and scriptKey', () => {
  it('Hard = FirstChan ∪ SubseqChan', () => {
    expect(isHard('first-chan')).toBe(true);
    expect(isHard('subseq-chan')).toBe(true);
    expect(isHard('last-only')).toBe(false);
  });
  it('keys are type@turn', () => {
    expect(scriptKey({ type: 'last-only', turn: 3 })).toBe('last-only@3');
  });
});
