// User flow: a person picks a name, plays whole games against a simulated model by clicking, has an illegal click
// refused, reloads mid-game and gets their seat back, then finds the game in the replay list, marked a practice game;
// and every socket frame their browser receives is checked for the other seat's secret.
import { expect, test, type Page } from '@playwright/test';
import { unique } from './admin-helpers';
import { testGames } from '../games/registry';
import { currentDeal, initialState } from '../lib/engine/replay';

const SIM = 'sim-careful · cot (simulated)';

async function enterAsGuest(page: Page, prefix: string): Promise<string> {
  const name = `${prefix} ${unique()}`;
  await page.goto('/play');
  await page.getByLabel('Your name').fill(name);
  await page.getByRole('button', { name: 'Play as guest' }).click();
  await expect(page.getByTestId('playing-as')).toContainText(name);
  return name;
}

async function startGame(page: Page, game: string, seat: string) {
  await page.getByLabel('Game', { exact: true }).selectOption({ label: game });
  await page.getByLabel('Opponent', { exact: true }).selectOption({ label: `${SIM} (llm)` });
  await page.getByLabel('Your seat', { exact: true }).selectOption({ label: seat });
  await page.getByRole('button', { name: 'Start game' }).click();
  await page.waitForURL(/\/matches\/[a-z0-9]+$/);
  await expect(page.getByTestId('seat-panel')).toContainText(`You play ${seat}`);
}

/** Waits until it is the person's move (true) or the game is over (false). */
async function myMoveOrEnd(page: Page): Promise<boolean> {
  const turn = page.getByTestId('turn-state').filter({ hasText: 'your move' });
  const result = page.getByTestId('your-result');
  await expect(turn.or(result)).toBeVisible({ timeout: 60_000 });
  return !(await result.isVisible());
}

/** Plays by clicking the first button matching `legal` on each turn until the game ends; returns the moves made. */
async function playToEnd(page: Page, legal: RegExp): Promise<number> {
  let moves = 0;
  // "your move" shows only while the board takes a click; once clicked it reads "move sent" until the next turn.
  while (await myMoveOrEnd(page)) {
    await page.getByRole('button', { name: legal }).first().click();
    moves++;
  }
  return moves;
}

test('a person plays a whole Tic-Tac-Toe game: a taken square is disabled and says why, a reload keeps the seat, the game is in the replay list, a practice game', async ({
  page,
  browser,
}) => {
  test.setTimeout(180_000);
  const name = await enterAsGuest(page, 'Tess');
  await expect(page.getByTestId('rules-summary')).toContainText('three of their marks');
  await startGame(page, 'Tic-Tac-Toe', 'X');
  const url = page.url();

  expect(await myMoveOrEnd(page)).toBe(true);
  await page.getByRole('button', { name: 'Place X at row 2, column 2' }).click();
  await expect(page.getByTestId('transcript')).toContainText('X plays (2,2)');

  // Reload mid-game: back in the X seat, the move made and the opponent's reply shown.
  expect(await myMoveOrEnd(page)).toBe(true);
  await page.reload();
  await expect(page.getByTestId('seat-panel')).toContainText('You play X');
  await expect(page.getByTestId('transcript')).toContainText('X plays (2,2)');
  await expect(page.getByTestId('transcript')).toContainText(/O plays/);
  expect(await myMoveOrEnd(page)).toBe(true);
  await expect(page.getByTestId('move-timer')).toBeVisible();

  // A spectator (another browser, no name) watches the same match live, without the person's controls.
  const other = await browser.newContext();
  const spectator = await other.newPage();
  await spectator.goto(url);
  await expect(spectator.getByTestId('transcript')).toContainText('X plays (2,2)');
  await expect(spectator.getByTestId('match-status')).toContainText(/live/i);
  await expect(spectator.getByTestId('seat-panel')).toHaveCount(0);
  await expect(spectator.getByRole('button', { name: /^Place X/ })).toHaveCount(0);
  await other.close();

  // A taken square cannot be played: it is disabled for real (a click sends nothing) and says why, in the game's words.
  const taken = page.getByRole('button', { name: 'X at row 2, column 2 (taken)' });
  await expect(taken).toBeDisabled();
  await expect(taken).toHaveAccessibleDescription('(2,2) is already taken by X');
  await taken.click({ force: true });
  await expect(page.getByTestId('turn-state')).toContainText('your move');
  await expect(page.getByTestId('move-error')).toHaveCount(0);

  const moves = await playToEnd(page, /^Place X at/);
  expect(moves).toBeGreaterThanOrEqual(1);
  await expect(page.getByTestId('outcome')).toBeVisible();
  await expect(page.getByTestId('your-result')).toHaveText(/You won!|You lost\.|Draw\./);
  await expect(page.getByRole('button', { name: 'Play again' })).toBeVisible();
  await expect(page.getByRole('group', { name: 'Replay' }).or(page.getByTestId('replay-controls'))).toBeVisible();

  // The replay list on the home page links to it.
  await page.goto('/');
  const row = page.getByRole('link').filter({ hasText: name }).filter({ hasText: 'Tic-Tac-Toe' }).first();
  await expect(row).toBeVisible();
  await row.click();
  await expect(page).toHaveURL(url);

  // A new person's first games are practice (issue 35, lib/people-rating.ts): the match says so, and the leaderboard
  // says how people's games count and does not list them yet (people rated there: server/leaderboard/service.test.ts,
  // and after their practice games: server/leaderboard/people-rule.test.ts).
  await expect(page.getByTestId('unrated-note')).toContainText(
    `${name}'s first 3 games played to their end are practice (this is game 1 of 3)`,
  );
  await page.goto('/leaderboard?game=tictactoe');
  await expect(page.getByTestId('leaderboard-row').first()).toBeVisible({ timeout: 60_000 });
  await expect(page.getByTestId('people-rule')).toContainText('How people’s games count');
  await expect(page.getByTestId('leaderboard-row').filter({ hasText: name })).toHaveCount(0);
});

test('a person plays a whole Connect Four game by clicking columns, then plays again', async ({ page }) => {
  test.setTimeout(240_000);
  await enterAsGuest(page, 'Connie');
  await startGame(page, 'Connect Four', 'O');
  const moves = await playToEnd(page, /^Drop in column \d$/);
  expect(moves).toBeGreaterThanOrEqual(3);
  await expect(page.getByTestId('outcome')).toBeVisible();
  await expect(page.getByTestId('your-result')).toHaveText(/You won!|You lost\.|Draw\./);
  const first = page.url();
  await page.getByRole('button', { name: 'Play again' }).click();
  await page.waitForURL((u) => u.toString() !== first && /\/matches\//.test(u.toString()));
  // Play again swaps sides: O becomes X.
  await expect(page.getByTestId('seat-panel')).toContainText('You play X');
  await page.getByRole('button', { name: 'Resign' }).click();
  await page.getByRole('button', { name: 'Yes, resign' }).click();
  await expect(page.getByTestId('your-result')).toHaveText('You lost.');
  await expect(page.getByTestId('transcript')).toContainText('resigned');
  await expect(page.getByTestId('outcome')).toContainText('resigned');
  await expect(page.getByTestId('board')).not.toContainText('to move'); // the match is over, whatever the position
});

test("no socket frame a person receives during a hidden-information game carries the other seat's secret", async ({
  page,
}) => {
  test.setTimeout(180_000);
  // Everything the server sends this browser: socket.io starts on HTTP long-polling, then upgrades to a WebSocket.
  const frames: string[] = [];
  page.on('websocket', (ws) =>
    ws.on('framereceived', (f) => frames.push(typeof f.payload === 'string' ? f.payload : f.payload.toString('utf8'))),
  );
  page.on('response', async (r) => {
    if (r.url().includes('/socket.io/') && r.request().method() === 'GET') frames.push(await r.text().catch(() => ''));
  });
  await enterAsGuest(page, 'Hidden');
  await startGame(page, 'Hidden number (test game)', 'Player 1');
  const guessed = new Set<number>();
  while (await myMoveOrEnd(page)) {
    const n = [1, 2, 3, 4, 5, 6, 7, 8, 9].find((k) => !guessed.has(k))!;
    guessed.add(n);
    await page.getByRole('button', { name: `Guess ${n}`, exact: true }).click();
    await expect(page.getByTestId('transcript')).toContainText(`Player 1 guesses ${n}`);
  }
  await expect(page.getByTestId('outcome')).toBeVisible();

  // After the end both tags are revealed on the board; read them from the last frames. The rules' example tag
  // ("such as TAG-QXKZPW") is public: a player may read it (Explain) and the chat carries it.
  const hidden = testGames.find((g) => g.id === 'hidden-number')!;
  const examples = new Set(JSON.stringify(hidden.rules).match(/TAG-[A-Z]{6}/g) ?? []);
  expect(examples.size).toBeGreaterThan(0);
  const all = frames.join('\n');
  const tags = [...new Set(all.match(/TAG-[A-Z]{6}/g) ?? [])].filter((t) => !examples.has(t));
  expect(tags).toHaveLength(2);
  const end = frames.findIndex((f) => f.includes('"kind":"end"'));
  expect(end).toBeGreaterThan(0);
  // Everything received while the game ran: up to the final move (whose board is the game-over reveal).
  const running = frames
    .slice(
      0,
      frames.slice(0, end).findLastIndex((f) => f.includes('"kind":"move"')),
    )
    .join('\n');
  const mine = tags.filter((t) => running.includes(t));
  expect(mine).toHaveLength(1); // the person's own tag, shown to them all along
  const theirs = tags.find((t) => t !== mine[0])!;
  expect(running).not.toContain(theirs);
  // Nor anything that recomputes it: games deal from the match seed, so no string the browser received while the game
  // ran (the seed, or anything else) may deal the other seat's tag.
  const candidates = new Set<string>();
  for (const f of running.match(/"(?:[^"\\]|\\.)*"/g) ?? []) candidates.add(JSON.parse(f) as string);
  expect(candidates.size).toBeGreaterThan(10);
  for (const c of candidates)
    expect(JSON.stringify(initialState(hidden, {}, currentDeal(c), 2)), `"${c}" deals the hidden tag`).not.toContain(
      theirs,
    );
  await expect(page.getByText(theirs).first()).toBeVisible(); // revealed at the end
});

test('accounts: create one, sign out, sign back in; a taken name is refused with a reason', async ({ page }) => {
  const name = `Ada ${unique()}`;
  await page.goto('/play');
  const account = page.getByRole('form', { name: 'Your account' });
  await account.getByLabel('Name', { exact: true }).fill(name);
  await account.getByLabel('Password').fill('analytical-engine');
  await account.getByRole('button', { name: 'Create account' }).click();
  await expect(page.getByTestId('playing-as')).toHaveText(`Playing as ${name}`);
  await page.getByRole('button', { name: 'Sign out' }).click();
  await expect(page.getByRole('form', { name: 'Play as a guest' })).toBeVisible();

  // The name is taken now, for guests too.
  await page.getByLabel('Your name').fill(name.toLowerCase());
  await page.getByRole('button', { name: 'Play as guest' }).click();
  await expect(page.getByTestId('guest-error')).toContainText('is taken');
  await account.getByLabel('Name', { exact: true }).fill(name);
  await account.getByLabel('Password').fill('wrong-password');
  await account.getByRole('button', { name: 'Sign in' }).click();
  await expect(page.getByTestId('account-error')).toContainText('that name and password do not match');
  await account.getByLabel('Password').fill('analytical-engine');
  await account.getByRole('button', { name: 'Sign in' }).click();
  await expect(page.getByTestId('playing-as')).toHaveText(`Playing as ${name}`);
});

test('a person plays a whole sealed-bid auction, bidding at the same time as the model; a bid at their valuation is refused', async ({
  page,
}) => {
  test.setTimeout(180_000);
  await enterAsGuest(page, 'Bea');
  await startGame(page, 'Sealed-bid auction', 'Player 1');
  expect(await myMoveOrEnd(page)).toBe(true);
  await page.getByLabel('Your bid').fill('1000');
  await page.getByRole('button', { name: 'Place bid' }).click();
  await expect(page.getByTestId('move-error')).toContainText('your bid must be below your valuation');
  const bids = await playToEnd(page, /^Place bid$/);
  expect(bids).toBe(3); // three auctions, one sealed bid each
  await expect(page.getByTestId('your-result')).toHaveText(/You won!|You lost\.|Draw\./);
  await expect(page.getByTestId('transcript')).toContainText(/auction 3/i);
});

test('a person negotiates in Bargain: Deal is disabled with no offer to accept, a proposal carries a message, the game ends', async ({
  page,
}) => {
  test.setTimeout(180_000);
  await enterAsGuest(page, 'Barb');
  await startGame(page, 'Bargain', 'Player 1');
  expect(await myMoveOrEnd(page)).toBe(true);
  const deal = page.getByRole('button', { name: 'Deal', exact: true });
  await expect(deal).toBeDisabled();
  await expect(deal).toHaveAccessibleDescription(/^There is no proposal from Player 2 · .+ to accept yet/);
  await page.getByLabel('Hats you take').fill('1');
  await page.getByLabel('Message', { exact: true }).fill('One hat for me, the rest for you.');
  await page.getByRole('button', { name: 'Propose', exact: true }).click();
  await expect(page.getByTestId('transcript')).toContainText('One hat for me, the rest for you.');
  // From then on, accept whatever is on the table.
  await playToEnd(page, /^Deal$/);
  await expect(page.getByTestId('your-result')).toHaveText(/You won!|You lost\.|Draw\./);
  await expect(page.getByTestId('outcome')).toBeVisible();
});

test('a person plays Hanabi with a model as partner: an illegal discard is disabled and says why, the team result is shown', async ({
  page,
}) => {
  test.setTimeout(180_000);
  await enterAsGuest(page, 'Hana');
  await startGame(page, 'Hanabi (small)', 'Player 1');
  expect(await myMoveOrEnd(page)).toBe(true);
  // All information tokens are still in hand: a discard is disabled for real, saying why, by the card.
  const discard = page.getByRole('button', { name: 'Discard card 1' });
  await expect(discard).toBeDisabled();
  await expect(discard).toHaveAccessibleDescription(/^You cannot discard: the team holds all \d information tokens/);
  await playToEnd(page, /^Play card 1$/);
  await expect(page.getByTestId('your-result')).toContainText(/Your team: Team score \d+ of \d+/);
  await expect(page.getByTestId('outcome')).toBeVisible();
});

test("a person plays a whole hand of Texas Hold'em by checking and calling, and sees the result", async ({ page }) => {
  test.setTimeout(180_000);
  await enterAsGuest(page, 'Holly');
  await startGame(page, "Texas Hold'em", 'Player 1');
  const decisions = await playToEnd(page, /^(Check|Call \d+)$/);
  expect(decisions).toBeGreaterThanOrEqual(1);
  await expect(page.getByTestId('your-result')).toHaveText(/You won!|You lost\.|Draw\./);
  await expect(page.getByTestId('outcome')).toBeVisible();
});
