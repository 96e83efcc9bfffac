// The simulated Two Rooms and a Boom player: it recognises the game's turns, talks in short plausible lines that the
// parser accepts as legal, and errs the way the game refuses.
import { describe, expect, it } from 'vitest';
import { createRng } from '../../lib/engine/rng';
import { parseLegalMoves } from '../../lib/sim/simulated-model';
import { exampleStart, parse, prompt } from './prompt';
import { apply, configSchema, legalActions, reject, view, type TrbState } from './rules';
import { twoRoomsSim } from './sim';

const cfg = configSchema.parse({});
const turnOf = (s: TrbState, seat: number) => prompt.turn(view(s, { seat }), seat, legalActions(s, seat), cfg);

describe('two rooms sim', () => {
  it('asks questions, shows cards and answers legally, with words some of the time', () => {
    let s = exampleStart(cfg);
    let spoke = 0;
    for (let i = 0; i < 60; i++) {
      const seat = s.phase === 'answer' ? s.pending!.target : s.rooms[s.turn.room][s.turn.index]!;
      const text = turnOf(s, seat);
      const answer = twoRoomsSim({
        texts: [text],
        legal: parseLegalMoves(text),
        flawed: false,
        careful: i % 2 === 0,
        rng: createRng(`sim-${i}`),
      })!;
      expect(answer.kind).toBe('ok');
      const parsed = parse(answer.content, seat, legalActions(s, seat));
      if (!('action' in parsed)) throw new Error(`${answer.content}: ${parsed.error}`);
      expect(reject(s, seat, parsed.action)).toBeNull();
      if ((parsed.action.type === 'ask' || parsed.action.type === 'say') && parsed.action.text) spoke++;
      s = apply(s, seat, parsed.action, createRng('a'));
      if (s.phase === 'exchange') s = exampleStart(cfg);
    }
    expect(spoke).toBeGreaterThan(15);
  });

  it('leaves the hostage choice to the generic pick, ignores other games, and errs with an unfilled form', () => {
    expect(
      twoRoomsSim({ texts: ['Your word: apple'], legal: null, flawed: false, careful: false, rng: createRng('x') }),
    ).toBeNull();
    const s = exampleStart(cfg);
    const text = turnOf(s, 0);
    const bad = twoRoomsSim({
      texts: [text],
      legal: parseLegalMoves(text),
      flawed: true,
      careful: false,
      rng: createRng('y'),
    })!;
    expect(bad.kind).toBe('illegal');
    expect('error' in parse(bad.content, 0, legalActions(s, 0))).toBe(true);
  });
});
