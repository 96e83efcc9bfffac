// The uniform random baseline: any legal move, chosen with the turn's seeded rng.
import type { Agent } from './types';

export const randomAgent: Agent = {
  kind: 'random',
  async act(ctx) {
    if (!ctx.legal || ctx.legal.length === 0) {
      return { ok: false, error: 'the random agent needs enumerable legal actions', text: '' };
    }
    return { ok: true, action: ctx.rng.pick(ctx.legal) };
  },
};
