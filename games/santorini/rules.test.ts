import { describe, expect, it } from 'vitest';
import { checkConformance } from '../../lib/engine/conformance';
import { createRng } from '../../lib/engine/rng';
import { santorini } from '.';
import {
  activeSeats,
  apply,
  describe as describeMove,
  indexOf,
  legalActions,
  outcome,
  reject,
  setup,
  squareAt,
  view,
  type SantoriniAction,
  type SantoriniState,
} from './rules';
import { position } from './test-helpers';

const place = (pawn: 'A' | 'X' | 'B' | 'Y', at: string): SantoriniAction => ({ type: 'place', pawn, at });
const turn = (pawn: 'A' | 'X' | 'B' | 'Y', to: string, build: string | null): SantoriniAction => ({
  type: 'turn',
  pawn,
  to,
  build,
});
const level = (s: SantoriniState, sq: string) => s.levels[indexOf(sq)];

/** The four placements A c3, X a1, B d4, Y e1. */
const placed = (): SantoriniState =>
  [place('A', 'c3'), place('X', 'a1'), place('B', 'd4'), place('Y', 'e1')].reduce<SantoriniState>(
    (s, a, i) => apply(s, i % 2, a),
    setup(),
  );

describe('santorini squares', () => {
  it('names squares by file a-e and rank 1-5, rank 5 at the top', () => {
    expect(squareAt(0)).toBe('a5');
    expect(squareAt(4)).toBe('e5');
    expect(squareAt(20)).toBe('a1');
    expect(squareAt(24)).toBe('e1');
    for (let i = 0; i < 25; i++) expect(indexOf(squareAt(i))).toBe(i);
  });
});

describe('santorini placement', () => {
  it('places A, X, B, Y in turn (Player 1, Player 2, Player 1, Player 2) on any free square', () => {
    let s = setup();
    expect(s.levels.every((l) => l === 0)).toBe(true);
    const order: [number, 'A' | 'X' | 'B' | 'Y'][] = [
      [0, 'A'],
      [1, 'X'],
      [0, 'B'],
      [1, 'Y'],
    ];
    for (const [i, [seat, pawn]] of order.entries()) {
      expect(activeSeats(s)).toEqual([seat]);
      const legal = legalActions(s, seat);
      expect(legal).toHaveLength(25 - i);
      expect(legal.every((a) => a.type === 'place' && a.pawn === pawn)).toBe(true);
      expect(legalActions(s, 1 - seat)).toEqual([]);
      s = apply(s, seat, legal[i * 6]!);
    }
    expect(view(s).phase).toBe('play');
    expect(view(s).pawnToMove).toBe('A');
    expect(activeSeats(s)).toEqual([0]);
  });

  it('refuses a taken square, the wrong pawn, the opponent’s pawn and a turn before every pawn is placed, with reasons', () => {
    const s = apply(setup(), 0, place('A', 'c3'));
    expect(reject(s, 1, place('X', 'c3'))).toBe('c3 is taken by pawn A: place X on a free square');
    expect(reject(s, 1, place('Y', 'b2'))).toBe('pawns alternate: this turn you play pawn X, not Y');
    expect(reject(s, 1, place('A', 'b2'))).toBe('A is not your pawn: you play X and Y');
    expect(santorini.reject(s, 0, place('B', 'b2'))).toBe('it is not your turn: Player 2 is to move');
    expect(reject(s, 1, turn('X', 'b2', 'b3'))).toBe(
      'the pawns are still being placed: put pawn X on a free square, e.g. "Place X at c3"',
    );
    expect(reject(s, 1, place('X', 'f6'))).toMatch(/"f6" is not a square: .*files? a-e .*rank 1-5/);
    expect(reject(s, 1, place('X', 'b2'))).toBeNull();
  });
});

describe('santorini turns', () => {
  it('alternates the pawns A, X, B, Y, A… after placement; a turn moves then builds one level', () => {
    let s = placed();
    const seen: string[] = [];
    for (let i = 0; i < 8; i++) {
      const seat = activeSeats(s)[0]!;
      const a = legalActions(s, seat)[0] as Extract<SantoriniAction, { type: 'turn' }>;
      seen.push(`${seat}${a.pawn}`);
      const before = level(s, a.build!)!;
      const next = apply(s, seat, a);
      expect(next.pawns[a.pawn]).toBe(a.to);
      expect(level(next, a.build!)).toBe(before + 1);
      expect(next.levels.reduce((x, y) => x + y, 0)).toBe(s.levels.reduce((x, y) => x + y, 0) + 1);
      s = next;
    }
    expect(seen).toEqual(['0A', '1X', '0B', '1Y', '0A', '1X', '0B', '1Y']);
    expect(reject(s, 0, turn('B', 'a5', 'a4'))).toBe('pawns alternate: this turn you play pawn A, not B');
  });

  it('moves one square in any of 8 directions, at most one level up, any number down, never onto a pawn or a dome', () => {
    // A at c3 on level 1: b4 level 2 (up one), d4 level 3 (up two), c4 level 4 (dome), d3 holds X, b2 level 0, c1 far.
    const s = position(['0. 0. 0. 0. 0.', '0. 2. 4. 3. 0.', '0. 0. 1A 0X 0.', '0. 0. 0. 0. 0B', '0. 0. 0. 0. 0Y']);
    expect(reject(s, 0, turn('A', 'b4', 'b5'))).toBeNull();
    expect(reject(s, 0, turn('A', 'b2', 'c3'))).toBeNull(); // down a level, then build where it stood
    expect(reject(s, 0, turn('A', 'd4', 'e5'))).toBe(
      'd4 is level 3 and pawn A stands on level 1 at c3: a pawn moves up at most one level',
    );
    expect(reject(s, 0, turn('A', 'c4', 'c5'))).toBe('c4 is complete (level 4, a dome): no pawn may move onto it');
    expect(reject(s, 0, turn('A', 'd3', 'e3'))).toBe('d3 is occupied by pawn X');
    expect(reject(s, 0, turn('A', 'c1', 'c2'))).toBe(
      'c1 is not next to pawn A at c3: a pawn moves one square, in any of the 8 directions',
    );
    expect(reject(s, 0, turn('A', 'c3', 'c2'))).toBe(
      'pawn A already stands on c3: it must move to a neighbouring square',
    );
    const targets = new Set(legalActions(s, 0).map((a) => (a.type === 'turn' ? a.to : '')));
    expect([...targets].sort()).toEqual(['b2', 'b3', 'b4', 'c2', 'd2']);
  });

  it('builds next to the moved pawn: the square it left counts as free; never on a pawn, its own square or a dome; a block on level 3 is a dome', () => {
    const s = position(['0. 0. 0. 0. 0.', '0. 0. 4. 3. 0.', '0. 0. 0A 0X 0.', '0. 0. 0. 0. 0B', '0. 0. 0. 0. 0Y']);
    // Builds are judged from where A lands (d2), and c3, the square A leaves, is free by then.
    expect(reject(s, 0, turn('A', 'd2', 'c3'))).toBeNull();
    expect(reject(s, 0, turn('A', 'd2', 'd3'))).toBe('d3 is occupied by pawn X: no block may go under a pawn');
    expect(reject(s, 0, turn('A', 'd2', 'e2'))).toBe('e2 is occupied by pawn B: no block may go under a pawn');
    expect(reject(s, 0, turn('A', 'd2', 'd2'))).toBe('pawn A will stand on d2: build on a square next to it');
    expect(reject(s, 0, turn('A', 'd2', 'd4'))).toBe(
      'd4 is not next to d2, where pawn A moves: build on a square next to its new square',
    );
    expect(reject(s, 0, turn('A', 'd2', null))).toBe(
      'say where pawn A builds after moving to d2: a free square next to it, e.g. "Move A to d2, build c3"',
    );
    expect(reject(s, 0, turn('A', 'b4', 'c4'))).toBe('c4 is complete (level 4, a dome): no block may go on it');
    const built = apply(s, 0, turn('A', 'b4', 'c5'));
    expect(level(built, 'c5')).toBe(1);
    const left = apply(s, 0, turn('A', 'd2', 'c3'));
    expect(level(left, 'c3')).toBe(1);
    const onThree = apply(
      position(['0. 0. 0. 0. 0.', '0. 0. 0. 3. 0.', '0. 0. 0A 0. 0.', '0X 0. 0. 0. 0B', '0. 0. 0. 0. 0Y']),
      0,
      turn('A', 'c4', 'd4'),
    );
    expect(level(onThree, 'd4')).toBe(4);
    expect(legalActions(onThree, 1).some((a) => a.type === 'turn' && a.build === 'd4')).toBe(false);
  });

  it('wins by moving onto level 3: nothing is built, the mover scores 1 and the game stops', () => {
    const s = position(['0. 0. 0. 0. 0.', '0. 0. 3. 0. 0.', '0. 0. 2A 0. 0.', '0X 0. 0. 0. 0B', '0. 0. 0. 0. 0Y']);
    const wins = legalActions(s, 0).filter((a) => a.type === 'turn' && a.to === 'c4');
    expect(wins).toEqual([turn('A', 'c4', null)]);
    // A build written with a winning move is accepted and ignored.
    expect(reject(s, 0, turn('A', 'c4', 'c5'))).toBeNull();
    const end = apply(s, 0, turn('A', 'c4', 'c5'));
    expect(level(end, 'c5')).toBe(0);
    expect(end.last).toEqual({ pawn: 'A', from: 'c3', to: 'c4', build: null });
    expect(outcome(end)).toEqual({ scores: [1, 0], winner: 0, reason: "Player 1's pawn A climbs onto level 3 at c4" });
    expect(activeSeats(end)).toEqual([]);
    expect(legalActions(end, 1)).toEqual([]);
    expect(santorini.reject(end, 1, turn('X', 'a3', 'a4'))).toBe('the game is over');
    expect(describeMove(s, end, 0, turn('A', 'c4', null))).toEqual([
      { text: 'Player 1 moves A from c3 to c4, onto level 3, and wins' },
    ]);
    expect(view(end)).toMatchObject({ phase: 'over', toMove: null, pawnToMove: null, winner: 0 });
  });

  it('a player whose pawn for the turn cannot move cannot complete a turn and loses, even if the other pawn could move', () => {
    // X's turn: X at a1 is boxed in by domes and a level-2 square; Y at e5 could move, but pawns alternate.
    const s = position(['0. 0. 0. 0. 0Y', '0. 0. 0. 0. 0.', '0. 0A 0. 0B 0.', '4. 2. 0. 0. 0.', '0X 4. 0. 0. 0.'], 'X');
    expect(legalActions(s, 1)).toEqual([]);
    expect(activeSeats(s)).toEqual([]);
    expect(outcome(s)).toEqual({
      scores: [1, 0],
      winner: 0,
      reason:
        'Player 2 cannot complete a turn: pawn X at a1, whose turn it is, has no square to move to, so Player 1 wins',
    });
    // Built in: A raises X's last way out (b2) to level 2 just before X's turn, which ends the game.
    const before = position(
      ['0. 0. 0. 0. 0Y', '0. 0. 0. 0. 0.', '0. 0A 0. 0. 0.', '4. 1. 0. 0B 0.', '0X 4. 0. 0. 0.'],
      'A',
    );
    expect(outcome(before)).toBeNull();
    const after = apply(before, 0, turn('A', 'c2', 'b2'));
    expect(outcome(after)?.winner).toBe(0);
    // With the pawns the other way round, the same box is no loss: it is Y's turn, and Y can move.
    expect(outcome({ ...after, ply: after.ply + 2 })).toBeNull();
  });

  it('views and describes every move for any reader', () => {
    let s = placed();
    expect(describeMove(setup(), apply(setup(), 0, place('A', 'c3')), 0, place('A', 'c3'))).toEqual([
      { text: 'Player 1 places A at c3' },
    ]);
    const a = turn('A', 'c2', 'c3');
    const next = apply(s, 0, a);
    expect(describeMove(s, next, 0, a)).toEqual([
      { text: 'Player 1 moves A from c3 to c2 (level 0) and builds on c3 (now level 1)' },
    ]);
    s = next;
    const v = view(s);
    expect(v.levels[2]![2]).toBe(1);
    expect(v).toMatchObject({
      phase: 'play',
      toMove: 1,
      pawnToMove: 'X',
      turn: 1,
      last: { pawn: 'A', from: 'c3', to: 'c2', build: 'c3' },
      result: null,
    });
    expect(JSON.parse(JSON.stringify(v))).toEqual(v);
  });

  it('every random game ends within the 4 placements and 100 turns the blocks allow, with one winner', () => {
    for (let i = 0; i < 200; i++) {
      const rng = createRng(`santorini-random-${i}`);
      let s = santorini.setup({ numPlayers: 2, config: {}, rng });
      let plies = 0;
      for (let seat = santorini.activeSeats(s)[0]; seat !== undefined; seat = santorini.activeSeats(s)[0]) {
        s = santorini.apply(s, seat, rng.pick(santorini.legalActions(s, seat)!), rng);
        plies++;
      }
      expect(plies).toBeLessThanOrEqual(104);
      const o = santorini.outcome(s)!;
      expect([...o.scores].sort()).toEqual([0, 1]);
      expect(o.scores[o.winner!]).toBe(1);
    }
  });

  it('keeps the game contract (conformance suite)', () => {
    expect(checkConformance(santorini, { seeds: 30 })).toEqual([]);
  });
});
