// GameBench's own tables over the arena's matches: average score per game (its Table 3), ratings per game and overall
// with 90% intervals (Table 2 / Figure 1, GameBench's estimate: the mean of game-weighted bootstrap fits, each fitted
// as its rating.py does), ratings per reasoning category (Table 1's six) and a spider plot of agents across them.
import type { Metadata } from 'next';
import Link from 'next/link';
import { LeaderboardRules } from '@/components/leaderboard-rules';
import { EmptyState } from '@/components/empty-state';
import { categoryLabel, formatInterval, formatRating } from '@/components/leaderboard-format';
import { AgentLabel } from '@/components/agent-label';
import { GamebenchSpider, type SpiderAgent } from '@/components/gamebench-spider';
import { games as allGames, ratedGames } from '@/games/registry';
import { db } from '@/lib/db/client';
import {
  CATEGORIES,
  leaderboardSearch,
  leaderboardService,
  type LeaderboardQuery,
  type LeaderboardResult,
  type LeaderboardRow,
} from '@/lib/leaderboard-contract';
import { datasetGameList, datasetNames } from '@/lib/datasets';
import { listDatasets } from '@/lib/db/datasets-store';
import { leaderboardQueryFor } from '@/lib/db/settings';

export const dynamic = 'force-dynamic';
export const metadata: Metadata = { title: 'GameBench tables' };

type Props = { searchParams: Promise<Record<string, string | string[] | undefined>> };

interface Column {
  key: string;
  label: string;
  href: string;
  result: LeaderboardResult;
}

const th =
  'border-b border-zinc-200 px-3 py-2 text-xs font-medium text-zinc-500 dark:border-zinc-800 dark:text-zinc-400';
const frame =
  'overflow-x-auto rounded-xl border border-zinc-200 bg-white shadow-sm dark:border-zinc-800 dark:bg-zinc-900';

export default async function GamebenchTablesPage({ searchParams }: Props) {
  const { query: asked } = await leaderboardQueryFor(db(), await searchParams);
  // GameBench's figures: its estimate (the mean of game-weighted bootstrap fits) with 90% intervals, as the paper shows.
  const base: LeaderboardQuery = {
    ...asked,
    game: undefined,
    category: undefined,
    // The tables span every game: each game's current rules, or every version pooled (one version's key is one game's).
    protocol: asked.protocol === 'pooled' ? 'pooled' : 'current',
    // GameBench's nine games only: its Overall and categories rate those, not the arena's other games (an imported
    // dataset is rated over its own games).
    suite: asked.dataset ? 'all' : 'gamebench',
    method: 'bt',
    estimate: 'gamebench',
    scheme: 'game-weighted',
    interval: '90',
  };
  const service = leaderboardService();
  // An imported dataset's tables are over its own games (GameBench's nine, say), not the arena's.
  const chosen = asked.dataset
    ? (await listDatasets(db())).filter((d) => datasetNames(asked.dataset!).includes(d.name))
    : [];
  const gameList = asked.dataset
    ? datasetGameList(
        chosen.flatMap((d) => d.games),
        ratedGames,
      )
    : ratedGames
        .filter((g) => g.meta.gamebenchId !== undefined)
        .map((g) => ({ id: g.id, title: g.meta.title, categories: g.meta.categories as readonly string[] }));
  const link = (q: Partial<LeaderboardQuery>) => `/leaderboard${leaderboardSearch({ ...base, ...q })}`;
  let overall: LeaderboardResult;
  let perGame: Column[];
  let perCategory: Column[];
  try {
    overall = await service.get(base);
    const declared = new Set<string>(gameList.flatMap((g) => g.categories));
    [perGame, perCategory] = await Promise.all([
      Promise.all(
        gameList.map(async (g) => ({
          key: g.id,
          label: g.title,
          href: link({ game: g.id }),
          result: await service.get({ ...base, game: g.id }),
        })),
      ),
      Promise.all(
        CATEGORIES.filter((c) => declared.has(c)).map(async (c) => ({
          key: c,
          label: categoryLabel(c),
          href: link({ category: c }),
          result: await service.get({ ...base, category: c }),
        })),
      ),
    ]);
  } catch (err) {
    return (
      <div
        role="alert"
        className="rounded-xl border border-red-200 bg-red-50 px-4 py-6 text-center text-sm text-red-800 dark:border-red-900 dark:bg-red-950/40 dark:text-red-300"
      >
        <p className="font-semibold">The tables could not be computed.</p>
        <p className="mt-1">{err instanceof Error ? err.message : String(err)}</p>
      </div>
    );
  }
  const games = perGame.filter((c) => c.result.rows.length > 0);
  const categories = perCategory.filter((c) => c.result.rows.length > 0);
  const agents = overall.rows;
  const cell = (c: Column, agentId: string) => c.result.rows.find((r) => r.agentId === agentId);

  return (
    <div className="flex flex-col gap-8">
      <header className="max-w-3xl">
        <p className="text-sm">
          <Link
            href={link({})}
            className="font-medium text-indigo-700 underline-offset-2 hover:underline dark:text-indigo-300"
          >
            ← Leaderboard
          </Link>
        </p>
        <h1 className="mt-1 text-3xl font-semibold tracking-tight">GameBench’s tables</h1>
        <p className="mt-2 text-zinc-600 dark:text-zinc-400">
          The layouts of the GameBench paper over{' '}
          {chosen.length > 0 ? (
            <strong data-testid="tables-source" className="font-semibold text-violet-800 dark:text-violet-300">
              the imported dataset{chosen.length > 1 ? 's' : ''}{' '}
              {chosen.map((d) => `${d.name} (${d.matchCount.toLocaleString('en-US')} matches)`).join(' + ')}, not the
              arena’s matches
            </strong>
          ) : (
            'the arena’s own rated matches'
          )}
          {chosen.length > 0 ? '' : ' of GameBench’s nine games (its Overall and categories rate no other game)'}:
          average score (Table 3), ratings per game and overall with 90% intervals (Table 2, Figure 1), and per
          reasoning category with a spider plot. Ratings are GameBench’s estimate: the mean of{' '}
          {overall.bootstrapRounds.toLocaleString('en-US')} game-weighted bootstrap fits, each fitted as GameBench’s
          code fits it, on the arena’s scale (the random baseline at 1000) and, below each, on GameBench’s own (β,
          centred on the mean of the agents fitted, as its tables print it). Each column links to its leaderboard view.
        </p>
      </header>

      <LeaderboardRules
        protocol={base.protocol}
        rules={overall.rules}
        search={leaderboardSearch({ ...asked, protocol: 'current' })}
        keys={false}
      />

      {agents.length === 0 ? (
        <EmptyState>No rated match yet: the tables fill in as matches finish.</EmptyState>
      ) : (
        <>
          <section aria-labelledby="gb-average" className="flex flex-col gap-2">
            <h2 id="gb-average" className="text-lg font-semibold">
              Average score per game (Table 3)
            </h2>
            <p className="text-sm text-zinc-600 dark:text-zinc-400">
              The total score an agent achieved in a game divided by the number of its matches of that game; an agent
              commanding a whole side scores the side’s score. Hover a cell for the matches and the total.
            </p>
            <div className={frame}>
              <table data-testid="gb-average" className="w-full min-w-[36rem] text-sm">
                <ColumnsHead columns={games} />
                <tbody>
                  {agents.map((a) => (
                    <tr
                      key={a.agentId}
                      data-testid="gb-average-row"
                      className="border-t border-zinc-100 dark:border-zinc-800"
                    >
                      <th scope="row" className="px-3 py-1.5 text-left font-normal">
                        <AgentLabel name={a.agentName} kind={a.agentKind} simulated={a.simulated} />
                      </th>
                      {games.map((g) => {
                        const r = cell(g, a.agentId);
                        return (
                          <td
                            key={g.key}
                            className="px-3 py-1.5 text-right tabular-nums"
                            title={
                              r
                                ? `${r.matches} ${r.matches === 1 ? 'match' : 'matches'}, total ${r.totalScore.toFixed(2)}`
                                : 'No match of this game'
                            }
                          >
                            {r && r.matches > 0 ? (
                              <>
                                {(r.totalScore / r.matches).toFixed(2)}
                                <span className="ml-1 text-[0.65rem] text-zinc-400">({r.matches})</span>
                              </>
                            ) : (
                              <span className="text-zinc-400">—</span>
                            )}
                          </td>
                        );
                      })}
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
          </section>

          <RatingsTable
            id="gb-ratings"
            title="Ratings per game and overall (Table 2, Figure 1)"
            hint="GameBench’s estimate with its 90% interval, then β on GameBench’s scale; — where the agent has no match of the game."
            columns={[...games, { key: 'overall', label: 'Overall', href: link({}), result: overall }]}
            agents={agents}
          />

          <PaperColumns />

          {categories.length > 0 && (
            <>
              <RatingsTable
                id="gb-categories"
                title="Ratings per reasoning category"
                hint="Each category’s games together (GameBench’s Table 1 assigns every game its categories)."
                columns={categories}
                agents={agents}
              />
              <section aria-labelledby="gb-spider" className="flex flex-col gap-2">
                <h2 id="gb-spider" className="text-lg font-semibold">
                  Spider plot across the categories
                </h2>
                <GamebenchSpider
                  categories={categories.map((c) => c.label)}
                  agents={agents.map((a): SpiderAgent => ({
                    agentId: a.agentId,
                    name: a.agentName,
                    ratings: categories.map((c) => cell(c, a.agentId)?.rating ?? null),
                  }))}
                />
              </section>
            </>
          )}
        </>
      )}
    </div>
  );
}

/**
 * The paper's Tables 2 and 3 print their per-game columns under the wrong headers: the authors' generate_all_results.py
 * fills the columns in the order the games first appear in matches.json and writes a fixed alphabetical header over
 * them. Only AYT is right. Read from their code and data, so nobody compares the wrong columns.
 */
const PAPER_COLUMNS: [header: string, gamebenchId: string][] = [
  ['ALS', 'sea_battle'],
  ['ARC', 'two_rooms_and_a_boom'],
  ['AYT', 'are_you_the_traitor'],
  ['CN', 'air_land_sea'],
  ['HV', 'santorini'],
  ['PT', 'hive'],
  ['SN', 'codenames'],
  ['TRB', 'arctic_scavengers'],
  ['SB', 'pit'],
];

/** The game of a GameBench id, by its title (each game names its GameBench id in its own meta). */
const titleOf = (gamebenchId: string) =>
  allGames.find((g) => g.meta.gamebenchId === gamebenchId)?.meta.title ?? gamebenchId;

function PaperColumns() {
  return (
    <section aria-labelledby="gb-paper-columns" className="flex max-w-3xl flex-col gap-2">
      <h2 id="gb-paper-columns" className="text-lg font-semibold">
        Comparing with the paper: its column headers are shifted
      </h2>
      <p className="text-sm text-zinc-600 dark:text-zinc-400">
        The GameBench paper’s Tables 2 and 3 label their per-game columns wrongly: its code writes an alphabetical
        header over columns filled in the order the games first appear in its results file. Only AYT is right. Under
        each header of the paper is the game below; the tables here name their games in full.
      </p>
      <div className={frame}>
        <table data-testid="gb-paper-columns" className="w-full text-sm">
          <thead className="bg-zinc-50 dark:bg-zinc-900">
            <tr>
              <th scope="col" className={`${th} text-left`}>
                The paper’s header
              </th>
              <th scope="col" className={`${th} text-left`}>
                The game its column holds
              </th>
            </tr>
          </thead>
          <tbody>
            {PAPER_COLUMNS.map(([header, id]) => (
              <tr key={header} className="border-t border-zinc-100 dark:border-zinc-800">
                <td className="px-3 py-1.5 font-mono">{header}</td>
                <td className="px-3 py-1.5">
                  {titleOf(id)}
                  {header === 'AYT' && <span className="ml-1 text-zinc-500 dark:text-zinc-400">(right)</span>}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </section>
  );
}

/** The header row of every table here: the agent, then one linked column per game or category. */
function ColumnsHead({ columns }: { columns: Column[] }) {
  return (
    <thead className="bg-zinc-50 dark:bg-zinc-900">
      <tr>
        <th scope="col" className={`${th} text-left`}>
          Agent
        </th>
        {columns.map((c) => (
          <th key={c.key} scope="col" className={`${th} text-right`}>
            <Link href={c.href} className="hover:underline">
              {c.label}
            </Link>
          </th>
        ))}
      </tr>
    </thead>
  );
}

function RatingsTable({
  id,
  title,
  hint,
  columns,
  agents,
}: {
  id: string;
  title: string;
  hint: string;
  columns: Column[];
  agents: LeaderboardRow[];
}) {
  return (
    <section aria-labelledby={id} className="flex flex-col gap-2">
      <h2 id={id} className="text-lg font-semibold">
        {title}
      </h2>
      <p className="text-sm text-zinc-600 dark:text-zinc-400">{hint}</p>
      <div className={frame}>
        <table data-testid={id} className="w-full min-w-[36rem] text-sm">
          <ColumnsHead columns={columns} />
          <tbody>
            {agents.map((a) => (
              <tr
                key={a.agentId}
                data-testid={`${id}-row`}
                data-agent={a.agentName}
                className="border-t border-zinc-100 dark:border-zinc-800"
              >
                <th scope="row" className="px-3 py-1.5 text-left font-normal">
                  <AgentLabel name={a.agentName} kind={a.agentKind} simulated={a.simulated} />
                </th>
                {columns.map((c) => {
                  const r = c.result.rows.find((x) => x.agentId === a.agentId);
                  return (
                    <td
                      key={c.key}
                      className={`px-3 py-1.5 text-right tabular-nums ${c.key === 'overall' ? 'font-semibold' : ''}`}
                    >
                      {r && r.rating !== null ? (
                        <span className="inline-flex flex-col items-end">
                          <span>{formatRating(r.rating, 'bt')}</span>
                          <span className="text-[0.65rem] font-normal text-zinc-400">
                            {r.interval ? formatInterval(r.interval, 'bt') : 'few matches'}
                          </span>
                          {r.bt?.centred != null && (
                            <span
                              data-testid="gb-centred"
                              title="GameBench’s scale: β, centred on the mean of the agents fitted"
                              className="text-[0.65rem] font-normal text-zinc-500 dark:text-zinc-400"
                            >
                              β {r.bt.centred >= 0 ? '+' : '−'}
                              {Math.abs(r.bt.centred).toFixed(2)}
                            </span>
                          )}
                        </span>
                      ) : (
                        <span className="text-zinc-400">—</span>
                      )}
                    </td>
                  );
                })}
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </section>
  );
}
