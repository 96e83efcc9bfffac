// A spider plot of agents' ratings across GameBench's reasoning categories (its spider figure): the reader picks the
// agents (the best three overall at first); a category where an agent has no rating is left at the chart's centre and
// said so under the chart.
'use client';

import { useId, useState } from 'react';
import {
  Legend,
  PolarAngleAxis,
  PolarGrid,
  PolarRadiusAxis,
  Radar,
  RadarChart,
  ResponsiveContainer,
  Tooltip,
} from 'recharts';

export interface SpiderAgent {
  agentId: string;
  name: string;
  /** One rating per category, in the categories' order; null = no rating there. */
  ratings: (number | null)[];
}

const COLORS = ['#4f46e5', '#e11d48', '#059669', '#d97706', '#0891b2', '#7c3aed'];
const MAX = COLORS.length;

export function GamebenchSpider({ categories, agents }: { categories: string[]; agents: SpiderAgent[] }) {
  const [chosen, setChosen] = useState<string[]>(agents.slice(0, 3).map((a) => a.agentId));
  const legendId = useId();
  const shown = agents.filter((a) => chosen.includes(a.agentId));
  const all = shown.flatMap((a) => a.ratings.filter((r): r is number => r !== null));
  const lo = all.length ? Math.floor((Math.min(...all) - 50) / 50) * 50 : 0;
  const hi = all.length ? Math.ceil((Math.max(...all) + 50) / 50) * 50 : 1;
  const data = categories.map((c, k) =>
    Object.fromEntries([['category', c], ...shown.map((a) => [a.agentId, a.ratings[k] ?? lo])]),
  );
  const missing = shown.flatMap((a) =>
    a.ratings.flatMap((r, k) => (r === null ? [`${a.name} in ${categories[k]}`] : [])),
  );
  const toggle = (id: string) =>
    setChosen((c) => (c.includes(id) ? c.filter((x) => x !== id) : c.length >= MAX ? c : [...c, id]));

  return (
    <div
      data-testid="gb-spider"
      className="grid gap-4 rounded-xl border border-zinc-200 bg-white p-4 shadow-sm md:grid-cols-[minmax(0,1fr)_14rem] dark:border-zinc-800 dark:bg-zinc-900"
    >
      <div
        className="h-80 min-w-0"
        role="img"
        aria-label={`Ratings of ${shown.map((a) => a.name).join(', ') || 'no agent'} across ${categories.length} categories`}
      >
        {shown.length === 0 ? (
          <p className="flex h-full items-center justify-center text-sm text-zinc-500">Choose an agent to plot.</p>
        ) : (
          <ResponsiveContainer width="100%" height="100%">
            <RadarChart data={data} outerRadius="58%">
              <PolarGrid />
              <PolarAngleAxis dataKey="category" tick={{ fontSize: 10 }} />
              <PolarRadiusAxis domain={[lo, hi]} tick={{ fontSize: 10 }} angle={90} />
              {shown.map((a) => (
                <Radar
                  key={a.agentId}
                  name={a.name}
                  dataKey={a.agentId}
                  stroke={COLORS[agents.indexOf(a) % MAX]}
                  fill={COLORS[agents.indexOf(a) % MAX]}
                  fillOpacity={0.12}
                />
              ))}
              <Tooltip formatter={(v) => Math.round(Number(v))} />
              <Legend wrapperStyle={{ fontSize: 12 }} />
            </RadarChart>
          </ResponsiveContainer>
        )}
      </div>
      <fieldset aria-describedby={legendId} className="flex flex-col gap-1 text-sm">
        <legend className="mb-1 font-medium">Agents (up to {MAX})</legend>
        <p id={legendId} className="sr-only">
          Choose which agents the spider plot shows.
        </p>
        <div className="flex max-h-72 flex-col gap-1 overflow-y-auto pr-1">
          {agents.map((a) => (
            <label key={a.agentId} className="flex items-center gap-2">
              <input
                type="checkbox"
                checked={chosen.includes(a.agentId)}
                onChange={() => toggle(a.agentId)}
                disabled={!chosen.includes(a.agentId) && chosen.length >= MAX}
              />
              <span className="truncate">{a.name}</span>
            </label>
          ))}
        </div>
      </fieldset>
      {missing.length > 0 && (
        <p className="text-xs text-zinc-500 md:col-span-2">No rating (drawn at the centre): {missing.join('; ')}.</p>
      )}
    </div>
  );
}
