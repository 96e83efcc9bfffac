// User flow for Sea Battle: a person commands Red 1 for a turn by clicking an order. (A spectator watching a simulated
// match, one model commanding each side, is e2e/games.spec.ts's flow for every game.)
import { expect, test } from '@playwright/test';
import { unique } from '../../e2e/admin-helpers';

const SIM = 'sim-careful · cot (simulated)';

test('a person commands Red 1 for a turn by clicking an order; the turn resolves with every ship', async ({ page }) => {
  test.setTimeout(180_000);
  const name = `Admiral ${unique()}`;
  await page.goto('/play');
  await page.getByLabel('Your name').fill(name);
  await page.getByRole('button', { name: 'Play as guest' }).click();
  await expect(page.getByTestId('playing-as')).toContainText(name);
  await page.getByLabel('Game', { exact: true }).selectOption({ label: 'Sea Battle' });
  for (let i = 1; i <= 5; i++)
    await page.getByLabel(`Opponent ${i}`, { exact: true }).selectOption({ label: `${SIM} (llm)` });
  await page.getByLabel('Your seat', { exact: true }).selectOption({ label: 'Red 1' });
  await page.getByRole('button', { name: 'Start game' }).click();
  await page.waitForURL(/\/matches\/[a-z0-9]+$/);
  await expect(page.getByTestId('seat-panel')).toContainText('You play Red 1');

  await expect(page.getByTestId('turn-state').filter({ hasText: 'your move' })).toBeVisible({ timeout: 60_000 });
  const orders = page.getByRole('region', { name: 'Your orders' });
  await expect(orders.getByRole('button')).toHaveCount(8);
  // Only Red 1's own team's damage is shown: the opponents' is hidden.
  await expect(
    page.getByTestId('sea-battle-board').getByRole('img', { name: /Red 1 at \(\d+, \d+\) facing \w+, damage 0 of 10/ }),
  ).toBeVisible();
  await expect(
    page.getByTestId('sea-battle-board').getByRole('img', { name: /Blue 1 at \(\d+, \d+\) facing \w+, damage/ }),
  ).toHaveCount(0);
  await orders.getByRole('button', { name: "don't move then shoot left" }).click();
  // The order is told to Red 1's own team (the person reads it at once), before the turn resolves.
  await expect(page.getByTestId('transcript')).toContainText("Red 1 orders for turn 1: don't move then shoot left.");
  // The turn resolves once every ship has given its order: the report is public.
  await expect(page.getByTestId('transcript')).toContainText('Turn 1: Red 1 orders "don\'t move then shoot left"', {
    timeout: 60_000,
  });
});
