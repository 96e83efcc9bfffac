// User flow: a spectator opens the home page, follows a live match to its end, then replays it step by step.
import { expect, test, type Locator } from '@playwright/test';

/** Whether the transcript's newest drawn entry is in its scroll box's view (the box scrolls, not the page). */
const newestInView = (transcript: Locator) =>
  transcript.evaluate((box) => {
    const items = box.querySelectorAll('li[data-seq]');
    const newest = items[items.length - 1];
    if (!newest) return false;
    const outer = box.getBoundingClientRect();
    const inner = newest.getBoundingClientRect();
    return inner.bottom <= outer.bottom + 2 && inner.bottom > outer.top;
  });
const overflows = (transcript: Locator) => transcript.evaluate((box) => box.scrollHeight > box.clientHeight + 4);

test('watch a live match to its end, then replay it', async ({ page }) => {
  test.setTimeout(300_000);
  await page.goto('/');
  await expect(page.getByRole('heading', { name: /live now/i })).toBeVisible();

  // The demo tournament starts at server start: a live Connect Four match with a (simulated) model appears
  // (the home page refreshes itself). A short one may end between the list and the click: then take another.
  let href = '';
  for (let tries = 0; tries < 5 && !href; tries++) {
    if (tries > 0) await page.goto('/');
    const live = page
      .getByRole('region', { name: /live now/i })
      .locator('a[href^="/matches/"]')
      .filter({ hasText: 'Connect Four' })
      .filter({ hasText: /simulated/i })
      .first();
    // The demo queues its host/guest games, a RAP gauntlet and a SimulBench evaluation too: the first Connect Four
    // match may take a few minutes to start on a loaded machine.
    await expect(live).toBeVisible({ timeout: 180_000 });
    // The list refreshes itself as matches start and end: take the match the click actually opened.
    await live.click();
    await page.waitForURL(/\/matches\/[^/]+$/);
    const candidate = new URL(page.url()).pathname;
    await expect(page.getByTestId('match-status')).toHaveText(/live|finished|failed/);
    const isConnectFour = (await page.getByRole('heading', { level: 1 }).textContent()) === 'Connect Four';
    if (isConnectFour && (await page.getByTestId('match-status').textContent()) === 'live') href = candidate;
  }
  expect(href, 'no live Connect Four match stayed live long enough to open').not.toBe('');
  const matchId = href.split('/').pop()!;

  // Live (the status said so when it opened; a short match may end any moment now): the board is there, and moves
  // stream in without reloading.
  await expect(page.getByTestId('board')).toBeVisible();
  // The protocol it is played under, named under the title.
  await expect(page.getByTestId('match-protocol')).toContainText(/^Protocol: connect-four v1 · /);
  const bubbles = page.getByTestId('transcript').locator('li[data-seq]');
  const seqs = () => bubbles.evaluateAll((els) => els.map((e) => Number(e.getAttribute('data-seq'))));
  await expect.poll(async () => (await seqs()).length, { timeout: 15_000 }).toBeGreaterThan(0);
  // (A long transcript draws its newest entries: newer events show as higher seqs, whatever the number drawn.)
  const before = Math.max(...(await seqs()));
  // More events arrive live (unless the match happens to end first).
  await expect
    .poll(
      async () =>
        Math.max(...(await seqs())) > before || (await page.getByTestId('match-status').textContent()) !== 'live',
      { timeout: 30_000 },
    )
    .toBe(true);
  await expect(page.getByTestId('transcript')).toContainText(/drops in column/);

  // The transcript follows the newest entry as entries keep arriving (it once fell behind and stayed there): each
  // time a new one is drawn, it is in view, once the entries are more than the box holds.
  const transcript = page.getByTestId('transcript');
  const isLive = async () => (await page.getByTestId('match-status').textContent()) === 'live';
  await expect.poll(async () => (await overflows(transcript)) || !(await isLive()), { timeout: 60_000 }).toBe(true);
  for (let checks = 0; checks < 3 && (await isLive()); checks++) {
    const newest = Math.max(...(await seqs()));
    await expect
      .poll(async () => Math.max(...(await seqs())) > newest || !(await isLive()), { timeout: 30_000 })
      .toBe(true);
    expect(await newestInView(transcript), 'the newest entry scrolled out of view while following').toBe(true);
  }
  if (await isLive()) {
    // A reader who scrolls up while it plays keeps their place as entries arrive, and can jump back.
    await transcript.evaluate((box) => box.scrollTo({ top: 0 }));
    await expect(page.getByTestId('transcript-latest')).toBeVisible();
    const newest = Math.max(...(await seqs()));
    await expect
      .poll(async () => Math.max(...(await seqs())) > newest || !(await isLive()), { timeout: 30_000 })
      .toBe(true);
    expect(await transcript.evaluate((box) => box.scrollTop)).toBeLessThan(5);
    await page.getByTestId('transcript-latest').click();
    await expect.poll(() => newestInView(transcript)).toBe(true);
  }
  // Everything that uses the simulated endpoint is labelled so.
  await expect(page.getByText(/simulated/i).first()).toBeVisible();

  // Follow it to the end: the outcome appears without reloading.
  await expect(page.getByTestId('match-status')).toHaveText(/finished|failed/i, { timeout: 90_000 });
  await expect(page.getByTestId('outcome')).toHaveText(/wins|draw|void/i);
  // The whole log of this very match, without gaps or duplicates, ends with the result (earlier entries of a long
  // match are drawn on demand).
  await expect(page.getByText(matchId).first()).toBeVisible();
  const earlier = page.getByTestId('transcript-earlier');
  while (await earlier.count()) await earlier.click();
  const all = await seqs();
  expect(all.length).toBeGreaterThanOrEqual(before);
  expect(all).toEqual(all.map((_, i) => i + 1));
  await expect(bubbles.last()).toContainText(/game over|wins|draw|void/i);

  // Reopened, the finished match shows its end: the result line in view, not its first moves.
  await page.reload();
  await expect(bubbles.last()).toContainText(/game over|wins|draw|void/i);
  expect(await overflows(transcript), 'the match is long enough to scroll').toBe(true);
  await expect.poll(() => newestInView(transcript)).toBe(true);
  // A reader who scrolls up keeps their place and is offered the way back to the end.
  await transcript.evaluate((box) => box.scrollTo({ top: 0 }));
  const latest = page.getByTestId('transcript-latest');
  await expect(latest).toBeVisible();
  expect(await newestInView(transcript)).toBe(false);
  await latest.click();
  await expect.poll(() => newestInView(transcript)).toBe(true);
  await expect(latest).toBeHidden();

  // Replay: step back to the start and forward again.
  const counter = page.getByTestId('move-counter');
  await expect(counter).toHaveText(/Move (\d+) of \1/);
  const total = Number((await counter.textContent())!.match(/of (\d+)/)![1]);
  expect(total).toBeGreaterThanOrEqual(5);
  await page.getByRole('button', { name: 'First move' }).click();
  await expect(counter).toHaveText(new RegExp(`Move 0 of ${total}`));
  await page.getByRole('button', { name: 'Next move' }).click();
  await page.getByRole('button', { name: 'Next move' }).click();
  await expect(counter).toHaveText(new RegExp(`Move 2 of ${total}`));
  await page.getByRole('button', { name: 'Previous move' }).click();
  await expect(counter).toHaveText(new RegExp(`Move 1 of ${total}`));
  await page.keyboard.press('End');
  await expect(counter).toHaveText(new RegExp(`Move ${total} of ${total}`));
});

test('a finished match opened directly replays from its first move', async ({ page, request }) => {
  // Wait until at least one match has finished, then open it from the home page's recent list.
  await page.goto('/');
  const recent = page
    .getByRole('region', { name: /recently finished/i })
    .locator('a[href^="/matches/"]')
    .first();
  await expect(recent).toBeVisible({ timeout: 90_000 });
  await recent.click();
  await expect(page.getByTestId('match-status')).toHaveText(/finished|failed/i);
  const counter = page.getByTestId('move-counter');
  const outcome = page.getByTestId('outcome');
  // It opens at its end, the result shown.
  await expect(counter).toHaveText(/Move (\d+) of \1/);
  await expect(outcome).toBeVisible();
  // The steps below need a match of at least two moves (a Hold'em hand can end at its first, a fold): the first such
  // of the recently finished.
  if (Number(/of (\d+)/.exec((await counter.textContent()) ?? '')![1]) < 2) {
    await page.goto('/');
    const links = page.getByRole('region', { name: /recently finished/i }).locator('a[href^="/matches/"]');
    const hrefs = await links.evaluateAll((as) => as.map((a) => a.getAttribute('href')!));
    let found = false;
    for (const href of hrefs) {
      await page.goto(href);
      await expect(counter).toHaveText(/Move (\d+) of \1/);
      if (Number(/of (\d+)/.exec((await counter.textContent()) ?? '')![1]) >= 2) {
        found = true;
        break;
      }
    }
    expect(found, 'a recently finished match of two moves or more').toBe(true);
    await expect(outcome).toBeVisible();
  }
  await page.getByRole('button', { name: 'First move' }).click();
  await expect(counter).toHaveText(/Move 0 of \d+/);
  // At the first move the result is not told yet (neither the banner nor the players' cards); the address keeps the move.
  await expect(outcome).toHaveCount(0);
  await expect(page.getByTestId('seat-result')).toHaveCount(0);
  await expect(page.getByTestId('match-player').filter({ hasText: /score/i })).toHaveCount(0);
  await expect(page).toHaveURL(/[?&]move=0\b/);
  const boardAtStart = await page.getByTestId('board').innerHTML();
  await page.getByRole('button', { name: 'Next move' }).click();
  await expect(counter).toHaveText(/Move 1 of \d+/);
  expect(await page.getByTestId('board').innerHTML()).not.toBe(boardAtStart);
  await expect(page).toHaveURL(/[?&]move=1\b/);
  // A reload (or the link shared) opens the same move.
  await page.reload();
  await expect(counter).toHaveText(/Move 1 of \d+/);
  await expect(outcome).toHaveCount(0);
  // At the end again the result shows; an entry of the transcript takes the board back to its point: the start line
  // to the starting position, by click or by keyboard.
  await page.keyboard.press('End');
  await expect(outcome).toBeVisible();
  const earlier = page.getByTestId('transcript-earlier');
  while (await earlier.count()) await earlier.click();
  const startLine = page.getByTestId('transcript').locator('li[data-seq]').first();
  await expect(startLine).toContainText('Match started');
  await startLine.click();
  await expect(counter).toHaveText(/Move 0 of \d+/);
  await page.keyboard.press('End');
  await startLine.focus();
  await page.keyboard.press('Enter');
  await expect(counter).toHaveText(/Move 0 of \d+/);
  const health = await request.get('/api/health');
  expect(health.ok()).toBe(true);
});

test('an unknown match id shows a 404 page', async ({ page }) => {
  const res = await page.goto('/matches/does-not-exist');
  expect(res?.status()).toBe(404);
  await expect(page.getByText(/not found|no such match/i).first()).toBeVisible();
});

test('the games and agents pages list the registered games and the demo agents, simulated ones labelled', async ({
  page,
}) => {
  await page.goto('/games');
  await expect(page.getByRole('heading', { name: 'Tic-Tac-Toe' })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Connect Four' })).toBeVisible();
  // Each game leads to its pages: its leaderboard, its metrics (a judged evaluation: its results) and playing it.
  const connectFour = page.getByRole('navigation', { name: 'Connect Four: pages' });
  await connectFour.getByRole('link', { name: 'Leaderboard' }).click();
  await expect(page).toHaveURL(/\/leaderboard\?game=connect-four$/);
  await page.goto('/games');
  await page
    .getByRole('navigation', { name: /^DEEP.*: pages$/ })
    .getByRole('link', { name: 'Results' })
    .click();
  await expect(page).toHaveURL(/\/metrics\/deep$/);
  await page.goto('/games');
  await page
    .getByRole('navigation', { name: 'SimulBench dialogue: pages' })
    .getByRole('link', { name: 'Results' })
    .click();
  await expect(page).toHaveURL(/\/simulbench$/);
  await page.goto('/games');
  await connectFour.getByRole('link', { name: 'Play it' }).click();
  await expect(page).toHaveURL(/\/play\?game=connect-four$/);
  await page.goto('/agents');
  await expect(page.getByText('Random', { exact: true }).first()).toBeVisible();
  await expect(page.getByText(/sim-careful/).first()).toBeVisible();
  await expect(page.getByText(/simulated/i).first()).toBeVisible();
});

test('the live dot pulses, and stands still for a visitor who asks for less motion', async ({ browser }) => {
  // Animations that repeat for ever (the pulsing "live" dot while the demo plays), running now.
  const endless = () =>
    document.getAnimations().filter((a) => a.playState === 'running' && a.effect?.getTiming().iterations === Infinity)
      .length;
  for (const reducedMotion of ['no-preference', 'reduce'] as const) {
    const context = await browser.newContext({ reducedMotion });
    const page = await context.newPage();
    await page.goto('/');
    await expect(
      page
        .getByRole('region', { name: /live now/i })
        .locator('a[href^="/matches/"]')
        .first(),
    ).toBeVisible({ timeout: 60_000 });
    if (reducedMotion === 'reduce') expect(await page.evaluate(endless)).toBe(0);
    else await expect.poll(() => page.evaluate(endless)).toBeGreaterThan(0);
    await context.close();
  }
});
