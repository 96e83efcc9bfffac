// What a person asks for on the Play page (a game, opponents, a seat, a move timer) and whom they may ask to play.
// Shared by the form and the server.
import { z } from 'zod';
import { UserError } from './errors';
import { serviceSlot } from './service-slot';

/** A person may have this many games open (queued or running) at once. */
export const MAX_OPEN_GAMES_PER_PERSON = 3;

/**
 * Who people may play: the built-in baselines always (they cost nothing), an LLM agent only when an admin has marked
 * it playable (it may cost money: see the provider's daily budget for people's games), never a retired version and
 * never another person. The Play page lists exactly these; the scheduler refuses anything else, whatever was sent.
 */
export const ALWAYS_PLAYABLE_KINDS = ['random', 'engine'] as const;

export function isPlayable(a: { kind: string; playable: boolean; retired: boolean }): boolean {
  return (
    !a.retired && ((ALWAYS_PLAYABLE_KINDS as readonly string[]).includes(a.kind) || (a.kind === 'llm' && a.playable))
  );
}

/** isPlayable as a database filter (Prisma's AgentWhereInput). */
export const playableAgentWhere = {
  retired: false,
  OR: [{ kind: { in: [...ALWAYS_PLAYABLE_KINDS] } }, { kind: 'llm', playable: true }],
};

export const MOVE_SECONDS_CHOICES = [15, 30, 60, 120, 300] as const;

/** A person's time for one move when neither the match nor the game sets one (every game's default meta). */
export { DEFAULT_MOVE_SECONDS } from './engine/define-game';

export const playInputSchema = z.object({
  gameId: z.string().trim().min(1, 'pick a game').max(64),
  opponentIds: z
    .array(z.string().trim().min(1, 'pick an opponent for every other seat').max(64))
    .min(1, 'pick an opponent')
    .max(11),
  /** The person's seat (0-based), or 'random'. */
  seat: z.union([z.literal('random'), z.coerce.number().int().min(0).max(11)]).default('random'),
  /** Seconds per move; absent = the game's default. */
  moveSeconds: z.coerce
    .number()
    .int()
    .min(10, 'a move timer needs at least 10 seconds')
    .max(3600, 'a move timer has at most an hour')
    .optional(),
});
export type PlayRequest = z.output<typeof playInputSchema>;

/** How pages reach the play scheduler (registered on globalThis by server/main.ts; app/ never imports server/). */
export interface PlayControl {
  /** Checks the request, creates the match with the person in their seat and queues it; returns its id. */
  start(personAgentId: string, input: unknown): Promise<{ matchId: string }>;
  /** The same game against the same opponents, the person one seat further on (X becomes O). */
  rematch(personAgentId: string, matchId: string): Promise<{ matchId: string }>;
}

const slot = serviceSlot<PlayControl>(
  '__arenaPlay',
  'the match scheduler is not running in this process (start the arena with `npm start`)',
);
export const registerPlayControl = slot.register;
export const playControl = slot.get;

/** A request a person can correct. */
export class PlayError extends UserError {
  override name = 'PlayError';
}
