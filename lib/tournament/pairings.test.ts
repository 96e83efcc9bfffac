// Tests of the tournament pairings: round robin (reference plan), gauntlet, host-guest, and the shared seed stream.
import { createHmac } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { drawSeeds, gauntlet, hostGuest, roundRobin, seedStream, type PlannedMatch } from './pairings';

/** The round robin written out independently: the k-th seed of the plan is HMAC-SHA256("<seed>:round-robin", k). */
function referenceRoundRobin(opts: {
  gameIds: string[];
  agentIds: string[];
  seedsPerPair: number;
  seed: string;
}): PlannedMatch[] {
  let k = 0;
  const out: PlannedMatch[] = [];
  for (const gameId of opts.gameIds) {
    for (let i = 0; i < opts.agentIds.length; i++) {
      for (let j = i + 1; j < opts.agentIds.length; j++) {
        const a = opts.agentIds[i]!;
        const b = opts.agentIds[j]!;
        for (let n = 0; n < opts.seedsPerPair; n++) {
          const seed = createHmac('sha256', `${opts.seed}:round-robin`).update(String(k++)).digest('hex').slice(0, 32);
          out.push({ gameId, seats: [a, b], seed }, { gameId, seats: [b, a], seed });
        }
      }
    }
  }
  return out;
}

describe('roundRobin', () => {
  const plan = roundRobin({ gameIds: ['g1', 'g2'], agentIds: ['a', 'b', 'c', 'd'], seedsPerPair: 3, seed: 's' });

  it('plays every pair, every game, each seed twice', () => {
    // 6 pairs × 2 games × 3 seeds × 2 seatings
    expect(plan).toHaveLength(72);
    const pairs = new Set(plan.map((m) => `${m.gameId}:${[...m.seats].sort().join('-')}`));
    expect(pairs.size).toBe(12);
  });

  it('plays n(n−1)/2 × games × seeds × 2 matches for other sizes', () => {
    for (const [n, games, seeds] of [
      [2, 1, 1],
      [5, 3, 2],
      [7, 1, 4],
    ] as const) {
      const agentIds = Array.from({ length: n }, (_, i) => `a${i}`);
      const gameIds = Array.from({ length: games }, (_, i) => `g${i}`);
      expect(roundRobin({ gameIds, agentIds, seedsPerPair: seeds, seed: 'n' })).toHaveLength(
        ((n * (n - 1)) / 2) * games * seeds * 2,
      );
    }
  });

  it('swaps seats on the same seed', () => {
    for (let i = 0; i < plan.length; i += 2) {
      const [x, y] = [plan[i]!, plan[i + 1]!];
      expect(y.seed).toBe(x.seed);
      expect(y.seats).toEqual([...x.seats].reverse());
    }
    expect(new Set(plan.map((m) => m.seed)).size).toBe(36);
  });

  it('is reproducible from its seed', () => {
    expect(roundRobin({ gameIds: ['g1'], agentIds: ['a', 'b'], seedsPerPair: 2, seed: 'x' })).toEqual(
      roundRobin({ gameIds: ['g1'], agentIds: ['a', 'b'], seedsPerPair: 2, seed: 'x' }),
    );
  });

  it('plans the seeds its definition gives (HMAC-SHA256 of the tournament seed; values computed independently)', () => {
    const fixed = roundRobin({ gameIds: ['g1', 'g2'], agentIds: ['a', 'b', 'c'], seedsPerPair: 2, seed: 'fixed' });
    expect(fixed.filter((_, i) => i % 2 === 0).map((m) => `${m.gameId} ${m.seats.join('-')} ${m.seed}`)).toEqual([
      'g1 a-b b71857e7ea29fd6345a03949a1444dff',
      'g1 a-b 1a0a85606c089e1d156d2ab1549ff908',
      'g1 a-c 4c0b50cd82d910df316dc2c5b0002b8e',
      'g1 a-c 70a57457f20d12ae7bed16b0d3c6cead',
      'g1 b-c 2bac1f26b0dcef3c5654161a375c38f2',
      'g1 b-c 41c37f467ad62f2333e7c01b7cf79aa6',
      'g2 a-b 7c87023193c1fd4785c6787ef5e82734',
      'g2 a-b 40cbafc6a7dffb9c711d5dcdcca8f0a8',
      'g2 a-c 2e382170419dc238b73f6b208db7cd7f',
      'g2 a-c 98f90a7f87c8835ca688d54653bacd76',
      'g2 b-c eb998057cca76436ffb1de7d6d3ae252',
      'g2 b-c 363e95d9b4832edea4aa054add699bb0',
    ]);
    for (const m of fixed) expect(Object.keys(m).sort()).toEqual(['gameId', 'seats', 'seed']);
    const big = {
      gameIds: ['x', 'y', 'z'],
      agentIds: ['p', 'q', 'r', 's', 't'],
      seedsPerPair: 4,
      seed: 'tournament-42',
    };
    expect(roundRobin(big)).toEqual(referenceRoundRobin(big));
    expect(JSON.stringify(roundRobin(big))).toBe(JSON.stringify(referenceRoundRobin(big)));
  });
});

describe('seedStream', () => {
  it('draws the same seeds for the same key, other seeds for another key', () => {
    expect(drawSeeds('k', 5)).toEqual(drawSeeds('k', 5));
    const next = seedStream('k');
    expect([next(), next()]).toEqual(drawSeeds('k', 2));
    expect(drawSeeds('k2', 5)).not.toEqual(drawSeeds('k', 5));
    for (const s of drawSeeds('k', 50)) expect(s).toMatch(/^[0-9a-f]{32}$/);
  });
});

describe('gauntlet', () => {
  const opts = {
    gameIds: ['g1', 'g2'],
    agentIds: ['a', 'b', 'c', 'rand'],
    baselineIds: ['rand', 'greedy'],
    seedsPerPair: 3,
    seed: 's',
  };
  const plan = gauntlet(opts);
  const baselines = new Set(opts.baselineIds);

  it('plays every non-baseline agent against every baseline: agents × baselines × games × seeds × 2', () => {
    expect(plan).toHaveLength(3 * 2 * 2 * 3 * 2);
    const pairs = new Set(plan.map((m) => `${m.gameId}:${[...m.seats].sort().join('-')}`));
    expect(pairs.size).toBe(3 * 2 * 2);
    for (const m of plan) expect(m.seats).toHaveLength(2);
  });

  it('has exactly one baseline in every match, never baseline against baseline', () => {
    for (const m of plan) expect(m.seats.filter((id) => baselines.has(id))).toHaveLength(1);
    expect(plan.some((m) => m.seats.includes('rand') && m.seats.includes('greedy'))).toBe(false);
  });

  it('plays each seed twice with the seats swapped', () => {
    for (let i = 0; i < plan.length; i += 2) {
      const [x, y] = [plan[i]!, plan[i + 1]!];
      expect(y.seed).toBe(x.seed);
      expect(y.seats).toEqual([...x.seats].reverse());
    }
  });

  it('gives every agent the same seeds against a baseline, distinct per game and baseline, stable when agents are added', () => {
    const seedsOf = (p: PlannedMatch[], agent: string, baseline: string, game: string) =>
      p.filter((m) => m.gameId === game && m.seats.includes(agent) && m.seats.includes(baseline)).map((m) => m.seed);
    expect(seedsOf(plan, 'a', 'rand', 'g1')).toEqual(seedsOf(plan, 'c', 'rand', 'g1'));
    expect(new Set(seedsOf(plan, 'a', 'rand', 'g1')).size).toBe(3);
    expect(seedsOf(plan, 'a', 'rand', 'g1')).not.toEqual(seedsOf(plan, 'a', 'greedy', 'g1'));
    expect(seedsOf(plan, 'a', 'rand', 'g1')).not.toEqual(seedsOf(plan, 'a', 'rand', 'g2'));
    const later = gauntlet({ ...opts, agentIds: ['z', ...opts.agentIds] });
    expect(seedsOf(later, 'a', 'rand', 'g1')).toEqual(seedsOf(plan, 'a', 'rand', 'g1'));
    expect(gauntlet(opts)).toEqual(plan);
    expect(gauntlet({ ...opts, seed: 't' })).not.toEqual(plan);
  });

  it('rejects plans without baselines or without agents to evaluate', () => {
    expect(() => gauntlet({ ...opts, baselineIds: [] })).toThrow(/at least one baseline/);
    expect(() => gauntlet({ ...opts, agentIds: ['rand', 'greedy'] })).toThrow(/not a baseline/);
    expect(() => gauntlet({ ...opts, agentIds: [] })).toThrow(/not a baseline/);
    expect(() => gauntlet({ ...opts, seedsPerPair: 0 })).toThrow(/seedsPerPair/);
  });
});

describe('hostGuest', () => {
  const opts = {
    gameIds: ['spy'],
    guestIds: ['g1', 'g2'],
    hostIds: ['h1', 'h2'],
    numPlayers: 4,
    seedsPerGuest: 8,
    seed: 's',
  };
  const plan = hostGuest(opts);

  it('plays seedsPerGuest matches per guest and game, the guest once, hosts in the other seats', () => {
    expect(plan).toHaveLength(2 * 8);
    expect(hostGuest({ ...opts, gameIds: ['a', 'b', 'c'] })).toHaveLength(3 * 2 * 8);
    for (const m of plan) {
      expect(m.seats).toHaveLength(4);
      const guests = m.seats.filter((id) => opts.guestIds.includes(id));
      expect(guests).toHaveLength(1);
      expect(m.seats[m.guestSeat!]).toBe(guests[0]);
      m.seats.forEach((id, s) => {
        if (s !== m.guestSeat) expect(opts.hostIds).toContain(id);
      });
    }
  });

  it('rotates the guest over every seat, equally often', () => {
    for (const guest of opts.guestIds) {
      const seats = plan.filter((m) => m.seats.includes(guest)).map((m) => m.guestSeat!);
      expect(seats.sort()).toEqual([0, 0, 1, 1, 2, 2, 3, 3]);
    }
  });

  it('keeps the guest in guestSeat when given', () => {
    const fixed = hostGuest({ ...opts, guestSeat: 2 });
    for (const m of fixed) {
      expect(m.guestSeat).toBe(2);
      expect(opts.guestIds).toContain(m.seats[2]);
    }
  });

  it('cycles through the hosts: all take part, none twice in a match when there are enough', () => {
    const many = hostGuest({ ...opts, hostIds: ['h1', 'h2', 'h3', 'h4', 'h5'], seedsPerGuest: 5 });
    const hostsOf = (m: PlannedMatch) => m.seats.filter((_, s) => s !== m.guestSeat);
    for (const m of many) expect(new Set(hostsOf(m)).size).toBe(3);
    expect(new Set(many.flatMap(hostsOf))).toEqual(new Set(['h1', 'h2', 'h3', 'h4', 'h5']));
    // one host fills every host seat
    const solo = hostGuest({ ...opts, hostIds: ['h'] });
    for (const m of solo) expect(hostsOf(m)).toEqual(['h', 'h', 'h']);
  });

  it('gives every guest the same seeds, seats and hosts (a paired comparison)', () => {
    const of = (guest: string) =>
      plan
        .filter((m) => m.seats.includes(guest))
        .map((m) => ({ ...m, seats: m.seats.map((id) => (id === guest ? 'G' : id)) }));
    expect(of('g1')).toEqual(of('g2'));
    expect(new Set(of('g1').map((m) => m.seed)).size).toBe(8);
    expect(hostGuest(opts)).toEqual(plan);
    expect(hostGuest({ ...opts, seed: 'other' }).map((m) => m.seed)).not.toEqual(plan.map((m) => m.seed));
  });

  it('rejects impossible set-ups in words', () => {
    expect(() => hostGuest({ ...opts, numPlayers: 1 })).toThrow(/numPlayers/);
    expect(() => hostGuest({ ...opts, guestIds: [] })).toThrow(/at least one guest/);
    expect(() => hostGuest({ ...opts, hostIds: [] })).toThrow(/at least one host/);
    expect(() => hostGuest({ ...opts, hostIds: ['h1', 'g2'] })).toThrow(/both guest and host: g2/);
    expect(() => hostGuest({ ...opts, guestSeat: 4 })).toThrow(/guestSeat/);
    expect(() => hostGuest({ ...opts, guestSeat: -1 })).toThrow(/guestSeat/);
    expect(() => hostGuest({ ...opts, seedsPerGuest: 0 })).toThrow(/seedsPerGuest/);
  });
});

describe('team games, side against side (games with `meta.sides`)', () => {
  const sidesOf = (g: string) =>
    g === 'fleet'
      ? [
          [0, 1, 2],
          [3, 4, 5],
        ]
      : null;

  it('a round robin seats each agent in every seat of one side, then the sides swap on the same seed', () => {
    const plan = roundRobin({ gameIds: ['fleet', 'duel'], agentIds: ['a', 'b'], seedsPerPair: 1, seed: 's', sidesOf });
    const fleet = plan.filter((m) => m.gameId === 'fleet');
    expect(fleet.map((m) => m.seats)).toEqual([
      ['a', 'a', 'a', 'b', 'b', 'b'],
      ['b', 'b', 'b', 'a', 'a', 'a'],
    ]);
    expect(fleet[0]!.seed).toBe(fleet[1]!.seed);
    // Other games keep one agent per seat, on the seeds they had without team games.
    expect(plan.filter((m) => m.gameId === 'duel').map((m) => m.seats)).toEqual([
      ['a', 'b'],
      ['b', 'a'],
    ]);
    expect(plan.map((m) => m.seed)).toEqual(
      roundRobin({ gameIds: ['fleet', 'duel'], agentIds: ['a', 'b'], seedsPerPair: 1, seed: 's' }).map((m) => m.seed),
    );
  });

  it('a gauntlet does the same against each baseline', () => {
    const plan = gauntlet({
      gameIds: ['fleet'],
      agentIds: ['a'],
      baselineIds: ['r'],
      seedsPerPair: 2,
      seed: 's',
      sidesOf,
    });
    expect(plan.map((m) => m.seats.join(''))).toEqual(['aaarrr', 'rrraaa', 'aaarrr', 'rrraaa']);
  });
});
