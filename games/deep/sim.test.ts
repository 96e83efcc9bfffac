// The simulated DEEP player: its describer never says the target, writes a short conservative description, and its
// judge scores a word higher when the description carries that word's clues; after a rejection it still answers the task.
import { describe, expect, it } from 'vitest';
import { createRng } from '../../lib/engine/rng';
import { cluesOf, simScore } from '../sim-lexicon';
import { wordIn } from '../words';
import { parseScores } from './prompt';
import { countWords } from './rules';
import { deepReply } from './sim';
import { DEEP_WORDS } from './words';

const describerTurn = (target: string, mode: string) =>
  `Word 1 of 3.\nTarget word: ${target}\nMode: ${mode}\n\nWrite it.`;
const judgeTurn = (description: string, words: string[]) =>
  `Description 1 of 6:\n"${description}"\n\nWords to score (1 = does not match at all, 5 = matches perfectly):\n${words.map((w) => `- ${w}`).join('\n')}\n\nAnswer with one line per word, in this order:\n${words.map((w) => `${w}: <score>`).join('\n')}`;

describe('the simulated DEEP player', () => {
  it('has clues for every DEEP word, and describes every target without naming it, within the limits', () => {
    for (const w of DEEP_WORDS) {
      expect(cluesOf(w.target).length, w.target).toBeGreaterThan(0);
      const a = deepReply([describerTurn(w.target, 'aggressive')], false, true, createRng(w.id))!;
      expect(a.kind).toBe('ok');
      const text = a.content.replace(/^DESCRIPTION: /, '');
      expect(wordIn(text, w.target), `${w.target}: ${text}`).toBeNull();
      expect(countWords(text)).toBeLessThanOrEqual(100);
      const c = deepReply([describerTurn(w.target, 'conservative')], false, true, createRng(w.id))!;
      const [, candidates, description] = /^CANDIDATES: (.+)\nDESCRIPTION: (.+)$/.exec(c.content)!;
      expect(candidates!.split(', ').length).toBeGreaterThanOrEqual(2);
      expect(wordIn(description!, w.target)).toBeNull();
      expect(countWords(description!)).toBeLessThanOrEqual(10);
    }
  });

  it('judges by the clues a description carries, in the format the game parses', () => {
    const [clue] = cluesOf('apple');
    expect(simScore(clue!, 'apple')).toBeGreaterThanOrEqual(4);
    expect(simScore('Something entirely unrelated xyzzy', 'apple')).toBe(1);
    const words = ['pear', 'apple', 'peach', 'plum'];
    const r = deepReply([judgeTurn(cluesOf('apple').join('. '), words)], false, true, createRng('j'))!;
    const parsed = parseScores(r.content, words);
    expect('action' in parsed && parsed.action.type === 'score' ? parsed.action.scores[1] : null).toBe(5);
  });

  it('errs when flawed (names the target, leaves a word out) and answers the task again after a rejection', () => {
    expect(deepReply([describerTurn('apple', 'aggressive')], true, true, createRng('f'))).toMatchObject({
      kind: 'illegal',
      content: expect.stringMatching(/apple/),
    });
    const words = ['pear', 'apple'];
    const flawed = deepReply([judgeTurn('Red fruit', words)], true, true, createRng('f'))!;
    expect('error' in parseScores(flawed.content, words)).toBe(true);
    const retry = deepReply(
      [
        judgeTurn('Red fruit', words),
        'Your answer was rejected: no score for apple\nAnswer again, in the required format.',
      ],
      false,
      true,
      createRng('r'),
    )!;
    expect('action' in parseScores(retry.content, words)).toBe(true);
    expect(deepReply(['Your word: moon\nYou are Player 1.'], false, true, createRng('x'))).toBeNull();
  });
});
