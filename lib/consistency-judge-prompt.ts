// The consistency judge's prompt and reader (pure): is a statement true of the word its speaker had? A judge agent
// answers SCORE (1–5), VERDICT and REASON; the reader takes the many ways models write that and explains what is missing.
import type { JudgeItem } from './engine/types';

export const JUDGE_PROMPT_VERSION = 'consistency-1';

export interface Verdict {
  score: number;
  consistent: boolean;
  reason: string;
}

export function judgeMessages(item: Pick<JudgeItem, 'word' | 'text'>): { role: 'system' | 'user'; content: string }[] {
  return [
    {
      role: 'system',
      content: `You check statements from a word game. A player was given a secret word and described it without saying it. Judge only whether the description is true of that word (consistent), not whether it is clever or vague: a vague description that fits the word is consistent; one that contradicts the word or fits only something else is not.

Answer in three lines:
SCORE: <1-5> (1 = contradicts the word, 3 = loosely fits, 5 = clearly true of it)
VERDICT: consistent | inconsistent
REASON: <one short sentence>`,
    },
    {
      role: 'user',
      content: `Word: ${item.word}\nDescription: "${item.text}"\n\nIs the description consistent with the word?\nSCORE: <1-5>\nVERDICT: consistent | inconsistent\nREASON: <one short sentence>`,
    },
  ];
}

const line = (text: string, label: string) => {
  const all = [...text.matchAll(new RegExp(`^[\\s>*_#-]*${label}[\\s*_]*[:：][\\s*_]*(.*)$`, 'gim'))];
  return all.at(-1)?.[1]?.trim();
};

/** Reads a judge's reply; a missing verdict follows the score (3 or more is consistent). */
export function parseVerdict(reply: string): Verdict | { error: string } {
  const text = reply.replace(/<think>[\s\S]*?<\/think>/gi, '');
  const rawScore = line(text, 'SCORE');
  const m = rawScore ? /^(-?\d+(?:[.,]\d+)?)/.exec(rawScore) : null;
  if (!m)
    return {
      error:
        'start with "SCORE: <1-5>", then "VERDICT: consistent" or "VERDICT: inconsistent", then "REASON: <one sentence>"',
    };
  const score = Number(m[1]!.replace(',', '.'));
  if (!Number.isInteger(score) || score < 1 || score > 5)
    return { error: `the score is a whole number from 1 to 5 (you gave ${m[1]})` };
  const v = line(text, 'VERDICT')?.toLowerCase() ?? '';
  const consistent = /\binconsistent\b|\bnot consistent\b|不一致/.test(v)
    ? false
    : /\bconsistent\b|一致/.test(v)
      ? true
      : score >= 3;
  const reason = (line(text, 'REASON') ?? '').replace(/^["“]|["”]$/g, '').slice(0, 300);
  return { score, consistent, reason };
}
