// Every number agrees on every page (issue 15): a bad filter is named with what is shown instead (the API's 400 says
// the same); Hanabi and the Cooperation category show the team scores; the data links carry the filters; one agent's
// record reads the same on the leaderboard, the agents list, its page and its match list.
import { expect, test, type Page } from '@playwright/test';
import { agentChoice, signIn } from './admin-helpers';
import { ratedGames } from '../games/registry';

/** The demo's Who-is-the-spy host: fills several villager seats of each match, and judges DEEP (an evaluation). */
const HOST = 'sim-careful · base (simulated)';

test('a bad filter is named on the page, with what is shown instead, as the API answers it', async ({ page }) => {
  await page.goto('/leaderboard?game=nope&method=foo');
  const notice = page.getByTestId('query-problems');
  await expect(notice).toBeVisible();
  await expect(notice.getByTestId('query-problem')).toHaveText([
    'game: "nope" is not a registered game: showing all games instead.',
    'method: "foo" is not valid (one of bt, trueskill, elo): showing Bradley-Terry instead.',
  ]);
  // What it shows instead: all games, Bradley-Terry.
  await expect(page.getByLabel('Game', { exact: true })).toHaveValue('');
  await expect(page.getByRole('radio', { name: 'Bradley-Terry' })).toBeChecked();

  const api = await page.request.get('/api/leaderboard?game=nope&method=foo');
  expect(api.status()).toBe(400);
  const { problems } = (await api.json()) as { problems: string[] };
  expect(problems).toHaveLength(2);
  for (const p of problems) await expect(notice).toContainText(p);

  // A judged evaluation is not a leaderboard game either: said, not silently dropped.
  await page.goto('/leaderboard?game=deep');
  await expect(page.getByTestId('query-problem')).toContainText('is a judged evaluation and is never rated');
  expect((await page.request.get('/api/leaderboard?game=deep')).status()).toBe(400);

  // A good address has no notice.
  await page.goto('/leaderboard?game=tictactoe&method=elo');
  await expect(page.getByTestId('leaderboard-meta')).toBeVisible();
  await expect(page.getByTestId('query-problems')).toHaveCount(0);
});

test('the data links carry the filters, and the exports honour them', async ({ page }) => {
  await page.goto('/leaderboard?game=tictactoe&method=elo');
  await expect(page.getByTestId('download-json')).toHaveAttribute('href', '/api/export/matches.json?game=tictactoe');
  await expect(page.getByTestId('download-csv')).toHaveAttribute('href', '/api/export/matches.csv?game=tictactoe');
  await expect(page.getByTestId('download-jsonl')).toHaveAttribute('href', '/api/export/matches.jsonl?game=tictactoe');
  const api = (await page.getByTestId('download-api').getAttribute('href'))!;
  expect(api).toMatch(/^\/api\/leaderboard\?/);
  expect(new URL(api, 'http://x').searchParams.get('game')).toBe('tictactoe');
  expect(new URL(api, 'http://x').searchParams.get('method')).toBe('elo');

  // The CSV the link gives holds Tic-Tac-Toe only; the API the link gives is this view.
  const csv = await page.request.get((await page.getByTestId('download-csv').getAttribute('href'))!);
  const games = new Set(
    (await csv.text())
      .split('\r\n')
      .slice(1)
      .filter(Boolean)
      .map((l) => l.split(',')[1]),
  );
  expect([...games]).toEqual(['tictactoe']);
  const board = (await (await page.request.get(api)).json()) as { query: { game: string; method: string } };
  expect(board.query).toMatchObject({ game: 'tictactoe', method: 'elo' });

  // Changing the filter changes the links.
  await page.getByLabel('Game', { exact: true }).selectOption({ label: 'Connect Four' });
  await expect(page).toHaveURL(/[?&]game=connect-four\b/);
  await expect(page.getByTestId('download-csv')).toHaveAttribute('href', '/api/export/matches.csv?game=connect-four');
  await page.getByLabel('Game', { exact: true }).selectOption({ label: 'All games' });
  await page.getByLabel('Reasoning category').selectOption({ label: 'Abstract strategy' });
  await expect(page.getByTestId('download-json')).toHaveAttribute(
    'href',
    '/api/export/matches.json?category=abstract-strategy',
  );
});

test('Hanabi and the Cooperation category show the team scores, and say there is nothing to rate against each other', async ({
  page,
}) => {
  test.setTimeout(240_000);
  // The baselines play a short round robin of Hanabi (with self-play, as cooperative games do), so they have rows.
  await signIn(page);
  await page.goto('/admin/tournaments/new');
  const form = page.getByTestId('tournament-form');
  await form.getByLabel('Name', { exact: true }).fill('numbers: Hanabi');
  await form.getByRole('checkbox', { name: /Hanabi/ }).check();
  await form.getByRole('radio', { name: /Round robin/ }).check();
  await form.getByRole('checkbox', agentChoice('Random')).check();
  await form.getByRole('checkbox', agentChoice('Engine')).check();
  await form.getByLabel('Games per pair').fill('2');
  await form.getByRole('button', { name: 'Create and start' }).click();
  await expect(page).toHaveURL(/\/tournaments\/(?!new$)[^/]+$/, { timeout: 30_000 });
  await expect(page.getByTestId('tournament-status')).toHaveText('finished', { timeout: 180_000 });

  for (const view of ['/leaderboard?game=hanabi', '/leaderboard?category=cooperation']) {
    // The page waits briefly for fresh numbers; when the computation is slower it says so and refreshes itself.
    await expect(async () => {
      await page.goto(view);
      await expect(page.getByTestId('cooperative-game').filter({ has: page.getByText('Hanabi') })).toBeVisible({
        timeout: 2_000,
      });
    }).toPass({ timeout: 60_000 });
    const table = page.locator('[data-testid="cooperative-game"][data-game-id="hanabi"]');
    // The baselines' rows (the demo's simulated models play Hanabi too, so there may be more).
    await expect(table.getByTestId('cooperative-row').filter({ hasText: /^Random/ })).toHaveCount(1);
    await expect(table.getByTestId('cooperative-row').filter({ hasText: /^Engine/ })).toHaveCount(1);
    // Nothing to rate against each other where every game shown is cooperative (Hanabi alone; the Cooperation category
    // also holds team games played side against side, such as Sea Battle, whose demo matches do get rated).
    const shown = view.includes('game=')
      ? ratedGames.filter((g) => g.id === 'hanabi')
      : ratedGames.filter((g) => g.meta.categories.includes('cooperation'));
    if (shown.every((g) => g.meta.scoring === 'cooperative'))
      await expect(page.getByTestId('no-competitive')).toContainText('Nothing to rate against each other');
    await expect(page.getByTestId('leaderboard-meta')).toContainText(/\d+ cooperative match/);
    await expect(page.getByText('No finished matches for these filters')).toHaveCount(0);
  }
  // All games: the ratings, and the team scores below them.
  await page.goto('/leaderboard');
  await expect(page.getByTestId('leaderboard-table')).toBeVisible();
  await expect(page.locator('[data-testid="cooperative-game"][data-game-id="hanabi"]')).toBeVisible();
});

/** How long one read waits for its element: a read that cannot find it fails, and the whole reading is tried again. */
const T = { timeout: 10_000 };

/** One agent's record as three pages show it: the leaderboard (all games, each person a row), the agents list, its page. */
async function readRecords(page: Page, agentId: string) {
  await page.goto('/leaderboard?humans=each');
  const row = page.locator(`[data-testid="leaderboard-row"][data-agent-id="${agentId}"]`);
  const board = {
    played: (await row.getByTestId('matches').textContent(T))!.trim(),
    wdl: (await row.getByTestId('wdl').textContent(T))!.trim(),
  };

  let list: { played: string; wdl: string } | null = null;
  for (let n = 1; !list; n++) {
    await page.goto(`/agents?page=${n}`);
    const card = page.locator(`[data-testid="agent-card"][data-agent-id="${agentId}"]`);
    if ((await card.count()) === 1)
      list = {
        played: (await card.getByTestId('agent-played').textContent(T))!.trim(),
        wdl: (await card.getByTestId('agent-wdl').textContent(T))!.trim(),
      };
    else if (n >= Number(await page.getByTestId('agent-list').getAttribute('data-pages', T)))
      throw new Error(`agent ${agentId} is not in the agents list`);
  }

  await page.goto(`/agents/${agentId}`);
  const own = {
    played: (await page.getByTestId('agent-played').textContent(T))!.trim(),
    wdl: (await page.getByTestId('agent-wdl').textContent(T))!.trim(),
  };
  const scope = page.locator('[data-testid="agent-rating-scope"][data-game-id="all"]');
  const ratings = {
    played: (await scope.getByTestId('scope-matches').textContent(T))!.trim(),
    wdl: (await scope.getByTestId('scope-wdl').textContent(T))!.trim(),
  };

  // The match list, every page: the matches it labels as counted, and their results.
  let counted = 0;
  const tally = { win: 0, draw: 0, loss: 0 };
  for (let n = 1; ; n++) {
    await page.goto(`/agents/${agentId}?page=${n}`);
    const results = page.getByTestId('agent-match').getByTestId('match-result');
    const rows = await results.count();
    for (let i = 0; i < rows; i++) {
      const r = results.nth(i);
      if ((await r.getAttribute('data-kind', T)) !== 'counted') continue;
      counted++;
      tally[(await r.getAttribute('data-result', T)) as keyof typeof tally]++;
    }
    if (n >= Number(await page.getByTestId('agent-matches').getAttribute('data-pages', T))) break;
  }
  const norm = (s: string) => s.replace(/\s+/g, ' ');
  return {
    board: { played: board.played, wdl: norm(board.wdl) },
    list: { played: list.played, wdl: norm(list.wdl) },
    page: { played: own.played, wdl: norm(own.wdl) },
    ratings: { played: ratings.played, wdl: norm(ratings.wdl) },
    matchList: { played: String(counted), wdl: `${tally.win} / ${tally.draw} / ${tally.loss}` },
  };
}

test('one agent, one record: the leaderboard, the agents list, its page and its match list agree', async ({ page }) => {
  test.setTimeout(240_000);
  // The host of the demo's Who is the spy: several villager seats per match (counted once), DEEP judgments (apart).
  await page.goto('/agents');
  const link = page.getByTestId('agent-card').getByRole('link', { name: HOST, exact: true });
  await expect(link).toBeVisible();
  const agentId = (await link.getAttribute('href'))!.split('/').pop()!;
  // Wait until it has a rated match, then read all pages until they agree (the demo may still be playing).
  await expect
    .poll(
      async () => {
        const r = (await (await page.request.get('/api/leaderboard?humans=each')).json()) as {
          rows: { agentId: string; matches: number }[];
        };
        return r.rows.find((x) => x.agentId === agentId)?.matches ?? 0;
      },
      { timeout: 120_000, intervals: [2_000] },
    )
    .toBeGreaterThan(0);

  await expect(async () => {
    const r = await readRecords(page, agentId);
    expect(r.list).toEqual(r.board);
    expect(r.page).toEqual(r.board);
    expect(r.ratings).toEqual(r.board);
    expect(r.matchList).toEqual(r.board);
  }).toPass({ timeout: 180_000, intervals: [3_000] });

  // Its page says what it counts, and what it lists apart (DEEP is a judged evaluation, never a draw).
  await page.goto(`/agents/${agentId}`);
  await expect(page.getByTestId('agent-counting')).toContainText('once per match however many seats');
  await expect(page.getByTestId('agent-matches-legend')).toContainText('in its record above');
  const deepRows = page.getByTestId('agent-match').filter({ hasText: 'DEEP' }).getByTestId('match-result');
  if ((await deepRows.count()) > 0) await expect(deepRows.first()).toHaveAttribute('data-kind', 'evaluation');
  await expect(page.getByTestId('agent-matches')).not.toContainText('self-play score');
});
