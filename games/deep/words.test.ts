// The DEEP word set: enough words in both languages, unique ids, three distinct distractors per target in its
// language, no target giving a distractor away, and the prompt's example word kept out.
import { describe, expect, it } from 'vitest';
import { wordIn } from '../words';
import { EXAMPLE } from './prompt';
import { DEEP_VERSION, DEEP_WORDS, deepWordsFor } from './words';

describe('DEEP words', () => {
  it('has at least 40 words, at least 30 in English and 14 in Chinese, with a version', () => {
    expect(DEEP_VERSION).toMatch(/^\d{4}\.\d{2}-\d+$/);
    expect(DEEP_WORDS.length).toBeGreaterThanOrEqual(40);
    expect(deepWordsFor('en').length).toBeGreaterThanOrEqual(30);
    expect(deepWordsFor('zh').length).toBeGreaterThanOrEqual(14);
    expect(deepWordsFor('en').length + deepWordsFor('zh').length).toBe(deepWordsFor('any').length);
  });

  it('has unique kebab-case ids and unique targets', () => {
    expect(new Set(DEEP_WORDS.map((w) => w.id)).size).toBe(DEEP_WORDS.length);
    expect(new Set(DEEP_WORDS.map((w) => w.target.toLowerCase())).size).toBe(DEEP_WORDS.length);
    for (const w of DEEP_WORDS) expect(w.id).toMatch(/^[a-z0-9]+(?:-[a-z0-9]+)*$/);
  });

  it('gives every target three distractors, distinct, in its language, none containing another', () => {
    for (const w of DEEP_WORDS) {
      const all = [w.target, ...w.distractors];
      expect(new Set(all.map((x) => x.toLowerCase())).size, w.id).toBe(4);
      for (const x of all) expect(x, w.id).toMatch(w.lang === 'zh' ? /^\p{Script=Han}+$/u : /^[a-z0-9 -]+$/);
      // A distractor that contains the target (or the reverse) would be refused or given away by the word check.
      for (const d of w.distractors) expect(wordIn(d, w.target) ?? wordIn(w.target, d), `${w.id}: ${d}`).toBeNull();
    }
  });

  it('keeps the worked example out of the set', () => {
    for (const x of [EXAMPLE.target, ...EXAMPLE.candidates])
      expect(DEEP_WORDS.flatMap((w) => [w.target, ...w.distractors])).not.toContain(x);
  });
});
