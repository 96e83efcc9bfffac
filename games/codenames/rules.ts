// Codenames (GameBench's CN): two teams, each a Spymaster who sees the key and an Operative who guesses. Pure and seeded.
//
// SOURCES
// - The paper (GameBench, appendix G): the rules text shown to models (Roles, Turn Structure, Winning Conditions,
//   Forbidden Actions, Scoring, Special Rules); appendix F: "Agents are awarded more points for correctly guessing
//   more words."
// - GameBench's games/codenames/{game.py,board.py,card.py,config.py}: four agents, seats Red Spymaster / Red Operative
//   / Blue Spymaster / Blue Operative, Red always moves first and holds 9 words, Blue 8, one assassin; a clue is a word
//   and a non-negative number; the operative may guess up to N+1 times, N = 0 meaning unlimited; a wrong colour ends
//   the turn; the assassin ends the game and its team loses; all of a team's words revealed (by anyone) wins.
//   The match score (game.py `_determine_scores`): each team's points are its revealed words; the team that revealed
//   the assassin gets 0; the winner gets +3; each team scores its points / the total (0.5 each when the total is 0).
//   matches.json holds exactly such fractions (12/19 = 0.632, 11/18 = 0.611, 1 and 0 after an assassin).
//
// THE PRESET `gamebench` (index.ts; config { neutrals: 3, stopFirst: true, zeroClue: 'one', checkClues: false,
// assassinOnLastGuess: 'wins' }): the rules as GameBench's code plays them, where they change results. Read at
// GameBench's HEAD:
// - Board (config.py L4-8, board.py L30-44): 21 words drawn from its list, 9 Red, 8 Blue, 1 assassin, 3 neutral
//   ("# was 7" in the comment), shuffled. Red always starts (game.py L72-74, board.py L21) and holds the 9. Kept.
// - End turn (game.py L136-143, L225-227): the operative's action list always holds "end_turn", from the first move of
//   the turn, before any guess; it passes the turn with no card revealed. Kept (`stopFirst`).
// - Guesses per clue (game.py L181-185): after a guess of the team's own colour the turn ends when N + 1 == guesses
//   made; another team's word (L186-188) or a neutral (L212-215) ends it; the assassin ends the game (L208-211). For a
//   clue of 0 that check ends the turn after the first guess: one guess, although board.py L49-52 (`is_turn_over`
//   false for 0), L138 (guesses listed while N == 0) and its rules text (config.py L422: "guess an unlimited number of
//   words") mean unlimited. A plain bug, kept (`zeroClue: 'one'`): the preset reproduces the results their code gave,
//   and their models played under it. The arena's default keeps 0 = unlimited.
// - Clues (game.py L159-172): the reply is split on ","; any text is the clue (a board word too: "Forbidden Actions"
//   is text only), a reply that does not split into a word and a whole number becomes "None" for 1, a negative number
//   raises. Kept: the rules accept any clue text (`checkClues: false`), and the missing clue is "NONE" for 1 as in the
//   default. The numbers stay 0-9: 9 already allows 10 guesses, more than a team's 9 words, so a larger number GameBench
//   would accept changes nothing.
// - Winning and scoring (board.py L67-77, game.py L274-296): as the default (SOURCES above), but for one plain bug,
//   kept (`assassinOnLastGuess: 'wins'`): after every operative move the loop ends the turn when N >= 1 guesses
//   reach N + 1 (game.py L268-269, board.py L49-52), also after the assassin; `winner()` names the team NOT on turn
//   when the assassin is out (board.py L74-76), so the assassin on a clue's last allowed guess makes the team that
//   revealed it the winner, and `_determine_scores` gives the other team 0 (L280-284). Random play hits it in 26% of
//   assassin endings (1102 of 4196 over 5000 matches of their code). Kept for the same reason as the 0-clue bug: the
//   preset reproduces the results their code recorded. Random play (GameBench's random agent: every clue "None" 1)
//   over 20000 matches: their code, Red wins 0.490; the preset 0.497 with this rule, 0.472 without (gamebench.test.tsx).
// - Not rules, left to the arena: the word list (config.py L9-408, the board game's 400 words with four two-word ones;
//   the arena's list is kept, no rule depends on which words are drawn); an invalid operative action replaced by a
//   random listed one, "end_turn" included (game.py L264-265; the arena's fallback: a guess of the first hidden word
//   before any guess, else stop); which agent is Red, drawn per match (api/play_game.py L55-62; the arena seats each
//   agent on both sides). The prompts, the rules text shown and the answer reader are the arena's in the preset too
//   (the reader still refuses a board word as a clue, the rules text still says 25 cards and 0 = unlimited).
// - One addition: GameBench's loop (game.py L305-314) has no end but a win or the assassin, so two operatives that
//   always end the turn at once would play forever; under `stopFirst` the match ends with no winner after PASS_LIMIT
//   (10) turns in a row without a guess, scored as GameBench's `_determine_scores` scores a match with no winner (each
//   team's revealed words over both teams', 0.5 each when none). Such a match never ends in GameBench, so no result it
//   recorded differs. The engine never ends a turn without a guess (engine.ts), as under the default.
//
// DEVIATIONS (and why)
// - 7 neutral words, 25 cards on a 5x5 grid (GameBench's config has 3 neutrals, 21 cards, with "was 7" in a comment):
//   the board game's 5x5 grid, as the issue asks. The preset `gamebench` plays GameBench's 21 (above).
// - The arena's own word list (games/codenames/words.json, versioned) rather than GameBench's copy of the board game's
//   list: single common English words, so every word is one token to click and to clue around.
// - The operative must make at least one guess before stopping (the board game's rule; GameBench lists "end turn"
//   from the start, so its operatives may pass without guessing). It also guarantees that the match ends: every turn
//   reveals at least one card.
// - Clue validation is enforced (GameBench accepts any text): exactly one word of letters A-Z (2-30 letters) and one
//   number 0-9; the word may not be a board word (revealed ones included), contain one or be part of one (compounds,
//   substrings: "seal" for SEA, "car" for CARD), or be a form of one (plurals and -ing/-ed/-er forms: "knives" for
//   KNIFE, "berries" for BERRY), case-insensitive. GameBench's "words that sound like words on the board" (homophones)
//   cannot be checked mechanically and is left to the players.
// - A clue the spymaster could not give (no acceptable answer after the retries, or a baseline that cannot write
//   free text) is replaced by GameBench's own stand-in for a missing clue: "NONE" for 1 (its `clue = "None"`,
//   `num_guesses = 1`); the next word of NONE, PASS, SKIP, BLANK when that one is not valid on the board.
// - Scores are per seat: each team's GameBench score is split evenly between its two seats, so the four scores sum to 1
//   and a side's total is GameBench's figure.
import { z } from 'zod';
import { seatName, type LogLine, type Outcome, type Rng, type Seat, type Viewer } from '../../lib/engine/types';
import wordFile from './words.json' with { type: 'json' };

export const TEAMS = ['Red', 'Blue'] as const;
export type Team = (typeof TEAMS)[number];
export type Role = 'spymaster' | 'operative';
export type Color = 'red' | 'blue' | 'neutral' | 'assassin';

export const NUM_SEATS = 4;
export const SEAT_NAMES = ['Red Spymaster', 'Red Operative', 'Blue Spymaster', 'Blue Operative'] as const;
export const GRID = 5;
export const BOARD_SIZE = GRID * GRID;
/** Words per kind: the starting team (Red) 9, the other 8, 7 neutrals, 1 assassin. */
export const FIRST_TEAM_CARDS = 9;
export const SECOND_TEAM_CARDS = 8;
export const NEUTRAL_CARDS = 7;
export const ASSASSIN_CARDS = 1;
/** The winner's bonus points (GameBench's +3). */
export const WIN_BONUS = 3;
export const MAX_CLUE_NUMBER = 9;
export const MIN_CLUE_LENGTH = 2;
export const MAX_CLUE_LENGTH = 30;

export const WORD_LIST_VERSION: string = wordFile.version;
export const WORD_LIST: readonly string[] = wordFile.words;

export const teamOf = (seat: Seat): Team => (seat < 2 ? 'Red' : 'Blue');
export const roleOf = (seat: Seat): Role => (seat % 2 === 0 ? 'spymaster' : 'operative');
export const spymasterOf = (t: Team): Seat => (t === 'Red' ? 0 : 2);
export const operativeOf = (t: Team): Seat => (t === 'Red' ? 1 : 3);
export const otherTeam = (t: Team): Team => (t === 'Red' ? 'Blue' : 'Red');
export const colorOf = (t: Team): Color => (t === 'Red' ? 'red' : 'blue');
export const colorName = (c: Color): string =>
  c === 'red'
    ? 'a Red agent'
    : c === 'blue'
      ? 'a Blue agent'
      : c === 'neutral'
        ? 'an innocent bystander'
        : 'the assassin';

export const configSchema = z.object({
  /** Live spectators of a match of models see the key, as a TV audience would (never while a person plays). */
  spectatorsSeeKey: z.boolean().default(true),
  // GameBench's rules (the preset `gamebench`, games/codenames/index.ts). Each is optional with no default, so the
  // defaults' config (and the golden playthrough that records it) stays as it was; unset = the arena's rule.
  /** Innocent bystanders on the board; unset = 7 (25 cards). GameBench's config.py: 3 (21 cards). */
  neutrals: z.number().int().min(0).max(NEUTRAL_CARDS).optional(),
  /** The operative may end the turn before any guess (GameBench: "end_turn" is always listed); unset = not. */
  stopFirst: z.boolean().optional(),
  /** A clue for 0 allows `unlimited` guesses (unset: the arena) or `one` (GameBench's code: its N+1 check ends the turn). */
  zeroClue: z.enum(['unlimited', 'one']).optional(),
  /** Clue words are checked (no board word, part or form of one); false = any text (GameBench's code); unset = checked. */
  checkClues: z.boolean().optional(),
  /**
   * The team that reveals the assassin on the last guess its clue allows (the N+1-th, N >= 1) `loses` (unset: the
   * rule) or `wins` (GameBench's code: its turn-end check passes the turn first, and the winner is the team not on turn).
   */
  assassinOnLastGuess: z.enum(['loses', 'wins']).optional(),
});
export type CnConfig = z.infer<typeof configSchema>;

export const actionSchema = z.discriminatedUnion('type', [
  z.object({
    type: z.literal('clue'),
    word: z.string().min(1).max(60),
    count: z.number().int().min(0).max(MAX_CLUE_NUMBER),
  }),
  z.object({ type: z.literal('guess'), word: z.string().min(1).max(60) }),
  z.object({ type: z.literal('stop') }),
]);
export type CnAction = z.infer<typeof actionSchema>;

export interface Guess {
  word: string;
  color: Color;
}
/** One turn of one team: its clue and the guesses made on it. */
export interface TurnRecord {
  team: Team;
  word: string;
  count: number;
  guesses: Guess[];
  stopped: boolean;
}

export interface CnState {
  config: CnConfig;
  words: string[];
  key: Color[];
  revealed: boolean[];
  turn: Team;
  phase: 'clue' | 'guess';
  /** Guesses made on the current clue. */
  guessesMade: number;
  history: TurnRecord[];
  /** winner null: the pass limit ended the match (GameBench's `_determine_scores` with no winner). */
  over: { winner: Team | null; assassin: boolean; reason: string } | null;
}

/** Cards on the board under a config: 25, or 18 + the bystanders (GameBench's 21). */
export const boardSize = (cfg: CnConfig): number =>
  FIRST_TEAM_CARDS + SECOND_TEAM_CARDS + (cfg.neutrals ?? NEUTRAL_CARDS) + ASSASSIN_CARDS;

/** A state from fixed words and key (the worked example, tests); Red to give the first clue. */
export function startWith(config: CnConfig, words: string[], key: Color[]): CnState {
  const n = boardSize(config);
  if (words.length !== n || key.length !== n) throw new Error(`Codenames needs ${n} words and key colours`);
  return {
    config,
    words: words.map((w) => w.toUpperCase()),
    key: key.slice(),
    revealed: key.map(() => false),
    turn: 'Red',
    phase: 'clue',
    guessesMade: 0,
    history: [],
    over: null,
  };
}

export function setup(rng: Rng, config: CnConfig, numPlayers: number): CnState {
  if (numPlayers !== NUM_SEATS) throw new Error('Codenames is played by 4 seats: two spymasters and two operatives');
  const words = rng.shuffle(WORD_LIST).slice(0, boardSize(config));
  const kinds: Color[] = [
    ...Array<Color>(FIRST_TEAM_CARDS).fill('red'),
    ...Array<Color>(SECOND_TEAM_CARDS).fill('blue'),
    ...Array<Color>(config.neutrals ?? NEUTRAL_CARDS).fill('neutral'),
    ...Array<Color>(ASSASSIN_CARDS).fill('assassin'),
  ];
  return startWith(config, words, rng.shuffle(kinds));
}

// ---- clue validation ----

const STEM_RULES: [RegExp, string][] = [
  [/IES$/, 'Y'],
  [/VES$/, 'F'],
  [/ING$/, ''],
  [/ED$/, ''],
  [/ERS$/, ''],
  [/ER$/, ''],
  [/ES$/, ''],
  [/S$/, ''],
];
/** A crude English stem: plural and verb endings off, a final E off, a doubled final consonant single ("knives" → KNIF). */
export function stem(word: string): string {
  let w = word.toUpperCase();
  for (const [re, to] of STEM_RULES) {
    if (re.test(w) && w.length - (re.source.length - 1) + to.length >= 3) {
      w = w.replace(re, to);
      break;
    }
  }
  if (w.length > 3 && /FE$/.test(w)) w = w.slice(0, -1);
  if (w.length > 3 && /E$/.test(w)) w = w.slice(0, -1);
  if (w.length > 3 && /([B-DF-HJ-NP-TV-Z])\1$/.test(w)) w = w.slice(0, -1);
  return w;
}

/** Why a clue word is not allowed on this board, in words a player can act on; null when it is fine. */
export function clueProblem(word: string, boardWords: readonly string[]): string | null {
  const w = word.trim();
  if (!w) return 'Give a clue word.';
  if (/\s/.test(w)) return `A clue is exactly one word: "${w}" is ${w.split(/\s+/).length} words.`;
  if (/\d/.test(w)) return `A clue word has no digits: give the word and the number separately, e.g. "Clue: OCEAN 2".`;
  if (!/^[A-Za-z]+$/.test(w))
    return `A clue is one word of letters A-Z only (no hyphens, apostrophes or symbols): "${w}".`;
  if (w.length < MIN_CLUE_LENGTH || w.length > MAX_CLUE_LENGTH)
    return `A clue word has ${MIN_CLUE_LENGTH} to ${MAX_CLUE_LENGTH} letters.`;
  const u = w.toUpperCase();
  for (const b of boardWords) {
    if (u === b) return `${u} is a word on the board: clue with a word that is not on it.`;
    if (u.includes(b)) return `${u} contains the board word ${b}: no part or form of a board word may be used.`;
    if (b.includes(u)) return `${u} is part of the board word ${b}: no part or form of a board word may be used.`;
    if (stem(u) === stem(b))
      return `${u} is a form of the board word ${b}: no part or form of a board word may be used.`;
  }
  return null;
}

// ---- the reducer ----

export function activeSeats(s: CnState): Seat[] {
  if (s.over) return [];
  return [s.phase === 'clue' ? spymasterOf(s.turn) : operativeOf(s.turn)];
}

/** The current clue, or null while the spymaster thinks. */
export function currentClue(s: CnState): TurnRecord | null {
  return s.phase === 'guess' ? s.history.at(-1)! : null;
}

/** Guesses a clue for `count` allows: N+1, and for 0 unlimited (null), or one under GameBench's `zeroClue: 'one'`. */
export function guessLimit(cfg: CnConfig, count: number): number | null {
  if (count > 0) return count + 1;
  return cfg.zeroClue === 'one' ? 1 : null;
}

/** Guesses the operative may still make on this clue; null = unlimited (a clue for 0). */
export function guessesLeft(s: CnState): number | null {
  const c = currentClue(s);
  if (!c) return 0;
  const limit = guessLimit(s.config, c.count);
  return limit === null ? null : limit - s.guessesMade;
}

/** The operative may stop now: after a guess, or at any time under GameBench's `stopFirst`. */
const mayStop = (s: CnState): boolean => s.guessesMade >= 1 || s.config.stopFirst === true;

/**
 * Turns in a row that end without a guess after which the match ends with no winner (only possible under `stopFirst`:
 * GameBench's loop would run forever; see the header).
 */
export const PASS_LIMIT = 10;

export function legalActions(s: CnState, seat: Seat): CnAction[] | null {
  if (s.over || activeSeats(s)[0] !== seat) return [];
  if (s.phase === 'clue') return null;
  const out: CnAction[] = s.words.flatMap((word, i) => (s.revealed[i] ? [] : [{ type: 'guess' as const, word }]));
  if (mayStop(s)) out.push({ type: 'stop' });
  return out;
}

export function reject(s: CnState, seat: Seat, a: CnAction): string | null {
  if (a.type === 'clue') {
    if (s.phase !== 'clue') return 'Your spymaster has given the clue: guess a word or stop.';
    if (!Number.isInteger(a.count) || a.count < 0 || a.count > MAX_CLUE_NUMBER)
      return `The number is a whole number from 0 to ${MAX_CLUE_NUMBER} (0 = unlimited guesses).`;
    if (s.config.checkClues === false) return a.word.trim() ? null : 'Give a clue word.';
    return clueProblem(a.word, s.words);
  }
  if (s.phase !== 'guess') return 'Give a clue: one word and one number, e.g. "Clue: OCEAN 2".';
  if (a.type === 'stop') return mayStop(s) ? null : 'Make at least one guess before you stop.';
  const i = s.words.indexOf(a.word.toUpperCase());
  if (i < 0) return `${a.word.toUpperCase()} is not a word on the board.`;
  if (s.revealed[i]) return `${s.words[i]} is already revealed: guess a hidden word.`;
  if (a.word !== s.words[i]) return `Write the word as the board shows it: ${s.words[i]}.`;
  return null;
}

const count = (s: CnState, c: Color) => s.key.filter((k, i) => k === c && s.revealed[i]).length;
const total = (s: CnState, c: Color) => s.key.filter((k) => k === c).length;

function endTurn(s: CnState): void {
  s.turn = otherTeam(s.turn);
  s.phase = 'clue';
  s.guessesMade = 0;
}

export function apply(prev: CnState, seat: Seat, a: CnAction, _rng: Rng): CnState {
  const s: CnState = structuredClone(prev);
  if (a.type === 'clue') {
    s.history.push({ team: s.turn, word: a.word.trim().toUpperCase(), count: a.count, guesses: [], stopped: false });
    s.phase = 'guess';
    s.guessesMade = 0;
    return s;
  }
  const rec = s.history.at(-1)!;
  if (a.type === 'stop') {
    rec.stopped = true;
    endTurn(s);
    const last = s.history.slice(-PASS_LIMIT);
    if (last.length === PASS_LIMIT && last.every((h) => h.guesses.length === 0))
      s.over = { winner: null, assassin: false, reason: `${PASS_LIMIT} turns in a row end without a guess` };
    return s;
  }
  const i = s.words.indexOf(a.word.toUpperCase());
  const color = s.key[i]!;
  s.revealed[i] = true;
  s.guessesMade++;
  rec.guesses.push({ word: s.words[i]!, color });
  const team = teamOf(seat);
  if (color === 'assassin') {
    if (s.config.assassinOnLastGuess === 'wins' && rec.count > 0 && s.guessesMade >= rec.count + 1) {
      const reason = `${team} reveals the assassin (${s.words[i]}) on its last guess, which GameBench's code makes the winner`;
      s.over = { winner: team, assassin: true, reason };
      return s;
    }
    s.over = { winner: otherTeam(team), assassin: true, reason: `${team} reveals the assassin (${s.words[i]})` };
    return s;
  }
  for (const t of TEAMS) {
    if (count(s, colorOf(t)) === total(s, colorOf(t))) {
      s.over = { winner: t, assassin: false, reason: `all of ${t}'s words are revealed` };
      return s;
    }
  }
  const limit = guessLimit(s.config, rec.count);
  if (color !== colorOf(team) || (limit !== null && s.guessesMade >= limit)) endTurn(s);
  return s;
}

/** GameBench's points: revealed words of each team; 0 for the team that revealed the assassin; +3 for the winner. */
export function points(s: CnState): Record<Team, number> {
  const p: Record<Team, number> = { Red: count(s, 'red'), Blue: count(s, 'blue') };
  if (s.over?.winner) {
    if (s.over.assassin) p[otherTeam(s.over.winner)] = 0;
    p[s.over.winner] += WIN_BONUS;
  }
  return p;
}

export function outcome(s: CnState): Outcome | null {
  if (!s.over) return null;
  const p = points(s);
  const sum = p.Red + p.Blue;
  const side = { Red: sum ? p.Red / sum : 0.5, Blue: sum ? p.Blue / sum : 0.5 };
  const teams = SEAT_NAMES.map((_, seat) => teamOf(seat));
  return {
    scores: teams.map((t) => side[t] / 2),
    rewards: teams.map((t) => p[t]),
    winner: null,
    teams: [...teams],
    summary: s.over.winner ? `${s.over.winner} wins` : 'No winner',
    reason: `${s.over.reason[0]!.toUpperCase()}${s.over.reason.slice(1)}: ${s.over.winner ? `${s.over.winner} wins` : 'no winner'} (points Red ${p.Red}, Blue ${p.Blue})`,
  };
}

// ---- views ----

export interface CnView {
  /** The seat this view is for; null for spectators and omniscient viewers. */
  you: Seat | null;
  words: string[];
  /** The colour of each revealed word; null while hidden. */
  revealed: (Color | null)[];
  /** The key card: every word's colour, for the spymasters, omniscient viewers and once the match is over; else null. */
  key: Color[] | null;
  turn: Team;
  phase: 'clue' | 'guess' | 'over';
  toMove: Seat | null;
  clue: { team: Team; word: string; count: number } | null;
  guessesMade: number;
  /** Guesses left on the clue; null = unlimited. */
  guessesLeft: number | null;
  /** Hidden words left per team. */
  left: Record<Team, number>;
  /** GameBench's points so far (the bonus and the assassin's zero once the match is over). */
  points: Record<Team, number>;
  history: TurnRecord[];
  result: string | null;
  winner: Team | null;
}

export function view(s: CnState, v: Viewer): CnView {
  const you = 'seat' in v ? v.seat : null;
  const seesKey = 'omniscient' in v || (you !== null && roleOf(you) === 'spymaster') || s.over !== null;
  const c = currentClue(s);
  const res = outcome(s);
  return {
    you,
    words: s.words.slice(),
    revealed: s.key.map((k, i) => (s.revealed[i] ? k : null)),
    key: seesKey ? s.key.slice() : null,
    turn: s.turn,
    phase: s.over ? 'over' : s.phase,
    toMove: activeSeats(s)[0] ?? null,
    clue: c ? { team: c.team, word: c.word, count: c.count } : null,
    guessesMade: s.guessesMade,
    guessesLeft: s.over ? 0 : guessesLeft(s),
    left: { Red: total(s, 'red') - count(s, 'red'), Blue: total(s, 'blue') - count(s, 'blue') },
    points: points(s),
    history: structuredClone(s.history),
    result: res?.reason ?? null,
    winner: s.over?.winner ?? null,
  };
}

export function describe(prev: CnState, next: CnState, seat: Seat, a: CnAction): LogLine[] {
  const who = seatName(SEAT_NAMES, seat);
  if (a.type === 'clue') {
    const rec = next.history.at(-1)!;
    return [
      {
        text: `${who} gives the clue “${rec.word}” ${rec.count}${rec.count === 0 ? (next.config.zeroClue === 'one' ? ' (one guess)' : ' (unlimited guesses)') : ''}.`,
      },
    ];
  }
  if (a.type === 'stop') {
    const lines: LogLine[] = [{ text: `${who} stops guessing.` }];
    if (next.over) lines.push({ text: `Game over: ${next.over.reason}; no winner.` });
    return lines;
  }
  const g = next.history.at(-1)!.guesses.at(-1)!;
  const lines: LogLine[] = [{ text: `${who} guesses ${g.word}: ${colorName(g.color)}.` }];
  if (next.over)
    lines.push({
      text: `Game over: ${next.over.reason}; ${next.over.winner ? `${next.over.winner} wins` : 'no winner'}.`,
    });
  else if (next.turn !== prev.turn) lines.push({ text: `${next.turn}'s turn.` });
  return lines;
}

/** The key card, while the match is on: only the two spymasters may see it. */
export function secrets(s: CnState): { seat: Seat; values: string[]; sharedWith: Seat[] }[] {
  if (s.over) return [];
  return [{ seat: 0, values: [JSON.stringify(s.key)], sharedWith: [2] }];
}

/** GameBench's stand-in for a missing clue ("None" for 1); a spymaster seat only. */
export const FALLBACK_CLUES = ['NONE', 'PASS', 'SKIP', 'BLANK', 'NOTHING'] as const;
export function fallback(s: CnState, seat: Seat): CnAction {
  if (roleOf(seat) === 'spymaster') {
    const word =
      s.config.checkClues === false ? 'NONE' : (FALLBACK_CLUES.find((w) => clueProblem(w, s.words) === null) ?? 'ZZ');
    return { type: 'clue', word, count: 1 };
  }
  if (s.guessesMade >= 1) return { type: 'stop' };
  return { type: 'guess', word: s.words.find((_, i) => !s.revealed[i])! };
}
