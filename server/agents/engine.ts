// The search baseline: delegates to the game's own engine (minimax, alpha-beta…) on the seat's view.
import type { EngineOptions } from '../../lib/engine/types';
import type { Agent } from './types';
import { randomAgent } from './random';

export function engineAgent(opts: EngineOptions = {}): Agent {
  return {
    kind: 'engine',
    async act(ctx) {
      // A game without an engine of its own plays a random legal move (its default engine; shown as such on the
      // agents page); with nothing to choose from, the random agent says why.
      if (!ctx.legal || ctx.legal.length === 0) return randomAgent.act(ctx);
      return { ok: true, action: ctx.game.engine(ctx.view, ctx.seat, ctx.legal, ctx.rng, opts) };
    },
  };
}
