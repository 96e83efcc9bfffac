// User flow: a reader opens LLMArena's metrics: the normalized score table, then one game's results (TrueSkill with σ,
// win rate, illegal replies) under its current rules, its action mix and Connect Four's reward per move. It reads the
// demo's matches, so it runs while the demo's round robin plays (playwright.config.ts), and waits for the Engine's
// first Connect Four match to finish (on a busy machine the demo may not have reached one yet).
import { expect, test } from '@playwright/test';

test('the metrics page shows normalized scores and, per game, results, action mix and per-move metrics', async ({
  page,
}) => {
  test.setTimeout(300_000);
  await expect
    .poll(
      async () => {
        await page.goto('/metrics?game=connect-four');
        return page.getByTestId('metrics-results').getByText('Engine').count();
      },
      { timeout: 240_000, intervals: [2_000, 3_000] },
    )
    .toBeGreaterThan(0);
  await page.goto('/metrics');
  await expect(page.getByRole('heading', { name: 'Metrics', level: 1 })).toBeVisible();
  await expect(page.getByTestId('normalized')).toContainText('Engine');
  await page.getByRole('navigation', { name: 'Games' }).getByRole('link', { name: 'Connect Four' }).click();
  await expect(page).toHaveURL(/\/metrics\?game=connect-four$/);
  // The game's current rules, said so (results under other rules are counted, never pooled unless chosen).
  await expect(page.getByTestId('leaderboard-rules-summary')).toContainText(
    'Rated under the current rules, connect-four v1',
  );
  const results = page.getByTestId('metrics-results');
  await expect(results).toContainText('Engine');
  await expect(results.getByRole('row').nth(1)).toContainText(/\d+\.\d ± \d+\.\d/); // TrueSkill μ ± σ
  await expect(page.getByTestId('metrics-mix')).toContainText('drop');
  await expect(page.getByTestId('metrics-means')).toContainText('mean reward');
  await expect(page.getByTestId('metrics-means').getByRole('row').filter({ hasText: 'Engine' })).toContainText(
    /-?\d+\.\d{3}/,
  );
});

test('a game the metrics page cannot show is named, with what it shows instead', async ({ page }) => {
  await page.goto('/metrics?game=nope');
  await expect(page.getByTestId('query-problem')).toHaveText(
    'game: "nope" is not a registered game: showing Tic-Tac-Toe instead.',
  );
  await expect(
    page.getByRole('navigation', { name: 'Games' }).getByRole('link', { name: 'Tic-Tac-Toe' }),
  ).toHaveAttribute('aria-current', 'page');
  // A judged evaluation has its own page, which the notice names.
  await page.goto('/metrics?game=deep');
  await expect(page.getByTestId('query-problem')).toContainText('/metrics/deep');
  // A game it shows: no notice.
  await page.goto('/metrics?game=connect-four');
  await expect(page.getByTestId('metrics-results')).toBeVisible();
  await expect(page.getByTestId('query-problems')).toHaveCount(0);
});
