// The new-game form of the Play page: a game (with its rules), opponents for the other seats, a seat, a move timer.
'use client';

import { useState } from 'react';
import { startGameAction } from '@/lib/actions/play';
import { MOVE_SECONDS_CHOICES } from '@/lib/play';
import type { PlayableAgent } from '@/lib/db/agents';
import { Field, FormError, inputClass, primaryButtonClass, Spinner } from './admin-form';
import { useFormAction } from './admin-form-action';

export interface PlayGame {
  id: string;
  title: string;
  blurb: string;
  minPlayers: number;
  maxPlayers: number;
  /** The usual number of players (the form starts there). */
  defaultPlayers: number;
  /** Who moves first is drawn (no seat moves first). */
  orderDrawn: boolean;
  seatNames: string[];
  moveSeconds: number;
  rules: { summary: string; topics: Record<string, string> };
  /** A judged evaluation (DEEP): not rated; a person in a judge's seat is the human evaluation. */
  evaluation?: boolean;
  /** The game's note on how a person takes part (meta.playNote). */
  playNote?: string | null;
}

const agentLabel = (a: PlayableAgent) =>
  `${a.name} (${a.kind}${a.simulated && !/simulated/i.test(a.name) ? ', simulated' : ''})`;
const seconds = (s: number) => (s < 60 ? `${s} s` : `${s / 60} min`);

export function PlayNewGame({
  games,
  agents,
  defaultGameId,
}: {
  games: PlayGame[];
  agents: PlayableAgent[];
  defaultGameId?: string;
}) {
  const form = useFormAction(startGameAction, null);
  const [gameId, setGameId] = useState(games.find((g) => g.id === defaultGameId)?.id ?? games[0]?.id ?? '');
  const game = games.find((g) => g.id === gameId) ?? games[0];
  const [players, setPlayers] = useState(game ? game.defaultPlayers : 2);
  const error = form.state && !form.state.ok ? form.state.error : null;
  if (!game) return <p className="text-sm text-zinc-500">No games are available.</p>;
  const n = Math.min(Math.max(players, game.minPlayers), game.maxPlayers);
  const seatName = (s: number) => game.seatNames[s] ?? `Player ${s + 1}`;
  // Models first: the default opponent is the first model (a simulated one in the demo).
  const defaultOpponent = agents[0]?.id ?? '';

  return (
    <form action={form.action} onSubmit={form.onSubmit} aria-label="New game" className="flex flex-col gap-5">
      <Field label="Game" htmlFor="play-game">
        <select
          id="play-game"
          name="gameId"
          value={game.id}
          onChange={(e) => {
            setGameId(e.target.value);
            setPlayers(games.find((g) => g.id === e.target.value)?.defaultPlayers ?? 2);
          }}
          className={inputClass}
        >
          {games.map((g) => (
            <option key={g.id} value={g.id}>
              {g.title}
            </option>
          ))}
        </select>
      </Field>
      <section aria-label="Rules" className="rounded-xl bg-zinc-50 p-4 text-sm dark:bg-zinc-800/50">
        <p className="font-medium">{game.blurb}</p>
        <p className="mt-2 text-zinc-700 dark:text-zinc-300" data-testid="rules-summary">
          {game.rules.summary}
        </p>
        {game.evaluation && game.playNote && (
          <p className="mt-2 text-zinc-700 dark:text-zinc-300" data-testid="evaluation-note">
            {game.playNote}
          </p>
        )}
        <details className="mt-2">
          <summary className="cursor-pointer text-indigo-700 hover:underline dark:text-indigo-300">Full rules</summary>
          <dl className="mt-2 flex flex-col gap-2">
            {Object.entries(game.rules.topics).map(([topic, text]) => (
              <div key={topic}>
                <dt className="font-medium capitalize">{topic.replace(/-/g, ' ')}</dt>
                <dd className="text-zinc-700 dark:text-zinc-300">{text}</dd>
              </div>
            ))}
          </dl>
        </details>
      </section>
      {game.minPlayers !== game.maxPlayers && (
        <Field label="Players" htmlFor="play-players">
          <select
            id="play-players"
            value={n}
            onChange={(e) => setPlayers(Number(e.target.value))}
            className={inputClass}
          >
            {Array.from({ length: game.maxPlayers - game.minPlayers + 1 }, (_, i) => game.minPlayers + i).map((k) => (
              <option key={k} value={k}>
                {k} players
              </option>
            ))}
          </select>
        </Field>
      )}
      {agents.length === 0 ? (
        <p className="text-sm text-amber-800 dark:text-amber-300">
          There are no agents to play against yet: an admin adds them, and opens them to people, on the admin pages.
        </p>
      ) : (
        <div className="grid gap-4 sm:grid-cols-2" aria-describedby="play-opponents-hint">
          {Array.from({ length: n - 1 }, (_, i) => (
            <Field
              key={`${game.id}-${i}`}
              label={n === 2 ? 'Opponent' : `Opponent ${i + 1}`}
              htmlFor={`play-opponent-${i}`}
            >
              <select id={`play-opponent-${i}`} name="opponentId" defaultValue={defaultOpponent} className={inputClass}>
                {agents.map((a) => (
                  <option key={a.id} value={a.id}>
                    {agentLabel(a)}
                  </option>
                ))}
              </select>
            </Field>
          ))}
          <p id="play-opponents-hint" className="text-xs text-zinc-500 sm:col-span-2 dark:text-zinc-400">
            The baselines, and the models an admin has opened to people.
          </p>
        </div>
      )}
      <div className="grid gap-4 sm:grid-cols-2">
        <Field
          label="Your seat"
          htmlFor="play-seat"
          hint={game.orderDrawn ? 'The order of play is drawn.' : `${seatName(0)} moves first.`}
        >
          <select key={game.id} id="play-seat" name="seat" defaultValue="random" className={inputClass}>
            <option value="random">Random seat</option>
            {Array.from({ length: n }, (_, s) => (
              <option key={s} value={s}>
                {seatName(s)}
              </option>
            ))}
          </select>
        </Field>
        <Field
          label="Time per move"
          htmlFor="play-timer"
          hint="When it runs out, a random legal move is played for you; three in a row lose the game."
        >
          <select key={game.id} id="play-timer" name="moveSeconds" defaultValue="default" className={inputClass}>
            <option value="default">{seconds(game.moveSeconds)} (this game&apos;s default)</option>
            {MOVE_SECONDS_CHOICES.filter((s) => s !== game.moveSeconds).map((s) => (
              <option key={s} value={s}>
                {seconds(s)}
              </option>
            ))}
          </select>
        </Field>
      </div>
      <FormError error={error} testId="play-error" />
      <button
        type="submit"
        disabled={form.pending || agents.length === 0}
        className={`${primaryButtonClass} self-start`}
      >
        {form.pending && <Spinner />}
        Start game
      </button>
    </form>
  );
}
