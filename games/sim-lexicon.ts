// SIMULATED word knowledge for the fake models of server/llm/simulated.ts: nothing here is a language model.
/**
 * A small hand-written lexicon (sim-lexicon.json): for each word of the word games (Who is the spy's keyword pairs,
 * DEEP's targets), a few clues that describe it without saying it. The games' simulated players (games/spy/sim.ts,
 * games/deep/sim.ts) and the simulated consistency judge read it; their "understanding" is a lookup of clues —
 * deliberately simple, labelled simulated wherever it appears, and only there so the demo and tests exercise the real
 * path.
 */
import lexicon from './sim-lexicon.json' with { type: 'json' };

const WORDS = (lexicon as { words: Record<string, string[]> }).words;

export const norm = (t: string) =>
  t
    .normalize('NFKC')
    .toLowerCase()
    .replace(/[^\p{L}\p{N}]+/gu, ' ')
    .trim();

/** clue → the words it describes (a clue may fit both words of a pair). */
const byClue = new Map<string, string[]>();
for (const [word, clues] of Object.entries(WORDS)) {
  for (const c of clues) byClue.set(norm(c), [...(byClue.get(norm(c)) ?? []), word]);
}
/** The lexicon's clues of a word (none when it is not in the lexicon). */
export const cluesOf = (word: string): string[] => WORDS[word] ?? WORDS[word.toLowerCase()] ?? [];

/** The words a clue describes (a clue may fit both words of a pair). */
export const wordsOfClue = (clue: string): string[] => byClue.get(norm(clue)) ?? [];

/** Every word of the lexicon. */
export const lexiconWords = (): string[] => Object.keys(WORDS);

const STOP = new Set(
  'a an the of and or in on at to for with by from is are was be it its this that as into than then very can you your one two some most more often which who what when where has have made used small large big'.split(
    ' ',
  ),
);

/** Content tokens of a text: English words of 3+ letters not in a stop list, and Chinese character pairs. */
export function tokens(text: string): Set<string> {
  const out = new Set<string>();
  for (const t of norm(text).split(' ')) {
    if (/\p{Script=Han}/u.test(t)) for (let i = 0; i + 1 < t.length; i++) out.add(t.slice(i, i + 2));
    else if (t.length >= 3 && !STOP.has(t)) out.add(t.replace(/(?:es|s)$/, ''));
  }
  return out;
}

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
