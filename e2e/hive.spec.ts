// User flows of Hive: a person places a piece against Random by clicking the hand and then a hex; a spectator opens a
// match of two simulated models and sees the hex board (the SVG drawing) and the moves.
import { expect, test } from '@playwright/test';
import { agentChoice, signIn } from './admin-helpers';

const MODELS = ['sim-careful · cot (simulated)', 'sim-sloppy · base (simulated)'];

test('a person places a Hive piece against Random: pick the bug in hand, then a hex', async ({ page }) => {
  test.setTimeout(120_000);
  const name = `Hive ${Date.now() % 100000}`;
  await page.goto('/play');
  await page.getByLabel('Your name').fill(name);
  await page.getByRole('button', { name: 'Play as guest' }).click();
  await expect(page.getByTestId('playing-as')).toContainText(name);
  await page.getByLabel('Game', { exact: true }).selectOption({ label: 'Hive' });
  await page.getByLabel('Opponent', { exact: true }).selectOption({ label: 'Random (random)' });
  await page.getByLabel('Your seat', { exact: true }).selectOption({ label: 'Blue' });
  await page.getByRole('button', { name: 'Start game' }).click();
  await page.waitForURL(/\/matches\/[a-z0-9]+$/);
  await expect(page.getByTestId('seat-panel')).toContainText('You play Blue');
  await expect(page.getByTestId('turn-state').filter({ hasText: 'your move' })).toBeVisible({ timeout: 60_000 });

  const board = page.getByTestId('board');
  await expect(board.getByRole('group', { name: 'Hive board' })).toBeVisible();
  // Before choosing a piece, a hex cannot be played and says why.
  await expect(board.getByRole('button', { name: 'Empty hex (0,0)' })).toHaveAccessibleDescription('Choose a piece from your hand or on the board first');
  await board.getByRole('button', { name: 'Ant (3 in hand)' }).click();
  await board.getByRole('button', { name: 'Place Ant at (0,0)' }).click();
  await expect(page.getByTestId('transcript')).toContainText('Blue places an Ant at (0,0)');
  // Random answers, then it is the person's move again, with one Ant fewer in hand.
  await expect(page.getByTestId('transcript')).toContainText(/Green places an? \w+ at/, { timeout: 60_000 });
  await expect(page.getByTestId('turn-state').filter({ hasText: 'your move' })).toBeVisible({ timeout: 60_000 });
  await expect(board.getByRole('button', { name: 'Ant (2 in hand)' })).toBeVisible();
});

test('a spectator watches a simulated Hive match on the hex board', async ({ page }) => {
  test.setTimeout(180_000);
  await signIn(page);
  await page.goto('/admin/tournaments/new');
  const form = page.getByTestId('tournament-form');
  await form.getByLabel('Name').fill(`watch hive ${Date.now() % 100000}`);
  await form.getByRole('checkbox', { name: /^Hive/ }).check();
  await form.getByRole('radio', { name: /Round robin/ }).check();
  for (const m of MODELS) await form.getByRole('checkbox', agentChoice(m)).check();
  await form.getByLabel('Games per pair').fill('2');
  await form.getByRole('button', { name: 'Create and start' }).click();
  await expect(page).toHaveURL(/\/tournaments\/(?!new$)[^/]+$/, { timeout: 30_000 });

  const link = page.getByTestId('live-matches').or(page.getByTestId('recent-matches')).locator('a[href^="/matches/"]').first();
  await expect(link).toBeVisible({ timeout: 90_000 });
  await link.click();
  await expect(page).toHaveURL(/\/matches\/[^/]+$/);
  await expect(page.getByTestId('match-status')).toHaveText(/live|finished/);
  const board = page.getByTestId('board');
  await expect(board.getByRole('group', { name: 'Hive board' })).toBeVisible();
  await expect(board.locator('svg[aria-label="Hive board"]')).toBeVisible();
  await expect(page.getByTestId('transcript')).toContainText(/Blue places an? \w+ at \(0,0\)/, { timeout: 60_000 });
  // A spectator has no controls.
  await expect(board.getByRole('button', { name: /^Place / })).toHaveCount(0);
  await expect(page.getByText(/simulated/i).first()).toBeVisible();
});
