// Test support for the simulated models: a Tic-Tac-Toe turn in the prompt convention, and how a reply's lines read.
import { createRng } from '../engine/rng';
import type { SimMessage } from './simulated-model';

/** A tic-tac-toe turn in the prompt convention: a board, then `Legal moves:` with one `- X: (r,c)` per empty cell. */
export function tttPrompt(seed: string, opts: { system?: string } = {}): { messages: SimMessage[]; legal: string[] } {
  const rng = createRng(seed);
  const cells = Array.from({ length: 9 }, () => '.');
  const filled = rng.shuffle([0, 1, 2, 3, 4, 5, 6, 7, 8]).slice(0, rng.int(7));
  filled.forEach((c, i) => (cells[c] = i % 2 === 0 ? 'X' : 'O'));
  const rows = [0, 1, 2].map((r) => ` ${cells.slice(r * 3, r * 3 + 3).join(' | ')}`);
  const legal = cells.flatMap((v, i) => (v === '.' ? [`X: (${Math.floor(i / 3) + 1},${(i % 3) + 1})`] : []));
  const user = [
    'You are X. The board (row, column from 1):',
    ...rows,
    '',
    'Legal moves:',
    ...legal.map((m) => `- ${m}`),
  ].join('\n');
  const system = opts.system ?? 'You play tic-tac-toe. Answer with exactly one legal move, written as listed.';
  return {
    messages: [
      { role: 'system', content: system },
      { role: 'user', content: user },
    ],
    legal,
  };
}

export const lines = (text: string) =>
  text
    .split('\n')
    .map((l) => l.trim())
    .filter(Boolean);
/** True when some line of the reply is exactly one of the legal answers. */
export const hasExactLine = (text: string, legal: readonly string[]) => lines(text).some((l) => legal.includes(l));
