// Shared steps of a person's flows: signing in as a guest on the Play page and starting a game against Random.
import { expect, type Page } from '@playwright/test';
import { unique } from './admin-helpers';

/** On the Play page: a guest named `name` (prefix plus six hex digits) starts `game` against Random in `seat`; ends on the match page. */
export async function playRandom(page: Page, opts: { name: string; game: string; seat: string }): Promise<void> {
  const name = `${opts.name} ${unique()}`;
  await page.goto('/play');
  await page.getByLabel('Your name').fill(name);
  await page.getByRole('button', { name: 'Play as guest' }).click();
  await expect(page.getByTestId('playing-as')).toContainText(name);
  await page.getByLabel('Game', { exact: true }).selectOption({ label: opts.game });
  // One opponent ("Opponent"), or one per other seat ("Opponent 1" … "Opponent 5" in a six-seat game): Random in each.
  await expect(page.getByRole('combobox', { name: /^Opponent( \d+)?$/ }).first()).toBeVisible();
  const opponents = page.getByRole('combobox', { name: /^Opponent( \d+)?$/ });
  for (let i = 0, n = await opponents.count(); i < n; i++)
    await opponents.nth(i).selectOption({ label: 'Random (random)' });
  await page.getByLabel('Your seat', { exact: true }).selectOption({ label: opts.seat });
  await page.getByRole('button', { name: 'Start game' }).click();
  await page.waitForURL(/\/matches\/[a-z0-9]+$/);
  await expect(page.getByTestId('seat-panel')).toContainText(`You play ${opts.seat}`);
}
