// The Two Rooms and a Boom board: the two rooms side by side (stacked on a phone), each with its players (team colour,
// leader, the cards this viewer knows, who is to act) and its chat as this viewer heard it — a spectator sees both
// rooms' talk. A seat sees its own card. A person on turn talks by typing a question and clicking "Ask <player>",
// shows their card with "Show my card to <player>", answers with "Say" / "Say nothing" / "Show my card to <asker>",
// and as a leader clicks "Send <player>" in their room.
'use client';

import { useState } from 'react';
import { ActionButton, MoveError } from '../controls';
import { seatName, type BoardProps } from '../../lib/engine/types';
import {
  cardLabel,
  MAX_TEXT,
  messageText,
  ROOM_NAMES,
  SEAT_NAMES,
  teamOf,
  type Card,
  type Message,
  type TrbAction,
  type TrbView,
} from './rules';

const TEAM_STYLE = {
  Blue: 'border-sky-400 bg-sky-50 text-sky-900 dark:bg-sky-950/40 dark:text-sky-100',
  Red: 'border-rose-400 bg-rose-50 text-rose-900 dark:bg-rose-950/40 dark:text-rose-100',
} as const;
const CARD_BADGE: Record<Card, string> = {
  President: 'bg-sky-600 text-white',
  Bomber: 'bg-rose-600 text-white',
  Blue: 'bg-sky-200 text-sky-900',
  Red: 'bg-rose-200 text-rose-900',
};
const cardShort = (c: Card) => (c === 'President' || c === 'Bomber' ? c : `plain ${c}`);

function Chat({ messages, room }: { messages: Message[]; room: 0 | 1 }) {
  const mine = messages.filter((m) => m.room === room);
  return (
    <ol
      aria-label={`${ROOM_NAMES[room]} chat`}
      data-testid={`trb-chat-${room}`}
      className="flex max-h-64 flex-col gap-1 overflow-y-auto rounded-md bg-white/70 p-2 text-xs dark:bg-neutral-900/60"
    >
      {mine.length === 0 && <li className="italic opacity-60">Nothing heard here yet.</li>}
      {mine.map((m, i) => (
        <li key={i}>
          <span className="opacity-60">R{m.round} </span>
          {messageText(m)}
        </li>
      ))}
    </ol>
  );
}

export default function TwoRoomsBoard({
  view: v,
  players,
  legal,
  onAction,
  error,
  over,
}: BoardProps<TrbAction, TrbView>) {
  const [text, setText] = useState('');
  const name = (seat: number) => players[seat] ?? seatName(SEAT_NAMES, seat);
  const acts = onAction && legal ? legal : [];
  const play = (a: TrbAction) => {
    setText('');
    onAction?.(a);
  };
  const known = new Map(v.known.map((k) => [k.seat, k.card]));
  const asking = acts.some((a) => a.type === 'ask');
  const answering = acts.some((a) => a.type === 'say');
  const sending = acts.some((a) => a.type === 'hostage');
  const words = text.replace(/\s+/g, ' ').trim();
  const tooLong = words.length > MAX_TEXT ? `At most ${MAX_TEXT} characters` : null;

  const status = v.result
    ? `Game over: ${v.result.reason}`
    : over
      ? 'The match is over'
      : v.phase === 'exchange'
        ? `Round ${v.round} of ${v.rounds}: the leaders choose their hostages (${v.picked.filter(Boolean).length} of 2 chosen)`
        : v.phase === 'answer' && v.pending
          ? `Round ${v.round} of ${v.rounds}: ${name(v.pending.target)} answers ${name(v.pending.asker)}`
          : `Round ${v.round} of ${v.rounds}: ${name(v.asker ?? 0)} talks`;

  return (
    <div role="group" aria-label="Two Rooms and a Boom board" className="flex w-full max-w-4xl flex-col gap-3 text-sm">
      <p data-testid="trb-status" className="font-medium">
        {status}
      </p>
      {v.you !== null && (v.myCard || v.cardTold === false) && (
        <p
          data-testid="trb-my-card"
          className={`w-fit rounded-md border-2 px-3 py-1 font-semibold ${TEAM_STYLE[teamOf(v.you)]}`}
        >
          You are {seatName(SEAT_NAMES, v.you)}, {teamOf(v.you)} team:{' '}
          {v.myCard ? `your card is ${cardLabel(v.myCard)}` : 'your card is not told (no player is told theirs)'}
          {v.leaders.includes(v.you) ? ` · leader of ${ROOM_NAMES[v.leaders.indexOf(v.you)]}` : ''}
        </p>
      )}
      <div className="grid grid-cols-1 gap-3 sm:grid-cols-2">
        {([0, 1] as const).map((room) => (
          <section
            key={room}
            aria-label={ROOM_NAMES[room]}
            data-testid={`trb-room-${room}`}
            className="flex flex-col gap-2 rounded-lg border border-neutral-300 p-2 dark:border-neutral-700"
          >
            <h3 className="font-semibold">{ROOM_NAMES[room]}</h3>
            <ul aria-label={`Players in ${ROOM_NAMES[room]}`} className="flex flex-col gap-1">
              {v.rooms[room].map((seat) => {
                const card = known.get(seat);
                const toAct = !v.result && !over && v.toAct.includes(seat);
                const send = acts.find((a) => a.type === 'hostage' && a.seat === seat);
                return (
                  <li
                    key={seat}
                    aria-label={`${name(seat)}${v.leaders[room] === seat ? ', leader' : ''}${card ? `, ${cardShort(card)}` : ''}${toAct ? ', to act' : ''}`}
                    className={`flex flex-wrap items-center gap-2 rounded-md border px-2 py-1 ${TEAM_STYLE[teamOf(seat)]} ${toAct ? 'ring-2 ring-amber-400' : ''}`}
                  >
                    <span className="font-medium">{name(seat)}</span>
                    {v.leaders[room] === seat && (
                      <span title="Leader" className="rounded bg-amber-300 px-1 text-[11px] text-amber-950">
                        leader
                      </span>
                    )}
                    {card && (
                      <span data-testid={`trb-card-${seat}`} className={`rounded px-1 text-[11px] ${CARD_BADGE[card]}`}>
                        {cardShort(card)}
                      </span>
                    )}
                    {v.you === seat && <span className="text-[11px] opacity-70">(you)</span>}
                    {sending && v.leaders[room] === v.you && seat !== v.you && (
                      <ActionButton
                        aria-label={`Send ${seatName(SEAT_NAMES, seat)}`}
                        unavailable={send ? null : 'You cannot send this player'}
                        onClick={() => send && play(send)}
                        className="ml-auto rounded bg-neutral-800 px-2 py-0.5 text-xs text-white hover:bg-neutral-700 dark:bg-neutral-200 dark:text-neutral-900"
                      >
                        Send to {ROOM_NAMES[1 - room]}
                      </ActionButton>
                    )}
                  </li>
                );
              })}
            </ul>
            <Chat messages={v.messages} room={room} />
          </section>
        ))}
      </div>

      {(asking || answering) && (
        <div
          aria-label="Your move"
          className="flex flex-col gap-2 rounded-lg border border-amber-300 bg-amber-50 p-2 dark:border-amber-800 dark:bg-amber-950/30"
        >
          <label className="flex flex-col gap-1">
            <span className="text-xs font-medium">{asking ? 'Your question (optional)' : 'Your answer'}</span>
            <input
              aria-label={asking ? 'Your question' : 'Your answer'}
              data-testid="trb-text"
              value={text}
              maxLength={MAX_TEXT + 20}
              onChange={(e) => setText(e.target.value)}
              className="rounded border border-neutral-300 px-2 py-1 text-sm dark:border-neutral-700 dark:bg-neutral-900"
            />
          </label>
          <div className="flex flex-wrap gap-2">
            {asking &&
              acts.map((a) =>
                a.type === 'ask' ? (
                  <ActionButton
                    key={`a${a.to}`}
                    aria-label={`Ask ${seatName(SEAT_NAMES, a.to)}`}
                    unavailable={tooLong}
                    onClick={() => play({ type: 'ask', to: a.to, text: words })}
                    className="rounded bg-amber-600 px-3 py-1 text-white hover:bg-amber-500"
                  >
                    Ask {name(a.to)}
                  </ActionButton>
                ) : null,
              )}
            {answering && (
              <>
                <ActionButton
                  aria-label="Say"
                  unavailable={!words ? 'Type your answer first (or click Say nothing)' : tooLong}
                  onClick={() => play({ type: 'say', text: words })}
                  className="rounded bg-amber-600 px-3 py-1 text-white hover:bg-amber-500"
                >
                  Say
                </ActionButton>
                <ActionButton
                  aria-label="Say nothing"
                  onClick={() => play({ type: 'say', text: '' })}
                  className="rounded border border-amber-600 px-3 py-1 hover:bg-amber-100 dark:hover:bg-amber-900/40"
                >
                  Say nothing
                </ActionButton>
              </>
            )}
            {acts.map((a) =>
              a.type === 'reveal' ? (
                <ActionButton
                  key={`r${a.to}`}
                  aria-label={`Show my card to ${seatName(SEAT_NAMES, a.to)}`}
                  onClick={() => play(a)}
                  className="rounded border border-neutral-500 px-3 py-1 hover:bg-neutral-100 dark:hover:bg-neutral-800"
                >
                  Show my card to {name(a.to)}
                </ActionButton>
              ) : null,
            )}
          </div>
        </div>
      )}
      {sending && <p className="text-xs">Click “Send” next to the player of your room you send to the other room.</p>}
      <MoveError error={error} />

      {v.swaps.length > 0 && (
        <ul aria-label="Hostage exchanges" className="text-xs">
          {v.swaps.map((w) => (
            <li key={w.round}>
              Round {w.round}: {name(w.sent[0])} → {ROOM_NAMES[1]}, {name(w.sent[1])} → {ROOM_NAMES[0]}
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
