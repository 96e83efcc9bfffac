// Every game's log lines as each viewer reads them (the hub's filter, then the transcript's choice of wording): a
// spectator — live, or replaying a finished match — never reads a line in the second person; a seat reads its own
// private lines written for it ("You bid…").
import { describe, expect, it } from 'vitest';
import { games, testGames } from '../../games/registry';
import type { GameDef, Rng, Seat } from '../../lib/engine/types';
import { secondPerson } from '../../lib/engine/conformance';
import { createRng, CURRENT_GENERATOR } from '../../lib/engine/rng';
import { applyMove, currentDeal, initialState } from '../../lib/engine/replay';
import { lineText } from '../../lib/match-log';
import type { WireEvent } from '../../lib/protocol';
import type { EventKind, EventOf, StoredEvent } from '../../lib/engine/events';
import { applyToEntry, entryFromSetup, spectatorViewer, toWire, type Entry } from './hub';

type Line = { text: string; visibleTo?: number[]; yours?: string };
const WORDS = ['bright', 'round', 'cold', 'night', 'silver', 'tide', 'orbit', 'glow'];
const words = (rng: Rng, n: number) => Array.from({ length: n }, () => rng.pick(WORDS)).join(' ');

/** A move where the game lists none: free text as a model writes it (descriptions, thoughts, probe answers, scores). */
function freeMove(game: GameDef, s: unknown, seat: Seat, rng: Rng): { type: string; [k: string]: unknown } {
  const st = s as { phase?: string; step?: { mode?: string } };
  if (game.id === 'spy') {
    if (st.phase === 'speak')
      return {
        type: 'describe',
        text: `${words(rng, 5)} ${rng.int(1e6)}`,
        guess: rng.pick(WORDS),
        reasoning: words(rng, 12),
      };
    if (st.phase === 'probe')
      return { type: 'probe', self: 'villager', others: [], theirGuess: { word: rng.pick(WORDS) } };
  }
  if (game.id === 'deep') {
    if (st.phase === 'describe') {
      return st.step?.mode === 'aggressive'
        ? { type: 'aggressive', text: words(rng, 20) }
        : { type: 'conservative', candidates: ['lamp', 'torch'], text: words(rng, 4) };
    }
    return { type: 'score', scores: [1, 2, 3, 4].map(() => 1 + rng.int(5)) };
  }
  return game.fallback!(s, seat);
}

/** Plays a seeded match into a hub entry the way the runner stores it; returns the entry and its move events. */
function play(game: GameDef, n: number, seed: string): { entry: Entry; moves: StoredEvent<'move'>[] } {
  const rng = createRng(`${seed}:agents`);
  const config = game.defaultConfig;
  const agent = { id: 'a', name: 'model', kind: 'llm', simulated: false } as never;
  const entry = entryFromSetup({
    id: seed,
    gameId: game.id,
    config,
    seed,
    generator: CURRENT_GENERATOR,
    numPlayers: n,
    status: 'running',
    seats: Array.from({ length: n }, (_, seat) => ({ seat, agent })),
  })!;
  let seq = 0;
  const store = <K extends EventKind>(event: EventOf<K>, state: unknown): StoredEvent<K> => {
    const ev: StoredEvent<K> = { seq: ++seq, ...event, visibleTo: [], at: new Date(0) };
    applyToEntry(entry, ev, state);
    return ev;
  };
  let s = initialState(game, config, currentDeal(seed), n);
  store({ kind: 'start', seat: null, payload: { seats: [] } }, s);
  const moves: StoredEvent<'move'>[] = [];
  for (let ply = 0; game.activeSeats(s).length && ply < 400;) {
    for (const seat of game.activeSeats(s)) {
      const legal = game.legalActions(s, seat);
      const action = legal ? rng.pick(legal) : freeMove(game, s, seat, rng);
      const prev = s;
      s = applyMove(game, s, currentDeal(seed), { ply, seat, action });
      moves.push(
        store({ kind: 'move', seat, payload: { ply, action, lines: game.describe(prev, s, seat, action) } }, s),
      );
      ply++;
    }
  }
  return { entry, moves };
}

const shown = (ev: WireEvent, you: number | null): string[] =>
  ev.hidden || ev.kind !== 'move' ? [] : ev.payload.lines.map((l) => lineText(l, you));

describe.each([...games, ...testGames].map((g) => [g.id, g] as const))('%s', (_id, game) => {
  it('never speaks to a spectator in the second person, live or in the replay; a seat reads its own private lines', () => {
    let ownLines = 0;
    for (const n of new Set([game.meta.minPlayers, game.meta.maxPlayers])) {
      for (let i = 0; i < 4; i++) {
        const { entry, moves } = play(game, n, `lines-${game.id}-${n}-${i}`);
        const live = { ...entry, status: 'running' as const };
        for (const ev of moves) {
          // A spectator while the match runs, and once it is over (the replay: every line, private ones included).
          for (const text of [
            ...shown(toWire(live, ev, spectatorViewer(live)), null),
            ...shown(toWire(entry, ev, spectatorViewer(entry)), null),
          ]) {
            expect(secondPerson(text), `a spectator reads "${text}"`).toBe(false);
          }
          for (let seat = 0; seat < n; seat++) {
            const raw = ((ev.payload.lines as Line[] | undefined) ?? []).filter(
              (l) => l.visibleTo?.includes(seat) && l.yours,
            );
            const mine = shown(toWire(live, ev, { seat }), seat);
            for (const l of raw) {
              expect(mine).toContain(l.yours);
              ownLines++;
            }
          }
        }
      }
    }
    // Bid is the game whose private line speaks to its bidder.
    if (game.id === 'bid') expect(ownLines).toBeGreaterThan(0);
  });
});
