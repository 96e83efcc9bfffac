// User flows of Who is the spy: a spectator follows a simulated match as a group chat to its end (descriptions in
// speaking order, the players' private reasoning, the votes, the result); a person plays a seat by typing a
// description, answering the probe questions and clicking a vote, while a spectator of that match sees no word.
import { expect, test } from '@playwright/test';
import { createHostGuest, escapeRegExp, signIn, unique } from '../../e2e/admin-helpers';

const CAREFUL = 'sim-careful · cot (simulated)';
const SLOPPY = 'sim-sloppy · base (simulated)';
const SPY = /^Who is the spy/;

test('a spectator follows a simulated Who-is-the-spy match as a chat, with the reasoning, the votes and the result', async ({
  page,
}) => {
  test.setTimeout(180_000);
  await signIn(page);
  await createHostGuest(page, {
    name: `spy chat ${unique()}`,
    game: SPY,
    guest: SLOPPY,
    host: CAREFUL,
    gamesPerGuest: 1,
    settings: '{ "spy": { "pairId": "moon-sun", "spyWord": "b" } }',
    judge: CAREFUL,
  });
  const link = page
    .getByTestId('live-matches')
    .or(page.getByTestId('recent-matches'))
    .locator('a[href^="/matches/"]')
    .first();
  await expect(link).toBeVisible({ timeout: 90_000 });
  await link.click();
  await expect(page).toHaveURL(/\/matches\/[^/]+$/);

  const board = page.getByTestId('board');
  await expect(board).toBeVisible();
  // Spectators see both words and who the spy is (this game's spectator view is omniscient by design).
  await expect(board).toContainText('moon');
  await expect(board).toContainText('sun');
  await expect(page.getByTestId('match-status')).toHaveText('finished', { timeout: 120_000 });
  // The chat: round dividers, the descriptions, the private reasoning (spectators may open it), the votes, the end.
  await expect(board.getByText('Round 1', { exact: true }).first()).toBeVisible();
  const bubbles = board.getByTestId('spy-description');
  expect(await bubbles.count()).toBeGreaterThanOrEqual(4);
  await expect(board.getByText('reasoning').first()).toBeVisible();
  await expect(board).toContainText('→');
  await expect(board).toContainText(/voted out|nobody leaves/);
  await expect(board.getByTestId('spy-result')).toHaveText(/Villagers win|The spy wins/);
  await expect(page.getByTestId('outcome')).toBeVisible();
  // The tournament's consistency judge scores every description after the match; the page picks the verdicts up.
  const verdicts = board.getByTestId('spy-judgment');
  await expect(verdicts.first()).toBeVisible({ timeout: 60_000 });
  await expect(verdicts.first()).toContainText(
    /consistent with its word · \d\/5 · judge sim-careful · cot \(simulated\)/,
  );
});

test('a person plays a seat: a description with their word is refused, they describe, answer the probes and vote; spectators see no word', async ({
  page,
  browser,
}) => {
  test.setTimeout(240_000);
  await page.goto('/play');
  await page.getByLabel('Your name').fill(`Spy ${unique()}`);
  await page.getByRole('button', { name: 'Play as guest' }).click();
  await page.getByLabel('Game', { exact: true }).selectOption({ label: 'Who is the spy' });
  await expect(page.getByLabel('Players')).toHaveValue('4');
  for (const i of [1, 2, 3])
    await page.getByLabel(`Opponent ${i}`, { exact: true }).selectOption({ label: `${CAREFUL} (llm)` });
  await page.getByLabel('Your seat', { exact: true }).selectOption({ label: 'Player 1' });
  await page.getByRole('button', { name: 'Start game' }).click();
  await page.waitForURL(/\/matches\/[a-z0-9]+$/);
  const url = page.url();
  const board = page.getByTestId('board');
  const word = (await board.getByTestId('your-word').textContent())!.trim();
  expect(word.length).toBeGreaterThan(0);

  // A spectator of a match with a person sees no word while it runs (the person could read the others' otherwise).
  const spectator = await (await browser.newContext()).newPage();
  await spectator.goto(url);
  await expect(spectator.getByTestId('board')).toBeVisible();
  await expect(spectator.getByTestId('board')).not.toContainText(word);

  const result = page.getByTestId('your-result');
  const description = page.getByLabel('Your description');
  const sendAnswers = page.getByRole('button', { name: 'Send answers' });
  const votes = page.getByRole('button', { name: /^Vote for / });
  let refused = false;
  let described = 0;
  let voted = 0;
  let probed = false;
  while (!(await result.isVisible())) {
    await expect(description.or(sendAnswers).or(votes.first()).or(result)).toBeVisible({ timeout: 90_000 });
    if (await description.isVisible()) {
      if (!refused) {
        await description.fill(`It is a lot like a ${word.toUpperCase()}, honestly`);
        await page.getByRole('button', { name: 'Send description' }).click();
        await expect(page.getByTestId('move-error')).toContainText('gives your word away');
        refused = true;
      }
      await description.fill(`Something I would recognise anywhere, take ${++described} ${unique()}`);
      await page.getByRole('button', { name: 'Send description' }).click();
      await expect(page.getByTestId('transcript')).toContainText(`take ${described} `);
    } else if (await sendAnswers.isVisible()) {
      await page.getByRole('radio', { name: 'Villager' }).first().check();
      await sendAnswers.click();
      probed = true;
      await expect(sendAnswers).toBeHidden();
    } else if (await votes.first().isVisible()) {
      const me = page.getByRole('button', { name: 'Vote for Player 1' });
      await expect(me).toHaveCount(0); // no vote for oneself
      // The Play page's game votes in turn (the spygame preset): the vote is public once cast, so the transcript says
      // whom it went to (a re-vote may follow at once).
      const mine = () =>
        page.getByTestId('transcript').evaluate((el) => (el.textContent ?? '').split('Player 1 votes for').length - 1);
      const before = await mine();
      await votes.first().click();
      voted++;
      await expect.poll(mine, { timeout: 30_000 }).toBeGreaterThan(before);
    }
  }
  expect(refused).toBe(true);
  expect(described).toBeGreaterThanOrEqual(1);
  expect(probed).toBe(true);
  expect(voted).toBeGreaterThanOrEqual(1);
  await expect(result).toHaveText(/You won!|You lost\.|Draw\./);
  await expect(board.getByTestId('spy-result')).toBeVisible();
  // Once over, everyone sees the words.
  await expect(spectator.getByTestId('board')).toContainText(word, { timeout: 30_000 });
});

test('the SpyGame tables: Win/Round/Voted and the probes from played matches, and a calibration run’s bias table', async ({
  page,
}) => {
  test.setTimeout(180_000);
  await signIn(page);
  await createHostGuest(page, {
    name: `spy calibration ${unique()}`,
    game: SPY,
    guest: SLOPPY,
    host: CAREFUL,
    gamesPerGuest: 4,
    preset: 'Who is the spy: calibration run',
  });
  await expect(page.getByTestId('tournament-status')).toHaveText(/finished/i, { timeout: 120_000 });

  await page.goto('/metrics?game=spy');
  await page.getByRole('link', { name: 'Who is the spy: the SpyGame tables' }).click();
  await expect(page).toHaveURL(/\/metrics\/spy$/);
  // Earlier tests and the demo played real (not content-free) matches: Table 4 has the guest as the spy, Table 7 its probes.
  await expect(
    page
      .getByTestId('spy-outcomes')
      .getByRole('row', { name: new RegExp(`${escapeRegExp(SLOPPY)}.*spy`) })
      .first(),
  ).toBeVisible();
  await expect(page.getByTestId('spy-probes')).toContainText(CAREFUL);
  // The judged matches (the spectator's above, the demo's): descriptions scored by their tournament's judge.
  await expect(
    page
      .getByTestId('spy-consistency')
      .getByRole('row', { name: new RegExp(`${escapeRegExp(CAREFUL)}.*villager`) })
      .first(),
  ).toBeVisible();
  // The calibration run: one bias table for the guest with first names, by option place, speaking place and name.
  const bias = page.getByTestId('spy-bias').filter({ hasText: SLOPPY }).filter({ hasText: 'first-names names' });
  await expect(bias).toBeVisible();
  await expect(bias).toContainText('option place');
  await expect(bias).toContainText('speaking place');
  await bias.getByText(/^By name/).click();
  await expect(bias.getByRole('row')).not.toHaveCount(0);
});
