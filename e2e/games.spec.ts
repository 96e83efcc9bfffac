// User flow, per game: an admin starts a small round robin of two simulated models on that game (host/guest for
// games of more than two players and judged evaluations; with the game's demo settings if it has its own), a
// spectator opens one of its matches from the tournament page (live when it still is) and follows it to the end: the
// board renders, the outcome appears, the transcript closes with the result, and the replay controls take over.
// Every game's tournament starts first; the spectators then follow them four at a time (each game is one step, and a
// failure names its game), so the flow takes about as long as a few matches rather than one per game in a row.
import { expect, test, type Page } from '@playwright/test';
import { games } from '../games/registry';
import type { GameDef } from '../lib/engine/types';
import { agentChoice, createHostGuest, escapeRegExp, signIn, unique } from './admin-helpers';

const MODELS = ['sim-careful · cot (simulated)', 'sim-sloppy · base (simulated)'];
/**
 * Games a tournament can schedule: a SimulBench dialogue is scheduled by its own evaluation
 * (games/simulbench/e2e.spec.ts).
 */
const watched = games.filter((g) => !g.meta.scheduledBy);
/** Spectators at once (each a browser page following one match). */
const AT_ONCE = 4;

async function startTournament(page: Page, game: GameDef): Promise<string> {
  const name = `watch ${game.id} ${unique()}`;
  const title = new RegExp(`^${escapeRegExp(game.meta.title)}`);
  // The game's demo settings where it has its own (a shorter probe), as the demo plays it.
  const settings = game.demoConfig === null ? undefined : JSON.stringify({ [game.id]: game.demoConfig });
  // Team games (Sea Battle) play side against side in a round robin: one model commands each side.
  if ((game.meta.minPlayers > 2 && !game.meta.sides) || game.meta.scoring === 'evaluation') {
    // N-player games (Who is the spy) and judged evaluations (DEEP): one model is the guest, the other fills every
    // other seat (the villagers, the judge).
    await createHostGuest(page, { name, game: title, guest: MODELS[1]!, host: MODELS[0]!, gamesPerGuest: 1, settings });
  } else {
    await page.goto('/admin/tournaments/new');
    const form = page.getByTestId('tournament-form');
    await form.getByLabel('Name', { exact: true }).fill(name);
    await form.getByRole('checkbox', { name: title }).check();
    await form.getByRole('radio', { name: /Round robin/ }).check();
    for (const m of MODELS) await form.getByRole('checkbox', agentChoice(m)).check();
    await form.getByLabel('Games per pair').fill('2');
    if (settings) await form.getByLabel('Game settings (JSON)').fill(settings);
    await form.getByRole('button', { name: 'Create and start' }).click();
    await expect(page).toHaveURL(/\/tournaments\/(?!new$)[^/]+$/, { timeout: 30_000 });
  }
  return page.url();
}

async function watchToTheEnd(page: Page, tournamentUrl: string) {
  await page.goto(tournamentUrl);
  // The first of its matches to show up on the tournament page (it follows the tournament live).
  const link = page
    .getByTestId('live-matches')
    .or(page.getByTestId('recent-matches'))
    .locator('a[href^="/matches/"]')
    .first();
  await expect(link).toBeVisible({ timeout: 120_000 });
  await link.click();
  await expect(page).toHaveURL(/\/matches\/[^/]+$/);
  const status = page.getByTestId('match-status');
  await expect(status).toHaveText(/live|finished/);
  await expect(page.getByTestId('board')).toBeVisible();
  await expect(page.getByTestId('board')).not.toContainText('There is no board view');
  await expect(page.getByText(/simulated/i).first()).toBeVisible();

  // To the end, without reloading.
  await expect(status).toHaveText('finished', { timeout: 180_000 });
  await expect(page.getByTestId('outcome')).toBeVisible();
  await expect(page.getByTestId('transcript')).toContainText('Game over');
  const counter = page.getByTestId('move-counter');
  await expect(counter).toHaveText(/Move (\d+) of \1/);
  await page.getByRole('button', { name: 'First move' }).click();
  await expect(counter).toHaveText(/Move 0 of \d+/);
  await expect(page.getByTestId('board')).toBeVisible();
}

test(`watch a simulated match of every game to its end (${watched.length} games, ${AT_ONCE} at a time)`, async ({
  page,
}) => {
  test.setTimeout(15 * 60_000);
  await signIn(page);
  const started: { game: GameDef; url: string }[] = [];
  for (const game of watched)
    started.push({ game, url: await test.step(`start ${game.meta.title}`, () => startTournament(page, game)) });

  const failures: string[] = [];
  let next = 0;
  await Promise.all(
    Array.from({ length: AT_ONCE }, async () => {
      const spectator = await page.context().newPage();
      for (let t = started[next++]; t; t = started[next++]) {
        const { game, url } = t;
        await test
          .step(`watch ${game.meta.title}`, () => watchToTheEnd(spectator, url))
          .catch((err: Error) => {
            failures.push(`${game.meta.title} (${url}): ${err.message.split('\n').slice(0, 3).join(' ')}`);
          });
      }
      await spectator.close();
    }),
  );
  expect(failures, 'games whose watch flow failed').toEqual([]);
});

test('the flows’ server sends pages uncompressed (ARENA_COMPRESS=0, playwright.config.ts)', async ({ request }) => {
  const res = await request.get('/games', { headers: { 'accept-encoding': 'gzip' } });
  expect(res.status()).toBe(200);
  expect(res.headers()['content-encoding']).toBeUndefined();
});
