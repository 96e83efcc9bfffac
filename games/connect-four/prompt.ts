// Text for LLM seats playing Connect Four: rules with a worked example, the turn observation, the answer format and a forgiving parser.
import { readReply } from '../../lib/engine/reply-reader';
import type { GamePrompt, ParseResult, PromptOptions, Seat } from '../../lib/engine/types';
import {
  apply,
  markOf,
  outcome,
  setup,
  type Cell,
  type ConnectFourAction,
  type ConnectFourConfig,
  type ConnectFourState,
  type ConnectFourView,
  type Mark,
} from './rules';

/** The switch id of LLMArena's "without position hint" ablation (its Table 2). */
export const NO_POSITION_HINT = 'connect-four:no-position-hint';

/**
 * The ablation switches an LLM agent may carry in Connect Four. "Without position hint", as in the authors' code
 * (opponent_no_action.py): the observation drops "You can only choose one of following columns: [...]", i.e. our
 * list of legal moves; the board (with its column numbers), the rules and the answer format stay.
 */
export const PROMPT_SWITCHES = [
  {
    id: NO_POSITION_HINT,
    label: 'Connect Four: without position hint',
    help: 'LLMArena’s ablation (Table 2): the turn prompt does not list the columns the agent may choose.',
  },
] as const;

/** The board as text: column numbers on top, the top row first, "." for an empty space. */
export function renderBoard(board: Cell[][]): string {
  return [
    board[0]!.map((_, c) => c + 1).join(' '),
    ...board.map((row) => row.map((cell) => cell ?? '.').join(' ')),
  ].join('\n');
}

/** An action written exactly as the prompt asks for it: `X: 4`. */
export function format(a: ConnectFourAction, seat: Seat): string {
  return `${markOf(seat)}: ${a.column}`;
}

const drop = (column: number): ConnectFourAction => ({ type: 'drop', column });

/** A short game X wins along the bottom row, replayed through the rules so the example is always right. */
const EXAMPLE = [drop(4), drop(4), drop(3), drop(3), drop(5), drop(2), drop(6)];
const exampleFinal = EXAMPLE.reduce<ConnectFourState>((s, a, i) => apply(s, i % 2, a), setup());

function system(_cfg: ConnectFourConfig, seat: Seat): string {
  const mark = markOf(seat);
  return [
    `You are playing Connect Four. You play ${mark}; your opponent plays ${markOf(1 - seat)}. X moves first.`,
    '',
    'Rules:',
    '- The board is an upright grid of 6 rows and 7 columns, numbered 1-7 from left to right.',
    '- On your turn you drop one disc into a column that is not full; it falls to the lowest empty space in that column.',
    '- The first player to get four discs in a line - horizontally, vertically or diagonally - wins.',
    '- If the board fills up with no line of four, the game is a draw.',
    '',
    'Example game (one move per line):',
    ...EXAMPLE.map((a, i) => format(a, i % 2)),
    'Final board (column numbers on top, the bottom row last):',
    renderBoard(exampleFinal.board),
    `${outcome(exampleFinal)!.reason}, so X wins.`,
    '',
    'Answer format: reply with your mark, a colon and the column number, exactly like this:',
    `${mark}: 4`,
    'You may think first; the last move written in your reply is the one played.',
  ].join('\n');
}

function turn(
  v: ConnectFourView,
  seat: Seat,
  legal: ConnectFourAction[] | null,
  _cfg?: ConnectFourConfig,
  opts?: PromptOptions,
): string {
  const mark = markOf(seat);
  const lines = ['Current board (column numbers on top, the bottom row last, "." = empty):', renderBoard(v.board), ''];
  if (v.last) lines.push(`Last move: ${v.board[v.last[0]]![v.last[1]]} in column ${v.last[1] + 1}.`);
  if (v.result) return [...lines, `The game is over: ${v.result}.`].join('\n');
  lines.push(
    v.toMove === seat
      ? `You play ${mark}. It is your turn.`
      : `You play ${mark}. It is ${markOf(v.toMove ?? 0)}'s turn.`,
  );
  // The position hint: left out under LLMArena's "without position hint" ablation.
  if (legal && !opts?.switches?.includes(NO_POSITION_HINT))
    lines.push('Legal moves:', ...legal.map((a) => `- ${format(a, seat)}`));
  lines.push(`Reply with your move in exactly this format: ${mark}: <column>`);
  return lines.join('\n');
}

/** A column found in a reply; `end` is where it stops, to find the last one written. */
interface Candidate {
  end: number;
  column: number;
  mark: Mark | null;
}

/** Moves written with a mark: `X: 4`, `x : 4`, `X: column 4`, `X plays (4)`, `X drops in column 4`. */
const MARKED = /(?<![A-Za-z])([XO])\s*(?:[:=]|plays|drops(?:\s+in(?:to)?)?)\s*(?:col(?:umn)?\s*)?\(?\s*(\d+)/gi;
/** Moves without a mark: `column 4`, `col 4`, `answer: 4`, `play 4`, `drop in 4`. */
const UNMARKED = [
  /\bcol(?:umn)?\s*(?:#|no\.?|number)?\s*:?\s*(\d+)/gi,
  /\b(?:answer|move|play|drop)\b\s*(?:is\s*)?:?\s*(?:in(?:to)?\s+)?\(?\s*(\d+)/gi,
];
/** Last resort, when nothing else matched: a line holding only a number. */
const BARE = /^[^\w\n]*(\d+)[^\w\n]*$/gm;

function find(text: string, re: RegExp, marked: boolean): Candidate[] {
  return [...text.matchAll(re)].map((m) => ({
    end: m.index + m[0].length,
    column: Number(marked ? m[2] : m[1]),
    mark: marked ? (m[1]!.toUpperCase() as Mark) : null,
  }));
}

/**
 * Reads the move from a reply: the last move written with the seat's own mark; failing that, the last move
 * written without a mark (`column 4`, `play 4`, then a line holding only a number); a move written last with
 * the opponent's mark is an error.
 */
function parse(reply: string, seat: Seat, legal: ConnectFourAction[] | null): ParseResult<ConnectFourAction> {
  // The moves as listed, however the reply wraps them (lib/engine/reply-reader.ts); the forms below for the rest.
  const read = readReply(reply, legal, (a) => format(a, seat));
  if (read) return { action: read.action };
  const mark = markOf(seat);
  const example = format(legal?.[0] ?? drop(4), seat);
  // Markdown (bold, code fences, inline code) and LaTeX escapes carry no meaning here.
  const text = reply.replace(/[*`_\\]/g, ' ');
  const marked = find(text, MARKED, true);
  const own = marked.filter((m) => m.mark === mark).at(-1);
  if (own) return { action: drop(own.column) };
  // Blank out the opponent-marked moves so their number is not read again without its mark.
  const rest = text.replace(MARKED, (m) => ' '.repeat(m.length));
  const unmarked =
    UNMARKED.flatMap((re) => find(rest, re, false))
      .sort((x, y) => x.end - y.end)
      .at(-1) ?? find(rest, BARE, false).at(-1);
  const wrong = marked.at(-1);
  if (wrong && (!unmarked || wrong.end > unmarked.end)) {
    return {
      error: `You play ${mark}, but your answer is written for ${wrong.mark}. Answer with your own mark, for example "${example}".`,
    };
  }
  if (unmarked) return { action: drop(unmarked.column) };
  return {
    error: `Could not find a move in your reply. Answer with your mark and a column number 1-7, for example "${example}".`,
  };
}

export const prompt: GamePrompt<ConnectFourState, ConnectFourAction, ConnectFourConfig, ConnectFourView> = {
  system,
  turn,
  parse,
  format,
};
