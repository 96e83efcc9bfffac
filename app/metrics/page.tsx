// LLMArena's analysis: the normalized score table across environments, then per environment TrueSkill with σ, win
// rate, average reward and illegal-reply rate, the action mix, the move metrics the game records (Connect Four's
// reward per move, Hold'em's action mix by estimated win rate, Bid's deviation from the equilibrium bid).
import { QueryProblems } from '@/components/query-problems';
import type { Metadata } from 'next';
import Link from 'next/link';
import { AgentLabel } from '@/components/agent-label';
import { EmptyState } from '@/components/empty-state';
import { LeaderboardNormalized, LeaderboardNormalizedRaw } from '@/components/leaderboard-normalized';
import { Section, Table, Td } from '@/components/metrics-table';
import { metricsPageOf, resultsHref } from '@/games/metrics';
import { games as allGames, getGame, ratedGames as games } from '@/games/registry';
import {
  leaderboardService,
  parseLeaderboardQuery,
  unknownGame,
  type LeaderboardResult,
  type QueryProblem,
} from '@/lib/leaderboard-contract';
import type { GameMetrics } from '@/lib/game-metrics';
import { getGameMetrics } from '@/lib/db/game-analyses';
import { db } from '@/lib/db/client';
import { pageRules } from '@/lib/db/rules';
import { LeaderboardRules, RulesProblem } from '@/components/leaderboard-rules';

export const dynamic = 'force-dynamic';
export const metadata: Metadata = { title: 'Metrics' };

type Props = { searchParams: Promise<Record<string, string | string[] | undefined>> };

const pct = (x: number | null | undefined) => (x == null ? '—' : `${(x * 100).toFixed(1)}%`);
const capitalized = (s: string) => s.charAt(0).toUpperCase() + s.slice(1);
const num = (x: number | null | undefined, digits = 2) => (x == null || !Number.isFinite(x) ? '—' : x.toFixed(digits));

export default async function MetricsPage({ searchParams }: Props) {
  const params = await searchParams;
  const wanted = params.game;
  const asked = getGame(typeof wanted === 'string' ? wanted : '');
  const game = asked && asked.meta.scoring !== 'evaluation' ? asked : games[0]!;
  // A game the address names that this page cannot show is said so, with what it shows instead.
  const problems: QueryProblem[] =
    wanted === undefined || asked === game
      ? []
      : [
          {
            key: 'game',
            message: asked
              ? `game: "${asked.id}" is a judged evaluation, whose results are on its own page (${resultsHref(asked)})`
              : unknownGame(String(wanted)),
            instead: game.meta.title,
          },
        ];
  const ownPage = metricsPageOf(game.id);
  let overall: LeaderboardResult | null = null;
  let perGame: LeaderboardResult | null = null;
  let error: string | null = null;
  // The game's current rules unless the address asks for another version or all pooled (lib/db/rules.ts); the
  // normalized tables across games: each game's current rules, or every version pooled.
  const { protocol, rules, filter, problem } = await pageRules(db(), [game.id], params.protocol);
  try {
    [overall, perGame] = await Promise.all([
      leaderboardService().get(parseLeaderboardQuery({ protocol: protocol === 'pooled' ? 'pooled' : 'current' }).query),
      leaderboardService().get(parseLeaderboardQuery({ game: game.id, method: 'trueskill', protocol }).query),
    ]);
  } catch (err) {
    error = err instanceof Error ? err.message : String(err);
  }
  const metrics = await getGameMetrics(game.id, filter);
  const trueskill = new Map((perGame?.rows ?? []).map((r) => [r.agentId, r.trueskill]));

  return (
    <div className="flex flex-col gap-8">
      <header className="max-w-3xl">
        <h1 className="text-3xl font-semibold tracking-tight">Metrics</h1>
        <p className="mt-2 text-zinc-600 dark:text-zinc-400">
          LLMArena&apos;s analysis of every environment, from finished matches: normalized scores across games, then per
          game TrueSkill with its σ, win rate, average reward, the rate of illegal replies, and what each agent does
          with its moves.
        </p>
      </header>

      <div className="flex flex-col gap-8">
        <Section
          id="normalized"
          title="Normalized score"
          hint="LLMArena Table 1: per environment its own metric (TrueSkill μ, average reward, the undercover's win rate) as 100 · x / the best agent's, then the average over the environments the agent has a value in."
        >
          {overall && overall.normalized.rows.length > 0 ? (
            <LeaderboardNormalized result={overall} />
          ) : (
            <EmptyState>{error ?? 'No finished matches yet.'}</EmptyState>
          )}
        </Section>
        <Section
          id="normalized-raw"
          title="Raw metrics"
          hint="LLMArena Appendix C: the values Table 1 normalizes — TrueSkill μ from each game's matches alone, average reward in the game's own units (Hanabi: team score with one model in both seats), the spy's win rate."
        >
          {overall && overall.normalized.rows.length > 0 ? (
            <LeaderboardNormalizedRaw result={overall} />
          ) : (
            <EmptyState>{error ?? 'No finished matches yet.'}</EmptyState>
          )}
        </Section>
      </div>

      <QueryProblems issues={problems} />

      <nav aria-label="Games" className="flex flex-wrap gap-2">
        {games.map((g) => (
          <Link
            key={g.id}
            href={`/metrics?game=${g.id}`}
            aria-current={g.id === game.id ? 'page' : undefined}
            className={`rounded-full border px-3 py-1 text-sm ${g.id === game.id ? 'border-indigo-600 bg-indigo-600 text-white' : 'border-zinc-300 hover:border-indigo-400 dark:border-zinc-700'}`}
          >
            {g.meta.title}
          </Link>
        ))}
      </nav>

      <p className="text-sm" data-testid="evaluations">
        Judged evaluations, never rated:{' '}
        {allGames
          .filter((g) => g.meta.scoring === 'evaluation')
          .map((g, i) => (
            <span key={g.id}>
              {i > 0 && ', '}
              <Link
                href={resultsHref(g)}
                className="font-medium text-indigo-700 underline underline-offset-2 dark:text-indigo-300"
              >
                {g.meta.title}
              </Link>
            </span>
          ))}
        .
      </p>

      {ownPage?.link && (
        <p className="text-sm">
          <Link
            href={`/metrics/${game.id}`}
            className="font-medium text-indigo-700 underline underline-offset-2 dark:text-indigo-300"
          >
            {ownPage.link.text}
          </Link>{' '}
          {ownPage.link.detail}
        </p>
      )}
      <RulesProblem problem={problem} />
      <LeaderboardRules protocol={protocol} rules={rules} search={`?game=${game.id}`} />
      {metrics.results.length === 0 ? (
        <EmptyState>No finished {game.meta.title} matches yet.</EmptyState>
      ) : (
        <>
          <Section
            id="results"
            title={`${game.meta.title}: results`}
            hint={`LLMArena's metrics per environment: TrueSkill μ ± σ from this game's matches (— when TrueSkill cannot rate the agent) and average reward in the game's own units (chips, points, value); arena's own: win rate (matches its side won, once per match however many seats it held${game.meta.scoring === 'cooperative' ? '; none here: the seats play together' : ''}), illegal replies.`}
          >
            <Table
              head={['Agent', 'TrueSkill μ ± σ', 'Win rate', 'Average reward', 'Illegal replies', 'Matches']}
              testId="metrics-results"
            >
              {metrics.results.map((r) => {
                const ts = trueskill.get(r.agentId);
                return (
                  <tr key={r.agentId} className="border-t border-zinc-100 dark:border-zinc-800">
                    <Td left>
                      <AgentLabel name={r.name} kind={r.kind} simulated={r.simulated} />
                    </Td>
                    <Td>{ts ? `${ts.mu.toFixed(1)} ± ${ts.sigma.toFixed(1)}` : '—'}</Td>
                    <Td>{game.meta.scoring === 'cooperative' ? '—' : pct(r.winRate)}</Td>
                    <Td>{num(r.avgReward)}</Td>
                    <Td>{pct(r.illegalRate)}</Td>
                    <Td>{r.matches}</Td>
                  </tr>
                );
              })}
            </Table>
          </Section>
          <MoveAnalysis
            metrics={metrics}
            names={new Map(metrics.results.map((r) => [r.agentId, r.name]))}
            order={metrics.results.map((r) => r.agentId)}
          />
        </>
      )}
    </div>
  );
}

function MoveAnalysis({
  metrics: all,
  names,
  order,
}: {
  metrics: GameMetrics;
  names: Map<string, string>;
  order: string[];
}) {
  // Agents in the results table's order (best win rate first).
  const rank = (id: string) => (order.includes(id) ? order.indexOf(id) : order.length);
  const metrics = { ...all, moves: [...all.moves].sort((a, b) => rank(a.agentId) - rank(b.agentId)) };
  const metricKeys = [...new Set(metrics.moves.flatMap((m) => Object.keys(m.means)))].sort();
  const name = (id: string) => names.get(id) ?? id;
  // The game's own words for its metrics (`meta.analysis.labels`), read by lib/game-metrics.ts.
  const mixByLabel = metrics.labels[metrics.mixBy ?? ''] ?? 'metric';
  return (
    <>
      <Section id="mix" title="Action mix" hint="Share of each agent's moves by action type.">
        <Table head={['Agent', ...metrics.actionTypes, 'Moves']} testId="metrics-mix">
          {metrics.moves.map((m) => (
            <tr key={m.agentId} className="border-t border-zinc-100 dark:border-zinc-800">
              <Td left>{name(m.agentId)}</Td>
              {metrics.actionTypes.map((t) => (
                <Td key={t}>{pct(m.mix[t] ?? 0)}</Td>
              ))}
              <Td>{m.moves}</Td>
            </tr>
          ))}
        </Table>
      </Section>
      {metricKeys.length > 0 && (
        <Section
          id="move-metrics"
          title="Per-move metrics"
          hint="Means of what the game records with each move (e.g. Connect Four's reward per move: the change in the mover's board valuation), then the metrics the game reports per match: the sum over one match's moves, averaged over the agent's matches."
        >
          <Table
            head={[
              'Agent',
              ...metricKeys.map((k) => `mean ${metrics.labels[k] ?? k}`),
              ...metrics.perMatch.map((p) => p.label),
            ]}
            testId="metrics-means"
          >
            {metrics.moves.map((m) => (
              <tr key={m.agentId} className="border-t border-zinc-100 dark:border-zinc-800">
                <Td left>{name(m.agentId)}</Td>
                {metricKeys.map((k) => (
                  <Td key={k}>{num(m.means[k]?.mean, 3)}</Td>
                ))}
                {metrics.perMatch.map((p) => (
                  <Td key={`per-match-${p.key}`}>{num(m.perMatch[p.key]?.mean, 2)}</Td>
                ))}
              </tr>
            ))}
          </Table>
        </Section>
      )}
      {metrics.moves.some((m) => m.mixByBucket) && (
        <Section
          id="mix-by"
          title={`Action mix by ${mixByLabel}`}
          hint={`LLMArena's risk analysis: what each agent does as its ${mixByLabel} grows.`}
        >
          <div className="grid gap-4 md:grid-cols-2">
            {metrics.moves.map((m) => (
              <Table
                key={m.agentId}
                caption={name(m.agentId)}
                head={[capitalized(mixByLabel), ...metrics.actionTypes, 'Moves']}
              >
                {m.mixByBucket!.map((b) => (
                  <tr key={b.from} className="border-t border-zinc-100 dark:border-zinc-800">
                    <Td left>{`${Math.round(b.from * 100)}–${Math.round(b.to * 100)}%`}</Td>
                    {metrics.actionTypes.map((t) => (
                      <Td key={t}>{b.moves ? pct(b.mix[t] ?? 0) : '—'}</Td>
                    ))}
                    <Td>{b.moves}</Td>
                  </tr>
                ))}
              </Table>
            ))}
          </div>
        </Section>
      )}
      {metrics.bins && (
        <Section
          id="distribution"
          title="Distribution"
          hint={`Per agent, how often each range of the ${metrics.labels[metrics.distribution ?? ''] ?? 'recorded value'} occurred.`}
        >
          <div className="flex flex-col gap-3">
            {metrics.moves.map((m) => {
              const max = Math.max(1, ...(m.histogram ?? []));
              return (
                <div key={m.agentId} className="flex flex-col gap-1">
                  <span className="text-sm font-medium">{name(m.agentId)}</span>
                  <div
                    className="flex h-16 items-end gap-1"
                    role="img"
                    aria-label={`Distribution for ${name(m.agentId)}: ${m.histogram?.join(', ')}`}
                  >
                    {m.histogram!.map((n, i) => (
                      <div
                        key={i}
                        title={`${num(metrics.bins![i]!.from)} to ${num(metrics.bins![i]!.to)}: ${n}`}
                        className="flex-1 rounded-t bg-indigo-500"
                        style={{ height: `${(n / max) * 100}%` }}
                      />
                    ))}
                  </div>
                  <div className="flex justify-between text-xs text-zinc-500">
                    <span>{num(metrics.bins![0]!.from)}</span>
                    <span>{num(metrics.bins!.at(-1)!.to)}</span>
                  </div>
                </div>
              );
            })}
          </div>
        </Section>
      )}
    </>
  );
}
