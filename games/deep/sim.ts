// SIMULATED play of the DEEP description test for the fake models of server/llm/simulated.ts: nothing here is a
// language model.
/**
 * A describer turn (`Target word:` and `Mode:` lines) is answered from the simulated lexicon (games/sim-lexicon.json):
 * the aggressive description strings several of the word's clues together; the conservative one lists lexicon words
 * that share a clue word and writes a clue that fits several words (a careless persona writes a telling one instead).
 * A judge turn (`Words to score`) scores each word by how many of the description's words appear in that word's clues.
 * A flawed answer names the target (refused) or leaves a word unscored. Labelled simulated wherever it appears.
 */
import { cluesOf, lexiconWords, simScore, tokens, wordsOfClue } from '../sim-lexicon';
import type { GameSim, Rng, SimAnswer } from '../../lib/engine/types';

const sentence = (c: string) => {
  const t = c.trim().replace(/[.。!]+$/, '');
  return /\p{Script=Han}/u.test(t) ? `${t}。` : `${t[0]!.toUpperCase()}${t.slice(1)}.`;
};

export function deepReply(texts: string[], flawed: boolean, careful: boolean, rng: Rng): SimAnswer | null {
  // The turn itself (after a rejection the last message is the reason; the task is the one before).
  const turn = [...texts].reverse().find((t) => /^Target word: |^Words to score/m.test(t)) ?? '';
  const target = /^Target word: (.+)$/m.exec(turn)?.[1]?.trim();
  const mode = /^Mode: (aggressive|conservative)$/m.exec(turn)?.[1];
  if (target && mode) return describe(target, mode as 'aggressive' | 'conservative', flawed, careful, rng);
  const task = /^Description \d+ of \d+:\n"([\s\S]*?)"\n\nWords to score[^\n]*:\n((?:- .+\n?)+)/m.exec(turn);
  if (!task) return null;
  const words = [...task[2]!.matchAll(/^- (.+)$/gm)].map((m) => m[1]!.trim());
  const scores = words.map((w) => {
    const s = simScore(task[1]!, w);
    // A careless judge is off by one now and then.
    return careful ? s : Math.min(5, Math.max(1, s + (rng.next() < 0.3 ? (rng.next() < 0.5 ? -1 : 1) : 0)));
  });
  const lines = words.map((w, i) => `${w}: ${scores[i]}`);
  if (flawed) return { content: lines.slice(0, -1).join('\n'), kind: 'illegal' };
  return { content: lines.join('\n'), kind: 'ok' };
}

function describe(
  target: string,
  mode: 'aggressive' | 'conservative',
  flawed: boolean,
  careful: boolean,
  rng: Rng,
): SimAnswer {
  const clues = rng.shuffle(cluesOf(target));
  if (mode === 'aggressive') {
    const body = clues.length
      ? clues.slice(0, 4).map(sentence).join(' ')
      : 'Something familiar that most people would recognise at once.';
    return flawed
      ? { content: `DESCRIPTION: A ${target}. ${body}`, kind: 'illegal' }
      : { content: `DESCRIPTION: ${body}`, kind: 'ok' };
  }
  // Candidates: lexicon words whose clues share a content word with the target's clues, or (Chinese) that share a
  // character with the target (西瓜, 哈密瓜).
  const mine = new Set(clues.flatMap((c) => [...tokens(c)]));
  const han = [...target].filter((ch) => /\p{Script=Han}/u.test(ch));
  const related = lexiconWords().filter(
    (w) =>
      w !== target &&
      (han.some((ch) => w.includes(ch)) || cluesOf(w).some((c) => [...tokens(c)].some((t) => mine.has(t)))),
  );
  const candidates = rng
    .shuffle(related.length >= 2 ? related : lexiconWords().filter((w) => w !== target))
    .slice(0, 3);
  // A clue that also fits another word is vague by construction; a careless describer writes a telling clue.
  const shared = clues.find((c) => wordsOfClue(c).length > 1);
  const vague =
    shared ??
    clues.map((c) => c.split(/\s+/).slice(0, 4).join(' ')).sort((a, b) => a.length - b.length)[0] ??
    'Something ordinary';
  const text = careful ? vague : (clues[0] ?? vague);
  const short = text.split(/\s+/).slice(0, 10).join(' ');
  const content = `CANDIDATES: ${candidates.join(', ')}\nDESCRIPTION: ${flawed ? `Like a ${target}` : short}`;
  return { content, kind: flawed ? 'illegal' : 'ok' };
}

/** DEEP's simulated player, describer and judge (games/sims.ts). */
export const deepSim: GameSim = (t) => deepReply(t.texts, t.flawed, t.careful, t.rng);
