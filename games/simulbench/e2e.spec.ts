// SimulBench's user flows: an admin runs an evaluation of the two simulated models end to end (dialogues, scripts,
// ratings, pairwise) and reads the tables; a person plays the user in one task from the Play page, then votes blind on
// two answers, and nothing the person can read names who wrote them while voting is open (issue 35, item 4).
import { expect, test } from '@playwright/test';
import { signIn, unique } from '../../e2e/admin-helpers';

const CAREFUL = 'sim-careful · cot (simulated)';
const SLOPPY = 'sim-sloppy · base (simulated)';
const HELPER = 'sim-careful · base (simulated)';

test('an admin runs a SimulBench evaluation of two simulated models and sees the paper’s tables', async ({ page }) => {
  test.setTimeout(180_000);
  await signIn(page);
  await page.goto('/admin/simulbench/new');
  const form = page.getByTestId('simulbench-form');
  const name = `simulbench ${unique()}`;
  await form.getByLabel('Name', { exact: true }).fill(name);
  await form.getByRole('checkbox', { name: CAREFUL }).check();
  await form.getByRole('checkbox', { name: SLOPPY }).check();
  for (const role of ['User agent', 'Simulator', 'Judge'])
    await form.getByLabel(role, { exact: true }).selectOption({ label: HELPER });
  // One task, one short dialogue.
  await form.getByRole('button', { name: 'None' }).click();
  await expect(form.getByText('(0 of')).toBeVisible();
  await form.getByRole('checkbox', { name: 'Linux terminal' }).check();
  await form.getByLabel('Dialogues per task').fill('1');
  await form.getByLabel('Turns per dialogue').fill('2');
  await form.getByRole('button', { name: 'Start the evaluation' }).click();
  await expect(page).toHaveURL(/\/simulbench\/[^/]+$/);

  await expect(page.getByTestId('simulbench-status')).toHaveText('finished', { timeout: 120_000 });
  const stages = page.getByTestId('simulbench-stages');
  await expect(stages).toContainText('Dialogues1 / 1');
  // Table 4: a row per target, each with its All score on the 1–10 scale.
  const rows = page.getByTestId('simulbench-table4-row');
  await expect(rows).toHaveCount(2);
  for (const row of await rows.all()) await expect(row.getByRole('cell').nth(6)).toHaveText(/^(10|[1-9])\.\d\d/);
  await expect(page.getByTestId('simulbench-table4')).toContainText(CAREFUL);
  // Table 1 over the Hard scripts, as the paper (empty when the judge found no challenging turn), and over every
  // script: the one pair, with win / tie / lose percentages that add up.
  const hard = (await page.getByTestId('simulbench-table1-row').count()) > 0;
  if (!hard) await expect(page.getByText('No comparison on a Hard script yet')).toBeVisible();
  const pair = page.getByTestId('simulbench-table1-all-row');
  await expect(pair).toHaveCount(1);
  const pct = (await pair.getByRole('cell').allTextContents()).slice(0, 3).map((c) => Number(/^([\d.]+)%/.exec(c)![1]));
  expect(pct.reduce((a, b) => a + b, 0)).toBeCloseTo(100, 0);
  // The scripts every model answered perfectly: counted, and left out on request, as the paper did.
  const perfect = page.getByTestId('simulbench-perfect');
  await expect(perfect).toContainText(/^\d+ scripts? every model answered perfectly/);
  const n = Number(/^(\d+)/.exec((await perfect.textContent()) ?? '')![1]);
  await page.goto(`${page.url()}?perfect=drop`);
  await expect(perfect).toContainText(`The ${n} script${n === 1 ? '' : 's'} every model answered perfectly`);
  await expect(perfect).toContainText('left out of the tables, as the paper did');
  await perfect.getByRole('link', { name: 'Keep them' }).click();
  await expect(page).not.toHaveURL(/perfect=drop/);
  await expect(page.getByTestId('simulbench-disagreement')).toContainText(/\d+ of \d+ comparisons/);
  await expect(page.getByTestId('simulbench-spend')).toContainText('rating answers 1–10');

  // The frozen scripts download as the versioned file.
  const evaluationUrl = page.url();
  const exported = await page.request.get(`${evaluationUrl.replace(/\/simulbench\//, '/api/simulbench/')}/scripts`);
  expect(exported.status()).toBe(200);
  const file = (await exported.json()) as { format: string; scripts: { history: unknown[] }[] };
  expect(file.format).toBe('arena-simulbench-scripts');
  const scriptCount = file.scripts.length;
  expect(scriptCount).toBeGreaterThan(0);

  // A script: its history, and both targets' answers with the judge's rating.
  const script = page.getByTestId('simulbench-scripts').locator('details').first();
  await script.locator('summary').click();
  await expect(script).toContainText('Linux terminal');
  await expect(script.getByText(/rated \d+\/10/)).toHaveCount(2);
  // The dialogue itself is a match: a chat with the user agent's strategy on every request.
  await script.getByRole('link', { name: 'the dialogue' }).click();
  await expect(page).toHaveURL(/\/matches\/[^/]+$/);
  const turns = page.getByTestId('simulbench-turn');
  await expect(turns).toHaveCount(4);
  await expect(page.getByTestId('simulbench-strategy').first()).toHaveText('Task');

  // The downloaded file imported again as a named set (as another arena would), then a later evaluation scores a target
  // on those frozen scripts: nothing is collected.
  await page.goto('/admin/simulbench/new');
  await expect(
    form.getByLabel('Scripts').locator('option', { hasText: `scripts of “${name}” (${scriptCount} scripts)` }),
  ).toHaveCount(1);
  const upload = page.getByTestId('script-set-form');
  const setName = `e2e-${unique()}`;
  await upload.getByLabel('Set name').fill(setName);
  await upload
    .getByLabel('Script file')
    .setInputFiles({ name: 'scripts.json', mimeType: 'application/json', buffer: Buffer.from(JSON.stringify(file)) });
  await upload.getByRole('button', { name: 'Import' }).click();
  await expect(page.getByTestId('script-set-notice')).toHaveText(
    `Imported ${scriptCount} scripts as import:${setName}: choose it under “Scripts” to score targets on it.`,
  );
  // A second import under the same name is refused, with the reason.
  await upload.getByRole('button', { name: 'Import' }).click();
  await expect(page.getByTestId('script-set-error')).toContainText('exists already');
  await form.getByLabel('Name', { exact: true }).fill(`simulbench reuse ${unique()}`);
  await form.getByLabel('Scripts').selectOption({ label: `imported set ${setName} (${scriptCount} scripts)` });
  await expect(form.getByLabel('User agent', { exact: true })).toHaveCount(0);
  await form.getByRole('checkbox', { name: CAREFUL }).check();
  await form.getByLabel('Judge', { exact: true }).selectOption({ label: HELPER });
  await form.getByRole('button', { name: 'Start the evaluation' }).click();
  await expect(page).toHaveURL(/\/simulbench\/[^/]+$/);
  await expect(page.getByTestId('simulbench-status')).toHaveText('finished', { timeout: 60_000 });
  await expect(page.getByTestId('simulbench-stages')).toContainText(`Scripts${scriptCount}`);
  await expect(page.getByTestId('simulbench-table4-row')).toHaveCount(1);
});

test('a person plays the user in one task, then votes blind on two answers', async ({ page }) => {
  test.setTimeout(180_000);
  await page.goto('/play');
  await page.getByLabel('Your name').fill(`Simul ${unique()}`);
  await page.getByRole('button', { name: 'Play as guest' }).click();
  await page.getByLabel('Game', { exact: true }).selectOption({ label: 'SimulBench dialogue' });
  await expect(page.getByTestId('evaluation-note')).toContainText('not rated');
  await page.getByLabel('Opponent', { exact: true }).selectOption({ label: `${HELPER} (llm)` });
  await page.getByLabel('Your seat', { exact: true }).selectOption({ label: 'User' });
  await page.getByRole('button', { name: 'Start game' }).click();
  await expect(page).toHaveURL(/\/matches\/[^/]+$/);

  // The task is the first message; the simulator answers it, then it is the person's turn.
  const composer = page.getByTestId('simulbench-composer');
  await expect(composer).toBeVisible({ timeout: 60_000 });
  await expect(page.getByTestId('simulbench-turn')).toHaveCount(2);
  await composer.getByRole('textbox', { name: /Request 2 of \d/ }).fill('Now do the same again, but twice as long.');
  await composer.getByLabel('Strategy').selectOption({ label: 'New request' });
  await composer.getByRole('button', { name: 'Send the request' }).click();
  // The request is in the chat with the strategy chosen; the simulator replies.
  await expect(page.getByTestId('simulbench-turn')).toHaveCount(4, { timeout: 60_000 });
  await expect(page.getByTestId('simulbench-strategy').nth(1)).toHaveText('New request');
  await composer.getByRole('button', { name: 'End the dialogue' }).click();
  await expect(page.getByTestId('match-status')).toHaveText('finished', { timeout: 30_000 });
  await expect(page.getByTestId('simulbench-result')).toContainText('2 turns');

  // A blind vote: two answers to one script (the demo's evaluation collects with a model neither target runs, so its
  // pairs are open for votes), no name on the ballot, nor after the vote.
  await page.goto('/simulbench/vote');
  const ballot = page.getByTestId('simulbench-ballot');
  await expect(ballot).toBeVisible();
  await expect(ballot).not.toContainText(CAREFUL);
  await expect(ballot).not.toContainText(SLOPPY);
  await page.getByRole('button', { name: 'A is better' }).click();
  const reveal = page.getByTestId('simulbench-reveal');
  await expect(reveal).toContainText('you chose A');
  await expect(reveal).not.toContainText(CAREFUL);
  await expect(reveal).not.toContainText(SLOPPY);
  // The evaluation's page names the answers only once voting closes: meanwhile a visitor reads that they are hidden
  // (server/simulbench/blind.test.ts searches every public page for the texts).
  const evaluationPage = await page.request.get(
    (await reveal.getByRole('link', { name: 'evaluation’s page' }).getAttribute('href'))!,
  );
  expect(await evaluationPage.text()).toContain('hidden while people vote');
  // The next pair is a new ballot.
  await page.getByTestId('simulbench-next').click();
  await expect(page.getByTestId('simulbench-ballot').or(page.getByText(/No pair of answers is waiting/))).toBeVisible();
  await expect(page.getByTestId('simulbench-reveal')).toHaveCount(0);
});
