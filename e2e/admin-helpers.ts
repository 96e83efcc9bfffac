// Shared steps of the admin's flows in the end-to-end tests: signing in and filling the tournament form.
import { expect, type Page } from '@playwright/test';
import { KIND_LABELS } from '../components/kind-chip';
import { randomBytes } from 'node:crypto';

/** The admin account the e2e server creates from ARENA_ADMIN_PASSWORD (playwright.config.ts). */
export const ADMIN = { username: 'admin', password: 'e2e-admin-password' };

/** A suffix that makes a name (a person, a tournament) new in this run: six random hex digits. */
export const unique = () => randomBytes(3).toString('hex');

export const escapeRegExp = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/**
 * An agent's checkbox in the tournament form: its accessible name is the agent's name, then its kind chip's words
 * (components/kind-chip.tsx) and badges.
 */
export const agentChoice = (name: string) => ({
  name: new RegExp(`^${escapeRegExp(name)}\\s*(${Object.values(KIND_LABELS).join('|')})`),
});

export async function signIn(page: Page) {
  await page.goto('/admin/login');
  await page.getByLabel('Username').fill(ADMIN.username);
  await page.getByLabel('Password').fill(ADMIN.password);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page).toHaveURL(/\/admin$/);
  await expect(page.getByTestId('admin-username')).toHaveText(ADMIN.username);
}

/** Creates and starts a host/guest tournament of one game from the admin form; ends on the tournament's page. */
export async function createHostGuest(
  page: Page,
  opts: {
    name: string;
    game: RegExp;
    guest: string;
    host: string;
    gamesPerGuest: number;
    settings?: string;
    /** A settings preset button to click ("Who is the spy: calibration run"). */
    preset?: string;
    /** An LLM agent to pick as the consistency judge. */
    judge?: string;
    numPlayers?: number;
  },
) {
  await page.goto('/admin/tournaments/new');
  const form = page.getByTestId('tournament-form');
  await form.getByLabel('Name', { exact: true }).fill(opts.name);
  await form.getByRole('checkbox', { name: opts.game }).check();
  await form.getByRole('radio', { name: /Host \/ guest/ }).check();
  await form
    .getByRole('group', { name: /^Guests/ })
    .getByRole('checkbox', agentChoice(opts.guest))
    .check();
  await form
    .getByRole('group', { name: /^Hosts/ })
    .getByRole('checkbox', agentChoice(opts.host))
    .check();
  await form.getByLabel('Games per guest').fill(String(opts.gamesPerGuest));
  if (opts.numPlayers) await form.getByLabel('Players per match').fill(String(opts.numPlayers));
  if (opts.settings) await form.getByLabel('Game settings (JSON)').fill(opts.settings);
  if (opts.preset) await form.getByRole('button', { name: opts.preset }).click();
  if (opts.judge) await form.getByLabel('Consistency judge').selectOption({ label: opts.judge });
  await form.getByRole('button', { name: 'Create and start' }).click();
  await expect(page).toHaveURL(/\/tournaments\/(?!new$)[^/]+$/, { timeout: 30_000 });
}
