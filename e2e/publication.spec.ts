// User flow: a reader switches the leaderboard to GameBench's estimate (Eq. 3) and reads which definition is shown; an
// admin follows its link, requests a publication run (B = 10,000) for the view, and the leaderboard shows the stored
// publication figures, labelled with B, the seed and the matches.
import { expect, test } from '@playwright/test';
import { signIn } from './admin-helpers';

test('GameBench Eq. 3 on the leaderboard, and a publication run requested by an admin', async ({ page }) => {
  test.setTimeout(180_000);
  // Wait until the demo has finished some Tic-Tac-Toe matches.
  await expect
    .poll(
      async () => {
        await page.goto('/leaderboard?game=tictactoe');
        return page.getByTestId('leaderboard-row').count();
      },
      { timeout: 90_000, intervals: [2_000, 3_000] },
    )
    .toBeGreaterThan(1);
  await expect(page.getByTestId('estimate-definition')).toContainText('point fit (arena’s default)');

  await page.getByRole('radio', { name: 'GameBench (mean)' }).check();
  await expect(page).toHaveURL(/estimate=gamebench/);
  await expect(page).toHaveURL(/scheme=game-weighted/);
  await expect(page.getByTestId('estimate-definition')).toContainText(
    'GameBench Eq. 3: mean of B = 1,000 bootstrap fits',
  );

  await signIn(page);
  await page.goto('/leaderboard?game=tictactoe&estimate=gamebench');
  await page.getByRole('link', { name: 'request a publication run' }).click();
  await expect(page).toHaveURL(/\/admin\/publication\?game=tictactoe/);
  const form = page.getByTestId('publication-form');
  await expect(form.getByLabel('Game')).toHaveValue('tictactoe');
  await form.getByLabel('Seed').fill('e2e-seed');
  await form.getByRole('button', { name: 'Compute 10,000 rounds' }).click();
  await expect(page.getByTestId('publication-notice')).toContainText(
    'Started: 10,000 game-weighted bootstrap rounds for Tic',
  );

  // The admin page refreshes itself until the run is done.
  await expect(page.getByTestId('publication-run').first()).toHaveAttribute('data-status', 'done', { timeout: 60_000 });
  await page.getByRole('link', { name: 'See it on the leaderboard' }).first().click();
  await expect(page.getByTestId('publication-table')).toBeVisible();
  await expect(page.getByTestId('publication-meta')).toContainText(
    'Mean of B = 10,000 game-weighted bootstrap fits · seed e2e-seed',
  );
  expect(await page.getByTestId('publication-row').count()).toBeGreaterThan(1);
});
