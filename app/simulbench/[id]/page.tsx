// One SimulBench evaluation: how far each stage is, the paper's Table 4 and Table 1, the arena's own diagnostics (the
// judge's order disagreement, Bradley-Terry from the pairwise results, people's agreement with the judge), tokens and
// cost per stage, and the frozen scripts with every target's answer and rating. Blind rule
// (lib/db/simulbench/blind.ts): while an answer is in a pair open for people's votes, a visitor sees neither it nor its
// rating (admins see all).
import type { Metadata } from 'next';
import Link from 'next/link';
import { notFound } from 'next/navigation';
import { EmptyState } from '@/components/empty-state';
import { Pagination } from '@/components/pagination';
import { PairwiseRatings, Table1, Table4 } from '@/components/simulbench-tables';
import { formatCost, formatTokens } from '@/components/tournament-format';
import { TournamentRefresh } from '@/components/tournament-refresh';
import { db } from '@/lib/db/client';
import { pageHref, pageParam, paged } from '@/lib/pagination';
import { simulbenchResults, simulbenchScripts } from '@/lib/db/simulbench/results';
import { VOTING_DAYS, votesCloseAt } from '@/lib/simulbench/voting';
import { currentAdmin } from '@/lib/db/admin-session';

export const dynamic = 'force-dynamic';

type Props = { params: Promise<{ id: string }>; searchParams: Promise<Record<string, string | string[] | undefined>> };

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  const t = await db().tournament.findUnique({ where: { id: (await params).id }, select: { name: true } });
  return { title: t ? `${t.name} · SimulBench` : 'Evaluation not found' };
}

const STAGES: Record<string, string> = {
  move: 'dialogues (user agent and simulator)',
  'simul-extract': 'finding challenging turns',
  'simul-answer': 'targets answering scripts',
  'simul-score': 'rating answers 1–10',
  'simul-compare': 'pairwise comparisons',
};
const STRATEGY_LABELS: Record<string, string> = {
  task: 'the task itself',
  improvement: 'improvement',
  'next-step': 'next step',
  'new-request': 'new request',
  others: 'others',
};
const PER_PAGE = 10;

export default async function SimulbenchEvaluationPage({ params, searchParams }: Props) {
  const { id } = await params;
  const query = await searchParams;
  const [r, admin, t] = await Promise.all([
    simulbenchResults(db(), id, { dropPerfect: query.perfect === 'drop' }),
    currentAdmin(),
    db().tournament.findUnique({ where: { id }, select: { finishedAt: true } }),
  ]);
  if (!r) notFound();
  const closesAt = votesCloseAt(t?.finishedAt ?? null);
  const votingOpen = !closesAt || closesAt > new Date();
  let total = 0;
  const scriptPage = await paged(
    pageParam(query.page),
    async () => (total = (await simulbenchScripts(db(), id, { take: 0 })).total),
    async (w) => (await simulbenchScripts(db(), id, { ...w, blind: !admin })).items,
    PER_PAGE,
  );
  const scripts = { total, items: scriptPage.items };
  const pct = (x: number) => (Number.isFinite(x) ? `${(x * 100).toFixed(1)}%` : '—');
  const open = r.status === 'running' || r.status === 'paused';

  return (
    <div className="flex flex-col gap-8">
      <TournamentRefresh ids={open ? [id] : []} active={r.status === 'running'} />
      <header className="flex flex-col gap-2">
        <Link href="/simulbench" className="w-fit text-sm text-zinc-500 hover:text-indigo-700 dark:text-zinc-400">
          ← SimulBench
        </Link>
        <h1 className="text-3xl font-semibold tracking-tight">{r.name}</h1>
        <p className="flex flex-wrap gap-x-3 gap-y-1 text-sm text-zinc-500 dark:text-zinc-400">
          <span data-testid="simulbench-status">{r.status}</span>
          {r.spec.scriptSet ? (
            <span>
              frozen scripts from <span className="font-mono">{r.spec.scriptSet}</span>
            </span>
          ) : (
            <>
              <span>user agent {r.agents[r.spec.userAgentId ?? ''] ?? '?'}</span>
              <span>simulator {r.agents[r.spec.simulatorId ?? ''] ?? '?'}</span>
              <span>
                {r.spec.dialoguesPerTask} dialogue(s) per task, up to {r.spec.turns} turns
              </span>
            </>
          )}
          <span>judge {r.agents[r.spec.judgeId] ?? '?'}</span>
          <a
            href={`/api/simulbench/${id}/scripts`}
            className="text-indigo-700 hover:underline dark:text-indigo-300"
            data-testid="simulbench-export"
          >
            download the scripts
          </a>
          <Link href={`/tournaments/${id}`} className="text-indigo-700 hover:underline dark:text-indigo-300">
            progress, controls and dialogues →
          </Link>
        </p>
      </header>

      <section aria-labelledby="stages-heading" className="flex flex-col gap-3">
        <h2 id="stages-heading" className="text-lg font-semibold">
          Stages
        </h2>
        <dl className="grid grid-cols-2 gap-3 sm:grid-cols-4" data-testid="simulbench-stages">
          <Tile
            term="Dialogues"
            value={`${r.dialogues.finished} / ${r.dialogues.total - r.dialogues.cancelled}`}
            note={
              r.dialogues.failed
                ? `${r.dialogues.failed} failed (void)`
                : r.dialogues.open
                  ? `${r.dialogues.open} to play`
                  : 'all played'
            }
          />
          <Tile
            term="Scripts"
            value={String(r.scripts.total)}
            note={`${r.scripts['last-only']} LastOnly · ${r.scripts['first-chan']} FirstChan · ${r.scripts['subseq-chan']} SubseqChan`}
          />
          <Tile
            term="Answers rated"
            value={`${r.answers.scored} / ${r.answers.total}`}
            note={`${r.answers.noScore} no score · ${r.answers.failed} not answered (provider)`}
          />
          <Tile
            term="Comparisons"
            value={`${r.comparisons.complete} / ${r.comparisons.total}`}
            note={r.spec.pairwise ? `${r.comparisons.incomplete} with a verdict missing` : 'pairwise is off'}
          />
        </dl>
      </section>

      <section aria-labelledby="table4-heading" className="flex flex-col gap-3">
        <div>
          <h2 id="table4-heading" className="text-lg font-semibold">
            Scores (the paper’s Table 4)
          </h2>
          <p className="text-sm text-zinc-600 dark:text-zinc-400">
            The judge’s mean 1–10 rating per model, with bootstrapped 95% intervals. Stateless and Stateful average
            FirstChan scripts only, as in the paper; Hard is FirstChan and SubseqChan. Answers the judge could not rate
            are left out and counted under “No score”.
          </p>
          <p className="text-sm text-zinc-600 dark:text-zinc-400" data-testid="simulbench-perfect">
            {r.perfect.dropped ? (
              <>
                The {r.perfect.scripts} script{r.perfect.scripts === 1 ? '' : 's'} every model answered perfectly (all
                rated 10) are left out of the tables, as the paper did.{' '}
                <Link href={`/simulbench/${id}`} className="text-indigo-700 hover:underline dark:text-indigo-300">
                  Keep them
                </Link>
              </>
            ) : (
              <>
                {r.perfect.scripts} script{r.perfect.scripts === 1 ? '' : 's'} every model answered perfectly (all rated
                10): the paper dropped such scripts, which tell no model apart.{' '}
                {r.perfect.scripts > 0 && (
                  <Link
                    href={`/simulbench/${id}?perfect=drop`}
                    className="text-indigo-700 hover:underline dark:text-indigo-300"
                  >
                    Leave them out
                  </Link>
                )}
              </>
            )}
          </p>
        </div>
        {r.table4.length ? (
          <Table4 rows={r.table4} agents={r.agents} />
        ) : (
          <EmptyState>
            No answer has been rated yet: scores appear after the first dialogue’s scripts are answered.
          </EmptyState>
        )}
      </section>

      {r.spec.pairwise && (
        <section aria-labelledby="table1-heading" className="flex flex-col gap-3">
          <div>
            <h2 id="table1-heading" className="text-lg font-semibold">
              Pairwise on the Hard scripts (the paper’s Table 1)
            </h2>
            <p className="text-sm text-zinc-600 dark:text-zinc-400">
              Each pair of answers is judged twice, in both orders; a win counts only when both orders agree, anything
              else is a tie (the paper’s rule). As in the paper, over the Hard scripts (FirstChan and SubseqChan).
            </p>
          </div>
          {r.table1.length ? (
            <Table1 rows={r.table1} agents={r.agents} />
          ) : (
            <EmptyState>
              No comparison on a Hard script yet
              {r.spec.agentIds.length < 2
                ? ': pairwise needs two targets'
                : r.table1All.length
                  ? ' (every comparison so far is on a LastOnly script: see below)'
                  : ''}
              .
            </EmptyState>
          )}
          {r.table1All.length > 0 && (
            <>
              <h3 className="text-base font-semibold">
                On every script <span className="text-sm font-normal text-zinc-500">(the arena’s own)</span>
              </h3>
              <Table1
                rows={r.table1All}
                agents={r.agents}
                testId="simulbench-table1-all"
                label="Pairwise on every script"
              />
            </>
          )}
          <p className="text-sm text-zinc-600 dark:text-zinc-400" data-testid="simulbench-disagreement">
            <span className="font-medium">Judge’s order disagreement</span> (the arena’s diagnostic):{' '}
            {r.disagreement.inconsistent} of {r.disagreement.judged} comparisons ({pct(r.disagreement.rate)}) got
            verdicts that do not mirror each other when the answers swap places.
          </p>
          {r.ratings.length > 0 && (
            <>
              <h3 className="text-base font-semibold">
                Bradley-Terry from the pairwise results{' '}
                <span className="text-sm font-normal text-zinc-500">(the arena’s own)</span>
              </h3>
              <PairwiseRatings rows={r.ratings} agents={r.agents} />
            </>
          )}
          <p className="text-sm text-zinc-600 dark:text-zinc-400" data-testid="simulbench-votes">
            <span className="font-medium">People’s votes:</span> {r.votes.total} blind vote
            {r.votes.total === 1 ? '' : 's'}
            {r.votes.agreement.n > 0
              ? `; on the ${r.votes.agreement.n} pairs the judge also decided, people agreed with it ${r.votes.agreement.agree} times (${pct(r.votes.agreement.rate)}).`
              : '; none yet on a pair the judge decided.'}{' '}
            <Link
              href={`/simulbench/vote?evaluation=${id}`}
              className="text-indigo-700 hover:underline dark:text-indigo-300"
            >
              Vote →
            </Link>
          </p>
        </section>
      )}

      <section aria-labelledby="spend-heading" className="flex flex-col gap-3">
        <h2 id="spend-heading" className="text-lg font-semibold">
          Tokens and cost per stage
        </h2>
        {r.spend.length === 0 ? (
          <EmptyState>No model has been called yet.</EmptyState>
        ) : (
          <table className="w-full max-w-2xl text-sm" data-testid="simulbench-spend">
            <tbody>
              {r.spend.map((s) => (
                <tr key={s.purpose} className="border-b border-zinc-100 dark:border-zinc-800">
                  <th scope="row" className="py-1.5 pr-3 text-left font-normal">
                    {STAGES[s.purpose] ?? s.purpose}
                  </th>
                  <td className="py-1.5 pr-3 text-right tabular-nums">{s.calls} calls</td>
                  <td className="py-1.5 pr-3 text-right tabular-nums">{formatTokens(s.tokens)} tokens</td>
                  <td className="py-1.5 text-right tabular-nums">{formatCost(s.costUsd)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        )}
        {Object.keys(r.strategies).length > 0 && (
          <p className="text-sm text-zinc-600 dark:text-zinc-400">
            User agent’s strategies:{' '}
            {Object.entries(r.strategies)
              .map(([k, n]) => `${STRATEGY_LABELS[k] ?? k} ${n}`)
              .join(' · ')}
          </p>
        )}
      </section>

      <section aria-labelledby="scripts-heading" className="flex flex-col gap-3">
        <h2 id="scripts-heading" className="scroll-mt-20 text-lg font-semibold">
          Scripts <span className="text-sm font-normal text-zinc-500">{scripts.total}</span>
        </h2>
        <p className="text-sm text-zinc-600 dark:text-zinc-400" data-testid="simulbench-voting">
          {votingOpen
            ? `People vote blind on pairs of these answers until ${closesAt ? closesAt.toUTCString().slice(0, 16) : `${VOTING_DAYS} days after the evaluation ends`}: until then, an answer in a pair open for votes is shown with neither its model nor its rating${admin ? ' to visitors (you see it as an admin)' : ''}. `
            : 'People’s votes on these answers are closed: every answer is shown with its model. '}
          {!r.spec.scriptSet &&
            'A target that played the simulator, or runs its model, is not put to a vote (its answers are its replies in the dialogues).'}
        </p>
        {scripts.items.length === 0 ? (
          <EmptyState>No script yet: each dialogue’s scripts are frozen when it ends.</EmptyState>
        ) : (
          <ul className="flex flex-col gap-3" data-testid="simulbench-scripts">
            {scripts.items.map((s) => (
              <li
                key={s.id}
                className="rounded-xl border border-zinc-200 bg-white p-3 text-sm shadow-sm dark:border-zinc-800 dark:bg-zinc-900"
              >
                <details>
                  <summary className="cursor-pointer">
                    <span className="font-medium">{s.taskName}</span> · turn {s.turn} · {s.type}
                    <span className="text-zinc-500">
                      {' '}
                      ·{' '}
                      {s.answers
                        .map(
                          (a) =>
                            `${r.agents[a.agentId] ?? a.agentId} ${a.score ?? (a.text === null ? 'not answered' : 'no score')}`,
                        )
                        .join(', ')}
                      {s.hiddenAnswers > 0 &&
                        `${s.answers.length ? ', ' : ''}${s.hiddenAnswers} hidden while people vote`}
                    </span>
                  </summary>
                  <div className="mt-3 flex flex-col gap-2">
                    <p className="text-xs text-zinc-500">
                      Judge’s first challenging turn:{' '}
                      {s.judgedTurn === null
                        ? `none usable (${s.judgeError ?? 'no answer'})`
                        : s.judgedTurn === 0
                          ? 'none'
                          : s.judgedTurn}
                      {s.sourceMatchId && (
                        <>
                          {' '}
                          ·{' '}
                          <Link
                            href={`/matches/${s.sourceMatchId}`}
                            className="text-indigo-700 hover:underline dark:text-indigo-300"
                          >
                            the dialogue
                          </Link>
                        </>
                      )}
                    </p>
                    <ol className="flex flex-col gap-1">
                      {s.history.map((h, k) => (
                        <li
                          key={k}
                          className={`whitespace-pre-wrap break-words rounded px-2 py-1 ${h.role === 'user' ? 'bg-indigo-50 dark:bg-indigo-950/40' : 'bg-zinc-50 font-mono text-xs dark:bg-zinc-800/60'}`}
                        >
                          <span className="mr-1 font-sans text-[11px] font-medium uppercase text-zinc-500">
                            {h.role === 'user' ? 'User' : 'Simulator'}
                          </span>
                          {h.content.length > 1500 ? `${h.content.slice(0, 1500)}…` : h.content}
                        </li>
                      ))}
                    </ol>
                    {s.answers.map((a) => (
                      <div key={a.agentId} className="rounded border border-zinc-200 p-2 dark:border-zinc-700">
                        <p className="text-xs font-medium">
                          {r.agents[a.agentId] ?? a.agentId}:{' '}
                          {a.score !== null
                            ? `rated ${a.score}/10`
                            : a.text === null
                              ? `no answer (${a.error})`
                              : `no score (${a.judgeError})`}
                          {a.hidden && (
                            <span className="font-normal text-zinc-500"> · hidden from visitors while people vote</span>
                          )}
                        </p>
                        {a.text !== null && (
                          <pre className="mt-1 max-h-64 overflow-auto whitespace-pre-wrap break-words text-xs">
                            {a.text || '(empty answer)'}
                          </pre>
                        )}
                        {a.judgeReason && <p className="mt-1 text-xs text-zinc-500">Judge: {a.judgeReason}</p>}
                      </div>
                    ))}
                    {s.hiddenAnswers > 0 && (
                      <p className="text-xs text-zinc-500" data-testid="simulbench-hidden-answers">
                        {s.hiddenAnswers} answer{s.hiddenAnswers === 1 ? '' : 's'} hidden while people vote on{' '}
                        {s.hiddenAnswers === 1 ? 'it' : 'them'}:{' '}
                        <Link
                          href={`/simulbench/vote?evaluation=${id}`}
                          className="text-indigo-700 hover:underline dark:text-indigo-300"
                        >
                          vote
                        </Link>
                        .
                      </p>
                    )}
                  </div>
                </details>
              </li>
            ))}
          </ul>
        )}
        <Pagination
          page={scriptPage}
          label="Scripts"
          href={(n) => pageHref(`/simulbench/${id}`, query, n, 'page', 'scripts-heading')}
        />
      </section>
    </div>
  );
}

function Tile({ term, value, note }: { term: string; value: string; note: string }) {
  return (
    <div className="rounded-xl border border-zinc-200 bg-white p-3 shadow-sm dark:border-zinc-800 dark:bg-zinc-900">
      <dt className="text-xs text-zinc-500 dark:text-zinc-400">{term}</dt>
      <dd className="text-xl font-semibold tabular-nums">{value}</dd>
      <dd className="text-xs text-zinc-500 dark:text-zinc-400">{note}</dd>
    </div>
  );
}
