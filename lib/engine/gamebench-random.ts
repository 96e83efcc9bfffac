// GameBench's random baseline (agents/random_agent.py): on every menu GameBench's code offers, an id uniformly among
// the predefined and open-ended ones (`random.choice(list(predefined) + list(openended))`), with an empty
// `openended_response`; a menu that leads to another (Hive: a piece, then its move) is chosen from the same way. Under
// the `gamebench` preset, the random baseline of a game that shows its turns as GameBench did (its `gamebench` hook)
// chooses so (server/agents/random.ts), not uniformly over the arena's flat list of legal moves: where GameBench's
// menus group the moves (Hive), the two differ, and the baseline anchors every rating. Pure.
import type { GameBenchTurn } from './gamebench-turn';
import type { Rng } from './types';

/** Menus a move may lead through before its action (a bound for a presentation that loops). */
const MAX_MENUS = 8;

/** GameBench's RandomAgent's action on `turn`, or why the menu it chose led to none. */
export function gamebenchRandomAction(turn: GameBenchTurn, rng: Rng): { action: { type: string } } | { error: string } {
  let menu = turn;
  for (let depth = 0; depth < MAX_MENUS; depth++) {
    const ids = [...menu.predefined, ...menu.openended].map((a) => a.id);
    if (!ids.length) return { error: 'GameBench’s menu offers no action' };
    const id = rng.pick(ids);
    const open = menu.openended.some((a) => a.id === id) && !menu.predefined.some((a) => a.id === id);
    const choice = menu.resolve(id, open ? { t: 'str', v: '' } : undefined);
    if (!('next' in choice)) return choice;
    menu = choice.next;
  }
  return { error: `GameBench’s menus led through more than ${MAX_MENUS} steps without an action` };
}
