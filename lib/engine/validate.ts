// The one check of an action against a game: its shape (the game's zod schema), then whether the seat may move at all
// (the platform's, the same for every game), then the game's own legality check, whose words are meant for the player.
// The runner and the hub both ask it.
import { seatName, type GameDef, type Seat } from './types';

/** The platform's refusal of any move once the game is over. */
export const GAME_OVER = 'the game is over';

/**
 * The platform's refusal of a move before a game's rules are asked, in one wording for every game: none once the game
 * is over, none from a seat that is not active now (boardgame.io's `isPlayerActive`); with simultaneous moves every
 * active seat may move. Null: the seat may act, and the game's own `reject` says whether this move is legal.
 * `defineGame` puts it in front of every game's `reject`, so every caller of `game.reject` gets it.
 */
export function turnRefusal<S>(game: GameDef<S>, s: S, seat: Seat): string | null {
  const active = game.activeSeats(s);
  if (active.includes(seat)) return null;
  if (active.length === 0 || game.outcome(s) !== null) return GAME_OVER;
  // Which seats are to move is public (the hub announces whose turn it is; a sealed bid shows as sealed), so naming
  // them tells a seat nothing it may not know.
  const names = active.map((x) => seatName(game, x));
  const who = names.length === 1 ? names[0] : `${names.slice(0, -1).join(', ')} and ${names.at(-1)}`;
  return `it is not your turn: ${who} ${names.length === 1 ? 'is' : 'are'} to move`;
}

/**
 * `error`: why the action is refused, in words a player can act on. `malformed`: set when it is not an action of the
 * game at all (the schema's first complaint), rather than one the rules do not allow now.
 */
export type ActionCheck<A> = { ok: true; action: A } | { ok: false; error: string; malformed?: string };

export function validateAction<S, A extends { type: string }>(
  game: GameDef<S, A>,
  state: S,
  seat: Seat,
  raw: unknown,
): ActionCheck<A> {
  const parsed = game.actionSchema.safeParse(raw);
  if (!parsed.success) {
    const malformed = parsed.error.issues[0]?.message ?? 'invalid';
    return { ok: false, error: `malformed action: ${malformed}`, malformed };
  }
  const why = game.reject(state, seat, parsed.data); // the game over and an inactive seat first (`turnRefusal`)
  return why === null ? { ok: true, action: parsed.data } : { ok: false, error: why };
}
