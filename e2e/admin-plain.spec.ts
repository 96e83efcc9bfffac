// Issue 15's page-level items, said plainly: a guest is warned before signing out (and can keep the name with a password
// right there); "Test connection" against a wrong URL shows the status and a one-line excerpt, a refused form lists every
// problem; an agent that never played is deleted after a confirmation; an agent whose model the provider does not list
// is warned about, its tournament says every match failed (with the first reason), and it can be archived.
import { expect, test, type Page } from '@playwright/test';
import { agentChoice, signIn } from './admin-helpers';

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

/** The simulated endpoint as a provider, with the models its test connection lists. */
async function addProvider(page: Page, name: string) {
  await page.goto('/admin/providers');
  const form = page.getByTestId('provider-form');
  await form.getByLabel('Name', { exact: true }).fill(name);
  await form.getByLabel('Base URL').fill(SIM_URL);
  await form.getByLabel('Simulated endpoint').check();
  await form.getByRole('button', { name: 'Test connection' }).click();
  await expect(form.getByTestId('test-models')).toContainText('sim-careful');
  await form.getByRole('button', { name: 'Use these models' }).click();
  await form.getByRole('button', { name: 'Add provider' }).click();
  await expect(page.getByTestId('provider-notice')).toContainText(name);
}

test('a guest is warned before signing out, and keeps the name by setting a password in the warning', async ({
  page,
}) => {
  const name = await enterAsGuest(page, 'Keeper');
  const signOut = page.getByRole('button', { name: 'Sign out', exact: true });
  const dialog = page.getByRole('dialog', { name: `Sign out and lose the name “${name}”?` });
  const password = dialog.getByLabel('Password to keep the name');

  // From the keyboard: Enter opens the warning with the password field focused; Escape closes it, nothing lost.
  await signOut.focus();
  await page.keyboard.press('Enter');
  await expect(dialog).toBeVisible();
  await expect(dialog).toContainText(`nobody can sign in as “${name}” again`);
  await expect(password).toBeFocused();
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
  await expect(page.getByTestId('playing-as')).toContainText(name);

  // A password too short is refused inside the warning; the guest is still signed in.
  await signOut.click();
  await password.fill('short');
  await dialog.getByRole('button', { name: 'Keep my name and sign out' }).click();
  await expect(dialog.getByTestId('sign-out-keep-error')).toHaveText('a password needs at least 8 characters');
  await expect(dialog).toBeVisible();
  // A good one: the guest becomes an account, then is signed out.
  await password.fill('keeper-password-1');
  await page.keyboard.press('Enter');
  await expect(page.getByRole('form', { name: 'Play as a guest' })).toBeVisible();

  // The name is kept: signing in with it and that password works, as an account (no "(guest)", no warning).
  const account = page.getByRole('form', { name: 'Your account' });
  await account.getByLabel('Name', { exact: true }).fill(name);
  await account.getByLabel('Password').fill('keeper-password-1');
  await account.getByRole('button', { name: 'Sign in' }).click();
  await expect(page.getByTestId('playing-as')).toHaveText(`Playing as ${name}`);
  await page.getByRole('button', { name: 'Sign out', exact: true }).click();
  await expect(page.getByRole('form', { name: 'Play as a guest' })).toBeVisible();
});

test('a guest who signs out anyway loses the name, as the warning said', async ({ page }) => {
  const name = await enterAsGuest(page, 'Leaver');
  await page.getByRole('button', { name: 'Sign out', exact: true }).click();
  const dialog = page.getByRole('dialog', { name: `Sign out and lose the name “${name}”?` });
  await dialog.getByRole('button', { name: 'Sign out and lose the name' }).click();
  await expect(page.getByRole('form', { name: 'Play as a guest' })).toBeVisible();
  await page.getByLabel('Your name').fill(name);
  await page.getByRole('button', { name: 'Play as guest' }).click();
  await expect(page.getByTestId('guest-error')).toContainText('is taken');
});

test('Test connection against a wrong URL shows the status and a one-line excerpt; a refused provider lists every problem', async ({
  page,
  baseURL,
}) => {
  await signIn(page);
  await page.goto('/admin/providers');
  const form = page.getByTestId('provider-form');
  // The arena's own web server answers this path with its HTML "not found" page.
  const wrong = `${baseURL}/no-such-api-${run()}/v1`;
  await form.getByLabel('Base URL').fill(wrong);
  await form.getByRole('button', { name: 'Test connection' }).click();
  const result = form.getByTestId('test-result');
  await expect(result).toContainText(`Connection failed: HTTP 404 from ${wrong}/models: `);
  const text = (await result.textContent()) ?? '';
  expect(text.length).toBeLessThanOrEqual(240);
  expect(text).not.toMatch(/<!doctype|<html|<body|<script|\n/i);

  // Saving with two problems names both, each as the form labels its field, and marks both fields.
  await form.getByLabel('Requests / min').fill('-3');
  await form.getByRole('button', { name: 'Add provider' }).click();
  await expect(form.getByTestId('provider-error')).toHaveText(
    'give the provider a name; Requests / min: must be more than 0',
  );
  await expect(form.getByLabel('Name', { exact: true })).toHaveAttribute('aria-invalid', 'true');
  await expect(form.getByLabel('Requests / min')).toHaveAttribute('aria-invalid', 'true');
  await expect(form.getByLabel('Base URL')).toHaveValue(wrong); // nothing typed is lost
});

test('an agent that never played is deleted from the list, after a confirmation', async ({ page }) => {
  const name = `unplayed ${run()}`;
  await signIn(page);
  await page.goto('/admin/agents');
  const form = page.getByTestId('agent-form');
  await form.getByLabel('Name', { exact: true }).fill(name);
  await form.getByRole('radio', { name: 'Random' }).check();
  await form.getByRole('button', { name: 'Add agent' }).click();
  await expect(page.getByTestId('agent-notice')).toContainText(`Added ${name}`);
  const row = page.getByTestId('admin-agent-row').filter({ hasText: name });

  // Delete asks first; Escape keeps it.
  await row.getByRole('button', { name: `Delete ${name}` }).click();
  await expect(row.getByTestId('agent-confirm')).toContainText('It never played');
  await expect(row.getByRole('button', { name: `Yes, delete ${name}` })).toBeFocused();
  await page.keyboard.press('Escape');
  await expect(row.getByTestId('agent-confirm')).toHaveCount(0);
  await expect(row).toBeVisible();

  await row.getByRole('button', { name: `Delete ${name}` }).click();
  await row.getByRole('button', { name: `Yes, delete ${name}` }).click();
  await expect(page.getByTestId('admin-agent-row').filter({ hasText: name })).toHaveCount(0);
  await page.goto('/admin/tournaments/new');
  await expect(page.getByRole('checkbox', agentChoice(name))).toHaveCount(0);
});

test('a model the provider does not list: a warning at creation; its tournament says every match failed, with the reason; the agent is archived', async ({
  page,
}) => {
  test.setTimeout(240_000);
  const id = run();
  const provider = `Sim plain ${id}`;
  const ghost = `ghost ${id}`;
  const tournament = `all failed ${id}`;
  await signIn(page);
  await addProvider(page, provider);

  // The simulated endpoint lists sim-careful, sim-random and sim-sloppy: "sim-ghost" is saved, with a warning.
  await page.goto('/admin/agents');
  const form = page.getByTestId('agent-form');
  await form.getByLabel('Name', { exact: true }).fill(ghost);
  await form.getByRole('radio', { name: 'LLM' }).check();
  await form.getByLabel('Provider').selectOption({ label: `${provider} (simulated)` });
  await form.getByLabel('Model').fill('sim-ghost');
  await form.getByRole('button', { name: 'Add agent' }).click();
  await expect(page.getByTestId('agent-notice')).toContainText(`Added ${ghost}`);
  await expect(page.getByTestId('agent-model-warning')).toContainText('"sim-ghost" is not one of them');

  // Its round robin against Random: the endpoint refuses the model, so every match fails (void).
  await page.goto('/admin/tournaments/new');
  const t = page.getByTestId('tournament-form');
  await t.getByLabel('Name', { exact: true }).fill(tournament);
  await t.getByRole('checkbox', { name: /Tic-Tac-Toe/ }).check();
  await t.getByRole('radio', { name: /Round robin/ }).check();
  await page.getByRole('checkbox', agentChoice(ghost)).check();
  await page.getByRole('checkbox', agentChoice('Random')).check();
  await t.getByLabel('Games per pair').fill('2');
  await t.getByRole('button', { name: 'Create and start' }).click();
  await expect(page).toHaveURL(/\/tournaments\/(?!new$)[^/]+$/, { timeout: 30_000 });

  await expect(page.getByTestId('tournament-status')).toHaveText('finished — every match failed', { timeout: 120_000 });
  await expect(page.getByTestId('count-failed')).toHaveText('2');
  await expect(page.getByTestId('count-done')).toHaveText('0');
  await expect(page.getByTestId('failure-summary')).toContainText(
    'All 2 matches that ended failed: nothing was measured.',
  );
  await expect(page.getByTestId('first-failure')).toContainText('sim-ghost');
  await expect(page.getByTestId('tournament-progress')).toHaveAttribute(
    'aria-valuetext',
    '100% — 2 of 2 matches ended, all failed',
  );
  // The list says it too.
  await page.goto('/tournaments');
  await expect(page.getByTestId('tournament-row').filter({ hasText: tournament })).toContainText(
    'finished — every match failed',
  );

  // Its failed matches keep it: no Delete, but Archive (confirmed) hides it and stops offering it.
  await page.goto('/admin/agents');
  const row = page.getByTestId('admin-agent-row').filter({ hasText: ghost });
  await expect(row.getByRole('button', { name: `Delete ${ghost}` })).toHaveCount(0);
  await row.getByRole('button', { name: `Archive ${ghost}` }).click();
  await row.getByRole('button', { name: `Yes, archive ${ghost}` }).click();
  await expect(page.getByTestId('admin-agent-row').filter({ hasText: ghost })).toHaveCount(0);
  await page.getByTestId('agents-archived-link').click();
  const archived = page.getByTestId('admin-agent-row').filter({ hasText: ghost });
  await expect(archived.getByTestId('agent-archived')).toBeVisible();
  await expect(archived.getByRole('button', { name: `Restore ${ghost}` })).toBeVisible();
  await page.goto('/admin/tournaments/new');
  await expect(page.getByRole('checkbox', agentChoice(ghost))).toHaveCount(0);
});

test("an admin defines a RAP agent: the search's settings appear with the scaffold; one out of range is refused by name", async ({
  page,
}) => {
  const name = `planner ${run()}`;
  await signIn(page);
  await page.goto('/admin/agents');
  const form = page.getByTestId('agent-form');
  await form.getByLabel('Name', { exact: true }).fill(name);
  await form.getByRole('radio', { name: 'LLM' }).check();
  await form.getByLabel('Provider').selectOption({ label: 'Simulated (OpenAI-compatible) (simulated)' });
  await form.getByLabel('Model').fill('sim-careful');
  await expect(form.getByTestId('rap-settings')).toHaveCount(0);
  await form.getByLabel('Scaffold').selectOption('rap');
  const rap = form.getByTestId('rap-settings');
  await expect(rap).toContainText('blank = GameBench’s: depth 2, 10 iterations');
  await rap.getByLabel('Iterations').fill('99');
  await form.getByRole('button', { name: 'Add agent' }).click();
  await expect(page.getByTestId('agent-error')).toContainText('RAP iterations: iterations are 1 to 50');
  await expect(rap.getByLabel('Iterations')).toHaveAttribute('aria-invalid', 'true');
  await rap.getByLabel('Iterations').fill('2');
  await rap.getByLabel('Candidates per node').fill('3');
  await form.getByRole('button', { name: 'Add agent' }).click();
  await expect(page.getByTestId('agent-notice')).toContainText(`Added ${name}`);
  const row = page.getByTestId('admin-agent-row').filter({ hasText: name });
  await expect(row.getByTestId('agent-scaffold')).toContainText('rap');
  await expect(row.getByTestId('agent-rap')).toHaveText('search: depth 2, 2 iterations, 3 candidates');
});
