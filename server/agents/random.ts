// The random baseline: any legal move, chosen uniformly with the turn's seeded rng; under the `gamebench` preset, in a
// game that shows its turns as GameBench did (its `gamebench` hook), GameBench's RandomAgent instead: uniform over the
// ids of each menu GameBench's code offers (lib/engine/gamebench-random.ts).
import { gamebenchRandomAction } from '../../lib/engine/gamebench-random';
import { presetOf } from '../../lib/match-protocol';
import { GAMEBENCH_PRESET } from '../../lib/presets';
import type { Agent } from './types';

export const randomAgent: Agent = {
  kind: 'random',
  async act(ctx) {
    const menus = ctx.game.gamebench;
    if (menus && presetOf(ctx.game, ctx.config, ctx.numPlayers).preset === GAMEBENCH_PRESET) {
      const chosen = gamebenchRandomAction(menus(ctx.view, ctx.seat, ctx.legal, ctx.config), ctx.rng);
      // As GameBench's games do with an action they cannot use: a random legal move, at once.
      if ('error' in chosen) return { ok: false, error: chosen.error, text: '', final: 'GameBench’s random choice' };
      return { ok: true, action: chosen.action };
    }
    if (!ctx.legal || ctx.legal.length === 0) {
      return { ok: false, error: 'the random agent needs enumerable legal actions', text: '' };
    }
    return { ok: true, action: ctx.rng.pick(ctx.legal) };
  },
};
