// User flow of the Hold'em risk probe (LLMArena Fig. 4): an admin runs it for a simulated model (Random holds the
// placeholder dealer seat), the match shows every answered spot, and the results page gives the per-action table.
import { expect, test } from '@playwright/test';
import { createHostGuest, escapeRegExp, signIn, unique } from '../../e2e/admin-helpers';

const PLAYER = 'sim-careful · base (simulated)'; // never a guest of the demo's probe: its row is this test's alone

test('an admin runs the Hold’em risk probe; the match lists each spot’s answer and /metrics/holdem-risk the means per action', async ({
  page,
}) => {
  test.setTimeout(120_000);
  await signIn(page);
  await createHostGuest(page, {
    name: `risk ${unique()}`,
    game: /^Hold'em risk probe/,
    guest: PLAYER,
    host: 'Random',
    gamesPerGuest: 1,
    settings: '{ "holdem-risk": { "spots": 3 } }',
  });
  await expect(page.getByTestId('tournament-status')).toHaveText(/finished/i, { timeout: 90_000 });

  await page.locator('a[href^="/matches/"]').first().click();
  await expect(page.getByTestId('match-status')).toHaveText('finished');
  await expect(page.getByTestId('holdem-risk-answer')).toHaveCount(3);
  await expect(page.getByTestId('outcome')).toContainText('Answered 3 spots');

  await page.goto('/metrics');
  await page
    .getByTestId('evaluations')
    .getByRole('link', { name: /Hold'em risk probe/ })
    .click();
  await expect(page).toHaveURL(/\/metrics\/holdem-risk$/);
  const row = page.getByTestId('holdem-risk-table').getByRole('row', { name: new RegExp(`^${escapeRegExp(PLAYER)}`) });
  const cells = row.getByRole('cell');
  // Agent, spot set, answered, the five actions (mean win rate and count), all answers, forfeited.
  await expect(cells).toHaveCount(10);
  await expect(cells.nth(1)).toHaveText('holdem-risk-v1');
  await expect(cells.nth(2)).toHaveText('3');
  const counts = await Promise.all(
    [3, 4, 5, 6, 7].map(async (i) => Number((await cells.nth(i).innerText()).match(/\((\d+)\)/)![1])),
  );
  expect(counts.reduce((a, b) => a + b, 0)).toBe(3);
  await expect(cells.nth(8)).toHaveText(/^\d+\.\d%$/);
  // It is never on the leaderboard.
  await page.goto('/leaderboard?game=holdem-risk');
  await expect(page.getByText(/is a judged evaluation and is never rated/)).toBeVisible();
});
