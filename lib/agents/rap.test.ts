// RAP's search against a scripted model, with values worked by hand from GameBench's algorithm (agents/rap and the
// reasoners library's MCTS), and the readers of the model's answers.
import { describe, expect, it } from 'vitest';
import { rapReward, rapSearch, readActions, readIntuitions, readYesNo, type RapModel } from './rap';

/** A scripted model: fixed intuitions and self-evaluations per action, a win probability per predicted state; it logs its calls. */
function scripted(opts: {
  intuitions: Record<string, number>;
  selfEval: Record<string, number>;
  win: Record<string, number>;
  actions?: Record<string, string[]>;
}) {
  const calls: string[] = [];
  const model: RapModel = {
    actions: async (obs) => (calls.push(`actions ${obs}`), opts.actions?.[obs] ?? []),
    others: async (obs) => (calls.push(`others ${obs}`), 'they wait'),
    next: async (obs, action) => (calls.push(`next ${action}`), `after ${action}`),
    intuitions: async (_obs, actions) => (
      calls.push(`intuitions ${actions.join(',')}`),
      actions.map((a) => opts.intuitions[a] ?? 0)
    ),
    selfEval: async (_obs, action) => (calls.push(`selfEval ${action}`), opts.selfEval[action] ?? 0.5),
    win: async (obs) => (calls.push(`win ${obs}`), opts.win[obs] ?? 0.5),
  };
  return { model, calls };
}

describe('rapSearch', () => {
  it('follows GameBench: expand the root, simulate by fast reward, back up sums, pick the best visited path', async () => {
    // Fast rewards: A = 0.6 + 0.5 = 1.1, B = 0.4 + 0.9 = 1.3. Iteration 1 simulates B (the higher fast reward): its
    // predicted state has win 0.25, so its reward is 0.4 + 0.9 + (2·0.25 − 1) = 0.8; root and B get 0.8. Iteration 2
    // selects by UCT: A (never visited) scores its fast reward 1.1 + √(ln 1 / 1) = 1.1 against B's 0.8 + 0 = 0.8; A is
    // at the depth limit (1), so it is not expanded (as in the reasoners library) and backs up its fast reward 1.1.
    // The answer is the best path through expanded nodes: B (0.8), though A's Q is higher.
    const { model, calls } = scripted({
      intuitions: { A: 0.6, B: 0.4 },
      selfEval: { A: 0.5, B: 0.9 },
      win: { 'after B': 0.25 },
    });
    const r = await rapSearch(model, 'start', ['A', 'B'], { depth: 1, iterations: 2 });
    expect(r.chosen).toBe(1);
    expect(r.total).toBeCloseTo(0.8, 12);
    expect(r.tree.visits).toBe(2);
    expect(r.tree.value).toBeCloseTo((0.8 + 1.1) / 2, 12);
    const [a, b] = r.tree.children;
    expect(a).toMatchObject({ action: 'A', state: null, visits: 1 });
    expect(a!.value).toBeCloseTo(1.1, 12);
    expect(b).toMatchObject({ action: 'B', state: 'after B', visits: 1, win: 0.25 });
    expect(b!.reward).toBeCloseTo(0.8, 12);
    expect(calls).toEqual(['intuitions A,B', 'selfEval A', 'selfEval B', 'others start', 'next B', 'win after B']);
  });

  it('predicts actions below the root, keeps the most intuitive candidates, and searches to depth 2', async () => {
    const { model, calls } = scripted({
      intuitions: { A: 0.7, B: 0.2, C: 0.1, x: 0.5, y: 0.5 },
      selfEval: { A: 0.2, B: 0.9, C: 0.9, x: 0.6, y: 0.1 },
      win: { 'after A': 0.5, 'after x': 0.9 },
      actions: { 'after A': ['x', 'y'] },
    });
    const r = await rapSearch(model, 'start', ['A', 'B', 'C'], { depth: 2, iterations: 1, candidates: 2 });
    // Kept at the root: A and B (C is the least intuitive). A: 0.9, B: 1.1 → simulate B first.
    expect(r.tree.children.map((c) => c.action)).toEqual(['A', 'B']);
    expect(calls).not.toContain('selfEval C');
    expect(r.tree.children[1]!.state).toBe('after B');
    // B's state has no predicted action (the script gives none): the path ends there, below the depth limit, so no
    // visited path is complete and the root's child with the best fast reward is taken.
    expect(r.total).toBeNull();
    expect(r.chosen).toBe(1);
    // With A the only candidate, the search goes down to x (fast 0.5 + 0.6 = 1.1 against y's 0.6) and completes.
    const two = scripted({
      intuitions: { A: 1, x: 0.5, y: 0.5 },
      selfEval: { A: 0.2, x: 0.6, y: 0.1 },
      win: { 'after A': 0.5, 'after x': 0.9 },
      actions: { 'after A': ['x', 'y'] },
    });
    const deep = await rapSearch(two.model, 'start', ['A'], { depth: 2, iterations: 1 });
    // A: 1 + 0.2 + 0 = 1.2; x: 0.5 + 0.6 + 0.8 = 1.9; the path's total 3.1.
    expect(deep.total).toBeCloseTo(rapReward(1, 0.2, 0.5) + rapReward(0.5, 0.6, 0.9), 12);
    expect(deep.tree.children[0]!.children.map((c) => [c.action, c.visits])).toEqual([
      ['x', 1],
      ['y', 0],
    ]);
  });
});

describe("reading the model's answers", () => {
  it('reads predicted actions between tags, one per line', () => {
    expect(
      readActions('Sure.\n<actions>\n0. Play X at (1,1)\n- Play X at (1,2)\n\n1) Play X at (1,1)\n</actions>'),
    ).toEqual(['Play X at (1,1)', 'Play X at (1,2)']);
    expect(readActions('Play A\nPlay B')).toEqual(['Play A', 'Play B']);
  });

  it('reads yes/no from logprobs (yes against no) or from the text', () => {
    expect(
      readYesNo('yes', [
        { token: 'yes', logprob: Math.log(0.6) },
        { token: 'no', logprob: Math.log(0.2) },
        { token: 'maybe', logprob: Math.log(0.2) },
      ]),
    ).toBeCloseTo(0.75, 12);
    expect(readYesNo('Yes, 8', null)).toBeCloseTo(0.8, 12);
    expect(readYesNo('no 3', null)).toBeCloseTo(0.3, 12);
    expect(readYesNo('No.', null)).toBe(0);
    expect(readYesNo('I cannot tell', null)).toBeNull();
  });

  it('reads intuitions from logprobs over the numbers, else the number written, else uniform', () => {
    const p = readIntuitions(
      '1',
      [
        { token: '1', logprob: Math.log(0.5) },
        { token: '0', logprob: Math.log(0.25) },
        { token: '7', logprob: Math.log(0.25) },
      ],
      3,
    );
    expect(p[0]).toBeCloseTo(1 / 3, 12);
    expect(p[1]).toBeCloseTo(2 / 3, 12);
    expect(p[2]).toBe(0);
    expect(readIntuitions('I choose 2.', null, 3)).toEqual([0, 0, 1]);
    expect(readIntuitions('none', null, 4)).toEqual([0.25, 0.25, 0.25, 0.25]);
  });
});
