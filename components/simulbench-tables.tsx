// SimulBench's result tables as the evaluation page shows them: the paper's Table 4 (mean 1–10 scores by script and
// task type) and Table 1 (pairwise win / tie / lose), and the arena's own figures beside them, labelled as such.
import type { ReactNode } from 'react';
import type { Stat } from '@/lib/rating/mean-interval';
import type { PairwiseRating, Table1Row, Table4Row } from '@/lib/simulbench/tables';
import { TABLE4_COLUMNS, type Table4Column } from '@/lib/simulbench/tables';

const COLUMN_LABELS: Record<Table4Column, { label: string; group: string; help: string }> = {
  lastOnly: {
    label: 'LastOnly',
    group: 'Script type',
    help: 'the last turn of dialogues in which the judge found no challenging turn',
  },
  firstChan: { label: 'FirstChan', group: 'Script type', help: 'the first challenging turn the judge found' },
  subseqChan: { label: 'SubseqChan', group: 'Script type', help: 'the turns after the first challenging one' },
  stateless: {
    label: 'Stateless',
    group: 'Simulation type',
    help: 'FirstChan scripts of stateless tasks (as the paper, Sec. 4.2.1)',
  },
  stateful: {
    label: 'Stateful',
    group: 'Simulation type',
    help: 'FirstChan scripts of stateful tasks (as the paper, Sec. 4.2.1)',
  },
  hard: { label: 'Hard', group: '', help: 'FirstChan and SubseqChan' },
  all: { label: 'All', group: '', help: 'every script' },
};

const num = (x: number, digits = 2) => (Number.isFinite(x) ? x.toFixed(digits) : '—');

function StatCell({ s }: { s: Stat }) {
  if (s.n === 0) return <span className="text-zinc-400">—</span>;
  return (
    <span className="flex flex-col items-end leading-tight">
      <span className="font-medium tabular-nums">{num(s.mean)}</span>
      <span className="text-[11px] tabular-nums text-zinc-500 dark:text-zinc-400">
        {s.ci95 ? `${num(s.ci95[0])}–${num(s.ci95[1])}` : 'too few for an interval'} · n {s.n}
      </span>
    </span>
  );
}

function Scroll({ children, label }: { children: ReactNode; label: string }) {
  return (
    <div
      className="overflow-x-auto rounded-xl border border-zinc-200 bg-white shadow-sm dark:border-zinc-800 dark:bg-zinc-900"
      role="region"
      aria-label={label}
      tabIndex={0}
    >
      {children}
    </div>
  );
}

const th = 'px-3 py-2 text-right font-medium text-zinc-600 dark:text-zinc-300';
const td = 'px-3 py-2 text-right align-top';

export function Table4({ rows, agents }: { rows: Table4Row[]; agents: Record<string, string> }) {
  return (
    <Scroll label="Table 4: scores">
      <table className="w-full min-w-[720px] text-sm" data-testid="simulbench-table4">
        <thead className="border-b border-zinc-200 text-xs dark:border-zinc-800">
          <tr>
            <th className="px-3 py-2 text-left font-medium text-zinc-600 dark:text-zinc-300">Model</th>
            {TABLE4_COLUMNS.map((c) => (
              <th key={c} className={th} title={COLUMN_LABELS[c].help} scope="col">
                <span className="block text-[10px] font-normal uppercase tracking-wide text-zinc-400">
                  {COLUMN_LABELS[c].group || '\u00a0'}
                </span>
                {COLUMN_LABELS[c].label}
              </th>
            ))}
            <th className={th} scope="col" title="answers the judge could not rate (left out of the means)">
              No score
            </th>
          </tr>
        </thead>
        <tbody>
          {rows.map((r) => (
            <tr
              key={r.agentId}
              className="border-b border-zinc-100 last:border-0 dark:border-zinc-800/60"
              data-testid="simulbench-table4-row"
            >
              <th scope="row" className="px-3 py-2 text-left font-medium">
                {agents[r.agentId] ?? r.agentId}
              </th>
              {TABLE4_COLUMNS.map((c) => (
                <td key={c} className={td}>
                  <StatCell s={r[c]} />
                </td>
              ))}
              <td className={`${td} tabular-nums`}>{r.noScore}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </Scroll>
  );
}

/** Table 1's rows; `testId` names the table (its rows are `<testId>-row`) when a page shows more than one. */
export function Table1({
  rows,
  agents,
  testId = 'simulbench-table1',
  label = 'Table 1: pairwise',
}: {
  rows: Table1Row[];
  agents: Record<string, string>;
  testId?: string;
  label?: string;
}) {
  return (
    <Scroll label={label}>
      <table className="w-full min-w-[560px] text-sm" data-testid={testId}>
        <thead className="border-b border-zinc-200 text-xs dark:border-zinc-800">
          <tr>
            <th className="px-3 py-2 text-left font-medium text-zinc-600 dark:text-zinc-300">Model A vs model B</th>
            <th className={th}>Win</th>
            <th className={th}>Tie</th>
            <th className={th}>Lose</th>
            <th className={th} title="win % − lose %">
              Difference
            </th>
            <th className={th} title="comparisons with both verdicts / with a verdict missing">
              Judged
            </th>
          </tr>
        </thead>
        <tbody>
          {rows.map((r) => (
            <tr
              key={`${r.agentA}|${r.agentB}`}
              className="border-b border-zinc-100 last:border-0 dark:border-zinc-800/60"
              data-testid={`${testId}-row`}
            >
              <th scope="row" className="px-3 py-2 text-left font-medium">
                {agents[r.agentA] ?? r.agentA} <span className="font-normal text-zinc-400">vs</span>{' '}
                {agents[r.agentB] ?? r.agentB}
              </th>
              <td className={`${td} tabular-nums`}>
                {num(r.winPct, 1)}% <span className="text-zinc-400">({r.win})</span>
              </td>
              <td className={`${td} tabular-nums`}>
                {num(r.tiePct, 1)}% <span className="text-zinc-400">({r.tie})</span>
              </td>
              <td className={`${td} tabular-nums`}>
                {num(r.losePct, 1)}% <span className="text-zinc-400">({r.lose})</span>
              </td>
              <td className={`${td} font-medium tabular-nums`}>
                {Number.isFinite(r.difference) ? `${r.difference > 0 ? '+' : ''}${num(r.difference, 1)}%` : '—'}
              </td>
              <td className={`${td} tabular-nums text-zinc-500`}>
                {r.n}
                {r.unjudged ? ` / ${r.unjudged} missing` : ''}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </Scroll>
  );
}

export function PairwiseRatings({ rows, agents }: { rows: PairwiseRating[]; agents: Record<string, string> }) {
  return (
    <Scroll label="Bradley-Terry from the pairwise results">
      <table className="w-full min-w-[420px] text-sm" data-testid="simulbench-ratings">
        <thead className="border-b border-zinc-200 text-xs dark:border-zinc-800">
          <tr>
            <th className="px-3 py-2 text-left font-medium text-zinc-600 dark:text-zinc-300">Model</th>
            <th className={th}>Rating</th>
            <th className={th}>95% interval</th>
            <th className={th}>Comparisons</th>
          </tr>
        </thead>
        <tbody>
          {rows.map((r) => (
            <tr key={r.agentId} className="border-b border-zinc-100 last:border-0 dark:border-zinc-800/60">
              <th scope="row" className="px-3 py-2 text-left font-medium">
                {agents[r.agentId] ?? r.agentId}
              </th>
              <td className={`${td} tabular-nums`}>{Math.round(r.rating)}</td>
              <td className={`${td} tabular-nums text-zinc-500`}>
                {r.ci95 ? `${Math.round(r.ci95.lower)}–${Math.round(r.ci95.upper)}` : 'too few comparisons'}
              </td>
              <td className={`${td} tabular-nums`}>{r.comparisons}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </Scroll>
  );
}
