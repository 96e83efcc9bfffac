// The one check of an action against a game: its shape (the game's zod schema), then the game's own legality check,
// whose words are meant for the player. The runner and the hub both ask it.
import type { GameDef, Seat } from './types';

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
  const why = game.reject(state, seat, parsed.data);
  return why === null ? { ok: true, action: parsed.data } : { ok: false, error: why };
}
