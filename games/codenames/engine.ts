// The Codenames engine baseline: a spymaster and an operative sharing a hand-written association table
// (associations.json: clue word → list words it points to). The spymaster picks the table's clue that points to the
// most of its team's hidden words and to none of the assassin, preferring clues that point to nothing else; the
// operative guesses the hidden words the clue points to, then uses leftovers of its team's earlier clues, and stops.
// Also the random baseline's clue (a random valid word of the word list and a random number) for the bench.
import type { Rng, Seat } from '../../lib/engine/types';
import assocFile from './associations.json' with { type: 'json' };
import {
  clueProblem,
  MAX_CLUE_NUMBER,
  roleOf,
  teamOf,
  WORD_LIST,
  type CnAction,
  type CnView,
  type Color,
  type Team,
} from './rules';

export const ASSOCIATIONS: Readonly<Record<string, readonly string[]>> = (
  assocFile as { version: string; clues: Record<string, string[]> }
).clues;
export const ASSOCIATIONS_VERSION: string = assocFile.version;

/** The hidden board words a clue points to in the table (none for a clue the table does not know). */
export function pointsTo(clue: string, v: Pick<CnView, 'words' | 'revealed'>): string[] {
  const linked = new Set(ASSOCIATIONS[clue.toUpperCase()] ?? []);
  return v.words.filter((w, i) => v.revealed[i] === null && linked.has(w));
}

const own = (t: Team): Color => (t === 'Red' ? 'red' : 'blue');

/** The spymaster's clue from its view (which holds the key). */
export function engineClue(v: CnView, seat: Seat, rng: Rng): CnAction & { type: 'clue' } {
  const team = teamOf(seat);
  const key = v.key;
  if (!key) return randomClue(v, rng);
  const colorOfWord = new Map(v.words.map((w, i) => [w, key[i]!]));
  let best: { word: string; count: number; score: number }[] = [];
  for (const clue of Object.keys(ASSOCIATIONS)) {
    const hits = pointsTo(clue, v);
    if (!hits.length) continue;
    const colors = hits.map((w) => colorOfWord.get(w)!);
    if (colors.includes('assassin')) continue;
    const mine = colors.filter((c) => c === own(team)).length;
    if (!mine) continue;
    const theirs = colors.filter((c) => c !== own(team) && c !== 'neutral').length;
    const neutral = colors.filter((c) => c === 'neutral').length;
    // A clean clue is worth its words; a mixed one is a gamble (the operative guesses among all the clue's words).
    const score = theirs + neutral === 0 ? mine : (mine * mine) / (mine + theirs + neutral) - theirs * 0.5 - 0.25;
    if (clueProblem(clue, v.words) !== null) continue;
    if (!best.length || score > best[0]!.score + 1e-9) best = [{ word: clue, count: mine, score }];
    else if (Math.abs(score - best[0]!.score) < 1e-9) best.push({ word: clue, count: mine, score });
  }
  if (!best.length) return randomClue(v, rng, 1);
  const pick = rng.pick(best);
  return { type: 'clue', word: pick.word, count: Math.min(pick.count, MAX_CLUE_NUMBER) };
}

/** The random baseline's clue: a random word of the word list that is valid on this board, and a random number 0-9. */
export function randomClue(v: Pick<CnView, 'words'>, rng: Rng, count?: number): CnAction & { type: 'clue' } {
  for (;;) {
    const word = rng.pick(WORD_LIST);
    if (clueProblem(word, v.words) === null)
      return { type: 'clue', word, count: count ?? rng.int(MAX_CLUE_NUMBER + 1) };
  }
}

/** The operative's move: the clue's words first, then leftovers of the team's earlier clues, then stop (or a random guess). */
export function engineGuess(v: CnView, seat: Seat, legal: readonly CnAction[], rng: Rng): CnAction {
  const hidden = new Set(legal.flatMap((a) => (a.type === 'guess' ? [a.word] : [])));
  const canStop = legal.some((a) => a.type === 'stop');
  const c = v.clue;
  const team = teamOf(seat);
  const budget = c && c.count > 0 ? c.count : Infinity;
  if (c && v.guessesMade < budget) {
    const hits = pointsTo(c.word, v).filter((w) => hidden.has(w));
    if (hits.length) return { type: 'guess', word: rng.pick(hits) };
  }
  // The +1 guess (or an empty clue): a word an earlier clue of the team pointed to that is still hidden.
  const earlier = v.history
    .filter((h) => h.team === team && h !== v.history.at(-1))
    .flatMap((h) => pointsTo(h.word, v).filter((w) => hidden.has(w)));
  if (earlier.length && (v.guessesMade < budget + 1 || !canStop)) return { type: 'guess', word: rng.pick(earlier) };
  // Never a turn without a guess (GameBench's preset lets an operative stop at once: two engines passing would stall).
  if (canStop && v.guessesMade > 0) return { type: 'stop' };
  return { type: 'guess', word: rng.pick([...hidden]) };
}

/** The game's engine hook: an operative's guess from its legal moves, or a spymaster's clue. */
export function cnEngine(v: CnView, seat: Seat, legal: CnAction[], rng: Rng): CnAction {
  if (roleOf(seat) === 'spymaster' || v.phase === 'clue') return engineClue(v, seat, rng);
  return engineGuess(v, seat, legal, rng);
}
