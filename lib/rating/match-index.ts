// The matches of a leaderboard summed once, in a fixed order, so that a leaderboard kept up to date adds only the
// matches finished since (server/leaderboard/compute-worker.ts) and one computed from scratch sums the same way:
// - the win-matrix entries of the rated matches grouped into outcome types (matches that add the same to the win
//   matrix), with how many matches of each type every game has: what the bootstrap resamples (bootstrap.ts
//   `bootstrapOf`) and what the robustness fits sum per game (robust.ts `robustnessOf`);
// - per agent its record, per pair of agents the head-to-head totals, and LLMArena's raw metrics per game.
// Everything is in the index's order: by end time, then id. A batch appended must come after every match appended
// before (`follows`), as the online ratings require (online.ts); then appending batch by batch gives exactly the
// index of all of them at once.
import { compareStrings, matchSides, resultOnSides, sideComparisons } from './comparisons';
import { RawMetricSums, type NormalizedBy } from './normalized';
import type { RatedMatch } from './types';
import { assertRatedMatches } from './validate';

/** The index's order: by end time (none = 0), then id. */
export function byPlace(a: RatedMatch, b: RatedMatch): number {
  return (a.finishedAt ?? 0) - (b.finishedAt ?? 0) || compareStrings(a.id, b.id);
}

/** One win-matrix entry in an outcome type's key (matches with the same entries share a type). */
export function entryKey(pair: number, winsI: number, winsJ: number): string {
  return `${pair},${winsI},${winsJ};`;
}

/** An agent's record over the rated matches (compute-leaderboard.ts, AgentRating). */
export interface RatedRecord {
  wins: number;
  draws: number;
  losses: number;
  /** Sum of the agent's seats' scores (over its matches also GameBench's total score: the sum of per-match sums). */
  scoreSum: number;
  /** Seats held. */
  seats: number;
}

/** One game of the rated matches. */
export interface IndexedGame {
  id: string;
  /** Its rated matches. */
  size: number;
  /** Its outcome types, in order of first appearance, and how many of its matches are of each. */
  types: number[];
  counts: number[];
  /** Agents (ordinals) with a seat in one of its rated matches. */
  played: Set<number>;
  /** Where each of its types is in `types`. */
  position: Map<number, number>;
}

/** The rated agents sorted by id, and the pairs in those terms (what the fits take). */
export interface SortedAgents {
  /** Agent ids, sorted. */
  agents: string[];
  /** Position in `agents` of each agent ordinal. */
  rank: Int32Array;
  /** Per pair (in the index's pair order): the sorted positions of its agents, pairI[p] < pairJ[p]. */
  pairI: Int32Array;
  pairJ: Int32Array;
}

export class MatchIndex {
  /** Every match appended, in the index's order. */
  readonly matches: RatedMatch[] = [];
  /** The cooperative ones. */
  readonly cooperative: RatedMatch[] = [];
  /** Games of every match appended. */
  readonly gameIds = new Set<string>();
  /** Per agent id: the non-cooperative matches it sat in (what picks the scale's anchor, server/leaderboard/data.ts). */
  readonly played = new Map<string, number>();

  /** Agents of the rated matches, in order of first appearance (their ordinals). */
  readonly agentIds: string[] = [];
  private readonly agentOrd = new Map<string, number>();
  /** Rated matches per agent ordinal. */
  readonly matchCounts: number[] = [];
  /** Agent records, by id. */
  readonly records = new Map<string, RatedRecord>();

  /** Pairs of agents that met, in order of first appearance: lo has the smaller id. */
  readonly pairLo: number[] = [];
  readonly pairHi: number[] = [];
  private readonly pairOf = new Map<number, number>();
  /** Head to head per pair: rated matches in which they met, lo's share of the comparisons (weighted), and their weight. */
  readonly pairMatches: number[] = [];
  readonly pairWins: number[] = [];
  readonly pairWeight: number[] = [];

  /** Outcome type t adds entryWinsI[e] wins of lo over hi of pair entryPair[e] (and entryWinsJ back), e in typeStart[t] .. typeStart[t + 1] − 1. */
  readonly typeStart: number[] = [0];
  readonly entryPair: number[] = [];
  readonly entryWinsI: number[] = [];
  readonly entryWinsJ: number[] = [];
  /** Rated matches of each type. */
  readonly typeCount: number[] = [];
  private readonly typeKeys = new Map<string, number>();
  /** Per rated match, in order: its type and its game (index into `games`). */
  readonly typeOf: number[] = [];
  readonly gameOf: number[] = [];
  /** Games of the rated matches, in order of first appearance. */
  readonly games: IndexedGame[] = [];
  private readonly gameOrd = new Map<string, number>();

  private readonly raw = new Map<string, RawMetricSums>();
  private last: RatedMatch | undefined;
  private sortedCache: SortedAgents | undefined;

  /** The index of these matches (in any order). */
  static of(matches: readonly RatedMatch[]): MatchIndex {
    const ix = new MatchIndex();
    ix.append(matches);
    return ix;
  }

  /** Rated matches indexed. */
  get rated(): number {
    return this.typeOf.length;
  }

  /** Whether every match of `batch` comes after every match appended so far (then `append` takes it). */
  follows(batch: readonly RatedMatch[]): boolean {
    const last = this.last;
    return !last || batch.every((m) => byPlace(m, last) > 0);
  }

  /** Adds matches that come after every match appended so far (sorted here); throws otherwise, adding nothing. */
  append(batch: readonly RatedMatch[]): void {
    assertRatedMatches(batch, 'rating');
    if (!this.follows(batch))
      throw new Error('match index: a match comes before the last one indexed (index the matches again from scratch)');
    if (batch.length === 0) return;
    const sorted = [...batch].sort(byPlace);
    for (const m of sorted) this.add(m);
    this.last = sorted.at(-1);
    this.sortedCache = undefined;
  }

  /** LLMArena's raw metrics of the matches (normalized.ts `rawMetrics`), kept up to date from the first ask on. */
  rawMetrics(by: Readonly<Record<string, NormalizedBy>>): RawMetricSums {
    const key = JSON.stringify(Object.entries(by).sort(([a], [b]) => compareStrings(a, b)));
    let sums = this.raw.get(key);
    if (!sums) {
      sums = new RawMetricSums(by);
      for (const m of this.matches) sums.add(m);
      this.raw.set(key, sums);
    }
    return sums;
  }

  /** The rated agents sorted by id, and the pairs in their positions. */
  sorted(): SortedAgents {
    if (this.sortedCache) return this.sortedCache;
    const order = this.agentIds.map((_, o) => o).sort((a, b) => compareStrings(this.agentIds[a]!, this.agentIds[b]!));
    const rank = new Int32Array(order.length);
    order.forEach((o, k) => (rank[o] = k));
    const pairI = Int32Array.from(this.pairLo, (o) => rank[o]!);
    const pairJ = Int32Array.from(this.pairHi, (o) => rank[o]!);
    this.sortedCache = { agents: order.map((o) => this.agentIds[o]!), rank, pairI, pairJ };
    return this.sortedCache;
  }

  private ordinal(id: string): number {
    let o = this.agentOrd.get(id);
    if (o === undefined) {
      o = this.agentIds.push(id) - 1;
      this.agentOrd.set(id, o);
      this.matchCounts.push(0);
    }
    return o;
  }

  private add(m: RatedMatch): void {
    this.matches.push(m);
    this.gameIds.add(m.gameId);
    for (const sums of this.raw.values()) sums.add(m);
    if (m.cooperative) {
      this.cooperative.push(m);
      return;
    }
    const ids = [...new Set(m.seats.map((s) => s.agentId))];
    for (const id of ids) this.played.set(id, (this.played.get(id) ?? 0) + 1);
    const sides = matchSides(m);
    if (sides.length < 2) return;

    let g = this.gameOrd.get(m.gameId);
    if (g === undefined) {
      g = this.games.push({ id: m.gameId, size: 0, types: [], counts: [], played: new Set(), position: new Map() }) - 1;
      this.gameOrd.set(m.gameId, g);
    }
    const game = this.games[g]!;
    game.size++;
    for (const id of ids) {
      const o = this.ordinal(id);
      this.matchCounts[o]!++;
      game.played.add(o);
      const r = this.records.get(id) ?? { wins: 0, draws: 0, losses: 0, scoreSum: 0, seats: 0 };
      const result = resultOnSides(sides, id);
      if (result === 'win') r.wins++;
      else if (result === 'draw') r.draws++;
      else r.losses++;
      for (const seat of m.seats) {
        if (seat.agentId !== id) continue;
        r.scoreSum += seat.score;
        r.seats++;
      }
      this.records.set(id, r);
    }

    // The match's win-matrix entries: one per pair (in a match of more than two sides, an agent on two of them meets an
    // opponent more than once).
    const pairs: number[] = [];
    const winsI: number[] = [];
    const winsJ: number[] = [];
    for (const c of sideComparisons(sides)) {
      const swap = compareStrings(c.a, c.b) > 0;
      const lo = this.agentOrd.get(swap ? c.b : c.a)!;
      const hi = this.agentOrd.get(swap ? c.a : c.b)!;
      const key = lo * 2 ** 26 + hi;
      let p = this.pairOf.get(key);
      if (p === undefined) {
        p = this.pairLo.push(lo) - 1;
        this.pairHi.push(hi);
        this.pairOf.set(key, p);
        this.pairMatches.push(0);
        this.pairWins.push(0);
        this.pairWeight.push(0);
      }
      const wa = c.weight * c.scoreA;
      const wb = c.weight * (1 - c.scoreA);
      let e = pairs.indexOf(p);
      if (e < 0) {
        e = pairs.push(p) - 1;
        winsI.push(0);
        winsJ.push(0);
        this.pairMatches[p]!++;
      }
      winsI[e]! += swap ? wb : wa;
      winsJ[e]! += swap ? wa : wb;
      this.pairWins[p]! += swap ? wb : wa;
      this.pairWeight[p]! += c.weight;
    }
    let key = '';
    for (let e = 0; e < pairs.length; e++) key += entryKey(pairs[e]!, winsI[e]!, winsJ[e]!);
    let t = this.typeKeys.get(key);
    if (t === undefined) {
      t = this.typeCount.push(0) - 1;
      this.typeKeys.set(key, t);
      for (let e = 0; e < pairs.length; e++) {
        this.entryPair.push(pairs[e]!);
        this.entryWinsI.push(winsI[e]!);
        this.entryWinsJ.push(winsJ[e]!);
      }
      this.typeStart.push(this.entryPair.length);
    }
    this.typeCount[t]!++;
    this.typeOf.push(t);
    this.gameOf.push(g);
    let pos = game.position.get(t);
    if (pos === undefined) {
      pos = game.types.push(t) - 1;
      game.counts.push(0);
      game.position.set(t, pos);
    }
    game.counts[pos]!++;
  }
}
