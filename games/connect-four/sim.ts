// SIMULATED play of Connect Four without the position hint (LLMArena's Table 2 ablation) for the fake models of
// server/llm/simulated.ts: nothing here is a language model. With the `Legal moves:` list the endpoint's generic
// move-picking answers; without it (the `connect-four:no-position-hint` switch) this player reads the board from the
// turn and names a column that is not full. A flawed answer names any column, full or not, the way a model misreads
// the vertical on a board given as text; the game then refuses a full one with its reason.
import type { GameSim, SimTurn } from '../../lib/engine/types';

const FORMAT = /Reply with your move in exactly this format: ([XO]): <column>/;

export const connectFourSim: GameSim = (turn: SimTurn) => {
  const last = turn.texts.at(-1) ?? '';
  const format = FORMAT.exec(last);
  if (turn.legal !== null || !format) return null;
  const top = topRow(last);
  if (!top) return null;
  const columns = top.map((cell, c) => ({ column: c + 1, open: cell === '.' }));
  const pool = turn.flawed ? columns : columns.filter((x) => x.open);
  if (pool.length === 0) return null;
  const { column, open } = turn.rng.pick(pool);
  return { content: `${format[1]}: ${column}`, kind: open ? 'ok' : 'illegal' };
};

/** The top row of the grid after the prompt's "Current board" line (a header of column numbers comes first). */
function topRow(text: string): string[] | null {
  const lines = text.split(/\r?\n/);
  const at = lines.findIndex((l) => l.startsWith('Current board'));
  const row = at < 0 ? undefined : lines[at + 2]?.trim();
  return row && /^(?:[XO.] ?)+$/.test(row) ? row.split(' ') : null;
}
