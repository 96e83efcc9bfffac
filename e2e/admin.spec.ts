// User flows of the admin area: a visitor is refused every admin page and API; an admin adds the simulated endpoint
// as a provider, creates two agents and a round robin, and watches it finish; editing how an agent plays makes a
// new version. Names are unique per run, so the tests do not depend on each other or on the database's past.
import { expect, test, type Page } from '@playwright/test';
import { ADMIN, agentChoice, signIn } from './admin-helpers';

const SIM_URL = `http://127.0.0.1:${process.env.E2E_SIM_PORT ?? 3199}/v1`;
const run = () => Math.random().toString(36).slice(2, 7);
const agentBox = (page: Page, name: string) => page.getByRole('checkbox', agentChoice(name));

/** Adds the simulated endpoint as a provider, with the models its test connection lists. */
async function addProvider(page: Page, name: string) {
  await page.goto('/admin/providers');
  const form = page.getByTestId('provider-form');
  await form.getByLabel('Name', { exact: true }).fill(name);
  await form.getByLabel('Base URL').fill(SIM_URL);
  await form.getByLabel('Simulated endpoint').check();
  await form.getByRole('button', { name: 'Test connection' }).click();
  await expect(form.getByTestId('test-models')).toContainText('sim-careful');
  await expect(form.getByTestId('test-models')).toContainText('sim-sloppy');
  await form.getByRole('button', { name: 'Use these models' }).click();
  await expect(form.getByLabel('Models')).toHaveValue(/sim-careful/);
  await form.getByRole('button', { name: 'Add provider' }).click();
  await expect(page.getByTestId('provider-notice')).toContainText(name);
  const row = page.getByTestId('provider-row').filter({ hasText: name });
  await expect(row).toBeVisible();
  await expect(row.getByTestId('provider-models')).toContainText('sim-careful');
  await expect(row).toContainText(/simulated/i);
  // No key was given: nothing to mask, and certainly nothing sent back.
  await expect(row.getByTestId('provider-key')).toHaveText('none');
}

async function addLlmAgent(
  page: Page,
  agent: { name: string; provider: string; model: string; scaffold: 'base' | 'cot' },
) {
  await page.goto('/admin/agents');
  const form = page.getByTestId('agent-form');
  await form.getByLabel('Name', { exact: true }).fill(agent.name);
  await form.getByRole('radio', { name: 'LLM' }).check();
  await form.getByLabel('Provider').selectOption({ label: `${agent.provider} (simulated)` });
  await form.getByLabel('Model').fill(agent.model);
  await form.getByLabel('Scaffold').selectOption(agent.scaffold);
  await form.getByRole('button', { name: 'Add agent' }).click();
  await expect(page.getByTestId('agent-notice')).toContainText(`Added ${agent.name}`);
  await expect(page.getByTestId('admin-agent-row').filter({ hasText: agent.name })).toBeVisible();
}

/** Creates a round robin on Tic-Tac-Toe and returns its id (from the page it lands on). */
async function createRoundRobin(page: Page, name: string, agents: string[]): Promise<string> {
  await page.goto('/admin/tournaments/new');
  const form = page.getByTestId('tournament-form');
  await form.getByLabel('Name', { exact: true }).fill(name);
  await form.getByRole('checkbox', { name: /Tic-Tac-Toe/ }).check();
  await form.getByRole('radio', { name: /Round robin/ }).check();
  for (const a of agents) await agentBox(page, a).check();
  await form.getByLabel('Games per pair').fill('2');
  await expect(form.getByTestId('match-estimate')).toContainText('2 matches');
  await form.getByRole('button', { name: 'Create and start' }).click();
  await expect(page).toHaveURL(/\/tournaments\/(?!new$)[^/]+$/, { timeout: 30_000 });
  await expect(page.getByRole('heading', { level: 1 })).toContainText(name);
  return page.url().split('/').pop()!;
}

test('non-admin is refused: admin pages send to the login page, the admin API answers 401, a wrong password is refused', async ({
  page,
}) => {
  for (const path of ['/admin', '/admin/providers', '/admin/agents', '/admin/tournaments/new']) {
    await page.goto(path);
    await expect(page).toHaveURL(new RegExp(`/admin/login\\?next=${encodeURIComponent(path).replace(/\//g, '%2F')}$`));
    await expect(page.getByRole('heading', { name: 'Admin sign-in' })).toBeVisible();
  }

  const api = await page.request.get('/api/admin/tournaments');
  expect(api.status()).toBe(401);
  expect(await api.json()).toEqual({ error: expect.any(String) });
  // A made-up session cookie is no better.
  const forged = await page.request.get('/api/admin/tournaments', {
    headers: { cookie: 'arena_admin=not-a-real-session' },
  });
  expect(forged.status()).toBe(401);

  await page.goto('/admin/login?next=%2Fadmin%2Fagents');
  await page.getByLabel('Username').fill(ADMIN.username);
  await page.getByLabel('Password').fill('not-the-password');
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page.getByTestId('login-error')).toHaveText('wrong username or password');
  // The same answer for an unknown user: it never says which part was wrong.
  await page.getByLabel('Username').fill('nobody-here');
  await page.getByLabel('Password').fill(ADMIN.password);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page.getByTestId('login-error')).toHaveText('wrong username or password');
  await expect(page).toHaveURL(/\/admin\/login/);
  // Still refused afterwards; and the public pages stay open, without admin controls.
  await page.goto('/admin/providers');
  await expect(page).toHaveURL(/\/admin\/login/);
  await page.goto('/tournaments');
  await expect(page.getByRole('heading', { name: 'Tournaments', level: 1 })).toBeVisible();
  await page.getByTestId('tournament-row').first().getByRole('link').click();
  await expect(page.getByTestId('tournament-progress')).toBeVisible();
  await expect(page.getByTestId('tournament-controls')).toHaveCount(0);
});

test('admin runs a tournament: provider, two agents, a round robin that reaches 100% with standings', async ({
  page,
}) => {
  test.setTimeout(240_000);
  const id = run();
  const provider = `Sim e2e ${id}`;
  const careful = `e2e careful ${id}`;
  const sloppy = `e2e sloppy ${id}`;

  await signIn(page);
  // Signed in, the admin API answers.
  const api = await page.request.get('/api/admin/tournaments');
  expect(api.status()).toBe(200);
  expect(Array.isArray(await api.json())).toBe(true);

  await addProvider(page, provider);
  await addLlmAgent(page, { name: careful, provider, model: 'sim-careful', scaffold: 'cot' });
  await addLlmAgent(page, { name: sloppy, provider, model: 'sim-sloppy', scaffold: 'base' });

  // A refused spec is explained next to the form and keeps what was typed.
  await page.goto('/admin/tournaments/new');
  const form = page.getByTestId('tournament-form');
  await form.getByLabel('Name', { exact: true }).fill(`odd ${id}`);
  await form.getByRole('checkbox', { name: /Tic-Tac-Toe/ }).check();
  await agentBox(page, careful).check();
  await agentBox(page, sloppy).check();
  await form.getByLabel('Games per pair').fill('3');
  await form.getByRole('button', { name: 'Create and start' }).click();
  await expect(page.getByTestId('tournament-error')).toContainText('games per pair must be even');
  await expect(form.getByLabel('Name', { exact: true })).toHaveValue(`odd ${id}`);

  const name = `e2e round robin ${id}`;
  const tournamentId = await createRoundRobin(page, name, [careful, sloppy]);

  // The page follows the tournament live (socket.io), without reloading.
  const bar = page.getByTestId('tournament-progress');
  await expect(bar).toHaveAttribute('aria-valuenow', '100', { timeout: 90_000 });
  await expect(page.getByTestId('tournament-status')).toHaveText('finished', { timeout: 15_000 });
  await expect(page.getByTestId('count-done')).toHaveText('2');
  await expect(page.getByTestId('count-queued')).toHaveText('0');
  await expect(page.getByTestId('count-running')).toHaveText('0');
  await expect(page.getByTestId('cost')).toHaveText(/^\$\d+\.\d{4}$/);
  await expect(page.getByTestId('tokens')).not.toHaveText('0');

  const standings = page.getByTestId('standings');
  await expect(standings.getByTestId('standing-row')).toHaveCount(2);
  await expect(standings).toContainText(careful);
  await expect(standings).toContainText(sloppy);
  await expect(page.getByTestId('recent-matches').locator('a[href^="/matches/"]')).toHaveCount(2);

  // The list shows it finished, and the admin API reports it.
  const listed = (
    (await (await page.request.get('/api/admin/tournaments')).json()) as {
      id: string;
      status: string;
      counts: { done: number };
    }[]
  ).find((t) => t.id === tournamentId);
  expect(listed).toMatchObject({ status: 'finished', counts: { done: 2 } });

  // The agent link opens the agent's page.
  await standings.getByRole('link', { name: careful }).click();
  await expect(page).toHaveURL(/\/agents\/[^/]+$/);
  await expect(page.getByRole('heading', { level: 1 })).toContainText(careful);
});

test('editing how an agent plays after it has played makes a new version; the old one is shown as replaced', async ({
  page,
}) => {
  test.setTimeout(240_000);
  const id = run();
  const provider = `Sim edit ${id}`;
  const agent = `e2e edited ${id}`;

  await signIn(page);
  await addProvider(page, provider);
  await addLlmAgent(page, { name: agent, provider, model: 'sim-careful', scaffold: 'base' });
  await createRoundRobin(page, `e2e versions ${id}`, [agent, 'Random']);
  await expect(page.getByTestId('count-done')).not.toHaveText('0', { timeout: 90_000 });

  // A rename alone keeps the agent (no new version) — covered by the lib tests; here: change the scaffold.
  await page.goto('/admin/agents');
  const row = page.getByTestId('admin-agent-row').filter({ hasText: agent });
  await row.getByRole('link', { name: `Edit ${agent}` }).click();
  await expect(page).toHaveURL(/edit=/);
  const form = page.getByTestId('agent-form');
  await expect(form.getByLabel('Name', { exact: true })).toHaveValue(agent);
  await form.getByLabel('Scaffold').selectOption('cot');
  await form.getByRole('button', { name: 'Save changes' }).click();
  await expect(page.getByTestId('agent-notice')).toContainText(
    'saved as version 2 (a new agent, so ratings never mix versions)',
    { ignoreCase: true },
  );
  await expect(page).toHaveURL(/\/admin\/agents$/);

  const old = page
    .locator(`[data-testid="admin-agent-row"][data-retired="true"]`)
    .filter({ has: page.getByRole('link', { name: agent, exact: true }) });
  await expect(old).toBeVisible();
  await expect(old.getByTestId('agent-replaced')).toHaveText('replaced by a newer version');
  await expect(old.getByTestId('agent-version')).toHaveText('v1');
  await expect(old.getByRole('link', { name: /^Edit/ })).toHaveCount(0);
  const current = page
    .locator(`[data-testid="admin-agent-row"][data-retired="false"]`)
    .filter({ hasText: `${agent} v2` });
  await expect(current.getByTestId('agent-version')).toHaveText('v2');
  await expect(current.getByTestId('agent-scaffold')).toHaveText('cot');

  // The new-tournament form offers only the new version.
  await page.goto('/admin/tournaments/new');
  await expect(agentBox(page, `${agent} v2`)).toBeVisible();
  await expect(agentBox(page, agent)).toHaveCount(0);
});
