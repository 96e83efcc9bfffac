// The simulated Are You the Traitor? player: it recognises the game's turns, talks in short lines the parser accepts,
// stops legally (never as the Traitor), and errs the way the game refuses.
import { describe, expect, it } from 'vitest';
import { createRng } from '../../lib/engine/rng';
import { parseLegalMoves } from '../../lib/sim/simulated-model';
import { exampleStart, parse, prompt } from './prompt';
import { apply, configSchema, legalActions, reject, speaker, view, type AytState } from './rules';
import { aytSim } from './sim';

const cfg = configSchema.parse({});
const turnOf = (s: AytState, seat: number) => prompt.turn(view(s, { seat }), seat, legalActions(s, seat), cfg);

describe('are you the traitor sim', () => {
  it('talks, passes and stops legally, with words most of the time', () => {
    let s = exampleStart(cfg);
    let spoke = 0;
    let stops = 0;
    for (let i = 0; i < 120 && s.phase === 'talk'; i++) {
      const seat = speaker(s)!;
      const text = turnOf(s, seat);
      const answer = aytSim({
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
      if (parsed.action.type === 'say') spoke++;
      if (parsed.action.type === 'stop') stops++;
      s = apply(s, seat, parsed.action, createRng(`a${i}`));
    }
    expect(spoke).toBeGreaterThan(6);
    expect(stops).toBeGreaterThan(2);
  });

  it('ignores other games and errs with an unfilled form', () => {
    expect(
      aytSim({ texts: ['Your word: apple'], legal: null, flawed: false, careful: false, rng: createRng('x') }),
    ).toBeNull();
    const s = exampleStart(cfg);
    const text = turnOf(s, 0);
    const bad = aytSim({
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
