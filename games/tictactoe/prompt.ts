// Text for LLM seats playing tic-tac-toe: rules with a worked example, the turn observation, the answer format and a forgiving parser.
import { readReply } from '../../lib/engine/reply-reader';
import type { GamePrompt, ParseResult, PromptOptions, Seat } from '../../lib/engine/types';
import {
  apply,
  markOf,
  outcome,
  setup,
  type Cell,
  type Mark,
  type TicTacToeAction,
  type TicTacToeConfig,
  type TicTacToeState,
  type TicTacToeView,
} from './rules';

/** The switch id of LLMArena's "without position hint" ablation (its Table 2). */
export const NO_POSITION_HINT = 'tictactoe:no-position-hint';

/**
 * The ablation switches an LLM agent may carry in tic-tac-toe. "Without position hint", as in the authors' code
 * (opponent_no_action.py): the observation drops "You can only put the mark on [...]", i.e. our list of legal moves;
 * the board, the rules (with how squares are named) and the answer format stay.
 */
export const PROMPT_SWITCHES = [
  {
    id: NO_POSITION_HINT,
    label: 'Tic-Tac-Toe: without position hint',
    help: 'LLMArena’s ablation (Table 2): the turn prompt does not list the squares the agent may mark.',
  },
] as const;

/** The board as text: column numbers on top, row numbers on the left, "." for an empty square. */
export function renderBoard(board: Cell[][]): string {
  const lines = ['  ' + board[0]!.map((_, c) => c + 1).join(' ')];
  board.forEach((row, r) => lines.push(`${r + 1} ` + row.map((cell) => cell ?? '.').join(' ')));
  return lines.join('\n');
}

/** An action written exactly as the prompt asks for it: `X: (1,3)`. */
export function format(a: TicTacToeAction, seat: Seat): string {
  return `${markOf(seat)}: (${a.row},${a.col})`;
}

const place = (row: number, col: number): TicTacToeAction => ({ type: 'place', row, col });

/** A short game won by X with a double threat, replayed through the rules so the example is always right. */
const EXAMPLE = [place(2, 2), place(1, 2), place(1, 1), place(3, 3), place(3, 1), place(2, 1), place(1, 3)];
const exampleFinal = EXAMPLE.reduce<TicTacToeState>((s, a, i) => apply(s, i % 2, a), setup());

function system(_cfg: TicTacToeConfig, seat: Seat): string {
  const mark = markOf(seat);
  return [
    `You are playing tic-tac-toe. You play ${mark}; your opponent plays ${markOf(1 - seat)}. X moves first.`,
    '',
    'Rules:',
    '- The board has 3 rows and 3 columns. A square is written (row,col): rows 1-3 from top to bottom, columns 1-3 from left to right, so (1,1) is the top-left corner and (3,3) the bottom-right corner.',
    '- Players take turns placing their own mark on an empty square.',
    '- The first player with three marks in a line - a row, a column or a diagonal - wins.',
    '- If all nine squares are filled and nobody has three in a line, the game is a draw.',
    '',
    'Example game (one move per line):',
    ...EXAMPLE.map((a, i) => format(a, i % 2)),
    'Final board:',
    renderBoard(exampleFinal.board),
    `${outcome(exampleFinal)!.reason}, so X wins.`,
    '',
    'Answer format: reply with your mark, a colon and the square in parentheses, exactly like this:',
    `${mark}: (1,3)`,
    'You may think first; the last move written in your reply is the one played.',
  ].join('\n');
}

function turn(
  v: TicTacToeView,
  seat: Seat,
  legal: TicTacToeAction[] | null,
  _cfg?: TicTacToeConfig,
  opts?: PromptOptions,
): string {
  const mark = markOf(seat);
  const lines = [
    `Current board (rows 1-3 top to bottom, columns 1-3 left to right, "." = empty):`,
    renderBoard(v.board),
    '',
  ];
  if (v.last) lines.push(`Last move: ${v.board[v.last[0]]![v.last[1]]} at (${v.last[0] + 1},${v.last[1] + 1}).`);
  if (v.result) return [...lines, `The game is over: ${v.result}.`].join('\n');
  lines.push(
    v.toMove === seat
      ? `You play ${mark}. It is your turn.`
      : `You play ${mark}. It is ${markOf(v.toMove ?? 0)}'s turn.`,
  );
  // The position hint: left out under LLMArena's "without position hint" ablation.
  if (legal && !opts?.switches?.includes(NO_POSITION_HINT))
    lines.push('Legal moves:', ...legal.map((a) => `- ${format(a, seat)}`));
  lines.push(`Reply with your move in exactly this format: ${mark}: (row,col)`);
  return lines.join('\n');
}

/** A position found in a reply; `end` is where it stops, to find the last one written. */
interface Candidate {
  end: number;
  row: number;
  col: number;
  mark: Mark | null;
}

/** Moves written with a mark: `X: (1,3)`, `x : ( 1 , 3 )`, `X plays (1,3)`, `X: 1,3`. */
const MARKED = [
  /(?<![A-Za-z])([XO])\s*(?:[:=]|plays|at)?\s*\(\s*(\d+)\s*,\s*(\d+)\s*\)/gi,
  /(?<![A-Za-z])([XO])\s*[:=]\s*(\d+)\s*,\s*(\d+)/gi,
];
/** Moves without a mark: `(1,3)`, `row 1, column 3`, `column 3, row 1` (the last has its numbers swapped). */
const UNMARKED: { re: RegExp; swap: boolean }[] = [
  { re: /\(\s*(\d+)\s*,\s*(\d+)\s*\)/g, swap: false },
  { re: /\brow\s*:?\s*(\d+)\s*(?:,|and|&)?\s*col(?:umn)?\s*:?\s*(\d+)/gi, swap: false },
  { re: /\bcol(?:umn)?\s*:?\s*(\d+)\s*(?:,|and|&)?\s*row\s*:?\s*(\d+)/gi, swap: true },
];
/** Last resort, when nothing else matched: a bare `1,3`. */
const BARE = /(?<![\d.])(\d+)\s*,\s*(\d+)(?![\d.])/g;

const byEnd = (x: Candidate, y: Candidate) => x.end - y.end;

/** Every match of `re` in `text`, as candidates; `mark` is read from group 1 when the pattern has one. */
function find(text: string, re: RegExp, marked: boolean, swap = false): Candidate[] {
  return [...text.matchAll(re)].map((m) => {
    const [a, b] = (marked ? [m[2], m[3]] : [m[1], m[2]]).map(Number) as [number, number];
    return {
      end: m.index + m[0].length,
      row: swap ? b : a,
      col: swap ? a : b,
      mark: marked ? (m[1]!.toUpperCase() as Mark) : null,
    };
  });
}

/**
 * Reads the move from a reply: the last move written with the seat's own mark; failing that, the last move
 * written without a mark (`(1,3)`, `row 1, column 3`, then a bare `1,3`); a move written last with the
 * opponent's mark is an error.
 */
function parse(reply: string, seat: Seat, legal: TicTacToeAction[] | null): ParseResult<TicTacToeAction> {
  // The moves as listed, however the reply wraps them (lib/engine/reply-reader.ts); the forms below for the rest.
  const read = readReply(reply, legal, (a) => format(a, seat));
  if (read) return { action: read.action };
  const mark = markOf(seat);
  const example = format(legal?.[0] ?? place(1, 3), seat);
  // Markdown (bold, code fences, inline code) and LaTeX escapes carry no meaning here.
  let text = reply.replace(/[*`_\\]/g, ' ');
  const marked = MARKED.flatMap((re) => find(text, re, true)).sort(byEnd);
  const own = marked.filter((m) => m.mark === mark).at(-1);
  if (own) return { action: place(own.row, own.col) };
  // Blank out the opponent-marked moves so their "(r,c)" is not read again without its mark.
  for (const re of MARKED) text = text.replace(re, (m) => ' '.repeat(m.length));
  const unmarked =
    UNMARKED.flatMap(({ re, swap }) => find(text, re, false, swap))
      .sort(byEnd)
      .at(-1) ?? find(text, BARE, false).at(-1);
  const wrong = marked.at(-1);
  if (wrong && (!unmarked || wrong.end > unmarked.end)) {
    return {
      error: `You play ${mark}, but your answer is written for ${wrong.mark}. Answer with your own mark, for example "${example}".`,
    };
  }
  if (unmarked) return { action: place(unmarked.row, unmarked.col) };
  return {
    error: `Could not find a move in your reply. Answer with your mark and a square (row,col), rows and columns numbered 1-3, for example "${example}".`,
  };
}

export const prompt: GamePrompt<TicTacToeState, TicTacToeAction, TicTacToeConfig, TicTacToeView> = {
  system,
  turn,
  parse,
  format,
};
