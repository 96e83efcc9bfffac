// Admin: the LLM providers (OpenAI-compatible endpoints) with masked keys, models, limits, prices and the daily budget
// for people's games, a page at a time, and the add/edit form (?edit=<id> opens one for editing).
import type { Metadata } from 'next';
import Link from 'next/link';
import { AdminProviderDelete } from '@/components/admin-provider-delete';
import { AdminProviderForm } from '@/components/admin-provider-form';
import { EmptyState } from '@/components/empty-state';
import { Pagination } from '@/components/pagination';
import { SimulatedBadge } from '@/components/simulated-badge';
import { getProviderView, providersPage, type ProviderView } from '@/lib/db/admin-providers';
import { db } from '@/lib/db/client';
import { pageHref, pageParam } from '@/lib/pagination';
import { requireAdminPage } from '@/lib/db/admin-session';

export const dynamic = 'force-dynamic';
export const metadata: Metadata = { title: 'Providers · Admin', robots: { index: false } };

type Props = { searchParams: Promise<Record<string, string | string[] | undefined>> };

export default async function ProvidersPage({ searchParams }: Props) {
  const params = await searchParams;
  const { edit } = params;
  await requireAdminPage(pageHref('/admin/providers', params, pageParam(params.page)));
  const [page, editing] = await Promise.all([
    providersPage(db(), pageParam(params.page)),
    typeof edit === 'string' ? getProviderView(db(), edit.slice(0, 64)) : null,
  ]);
  const providers = page.items;

  return (
    <div className="flex flex-col gap-6">
      <header className="max-w-2xl">
        <h1 className="text-3xl font-semibold tracking-tight">Providers</h1>
        <p className="mt-2 text-zinc-600 dark:text-zinc-400">
          Any OpenAI-compatible endpoint. Keys are stored encrypted and only ever shown masked. The arena keeps to each
          provider’s request limits, and prices turn token counts into the cost a tournament’s budget is measured in.
        </p>
      </header>

      {providers.length === 0 ? (
        <EmptyState>No provider yet: add one below.</EmptyState>
      ) : (
        <div className="flex flex-col gap-3">
          <ProviderTable providers={providers} editingId={editing?.id ?? null} />
          <Pagination page={page} label="Providers" href={(n) => pageHref('/admin/providers', params, n)} />
        </div>
      )}

      {typeof edit === 'string' && !editing && (
        <p
          role="status"
          className="rounded-lg border border-amber-300 bg-amber-50 px-3 py-2 text-sm text-amber-900 dark:border-amber-800 dark:bg-amber-950/40 dark:text-amber-200"
        >
          That provider no longer exists; the form below adds a new one.
        </p>
      )}
      <div id="provider-form" className="scroll-mt-20">
        <AdminProviderForm provider={editing} />
      </div>
    </div>
  );
}

const usd = (v: number) => (v === 0 ? 'free' : `$${v}`);

function ProviderTable({ providers, editingId }: { providers: ProviderView[]; editingId: string | null }) {
  return (
    <div className="relative overflow-x-auto rounded-xl border border-zinc-200 bg-white shadow-sm dark:border-zinc-800 dark:bg-zinc-900">
      <table data-testid="providers" className="w-full min-w-[66rem] text-sm">
        <caption className="sr-only">Providers</caption>
        <thead className="bg-zinc-50 text-left text-xs text-zinc-500 dark:bg-zinc-900 dark:text-zinc-400">
          <tr className="border-b border-zinc-200 dark:border-zinc-800">
            <th scope="col" className="px-3 py-2 font-medium">
              Name
            </th>
            <th scope="col" className="px-3 py-2 font-medium">
              Base URL
            </th>
            <th scope="col" className="px-3 py-2 font-medium">
              API key
            </th>
            <th scope="col" className="px-3 py-2 font-medium">
              Models
            </th>
            <th
              scope="col"
              className="px-3 py-2 font-medium"
              title="requests per minute · tokens per minute · requests in flight"
            >
              Limits <span className="font-normal text-zinc-400">rpm · tpm · concurrent</span>
            </th>
            <th scope="col" className="px-3 py-2 font-medium">
              Price / 1k <span className="font-normal text-zinc-400">in · out</span>
            </th>
            <th
              scope="col"
              className="px-3 py-2 font-medium"
              title="US dollars per UTC day that games with a person in a seat may spend here"
            >
              People&apos;s games <span className="font-normal text-zinc-400">today / day</span>
            </th>
            <th scope="col" className="px-3 py-2 text-right font-medium">
              Agents
            </th>
            <th scope="col" className="px-3 py-2 text-right font-medium">
              <span className="sr-only">Actions</span>
            </th>
          </tr>
        </thead>
        <tbody>
          {providers.map((p) => {
            const overrides = Object.keys(p.modelPrices).length;
            return (
              <tr
                key={p.id}
                data-testid="provider-row"
                data-provider-id={p.id}
                className={`border-b border-zinc-100 align-top last:border-b-0 dark:border-zinc-800/70 ${p.id === editingId ? 'bg-indigo-50/60 dark:bg-indigo-950/30' : ''}`}
              >
                <th scope="row" className="px-3 py-2.5 text-left font-medium">
                  <span className="flex flex-wrap items-center gap-1.5">
                    <span data-testid="provider-name">{p.name}</span>
                    {p.simulated && <SimulatedBadge />}
                  </span>
                </th>
                <td className="whitespace-nowrap px-3 py-2.5 font-mono text-xs">{p.baseUrl}</td>
                <td className="whitespace-nowrap px-3 py-2.5 font-mono text-xs" data-testid="provider-key">
                  {p.apiKeyMasked ?? <span className="font-sans text-zinc-400">none</span>}
                </td>
                <td className="max-w-[16rem] px-3 py-2.5">
                  {p.models.length === 0 ? (
                    <span className="text-zinc-400">none listed</span>
                  ) : (
                    <ul className="flex flex-wrap gap-1" data-testid="provider-models">
                      {p.models.slice(0, 8).map((m) => (
                        <li
                          key={m}
                          className="rounded bg-zinc-100 px-1.5 py-px font-mono text-[0.7rem] text-zinc-700 dark:bg-zinc-800 dark:text-zinc-300"
                        >
                          {m}
                        </li>
                      ))}
                      {p.models.length > 8 && <li className="text-xs text-zinc-500">+{p.models.length - 8} more</li>}
                    </ul>
                  )}
                </td>
                <td className="whitespace-nowrap px-3 py-2.5 tabular-nums">
                  {p.rpm == null && p.tpm == null && p.maxConcurrent == null ? (
                    <span className="text-zinc-400">no limits</span>
                  ) : (
                    [p.rpm, p.tpm, p.maxConcurrent]
                      .map((v) => (v == null ? '–' : v.toLocaleString('en-US')))
                      .join(' · ')
                  )}
                </td>
                <td className="whitespace-nowrap px-3 py-2.5 tabular-nums">
                  {usd(p.priceInPer1k)} · {usd(p.priceOutPer1k)}
                  {overrides > 0 && (
                    <span
                      className="block text-xs text-zinc-500 dark:text-zinc-400"
                      title={Object.entries(p.modelPrices)
                        .map(([m, v]) => `${m}: $${v.in} · $${v.out}`)
                        .join('\n')}
                    >
                      +{overrides} per-model {overrides === 1 ? 'price' : 'prices'}
                    </span>
                  )}
                </td>
                <td className="whitespace-nowrap px-3 py-2.5 tabular-nums" data-testid="provider-people-budget">
                  {p.peopleDailyBudgetUsd === null ? (
                    <span className="text-zinc-400">no cap</span>
                  ) : p.peopleDailyBudgetUsd === 0 ? (
                    'closed'
                  ) : (
                    <>
                      ${p.peopleSpentTodayUsd.toFixed(2)} / ${p.peopleDailyBudgetUsd}
                    </>
                  )}
                </td>
                <td className="px-3 py-2.5 text-right tabular-nums">{p.agentCount}</td>
                <td className="px-3 py-2">
                  <div className="flex items-start justify-end gap-1">
                    <Link
                      href={`/admin/providers?edit=${p.id}#provider-form`}
                      aria-label={`Edit ${p.name}`}
                      className="inline-flex h-7 items-center rounded-md px-2 text-xs font-medium text-indigo-700 hover:bg-indigo-50 focus-visible:outline-2 focus-visible:outline-indigo-500 dark:text-indigo-300 dark:hover:bg-indigo-950/50"
                    >
                      Edit
                    </Link>
                    <AdminProviderDelete id={p.id} name={p.name} />
                  </div>
                </td>
              </tr>
            );
          })}
        </tbody>
      </table>
    </div>
  );
}
