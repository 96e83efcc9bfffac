// Tests of the simulated models (lib/sim/simulated-model.ts): reading a prompt, and the answer generator alone.
import { describe, expect, it } from 'vitest';
import { createRng } from '../engine/rng';
import {
  PERSONAS,
  generateReply,
  illegalVariant,
  parseLegalMoves,
  readPrompt,
  type SimMessage,
} from './simulated-model';
import { tttPrompt, lines, hasExactLine } from './test-prompts';

const careful = PERSONAS['sim-careful']!;
const sloppy = PERSONAS['sim-sloppy']!;

describe('prompt reading', () => {
  it('reads the legal list after a line exactly "Legal moves:"', () => {
    expect(parseLegalMoves('Board\nLegal moves:\n- O: 4\n- O: 7\n\nAnything else')).toEqual(['O: 4', 'O: 7']);
    expect(parseLegalMoves('Legal moves: O: 4')).toBeNull();
    expect(parseLegalMoves('no list here')).toBeNull();
    expect(parseLegalMoves('Legal moves:\n')).toBeNull();
  });

  it('detects reasoning requests and retries', () => {
    const { messages, legal } = tttPrompt('r1', {
      system: 'Think step by step, then give your move on the last line.',
    });
    const first = readPrompt(messages);
    expect(first).toMatchObject({ legal, wantsReasoning: true, isRetry: false });
    const retry = readPrompt([
      ...messages,
      { role: 'assistant', content: 'I will take the middle.\nX: (9,9)' },
      { role: 'user', content: 'Your answer "X: (9,9)" was rejected: that cell does not exist. Answer again.' },
    ]);
    expect(retry.isRetry).toBe(true);
    expect(retry.rejected).toBe('X: (9,9)');
    expect(retry.legal).toEqual(legal); // the earlier list still applies
  });
});

describe('generateReply (pure)', () => {
  it('is deterministic for the same rng seed', () => {
    const { messages } = tttPrompt('det');
    const a = generateReply(messages, sloppy, createRng('s'));
    const b = generateReply(messages, sloppy, createRng('s'));
    expect(a).toEqual(b);
  });

  it('careful: exact legal answers, spread over the options', () => {
    let exact = 0;
    const picked = new Set<string>();
    for (let i = 0; i < 300; i++) {
      const { messages, legal } = tttPrompt(`c${i}`);
      const r = generateReply(messages, careful, createRng(`g${i}`));
      if (legal.includes(r.content)) exact++;
      picked.add(r.content);
    }
    expect(exact / 300).toBeGreaterThanOrEqual(0.95);
    expect(picked.size).toBeGreaterThan(5);
  });

  it('sloppy: about a quarter flawed, in several realistic ways, illegal ones in the right format', () => {
    const flaws = new Map<string, number>();
    let flawed = 0;
    let styled = 0;
    const n = 800;
    for (let i = 0; i < n; i++) {
      const { messages, legal } = tttPrompt(`s${i}`);
      const r = generateReply(messages, sloppy, createRng(`h${i}`));
      if (r.kind === 'ok') {
        expect(legal).toContain(r.intended);
        if (r.content !== r.intended) styled++;
        continue;
      }
      flawed++;
      flaws.set(r.flaw!, (flaws.get(r.flaw!) ?? 0) + 1);
      expect(hasExactLine(r.content, legal)).toBe(false);
      if (r.kind === 'illegal') {
        expect(r.content).toMatch(/^X: \(\d+,\d+\)$/);
        expect(legal).not.toContain(r.content);
      }
    }
    expect(flawed / n).toBeGreaterThan(0.18);
    expect(flawed / n).toBeLessThan(0.32);
    expect(styled).toBeGreaterThan(50);
    expect([...flaws.keys()].sort()).toEqual(['chatty', 'empty', 'fence', 'illegal', 'json', 'ramble', 'wrong-mark']);
  });

  it('illegal variants mutate a listed answer into an unlisted one', () => {
    const legal = ['O: 1', 'O: 4', 'O: 7'];
    for (let i = 0; i < 50; i++) {
      const v = illegalVariant('O: 4', legal, createRng(`iv${i}`));
      expect(v).toMatch(/^O: \d+$/);
      expect(legal).not.toContain(v);
    }
    expect(illegalVariant('fold', ['fold', 'call'], createRng('w'))).toMatch(/^[a-z]+$/);
  });

  it('careful answers a rejection correctly, without repeating the rejected answer', () => {
    for (let i = 0; i < 50; i++) {
      const { messages, legal } = tttPrompt(`rt${i}`);
      const wrong = legal[0]!;
      const r = generateReply(
        [
          ...messages,
          { role: 'assistant', content: wrong },
          { role: 'user', content: `"${wrong}" is invalid here. Try again.` },
        ],
        careful,
        createRng(`rr${i}`),
      );
      expect(legal).toContain(r.content);
      if (legal.length > 1) expect(r.content).not.toBe(wrong);
    }
  });

  it('reasons before the final answer line when asked to think step by step', () => {
    const { messages, legal } = tttPrompt('cot', {
      system: 'Think step by step. Put your move alone on the last line.',
    });
    const r = generateReply(messages, careful, createRng('cot'));
    const ls = lines(r.content);
    expect(ls.length).toBeGreaterThanOrEqual(2);
    expect(legal).toContain(ls[ls.length - 1]);
    expect(ls[0]!.length).toBeGreaterThan(60);
    expect(ls[0]).toMatch(/board/i);
    // sim-random ignores the request and answers bare.
    expect(legal).toContain(generateReply(messages, PERSONAS['sim-random']!, createRng('cot')).content);
  });

  it('answers open-ended turns with a sentence and survives odd input', () => {
    const vote = generateReply(
      [{ role: 'user', content: 'Discussion is over. Vote for the spy: Player 1, Player 3 or Player 4.' }],
      careful,
      createRng('v'),
    );
    expect(vote.content).toMatch(/^I vote for Player [134]\.$/);
    const describe = generateReply(
      [{ role: 'user', content: 'Describe your secret word without saying it.' }],
      careful,
      createRng('d'),
    );
    expect(describe.content.length).toBeGreaterThan(10);
    for (const msgs of [
      [],
      [{ role: 'assistant', content: null }],
      [{ role: 'user', content: [{ type: 'text', text: 'Legal moves:\n- go' }] }],
    ] as SimMessage[][]) {
      expect(() => generateReply(msgs, sloppy, createRng('x'))).not.toThrow();
    }
    expect(
      generateReply(
        [{ role: 'user', content: [{ type: 'text', text: 'Legal moves:\n- go' }] }],
        careful,
        createRng('p'),
      ).content,
    ).toBe('go');
  });
});
