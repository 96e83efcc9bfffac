// Hive rules: placement, each bug's movement, the one-hive rule (in transit too), freedom to move, the Queen by the
// fourth turn, no moves before the Queen, surrounding, both Queens surrounded, the turn cap and passing.
import { describe as group, expect, it } from 'vitest';
import { createRng } from '../../lib/engine/rng';
import { hive } from '.';
import { activeSeats, apply, describe, legalActions, outcome, reject, setup, view, type HiveState } from './rules';
import { move, place, play, position, targetsOf } from './test-helpers';

const blue = 0;
const green = 1;
const hexes = (s: HiveState, bug?: string) =>
  [
    ...new Set(
      legalActions(s, s.toMove).flatMap((a) =>
        a.type === 'place' && (!bug || a.bug === bug) ? [`${a.to.q},${a.to.r}`] : [],
      ),
    ),
  ].sort();

/** Blue at (-1,0) next to a two-piece hive (0,0)-(1,0), whose ring has eight hexes. */
const besideTwo = (piece: string) => position({ '0,0': 'bQ', '1,0': 'gQ', '-1,0': piece });

group('placing', () => {
  it('the first piece goes at (0,0), the second anywhere next to it, then never touching the opponent', () => {
    const s0 = setup(null, hive.defaultConfig);
    expect(legalActions(s0, blue)).toEqual(['Q', 'B', 'S', 'G', 'A'].map((b) => place(b as 'Q', 0, 0)));
    expect(reject(s0, blue, place('A', 1, 0))).toBe('the first piece of the game goes at (0,0)');
    const s1 = play([place('G', 0, 0)]);
    expect(hexes(s1)).toEqual(['-1,0', '-1,1', '0,-1', '0,1', '1,-1', '1,0']);
    const s2 = play([place('G', 0, 0), place('G', 1, 0)]);
    expect(hexes(s2)).toEqual(['-1,0', '-1,1', '0,-1']);
    expect(reject(s2, blue, place('A', 1, -1))).toBe(
      '(1,-1) touches a Green piece: a new piece may touch only your own pieces',
    );
    expect(reject(s2, blue, place('A', 0, 0))).toBe('(0,0) is occupied: pieces are placed on empty hexes only');
    expect(reject(s2, blue, place('A', -3, 0))).toBe(
      '(-3,0) does not touch the hive: place next to one of your own pieces',
    );
    expect(hive.reject(s2, green, place('A', 2, 0))).toBe('it is not your turn: Blue is to move');
  });

  it('a piece cannot be placed when none is left in hand', () => {
    const s = position({ '0,0': 'bQ', '1,0': 'gQ', '-1,0': 'bS', '-2,0': 'bS' });
    expect(reject(s, blue, place('S', -3, 0))).toBe('you have no Spider left to place');
    expect(hexes(s, 'S')).toEqual([]);
  });

  it('the Queen must be placed by the fourth turn, and nothing moves before it is placed', () => {
    const three = play([
      place('G', 0, 0),
      place('G', 1, 0),
      place('A', -1, 0),
      place('A', 2, 0),
      place('S', -1, 1),
      place('S', 3, 0),
    ]);
    expect(three.turns).toEqual([3, 3]);
    const legal = legalActions(three, blue);
    expect(legal.length).toBeGreaterThan(0);
    expect(legal.every((a) => a.type === 'place' && a.bug === 'Q')).toBe(true);
    expect(reject(three, blue, place('A', -2, 0))).toBe(
      'this is your fourth turn and your Queen is not on the board: you must place your Queen now',
    );
    expect(reject(three, blue, move([-1, 1], [0, 1]))).toBe(
      'you cannot move pieces before your Queen is placed; place a piece instead',
    );
    // Before the fourth turn: placements only, any bug.
    const two = play([place('G', 0, 0), place('G', 1, 0), place('A', -1, 0), place('A', 2, 0)]);
    expect(legalActions(two, blue).every((a) => a.type === 'place')).toBe(true);
    expect(new Set(legalActions(two, blue).map((a) => (a.type === 'place' ? a.bug : '')))).toEqual(
      new Set(['Q', 'B', 'S', 'G', 'A']),
    );
    const queened = apply(three, blue, place('Q', -2, 1));
    expect(legalActions(apply(queened, green, place('Q', 4, 0)), blue).some((a) => a.type === 'move')).toBe(true);
  });
});

group('movement', () => {
  it('Queen: one sliding step', () => {
    const s = position({ '0,0': 'gA', '1,0': 'gQ', '-1,0': 'bQ' });
    expect(targetsOf(legalActions(s, blue), [-1, 0])).toEqual(['-1,1', '0,-1']);
    expect(reject(s, blue, move([-1, 0], [1, -1]))).toBe('the Queen moves one hex only; it can go to (-1,1), (0,-1)');
  });

  it('Spider: exactly three sliding steps, never back', () => {
    expect(targetsOf(legalActions(besideTwo('bS'), blue), [-1, 0])).toEqual(['1,1', '2,-1']);
    expect(reject(besideTwo('bS'), blue, move([-1, 0], [0, -1]))).toMatch(
      /^the Spider slides exactly three hexes around the hive without going back; it cannot end on \(0,-1\); it can go to/,
    );
  });

  it('Ant: any number of sliding steps around the hive', () => {
    expect(targetsOf(legalActions(besideTwo('bA'), blue), [-1, 0])).toEqual([
      '-1,1',
      '0,-1',
      '0,1',
      '1,-1',
      '1,1',
      '2,-1',
      '2,0',
    ]);
  });

  it('Grasshopper: a straight jump over at least one piece to the first empty hex', () => {
    expect(targetsOf(legalActions(besideTwo('bG'), blue), [-1, 0])).toEqual(['2,0']);
    expect(reject(besideTwo('bG'), blue, move([-1, 0], [0, -1]))).toMatch(
      /^the Grasshopper jumps in a straight line over at least one piece/,
    );
  });

  it('Beetle: one step, climbing on the hive; a piece under it cannot move and the stack takes its colour', () => {
    expect(targetsOf(legalActions(besideTwo('bB'), blue), [-1, 0])).toEqual(['-1,1', '0,-1', '0,0']);
    const onTop = apply(besideTwo('bB'), blue, move([-1, 0], [0, 0]));
    expect(onTop.stacks.find((st) => st.q === 0 && st.r === 0)!.pieces).toEqual([
      { seat: blue, bug: 'Q' },
      { seat: blue, bug: 'B' },
    ]);
    // A Green Beetle on the Blue Queen: it moves to all six neighbours (climbing or down); the Queen under it is stuck.
    const s = position({ '0,0': 'bQ gB', '1,0': 'gQ', '-1,0': 'bA' }, { toMove: green });
    expect(targetsOf(legalActions(s, green), [0, 0])).toEqual(['-1,0', '-1,1', '0,-1', '0,1', '1,-1', '1,0']);
    const b = position({ '0,0': 'bQ gB', '1,0': 'gQ', '-1,0': 'bA' });
    expect(targetsOf(legalActions(b, blue), [0, 0])).toEqual([]);
    expect(reject(b, blue, move([0, 0], [0, -1]))).toBe("the piece on top at (0,0) is Green's Beetle, not yours");
    // Blue may not place next to the stack: its top is Green.
    expect(hexes(b)).toEqual(['-1,-1', '-2,0', '-2,1']);
  });

  it('Beetle on top: a gate of two higher stacks blocks it', () => {
    const s = position({ '0,0': 'gA bB', '1,-1': 'gQ gB', '0,1': 'bQ gB' });
    expect(targetsOf(legalActions(s, blue), [0, 0])).toEqual(['-1,0', '-1,1', '0,-1', '0,1', '1,-1']);
    expect(reject(s, blue, move([0, 0], [1, 0]))).toMatch(
      /^your Beetle at \(0,0\) cannot get to \(1,0\): two higher stacks block the way/,
    );
  });

  it('only a Beetle climbs', () => {
    expect(reject(besideTwo('bA'), blue, move([-1, 0], [0, 0]))).toMatch(
      /^\(0,0\) is occupied: only a Beetle may climb onto another piece/,
    );
  });
});

group('freedom to move and the one-hive rule', () => {
  // A Blue Queen at (0,0) beside a ring of Green pieces around the empty hex (1,0).
  const ring = { '0,0': 'bQ', '1,-1': 'gA', '2,-1': 'gG', '2,0': 'gQ', '1,1': 'gS', '0,1': 'gA' };

  it('a piece cannot slide through a gate into a hole, nor lose contact with the hive while sliding', () => {
    const s = position(ring);
    // E is the hole (a gate between (1,-1) and (0,1)); W and its neighbours would leave the hive.
    expect(targetsOf(legalActions(s, blue), [0, 0])).toEqual(['-1,1', '0,-1']);
    expect(reject(s, blue, move([0, 0], [1, 0]))).toMatch(
      /^your Queen at \(0,0\) cannot slide to \(1,0\): the gap is too narrow or it would leave the hive \(freedom to move\)/,
    );
    const withAnt = position({ ...ring, '-1,0': 'bA' });
    const ant = targetsOf(legalActions(withAnt, blue), [-1, 0]);
    expect(ant).not.toContain('1,0');
    expect(ant).toContain('3,-1');
    expect(ant).toContain('0,-1');
  });

  it('a piece whose removal splits the hive cannot move', () => {
    const s = position({ '-1,0': 'bA', '0,0': 'bQ', '1,0': 'gQ', '2,0': 'gA' });
    expect(targetsOf(legalActions(s, blue), [0, 0])).toEqual([]);
    expect(reject(s, blue, move([0, 0], [0, -1]))).toBe(
      'your Queen at (0,0) cannot move: taking it away would split the hive in two (one-hive rule)',
    );
  });

  it('including in transit: a move that would reconnect the hive at its end is still refused', () => {
    // The Ant at (0,0) alone joins (1,-1) and (0,1); (1,0) touches both, yet the hive would be split while it moves.
    const s = position({ '1,-2': 'bQ', '1,-1': 'gA', '0,0': 'bA', '0,1': 'gQ' });
    expect(targetsOf(legalActions(s, blue), [0, 0])).toEqual([]);
    expect(reject(s, blue, move([0, 0], [1, 0]))).toBe(
      'your Ant at (0,0) cannot move: taking it away would split the hive in two (one-hive rule)',
    );
  });

  it('every legal move over seeded random games keeps one connected hive, with the mover touching it', () => {
    const connected = (s: HiveState) => {
      const keys = new Set(s.stacks.map((st) => `${st.q},${st.r}`));
      const first = s.stacks[0];
      if (!first) return true;
      const seen = new Set([`${first.q},${first.r}`]);
      const todo = [first as { q: number; r: number }];
      while (todo.length) {
        const h = todo.pop()!;
        for (const [dq, dr] of [
          [1, 0],
          [1, -1],
          [0, -1],
          [-1, 0],
          [-1, 1],
          [0, 1],
        ] as const) {
          const k = `${h.q + dq},${h.r + dr}`;
          if (keys.has(k) && !seen.has(k)) {
            seen.add(k);
            todo.push({ q: h.q + dq, r: h.r + dr });
          }
        }
      }
      return seen.size === keys.size;
    };
    let checked = 0;
    for (let g = 0; g < 3; g++) {
      const rng = createRng(`hive-connected-${g}`);
      let s = setup(null, hive.defaultConfig);
      for (let ply = 0; ply < 120 && activeSeats(s).length; ply++) {
        const legal = legalActions(s, s.toMove);
        if (ply % 4 === 0) {
          for (const a of legal) {
            expect(connected(apply(s, s.toMove, a)), JSON.stringify(a)).toBe(true);
            checked++;
          }
        }
        s = apply(s, s.toMove, rng.pick(legal));
      }
    }
    expect(checked).toBeGreaterThan(500);
  });
});

group('the end', () => {
  it('surrounding the opposing Queen wins', () => {
    const s = position({
      '0,0': 'gQ',
      '1,0': 'bQ',
      '1,-1': 'gA',
      '0,-1': 'bG',
      '-1,0': 'gS',
      '-1,1': 'bS',
      '1,1': 'bA',
    });
    expect(outcome(s)).toBeNull();
    const won = apply(s, blue, move([1, 1], [0, 1]));
    expect(outcome(won)).toEqual({
      scores: [1, 0],
      winner: blue,
      reason: "Green's Queen is surrounded: Blue wins",
      summary: 'Blue wins',
    });
    expect(activeSeats(won)).toEqual([]);
    expect(legalActions(won, green)).toEqual([]);
    expect(hive.reject(won, green, place('A', 5, 5))).toBe('the game is over');
    expect(view(won).toMove).toBeNull();
    expect(view(won).queens[green]).toEqual({ at: { q: 0, r: 0 }, occupied: 6 });
  });

  it('both Queens surrounded by one move is a draw', () => {
    const s = position({
      '0,0': 'bQ',
      '1,0': 'gQ',
      '1,-1': 'gA',
      '0,-1': 'bA',
      '-1,0': 'gA',
      '-1,1': 'bG',
      '2,0': 'bS',
      '2,-1': 'gG',
      '1,1': 'bA',
      '0,2': 'bB',
    });
    const both = apply(s, blue, move([0, 2], [0, 1]));
    expect(outcome(both)).toEqual({
      scores: [0.5, 0.5],
      winner: null,
      reason: 'Both Queens are surrounded at once: a draw',
    });
  });

  it('the turn cap is a draw once the first player has taken its 250th turn', () => {
    const s = position({ '0,0': 'bQ', '1,0': 'gQ', '-1,0': 'bA' }, { turns: [249, 249] });
    expect(outcome(s)).toBeNull();
    const capped = apply(s, blue, legalActions(s, blue)[0]!);
    expect(capped.turns).toEqual([250, 249]);
    expect(outcome(capped)).toEqual({
      scores: [0.5, 0.5],
      winner: null,
      reason: '250 turns are over and no Queen is surrounded: a draw',
    });
    // A shorter cap from the config.
    const short = position({ '0,0': 'bQ', '1,0': 'gQ' }, { turns: [9, 9], maxTurns: 10 });
    expect(outcome(apply(short, blue, legalActions(short, blue)[0]!))?.reason).toBe(
      '10 turns are over and no Queen is surrounded: a draw',
    );
  });

  it('a player with no legal action passes, and a pass counts as a turn', () => {
    // Blue's only piece is its Queen, under a Green Beetle: nothing to move, nowhere to place.
    const s = position({ '0,0': 'bQ gB', '1,0': 'gQ' }, { turns: [4, 5] });
    expect(legalActions(s, blue)).toEqual([{ type: 'pass' }]);
    expect(reject(s, blue, place('A', -1, 0))).toBe('you have no legal move: answer "pass"');
    const passed = apply(s, blue, { type: 'pass' });
    expect(passed.toMove).toBe(green);
    expect(passed.turns).toEqual([5, 5]);
    expect(describe(s, passed, blue, { type: 'pass' })).toEqual([{ text: 'Blue passes (no legal move)' }]);
    expect(reject(besideTwo('bA'), blue, { type: 'pass' })).toBe(
      'you may pass only when you have no legal move; you have legal moves',
    );
  });
});

group('log and immutability', () => {
  it('describes placements, moves and climbs, naming the seat', () => {
    const s0 = setup(null, hive.defaultConfig);
    expect(describe(s0, apply(s0, blue, place('A', 0, 0)), blue, place('A', 0, 0))).toEqual([
      { text: 'Blue places an Ant at (0,0)' },
    ]);
    const s = besideTwo('bB');
    expect(describe(s, apply(s, blue, move([-1, 0], [0, 0])), blue, move([-1, 0], [0, 0]))).toEqual([
      { text: "Blue moves the Beetle from (-1,0) to (0,0) onto Blue's Queen" },
    ]);
  });

  it('apply never changes the previous state', () => {
    const s = besideTwo('bA');
    const copy = structuredClone(s);
    apply(s, blue, move([-1, 0], [2, 0]));
    expect(s).toEqual(copy);
  });
});
