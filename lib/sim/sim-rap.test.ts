// The simulated endpoint's answers to a RAP agent's planning questions: each in the format asked, read back by the
// agent's own readers, and the predicted state keeps the observation (so actions can be predicted below the root).
import { describe, expect, it } from 'vitest';
import { between, RAP_PROMPTS, readActions, readIntuitions, readYesNo } from '../agents/rap';
import { createRng } from '../engine/rng';
import { rapReply } from './sim-rap';

const obs = 'X to move.\nLegal moves:\n- X: (1,1)\n- X: (2,2)\n- X: (3,3)';
const ask = (observation: string, question: string) =>
  `Your observation of the game is between <state> and </state>:\n<state>\n${observation}\n</state>\n\n${question}`;
const rng = () => createRng('sim-rap');

describe('the simulated RAP answers', () => {
  it('predicts actions from the legal moves, a next state that keeps them, and the others', () => {
    expect(readActions(rapReply(ask(obs, RAP_PROMPTS.actions), rng())!.content).sort()).toEqual([
      'X: (1,1)',
      'X: (2,2)',
      'X: (3,3)',
    ]);
    const next = between(rapReply(ask(obs, RAP_PROMPTS.next('X: (2,2)', 'O replies')), rng())!.content, 'state');
    expect(next).toContain('Predicted: after "X: (2,2)"');
    // Below the root: the predicted state still lists moves to predict.
    expect(readActions(rapReply(ask(next, RAP_PROMPTS.actions), rng())!.content)).toHaveLength(3);
    expect(between(rapReply(ask(obs, RAP_PROMPTS.others), rng())!.content, 'others')).not.toBe('');
  });

  it('rates with log-probabilities that agree with the text', () => {
    const pick = rapReply(ask(obs, RAP_PROMPTS.intuitions(['a', 'b', 'c'])), rng())!;
    const p = readIntuitions(pick.content, pick.topLogprobs!, 3);
    expect(p.reduce((x, y) => x + y, 0)).toBeCloseTo(1, 12);
    expect(Math.max(...p)).toBe(p[Number(pick.content)]);
    for (const q of [RAP_PROMPTS.selfEval('X: (1,1)'), RAP_PROMPTS.win]) {
      const r = rapReply(ask(obs, q), rng())!;
      const fromLogprobs = readYesNo(r.content, r.topLogprobs!)!;
      expect(Math.abs(fromLogprobs - readYesNo(r.content, null)!)).toBeLessThanOrEqual(0.05);
    }
  });

  it('leaves every other conversation alone', () => {
    expect(rapReply(obs, rng())).toBeNull();
    expect(rapReply(ask(obs, 'What is your move?'), rng())).toBeNull();
  });
});
