// Positions for the tests: hands, a board written as card ids ("~L6" = facedown), the rest of the deck in id order.
import { createRng } from '../../lib/engine/rng';
import type { Seat } from '../../lib/engine/types';
import {
  apply,
  CARD_IDS,
  reject,
  configSchema,
  startWith,
  type AlsAction,
  type AlsState,
  type CardId,
  type Theater,
} from './rules';

export const cfg = configSchema.parse({});
export const rng = () => createRng('als-test');

export function position(p: {
  hands: CardId[][];
  board?: Partial<Record<Theater, [string[], string[]]>>;
  order?: Theater[];
  first?: Seat;
  toMove?: Seat;
  deck?: CardId[];
  vp?: number[];
}): AlsState {
  const used = new Set<string>([...p.hands.flat()]);
  for (const sides of Object.values(p.board ?? {}))
    for (const side of sides!) for (const c of side) used.add(c.replace('~', ''));
  const deck = p.deck ?? CARD_IDS.filter((c) => !used.has(c));
  const s = startWith(cfg, {
    order: p.order ?? ['Air', 'Land', 'Sea'],
    first: p.first ?? 0,
    hands: p.hands,
    deck,
    vp: p.vp,
  });
  for (const [t, sides] of Object.entries(p.board ?? {})) {
    sides!.forEach((side, seat) => {
      s.board[t as Theater][seat] = side.map((c) => ({
        card: c.replace('~', '') as CardId,
        faceUp: !c.startsWith('~'),
      }));
    });
  }
  s.toMove = p.toMove ?? s.first;
  return s;
}

/** Applies moves in turn, each by the seat to act. */
export function play(s: AlsState, ...moves: AlsAction[]): AlsState {
  for (const m of moves) {
    const seat = s.decision ? s.decision.seat : s.toMove;
    const why = reject(s, seat, m);
    if (why) throw new Error(`${JSON.stringify(m)} refused: ${why}`);
    s = apply(s, seat, m, rng());
  }
  return s;
}
