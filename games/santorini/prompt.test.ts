import { describe, expect, it } from 'vitest';
import { createRng } from '../../lib/engine/rng';
import { generateReply, parseLegalMoves, PERSONAS } from '../../lib/sim/simulated-model';
import { santorini } from '.';
import { EXAMPLE, exampleFinal, format, prompt, renderBoard } from './prompt';
import { apply, legalActions, outcome, setup, view, type SantoriniAction, type SantoriniState } from './rules';
import { position } from './test-helpers';

const turn = (pawn: 'A' | 'X' | 'B' | 'Y', to: string, build: string | null): SantoriniAction => ({
  type: 'turn',
  pawn,
  to,
  build,
});
const place = (pawn: 'A' | 'X' | 'B' | 'Y', at: string): SantoriniAction => ({ type: 'place', pawn, at });

// A to play on level 2 at c3: c4 at level 3 is a winning move, d3 at level 1 an ordinary one.
const s = position(['0. 0. 0. 0. 0.', '0. 0. 3. 0. 0.', '0. 0. 2A 1. 0.', '0X 0. 0. 0. 0B', '0. 0. 0. 0. 0Y']);
const v = view(s);
const legal = legalActions(s, 0);
const read = (reply: string, l: SantoriniAction[] | null = legal, at = v) => prompt.parse(reply, 0, l, at);

describe('santorini prompt', () => {
  it('replays its worked example through the rules: Player 1 wins by climbing onto level 3', () => {
    let st: SantoriniState = setup();
    for (const [i, a] of EXAMPLE.entries()) {
      expect(santorini.reject(st, i % 2, a)).toBeNull();
      st = apply(st, i % 2, a);
    }
    expect(st).toEqual(exampleFinal);
    expect(outcome(st)).toMatchObject({ winner: 0, scores: [1, 0] });
    const system = prompt.system({}, 0, 2);
    for (const [i, a] of EXAMPLE.entries()) expect(system).toContain(`Player ${(i % 2) + 1}: ${format(a)}`);
    expect(system).toContain(renderBoard(view(exampleFinal)));
    expect(system).toContain("Player 1's pawn A climbs onto level 3 at d5");
    expect(system).toContain('Win by moving one of your pawns to the third level of the board');
    expect(prompt.system({}, 1, 2)).toContain('You are playing Santorini as Player 2. Your pawns are X and Y');
  });

  it('shows the board with its coordinates, the turn’s pawn and every legal move as an exact answer', () => {
    const text = prompt.turn(v, 0, legal, {});
    expect(text).toContain(
      [
        '   a  b  c  d  e',
        '5  0. 0. 0. 0. 0.',
        '4  0. 0. 3. 0. 0.',
        '3  0. 0. 2A 1. 0.',
        '2  0X 0. 0. 0. 0B',
        '1  0. 0. 0. 0. 0Y',
      ].join('\n'),
    );
    expect(text).toContain('You are Player 1: your pawns are A at c3 (level 2) and B at e2 (level 0).');
    expect(text).toContain('Turn 1: you play pawn A (pawns alternate).');
    expect(text).toContain('- Move A to c4\n');
    expect(text).toContain('- Move A to d3, build c3\n');
    expect(text.trim().split('\n').at(-1)).toBe(
      'Reply with your move in exactly this format: Move A to <square>, build <square>',
    );
    // The simulated endpoint reads exactly these answers, and each one parses back to its move.
    const listed = parseLegalMoves(text)!;
    expect(listed).toEqual(legal.map((a) => format(a)));
    for (const [i, answer] of listed.entries()) expect(read(answer)).toEqual({ action: legal[i] });
  });

  it('asks for placements while the pawns are placed, and says when it is the other player’s turn', () => {
    const st = apply(setup(), 0, place('A', 'c3'));
    const text = prompt.turn(view(st), 1, legalActions(st, 1), {});
    expect(text).toContain('Placement: put pawn X on any free square.');
    expect(text).toContain('- Place X at a5\n');
    expect(text).not.toContain('- Place X at c3');
    expect(text).toContain('Last move: Player 1 placed A at c3.');
    expect(prompt.turn(view(st), 0, null, {})).toContain("It is Player 2's turn (pawn X).");
  });

  it('round-trips format and parse over the legal moves of random games, with and without the view', () => {
    for (let i = 0; i < 20; i++) {
      const rng = createRng(`santorini-prompt-${i}`);
      let st = setup();
      for (let seat = santorini.activeSeats(st)[0]; seat !== undefined; seat = santorini.activeSeats(st)[0]) {
        const l = legalActions(st, seat);
        for (const a of l) {
          expect(prompt.parse(format(a), seat, l, view(st))).toEqual({ action: a });
          expect(prompt.parse(format(a), seat, l)).toEqual({ action: a });
        }
        st = apply(st, seat, rng.pick(l));
      }
    }
  });

  it('reads what models write: reasoning first, bold, code fences, quotes, JSON, lower or upper case, the last move written', () => {
    const want = { action: turn('A', 'd3', 'c3') };
    expect(read('Let me think. A is on level 2; moving to d3 keeps options.\n\n**Move A to d3, build c3**')).toEqual(
      want,
    );
    expect(read('```\nMove A to d3, build c3\n```')).toEqual(want);
    expect(read('My answer: "Move A to d3, build c3".')).toEqual(want);
    expect(read('{"pawn": "A", "move": "d3", "build": "c3"}')).toEqual(want);
    expect(read('```json\n{"action": "Move A to d3, build c3"}\n```')).toEqual(want);
    expect(read('move a to D3, build C3')).toEqual(want);
    expect(read('Move pawn A from c3 to d3 and then build on c3.')).toEqual(want);
    expect(read('Move A to b2, build b1 looks safe, but on reflection Move A to d3, build c3')).toEqual(want);
    // The last answer written counts, even after a passing mention of an opponent's move.
    expect(read('Move A to d3, build c3. Then X could move to b2.')).toEqual(want);
    // The pawn may be left out: it is the turn's pawn.
    expect(read('move to d3, build c3')).toEqual(want);
    // A line holding only squares, as a last resort.
    expect(read('I will go with:\nd3, c3')).toEqual(want);
  });

  it('reads GameBench’s compass answers from the pawn’s square (north is up the board)', () => {
    expect(read('Move east, build west')).toEqual({ action: turn('A', 'd3', 'c3') });
    expect(read('Move northeast, build north')).toEqual({ action: turn('A', 'd4', 'd5') });
    expect(prompt.parse('Move east, build west', 0, legal)).toEqual({
      error: 'Name squares rather than directions, for example "Move A to c4, build d5".',
    });
  });

  it('drops a build written with a winning move, as the list writes it', () => {
    expect(read('Move A to c4, build c5')).toEqual({ action: turn('A', 'c4', null) });
    expect(read('Move A to c4')).toEqual({ action: turn('A', 'c4', null) });
  });

  it('reads placements, and refuses a placement once every pawn is placed', () => {
    const st = apply(setup(), 0, place('A', 'c3'));
    const l = legalActions(st, 1);
    expect(prompt.parse('I place X in the corner: **Place X at a1**', 1, l, view(st))).toEqual({
      action: place('X', 'a1'),
    });
    expect(prompt.parse('{"place": "b2"}', 1, l, view(st))).toEqual({ action: place('X', 'b2') });
    expect(prompt.parse('e5', 1, l, view(st))).toEqual({ action: place('X', 'e5') });
    expect(read('Place A at a1')).toEqual({
      error: 'Every pawn is already placed: this turn moves pawn A and builds, for example "Move A to c4, build d5".',
    });
  });

  it('passes the pawn written on to the rules, which say whose turn it is', () => {
    const parsed = read('Move B to d2, build d1');
    expect(parsed).toEqual({ action: turn('B', 'd2', 'd1') });
    expect(santorini.reject(s, 0, (parsed as { action: SantoriniAction }).action)).toBe(
      'pawns alternate: this turn you play pawn A, not B',
    );
  });

  it('refuses a reply with no move, or with a square off the board, saying what to write', () => {
    expect(read('I am not sure what to do here.')).toEqual({
      error:
        'Could not find a move in your reply. Answer with one line such as "Move A to c4, build d5" (squares are a-e then 1-5, e.g. c3).',
    });
    expect(read('Move A to c6, build c5')).toEqual({
      error:
        '"c6" is not a square: files are a-e (left to right) and ranks 1-5 (bottom to top). Answer like "Move A to c4, build d5".',
    });
  });

  it('is played legally by the simulated models: every answer they mean as legal parses to the listed move', () => {
    const rng = createRng('santorini-sim');
    let ok = 0;
    let careful = 0;
    let carefulLegal = 0;
    for (let game = 0; game < 4; game++) {
      let st = setup();
      for (let seat = santorini.activeSeats(st)[0]; seat !== undefined; seat = santorini.activeSeats(st)[0]) {
        const legal = legalActions(st, seat);
        const vw = view(st);
        const messages = [
          { role: 'system', content: `${prompt.system({}, seat, 2)}\nThink step by step.` },
          { role: 'user', content: prompt.turn(vw, seat, legal, {}) },
        ];
        for (const persona of [PERSONAS['sim-careful']!, PERSONAS['sim-sloppy']!]) {
          const reply = generateReply(messages, persona, rng);
          const parsed = prompt.parse(reply.content, seat, legal, vw);
          if (persona.id === 'sim-careful') {
            careful++;
            if ('action' in parsed && santorini.reject(st, seat, parsed.action) === null) carefulLegal++;
          }
          if (reply.kind !== 'ok') continue;
          expect(parsed, reply.content).toEqual({ action: legal.find((a) => format(a) === reply.intended) });
          ok++;
        }
        st = apply(st, seat, rng.pick(legal));
      }
    }
    expect(ok).toBeGreaterThan(50);
    expect(carefulLegal / careful).toBeGreaterThan(0.9);
  });
});
