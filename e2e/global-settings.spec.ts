// User flows that change an arena-wide setting, which every page reads: they run alone, after the other flows
// (playwright.config.ts), so no flow running beside them reads a setting they changed for a moment.
import { expect, test } from '@playwright/test';
import { signIn } from './admin-helpers';

test("the admin's default people filter is what the leaderboard shows when the link does not say", async ({ page }) => {
  await signIn(page);
  try {
    await page.goto('/admin/settings');
    await page.getByRole('radio', { name: /Leave people’s games out/ }).check();
    await page.getByRole('button', { name: 'Save settings' }).click();
    await expect(page.getByTestId('settings-notice')).toHaveText('Saved.');

    await page.goto('/leaderboard');
    const people = page.getByRole('group', { name: 'People' });
    await expect(people.getByRole('radio', { name: 'Hide' })).toBeChecked();
    // A link that names a filter still shows it, and choosing "Each person" keeps it in the address.
    await page.goto('/leaderboard?humans=each');
    await expect(people.getByRole('radio', { name: 'Each person' })).toBeChecked();
    await page.goto('/leaderboard');
    await people.getByRole('radio', { name: 'Each person' }).check();
    await expect(page).toHaveURL(/humans=each/);
  } finally {
    // Leave the default as the other specs expect it.
    await page.goto('/admin/settings');
    await page.getByRole('radio', { name: /Each person a row/ }).check();
    await page.getByRole('button', { name: 'Save settings' }).click();
    await expect(page.getByTestId('settings-notice')).toHaveText('Saved.');
  }
  await page.goto('/leaderboard');
  await expect(page.getByRole('group', { name: 'People' }).getByRole('radio', { name: 'Each person' })).toBeChecked();
});
