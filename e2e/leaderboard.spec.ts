// User flow: a reader opens the leaderboard while the demo tournament plays, waits for every demo agent to have an
// interval, switches method and game, opens an agent's page and a replay; machine clients read the exports and the API.
import { expect, test, type Page } from '@playwright/test';

/**
 * Random, Engine and the two simulated LLM agents of the demo round robin, the simulated hosts of its Who-is-the-spy
 * host/guest demo, and the RAP agent of its gauntlet against Random (two Tic-Tac-Toe matches, played first).
 */
const DEMO_AGENTS = 6;
/** The demo round robin's agents (Random, Engine, the two simulated LLM agents): the only ones in GameBench's games. */
const ROUND_ROBIN_AGENTS = 4;
/** The RAP agent's two matches are too few for an interval: its row is flagged "few matches". */
const FEW = 1;

/** Reloads /leaderboard until every demo agent has a row, each with an interval but the RAP agent's (two matches). */
async function waitForFullLeaderboard(page: Page) {
  await expect
    .poll(
      async () => {
        await page.goto('/leaderboard');
        const rows = await page.getByTestId('leaderboard-row').count();
        const intervals = await page.getByTestId('rating-interval').count();
        const few = await page.getByTestId('few-matches').count();
        return { rows, intervals, few };
      },
      { timeout: 90_000, intervals: [2_000, 3_000] },
    )
    .toEqual({ rows: DEMO_AGENTS, intervals: DEMO_AGENTS - FEW, few: FEW });
}

/** agent id → the text of one column, for every row of the table. */
async function column(page: Page, testId: string): Promise<Record<string, string>> {
  const rows = page.getByTestId('leaderboard-row');
  const out: Record<string, string> = {};
  for (const row of await rows.all()) {
    out[(await row.getAttribute('data-agent-id')) ?? '?'] = (
      (await row.getByTestId(testId).textContent()) ?? ''
    ).trim();
  }
  return out;
}

test('the leaderboard fills in as matches finish; method and game filters live in the URL; agent page links to replays', async ({
  page,
}) => {
  test.setTimeout(240_000);
  await waitForFullLeaderboard(page);

  const table = page.getByTestId('leaderboard-table');
  await expect(table).toBeVisible();
  await expect(table).toContainText('Reliability (not skill)');
  await expect(page.getByTestId('leaderboard-meta')).toContainText(/from \d+ matches?, \d+ bootstrap rounds/);
  await expect(page.getByRole('radio', { name: 'Bradley-Terry' })).toBeChecked();

  // The chart (dots with whiskers) and the pairwise heat map render.
  await expect(page.getByTestId('leaderboard-chart').locator('svg.recharts-surface')).toBeVisible();
  await expect(page.getByTestId('leaderboard-chart').locator('.recharts-errorBar').first()).toBeAttached();
  await expect(page.getByTestId('pairwise')).toBeVisible();
  await expect(page.getByTestId('pairwise').getByTestId('pair-cell')).toHaveCount(DEMO_AGENTS * (DEMO_AGENTS - 1));
  await expect(page.getByTestId('normalized')).toBeVisible();

  // Method: TrueSkill changes the rating column and the URL.
  const btRatings = await column(page, 'rating');
  await page.getByRole('radio', { name: 'TrueSkill' }).check();
  await expect(page).toHaveURL(/[?&]method=trueskill\b/);
  await expect(page.getByRole('radio', { name: 'TrueSkill' })).toBeChecked();
  await expect(page.getByRole('heading', { name: /Ratings · TrueSkill/ })).toBeVisible();
  await expect
    .poll(async () => {
      const ts = await column(page, 'rating');
      return Object.keys(ts).some((id) => ts[id] !== btRatings[id]);
    })
    .toBe(true);

  // Game: Tic-Tac-Toe only changes the match counts (the demo plays several games, in a shuffled order), and keeps the
  // method. Wait until both a Tic-Tac-Toe and a Connect Four match count, then read all games afresh.
  const used = async (game: string) =>
    ((await (await page.request.get(`/api/leaderboard?game=${game}`)).json()) as { matchesUsed: number }).matchesUsed;
  await expect
    .poll(async () => Math.min(await used('connect-four'), await used('tictactoe')), {
      timeout: 90_000,
      intervals: [2_000],
    })
    .toBeGreaterThan(0);
  await page.reload();
  const allGames = await column(page, 'matches');
  // The arena's own robustness check: every agent ranked again without each game.
  await expect(page.getByTestId('robust-row')).toHaveCount(DEMO_AGENTS);
  await expect(page.getByTestId('robust')).toContainText('without Tic-Tac-Toe');
  // GameBench's tables: an average-score row and a rating row per agent, the spider plot with the best three.
  await page.getByRole('link', { name: 'GameBench’s tables' }).click();
  await expect(page).toHaveURL(/\/leaderboard\/gamebench/);
  // GameBench's nine games only: the round robin's four agents once each has finished one of them (a simulated host
  // too, once it has played Are You the Traitor? or Two Rooms), never the RAP agent (it plays Tic-Tac-Toe only), and
  // no column of the arena's own games.
  const agents = async () =>
    Promise.all((await page.getByTestId('gb-ratings-row').all()).map(async (r) => r.getAttribute('data-agent')));
  await expect
    .poll(
      async () => {
        await page.reload();
        return (await agents()).length;
      },
      { timeout: 120_000, intervals: [2_000, 3_000] },
    )
    .toBeGreaterThanOrEqual(ROUND_ROBIN_AGENTS);
  const shown = await agents();
  expect(shown).toEqual(expect.arrayContaining(['Random', 'Engine']));
  expect(shown.filter((name) => /rap/i.test(name ?? ''))).toEqual([]);
  expect(shown.length).toBeLessThan(DEMO_AGENTS);
  await expect(page.getByTestId('gb-average-row')).toHaveCount(shown.length);
  await expect(page.getByTestId('gb-ratings')).not.toContainText('Tic-Tac-Toe');
  await expect(page.getByTestId('gb-ratings').getByRole('columnheader', { name: 'Overall' })).toBeVisible();
  // GameBench's scale beside the arena's: each agent's Overall β, centred, so they add up to 0 (each rounded to 0.01).
  const centred = await Promise.all(
    (await page.getByTestId('gb-ratings-row').all()).map(async (row) =>
      Number((await row.getByTestId('gb-centred').last().textContent())!.replace('−', '-').replace(/[β\s+]/g, '')),
    ),
  );
  expect(centred).toHaveLength(shown.length);
  expect(Math.abs(centred.reduce((a, b) => a + b, 0))).toBeLessThanOrEqual(0.005 * shown.length + 1e-9);
  await expect(page.getByTestId('gb-spider').getByRole('checkbox', { checked: true })).toHaveCount(3);
  // The same choice on the leaderboard: "Games rated: GameBench's nine", kept in the address, carried to the exports.
  await page.goto('/leaderboard');
  await page.getByRole('radio', { name: 'GameBench’s nine' }).check();
  await expect(page).toHaveURL(/[?&]suite=gamebench\b/);
  await expect(page.getByRole('heading', { name: /GameBench’s nine games/ })).toBeVisible();
  await expect(page.getByTestId('downloads').getByRole('link', { name: 'CSV' })).toHaveAttribute(
    'href',
    /suite=gamebench/,
  );
  await expect(page.getByTestId('leaderboard-row').filter({ hasText: 'rap' })).toHaveCount(0);
  await page.goto('/leaderboard?method=trueskill');
  await page.getByLabel('Game', { exact: true }).selectOption({ label: 'Tic-Tac-Toe' });
  await expect(page).toHaveURL(/[?&]game=tictactoe\b/);
  await expect(page).toHaveURL(/[?&]method=trueskill\b/);
  await expect
    .poll(async () => {
      const ttt = await column(page, 'matches');
      return Object.keys(ttt).length > 0 && Object.keys(ttt).some((id) => ttt[id] !== allGames[id]);
    })
    .toBe(true);

  // Rules: the game's current rules by default, said so; every version pooled on request, in the URL, said so too;
  // the export links follow the choice.
  const rules = page.getByTestId('leaderboard-rules');
  await expect(rules.getByTestId('leaderboard-rules-summary')).toContainText(
    /Rated under the current rules, tictactoe v1 · \w+\./,
  );
  await rules.getByLabel('Rules').selectOption('pooled');
  await expect(page).toHaveURL(/[?&]protocol=pooled\b/);
  await expect(rules.getByTestId('leaderboard-rules-summary')).toContainText(
    'Results under different rules are mixed here',
  );
  await expect(page.getByRole('link', { name: 'CSV' })).toHaveAttribute('href', /protocol=pooled/);
  // Back to the current rules: the default, left out of the URL.
  await page.getByLabel('Rules').selectOption('current');
  await expect(page).not.toHaveURL(/protocol=/);

  // A shared URL opens the same view.
  await page.goto('/leaderboard?method=trueskill&game=tictactoe');
  await expect(page.getByRole('radio', { name: 'TrueSkill' })).toBeChecked();
  await expect(page.getByLabel('Game', { exact: true })).toHaveValue('tictactoe');

  // An agent's page from the table: its setup, its ratings, its matches with replay links.
  const firstRow = page.getByTestId('leaderboard-row').first();
  const agentId = await firstRow.getAttribute('data-agent-id');
  await firstRow.getByRole('link').first().click();
  await expect(page).toHaveURL(new RegExp(`/agents/${agentId}$`));
  await expect(page.getByTestId('agent-ratings')).toBeVisible();
  await expect(page.getByTestId('agent-ratings')).toContainText('All games');
  const matches = page.getByTestId('agent-matches');
  await expect(matches).toBeVisible();
  const replay = matches.getByRole('link', { name: /replay/i }).first();
  await expect(replay).toHaveAttribute('href', /^\/matches\//);
  await replay.click();
  await expect(page).toHaveURL(/\/matches\//);
  await expect(page.getByTestId('board')).toBeVisible();
});

test('an unknown agent id shows a 404 page', async ({ page }) => {
  const res = await page.goto('/agents/does-not-exist');
  expect(res?.status()).toBe(404);
  await expect(page.getByText(/no such agent/i)).toBeVisible();
});

test('exports and the leaderboard API answer machine clients', async ({ request }) => {
  // At least one finished match (the first test usually leaves many).
  await expect
    .poll(async () => ((await (await request.get('/api/export/matches.json')).json()) as unknown[]).length, {
      timeout: 90_000,
      intervals: [2_000],
    })
    .toBeGreaterThan(0);

  // GameBench JSON: an array of { game, <agent name>: <score> }.
  const json = (await (await request.get('/api/export/matches.json')).json()) as Record<string, unknown>[];
  expect(Array.isArray(json)).toBe(true);
  for (const rec of json) {
    expect(typeof rec.game).toBe('string');
    const agents = Object.entries(rec).filter(([k]) => k !== 'game');
    expect(agents.length).toBeGreaterThanOrEqual(1);
    for (const [, score] of agents) expect(typeof score).toBe('number');
  }
  const ttt = (await (await request.get('/api/export/matches.json?game=tictactoe')).json()) as { game: string }[];
  expect(ttt.every((r) => r.game === 'tictactoe')).toBe(true);
  // Judged evaluations have no scores to rate: never in the GameBench export, and asked for by name, a readable 400.
  expect(json.some((r) => r.game === 'deep')).toBe(false);
  const deep = await request.get('/api/export/matches.json?game=deep');
  expect(deep.status()).toBe(400);
  expect(((await deep.json()) as { error: string }).error).toMatch(/judged evaluation with no scores to rate/);

  // CSV: header and at least one seat row, as a download.
  const csv = await request.get('/api/export/matches.csv');
  expect(csv.ok()).toBe(true);
  expect(csv.headers()['content-type']).toContain('text/csv');
  expect(csv.headers()['content-disposition']).toContain('attachment');
  const lines = (await csv.text()).split('\r\n').filter(Boolean);
  expect(lines[0]).toBe(
    'match_id,game,tournament,seed,finished_at,seat,agent_id,agent_name,agent_kind,model,scaffold,prompt_version,simulated,score,outcome,illegal_count,forfeit_count,protocol_key,protocol,rated',
  );
  expect(lines.length).toBeGreaterThanOrEqual(2);

  // JSONL: every line a match with its seats and events.
  const jsonl = await request.get('/api/export/matches.jsonl');
  expect(jsonl.ok()).toBe(true);
  const records = (await jsonl.text())
    .split('\n')
    .filter(Boolean)
    .map(
      (l) =>
        JSON.parse(l) as {
          status: string;
          seats: unknown[];
          events: { seq: number; kind: string }[];
          llmCalls: unknown[];
          protocol: { key: string; game: string; version: number } | null;
        },
    );
  expect(records.length).toBeGreaterThan(0);
  for (const r of records) {
    expect(['finished', 'failed']).toContain(r.status);
    expect(r.seats.length).toBeGreaterThanOrEqual(2);
    expect(r.events.length).toBeGreaterThan(0);
    expect(r.events[0]!.seq).toBe(1);
    expect(Array.isArray(r.llmCalls)).toBe(true);
    // The protocol it was played under, with its key.
    expect(r.protocol?.key).toMatch(/^[0-9a-f]{16}$/);
    expect(r.protocol?.version).toBeGreaterThanOrEqual(1);
  }
  expect(records.some((r) => r.llmCalls.length > 0)).toBe(true);

  // The leaderboard API: same parameters as the page; invalid ones answer 400 with the problems.
  const board = await request.get('/api/leaderboard?method=elo&game=tictactoe');
  expect(board.ok()).toBe(true);
  const body = (await board.json()) as {
    rows: { agentId: string }[];
    query: { method: string; game?: string };
    rules: { key: string | null; label: string; matches: number; current: boolean; rated: boolean }[];
  };
  expect(body.rows.length).toBeGreaterThan(0);
  // The rules versions of the game's matches, each named: its current one first, and rated.
  expect(body.rules.length).toBeGreaterThan(0);
  expect(body.rules[0]).toMatchObject({ current: true, rated: true });
  expect(body.rules[0]!.label).toMatch(/^tictactoe v1 · /);
  expect(body.rules[0]!.key).toMatch(/^[0-9a-f]{16}$/);
  // One rules version by its key, or all pooled; a key no match was played under is refused in words.
  const one = await request.get(`/api/leaderboard?method=elo&game=tictactoe&protocol=${body.rules[0]!.key}`);
  expect(one.ok()).toBe(true);
  expect(((await one.json()) as { query: { protocol: string } }).query.protocol).toBe(body.rules[0]!.key);
  const pooled = (await (await request.get('/api/leaderboard?game=tictactoe&protocol=pooled')).json()) as typeof body;
  expect(pooled.rules.every((r) => r.rated)).toBe(true);
  const unknown = await request.get('/api/leaderboard?game=tictactoe&protocol=0123456789abcdef');
  expect(unknown.status()).toBe(400);
  expect(((await unknown.json()) as { problems: string[] }).problems.join(' ')).toMatch(
    /protocol: no finished rated match of tictactoe was played under the rules "0123456789abcdef"/,
  );
  expect(body.query).toMatchObject({ method: 'elo', game: 'tictactoe' });
  const bad = await request.get('/api/leaderboard?method=nonsense');
  expect(bad.status()).toBe(400);
  const err = (await bad.json()) as { error: string; problems: string[] };
  expect(err.problems.join(' ')).toMatch(/method/);
});
