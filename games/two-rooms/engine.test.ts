// The Two Rooms and a Boom engine: its choices in hand-checked spots, and that it beats a random side
// (`npm run bench:engine two-rooms` runs the same measure over 200 matches).
import { describe, expect, it } from 'vitest';
import { createRng } from '../../lib/engine/rng';
import { twoRooms } from '.';
import { beliefs, trbEngine } from './engine';
import { measureEngine } from '../../lib/engine/playout';
import { activeSeats, apply, legalActions, start, configSchema, view, type Card, type TrbState } from './rules';

const cfg = configSchema.parse({});
const rng = createRng('engine');
const CARDS: Card[] = ['President', 'Blue', 'Blue', 'Red', 'Bomber', 'Red'];
// Room 1: Blue 1 (P), Red 1 (leader), Blue 2; Room 2: Red 2 (B), Blue 3 (leader), Red 3.
const base = () =>
  start(
    cfg,
    CARDS,
    [
      [0, 3, 1],
      [4, 2, 5],
    ],
    [3, 2],
  );
const move = (s: TrbState, seat: number) => trbEngine(view(s, { seat }), seat, legalActions(s, seat), rng);
function toExchange(s: TrbState): TrbState {
  while (s.phase !== 'exchange') {
    const seat = activeSeats(s)[0]!;
    s = apply(s, seat, legalActions(s, seat)[0]!, rng);
  }
  return s;
}

describe('two rooms engine', () => {
  it('shows its card to its team’s leader first, and a teammate asking is shown the card back', () => {
    // Blue 1's leader (Red 1) is an opponent: Blue 1 shows the card to teammate Blue 2 instead.
    expect(move(base(), 0)).toEqual({ type: 'reveal', to: 1 });
    const s = apply(base(), 0, { type: 'ask', to: 1, text: 'hi' }, rng);
    expect(move(s, 1)).toEqual({ type: 'reveal', to: 0 });
    // An opponent asking gets a cover story.
    const t = apply(base(), 0, { type: 'ask', to: 3, text: 'hi' }, rng);
    expect(move(t, 3)).toEqual({ type: 'say', text: 'I am a plain Red card.' });
  });

  it('reads the cards it has seen as certain and spreads the rest evenly', () => {
    const s = apply(base(), 0, { type: 'reveal', to: 1 }, rng);
    expect(beliefs(view(s, { seat: 1 }), 'President')).toEqual([1, 0, 0, 0, 0, 0]);
    expect(beliefs(view(s, { seat: 2 }), 'President')).toEqual([0.5, 0.5, 0, 0, 0, 0]);
    expect(beliefs(view(s, { seat: 3 }), 'Bomber')).toEqual([0, 0, 0, 0, 0.5, 0.5]);
  });

  it('as Red’s leader sends the known President to the room the Bomber cannot leave; as Blue’s leader keeps it', () => {
    // Room 2's leader is the Bomber (Red 2): a leader is never sent, so the Bomber stays in Room 2.
    let s = toExchange(
      start(
        cfg,
        CARDS,
        [
          [0, 3, 1],
          [4, 2, 5],
        ],
        [3, 4],
      ),
    );
    s = { ...s, known: s.known.map((k, p) => (p === 3 ? [0, 4] : k)) };
    expect(move(s, 3)).toEqual({ type: 'hostage', seat: 0 });
    let t = toExchange(
      start(
        cfg,
        CARDS,
        [
          [0, 3, 1],
          [4, 2, 5],
        ],
        [1, 4],
      ),
    );
    t = { ...t, known: t.known.map((k, p) => (p === 1 ? [0, 4] : k)) };
    expect(move(t, 1)).toEqual({ type: 'hostage', seat: 3 });
  });

  it('beats a random side on both sides over 120 seeded matches', () => {
    // Blue in the even matches, Red in the odd ones (each side on 60 seeds of its own, where it used to play the same
    // 60 seeds on both sides): 46 of 60 as Blue, 40 of 60 as Red; random in its place wins half.
    const m = measureEngine(twoRooms, { matches: 120, seed: 'trb-engine' });
    const [blue, red] = m.sides.map((s) => s.engine.wins / s.engine.matches);
    expect(m.sides.map((s) => s.name)).toEqual(['Blue 1, Blue 2, Blue 3', 'Red 1, Red 2, Red 3']);
    expect((blue! + red!) / 2).toBeGreaterThan(0.6);
    expect(blue).toBeGreaterThan(0.55);
    expect(red).toBeGreaterThan(0.5);
    expect(m.engine.wins).toBeGreaterThan(m.random.wins);
  });
});
