// User flow (issue 21, item 3): an admin uploads GameBench's own matches.json as a named dataset (a bad file first:
// one readable error naming the entry), opens its leaderboard — said to be imported results, its agents marked
// imported — and GameBench's tables over it, with a column per game of the file; then deletes it.
import path from 'node:path';
import { expect, test } from '@playwright/test';
import { signIn } from './admin-helpers';

const FILE = path.resolve(import.meta.dirname, '../lib/rating/fixtures/gamebench-matches.json');

test('an admin imports a GameBench file as a dataset; its leaderboard and tables render on their own', async ({
  page,
}) => {
  test.setTimeout(120_000);
  await signIn(page);
  await page.goto('/admin/datasets');
  const form = page.getByTestId('dataset-form');
  await form.getByLabel('Dataset name').fill('gamebench-paper');
  await form.getByLabel('File').setInputFiles({
    name: 'bad.json',
    mimeType: 'application/json',
    buffer: Buffer.from('[{"game":"pit","a":1,"b":0},{"game":"pit","a":"x","b":0}]'),
  });
  await form.getByRole('button', { name: 'Import' }).click();
  await expect(page.getByTestId('dataset-error')).toContainText(
    'entry 1 (game "pit"): the score of "a" must be a number',
  );

  await form.getByLabel('File').setInputFiles(FILE);
  await form.getByRole('button', { name: 'Import' }).click();
  await expect(page.getByTestId('dataset-notice')).toContainText(
    'Imported gamebench-paper: 277 matches, 7 agents, 9 games.',
  );
  await expect(page.getByTestId('dataset-row').filter({ hasText: 'gamebench-paper' })).toContainText(
    'from gamebench-matches.json',
  );

  await page.getByTestId('dataset-notice').getByRole('link', { name: 'Leaderboard' }).click();
  await expect(page).toHaveURL(/\/leaderboard\?dataset=gamebench-paper/);
  await expect(page.getByTestId('dataset-notice')).toContainText(
    'Imported results, not the arena’s matches: dataset gamebench-paper (277 matches from gamebench-matches.json',
  );
  await expect(page.getByLabel('Results')).toHaveValue('gamebench-paper');
  const rows = page.getByTestId('leaderboard-row');
  await expect(rows).toHaveCount(7);
  await expect(rows.filter({ hasText: 'gpt-4' }).first()).toContainText('imported');
  await expect(page.getByTestId('leaderboard-meta')).toContainText('scale anchored on random = 1000');
  // A dataset's games are its own: GameBench's Codenames is on the list although the arena has no Codenames yet.
  await expect(page.getByLabel('Game').locator('option', { hasText: 'Codenames' })).toHaveCount(1);

  await page.goto('/leaderboard/gamebench?dataset=gamebench-paper');
  await expect(page.getByTestId('tables-source')).toContainText(
    'the imported dataset gamebench-paper (277 matches), not the arena’s matches',
  );
  await expect(page.getByRole('columnheader', { name: 'Sea Battle' }).first()).toBeVisible();
  await expect(page.getByRole('columnheader', { name: 'Codenames' }).first()).toBeVisible();
  // On GameBench's own scale (β centred on the agents' mean), the Overall column is the paper's Table 2 (its
  // figures/ratings_table.tex), within the bootstrap's sampling error.
  const paper: Record<string, number> = {
    random: -0.5,
    human: 1.76,
    'gpt-3': -0.48,
    'gpt-3-cot': 0.06,
    'gpt-4': -0.89,
    'gpt-4-cot': 0.16,
    'gpt-4-rap': -0.1,
  };
  const overall: Record<string, number> = {};
  for (const row of await page.getByTestId('gb-ratings-row').all()) {
    const agent = (await row.getAttribute('data-agent'))!;
    const text = (await row.getByTestId('gb-centred').last().textContent())!.replace('−', '-').replace(/[β\s+]/g, '');
    overall[agent] = Number(text);
  }
  expect(Object.keys(overall).sort()).toEqual(Object.keys(paper).sort());
  for (const [agent, beta] of Object.entries(paper)) expect(Math.abs(overall[agent]! - beta), agent).toBeLessThan(0.15);
  // Where the paper's per-game headers are shifted, said so.
  await expect(page.getByTestId('gb-paper-columns')).toContainText('ALS');
  await expect(page.getByTestId('gb-paper-columns').getByRole('row', { name: /CN/ })).toContainText(
    'Air, Land and Sea',
  );

  // Back to the arena's own matches: the notice goes.
  await page.goto('/leaderboard');
  await page.getByLabel('Results').selectOption('');
  await expect(page).not.toHaveURL(/dataset=/);
  await expect(page.getByTestId('dataset-notice')).toHaveCount(0);

  // The admin deletes it (asked once more); its leaderboard address then says there is no such dataset.
  await page.goto('/admin/datasets');
  await page.getByRole('button', { name: 'Delete dataset gamebench-paper' }).click();
  await page.getByRole('button', { name: 'Yes, delete dataset gamebench-paper' }).click();
  await expect(page.getByTestId('dataset-row')).toHaveCount(0);
  await page.goto('/leaderboard?dataset=gamebench-paper');
  await expect(page.getByTestId('query-problem')).toContainText(
    'dataset: there is no dataset named "gamebench-paper": showing the arena’s own matches instead.',
  );
});
