// Server action of the admin area's publication runs (/admin/publication): request GameBench's Eq. 3 with B = 10,000
// for a leaderboard view. Built by lib/actions/define.ts (a signed-in admin, the zod input, refusals in words: a second
// run for a view that has one running, a view with nothing to rate).
'use server';

import { revalidatePath } from 'next/cache';
import { formText as text } from '../form-data';
import { publicationRequestSchema, publicationService } from '../publication-contract';
import { adminAction } from './define';

export const requestPublicationAction = adminAction.form<{ done: string; id: string }, typeof publicationRequestSchema>(
  {
    input: (fd) => {
      const value = (key: string) => text(fd, key).trim() || undefined;
      return {
        game: value('game'),
        category: value('category'),
        humans: value('humans') ?? 'each',
        seed: value('seed'),
      };
    },
    schema: publicationRequestSchema,
    run: async (input, admin) => {
      const run = await publicationService().request(input, admin.username);
      revalidatePath('/admin/publication');
      revalidatePath('/leaderboard');
      return {
        ok: true,
        id: run.id,
        done: `Started: ${run.rounds.toLocaleString('en-US')} game-weighted bootstrap rounds for ${run.view} over ${run.matchesUsed ?? 0} matches (seed ${run.seed}).`,
      };
    },
  },
);
