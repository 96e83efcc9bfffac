// How pages reach the server's tournament scheduler (registered on globalThis by server/main.ts; app/ never imports
// server/). The CLI calls the same scheduler functions directly.
import { serviceSlot } from './service-slot';
import type { TournamentSpecInput } from './tournament/spec';

export interface TournamentControl {
  /** Validates the spec, plans every match (or the first batch, for adaptive) and queues them. */
  create(spec: TournamentSpecInput): Promise<{ id: string; matches: number }>;
  /** No new match starts; matches in play finish. */
  pause(id: string): Promise<void>;
  resume(id: string): Promise<void>;
  /** Queued matches are cancelled unplayed; matches in play finish and count. */
  cancel(id: string): Promise<void>;
}

const slot = serviceSlot<TournamentControl>(
  '__arenaTournaments',
  'the tournament scheduler is not running in this process (start the arena with `npm start`)',
);
export const registerTournamentControl = slot.register;
export const tournamentControl = slot.get;
