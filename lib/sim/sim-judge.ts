// SIMULATED consistency judge for the fake models of simulated.ts: nothing here is a language model.
/**
 * The consistency judge's conversation (lib/consistency-judge-prompt.ts: `Word:` and `Description:` lines) is answered
 * from the simulated lexicon (games/sim-lexicon.json): a description scores by how many of the word's clue words it
 * carries. A flawed answer gives no score. Labelled simulated wherever it appears.
 */
import { simScore } from '../../games/sim-lexicon';
import type { SimAnswer } from '../engine/types';

/** The judge's reply, or null when the conversation is not the consistency judge's. */
export function judgeReply(texts: string[], flawed: boolean): SimAnswer | null {
  const check = [...texts].reverse().find((t) => /^Word: .+\nDescription: "/m.test(t));
  if (!check) return null;
  const [, word, description] = /^Word: (.+)\nDescription: "([\s\S]*?)"\n/m.exec(check)!;
  if (flawed) return { content: 'It seems to fit, more or less.', kind: 'illegal' };
  const score = simScore(description!, word!.trim());
  const consistent = score >= 3;
  const reason = consistent
    ? `The description mentions things true of ${word}.`
    : `Nothing in the description points to ${word}.`;
  return {
    content: `SCORE: ${score}\nVERDICT: ${consistent ? 'consistent' : 'inconsistent'}\nREASON: ${reason}`,
    kind: 'ok',
  };
}
