// Every agent with its setup (kind, model, provider, scaffold, prompt version) and its record: W/D/L, illegal replies,
// forfeited turns; each name links to the agent's page.
import type { Metadata } from 'next';
import Link from 'next/link';
import { EmptyState } from '@/components/empty-state';
import { Detail, Stat, WinDrawLoss } from '@/components/facts';
import { KindChip } from '@/components/kind-chip';
import { SimulatedBadge } from '@/components/simulated-badge';
import { getAgents, type AgentSummary } from '@/lib/queries';

export const dynamic = 'force-dynamic';
export const metadata: Metadata = { title: 'Agents' };

export default async function AgentsPage() {
  const agents = await getAgents();

  return (
    <div className="flex flex-col gap-6">
      <header className="max-w-2xl">
        <h1 className="text-3xl font-semibold tracking-tight">Agents</h1>
        <p className="mt-2 text-zinc-600 dark:text-zinc-400">
          The players: baselines (random, engine) and language models with a scaffold. Records count finished matches; void matches are not counted.
        </p>
      </header>
      {agents.length === 0 ? (
        <EmptyState>No agents yet. The server creates the demo agents when it starts.</EmptyState>
      ) : (
        <ul className="flex flex-col gap-2">
          {agents.map((a) => (
            <li key={a.id}>
              <AgentCard agent={a} />
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}

function AgentCard({ agent: a }: { agent: AgentSummary }) {
  return (
    <article className="grid gap-4 rounded-xl border border-zinc-200 bg-white p-4 shadow-sm md:grid-cols-[minmax(0,1fr)_auto] md:items-center dark:border-zinc-800 dark:bg-zinc-900">
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
          <Detail term="Prompt">{a.promptVersion && <span className="font-mono text-xs">{a.promptVersion}</span>}</Detail>
        </dl>
      </div>
      <dl className="grid grid-cols-2 gap-2 text-center sm:grid-cols-4">
        <Stat term="Played">{a.played}</Stat>
        <Stat term="W / D / L">
          <WinDrawLoss wins={a.wins} draws={a.draws} losses={a.losses} />
        </Stat>
        <Stat term="Illegal replies">{a.illegalReplies}</Stat>
        <Stat term="Forfeited turns">{a.forfeitedTurns}</Stat>
      </dl>
    </article>
  );
}
