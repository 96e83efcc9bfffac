// What the site settings (/admin/settings) may hold: each setting's check and default, and the refusal of a bad value
// (SettingsError). Pure: the settings form shares it; lib/db/settings.ts stores and reads them.
import { z } from 'zod';
import { UserError } from './errors';

export const PEOPLE_FILTERS = ['each', 'together', 'hide'] as const;

export const settingsSchema = z.object({
  /**
   * The leaderboard's people filter when the address does not choose one: `each` (every person a row), `together`
   * (all people as one player) or `hide` (matches with a person left out of the fit). A link with `humans=` still wins.
   */
  peopleFilterDefault: z
    .enum(PEOPLE_FILTERS, { error: 'the people filter is one of each, together, hide' })
    .default('each'),
});
export type Settings = z.infer<typeof settingsSchema>;

/** A readable refusal of a settings change. */
export class SettingsError extends UserError {
  override name = 'SettingsError';
}
