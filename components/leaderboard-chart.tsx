// The rating chart: one row per agent, best first, a dot at its rating and a whisker over its interval
// (hollow dot, no whisker, for agents with too few matches).
'use client';

import { useEffect, useRef, useState } from 'react';
import {
  CartesianGrid,
  ErrorBar,
  ReferenceLine,
  ResponsiveContainer,
  Scatter,
  ScatterChart,
  Tooltip,
  XAxis,
  YAxis,
} from 'recharts';
import type { LeaderboardQuery } from '@/lib/leaderboard-contract';
import { formatInterval, formatRating, METHOD_LABELS } from './leaderboard-format';

export interface ChartPoint {
  agentId: string;
  name: string;
  rating: number;
  lower: number | null;
  upper: number | null;
  lowData: boolean;
  matches: number;
  simulated: boolean;
}

interface Datum extends ChartPoint {
  /** [distance below, distance above] the rating, for recharts' ErrorBar; undefined = no whisker. */
  err?: [number, number];
}

const ROW_PX = 44;

const shorten = (s: string, max: number) => (s.length > max ? `${s.slice(0, max - 1)}…` : s);

/** The element's width, followed as it resizes (0 before the first layout). */
function useWidth<T extends HTMLElement>() {
  const ref = useRef<T>(null);
  const [width, setWidth] = useState(0);
  useEffect(() => {
    const el = ref.current;
    if (!el) return;
    const ro = new ResizeObserver(([entry]) => setWidth(entry?.contentRect.width ?? 0));
    ro.observe(el);
    return () => ro.disconnect();
  }, []);
  return [ref, width] as const;
}

export function LeaderboardChart({
  points,
  method,
  reference,
}: {
  points: ChartPoint[];
  method: LeaderboardQuery['method'];
  reference: number | null;
}) {
  const [box, width] = useWidth<HTMLDivElement>();
  const data: Datum[] = [...points]
    .sort((a, b) => b.rating - a.rating)
    .map((p) => ({
      ...p,
      err:
        !p.lowData && p.lower != null && p.upper != null
          ? [Math.max(0, p.rating - p.lower), Math.max(0, p.upper - p.rating)]
          : undefined,
    }));
  const values = data.flatMap((d) => [d.rating, d.lower ?? d.rating, d.upper ?? d.rating]);
  const lo = Math.min(...values);
  const hi = Math.max(...values);
  const pad = Math.max((hi - lo) * 0.05, method === 'trueskill' ? 0.5 : 10);
  const { domain, ticks } = niceAxis(lo - pad, hi + pad);
  // Names take at most a third of a narrow chart (phones) and 200 px of a wide one; longer ones are cut (full in the tooltip).
  const maxChars = width > 0 && width < 480 ? 16 : 28;
  const label = (name: string) => shorten(name, maxChars);
  const labelWidth = Math.min(200, 16 + 6.6 * Math.max(...data.map((d) => label(d.name).length)));
  const height = data.length * ROW_PX + 56;

  return (
    <div
      ref={box}
      data-testid="leaderboard-chart"
      className="w-full text-zinc-700 dark:text-zinc-300"
      style={{ height }}
      role="img"
      aria-label={describe(data, method)}
    >
      <ResponsiveContainer width="100%" height="100%" minWidth={240}>
        <ScatterChart margin={{ top: 8, right: 28, bottom: 28, left: 4 }}>
          <CartesianGrid horizontal={false} stroke="currentColor" strokeOpacity={0.12} />
          <XAxis
            type="number"
            dataKey="rating"
            domain={domain}
            tickFormatter={(v: number) => formatRating(v, method)}
            tick={{ fill: 'currentColor', fontSize: 12 }}
            stroke="currentColor"
            strokeOpacity={0.3}
            ticks={ticks}
            label={{
              value: METHOD_LABELS[method],
              position: 'insideBottom',
              offset: -16,
              fill: 'currentColor',
              fontSize: 12,
            }}
          />
          <YAxis
            type="category"
            dataKey="name"
            width={labelWidth}
            interval={0}
            tickFormatter={label}
            tick={{ fill: 'currentColor', fontSize: 12 }}
            stroke="currentColor"
            strokeOpacity={0.3}
            tickLine={false}
            reversed
          />
          {reference != null && reference >= domain[0] && reference <= domain[1] && (
            <ReferenceLine x={reference} stroke="currentColor" strokeOpacity={0.35} strokeDasharray="4 4" />
          )}
          <Tooltip
            cursor={{ strokeDasharray: '3 3', strokeOpacity: 0.4 }}
            content={<ChartTooltip method={method} />}
            isAnimationActive={false}
          />
          <Scatter data={data} isAnimationActive={false} shape={renderDot}>
            <ErrorBar
              dataKey="err"
              direction="x"
              width={7}
              strokeWidth={2}
              stroke="#6366f1"
              isAnimationActive={false}
            />
          </Scatter>
        </ScatterChart>
      </ResponsiveContainer>
    </div>
  );
}

/** Round ticks (1, 2, 2.5 or 5 × 10^k apart, about five of them) and a domain that starts and ends on one. */
function niceAxis(lo: number, hi: number): { domain: [number, number]; ticks: number[] } {
  const raw = Math.max(hi - lo, 1e-9) / 5;
  const magnitude = 10 ** Math.floor(Math.log10(raw));
  const step = ([1, 2, 2.5, 5, 10].find((m) => m * magnitude >= raw) ?? 10) * magnitude;
  const start = Math.floor(lo / step) * step;
  const end = Math.ceil(hi / step) * step;
  const ticks: number[] = [];
  for (let t = start; t <= end + step / 2; t += step) ticks.push(Number(t.toFixed(6)));
  return { domain: [start, end], ticks };
}

function renderDot(props: unknown) {
  const { cx, cy, payload } = props as { cx?: number; cy?: number; payload?: Datum };
  if (cx == null || cy == null) return <g />;
  return payload?.lowData ? (
    <circle cx={cx} cy={cy} r={5} fill="white" stroke="#d97706" strokeWidth={2} />
  ) : (
    <circle cx={cx} cy={cy} r={5.5} fill="#4f46e5" stroke="white" strokeWidth={1.5} />
  );
}

function ChartTooltip({
  active,
  payload,
  method,
}: {
  active?: boolean;
  payload?: readonly { payload?: Datum }[];
  method: LeaderboardQuery['method'];
}) {
  const d = active ? payload?.[0]?.payload : undefined;
  if (!d) return null;
  return (
    <div className="rounded-lg border border-zinc-200 bg-white px-3 py-2 text-xs shadow-md dark:border-zinc-700 dark:bg-zinc-900">
      <div className="font-semibold text-zinc-900 dark:text-zinc-100">{d.name}</div>
      <div className="mt-0.5 tabular-nums text-zinc-600 dark:text-zinc-300">
        {formatRating(d.rating, method)}
        {d.lower != null && d.upper != null && !d.lowData
          ? ` (${formatInterval({ lower: d.lower, upper: d.upper }, method)})`
          : ''}
      </div>
      <div className="text-zinc-500 dark:text-zinc-400">
        {d.matches} matches{d.lowData ? ' · few matches, no interval' : ''}
      </div>
    </div>
  );
}

/** The chart in words, for screen readers. */
function describe(data: Datum[], method: LeaderboardQuery['method']): string {
  const items = data.map(
    (d) =>
      `${d.name} ${formatRating(d.rating, method)}${d.lower != null && d.upper != null && !d.lowData ? ` (${formatInterval({ lower: d.lower, upper: d.upper }, method)})` : ''}`,
  );
  return `${METHOD_LABELS[method]} ratings with intervals: ${items.join('; ')}`;
}
