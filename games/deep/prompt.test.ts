// DEEP prompts: what each seat is asked (a judge is never told the target or the mode), and the parser reading
// descriptions and scores the many ways models write them, with errors a model can act on.
import { describe, expect, it } from 'vitest';
import { createRng } from '../../lib/engine/rng';
import { prompt, parseScores } from './prompt';
import { apply, setup, view } from './rules';
import { configSchema, type DeepAction, type DeepState, type DeepView } from './types';

const start = (n = 2): DeepState => setup(createRng('p'), configSchema.parse({ wordIds: ['apple'] }), n);
const judging = (): DeepState =>
  apply(apply(start(), 0, { type: 'aggressive', text: 'Red and crisp, from an orchard' }), 0, {
    type: 'conservative',
    candidates: ['banana', 'mango'],
    text: 'A fruit',
  });
const words = ['pear', 'apple', 'water tower', 'plum'];
const ok = (r: ReturnType<typeof parseScores>) => ('action' in r ? r.action : r.error);

describe('turn prompts', () => {
  it('asks the describer for each mode with its format and limit, naming the target', () => {
    const s = start();
    const t1 = prompt.turn(view(s, { seat: 0 }), 0, null, s.cfg);
    expect(t1).toMatch(/^Target word: apple$/m);
    expect(t1).toMatch(/^Mode: aggressive$/m);
    expect(t1).toMatch(/at most 100 words/);
    const c = apply(s, 0, { type: 'aggressive', text: 'x' });
    const t2 = prompt.turn(view(c, { seat: 0 }), 0, null, c.cfg);
    expect(t2).toMatch(/^Mode: conservative$/m);
    expect(t2).toMatch(/^CANDIDATES: /m);
    expect(t2).toMatch(/at most 10 words/);
  });

  it('asks a judge about one description and its words, never naming the target or the mode', () => {
    const s = judging();
    const v = view(s, { seat: 1 });
    const t = prompt.turn(v, 1, null, s.cfg);
    expect(t).toMatch(/^Description 1 of 2:$/m);
    for (const w of v.judge!.words) expect(t).toContain(`- ${w}`);
    expect(t).not.toMatch(/target|aggressive|conservative|banana/i);
    const system = prompt.system(s.cfg, 1, 2);
    expect(system).not.toMatch(/apple|pear/);
    expect(system).toMatch(/from 1 \(does not match at all\) to 5/);
  });

  it('tells the describer never to write the word and shows an example outside the word set', () => {
    const system = prompt.system(start().cfg, 0, 2);
    expect(system).toMatch(/Never write the target word/);
    expect(system).toMatch(/lighthouse/);
  });
});

describe('parsing descriptions', () => {
  const aggressiveView = view(start(), { seat: 0 });
  const conservativeView = view(apply(start(), 0, { type: 'aggressive', text: 'x' }), { seat: 0 });
  const parse = (reply: string, v: DeepView) => prompt.parse(reply, 0, null, v);

  it('reads labelled, markdown, JSON and unlabelled aggressive descriptions', () => {
    expect(parse('DESCRIPTION: Red and crisp.', aggressiveView)).toEqual({
      action: { type: 'aggressive', text: 'Red and crisp.' },
    });
    expect(parse('Let me think.\n**Description:** "Red and crisp."', aggressiveView)).toEqual({
      action: { type: 'aggressive', text: 'Red and crisp.' },
    });
    expect(parse('```json\n{"description": "Red and crisp."}\n```', aggressiveView)).toEqual({
      action: { type: 'aggressive', text: 'Red and crisp.' },
    });
    expect(parse('A red, crisp fruit that grows in orchards.', aggressiveView)).toEqual({
      action: { type: 'aggressive', text: 'A red, crisp fruit that grows in orchards.' },
    });
    expect(parse('<think>it is an apple</think>\nDESCRIPTION: Crisp', aggressiveView)).toEqual({
      action: { type: 'aggressive', text: 'Crisp' },
    });
    expect(parse('描述：红色的水果', aggressiveView)).toEqual({ action: { type: 'aggressive', text: '红色的水果' } });
    expect(parse('DESCRIPTION:', aggressiveView)).toEqual({
      error: expect.stringMatching(/write the description after "DESCRIPTION:"/),
    });
  });

  it('reads candidates in lists, bullets and Chinese punctuation; the last description counts', () => {
    expect(parse('CANDIDATES: pear, plum, peach\nDESCRIPTION: Grows on trees', conservativeView)).toEqual({
      action: { type: 'conservative', candidates: ['pear', 'plum', 'peach'], text: 'Grows on trees' },
    });
    expect(parse('Candidates:\n- pear\n- plum\nDescription: Grows on trees', conservativeView)).toEqual({
      action: { type: 'conservative', candidates: ['pear', 'plum'], text: 'Grows on trees' },
    });
    expect(parse('候选词：梨、李子\n描述：长在树上', conservativeView)).toEqual({
      action: { type: 'conservative', candidates: ['梨', '李子'], text: '长在树上' },
    });
    expect(parse('{"candidates": ["pear", "plum"], "description": "Sweet"}', conservativeView)).toEqual({
      action: { type: 'conservative', candidates: ['pear', 'plum'], text: 'Sweet' },
    });
    expect(parse('CANDIDATES: pear, plum\nDESCRIPTION: Long draft\nDESCRIPTION: Sweet', conservativeView)).toEqual({
      action: { type: 'conservative', candidates: ['pear', 'plum'], text: 'Sweet' },
    });
    expect(parse('DESCRIPTION: Sweet', conservativeView)).toEqual({
      error: expect.stringMatching(/start with a "CANDIDATES:" line/),
    });
    expect(parse('CANDIDATES: pear, plum', conservativeView)).toEqual({
      error: expect.stringMatching(/write "DESCRIPTION:"/),
    });
  });
});

describe('parsing scores', () => {
  it('reads "word: n" lines in any order, case and decoration, longest word first', () => {
    expect(ok(parseScores('pear: 2\napple: 5\nwater tower: 1\nplum: 3', words))).toEqual({
      type: 'score',
      scores: [2, 5, 1, 3],
    });
    expect(
      ok(parseScores('1. **Plum** - 3/5\n2. Water Tower = 1 (not at all)\n3. APPLE: 5\n4. pear → 2', words)),
    ).toEqual({ type: 'score', scores: [2, 5, 1, 3] });
    expect(
      ok(
        parseScores(
          'Reasoning: the description fits a fruit.\n- pear (2)\n- apple (5)\n- water tower (1)\n- plum (3)',
          words,
        ),
      ),
    ).toEqual({ type: 'score', scores: [2, 5, 1, 3] });
    expect(ok(parseScores('pear: score 2\napple: score: 5\nwater tower: 1\nplum: 3', words))).toEqual({
      type: 'score',
      scores: [2, 5, 1, 3],
    });
  });

  it('reads a markdown table and number words', () => {
    const table = '| Word | Score |\n|---|---|\n| pear | 2 |\n| apple | 5 |\n| water tower | 1 |\n| plum | 3 |';
    expect(ok(parseScores(table, words))).toEqual({ type: 'score', scores: [2, 5, 1, 3] });
    expect(ok(parseScores('pear: two\napple: Five\nwater tower: one\nplum: three', words))).toEqual({
      type: 'score',
      scores: [2, 5, 1, 3],
    });
  });

  it('reads JSON, a bare list of numbers, and takes a corrected score', () => {
    expect(ok(parseScores('{"pear": 2, "apple": 5, "water tower": 1, "plum": 3}', words))).toEqual({
      type: 'score',
      scores: [2, 5, 1, 3],
    });
    expect(ok(parseScores('My scores, in order:\n2, 5, 1, 3', words))).toEqual({ type: 'score', scores: [2, 5, 1, 3] });
    expect(ok(parseScores('pear: 4\napple: 5\nwater tower: 1\nplum: 3\nOn reflection:\npear: 2', words))).toEqual({
      type: 'score',
      scores: [2, 5, 1, 3],
    });
  });

  it('answers with what is missing or out of range, so a model can correct itself', () => {
    expect(ok(parseScores('pear: 2\napple: 5', words))).toMatch(/no score for water tower, plum/);
    expect(ok(parseScores('I cannot decide.', words))).toMatch(
      /no scores found: answer one line per word as "word: score" \(pear: <1-5>/,
    );
    expect(ok(parseScores('pear: 7\napple: 5\nwater tower: 1\nplum: 3', words))).toMatch(
      /scores go from 1 to 5 \(you gave 7 for pear\)/,
    );
    expect(ok(parseScores('pear: 2.5\napple: 5\nwater tower: 1\nplum: 3', words))).toMatch(
      /whole numbers .* \(you gave 2.5 for pear\)/,
    );
    // A list with the wrong count is not guessed at.
    expect(ok(parseScores('2, 5, 1', words))).toMatch(/no scores found/);
  });

  it('round-trips every action through format and parse with the seat’s view', () => {
    const s = judging();
    const cases: [number, DeepState, DeepAction][] = [
      [0, start(), { type: 'aggressive', text: 'Red and crisp, from an orchard' }],
      [
        0,
        apply(start(), 0, { type: 'aggressive', text: 'x' }),
        { type: 'conservative', candidates: ['pear', 'plum'], text: 'Grows on trees' },
      ],
      [1, s, { type: 'score', scores: [1, 4, 2, 5] }],
    ];
    for (const [seat, st, a] of cases) {
      const v = view(st, { seat });
      expect(prompt.parse(prompt.format(a, seat, v), seat, null, v)).toEqual({ action: a });
    }
  });
});
