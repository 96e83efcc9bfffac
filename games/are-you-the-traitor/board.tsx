// The Are You the Traitor? board: the five players around the table (the two wizards marked, who speaks now, the
// roles only when this viewer may see them), the round's conversation and earlier rounds' talk, each round's Stop, and
// for a seat its own role, the role it hunts and its treasure. A person on turn types a message and clicks "Say",
// clicks "Pass", or — unless they are the Traitor — clicks "Stop: point at <player>" next to a player.
'use client';

import { useState } from 'react';
import { ActionButton, MoveError } from '../controls';
import { seatName, type BoardProps } from '../../lib/engine/types';
import {
  MAX_TEXT,
  messageText,
  NUM_SEATS,
  points,
  SEAT_NAMES,
  stopText,
  TEAM_OF,
  treasureLabel,
  type AytAction,
  type AytView,
  type Role,
} from './rules';

const ROLE_STYLE: Record<Role, string> = {
  Traitor: 'bg-rose-700 text-white',
  'Evil Wizard': 'bg-rose-500 text-white',
  'Good Wizard': 'bg-sky-600 text-white',
  'Key Holder': 'bg-amber-500 text-amber-950',
  Guard: 'bg-sky-200 text-sky-900',
};

export default function AytBoard({ view: v, players, legal, onAction, error, over }: BoardProps<AytAction, AytView>) {
  const [text, setText] = useState('');
  const name = (seat: number) => players[seat] ?? seatName(SEAT_NAMES, seat);
  const acts = onAction && legal ? legal : [];
  const myTurn = acts.length > 0;
  const play = (a: AytAction) => {
    setText('');
    onAction?.(a);
  };
  const words = text.replace(/\s+/g, ' ').trim();
  const tooLong = words.length > MAX_TEXT ? `At most ${MAX_TEXT} characters` : null;
  const roleOf = (seat: number): Role | null => (v.roles ? v.roles[seat]! : v.you === seat ? v.myRole : null);
  const rounds = [...new Set([...v.messages.map((m) => m.round), v.round])].sort((a, b) => b - a);

  const status = v.end
    ? `Game over: ${v.end.reason}`
    : over
      ? 'The match is over'
      : `Round ${v.round} of at most ${v.maxRounds}: ${v.speaker !== null ? `${name(v.speaker)} speaks` : ''} (turn ${v.turns + 1} of ${v.talkLaps * NUM_SEATS})`;

  return (
    <div role="group" aria-label="Are You the Traitor? board" className="flex w-full max-w-4xl flex-col gap-3 text-sm">
      <p data-testid="ayt-status" className="font-medium">
        {status}
      </p>
      {v.you !== null && v.myRole && (
        <div
          data-testid="ayt-my-role"
          className="flex w-fit flex-col gap-1 rounded-md border-2 border-neutral-400 px-3 py-2"
        >
          <p className="font-semibold">
            You are {seatName(SEAT_NAMES, v.you)}, the{' '}
            <span className={`rounded px-1 ${ROLE_STYLE[v.myRole]}`}>{v.myRole}</span> ({TEAM_OF[v.myRole]} team).{' '}
            {v.myTarget ? `You hunt the ${v.myTarget}.` : 'You may never shout Stop.'}
          </p>
          <p data-testid="ayt-my-treasure" className="text-xs">
            Your treasure:{' '}
            {v.myCards.length ? `${v.myCards.map(treasureLabel).join(', ')} = ${points(v.myCards)} points` : 'none yet'}{' '}
            (a player with {v.targetPoints} wins for their team)
          </p>
        </div>
      )}

      <ul aria-label="Players" className="grid grid-cols-1 gap-2 sm:grid-cols-5">
        {Array.from({ length: NUM_SEATS }, (_, seat) => {
          const role = roleOf(seat);
          const wizard = v.wizards.includes(seat);
          const speaking = !v.end && !over && v.speaker === seat;
          const stop = acts.find((a) => a.type === 'stop' && a.target === seat);
          return (
            <li
              key={seat}
              data-testid={`ayt-player-${seat}`}
              aria-label={`${name(seat)}${wizard ? ', wizard' : ''}${role ? `, ${role}` : ''}${speaking ? ', speaking' : ''}`}
              className={`flex flex-col gap-1 rounded-md border border-neutral-300 p-2 dark:border-neutral-700 ${speaking ? 'ring-2 ring-amber-400' : ''}`}
            >
              <span className="font-medium">
                {name(seat)}
                {v.you === seat ? ' (you)' : ''}
              </span>
              <span className="flex flex-wrap gap-1 text-[11px]">
                {wizard && <span className="rounded bg-violet-200 px-1 text-violet-950">wizard</span>}
                {role && <span className={`rounded px-1 ${ROLE_STYLE[role]}`}>{role}</span>}
                {v.hands && (
                  <span className="rounded bg-neutral-200 px-1 text-neutral-900">{points(v.hands[seat]!)} pts</span>
                )}
              </span>
              {myTurn && seat !== v.you && acts.some((a) => a.type === 'stop') && (
                <ActionButton
                  aria-label={`Stop: point at ${seatName(SEAT_NAMES, seat)}`}
                  unavailable={stop ? null : 'You cannot point at this player'}
                  onClick={() => stop && play(stop)}
                  className="rounded bg-rose-700 px-2 py-0.5 text-xs text-white hover:bg-rose-600"
                >
                  Stop! Point here
                </ActionButton>
              )}
            </li>
          );
        })}
      </ul>

      {myTurn && (
        <div
          aria-label="Your move"
          className="flex flex-col gap-2 rounded-lg border border-amber-300 bg-amber-50 p-2 dark:border-amber-800 dark:bg-amber-950/30"
        >
          <label className="flex flex-col gap-1">
            <span className="text-xs font-medium">Your message to the table</span>
            <input
              aria-label="Your message"
              data-testid="ayt-text"
              value={text}
              maxLength={MAX_TEXT + 20}
              onChange={(e) => setText(e.target.value)}
              className="rounded border border-neutral-300 px-2 py-1 text-sm dark:border-neutral-700 dark:bg-neutral-900"
            />
          </label>
          <div className="flex flex-wrap gap-2">
            <ActionButton
              aria-label="Say"
              unavailable={!words ? 'Type your message first (or click Pass)' : tooLong}
              onClick={() => play({ type: 'say', text: words })}
              className="rounded bg-amber-600 px-3 py-1 text-white hover:bg-amber-500"
            >
              Say
            </ActionButton>
            <ActionButton
              aria-label="Pass"
              onClick={() => play({ type: 'pass' })}
              className="rounded border border-amber-600 px-3 py-1 hover:bg-amber-100 dark:hover:bg-amber-900/40"
            >
              Pass
            </ActionButton>
          </div>
          {acts.some((a) => a.type === 'stop') ? (
            <p className="text-xs">
              Or shout “Stop!” by clicking the button under the player you point at: it ends the round.
            </p>
          ) : (
            <p className="text-xs">As the Traitor you may never shout Stop.</p>
          )}
        </div>
      )}
      <MoveError error={error} />

      <section aria-label="Conversation" data-testid="ayt-chat" className="flex flex-col gap-2">
        {rounds.map((r) => {
          const msgs = v.messages.filter((m) => m.round === r);
          const res = v.results.find((x) => x.round === r);
          return (
            <div key={r} className="rounded-md bg-white/70 p-2 text-xs dark:bg-neutral-900/60">
              <h3 className="font-semibold">Round {r}</h3>
              <ol className="flex max-h-64 flex-col gap-1 overflow-y-auto">
                {msgs.length === 0 && !res && <li className="italic opacity-60">Nobody has spoken yet.</li>}
                {msgs.map((m, i) => (
                  <li key={i}>{messageText(m)}</li>
                ))}
                {res && (
                  <li data-testid={`ayt-stop-${r}`} className="font-medium">
                    {stopText(res)}
                    {res.winner ? `: the ${res.winner} team wins the round` : ''}
                  </li>
                )}
              </ol>
            </div>
          );
        })}
      </section>

      {v.events.length > 0 && (
        <ul aria-label="Treasure events" className="text-xs opacity-80">
          {v.events.map((e, i) => (
            <li key={i}>
              Round {e.round}: {seatName(SEAT_NAMES, e.seat)}{' '}
              {e.kind === 'draw' ? 'draws' : e.kind === 'ring' ? 'uses' : e.kind === 'took' ? 'takes' : 'loses'}{' '}
              {treasureLabel(e.card)}
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
