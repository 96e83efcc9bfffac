// User flows of the arena's defences (issue 14): the Play page offers only what an admin opened to people, an admin
// opens and closes a model, a resignation before any move is shown as not rated, a changed base URL asks for the key
// again, and long lists are pages with working links. (The admin's default people filter, an arena-wide setting, is
// in e2e/global-settings.spec.ts: it runs alone.)
import { expect, test, type Browser, type Page } from '@playwright/test';
import { signIn } from './admin-helpers';

const SIM_URL = `http://127.0.0.1:${process.env.E2E_SIM_PORT ?? 3199}/v1`;
const run = () => Math.random().toString(36).slice(2, 7);

async function enterAsGuest(page: Page, prefix: string): Promise<string> {
  const name = `${prefix} ${run()}`;
  await page.goto('/play');
  await page.getByLabel('Your name').fill(name);
  await page.getByRole('button', { name: 'Play as guest' }).click();
  await expect(page.getByTestId('playing-as')).toContainText(name);
  return name;
}

/** The Play page's opponent choices, as a guest in a browser of their own. */
async function opponentChoices(browser: Browser): Promise<string[]> {
  const ctx = await browser.newContext();
  const page = await ctx.newPage();
  await enterAsGuest(page, 'Chooser');
  const options = await page.getByLabel('Opponent', { exact: true }).locator('option').allTextContents();
  await ctx.close();
  return options;
}

async function addProvider(page: Page, name: string, key?: string) {
  await page.goto('/admin/providers');
  const form = page.getByTestId('provider-form');
  await form.getByLabel('Name', { exact: true }).fill(name);
  await form.getByLabel('Base URL').fill(SIM_URL);
  if (key) await form.getByLabel('API key').fill(key);
  await form.getByLabel('Simulated endpoint').check();
  await form.getByLabel('Models').fill('sim-careful\nsim-sloppy');
  await form.getByRole('button', { name: 'Add provider' }).click();
  await expect(page.getByTestId('provider-notice')).toContainText(name);
}

test('the Play page offers the baselines and the models an admin opened; opening and closing a model shows at once', async ({
  page,
  browser,
}) => {
  test.setTimeout(180_000);
  const id = run();
  const provider = `Sim trust ${id}`;
  const agent = `trust model ${id}`;
  await signIn(page);
  await addProvider(page, provider);
  await page.goto('/admin/agents');
  const form = page.getByTestId('agent-form');
  await form.getByLabel('Name', { exact: true }).fill(agent);
  await form.getByRole('radio', { name: 'LLM' }).check();
  await form.getByLabel('Provider').selectOption({ label: `${provider} (simulated)` });
  await form.getByLabel('Model').fill('sim-careful');
  await expect(form.getByTestId('agent-playable-checkbox')).not.toBeChecked(); // a new model is closed to people
  await form.getByRole('button', { name: 'Add agent' }).click();
  await expect(page.getByTestId('agent-notice')).toContainText(`Added ${agent}`);

  // Closed: not offered; the baselines and the demo's simulated models are.
  let choices = await opponentChoices(browser);
  expect(choices.some((o) => o.startsWith(agent))).toBe(false);
  expect(choices).toEqual(
    expect.arrayContaining([
      expect.stringMatching(/^Random \(random\)/),
      expect.stringMatching(/^sim-careful · cot \(simulated\)/),
    ]),
  );

  // The admin opens it from the list (a switch, keyboard-operable).
  const row = page.getByTestId('admin-agent-row').filter({ hasText: agent });
  const toggle = row.getByRole('switch', { name: `Open ${agent} to people` });
  await expect(toggle).toHaveAttribute('aria-checked', 'false');
  await toggle.focus();
  await page.keyboard.press('Enter');
  await expect(toggle).toHaveAttribute('aria-checked', 'true');
  // The baseline named Random (not the demo's simulated sim-random, which is closed to people).
  const random = page
    .getByTestId('admin-agent-row')
    .filter({ has: page.getByTestId('admin-agent-name').getByText('Random', { exact: true }) });
  await expect(random.getByTestId('agent-playable')).toHaveText('always');
  choices = await opponentChoices(browser);
  expect(choices.some((o) => o.startsWith(agent))).toBe(true);

  // And closes it again.
  await toggle.click();
  await expect(toggle).toHaveAttribute('aria-checked', 'false');
  choices = await opponentChoices(browser);
  expect(choices.some((o) => o.startsWith(agent))).toBe(false);
});

test('a person who resigns before making a move sees the match was not rated, and why', async ({ page }) => {
  const name = await enterAsGuest(page, 'Quits');
  await page.getByLabel('Game', { exact: true }).selectOption({ label: 'Tic-Tac-Toe' });
  await page.getByLabel('Opponent', { exact: true }).selectOption({ label: 'Random (random)' });
  await page.getByLabel('Your seat', { exact: true }).selectOption({ label: 'X' });
  await page.getByRole('button', { name: 'Start game' }).click();
  await page.waitForURL(/\/matches\/[a-z0-9]+$/);
  await page.getByRole('button', { name: 'Resign' }).click();
  await page.getByRole('button', { name: 'Yes, resign' }).click();
  await expect(page.getByTestId('your-result')).toHaveText('You lost.');
  await expect(page.getByTestId('unrated-note')).toContainText(`${name} gave up before making a move of their own`);
  // Still so after a reload (from the database, not only the live event).
  await page.reload();
  await expect(page.getByTestId('unrated-note')).toContainText('Not rated');
});

test('changing a provider’s base URL asks for the key again: test connection and save are refused without it', async ({
  page,
}) => {
  const id = run();
  const provider = `Sim keyed ${id}`;
  await signIn(page);
  await addProvider(page, provider, 'sk-e2e-secret-key');
  const row = page.getByTestId('provider-row').filter({ hasText: provider });
  await expect(row.getByTestId('provider-key')).not.toHaveText('none');
  await row.getByRole('link', { name: `Edit ${provider}` }).click();
  const form = page.getByTestId('provider-form');
  // The edit form, not the new-provider form the page showed before the link's navigation ended.
  await expect(form.getByLabel('Name', { exact: true })).toHaveValue(provider);
  await expect(form.getByTestId('key-again')).toHaveCount(0);
  await form.getByLabel('Base URL').fill('http://127.0.0.1:9/v1');
  await expect(form.getByTestId('key-again')).toContainText('enter the API key again');
  await form.getByRole('button', { name: 'Test connection' }).click();
  await expect(form.getByTestId('test-result')).toContainText('the base URL changed: enter the API key again');
  await form.getByRole('button', { name: 'Save changes' }).click();
  await expect(page.getByTestId('provider-error')).toContainText('the base URL changed: enter the API key again');
  // Typing the key again lifts the warning.
  await form.getByLabel('API key').fill('sk-another-key');
  await expect(form.getByTestId('key-again')).toHaveCount(0);
});

test('a long list is pages: the People tab pages with keyboard-usable links', async ({ browser }) => {
  test.setTimeout(180_000);
  // Enough guests for a second page (the limit on new names per address is raised for the e2e server).
  const ctx = await browser.newContext();
  const page = await ctx.newPage();
  for (let i = 0; i < 26; i++) {
    await enterAsGuest(page, `Pager ${i}`);
    await ctx.clearCookies();
  }
  await page.goto('/agents?show=people');
  await expect(page.getByTestId('agents-tab-people')).toHaveAttribute('aria-current', 'page');
  const nav = page.getByRole('navigation', { name: 'People pages' });
  await expect(nav.getByTestId('page-range')).toHaveText(/^1–25 of \d+$/);
  await expect(page.getByTestId('agent-list').getByRole('listitem')).toHaveCount(25);
  const next = nav.getByRole('link', { name: /Next/ });
  await next.focus();
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/show=people&page=2/);
  await expect(nav.getByTestId('page-range')).toHaveText(/^26–\d+ of \d+$/);
  await expect(nav.getByText('2', { exact: true })).toHaveAttribute('aria-current', 'page');
  await nav.getByRole('link', { name: 'Page 1' }).click();
  await expect(page).toHaveURL(/\/agents\?show=people$/);
  await expect(nav.getByTestId('page-range')).toHaveText(/^1–25 of/);
  await ctx.close();
});
