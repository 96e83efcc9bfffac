// User flow: an admin schedules GameBench's games under GameBench's protocol with one click (each game's `gamebench`
// preset), and every match of the tournament records that preset; a game without the preset keeps its own settings.
import { expect, test } from '@playwright/test';
import { games } from '../games/registry';
import { GAMEBENCH_PRESET } from '../lib/presets';
import { agentChoice, escapeRegExp, signIn, unique } from './admin-helpers';

const MODELS = ['sim-careful · cot (simulated)', 'sim-sloppy · base (simulated)'];

test('GameBench’s protocol in one click: each chosen game’s gamebench preset, recorded by every match', async ({
  page,
}) => {
  test.setTimeout(180_000);
  const withPreset = games.filter((g) => g.meta.settingsPresets.some((p) => p.label === GAMEBENCH_PRESET));
  expect(withPreset.length).toBeGreaterThanOrEqual(2);
  const chosen = withPreset.slice(0, 2);
  const tictactoe = games.find((g) => g.id === 'tictactoe')!;
  await signIn(page);
  await page.goto('/admin/tournaments/new');
  const form = page.getByTestId('tournament-form');
  await form.getByLabel('Name', { exact: true }).fill(`gamebench protocol ${unique()}`);
  for (const g of [...chosen, tictactoe])
    await form.getByRole('checkbox', { name: new RegExp(`^${escapeRegExp(g.meta.title)}`) }).check();
  await form.getByRole('radio', { name: /Round robin/ }).check();
  for (const m of MODELS) await form.getByRole('checkbox', agentChoice(m)).check();
  await form.getByLabel('Games per pair').fill('2');

  // One button for every chosen game that has the preset; Tic-Tac-Toe has none and keeps its own settings.
  const button = form.getByTestId('gamebench-protocol');
  await expect(button).toHaveText('GameBench’s protocol (2 games)');
  await expect(button).toHaveAttribute('title', /tictactoe has none and plays its own settings/);
  await button.click();
  const settings = JSON.parse(await form.getByLabel('Game settings (JSON)').inputValue()) as Record<string, unknown>;
  expect(Object.keys(settings).sort()).toEqual(chosen.map((g) => g.id).sort());
  for (const g of chosen)
    expect(settings[g.id]).toEqual(g.meta.settingsPresets.find((p) => p.label === GAMEBENCH_PRESET)!.config);
  await form.getByRole('button', { name: 'Create and start' }).click();
  await expect(page).toHaveURL(/\/tournaments\/(?!new$)[^/]+$/, { timeout: 30_000 });

  // A match of a chosen game says it was played under the gamebench preset.
  const game = chosen[0]!;
  const link = page
    .getByTestId('live-matches')
    .or(page.getByTestId('recent-matches'))
    .locator('a[href^="/matches/"]')
    .filter({ hasText: game.meta.title })
    .first();
  await expect(link).toBeVisible({ timeout: 120_000 });
  await link.click();
  await expect(page.getByTestId('match-protocol')).toContainText(
    new RegExp(`^Protocol: ${escapeRegExp(game.id)} v\\d+ · ${GAMEBENCH_PRESET} · `),
  );
});
