// Between the flows that need the demo playing (a live match to watch, ratings filling in) and the rest, which run
// tournaments of their own: an admin pauses the demo's round robin, the bulk of its matches, from its page. Nothing new
// of it starts, the matches in play finish, and the server no longer spends most of a core on demo matches nobody
// watches while the other flows run (`npm test` runs them beside the unit tests on two cores). The demo's other
// tournaments (host/guest, RAP, SimulBench) play on: later flows read their matches.
import { expect, test } from '@playwright/test';
import { signIn } from './admin-helpers';

test('an admin pauses the demo round robin: nothing new starts, and it says paused', async ({ page }) => {
  await signIn(page);
  await page.goto('/tournaments');
  await page
    .getByTestId('tournament-row')
    .getByRole('link', { name: /^Demo round robin / })
    .first()
    .click();
  await expect(page).toHaveURL(/\/tournaments\/[^/]+$/);
  await page.getByTestId('tournament-controls').getByRole('button', { name: 'Pause' }).click();
  await expect(page.getByTestId('tournament-status')).toHaveText(/paused/i);
  await expect(page.getByTestId('tournament-controls').getByRole('button', { name: 'Resume' })).toBeVisible();
});
