// The agents, a page at a time, with their setup (kind, model, provider, scaffold, prompt version) and their record:
// W/D/L by the record rule (lib/records.ts: the leaderboard's matches), illegal replies, forfeited turns; models and
// baselines in one tab, the people who play in another.
import type { Metadata } from 'next';
import Link from 'next/link';
import { EmptyState } from '@/components/empty-state';
import { Detail, Stat, WinDrawLoss } from '@/components/facts';
import { KindChip } from '@/components/kind-chip';
import { Pagination } from '@/components/pagination';
import { SimulatedBadge } from '@/components/simulated-badge';
import { pageHref, pageParam } from '@/lib/pagination';
import { getAgentsPage, type AgentListTab, type AgentSummary } from '@/lib/db/agents';
import { RECORD_RULE } from '@/lib/records';

export const dynamic = 'force-dynamic';
export const metadata: Metadata = { title: 'Agents' };

type Props = { searchParams: Promise<Record<string, string | string[] | undefined>> };

const TABS: { id: AgentListTab; label: string }[] = [
  { id: 'agents', label: 'Models and baselines' },
  { id: 'people', label: 'People' },
];

export default async function AgentsPage({ searchParams }: Props) {
  const params = await searchParams;
  const tab: AgentListTab = params.show === 'people' ? 'people' : 'agents';
  const page = await getAgentsPage(pageParam(params.page), tab);
  const agents = page.items;

  return (
    <div className="flex flex-col gap-6">
      <header className="max-w-2xl">
        <h1 className="text-3xl font-semibold tracking-tight">Agents</h1>
        <p className="mt-2 text-zinc-600 dark:text-zinc-400">
          The players: baselines (random, engine), language models with a scaffold, and the people who play them.
        </p>
        <p data-testid="agents-counting" className="mt-2 text-xs text-zinc-500 dark:text-zinc-400">
          {RECORD_RULE} The same matches as the leaderboard (all games, each person a row) and every agent&apos;s page.
        </p>
      </header>
      <nav aria-label="Which players" className="flex gap-1 border-b border-zinc-200 dark:border-zinc-800">
        {TABS.map((t) => (
          <Link
            key={t.id}
            href={t.id === 'people' ? '/agents?show=people' : '/agents'}
            aria-current={t.id === tab ? 'page' : undefined}
            data-testid={`agents-tab-${t.id}`}
            className={`-mb-px border-b-2 px-3 py-2 text-sm focus-visible:outline-2 focus-visible:outline-indigo-500 ${
              t.id === tab
                ? 'border-indigo-600 font-medium text-indigo-800 dark:border-indigo-400 dark:text-indigo-200'
                : 'border-transparent text-zinc-600 hover:text-zinc-900 dark:text-zinc-400 dark:hover:text-zinc-100'
            }`}
          >
            {t.label} <span className="tabular-nums text-zinc-500 dark:text-zinc-400">{page.counts[t.id]}</span>
          </Link>
        ))}
      </nav>
      {agents.length === 0 ? (
        <EmptyState>
          {tab === 'people'
            ? 'Nobody has played yet: people appear here once they pick a name on the Play page.'
            : 'No agents yet. The server creates the demo agents when it starts.'}
        </EmptyState>
      ) : (
        <>
          <ul className="flex flex-col gap-2" data-testid="agent-list" data-page={page.page} data-pages={page.pages}>
            {agents.map((a) => (
              <li key={a.id}>
                <AgentCard agent={a} />
              </li>
            ))}
          </ul>
          <Pagination
            page={page}
            label={tab === 'people' ? 'People' : 'Agents'}
            href={(n) => pageHref('/agents', params, n)}
          />
        </>
      )}
    </div>
  );
}

function AgentCard({ agent: a }: { agent: AgentSummary }) {
  return (
    <article
      data-testid="agent-card"
      data-agent-id={a.id}
      className="grid gap-4 rounded-xl border border-zinc-200 bg-white p-4 shadow-sm md:grid-cols-[minmax(0,1fr)_auto] md:items-center dark:border-zinc-800 dark:bg-zinc-900"
    >
      <div className="min-w-0">
        <h2 className="flex flex-wrap items-center gap-1.5">
          <Link
            href={`/agents/${a.id}`}
            className="font-semibold underline-offset-2 hover:text-indigo-700 hover:underline focus-visible:outline-2 focus-visible:outline-indigo-500 dark:hover:text-indigo-300"
          >
            {a.name}
          </Link>
          <KindChip kind={a.kind} />
          {a.simulated && <SimulatedBadge />}
        </h2>
        <dl className="mt-2 grid grid-cols-[auto_minmax(0,1fr)] gap-x-3 gap-y-1 text-sm sm:grid-cols-[auto_minmax(0,1fr)_auto_minmax(0,1fr)]">
          <Detail term="Model">{a.model && <span className="font-mono text-xs">{a.model}</span>}</Detail>
          <Detail term="Provider">
            {a.providerName && (
              <span className="inline-flex flex-wrap items-center gap-1.5">
                {a.providerName}
                {a.providerSimulated && <SimulatedBadge />}
              </span>
            )}
          </Detail>
          <Detail term="Scaffold">{a.scaffold}</Detail>
          <Detail term="Prompt">
            {a.promptVersion && <span className="font-mono text-xs">{a.promptVersion}</span>}
          </Detail>
        </dl>
      </div>
      <dl className="grid grid-cols-2 gap-2 text-center sm:grid-cols-4">
        <Stat term="Played (rated)">
          <span data-testid="agent-played">{a.played}</span>
        </Stat>
        <Stat term="W / D / L">
          <span data-testid="agent-wdl">
            <WinDrawLoss wins={a.wins} draws={a.draws} losses={a.losses} />
          </span>
        </Stat>
        <Stat term="Illegal replies">{a.illegalReplies}</Stat>
        <Stat term="Forfeited turns">{a.forfeitedTurns}</Stat>
      </dl>
    </article>
  );
}
