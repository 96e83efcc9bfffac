// The Hold'em risk probe's board, for spectators, replays and a person in the player's seat: the spot being asked (the
// hole cards, the flop, the chips and the pot), one button per action on the person's turn, and the answers so far with
// each spot's estimated win rate where the viewer may see it (never the player's, before the end).
'use client';

import { ActionButton, MoveError } from '../controls';
import { PlayingCard } from '../holdem/board';
import { seatColor } from '../seat-colors';
import type { BoardProps } from '../../lib/engine/types';
import { ACTION_NAMES, PLAYER, RISK_ACTIONS, answerCounts, type RiskAction, type RiskView } from './rules';

const pct = (x: number | null) => (x === null ? 'hidden until the end' : `${Math.round(x * 100)}%`);
/** The answers listed under the spot: the newest first, at most this many. */
const SHOWN_ANSWERS = 12;

export function HoldemRiskBoard({ view: v, players, legal, onAction, error, over }: BoardProps<RiskAction, RiskView>) {
  const mine = !!onAction && v.viewer === PLAYER;
  const answers = v.answers.slice(-SHOWN_ANSWERS).reverse();
  return (
    <div className="flex w-full flex-col gap-4" data-testid="holdem-risk-board">
      <p className="text-sm text-zinc-600 dark:text-zinc-400">
        <span className={`font-medium ${seatColor(PLAYER).text}`}>{players[PLAYER] ?? 'Player'}</span> answers fixed
        flop spots of the set {v.version} (LLMArena&apos;s risk probe): spot {Math.min(v.index + 1, v.total)} of{' '}
        {v.total}
        {v.index >= v.total ? ' — done' : ''}.
      </p>
      {v.spot && !over ? (
        <section
          aria-label={`Spot ${v.index + 1}`}
          className="flex flex-col gap-3 rounded-2xl bg-emerald-800 p-3 text-white sm:p-5"
          data-testid="holdem-risk-spot"
        >
          <div className="flex flex-wrap items-end gap-4">
            <div>
              <p className="mb-1 text-xs uppercase tracking-wide text-emerald-100">Hole cards</p>
              <div className="flex gap-1.5">
                {v.spot.hole.map((c) => (
                  <PlayingCard key={c} card={c} />
                ))}
              </div>
            </div>
            <div>
              <p className="mb-1 text-xs uppercase tracking-wide text-emerald-100">Flop</p>
              <div className="flex gap-1.5">
                {v.spot.flop.map((c) => (
                  <PlayingCard key={c} card={c} />
                ))}
              </div>
            </div>
          </div>
          <p className="text-sm">
            Pot {v.spot.pot} · {v.spot.left} chips left · put in {v.spot.putIn} each · nobody has bet on the flop ·
            estimated win rate: {pct(v.spot.winRate)}
          </p>
          {mine && legal && (
            <div className="flex flex-wrap gap-2">
              {RISK_ACTIONS.map((t) => (
                <ActionButton
                  key={t}
                  unavailable={legal.some((a) => a.type === t) ? null : 'not offered in this spot'}
                  onClick={() => onAction?.({ type: t })}
                  className="rounded-lg bg-white px-3 py-2 text-sm font-medium text-emerald-900 shadow aria-disabled:opacity-50"
                >
                  {ACTION_NAMES[t]}
                </ActionButton>
              ))}
            </div>
          )}
          {mine && <MoveError error={error} />}
        </section>
      ) : (
        v.result && (
          <p className="font-medium" data-testid="holdem-risk-result">
            {v.result}
          </p>
        )
      )}
      {answers.length > 0 && (
        <section aria-label="Answers">
          <p className="mb-1 text-sm text-zinc-600 dark:text-zinc-400">
            {v.answers.length} answered: {answerCounts(v.answers.map((a) => ({ spotId: a.id, type: a.type })))}
            {v.answers.length > SHOWN_ANSWERS ? ` (the last ${SHOWN_ANSWERS} below)` : ''}
          </p>
          <div className="overflow-x-auto">
            <table className="w-full text-left text-sm">
              <thead>
                <tr className="text-zinc-500">
                  <th className="py-1 pr-3 font-normal">Spot</th>
                  <th className="py-1 pr-3 font-normal">Cards</th>
                  <th className="py-1 pr-3 font-normal">Answer</th>
                  <th className="py-1 font-normal">Est. win rate</th>
                </tr>
              </thead>
              <tbody>
                {answers.map((a) => (
                  <tr
                    key={a.id}
                    className="border-t border-zinc-100 dark:border-zinc-800"
                    data-testid="holdem-risk-answer"
                  >
                    <td className="py-1 pr-3">{a.id}</td>
                    <td className="whitespace-nowrap py-1 pr-3 font-mono">
                      {a.hole.join(' ')} | {a.flop.join(' ')}
                    </td>
                    <td className="py-1 pr-3">{ACTION_NAMES[a.type]}</td>
                    <td className="py-1">{pct(a.winRate)}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        </section>
      )}
    </div>
  );
}

export default HoldemRiskBoard;
