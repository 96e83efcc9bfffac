// User flows of DEEP, the description test: an admin runs it for a simulated describer with a simulated judge and
// watches the descriptions and scores arrive; a person judges from the Play page next to a model judge (the human
// evaluation) without ever being told the target; the results page shows Table 1 and the judges' agreement.
import { expect, test } from '@playwright/test';
import { createHostGuest, escapeRegExp, signIn, unique } from '../../e2e/admin-helpers';

const DESCRIBER = 'sim-careful · cot (simulated)';
const JUDGE = 'sim-careful · base (simulated)';
const DEEP = /^DEEP description test/;
const PEOPLE = 'People (human evaluation)';

test('an admin runs DEEP for a simulated describer and judge; the match shows every description with its scores', async ({
  page,
}) => {
  test.setTimeout(180_000);
  await signIn(page);
  await createHostGuest(page, {
    name: `deep ${unique()}`,
    game: DEEP,
    guest: DESCRIBER,
    host: JUDGE,
    gamesPerGuest: 2,
    settings: '{ "deep": { "words": 2 } }',
  });
  await expect(page.getByTestId('tournament-status')).toHaveText(/finished/i, { timeout: 120_000 });

  await page.locator('a[href^="/matches/"]').first().click();
  await expect(page).toHaveURL(/\/matches\/[^/]+$/);
  const board = page.getByTestId('board');
  await expect(page.getByTestId('match-status')).toHaveText('finished');
  // The describer's verdict, then what was scored.
  await expect(page.getByTestId('outcome')).toHaveText(
    /^Describer: aggressive descriptions (single out|do not single out) the target \(\d\.\d vs \d\.\d for the distractors\); conservative ones (stay vague|give the target away) \(\d\.\d vs \d\.\d\) — 4 of 4 descriptions of 2 words scored$/,
  );
  const items = board.getByTestId('deep-item');
  await expect(items).toHaveCount(2);
  for (const item of await items.all()) {
    await expect(item.getByTestId('deep-target')).not.toBeEmpty();
    await expect(item.getByTestId('deep-aggressive')).not.toBeEmpty();
    await expect(item.getByTestId('deep-conservative')).not.toBeEmpty();
    // One score table per description, each with the target and three distractors scored by Judge 1.
    await expect(item.getByTestId('deep-scores')).toHaveCount(2);
    await expect(item.getByTestId('deep-scores').first()).toContainText('Judge 1');
    await expect(item.getByTestId('deep-scores').first().locator('tbody tr')).toHaveCount(4);
  }

  await page.goto('/metrics');
  await page.getByTestId('evaluations').getByRole('link', { name: 'DEEP description test' }).click();
  await expect(page).toHaveURL(/\/metrics\/deep$/);
  const table = page.getByTestId('deep-table').filter({ hasText: `Judged by ${JUDGE}` });
  const row = table.getByRole('row', { name: new RegExp(`^${escapeRegExp(DESCRIBER)}`) });
  await expect(row).toBeVisible();
  // Four mean scores on the 1–5 scale, each with its interval or sample size beneath.
  await expect(row.getByRole('cell')).toHaveCount(6);
  for (const cell of (await row.getByRole('cell').all()).slice(2)) await expect(cell).toHaveText(/^[1-5]\.\d\d/);
  // DEEP is never on the leaderboard.
  await page.goto('/leaderboard?game=deep');
  await expect(page.getByText(/DEEP description test is a judged evaluation and is never rated/)).toBeVisible();
});

test('a person judges the descriptions from the Play page beside a model judge, never told the target; agreement is shown', async ({
  page,
}) => {
  test.setTimeout(240_000);
  await page.goto('/play');
  await page.getByLabel('Your name').fill(`Judge ${unique()}`);
  await page.getByRole('button', { name: 'Play as guest' }).click();
  await page.getByLabel('Game', { exact: true }).selectOption({ label: 'DEEP description test' });
  await expect(page.getByTestId('evaluation-note')).toContainText('not rated');
  await page.getByLabel('Players').selectOption({ label: '3 players' });
  await page.getByLabel('Opponent 1', { exact: true }).selectOption({ label: `${DESCRIBER} (llm)` });
  await page.getByLabel('Opponent 2', { exact: true }).selectOption({ label: `${JUDGE} (llm)` });
  await page.getByLabel('Your seat', { exact: true }).selectOption({ label: 'Judge 1' });
  await page.getByRole('button', { name: 'Start game' }).click();
  await expect(page).toHaveURL(/\/matches\/[^/]+$/);

  const board = page.getByTestId('board');
  const status = page.getByTestId('match-status');
  const send = page.getByRole('button', { name: 'Send scores' });
  let scored = 0;
  for (let guard = 0; guard < 20; guard++) {
    await expect(send.or(page.getByTestId('your-result'))).toBeVisible({ timeout: 60_000 });
    if (await page.getByTestId('your-result').isVisible()) break;
    // What a judge reads: one description and the words, in its own order; never the target or the kind of description.
    await expect(board.getByTestId('deep-description')).not.toBeEmpty();
    const which = (/Description \d+ of \d+/.exec((await board.textContent()) ?? '') ?? [''])[0];
    expect(which).toBe(`Description ${scored + 1} of 6`);
    await expect(board).not.toContainText(/target|aggressive|conservative/i);
    const groups = board.getByRole('group');
    const words = await groups.count();
    expect(words).toBe(4);
    await expect(send).toBeDisabled();
    for (let i = 0; i < words; i++)
      await groups
        .nth(i)
        .getByRole('radio', { name: i === 0 ? '4' : '2', exact: true })
        .check();
    await send.click();
    scored++;
    // The next description (or the end) comes once both judges have scored this one.
    await expect(board.getByText(which, { exact: true })).toBeHidden({ timeout: 60_000 });
  }
  await expect(status).toHaveText('finished', { timeout: 60_000 });
  expect(scored).toBe(6);
  await expect(page.getByTestId('your-result')).toHaveText('Done: 6 of 6 descriptions of 3 words scored.');
  // Once over, the judge sees everything: the targets, both descriptions and both judges' scores.
  await expect(board.getByTestId('deep-item')).toHaveCount(3);
  await expect(board.getByTestId('deep-scores').first()).toContainText('Judge 2');

  // The page is drawn on the server from the stored matches: the end reaches this page before the match is stored
  // as finished with its judgments, and a loaded machine widens the gap. So the results page is read again until it
  // shows the people's row (the limit a safety net far above the time it takes), not waited on once.
  const peopleRow = page
    .getByTestId('deep-table')
    .filter({ hasText: `Judged by ${PEOPLE}` })
    .getByRole('row', { name: new RegExp(`^${escapeRegExp(DESCRIBER)}`) });
  await expect(async () => {
    await page.goto('/metrics/deep');
    await expect(peopleRow).toBeVisible({ timeout: 5_000 });
  }).toPass({ timeout: 120_000 });
  const agreement = page
    .getByTestId('deep-agreement')
    .getByRole('row', { name: new RegExp(`^${escapeRegExp(PEOPLE)} · ${escapeRegExp(JUDGE)}`) });
  await expect(agreement).toBeVisible();
  // Six descriptions, four words each: 24 paired scores.
  await expect(agreement.getByRole('cell').nth(1)).toHaveText('6');
  await expect(agreement.getByRole('cell').nth(2)).toHaveText('24');
});
