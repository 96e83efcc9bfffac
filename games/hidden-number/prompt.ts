// Text for LLM seats playing hidden number: the rules with a worked example, the seat's own view, the answer format and a forgiving parser.
import { readReply } from '../../lib/engine/reply-reader';
import { seatName, type GamePrompt, type ParseResult, type Seat } from '../../lib/engine/types';
import {
  MAX,
  feedbackFor,
  guessLine,
  opponentOf,
  SEAT_NAMES,
  type Guess,
  type HiddenNumberAction,
  type HiddenNumberConfig,
  type HiddenNumberState,
  type HiddenNumberView,
} from './rules';

const guess = (n: number): HiddenNumberAction => ({ type: 'guess', n });

/** An action written exactly as the prompt asks for it: `Guess: 5`. */
export function format(a: HiddenNumberAction, _seat?: Seat): string {
  return `Guess: ${a.n}`;
}

/** A short example game: Player 1 holds 3, Player 2 holds 7; Player 1 finds 7 on the third guess. */
const EXAMPLE_NUMBERS = [3, 7];
const EXAMPLE_GUESSES = [5, 5, 8, 2, 7];
const exampleLines = EXAMPLE_GUESSES.map((n, i) => {
  const seat = i % 2;
  return guessLine(seat, n, feedbackFor(n, EXAMPLE_NUMBERS[opponentOf(seat)]!));
});

function system(_cfg: HiddenNumberConfig, seat: Seat): string {
  const other = seatName(SEAT_NAMES, opponentOf(seat));
  return [
    `You are playing "Hidden number", a guessing game for two players. You are ${seatName(SEAT_NAMES, seat)}; your opponent is ${other}. Player 1 moves first.`,
    '',
    'Rules:',
    `- Each player holds a secret whole number from 1 to ${MAX}. You know your own number, not your opponent's.`,
    '- Each player also holds a private tag such as TAG-ABCDEF. It is only a label and has no effect on play.',
    `- The players take turns. On your turn you guess your opponent's number, a whole number from 1 to ${MAX} that you have not guessed before.`,
    '- Everyone then learns whether the guess was "too low" (the hidden number is higher), "too high" (the hidden number is lower) or "correct".',
    "- The first player to guess the other's number correctly wins.",
    '',
    `Example game (Player 1 holds ${EXAMPLE_NUMBERS[0]}, Player 2 holds ${EXAMPLE_NUMBERS[1]}):`,
    ...exampleLines,
    "Player 1 found Player 2's number, so Player 1 wins.",
    '',
    'Tip: use the feedback to halve the range of possible numbers with each guess.',
    '',
    'Answer format: reply with the word Guess, a colon and the number, exactly like this:',
    format(guess(5)),
    'You may think first; the last guess written in your reply is the one played.',
  ].join('\n');
}

/** The range still possible for the hidden number, from the feedback on one seat's guesses. */
function possibleRange(guesses: Guess[], seat: Seat): [number, number] {
  let lo = 1;
  let hi = MAX;
  for (const g of guesses) {
    if (g.seat !== seat) continue;
    if (g.feedback === 'too low') lo = Math.max(lo, g.n + 1);
    else if (g.feedback === 'too high') hi = Math.min(hi, g.n - 1);
    else lo = hi = g.n;
  }
  return [lo, hi];
}

const history = (guesses: Guess[], seat: Seat) =>
  guesses
    .filter((g) => g.seat === seat)
    .map((g) => `${g.n} (${g.feedback})`)
    .join(', ') || 'none yet';

function turn(v: HiddenNumberView, seat: Seat, legal: HiddenNumberAction[] | null): string {
  const other = opponentOf(seat);
  const lines = [`You are ${seatName(SEAT_NAMES, seat)}.`];
  // The seat's own view: its own number and tag are there; the opponent's are null until the game is over.
  const own = v.numbers[seat];
  if (own !== null && own !== undefined)
    lines.push(`Your secret number is ${own}. Your tag is ${v.tags[seat] ?? 'unknown'}.`);
  lines.push(
    `Your guesses at ${seatName(SEAT_NAMES, other)}'s number: ${history(v.guesses, seat)}.`,
    `${seatName(SEAT_NAMES, other)}'s guesses at your number: ${history(v.guesses, other)}.`,
  );
  const last = v.guesses.at(-1);
  if (last) lines.push(`Last move: ${guessLine(last.seat, last.n, last.feedback)}.`);
  if (v.result) {
    lines.push(`The game is over: ${v.result}.`);
    const theirs = v.numbers[other];
    if (theirs !== null && theirs !== undefined)
      lines.push(`${seatName(SEAT_NAMES, other)}'s number was ${theirs} (tag ${v.tags[other] ?? 'unknown'}).`);
    return lines.join('\n');
  }
  const [lo, hi] = possibleRange(v.guesses, seat);
  lines.push(
    lo === hi
      ? `From the feedback, ${seatName(SEAT_NAMES, other)}'s number must be ${lo}.`
      : `From the feedback, ${seatName(SEAT_NAMES, other)}'s number is between ${lo} and ${hi}.`,
    v.toMove === seat ? 'It is your turn.' : `It is ${seatName(SEAT_NAMES, v.toMove ?? other)}'s turn.`,
  );
  if (legal) lines.push('Legal moves:', ...legal.map((a) => `- ${format(a, seat)}`));
  lines.push('Reply with your guess in exactly this format: Guess: N');
  return lines.join('\n');
}

/** "Guess: 7", "guess 7", "my guess is 7", "Guess = 7" (markdown already removed). */
const GUESS = /\bguess\b\s*(?:[:=]|is|of)?\s*(-?\d+(?:\.\d+)?)(?![\d.]*\d)/gi;
/** A last line holding only a number, optionally after "Answer:", as a fallback: "7", "Final answer: 7." */
const BARE = /^(?:(?:final\s+)?answer\s*[:=]?\s*)?(-?\d+(?:\.\d+)?)\s*\.?$/i;

/**
 * Reads the guess from a reply: the last "guess N" written (any case, after reasoning, in code fences or bold);
 * failing that, a last line holding just a number. The range and repeat checks are left to `reject`.
 */
function parse(reply: string, _seat: Seat, legal: HiddenNumberAction[] | null): ParseResult<HiddenNumberAction> {
  // The moves as listed, however the reply wraps them (lib/engine/reply-reader.ts); the forms below for the rest.
  const read = readReply(reply, legal, (a) => format(a));
  if (read) return { action: read.action };
  // Markdown (bold, code fences, inline code) and LaTeX escapes carry no meaning here.
  const text = reply.replace(/[*`_\\#>]/g, ' ');
  const found = [...text.matchAll(GUESS)].at(-1);
  if (found) return { action: guess(Number(found[1])) };
  const lastLine = text
    .split('\n')
    .map((l) => l.trim())
    .filter(Boolean)
    .at(-1);
  const bare = lastLine?.match(BARE);
  if (bare) return { action: guess(Number(bare[1])) };
  const example = format(legal?.[0] ?? guess(5));
  return {
    error: `Could not find a guess in your reply. End your reply with the word Guess, a colon and a whole number from 1 to ${MAX} that you have not guessed yet, for example "${example}".`,
  };
}

export const prompt: GamePrompt<HiddenNumberState, HiddenNumberAction, HiddenNumberConfig, HiddenNumberView> = {
  system,
  turn,
  parse,
  format,
};
