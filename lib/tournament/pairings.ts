// Tournament pairings: which agents play which game in which seats, with which seed.
import { createRng } from '../engine/rng';

export interface PlannedMatch {
  gameId: string;
  /** Agent ids by seat. */
  seats: string[];
  seed: string;
}

/**
 * Round robin for two-seat games: every pair of agents plays `seedsPerPair` seeds, each seed twice with the
 * seats swapped (a paired design that cancels first-move advantage).
 */
export function roundRobin(opts: { gameIds: string[]; agentIds: string[]; seedsPerPair: number; seed: string }): PlannedMatch[] {
  const rng = createRng(`${opts.seed}:round-robin`);
  const out: PlannedMatch[] = [];
  for (const gameId of opts.gameIds) {
    for (let i = 0; i < opts.agentIds.length; i++) {
      for (let j = i + 1; j < opts.agentIds.length; j++) {
        const a = opts.agentIds[i]!;
        const b = opts.agentIds[j]!;
        for (let k = 0; k < opts.seedsPerPair; k++) {
          const seed = Math.floor(rng.next() * 2 ** 48).toString(36).padStart(10, '0');
          out.push({ gameId, seats: [a, b], seed }, { gameId, seats: [b, a], seed });
        }
      }
    }
  }
  return out;
}
