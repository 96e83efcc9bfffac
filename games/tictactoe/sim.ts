// SIMULATED play of Tic-Tac-Toe without the position hint (LLMArena's Table 2 ablation) for the fake models of
// server/llm/simulated.ts: nothing here is a language model. With the `Legal moves:` list the endpoint's generic
// move-picking answers; without it (the `tictactoe:no-position-hint` switch) this player reads the board from the turn
// and names an empty square. A flawed answer names any square, empty or not, the way a model loses track of a 2-D
// board read as text; the game then refuses an occupied one with its reason.
import type { GameSim, SimTurn } from '../../lib/engine/types';

const FORMAT = /Reply with your move in exactly this format: ([XO]): \(row,col\)/;

export const ticTacToeSim: GameSim = (turn: SimTurn) => {
  const last = turn.texts.at(-1) ?? '';
  const format = FORMAT.exec(last);
  if (turn.legal !== null || !format) return null;
  const board = readBoard(last);
  if (!board) return null;
  const cells = board.flatMap((row, r) => row.map((cell, c) => ({ r, c, empty: cell === '.' })));
  const pool = turn.flawed ? cells : cells.filter((x) => x.empty);
  if (pool.length === 0) return null;
  const { r, c, empty } = turn.rng.pick(pool);
  return { content: `${format[1]}: (${r + 1},${c + 1})`, kind: empty ? 'ok' : 'illegal' };
};

/** The grid after the prompt's "Current board" line: a header of column numbers, then `<row> <cells…>` lines. */
function readBoard(text: string): string[][] | null {
  const lines = text.split(/\r?\n/);
  const at = lines.findIndex((l) => l.startsWith('Current board'));
  if (at < 0) return null;
  const rows: string[][] = [];
  for (const line of lines.slice(at + 2)) {
    const m = /^\d+ ((?:[XO.] ?)+)$/.exec(line.trim());
    if (!m) break;
    rows.push(m[1]!.trim().split(' '));
  }
  return rows.length ? rows : null;
}
