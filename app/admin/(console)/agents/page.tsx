// Admin: every agent version (replaced ones greyed, kept for their ratings; archived ones under ?archived=1), a page at
// a time, with the switch that opens an LLM agent to people's games, delete / archive / restore, and the add/edit form.
import type { Metadata } from 'next';
import Link from 'next/link';
import { AdminAgentActions } from '@/components/admin-agent-actions';
import { AdminAgentForm, type ProviderChoice } from '@/components/admin-agent-form';
import { AdminPlayableToggle } from '@/components/admin-playable-toggle';
import { EmptyState } from '@/components/empty-state';
import { KindChip } from '@/components/kind-chip';
import { Pagination } from '@/components/pagination';
import { SimulatedBadge } from '@/components/simulated-badge';
import { PROMPT_SWITCHES } from '@/lib/admin-input';
import { agentsPageForAdmin, getAgentForAdmin, type AgentAdminView } from '@/lib/db/admin-agents';
import { listProviders } from '@/lib/db/admin-providers';
import { db } from '@/lib/db/client';
import { pageHref, pageParam } from '@/lib/pagination';
import { requireAdminPage } from '@/lib/db/admin-session';

export const dynamic = 'force-dynamic';
export const metadata: Metadata = { title: 'Agents · Admin', robots: { index: false } };

type Props = { searchParams: Promise<Record<string, string | string[] | undefined>> };

export default async function AdminAgentsPage({ searchParams }: Props) {
  const params = await searchParams;
  const { edit } = params;
  const archived = params.archived === '1';
  await requireAdminPage(pageHref('/admin/agents', params, pageParam(params.page)));
  const [page, providers, found] = await Promise.all([
    agentsPageForAdmin(db(), pageParam(params.page), { archived }),
    listProviders(db()),
    typeof edit === 'string' ? getAgentForAdmin(db(), edit.slice(0, 64)) : null,
  ]);
  const agents = page.items;
  const editing = found && !found.retired ? found : null;
  // Only what the form needs: never a key, not even masked.
  const choices: ProviderChoice[] = providers.map((p) => ({
    id: p.id,
    name: p.name,
    models: p.models,
    simulated: p.simulated,
  }));

  return (
    <div className="flex flex-col gap-6">
      <header className="max-w-2xl">
        <h1 className="text-3xl font-semibold tracking-tight">Agents</h1>
        <p className="mt-2 text-zinc-600 dark:text-zinc-400">
          An agent is what plays: a model with a scaffold and a prompt version, or a built-in baseline. Once an agent
          has played, changing how it plays saves a new version with its own rating; the old version stays, greyed, with
          its matches.
        </p>
        <p className="mt-2 text-sm text-zinc-600 dark:text-zinc-400">
          <strong className="font-medium text-zinc-800 dark:text-zinc-200">Open to people</strong>: people may pick it
          as an opponent on the Play page. Baselines always are; a model only once you open it (its games with people
          cost money: set a daily budget on its provider).
        </p>
        <p className="mt-2 text-sm text-zinc-600 dark:text-zinc-400">
          <strong className="font-medium text-zinc-800 dark:text-zinc-200">Delete</strong> removes an agent that never
          played. <strong className="font-medium text-zinc-800 dark:text-zinc-200">Archive</strong> stops offering one
          (for tournaments and people&apos;s games) and moves it to the archived list; its matches and ratings stay, and
          it can be restored.
        </p>
      </header>

      <p className="-mt-2 text-sm">
        {archived ? (
          <Link
            href="/admin/agents"
            className="text-indigo-700 hover:underline dark:text-indigo-300"
            data-testid="agents-current-link"
          >
            ← Current agents
          </Link>
        ) : page.archivedCount > 0 ? (
          <Link
            href="/admin/agents?archived=1"
            className="text-indigo-700 hover:underline dark:text-indigo-300"
            data-testid="agents-archived-link"
          >
            Archived agents ({page.archivedCount})
          </Link>
        ) : null}
      </p>

      {agents.length === 0 ? (
        <EmptyState>{archived ? 'No archived agent.' : 'No agent yet: add one below.'}</EmptyState>
      ) : (
        <div className="flex flex-col gap-3">
          <AgentTable agents={agents} editingId={editing?.id ?? null} />
          <Pagination
            page={page}
            label={archived ? 'Archived agents' : 'Agents'}
            href={(n) => pageHref('/admin/agents', params, n)}
          />
        </div>
      )}

      {typeof edit === 'string' && !editing && (
        <p
          role="status"
          className="rounded-lg border border-amber-300 bg-amber-50 px-3 py-2 text-sm text-amber-900 dark:border-amber-800 dark:bg-amber-950/40 dark:text-amber-200"
        >
          That agent does not exist or has been replaced by a newer version; the form below adds a new one.
        </p>
      )}
      <div id="agent-form" className="scroll-mt-20">
        <AdminAgentForm
          agent={editing}
          providers={choices}
          switches={PROMPT_SWITCHES.map(({ id, label, help }) => ({ id, label, help }))}
        />
      </div>
    </div>
  );
}

function AgentTable({ agents, editingId }: { agents: AgentAdminView[]; editingId: string | null }) {
  return (
    <div className="relative overflow-x-auto rounded-xl border border-zinc-200 bg-white shadow-sm dark:border-zinc-800 dark:bg-zinc-900">
      <table data-testid="admin-agents" className="w-full min-w-[54rem] text-sm">
        <caption className="sr-only">
          Agents, newest versions first; replaced versions are kept for their ratings
        </caption>
        <thead className="bg-zinc-50 text-left text-xs text-zinc-500 dark:bg-zinc-900 dark:text-zinc-400">
          <tr className="border-b border-zinc-200 dark:border-zinc-800">
            <th scope="col" className="px-3 py-2 font-medium">
              Agent
            </th>
            <th scope="col" className="px-3 py-2 font-medium">
              Provider · model
            </th>
            <th scope="col" className="px-3 py-2 font-medium">
              Scaffold
            </th>
            <th scope="col" className="px-3 py-2 font-medium">
              Prompt
            </th>
            <th scope="col" className="px-3 py-2 font-medium">
              Version
            </th>
            <th
              scope="col"
              className="px-3 py-2 text-right font-medium"
              title="Matches it is seated in: played, playing, queued or failed"
            >
              Matches
            </th>
            <th
              scope="col"
              className="px-3 py-2 font-medium"
              title="People may pick it as an opponent on the Play page"
            >
              Open to people
            </th>
            <th scope="col" className="px-3 py-2 text-right font-medium">
              <span className="sr-only">Actions</span>
            </th>
          </tr>
        </thead>
        <tbody>
          {agents.map((a) => (
            <tr
              key={a.id}
              data-testid="admin-agent-row"
              data-agent-id={a.id}
              data-retired={a.retired ? 'true' : 'false'}
              data-archived={a.archived ? 'true' : 'false'}
              className={`border-b border-zinc-100 last:border-b-0 dark:border-zinc-800/70 ${a.retired ? 'bg-zinc-50/70 text-zinc-400 dark:bg-zinc-900/40 dark:text-zinc-500' : ''} ${a.id === editingId ? 'bg-indigo-50/60 dark:bg-indigo-950/30' : ''}`}
            >
              <th scope="row" className="px-3 py-2.5 text-left font-normal">
                <span className="flex flex-wrap items-center gap-1.5">
                  <Link
                    href={`/agents/${a.id}`}
                    data-testid="admin-agent-name"
                    className={`font-medium underline-offset-2 hover:text-indigo-700 hover:underline dark:hover:text-indigo-300 ${a.retired ? 'text-zinc-500 dark:text-zinc-500' : ''}`}
                  >
                    {a.name}
                  </Link>
                  <KindChip kind={a.kind} />
                  {a.simulated && <SimulatedBadge />}
                </span>
                {a.archived ? (
                  <span data-testid="agent-archived" className="mt-0.5 block text-xs italic">
                    archived: no longer offered
                  </span>
                ) : a.retired ? (
                  <span data-testid="agent-replaced" className="mt-0.5 block text-xs italic">
                    replaced by a newer version
                  </span>
                ) : null}
              </th>
              <td className="px-3 py-2.5">
                {a.kind === 'llm' ? (
                  <>
                    <span className="block">{a.providerName ?? '—'}</span>
                    <span className="font-mono text-xs">{a.model}</span>
                    {(a.temperature !== null || a.maxTokens !== null) && (
                      <span className="block text-xs text-zinc-500 dark:text-zinc-400">
                        {[
                          a.temperature !== null ? `T ${a.temperature}` : null,
                          a.maxTokens !== null ? `${a.maxTokens} tokens max` : null,
                        ]
                          .filter(Boolean)
                          .join(' · ')}
                      </span>
                    )}
                  </>
                ) : a.kind === 'engine' ? (
                  <span className="text-xs">depth {a.depth}</span>
                ) : (
                  <span className="text-zinc-400">—</span>
                )}
              </td>
              <td className="px-3 py-2.5" data-testid="agent-scaffold">
                {a.scaffold ?? <span className="text-zinc-400">—</span>}
                {a.promptSwitches.length > 0 && (
                  <span className="block text-xs text-zinc-500 dark:text-zinc-400" data-testid="agent-switches">
                    {a.promptSwitches.map((id) => id.replace(/^[^:]+:/, '')).join(', ')}
                  </span>
                )}
                {a.vision && (
                  <span
                    className="block text-xs text-zinc-500 dark:text-zinc-400"
                    data-testid="agent-vision"
                    title="Sent the board as an image, in games that draw one"
                  >
                    vision (board image)
                  </span>
                )}
                {a.scaffold === 'rap' && (
                  <span
                    className="block text-xs text-zinc-500 dark:text-zinc-400"
                    data-testid="agent-rap"
                    title="RAP's tree search before each move"
                  >
                    search: depth {a.rap.depth ?? 2}, {a.rap.iterations ?? 10} iterations, {a.rap.candidates ?? 4}{' '}
                    candidates
                  </span>
                )}
                {a.rulesUpfront && (
                  <span
                    className="block text-xs text-zinc-500 dark:text-zinc-400"
                    data-testid="agent-rules-upfront"
                    title="Every rules topic in the prompt, no Explain(topic)"
                  >
                    full rules up front
                  </span>
                )}
              </td>
              <td className="px-3 py-2.5 font-mono text-xs">
                {a.promptVersion ?? <span className="font-sans text-zinc-400">—</span>}
              </td>
              <td className="px-3 py-2.5 tabular-nums" data-testid="agent-version">
                v{a.version}
              </td>
              <td className="px-3 py-2.5 text-right tabular-nums">{a.matches}</td>
              <td className="px-3 py-2" data-testid="agent-playable">
                {a.retired ? (
                  <span className="text-zinc-400">—</span>
                ) : a.kind === 'llm' ? (
                  <AdminPlayableToggle id={a.id} name={a.name} playable={a.playable} />
                ) : (
                  <span
                    className="text-xs text-zinc-500 dark:text-zinc-400"
                    title="Built-in baselines cost nothing: people may always play them"
                  >
                    always
                  </span>
                )}
              </td>
              <td className="px-3 py-2 text-right">
                <div className="flex items-start justify-end gap-0.5">
                  {!a.retired && (
                    <Link
                      href={`/admin/agents?edit=${a.id}#agent-form`}
                      aria-label={`Edit ${a.name}`}
                      className="inline-flex h-7 items-center rounded-md px-2 text-xs font-medium text-indigo-700 hover:bg-indigo-50 focus-visible:outline-2 focus-visible:outline-indigo-500 dark:text-indigo-300 dark:hover:bg-indigo-950/50"
                    >
                      Edit
                    </Link>
                  )}
                  {(!a.retired || a.archived) && (
                    <AdminAgentActions id={a.id} name={a.name} archived={a.archived} keptBecause={a.keptBecause} />
                  )}
                </div>
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
