// Turns matches into sides and weighted pairwise comparisons between agents (the input of Bradley-Terry and Elo).
import type { PairwiseComparison, RatedMatch } from './types';
import { assertRatedMatches } from './validate';

/** One side of a match: a team, or a single seat without a team label. */
export interface Side {
  /** Agents on this side, one entry per seat (an agent holding two seats appears twice). */
  agentIds: string[];
  /** Sum of the side's seat scores. */
  score: number;
}

/** Sides of a match: seats sharing a team label form one side; a seat without a label is a side of its own. */
export function matchSides(match: RatedMatch): Side[] {
  const sides: Side[] = [];
  let byTeam: Map<string, Side> | undefined;
  for (const seat of match.seats) {
    if (seat.team === undefined) {
      sides.push({ agentIds: [seat.agentId], score: seat.score });
      continue;
    }
    byTeam ??= new Map();
    const side = byTeam.get(seat.team);
    if (side) {
      side.agentIds.push(seat.agentId);
      side.score += seat.score;
    } else {
      const created = { agentIds: [seat.agentId], score: seat.score };
      sides.push(created);
      byTeam.set(seat.team, created);
    }
  }
  return sides;
}

/** A comparison between two agents inside one match: a wins weight·scoreA of it, b wins weight·(1 − scoreA). */
export interface MatchComparison {
  /** First agent. */
  a: string;
  /** Second agent. */
  b: string;
  /** How much this comparison counts (1 in a two-seat match). */
  weight: number;
  /** a's share of the comparison in [0, 1] (0.5 = tie). */
  scoreA: number;
}

/**
 * The pairwise comparisons one match contributes.
 * - Cooperative matches and matches with fewer than two sides contribute nothing.
 * - Two sides: the side scores are fractional wins (normalised to sum 1; both 0 counts as a tie).
 * - k > 2 sides: every pair of sides is compared by score (higher wins, equal = half each), weighted 1/(k − 1),
 *   so every side's comparisons in one match add up to weight 1.
 * - A pair of sides T, U compares every agent of T with every agent of U, each agent pair weighted
 *   1/((k − 1)·√(|T|·|U|)), |T| counting T's distinct agents: with equal-sized teams every agent's comparisons still
 *   add up to weight 1 per match, and an agent commanding a whole side (three Sea Battle ships, both Codenames roles)
 *   is one player, as in GameBench (one comparison per match), not one per seat.
 * - An agent is never compared with itself (self-play carries no information).
 */
export function matchComparisons(match: RatedMatch): MatchComparison[] {
  return match.cooperative ? [] : sideComparisons(matchSides(match));
}

/** The comparisons between the sides of a non-cooperative match (see matchComparisons). */
export function sideComparisons(sides: readonly Side[]): MatchComparison[] {
  const k = sides.length;
  if (k < 2) return [];
  const out: MatchComparison[] = [];
  for (let t = 0; t < k; t++) {
    for (let u = t + 1; u < k; u++) {
      const T = sides[t]!;
      const U = sides[u]!;
      const agentsT = [...new Set(T.agentIds)];
      const agentsU = [...new Set(U.agentIds)];
      let scoreA: number;
      if (k === 2) {
        const total = T.score + U.score;
        scoreA = total > 0 ? T.score / total : 0.5;
      } else {
        scoreA = T.score > U.score ? 1 : T.score < U.score ? 0 : 0.5;
      }
      const weight = 1 / ((k - 1) * Math.sqrt(agentsT.length * agentsU.length));
      for (const a of agentsT) {
        for (const b of agentsU) {
          if (a !== b) out.push({ a, b, weight, scoreA });
        }
      }
    }
  }
  return out;
}

/** An agent's result in one rated match. */
export type MatchResult = 'win' | 'draw' | 'loss';

/**
 * An agent's result in a match, counted once however many seats it holds: its best side against the best side it
 * does not sit on — higher wins, equal draws (within floating-point error: side scores are sums such as ⅓ + ⅓ + ⅓),
 * lower loses; an agent on every side has no one else's side to beat: a draw. Null when it has no seat. Every seat
 * of a winning side wins, however the side's score is split among them. The agents list and pages count records
 * with the same rule in SQL (lib/db/agents.ts, `agentRecords`).
 */
export function agentResult(match: RatedMatch, agentId: string): MatchResult | null {
  return resultOnSides(matchSides(match), agentId);
}

/** agentResult on a match's sides (matchSides), for callers that already have them. */
export function resultOnSides(sides: readonly Side[], agentId: string): MatchResult | null {
  const own = sides.filter((s) => s.agentIds.includes(agentId)).map((s) => s.score);
  if (own.length === 0) return null;
  const others = sides.filter((s) => !s.agentIds.includes(agentId)).map((s) => s.score);
  if (others.length === 0) return 'draw';
  const diff = Math.max(...own) - Math.max(...others);
  return Math.abs(diff) < 1e-9 ? 'draw' : diff > 0 ? 'win' : 'loss';
}

/** Matches that Bradley-Terry rates: not cooperative and with at least two sides. */
export function isRated(match: RatedMatch): boolean {
  return !match.cooperative && matchSides(match).length >= 2;
}

/** Sorted ids of the agents that play in rated matches. */
export function ratedAgents(matches: readonly RatedMatch[]): string[] {
  const ids = new Set<string>();
  for (const m of matches) {
    if (isRated(m)) for (const s of m.seats) ids.add(s.agentId);
  }
  return [...ids].sort();
}

/** Orders strings by UTF-16 code units, as Array.prototype.sort does, independent of locale. */
export function compareStrings(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}

/**
 * Rated matches turned into win-matrix entries over agent indices, in one pass (what the fits run on).
 * Match k adds entryWinsI[e] wins of pairI[p] over pairJ[p] and entryWinsJ[e] the other way, p = entryPair[e],
 * for e in matchStart[k] .. matchStart[k + 1] − 1; a match has at most one entry per pair.
 */
export interface IndexedMatches {
  /** Rated agents, sorted. */
  agents: string[];
  /** Rated matches, in input order. */
  matches: RatedMatch[];
  /** Distinct agent pairs that met (pairI[p] < pairJ[p]). */
  pairI: Int32Array;
  pairJ: Int32Array;
  /** Start of each match's entries; length matches.length + 1. */
  matchStart: Int32Array;
  /** Pair of each entry. */
  entryPair: Int32Array;
  /** Wins of pairI over pairJ in this entry. */
  entryWinsI: Float64Array;
  /** Wins of pairJ over pairI in this entry. */
  entryWinsJ: Float64Array;
}

/** Indexes the rated matches (see IndexedMatches). */
export function indexMatches(all: readonly RatedMatch[]): IndexedMatches {
  assertRatedMatches(all, 'rating');
  const ids = new Set<string>();
  const rated: { m: RatedMatch; sides: Side[] }[] = [];
  for (const m of all) {
    const sides = m.cooperative ? [] : matchSides(m);
    if (sides.length < 2) continue;
    rated.push({ m, sides });
    for (const s of m.seats) ids.add(s.agentId);
  }
  const matches = rated.map((r) => r.m);
  const agents = [...ids].sort();
  const n = agents.length;
  const index = new Map(agents.map((id, k) => [id, k]));
  const pairOf = new Map<number, number>();
  const pairI: number[] = [];
  const pairJ: number[] = [];
  const matchStart = new Int32Array(matches.length + 1);
  const entryPair: number[] = [];
  const entryWinsI: number[] = [];
  const entryWinsJ: number[] = [];
  rated.forEach(({ sides }, k) => {
    const first = entryPair.length;
    for (const c of sideComparisons(sides)) {
      const ia = index.get(c.a)!;
      const ib = index.get(c.b)!;
      const swap = ia > ib;
      const i = swap ? ib : ia;
      const j = swap ? ia : ib;
      let pair = pairOf.get(i * n + j);
      if (pair === undefined) {
        pair = pairI.length;
        pairOf.set(i * n + j, pair);
        pairI.push(i);
        pairJ.push(j);
      }
      const wa = c.weight * c.scoreA;
      const wb = c.weight * (1 - c.scoreA);
      // an agent holding several seats meets the same opponent more than once: one entry per pair
      let e = first;
      while (e < entryPair.length && entryPair[e] !== pair) e++;
      if (e === entryPair.length) {
        e = entryPair.push(pair) - 1;
        entryWinsI.push(0);
        entryWinsJ.push(0);
      }
      entryWinsI[e]! += swap ? wb : wa;
      entryWinsJ[e]! += swap ? wa : wb;
    }
    matchStart[k + 1] = entryPair.length;
  });
  return {
    agents,
    matches,
    pairI: Int32Array.from(pairI),
    pairJ: Int32Array.from(pairJ),
    matchStart,
    entryPair: Int32Array.from(entryPair),
    entryWinsI: Float64Array.from(entryWinsI),
    entryWinsJ: Float64Array.from(entryWinsJ),
  };
}

/** All comparisons of the rated matches, aggregated per agent pair (i < j, indices into the sorted rated agents). */
export function buildComparisons(matches: readonly RatedMatch[]): {
  agents: string[];
  comparisons: PairwiseComparison[];
} {
  const x = indexMatches(matches);
  const comparisons = Array.from(x.pairI, (i, p): PairwiseComparison => ({ i, j: x.pairJ[p]!, wi: 0, wj: 0 }));
  x.entryPair.forEach((p, e) => {
    comparisons[p]!.wi += x.entryWinsI[e]!;
    comparisons[p]!.wj += x.entryWinsJ[e]!;
  });
  return { agents: x.agents, comparisons };
}
