// SIMULATED play of Who is the spy for the fake models of server/llm/simulated.ts: nothing here is a language model.
/**
 * When a prompt has a `Your word: <word>` line, the simulated model plays the word game the way a model might:
 * it describes its word with a clue from a small hand-written lexicon (games/sim-lexicon.json), recognises other
 * players' clues from the same lexicon to work out whether its word is the odd one out, and answers the structured
 * labels the prompt asks for (GUESS / REASONING / DESCRIPTION, the probe questions, VOTE). A flawed answer says its
 * own word (the game refuses it) or votes for itself. Its "understanding" is a lookup of exact clues — it is
 * deliberately simple, labelled simulated wherever it appears, and only there so the demo and tests exercise the real
 * path.
 */
import { cluesOf, norm, wordsOfClue } from '../sim-lexicon';
import type { GameSim, Rng, SimAnswer } from '../../lib/engine/types';
import { bannedCharIn } from './rules';

interface Heard {
  name: string;
  text: string;
  /** The word the clue belongs to when it is a known clue of exactly one word. */
  word: string | null;
}

/**
 * The reply for a word-game turn, or null when the conversation is not one. `flawed`: the persona errs this time.
 * `legal`: the `Legal moves:` answers (a vote), or null.
 */
export function wordGameReply(
  texts: string[],
  legal: string[] | null,
  flawed: boolean,
  careful: boolean,
  rng: Rng,
): SimAnswer | null {
  const turn = [...texts].reverse().find((t) => /^Your word: .+$/m.test(t));
  if (!turn) return null;
  const last = texts.at(-1) ?? '';
  const myWord = /^Your word: (.+)$/m.exec(turn)![1]!.trim();
  const me = /^You are (.+?)\.$/m.exec(turn)?.[1]?.trim() ?? '';
  const heard: Heard[] = [];
  // Descriptions ("- Player 2: …"); vote lines ("- Player 2 → Player 3") and legal moves ("- VOTE: …") are not.
  for (const m of turn.matchAll(/^- (.+?): (.+)$/gm)) {
    const [name, text] = [m[1]!.trim(), m[2]!.trim()];
    if (name === 'VOTE' || text === '...' || name === me) continue;
    const words = wordsOfClue(text);
    heard.push({ name, text, word: words.length === 1 ? words[0]! : null });
  }
  const known = heard.filter((h) => h.word !== null);
  const odd = known.filter((h) => h.word !== myWord);
  const same = known.length - odd.length;
  // Most recognised clues describe another word: then my word is the odd one out and I am probably the spy.
  const amSpy = odd.length > same;
  const otherWords = odd.map((h) => h.word!);
  const guess = otherWords.length ? mostCommon(otherWords) : myWord;
  const suspects = amSpy ? [] : odd.map((h) => h.name);
  const reasoning = amSpy
    ? `Most descriptions fit ${guess} better than my word, so I may be the spy; I should stay vague.`
    : suspects.length
      ? `${[...new Set(suspects)].join(' and ')} described something that does not quite fit my word: a likely spy.`
      : 'The descriptions so far fit my word; nobody stands out yet.';
  const asks = (label: string) => new RegExp(`^${label}:`, 'm').test(last) || new RegExp(`^${label}:`, 'm').test(turn);
  const out: string[] = [];
  const thoughts = () => {
    if (asks('GUESS')) out.push(`GUESS: ${guess}`);
    if (asks('REASONING')) out.push(`REASONING: ${reasoning}`);
  };

  if (legal) {
    // A vote: the most suspicious candidate when it can tell; else, when votes are cast in turn and some are shown
    // already, the one most voted for so far (a careful player follows the table); else any.
    const options = legal.map((l) => l.replace(/^VOTE:\s*/, ''));
    const earlier = castSoFar(turn).filter((x) => options.includes(x));
    const pick = flawed
      ? me
      : (careful && (options.find((o) => suspects.includes(o)) || (earlier.length ? mostCommon(earlier) : null))) ||
        rng.pick(options);
    thoughts();
    out.push(`VOTE: ${pick}`);
    return { content: out.join('\n'), kind: flawed ? 'illegal' : 'ok' };
  }
  if (/THINKS? MY WORD:/.test(turn) && /^ME:/m.test(turn)) {
    out.push(`ME: ${amSpy ? 'spy' : 'villager'}`);
    for (const m of turn.matchAll(/^(.+?) WORD: </gm)) {
      const name = m[1]!;
      if (/THINKS? MY$/.test(name)) continue;
      const h = heard.find((x) => x.name === name);
      out.push(
        `${name} WORD: ${h?.word ?? (amSpy ? guess : myWord)}`,
        `${name} ROLE: ${suspects.includes(name) ? 'spy' : 'villager'}`,
      );
    }
    // Second order (the paper's question about the other players): the label as the prompt writes it.
    const word = /^(.+? THINKS? MY WORD):/m.exec(turn)?.[1];
    const role = /^(.+? THINKS? I AM):/m.exec(turn)?.[1];
    if (word) out.push(`${word}: ${myWord}`);
    if (role) out.push(`${role}: villager`);
    return { content: out.join('\n'), kind: 'ok' };
  }
  if (asks('DESCRIPTION')) {
    const said = new Set(heard.map((h) => norm(h.text)));
    for (const m of turn.matchAll(/^- .+?: (.+)$/gm)) said.add(norm(m[1]!));
    // A Chinese word's characters are banned from its descriptions (the game refuses them): such clues are left out.
    const unused = cluesOf(myWord).filter((c) => !said.has(norm(c)) && bannedCharIn(c, myWord) === null);
    const clue = flawed
      ? `It is a ${myWord}, of course.`
      : unused.length
        ? rng.pick(unused)
        : `Something I would rather keep vague, take ${1 + rng.int(1000)}.`;
    thoughts();
    out.push(`DESCRIPTION: ${clue}`);
    return { content: out.join('\n'), kind: flawed ? 'illegal' : 'ok' };
  }
  return null;
}

/** The targets of the votes shown as cast so far in this ballot ("- Player 2 → Player 3" under "… cast so far"). */
function castSoFar(turn: string): string[] {
  const at = turn.search(/^(?:Re-vote votes|Votes) cast so far/m);
  if (at < 0) return [];
  const out: string[] = [];
  for (const line of turn.slice(at).split('\n').slice(1)) {
    const m = /^- (.+?) → (.+)$/.exec(line);
    if (!m) break;
    out.push(m[2]!.trim());
  }
  return out;
}

function mostCommon(xs: string[]): string {
  const counts = new Map<string, number>();
  for (const x of xs) counts.set(x, (counts.get(x) ?? 0) + 1);
  return [...counts.entries()].sort((a, b) => b[1] - a[1])[0]![0];
}

/** Who is the spy's simulated player (games/sims.ts). */
export const spySim: GameSim = (t) => wordGameReply(t.texts, t.legal, t.flawed, t.careful, t.rng);
