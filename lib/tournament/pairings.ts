// Tournament pairings: which agents play which game in which seats, with which seed (round robin, gauntlet, host-guest).
import { createHmac } from 'node:crypto';

export interface PlannedMatch {
  gameId: string;
  /** Agent ids by seat. */
  seats: string[];
  seed: string;
  /** Host-guest format only: the seat of the evaluated (guest) agent; the other seats are hosts. */
  guestSeat?: number;
  /** The match's own settings where they differ per match (SimulBench: its task), merged over the game's. */
  config?: Record<string, unknown>;
}

/**
 * A deterministic stream of match seeds: the k-th is HMAC-SHA256(key, k), as 32 hex characters (the shape of
 * `newSeed()`). Every format draws its seeds through this, so a plan is reproducible from its tournament's seed, yet a
 * match seed revealed when its match ends tells nothing about the seeds of the matches still to play (a plain
 * generator's outputs would give its state away), nor about the tournament's seed.
 */
export function seedStream(key: string): () => string {
  let k = 0;
  return () => createHmac('sha256', key).update(String(k++)).digest('hex').slice(0, 32);
}

/** The first `count` seeds of `seedStream(key)`. */
export function drawSeeds(key: string, count: number): string[] {
  const next = seedStream(key);
  return Array.from({ length: count }, next);
}

/** A team game's two sides, by seat, for the games that have them (games' `meta.sides`). */
export type SidesOf = (gameId: string) => readonly (readonly number[])[] | null;

/**
 * Both seatings of a match on one seed: [a, b] then [b, a]; in a team game (`sides`) a holds every seat of the first
 * side and b of the second, then the sides swap.
 */
function pairedSeatings(
  gameId: string,
  a: string,
  b: string,
  seed: string,
  sides: readonly (readonly number[])[] | null = null,
): PlannedMatch[] {
  if (!sides)
    return [
      { gameId, seats: [a, b], seed },
      { gameId, seats: [b, a], seed },
    ];
  const seatsFor = (first: string, second: string) => {
    const seats: string[] = [];
    sides[0]!.forEach((s) => (seats[s] = first));
    sides[1]!.forEach((s) => (seats[s] = second));
    return seats;
  };
  return [
    { gameId, seats: seatsFor(a, b), seed },
    { gameId, seats: seatsFor(b, a), seed },
  ];
}

/** Throws unless n is an integer ≥ min. */
function requireInt(name: string, n: number, min: number): void {
  if (!Number.isInteger(n) || n < min) throw new Error(`${name} must be a whole number of at least ${min} (got ${n})`);
}

/**
 * Round robin for two-seat games and team games of two sides: every pair of agents plays `seedsPerPair` seeds, each seed twice with the
 * seats swapped (a paired design that cancels first-move advantage).
 */
export function roundRobin(opts: {
  gameIds: string[];
  agentIds: string[];
  seedsPerPair: number;
  seed: string;
  selfPlayGameIds?: string[];
  sidesOf?: SidesOf;
}): PlannedMatch[] {
  // One stream for the whole plan, drawn game by game, pair by pair (stored tournaments rely on this exact order).
  const nextSeed = seedStream(`${opts.seed}:round-robin`);
  const out: PlannedMatch[] = [];
  for (const gameId of opts.gameIds) {
    for (let i = 0; i < opts.agentIds.length; i++) {
      for (let j = i + 1; j < opts.agentIds.length; j++) {
        const a = opts.agentIds[i]!;
        const b = opts.agentIds[j]!;
        for (let k = 0; k < opts.seedsPerPair; k++)
          out.push(...pairedSeatings(gameId, a, b, nextSeed(), opts.sidesOf?.(gameId)));
      }
    }
  }
  // Self-play (cooperative games): each agent fills every seat, on as many seeds as a pair plays matches. Drawn from
  // a stream of its own, so the pairs' seeds above are unchanged.
  const selfSeed = seedStream(`${opts.seed}:self-play`);
  for (const gameId of opts.selfPlayGameIds ?? []) {
    if (!opts.gameIds.includes(gameId)) continue;
    for (const a of opts.agentIds)
      for (let k = 0; k < opts.seedsPerPair * 2; k++) out.push({ gameId, seed: selfSeed(), seats: [a, a] });
  }
  return out;
}

/**
 * Gauntlet for two-seat games (GameBench against its random baseline): every agent of `agentIds` that is not itself
 * a baseline plays every baseline, `seedsPerPair` seeds per (game, agent, baseline), each seed twice with the seats
 * swapped. Baselines never play each other. The seeds depend only on (seed, game, baseline) — every agent meets a
 * baseline on the same deals, which makes agents directly comparable and lets an agent added later be played on
 * the same seeds as the others. Duplicate ids are ignored.
 */
export function gauntlet(opts: {
  gameIds: string[];
  agentIds: string[];
  baselineIds: string[];
  seedsPerPair: number;
  seed: string;
  sidesOf?: SidesOf;
}): PlannedMatch[] {
  const baselines = [...new Set(opts.baselineIds)];
  const agents = [...new Set(opts.agentIds)].filter((id) => !baselines.includes(id));
  if (baselines.length === 0) throw new Error('a gauntlet needs at least one baseline agent');
  if (agents.length === 0) throw new Error('a gauntlet needs at least one agent that is not a baseline');
  requireInt('seedsPerPair', opts.seedsPerPair, 1);
  const out: PlannedMatch[] = [];
  for (const gameId of opts.gameIds) {
    const seeds = new Map(
      baselines.map((b) => [b, drawSeeds(`${opts.seed}:gauntlet:${JSON.stringify([gameId, b])}`, opts.seedsPerPair)]),
    );
    for (const agent of agents) {
      for (const baseline of baselines) {
        for (const seed of seeds.get(baseline)!)
          out.push(...pairedSeatings(gameId, agent, baseline, seed, opts.sidesOf?.(gameId)));
      }
    }
  }
  return out;
}

/**
 * Host-guest format for N-player games (SpyGame-style): each guest (an evaluated agent) plays `seedsPerGuest` seeds
 * per game, sitting in one seat while host agents fill the others. Match k of a game puts the guest in `guestSeat`
 * if given, otherwise in seat k mod numPlayers (so seat bias cancels over numPlayers seeds), and fills the other
 * seats in seat order with hostIds cycled from position k·(numPlayers − 1) — all hosts take part over the seeds, and
 * a host holds several seats only when there are fewer hosts than host seats. Seeds, guest seats and host line-ups
 * depend only on (seed, game, k), so every guest faces exactly the same matches (a paired comparison of guests).
 * Every match records `guestSeat`. Duplicate ids are ignored.
 */
export function hostGuest(opts: {
  gameIds: string[];
  guestIds: string[];
  hostIds: string[];
  numPlayers: number;
  seedsPerGuest: number;
  seed: string;
  guestSeat?: number;
}): PlannedMatch[] {
  const guests = [...new Set(opts.guestIds)];
  const hosts = [...new Set(opts.hostIds)];
  const { numPlayers, guestSeat } = opts;
  requireInt('numPlayers', numPlayers, 2);
  requireInt('seedsPerGuest', opts.seedsPerGuest, 1);
  if (guests.length === 0) throw new Error('host-guest needs at least one guest agent');
  if (hosts.length === 0) throw new Error('host-guest needs at least one host agent');
  const both = guests.filter((id) => hosts.includes(id));
  if (both.length > 0) throw new Error(`agents cannot be both guest and host: ${both.join(', ')}`);
  if (guestSeat !== undefined && (!Number.isInteger(guestSeat) || guestSeat < 0 || guestSeat >= numPlayers)) {
    throw new Error(`guestSeat must be a seat from 0 to ${numPlayers - 1} (got ${guestSeat})`);
  }
  const out: PlannedMatch[] = [];
  for (const gameId of opts.gameIds) {
    const seeds = drawSeeds(`${opts.seed}:host-guest:${JSON.stringify(gameId)}`, opts.seedsPerGuest);
    for (const guest of guests) {
      seeds.forEach((seed, k) => {
        const seat = guestSeat ?? k % numPlayers;
        let h = k * (numPlayers - 1);
        const seats = Array.from({ length: numPlayers }, (_, s) => (s === seat ? guest : hosts[h++ % hosts.length]!));
        out.push({ gameId, seats, seed, guestSeat: seat });
      });
    }
  }
  return out;
}
