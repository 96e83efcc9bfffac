// User flows of results said plainly and pages that fit: a finished Who-is-the-spy match names the winning side and its
// seats (in Chinese words, drawn with the CJK web font), a Hanabi match its team score; a 600-character word does not
// widen a finished match page at 390 or 1280 pixels; the Hold'em table fits a 390×844 phone with the person's cards,
// action buttons and move timer on the first screen.
import { expect, test, type Page } from '@playwright/test';
import { agentChoice, createHostGuest, signIn, unique } from './admin-helpers';

const CAREFUL = 'sim-careful · cot (simulated)';
const SLOPPY = 'sim-sloppy · base (simulated)';
const SPY = /^Who is the spy/;

/** Opens the first match of the tournament page the admin flow ended on, once the tournament has finished. */
async function openFinishedMatch(page: Page) {
  await expect(page.getByTestId('tournament-status')).toHaveText(/finished/i, { timeout: 180_000 });
  await page.locator('a[href^="/matches/"]').first().click();
  await expect(page).toHaveURL(/\/matches\/[^/]+$/);
  await expect(page.getByTestId('match-status')).toHaveText('finished');
}

/** Whether the page is wider than its viewport (something forces a sideways scroll). */
const overflows = (page: Page) => page.evaluate(() => document.documentElement.scrollWidth > window.innerWidth);

/** Font faces of the CJK web font the page has downloaded. */
const cjkFacesLoaded = (page: Page) =>
  page.evaluate(async () => {
    await document.fonts.ready;
    return [...document.fonts].filter(
      (f) => f.family.replace(/["']/g, '') === 'Noto Sans SC Variable' && f.status === 'loaded',
    ).length;
  });

test('a finished match says its result plainly: the winning side with its seats, a team score; Chinese words load the CJK font', async ({
  page,
}) => {
  test.setTimeout(360_000);
  // No Chinese on the page: the CJK font is declared but never downloaded.
  await page.goto('/games');
  await expect(page.getByRole('heading', { name: 'Tic-Tac-Toe' })).toBeVisible();
  expect(await cjkFacesLoaded(page)).toBe(0);

  await signIn(page);
  await createHostGuest(page, {
    name: `results spy ${unique()}`,
    game: SPY,
    guest: SLOPPY,
    host: CAREFUL,
    gamesPerGuest: 1,
    settings: '{ "spy": { "lang": "zh" } }',
  });
  await openFinishedMatch(page);
  // "Villagers win: Player 1 (…), Player 3 (…), Player 4 (…)" or "The spy wins: Player 2 (…)" — never a list of names
  // with a third of a point each.
  const outcome = page.getByTestId('outcome');
  await expect(outcome).toHaveText(
    /^(Villagers win: Player \d \(.+\)(, Player \d \(.+\)){2,}|The spy wins: Player \d \(.+\)) — /,
  );
  const results = page.getByTestId('seat-result');
  await expect(results).toHaveCount(4);
  for (const r of await results.all()) await expect(r).toHaveText(/^(won|lost)$/i);
  await expect(page.getByTestId('match-player').filter({ hasText: /0\.33|0\.25/ })).toHaveCount(0);
  await expect(page.getByTestId('transcript').locator('li[data-seq]').last()).toContainText(
    /Game over — (Villagers win|The spy wins): Player \d/,
  );
  // The words are Chinese (spectators of a finished match see both): the page downloads the CJK font's slices for them.
  await expect(page.getByTestId('board')).toContainText(/\p{Script=Han}/u);
  await expect.poll(() => cjkFacesLoaded(page), { timeout: 15_000 }).toBeGreaterThan(0);
  const han = (await page.getByTestId('board').textContent())!.match(/\p{Script=Han}+/u)![0];
  await expect
    .poll(() => page.evaluate((t) => document.fonts.check('16px "Noto Sans SC Variable"', t), han), { timeout: 15_000 })
    .toBe(true);

  // Hanabi, cooperative: the team's score, not "Draw".
  await page.goto('/admin/tournaments/new');
  const form = page.getByTestId('tournament-form');
  await form.getByLabel('Name', { exact: true }).fill(`results hanabi ${unique()}`);
  await form.getByRole('checkbox', { name: /Hanabi/ }).check();
  await form.getByRole('radio', { name: /Round robin/ }).check();
  await form.getByRole('checkbox', agentChoice('Random')).check();
  await form.getByRole('checkbox', agentChoice('Engine')).check();
  await form.getByLabel('Games per pair').fill('2');
  await form.getByRole('button', { name: 'Create and start' }).click();
  await expect(page).toHaveURL(/\/tournaments\/(?!new$)[^/]+$/, { timeout: 30_000 });
  await openFinishedMatch(page);
  await expect(page.getByTestId('outcome')).toHaveText(/^Team score \d+ of \d+ — fireworks: /);
  await expect(page.getByTestId('outcome')).not.toContainText('Draw');
  await expect(page.getByTestId('transcript').locator('li[data-seq]').last()).toContainText(
    /Game over — Team score \d+ of \d+/,
  );
});

test('a 600-character word does not widen the finished match page, at 390 or 1280 pixels', async ({
  page,
  browser,
}) => {
  test.setTimeout(240_000);
  const token = 'w'.repeat(600);
  await page.goto('/play');
  await page.getByLabel('Your name').fill(`Long ${unique()}`);
  await page.getByRole('button', { name: 'Play as guest' }).click();
  await page.getByLabel('Game', { exact: true }).selectOption({ label: 'Who is the spy' });
  for (const i of [1, 2, 3])
    await page.getByLabel(`Opponent ${i}`, { exact: true }).selectOption({ label: `${CAREFUL} (llm)` });
  await page.getByLabel('Your seat', { exact: true }).selectOption({ label: 'Player 1' });
  await page.getByRole('button', { name: 'Start game' }).click();
  await page.waitForURL(/\/matches\/[a-z0-9]+$/);
  const url = page.url();

  // The description box's own limit is 600 characters: the whole word goes in, and the game takes it.
  const description = page.getByLabel('Your description');
  await expect(description).toBeVisible({ timeout: 90_000 });
  await description.fill(token);
  await expect(page.getByText('600/600')).toBeVisible();
  await page.getByRole('button', { name: 'Send description' }).click();
  await expect(page.getByTestId('transcript')).toContainText(token.slice(0, 100));
  await page.getByRole('button', { name: 'Resign' }).click();
  await page.getByRole('button', { name: 'Yes, resign' }).click();
  await expect(page.getByTestId('match-status')).toHaveText('finished', { timeout: 30_000 });

  // Every viewer of the finished page: the word in the board's chat and in the transcript, wrapped inside them.
  for (const viewport of [
    { width: 390, height: 844 },
    { width: 1280, height: 800 },
  ]) {
    const context = await browser.newContext({ viewport });
    const spectator = await context.newPage();
    await spectator.goto(url);
    await expect(spectator.getByTestId('match-status')).toHaveText('finished');
    await expect(spectator.getByTestId('board')).toContainText(token);
    await expect(spectator.getByTestId('transcript')).toContainText(token);
    expect(await overflows(spectator), `the page scrolls sideways at ${viewport.width} px`).toBe(false);
    await context.close();
  }
  await page.setViewportSize({ width: 390, height: 844 });
  expect(await overflows(page), 'the player’s own page scrolls sideways at 390 px').toBe(false);
});

test("the Hold'em table fits a 390×844 phone: the person's cards, the action buttons and the move timer on the first screen", async ({
  browser,
}) => {
  test.setTimeout(180_000);
  const context = await browser.newContext({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });
  const page = await context.newPage();
  const name = `Phone ${unique()}`;
  await page.goto('/play');
  await page.getByLabel('Your name').fill(name);
  await page.getByRole('button', { name: 'Play as guest' }).click();
  await page.getByLabel('Game', { exact: true }).selectOption({ label: "Texas Hold'em" });
  await page.getByLabel('Opponent', { exact: true }).selectOption({ label: `${CAREFUL} (llm)` });
  await page.getByLabel('Your seat', { exact: true }).selectOption({ label: 'Player 1' });
  await page.getByRole('button', { name: 'Start game' }).click();
  await page.waitForURL(/\/matches\/[a-z0-9]+$/);
  await expect(page.getByTestId('turn-state')).toContainText('your move', { timeout: 60_000 });
  expect(await page.evaluate(() => window.scrollY)).toBe(0);

  // Wholly inside the first screen, without scrolling.
  const onFirstScreen = async (what: string, box: { x: number; y: number; width: number; height: number } | null) => {
    expect(box, `${what} is on the page`).not.toBeNull();
    expect(box!.y, `${what} starts on the first screen`).toBeGreaterThanOrEqual(0);
    expect(box!.y + box!.height, `${what} ends above the fold (844 px)`).toBeLessThanOrEqual(844);
    expect(box!.x + box!.width, `${what} fits the width`).toBeLessThanOrEqual(390);
  };
  await onFirstScreen('the move timer', await page.getByTestId('move-timer').boundingBox());
  await onFirstScreen(
    'the hole cards',
    await page.getByRole('group', { name: `Player 1 · ${name}'s hole cards` }).boundingBox(),
  );
  await onFirstScreen('the community cards', await page.getByRole('group', { name: 'Community cards' }).boundingBox());
  const moves = page.getByRole('group', { name: 'Your move' });
  await onFirstScreen('the action buttons', await moves.boundingBox());
  for (const button of await moves.getByRole('button').all())
    await onFirstScreen(`the ${await button.getAttribute('aria-label')} button`, await button.boundingBox());
  expect(await overflows(page)).toBe(false);
  await context.close();
});
