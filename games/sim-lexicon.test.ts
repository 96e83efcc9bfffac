// The simulated model's word knowledge: every keyword has clues, and no clue gives its own word away.
import { describe, expect, it } from 'vitest';
import { KEYWORD_PAIRS } from './spy/keywords';
import { wordIn } from './spy/rules';
import lexicon from './sim-lexicon.json' with { type: 'json' };

const words: Record<string, string[]> = lexicon.words;

describe('simulated lexicon', () => {
  it('has at least five clues for every word of every keyword pair', () => {
    for (const p of KEYWORD_PAIRS)
      for (const w of [p.a, p.b]) expect(words[w]?.length ?? 0, w).toBeGreaterThanOrEqual(5);
  });

  it('never says the other word of its pair (the simulated spy would hand the villagers their word)', () => {
    for (const p of KEYWORD_PAIRS) {
      for (const c of words[p.a] ?? []) expect(wordIn(c, p.b), `${p.a}: ${c}`).toBeNull();
      for (const c of words[p.b] ?? []) expect(wordIn(c, p.a), `${p.b}: ${c}`).toBeNull();
    }
  });

  it('never gives a word away in its own clues; a clue shared by two words fits both words of one pair', () => {
    for (const [word, clues] of Object.entries(words))
      for (const c of clues) expect(wordIn(c, word), `${word}: ${c}`).toBeNull();
    const owners = new Map<string, string[]>();
    for (const [word, clues] of Object.entries(words))
      for (const c of clues) owners.set(c.toLowerCase(), [...(owners.get(c.toLowerCase()) ?? []), word]);
    for (const [clue, ws] of owners) {
      if (ws.length === 1) continue;
      expect(ws, clue).toHaveLength(2);
      expect(
        KEYWORD_PAIRS.some((p) => ws.includes(p.a) && ws.includes(p.b)),
        `"${clue}" is shared by ${ws.join(' and ')}`,
      ).toBe(true);
    }
  });
});
