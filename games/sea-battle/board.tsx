// The Sea Battle board for spectators, replays and human seats: the sea as a grid (North up), the rocks, every ship
// afloat as an arrow in its team's colour with its number and (where the view tells it) a damage bar, wrecks where
// ships sank, and the last turn's shots as lines ending in a splash or a hit. On a person's turn the eight orders are
// buttons; pointing at one previews where the ship would sail and the squares its shot would cross.
'use client';

import { useState } from 'react';
import { ActionButton, MoveError } from '../controls';
import type { BoardProps } from '../../lib/engine/types';
import {
  ALL_ORDERS,
  HEADING_NAMES,
  SHOT_RANGE,
  ahead,
  isRock,
  orderText,
  sideDir,
  turnLeft,
  turnRight,
  type Heading,
  type Pos,
  type SeaBattleAction,
  type SeaBattleView,
} from './rules';

const TEAM_FILL = { Red: '#dc2626', Blue: '#2563eb' } as const;
const ANGLE: Record<Heading, number> = { N: 0, E: 90, S: 180, W: 270 };
const CELL = 10;

function destination(p: Pos, h: Heading, move: SeaBattleAction['move']): { to: Pos; heading: Heading; path: Pos[] } {
  if (move === 'stay') return { to: p, heading: h, path: [p] };
  const one = ahead(p, h);
  if (move === 'forward') return { to: one, heading: h, path: [p, one] };
  const nh = move === 'left' ? turnLeft(h) : turnRight(h);
  const two = ahead(one, nh);
  return { to: two, heading: nh, path: [p, one, two] };
}

const MOVE_LABEL: Record<SeaBattleAction['move'], string> = {
  left: 'Move left',
  forward: 'Move forward',
  right: 'Move right',
  stay: "Don't move",
};

export function SeaBattleBoard({
  view: v,
  players,
  legal,
  onAction,
  over,
  error,
}: BoardProps<SeaBattleAction, SeaBattleView>) {
  const [preview, setPreview] = useState<SeaBattleAction | null>(null);
  const n = v.size;
  // SVG y grows downward; the sea's y grows North: row n-1-y.
  const cx = (x: number) => x * CELL + CELL / 2;
  const cy = (y: number) => (n - 1 - y) * CELL + CELL / 2;
  const me = v.viewer !== null ? v.ships[v.viewer] : undefined;
  const mine = !!onAction && !!legal?.length && !!me?.afloat;
  const shown = mine && preview && me ? preview : null;
  const plan = shown && me ? destination([me.x, me.y], me.heading, shown.move) : null;
  const planShot: Pos[] = [];
  if (plan && shown) {
    const dir = sideDir(plan.heading, shown.shoot);
    for (let k = 1; k <= SHOT_RANGE; k++) {
      const sq = ahead(plan.to, dir, k);
      planShot.push(sq);
      if (isRock(v, sq)) break;
    }
  }
  const status = v.result
    ? v.result
    : over
      ? ''
      : `Turn ${v.turn}${v.maxTurns === null ? '' : ` of ${v.maxTurns}`}: ${v.toAct.length ? `waiting for ${v.toAct.map((s) => players[s] ?? v.ships[s]!.name).join(', ')}` : 'resolving'}`;
  const border: Pos[] = [];
  for (let i = 0; i < n; i++)
    border.push(
      [i, 0],
      [i, n - 1],
      ...(i > 0 && i < n - 1
        ? ([
            [0, i],
            [n - 1, i],
          ] as Pos[])
        : []),
    );

  return (
    <div className="mx-auto flex w-full max-w-xl flex-col items-center gap-2" data-testid="sea-battle-board">
      <p className="text-center text-sm text-neutral-600 dark:text-neutral-300" aria-live="polite">
        {status}
      </p>
      <svg
        viewBox={`0 0 ${n * CELL} ${n * CELL}`}
        role="img"
        aria-label={`Sea Battle board, ${n} by ${n}: ${v.ships
          .filter((s) => s.afloat)
          .map(
            (s) =>
              `${s.name} at (${s.x}, ${s.y}) facing ${HEADING_NAMES[s.heading]}${s.damage !== null ? `, damage ${s.damage} of ${v.sinkAt}` : ''}`,
          )
          .join('; ')}`}
        className="w-full rounded-lg bg-sky-100 shadow-inner dark:bg-sky-950"
      >
        {/* The grid */}
        {Array.from({ length: n + 1 }, (_, i) => (
          <g key={i} stroke="currentColor" className="text-sky-300/60 dark:text-sky-800/60" strokeWidth={0.3}>
            <line x1={i * CELL} y1={0} x2={i * CELL} y2={n * CELL} />
            <line x1={0} y1={i * CELL} x2={n * CELL} y2={i * CELL} />
          </g>
        ))}
        {/* Rocks: the border and the scattered ones */}
        {[...border, ...v.rocks].map(([x, y]) => (
          <rect
            key={`r${x},${y}`}
            x={x * CELL + 1}
            y={(n - 1 - y) * CELL + 1}
            width={CELL - 2}
            height={CELL - 2}
            rx={3}
            fill="#78716c"
            data-rock={`${x},${y}`}
          />
        ))}
        {/* Coordinates along the bottom and the left, every fourth square */}
        {Array.from({ length: n }, (_, i) => i)
          .filter((i) => i % 4 === 0)
          .map((i) => (
            <g key={`c${i}`} fontSize={4} fill="#fafaf9" fontFamily="sans-serif" textAnchor="middle">
              <text x={cx(i)} y={n * CELL - 3}>
                {i}
              </text>
              <text x={CELL / 2} y={cy(i) + 1.5}>
                {i}
              </text>
            </g>
          ))}
        {/* The previewed order: the squares sailed through and the shot's squares */}
        {plan && (
          <g aria-hidden="true">
            <polyline
              points={plan.path.map(([x, y]) => `${cx(x)},${cy(y)}`).join(' ')}
              fill="none"
              stroke="#f59e0b"
              strokeWidth={1.5}
              strokeDasharray="2 1.5"
            />
            {planShot.map(([x, y]) => (
              <rect
                key={`p${x},${y}`}
                x={x * CELL + 2}
                y={(n - 1 - y) * CELL + 2}
                width={CELL - 4}
                height={CELL - 4}
                fill="none"
                stroke="#f59e0b"
                strokeWidth={1}
              />
            ))}
          </g>
        )}
        {/* Wrecks */}
        {v.ships
          .filter((s) => !s.afloat)
          .map((s) => (
            <text
              key={`w${s.seat}`}
              x={cx(s.x)}
              y={cy(s.y) + 2.5}
              fontSize={7}
              textAnchor="middle"
              fill={TEAM_FILL[s.team]}
              opacity={0.45}
              fontFamily="sans-serif"
            >
              ✕
            </text>
          ))}
        {/* Ships afloat */}
        {v.ships
          .filter((s) => s.afloat)
          .map((s) => {
            const left = s.damage === null ? null : Math.max(0, 1 - s.damage / v.sinkAt);
            return (
              <g key={`s${s.seat}`} data-ship={s.name}>
                <g transform={`translate(${cx(s.x)} ${cy(s.y)}) rotate(${ANGLE[s.heading]})`}>
                  <path
                    d="M0,-4.6 L3.4,3.6 L0,2 L-3.4,3.6 Z"
                    fill={TEAM_FILL[s.team]}
                    stroke={s.seat === v.viewer ? '#facc15' : '#0f172a'}
                    strokeWidth={s.seat === v.viewer ? 1.2 : 0.5}
                  />
                </g>
                <text
                  x={cx(s.x)}
                  y={cy(s.y) + 1.4}
                  fontSize={3.6}
                  textAnchor="middle"
                  fill="#fff"
                  fontWeight={700}
                  fontFamily="sans-serif"
                >
                  {s.name.slice(-1)}
                </text>
                {left !== null && (
                  <g>
                    <rect
                      x={s.x * CELL + 1}
                      y={(n - 1 - s.y) * CELL - 0.5}
                      width={CELL - 2}
                      height={1.4}
                      fill="#1f2937"
                      opacity={0.5}
                    />
                    <rect
                      x={s.x * CELL + 1}
                      y={(n - 1 - s.y) * CELL - 0.5}
                      width={(CELL - 2) * left}
                      height={1.4}
                      fill={left > 0.5 ? '#22c55e' : left > 0.2 ? '#f59e0b' : '#ef4444'}
                    />
                  </g>
                )}
              </g>
            );
          })}
        {/* The last turn's shots */}
        {v.last?.shots.map((shot) => {
          const end = shot.path.at(-1)!;
          const hit = typeof shot.hit === 'number';
          return (
            <g key={`shot${shot.seat}`} aria-hidden="true">
              <line
                x1={cx(shot.from[0])}
                y1={cy(shot.from[1])}
                x2={cx(end[0])}
                y2={cy(end[1])}
                stroke={TEAM_FILL[v.ships[shot.seat]!.team]}
                strokeWidth={0.8}
                strokeDasharray="1 1"
                opacity={0.8}
              />
              <circle
                cx={cx(end[0])}
                cy={cy(end[1])}
                r={hit ? 2.4 : 1.4}
                fill={hit ? '#f97316' : shot.hit === 'rock' ? '#a8a29e' : '#e0f2fe'}
                stroke={hit ? '#7c2d12' : '#0369a1'}
                strokeWidth={0.4}
              />
            </g>
          );
        })}
      </svg>
      <ul className="grid w-full grid-cols-2 gap-x-3 gap-y-0.5 text-xs sm:grid-cols-3" aria-label="Ships">
        {v.ships.map((s) => (
          <li key={s.seat} className={`flex items-center gap-1.5 ${s.afloat ? '' : 'line-through opacity-60'}`}>
            <span
              className="inline-block h-2.5 w-2.5 rounded-full"
              style={{ background: TEAM_FILL[s.team] }}
              aria-hidden="true"
            />
            <span className="truncate">{players[s.seat] ?? s.name}</span>
            <span className="ml-auto tabular-nums text-neutral-500">
              {!s.afloat ? 'sunk' : s.damage === null ? '?' : `${s.damage}/${v.sinkAt}`}
              {v.ordered[s.seat] && !v.over ? ' ✓' : ''}
            </span>
          </li>
        ))}
      </ul>
      {onAction && me && (
        <section aria-label="Your orders" className="flex w-full flex-col gap-2">
          <p className="text-sm">
            {me.afloat
              ? `${me.name} at (${me.x}, ${me.y}) facing ${HEADING_NAMES[me.heading]}${me.damage !== null ? `, damage ${me.damage} of ${v.sinkAt}` : ''}. Choose a movement and a side to fire.`
              : `${me.name} has sunk.`}
          </p>
          <div className="grid grid-cols-2 gap-1.5 sm:grid-cols-4">
            {ALL_ORDERS.map((a) => {
              const ok = !!legal?.some((l) => l.move === a.move && l.shoot === a.shoot);
              const text = orderText(a);
              return (
                <ActionButton
                  key={text}
                  aria-label={text}
                  unavailable={
                    ok
                      ? null
                      : v.ordered[me.seat]
                        ? `You have already given your order for turn ${v.turn}`
                        : 'Not your turn to give orders'
                  }
                  onClick={() => onAction({ type: 'order', move: a.move, shoot: a.shoot })}
                  onMouseEnter={() => setPreview(a)}
                  onFocus={() => setPreview(a)}
                  onMouseLeave={() => setPreview(null)}
                  className="rounded-md border border-sky-300 bg-white px-2 py-1.5 text-left text-xs leading-tight hover:bg-sky-50 aria-disabled:opacity-50 dark:border-sky-800 dark:bg-neutral-900 dark:hover:bg-sky-950"
                >
                  <span className="block font-semibold">{MOVE_LABEL[a.move]}</span>
                  <span className="block">then shoot {a.shoot}</span>
                </ActionButton>
              );
            })}
          </div>
          <MoveError error={error} />
        </section>
      )}
    </div>
  );
}

export default SeaBattleBoard;
