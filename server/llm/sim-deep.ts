// SIMULATED play of the DEEP description test for the fake models of simulated.ts: nothing here is a language model.
/**
 * A describer turn (`Target word:` and `Mode:` lines) is answered from the simulated lexicon (sim-lexicon.json): the
 * aggressive description strings several of the word's clues together; the conservative one lists lexicon words that
 * share a clue word and writes a clue that fits several words (a careless persona writes a telling one instead). A
 * judge turn (`Words to score`) scores each word by how many of the description's words appear in that word's clues.
 * A flawed answer names the target (refused) or leaves a word unscored. The consistency judge (`Word:` and
 * `Description:` lines) scores a description the same way. Labelled simulated wherever it appears.
 */
import type { Rng } from '../../games/types';
import { cluesOf, lexiconWords, norm, wordsOfClue, type WordGameReply } from './sim-words';

const STOP = new Set('a an the of and or in on at to for with by from is are was be it its this that as into than then very can you your one two some most more often which who what when where has have made used small large big'.split(' '));

/** Content tokens of a text: English words of 3+ letters not in a stop list, and Chinese character pairs. */
export function tokens(text: string): Set<string> {
  const out = new Set<string>();
  for (const t of norm(text).split(' ')) {
    if (/\p{Script=Han}/u.test(t)) for (let i = 0; i + 1 < t.length; i++) out.add(t.slice(i, i + 2));
    else if (t.length >= 3 && !STOP.has(t)) out.add(t.replace(/(?:es|s)$/, ''));
  }
  return out;
}

const sentence = (c: string) => {
  const t = c.trim().replace(/[.。!]+$/, '');
  return /\p{Script=Han}/u.test(t) ? `${t}。` : `${t[0]!.toUpperCase()}${t.slice(1)}.`;
};

/** How well a description fits a word, 1–5, from the overlap of its words with the word's clues. */
export function simScore(description: string, word: string): number {
  const clues = cluesOf(word);
  if (!clues.length) return 1;
  const d = tokens(description);
  const known = new Set(clues.flatMap((c) => [...tokens(c)]));
  let overlap = 0;
  for (const t of d) if (known.has(t)) overlap++;
  const whole = clues.some((c) => norm(description).includes(norm(c)));
  const byOverlap = overlap === 0 ? 1 : overlap === 1 ? 2 : overlap === 2 ? 3 : overlap <= 4 ? 4 : 5;
  return Math.max(byOverlap, whole ? 4 : 1);
}

export function deepReply(texts: string[], flawed: boolean, careful: boolean, rng: Rng): WordGameReply | null {
  // The consistency judge (lib/judge.ts): is this description true of this word?
  const check = [...texts].reverse().find((t) => /^Word: .+\nDescription: "/m.test(t));
  if (check) {
    const [, word, description] = /^Word: (.+)\nDescription: "([\s\S]*?)"\n/m.exec(check)!;
    if (flawed) return { content: 'It seems to fit, more or less.', kind: 'illegal' };
    const score = simScore(description!, word!.trim());
    const consistent = score >= 3;
    const reason = consistent ? `The description mentions things true of ${word}.` : `Nothing in the description points to ${word}.`;
    return { content: `SCORE: ${score}\nVERDICT: ${consistent ? 'consistent' : 'inconsistent'}\nREASON: ${reason}`, kind: 'ok' };
  }
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

function describe(target: string, mode: 'aggressive' | 'conservative', flawed: boolean, careful: boolean, rng: Rng): WordGameReply {
  const clues = rng.shuffle(cluesOf(target));
  if (mode === 'aggressive') {
    const body = clues.length ? clues.slice(0, 4).map(sentence).join(' ') : 'Something familiar that most people would recognise at once.';
    return flawed ? { content: `DESCRIPTION: A ${target}. ${body}`, kind: 'illegal' } : { content: `DESCRIPTION: ${body}`, kind: 'ok' };
  }
  // Candidates: lexicon words whose clues share a content word with the target's clues, or (Chinese) that share a
  // character with the target (西瓜, 哈密瓜).
  const mine = new Set(clues.flatMap((c) => [...tokens(c)]));
  const han = [...target].filter((ch) => /\p{Script=Han}/u.test(ch));
  const related = lexiconWords().filter((w) => w !== target && (han.some((ch) => w.includes(ch)) || cluesOf(w).some((c) => [...tokens(c)].some((t) => mine.has(t)))));
  const candidates = rng.shuffle(related.length >= 2 ? related : lexiconWords().filter((w) => w !== target)).slice(0, 3);
  // A clue that also fits another word is vague by construction; a careless describer writes a telling clue.
  const shared = clues.find((c) => wordsOfClue(c).length > 1);
  const vague = shared ?? clues.map((c) => c.split(/\s+/).slice(0, 4).join(' ')).sort((a, b) => a.length - b.length)[0] ?? 'Something ordinary';
  const text = careful ? vague : clues[0] ?? vague;
  const short = text.split(/\s+/).slice(0, 10).join(' ');
  const content = `CANDIDATES: ${candidates.join(', ')}\nDESCRIPTION: ${flawed ? `Like a ${target}` : short}`;
  return { content, kind: flawed ? 'illegal' : 'ok' };
}
