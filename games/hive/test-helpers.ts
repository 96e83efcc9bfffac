// Positions for the Hive tests, written as a map of hexes to pieces ("0,0": "bQ", a stack bottom first: "gQ bB").
import {
  BUGS,
  apply,
  setup,
  startingHand,
  type Bug,
  type Hex,
  type HiveAction,
  type HiveState,
  type Piece,
} from './rules';

export const hex = (q: number, r: number): Hex => ({ q, r });
export const place = (bug: Bug, q: number, r: number): HiveAction => ({ type: 'place', bug, to: { q, r } });
export const move = (from: [number, number], to: [number, number]): HiveAction => ({
  type: 'move',
  from: hex(...from),
  to: hex(...to),
});

/** A position: the pieces given, the rest in hand; Blue to move after six turns each unless told otherwise. */
export function position(
  cells: Record<string, string>,
  opts: { toMove?: number; turns?: number[]; maxTurns?: number; beetles?: number } = {},
): HiveState {
  const cfg = { maxTurns: opts.maxTurns ?? 250, beetles: opts.beetles ?? 2 };
  const hands = [startingHand(cfg), startingHand(cfg)];
  const stacks = Object.entries(cells).map(([k, v]) => {
    const [q, r] = k.split(',').map(Number) as [number, number];
    const pieces: Piece[] = v.split(/\s+/).map((t) => {
      const seat = t[0] === 'b' ? 0 : 1;
      const bug = t[1] as Bug;
      if (!BUGS.includes(bug)) throw new Error(`no bug ${t}`);
      hands[seat]![bug]--;
      if (hands[seat]![bug] < 0) throw new Error(`too many ${t}`);
      return { seat, bug };
    });
    return { q, r, pieces };
  });
  stacks.sort((a, b) => a.r - b.r || a.q - b.q);
  return { ...setup(null, cfg), stacks, hands, toMove: opts.toMove ?? 0, turns: opts.turns ?? [6, 6] };
}

/** Plays the actions in order, Blue first, alternating. */
export const play = (actions: HiveAction[], from: HiveState = setup(null, { maxTurns: 250, beetles: 2 })): HiveState =>
  actions.reduce((s, a) => apply(s, s.toMove, a), from);

/** The destinations of the piece at `from` among the legal actions, as sorted "q,r" strings. */
export function targetsOf(actions: HiveAction[], from: [number, number]): string[] {
  return actions
    .flatMap((a) => (a.type === 'move' && a.from.q === from[0] && a.from.r === from[1] ? [`${a.to.q},${a.to.r}`] : []))
    .sort();
}
