// Test helper: the scenarios GameBench's own agents/gpt.py recorded (gamebench-gpt.golden.json; how they were made:
// lib/agents/gamebench-gpt.test.ts), typed, and a scenario's turn as a GameBenchTurn.
import type { GameBenchTurn } from './gamebench-gpt';
import golden from './gamebench-gpt.golden.json';
import { pyStr } from '../python-literal';

export interface GoldenScenario {
  name: string;
  mode: 0 | 1;
  turn: Omit<GameBenchTurn, 'source' | 'resolve' | 'details'> & { details: [string, string][] | null };
  replies: string[];
  calls: { messages: { role: string; content: string }[]; json: boolean }[];
  action: string | null;
  openended_response: string | null;
}
export const GOLDEN = golden as GoldenScenario[];

/** A golden scenario's turn, resolving an id to `{ type: id }` (with `openended_response` as Python's str() of it). */
export function goldenTurn(s: GoldenScenario): GameBenchTurn {
  return {
    ...s.turn,
    source: 'gamebench',
    resolve: (id, response) => ({
      action: { type: id, ...(response !== undefined ? { openended_response: pyStr(response) } : {}) },
    }),
  };
}
