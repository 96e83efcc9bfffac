// The consistency judge's prompt names the word and the description only, and its reader takes the usual answer
// styles and explains what is missing.
import { describe, expect, it } from 'vitest';
import { judgeMessages, parseVerdict } from './consistency-judge-prompt';

describe('the consistency judge', () => {
  it('asks about one word and one description, in the format it reads', () => {
    const [system, user] = judgeMessages({ word: 'moon', text: 'It shines at night' });
    expect(system!.content).toMatch(/SCORE: <1-5>/);
    expect(system!.content).not.toMatch(/moon/);
    expect(user!.content).toBe(
      'Word: moon\nDescription: "It shines at night"\n\nIs the description consistent with the word?\nSCORE: <1-5>\nVERDICT: consistent | inconsistent\nREASON: <one short sentence>',
    );
  });

  it('reads labelled answers with markdown, the last score counting, and a verdict that follows the score when missing', () => {
    expect(parseVerdict('SCORE: 5\nVERDICT: consistent\nREASON: The moon shines at night.')).toEqual({
      score: 5,
      consistent: true,
      reason: 'The moon shines at night.',
    });
    expect(
      parseVerdict('Thinking...\n**Score:** 2/5\n**Verdict:** Inconsistent\n**Reason:** "The sun shines by day."'),
    ).toEqual({ score: 2, consistent: false, reason: 'The sun shines by day.' });
    expect(parseVerdict('SCORE: 4\nSCORE: 1')).toEqual({ score: 1, consistent: false, reason: '' });
    expect(parseVerdict('score: 3')).toEqual({ score: 3, consistent: true, reason: '' });
    expect(parseVerdict('<think>SCORE: 1</think>SCORE: 4\nVERDICT: not consistent')).toMatchObject({
      score: 4,
      consistent: false,
    });
  });

  it('explains what is missing or out of range', () => {
    expect(parseVerdict('It fits well.')).toEqual({ error: expect.stringMatching(/start with "SCORE: <1-5>"/) });
    expect(parseVerdict('SCORE: 7')).toEqual({ error: 'the score is a whole number from 1 to 5 (you gave 7)' });
    expect(parseVerdict('SCORE: 3.5')).toEqual({ error: 'the score is a whole number from 1 to 5 (you gave 3.5)' });
  });
});
