// The Arctic Scavengers board: the two tribes (tribe size, draw and discard piles, hand size, food, actions used,
// contested resources won), the supply (mercenary piles with their costs, the junkyard, the contested resources), the
// viewer's own hand as cards, the skirmish (both hands once they are shown, and every resolved skirmish) and the log.
// A person on turn gathers by clicking cards of their hand and then an action (DIG, DRAW, HUNT, TRASH, or a mercenary
// pile to HIRE it with the selected medicine), keeps a dug card by clicking it, snipes or sabotages by clicking an
// opposing card in the skirmish, and STOPs with a button.
'use client';

import { useState } from 'react';
import { ActionButton, MoveError } from '../controls';
import { seatName, type BoardProps } from '../../lib/engine/types';
import {
  CARDS,
  fightOf,
  people,
  SEAT_NAMES,
  sortCards,
  type ArcAction,
  type ArcView,
  type CardName,
  type Merc,
} from './rules';
import { format } from './prompt';

type Kind = 'dig' | 'draw' | 'hunt' | 'trash';
const KINDS: Kind[] = ['dig', 'draw', 'hunt', 'trash'];
const same = (a: readonly CardName[], b: readonly CardName[]) => sortCards(a).join('|') === sortCards(b).join('|');

/** The action a click on DIG/DRAW/HUNT/TRASH makes of the selected cards, or why it cannot be played. */
export function chooseAction(
  kind: Kind,
  selected: readonly CardName[],
  legal: readonly ArcAction[],
): ArcAction | string {
  const verb = kind.toUpperCase();
  const options = legal.filter((a) => a.type === kind);
  if (!options.length) return `${verb} is not possible now (used this round, or no card in hand can ${verb}).`;
  if (!selected.length) return `Select the cards to play for ${verb} first.`;
  const hit = options.find((a) => 'cards' in a && same(a.cards, selected));
  if (hit) return hit;
  const bad = selected.filter((c) => kind !== 'trash' && CARDS[c].abilities[kind] === undefined);
  if (bad.length) return `${[...new Set(bad)].join(', ')} cannot ${verb}.`;
  return `A modifier card needs a standard ${verb} card with it.`;
}

/** The HIRE action a click on a mercenary pile makes, paying with the selected medicine cards, or why not. */
export function chooseHire(merc: Merc, selected: readonly CardName[], legal: readonly ArcAction[]): ArcAction | string {
  const hires = legal.filter((a): a is Extract<ArcAction, { type: 'hire' }> => a.type === 'hire' && a.merc === merc);
  const cost = CARDS[merc].cost!;
  if (!legal.some((a) => a.type === 'hire') && !hires.length)
    return `No hire is possible now (HIRE used, or not enough food: HUNT first).`;
  if (!hires.length)
    return `${merc} costs ${cost.food} food${cost.medicine ? ` + ${cost.medicine} medicine` : ''}: not affordable now.`;
  const meds = selected.filter((c) => CARDS[c].abilities.medicine);
  if (meds.length !== selected.length) return 'Only medicine cards (Medkit, Pills) pay for a hire: select just those.';
  const hit = hires.find((a) => same(a.cards, meds));
  if (hit) return hit;
  return cost.medicine
    ? `Select medicine cards worth ${cost.medicine} to pay for ${merc}.`
    : `${merc} needs no medicine: deselect the cards.`;
}

const CARD_STYLE = (c: CardName) =>
  CARDS[c].people > 0
    ? 'bg-sky-50 border-sky-400 text-sky-950 dark:bg-sky-900/40 dark:text-sky-100'
    : CARDS[c].abilities.medicine
      ? 'bg-rose-50 border-rose-400 text-rose-950 dark:bg-rose-900/40 dark:text-rose-100'
      : c === 'Junk'
        ? 'bg-neutral-100 border-neutral-400 text-neutral-700 dark:bg-neutral-800 dark:text-neutral-300'
        : 'bg-amber-50 border-amber-400 text-amber-950 dark:bg-amber-900/40 dark:text-amber-100';

function stats(c: CardName): string {
  const a = CARDS[c].abilities;
  return [
    CARDS[c].people ? `tribe ${CARDS[c].people}` : '',
    a.fight ? `fight ${a.fight.v}${a.fight.kind === 'M' ? '+' : ''}` : '',
    a.dig ? `dig ${a.dig.v}${a.dig.kind === 'M' ? '+' : ''}` : '',
    a.draw ? `draw ${a.draw.v}${a.draw.kind === 'M' ? '+' : ''}` : '',
    a.hunt ? `hunt ${a.hunt.v}${a.hunt.kind === 'M' ? '+' : ''}` : '',
    a.medicine ? `med ${a.medicine.v}` : '',
  ]
    .filter(Boolean)
    .join(' · ');
}

function CardFace({ card, selected = false }: { card: CardName; selected?: boolean }) {
  return (
    <span
      className={`flex h-20 w-16 flex-col items-center justify-between rounded-md border-2 p-1 text-center text-[10px] font-semibold sm:h-24 sm:w-20 sm:text-xs ${CARD_STYLE(card)} ${selected ? 'ring-4 ring-indigo-500 -translate-y-1' : ''}`}
    >
      <span className="leading-tight">{card}</span>
      <span className="text-[9px] font-normal leading-tight sm:text-[10px]">{stats(card)}</span>
    </span>
  );
}

export default function ArcticScavengersBoard({
  view: v,
  players,
  legal,
  onAction,
  error,
  over,
}: BoardProps<ArcAction, ArcView>) {
  const [sel, setSel] = useState<number[]>([]);
  const mine = !!legal && legal.length > 0 && !!onAction && v.you !== null;
  const you = v.you;
  const name = (seat: number) => players[seat] ?? seatName(SEAT_NAMES, seat);
  const myHand = you !== null ? (v.tribes[you]?.hand ?? []) : [];
  const selected = sel.filter((i) => i < myHand.length).map((i) => myHand[i]!);
  const play = (a: ArcAction) => {
    setSel([]);
    onAction?.(a);
  };
  const gathering = mine && v.phase === 'gather';
  const status = v.result
    ? `Game over: ${v.result}`
    : over
      ? 'The match is over.'
      : v.toMove === null
        ? ''
        : you === v.toMove
          ? v.phase === 'dig'
            ? 'Your move: keep one of the junkyard cards you dug.'
            : v.phase === 'gather'
              ? 'Your move: select cards, then an action — or Stop.'
              : 'Your move: snipe or sabotage an opposing card — or Stop.'
          : `${name(v.toMove)} to move (${v.phase === 'dig' ? 'digging' : v.phase === 'gather' ? 'gathering' : 'skirmish'}).`;

  return (
    <div role="group" aria-label="Arctic Scavengers board" className="flex w-full max-w-3xl flex-col gap-3 text-sm">
      <p data-testid="status" className="font-semibold">
        Round {Math.min(v.round, v.rounds)} of {v.rounds} · {status}
      </p>

      <section aria-label="Supply" className="flex flex-wrap gap-2">
        <span data-testid="junkyard" aria-label={`Junkyard: ${v.junkyard} cards`} className="rounded border px-2 py-1">
          Junkyard {v.junkyard}
        </span>
        <span
          data-testid="contested"
          aria-label={`Contested resources: ${v.contested} cards`}
          className="rounded border px-2 py-1"
        >
          Contested {v.contested}
        </span>
        {v.mercs.map((m) => {
          const label = `${m.merc} pile: ${m.count} left, ${m.food} food${m.medicine ? ` + ${m.medicine} medicine` : ''}`;
          if (!gathering) {
            return (
              <span key={m.merc} aria-label={label} className="rounded border px-2 py-1">
                {m.merc} ×{m.count}{' '}
                <span className="opacity-70">
                  ({m.food} food{m.medicine ? `, ${m.medicine} med` : ''})
                </span>
              </span>
            );
          }
          const choice = chooseHire(m.merc, selected, legal!);
          return (
            <ActionButton
              key={m.merc}
              data-testid={`hire-${m.merc.replace(/ /g, '-')}`}
              aria-label={`Hire ${m.merc}`}
              unavailable={typeof choice === 'string' ? choice : null}
              onClick={() => typeof choice !== 'string' && play(choice)}
              className="rounded border border-indigo-400 px-2 py-1 aria-disabled:opacity-50"
            >
              Hire {m.merc} ×{m.count}{' '}
              <span className="opacity-70">
                ({m.food} food{m.medicine ? `, ${m.medicine} med` : ''})
              </span>
            </ActionButton>
          );
        })}
      </section>

      <div className="grid gap-2 sm:grid-cols-2">
        {v.tribes.map((t, seat) => (
          <section
            key={seat}
            data-testid={`tribe-${seat}`}
            aria-label={`${name(seat)}: tribe of ${t.tribe}${v.toMove === seat && !over ? ', to move' : ''}`}
            className={`rounded-lg border p-2 ${v.toMove === seat && !over ? 'border-indigo-500' : ''}`}
          >
            <p className="font-semibold">
              {name(seat)}
              {seat === you ? ' (you)' : ''}
            </p>
            <p>
              Tribe {t.tribe} · draw pile {t.deckCount} · discard {t.discardCount} · hand {t.handCount} · food {t.food}
            </p>
            <p className="text-xs opacity-80">
              Used: {t.used.length ? t.used.map((u) => u.toUpperCase()).join(', ') : 'none'} · Won:{' '}
              {t.won.join(', ') || 'none'}
            </p>
            {t.hand && seat !== you && (
              <div
                aria-label={`Skirmish hand of ${name(seat)}: ${t.hand.join(', ') || 'empty'}`}
                className="mt-1 flex flex-wrap gap-1"
              >
                {t.hand.map((c, i) => {
                  const hit =
                    mine && v.phase === 'skirmish'
                      ? legal!.find((a) => (a.type === 'snipe' || a.type === 'sabotage') && a.target === c)
                      : undefined;
                  if (!hit) return <CardFace key={i} card={c} />;
                  return (
                    <ActionButton
                      key={i}
                      data-testid={`target-${i}`}
                      aria-label={`${hit.type === 'snipe' ? 'Snipe' : 'Sabotage'} ${c}`}
                      onClick={() => play(hit)}
                    >
                      <CardFace card={c} />
                    </ActionButton>
                  );
                })}
              </div>
            )}
            {t.hand && v.phase === 'skirmish' && (
              <p className="text-xs">
                Skirmish: fight {fightOf(t.hand)}, tribe members {people(t.hand)}
              </p>
            )}
          </section>
        ))}
      </div>

      {you !== null && (
        <section aria-label="Your hand" className="flex flex-col gap-2">
          <p className="font-semibold">Your hand ({myHand.length})</p>
          <div aria-label={`Hand of ${name(you)}: ${myHand.join(', ') || 'empty'}`} className="flex flex-wrap gap-1">
            {myHand.map((c, i) =>
              gathering ? (
                <button
                  key={i}
                  type="button"
                  data-testid={`hand-card-${i}`}
                  aria-label={`${c} card`}
                  aria-pressed={sel.includes(i)}
                  onClick={() => setSel(sel.includes(i) ? sel.filter((x) => x !== i) : [...sel, i])}
                >
                  <CardFace card={c} selected={sel.includes(i)} />
                </button>
              ) : (
                <span key={i} aria-label={`${c} card`}>
                  <CardFace card={c} />
                </span>
              ),
            )}
          </div>
          {gathering && (
            <div className="flex flex-wrap gap-2">
              {KINDS.map((k) => {
                const choice = chooseAction(k, selected, legal!);
                return (
                  <ActionButton
                    key={k}
                    data-testid={`action-${k}`}
                    aria-label={k.toUpperCase()}
                    unavailable={typeof choice === 'string' ? choice : null}
                    onClick={() => typeof choice !== 'string' && play(choice)}
                    className="rounded bg-indigo-600 px-3 py-1.5 font-semibold text-white aria-disabled:opacity-40"
                  >
                    {k.toUpperCase()}
                  </ActionButton>
                );
              })}
            </div>
          )}
        </section>
      )}

      {mine && v.phase === 'dig' && v.dig && (
        <section aria-label="Dug cards" className="flex flex-col gap-1">
          <p>Keep one card from the junkyard:</p>
          <div className="flex flex-wrap gap-1">
            {v.dig.map((c, i) => (
              <ActionButton
                key={i}
                data-testid={`keep-${i}`}
                aria-label={`Keep ${c}`}
                onClick={() => play({ type: 'keep', card: c })}
              >
                <CardFace card={c} />
              </ActionButton>
            ))}
          </div>
        </section>
      )}

      {mine && legal!.some((a) => a.type === 'stop') && (
        <ActionButton
          data-testid="action-stop"
          aria-label="STOP"
          onClick={() => play({ type: 'stop' })}
          className="self-start rounded border border-neutral-500 px-3 py-1.5 font-semibold"
        >
          {v.phase === 'gather' ? 'STOP gathering' : 'STOP (end skirmish actions)'}
        </ActionButton>
      )}
      {mine && <MoveError error={error} />}

      {v.skirmishes.length > 0 && (
        <section aria-label="Skirmishes" className="text-xs">
          {v.skirmishes.map((k) => (
            <p key={k.round} data-testid={`skirmish-${k.round}`}>
              Round {k.round}: {name(0)} {k.hands[0]!.join(', ') || 'nothing'} (fight {k.fight[0]}) vs {name(1)}{' '}
              {k.hands[1]!.join(', ') || 'nothing'} (fight {k.fight[1]}) —{' '}
              {k.winner === null ? `tie, ${k.prize} to the junkyard` : `${name(k.winner)} wins ${k.prize}`}
            </p>
          ))}
        </section>
      )}

      <section aria-label="Log" className="max-h-48 overflow-y-auto rounded border p-2 text-xs">
        {v.events.map((e, i) => (
          <p key={i}>{e}</p>
        ))}
      </section>
      {/* Every legal move in the game's own words, for screen readers. */}
      {mine && (
        <p className="sr-only">
          {legal!.length} legal moves, e.g. {format(legal![0]!)}
        </p>
      )}
    </div>
  );
}
