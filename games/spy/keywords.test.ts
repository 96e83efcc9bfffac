// The shipped keyword pairs: enough of them, in both languages and every domain, well formed, and usable by the rules.
import { describe, expect, it } from 'vitest';
import { KEYWORD_PAIRS, KEYWORDS_VERSION, findPair, pairsFor } from './keywords';
import { EXAMPLE_WORDS } from './prompt';
import { wordIn } from './rules';

describe('keyword pairs', () => {
  it('has at least 50 pairs across the six domains, at least 10 in Chinese, with a version', () => {
    expect(KEYWORDS_VERSION).toMatch(/\S/);
    expect(KEYWORD_PAIRS.length).toBeGreaterThanOrEqual(50);
    expect(pairsFor('zh').length).toBeGreaterThanOrEqual(10);
    expect(pairsFor('en').length + pairsFor('zh').length).toBe(pairsFor('any').length);
    for (const domain of ['science', 'culture', 'food', 'animals', 'technology', 'places']) {
      expect(KEYWORD_PAIRS.filter((p) => p.domain === domain).length, domain).toBeGreaterThanOrEqual(8);
    }
  });

  it('has unique ids and words, two different words per pair, neither giving the other away', () => {
    expect(new Set(KEYWORD_PAIRS.map((p) => p.id)).size).toBe(KEYWORD_PAIRS.length);
    const words = KEYWORD_PAIRS.flatMap((p) => [p.a, p.b]);
    expect(new Set(words.map((w) => w.toLowerCase())).size).toBe(words.length);
    for (const p of KEYWORD_PAIRS) {
      expect(wordIn(p.a, p.b), p.id).toBeNull();
      expect(wordIn(p.b, p.a), p.id).toBeNull();
      if (p.lang === 'zh') expect(`${p.a}${p.b}`).toMatch(/^\p{Script=Han}+$/u);
      else expect(`${p.a} ${p.b}`).toMatch(/^[A-Za-z0-9 -]+$/);
    }
    expect(findPair('moon-sun')).toMatchObject({ a: 'moon', b: 'sun' });
  });

  it('never uses the words of the prompt’s worked example', () => {
    for (const w of EXAMPLE_WORDS) for (const p of KEYWORD_PAIRS) expect([p.a, p.b]).not.toContain(w);
  });
});
