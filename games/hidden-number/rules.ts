// Hidden number rules: a small hidden-information test game. Each seat holds a private number 1-9 and a private
// tag; the seats take turns guessing the other seat's number and get public "too low / too high / correct" feedback.
// The game exists so the arena can check that a seat never receives another seat's private information.
import { z } from 'zod';
import { seatName, type LogLine, type Outcome, type Rng, type Seat, type Viewer } from '../../lib/engine/types';

/** Always two seats: each one guesses the other's number. */
export const NUM_SEATS = 2;
export const SEAT_NAMES = ['Player 1', 'Player 2'] as const;
/** The secret numbers and the guesses run over 1..MAX. */
export const MAX = 9;
/** Every tag starts with this prefix, followed by TAG_LETTERS uppercase letters A-Z. */
export const TAG_PREFIX = 'TAG-';
export const TAG_LETTERS = 6;

export const configSchema = z.object({}).strict();
export type HiddenNumberConfig = z.infer<typeof configSchema>;

export const actionSchema = z.object({
  type: z.literal('guess'),
  /** The guessed number; whole and 1-9 (checked by `reject`, so the message is one a player can act on). */
  n: z.number(),
});
export type HiddenNumberAction = z.infer<typeof actionSchema>;

export type Feedback = 'too low' | 'too high' | 'correct';

/** One guess, public to everyone: who guessed, the number and how it compares with the other seat's number. */
export interface Guess {
  seat: Seat;
  n: number;
  feedback: Feedback;
}

export interface HiddenNumberState {
  /** Private: each seat's number, 1-9. */
  numbers: number[];
  /** Private: each seat's tag, e.g. "TAG-QXKZPW" (letters only, distinct between seats). */
  tags: string[];
  /** Public: every guess in the order made. */
  guesses: Guess[];
  /** Seat whose turn it is; ignored once the game is over. */
  toMove: Seat;
}

/** The state as one viewer may see it. */
export interface HiddenNumberView {
  /** The seat this view was made for; null for a spectator or an omniscient viewer. */
  viewer: Seat | null;
  /** Each seat's number, or null where it is hidden from this viewer. */
  numbers: (number | null)[];
  /** Each seat's tag, or null where it is hidden from this viewer. */
  tags: (string | null)[];
  /** Every guess so far with its feedback (public). */
  guesses: Guess[];
  /** Seat to move, null when the game is over. */
  toMove: Seat | null;
  /** Why the game ended, null while it is running. */
  result: string | null;
  /** The winning seat; null while running or on a draw. */
  winner: Seat | null;
}

/** The seat whose number `seat` is trying to guess. */
export const opponentOf = (seat: Seat): Seat => 1 - seat;

const ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ';

function randomTag(rng: Rng): string {
  let letters = '';
  for (let i = 0; i < TAG_LETTERS; i++) letters += ALPHABET[rng.int(ALPHABET.length)];
  return TAG_PREFIX + letters;
}

/** A state with the given private values, e.g. for examples and tests. */
export function makeState(numbers: number[], tags: string[]): HiddenNumberState {
  return { numbers: numbers.slice(), tags: tags.slice(), guesses: [], toMove: 0 };
}

/** Deals each seat a number 1-9 and a distinct tag, using only the given seeded rng. */
export function setup(rng: Rng): HiddenNumberState {
  const numbers: number[] = [];
  const tags: string[] = [];
  for (let seat = 0; seat < NUM_SEATS; seat++) {
    numbers.push(1 + rng.int(MAX));
    let tag = randomTag(rng);
    // Tags must differ so that one seat's own tag can never be mistaken for the other seat's secret.
    while (tags.includes(tag)) tag = randomTag(rng);
    tags.push(tag);
  }
  return makeState(numbers, tags);
}

export function feedbackFor(n: number, target: number): Feedback {
  return n < target ? 'too low' : n > target ? 'too high' : 'correct';
}

/** Numbers the seat has already guessed, in the order guessed. */
export function guessedBy(s: { guesses: Guess[] }, seat: Seat): number[] {
  return s.guesses.filter((g) => g.seat === seat).map((g) => g.n);
}

/** Numbers 1-9 the seat has not guessed yet, ascending. */
function untried(s: HiddenNumberState, seat: Seat): number[] {
  const done = guessedBy(s, seat);
  return Array.from({ length: MAX }, (_, i) => i + 1).filter((n) => !done.includes(n));
}

export function outcome(s: HiddenNumberState): Outcome | null {
  const hit = s.guesses.find((g) => g.feedback === 'correct');
  if (hit) {
    const winner = hit.seat;
    return {
      scores: Array.from({ length: NUM_SEATS }, (_, seat) => (seat === winner ? 1 : 0)),
      winner,
      reason: `${seatName(SEAT_NAMES, winner)} guessed ${seatName(SEAT_NAMES, opponentOf(winner))}'s number, ${hit.n}`,
    };
  }
  // Cannot happen with numbers 1-9, but the rules stay total: nobody left to guess is a draw.
  if (Array.from({ length: NUM_SEATS }, (_, seat) => untried(s, seat).length === 0).every(Boolean)) {
    return {
      scores: [0.5, 0.5],
      winner: null,
      reason: 'Both players used all nine guesses without finding the number: a draw',
    };
  }
  return null;
}

export function activeSeats(s: HiddenNumberState): Seat[] {
  return outcome(s) ? [] : [s.toMove];
}

/** The numbers not yet guessed, for the seat to move; [] for anyone else. */
export function legalActions(s: HiddenNumberState, seat: Seat): HiddenNumberAction[] {
  if (!activeSeats(s).includes(seat)) return [];
  return untried(s, seat).map((n) => ({ type: 'guess', n }));
}

export function reject(s: HiddenNumberState, seat: Seat, a: HiddenNumberAction): string | null {
  if (a.type !== 'guess') return 'the only action is a guess of a whole number from 1 to 9, e.g. "Guess: 5"';
  if (typeof a.n !== 'number' || !Number.isInteger(a.n) || a.n < 1 || a.n > MAX)
    return `guess a whole number from 1 to 9 (got ${a.n})`;
  const earlier = s.guesses.find((g) => g.seat === seat && g.n === a.n);
  if (earlier) return `you already guessed ${a.n} (it was ${earlier.feedback}); guess a number you have not tried`;
  return null;
}

/** Records the guess (a move `reject` accepted) with its feedback. */
export function apply(s: HiddenNumberState, seat: Seat, a: HiddenNumberAction): HiddenNumberState {
  const target = s.numbers[opponentOf(seat)]!;
  const guesses = [...s.guesses.map((g) => ({ ...g })), { seat, n: a.n, feedback: feedbackFor(a.n, target) }];
  const next: HiddenNumberState = {
    numbers: s.numbers.slice(),
    tags: s.tags.slice(),
    guesses,
    toMove: opponentOf(seat),
  };
  // Be total: a seat with nothing left to guess is skipped (cannot happen in a real game).
  if (untried(next, next.toMove).length === 0) next.toMove = seat;
  return next;
}

export function view(s: HiddenNumberState, v: Viewer): HiddenNumberView {
  const result = outcome(s);
  const viewer = 'seat' in v ? v.seat : null;
  // HIDDEN INFORMATION: who may read a seat's number and tag.
  //  - the omniscient viewer (replays, admins) always sees both seats';
  //  - once the game is over everything is revealed to everyone;
  //  - while it runs, a seat sees only its own, and a spectator sees neither.
  const mayRead = (owner: Seat) => 'omniscient' in v || result !== null || viewer === owner;
  return {
    viewer,
    numbers: s.numbers.map((n, owner) => (mayRead(owner) ? n : null)),
    tags: s.tags.map((t, owner) => (mayRead(owner) ? t : null)),
    // The guesses and their feedback are public: everyone sees them (the feedback is the game's public information).
    guesses: s.guesses.map((g) => ({ ...g })),
    toMove: result ? null : s.toMove,
    result: result?.reason ?? null,
    winner: result?.winner ?? null,
  };
}

/** One public log line: "Player 1 guesses 5: too high". */
export function guessLine(seat: Seat, n: number, feedback: Feedback): string {
  return `${seatName(SEAT_NAMES, seat)} guesses ${n}: ${feedback}`;
}

export function describe(
  _prev: HiddenNumberState,
  next: HiddenNumberState,
  seat: Seat,
  a: HiddenNumberAction,
): LogLine[] {
  const g = next.guesses.at(-1);
  // HIDDEN INFORMATION: the guess and its feedback are public; the private numbers and tags appear only once the
  // game is over (the reveal). For a correct guess the guessed number is the target, public by then anyway.
  const lines: LogLine[] = [
    { text: guessLine(seat, a.n, g?.feedback ?? feedbackFor(a.n, next.numbers[opponentOf(seat)]!)) },
  ];
  const result = outcome(next);
  if (result) {
    const reveal = next.numbers
      .map((n, owner) => `${seatName(SEAT_NAMES, owner)} had ${n} (tag ${next.tags[owner]})`)
      .join(', ');
    lines.push({ text: `${result.reason}. Revealed: ${reveal}.` });
  }
  return lines;
}

/** For the conformance suite: each seat's tag is private while the game runs (digits would collide with other view content). */
export function secrets(s: HiddenNumberState): { seat: Seat; values: string[] }[] {
  if (outcome(s)) return [];
  return s.tags.map((tag, seat) => ({ seat, values: [tag] }));
}
