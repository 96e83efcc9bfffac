// Hidden information in one place: who may see an event, a view and a log line. The runner asks it whom a seat's words
// are for, the hub what each viewer is sent, the exports what leaves the arena. Pure: no I/O, no state.
import type { GameDef, LogLine, Seat, Viewer } from './types';
import { isFinal, type EventKind, type EventOf, type MatchStatus, type PayloadOf, type StoredEvent } from './events';

/** What visibility reads of a game: whether it has hidden information. */
type Info = { meta: Pick<GameDef['meta'], 'info'> };

/** A viewer's copy of each kind of payload: the stored payload less what that viewer may not know. */
export interface SeenPayloads {
  /** Never the seed (logs stored by older versions carry it). */
  start: Omit<PayloadOf<'start'>, 'seed'>;
  reply: PayloadOf<'reply'>;
  illegal: PayloadOf<'illegal'>;
  /** `legal`: the seat's legal actions then, in that seat's own copy only (null: open-ended). */
  turn: PayloadOf<'turn'> & { legal?: unknown[] | null };
  /** `action` and `metrics` null where the viewer may not know them; only the lines the viewer may read. */
  move: Omit<PayloadOf<'move'>, 'action' | 'metrics' | 'lines'> & {
    action: PayloadOf<'move'>['action'] | null;
    metrics?: PayloadOf<'move'>['metrics'] | null;
    lines: LogLine[];
  };
  resign: PayloadOf<'resign'>;
  end: PayloadOf<'end'>;
  failed: PayloadOf<'failed'>;
}

/** An event as one viewer may read it. */
export type SeenEvent = {
  [K in EventKind]: { kind: K; seat: EventOf<K>['seat']; payload: SeenPayloads[K] };
}[EventKind];

/**
 * Whom a seat's own words (its replies, its refused answers) are shown to while the match runs. Hidden-information
 * decision: in imperfect-information games they may reveal its private information, so they stay with that seat
 * until the end; in perfect-information games everyone reads them.
 */
export function ownWordsAudience(game: Info, seat: Seat): Seat[] {
  return game.meta.info === 'perfect' ? [] : [seat];
}

/** Whether a viewer may see an event at all (`visibleTo` [] = everyone); one it may not is sent as its seq only. */
export function seesEvent(viewer: Viewer, visibleTo: readonly Seat[]): boolean {
  if (visibleTo.length === 0 || 'omniscient' in viewer) return true;
  return 'seat' in viewer && visibleTo.includes(viewer.seat);
}

/** Whether a viewer may read a log line (a line without `visibleTo` is for everyone). */
export function readsLine(viewer: Viewer, line: LogLine): boolean {
  return !line.visibleTo || 'omniscient' in viewer || ('seat' in viewer && line.visibleTo.includes(viewer.seat));
}

/**
 * Whether a viewer learns the exact action of a move by `seat` (and its metrics). Hidden-information decision: in
 * imperfect-information games a move's action (a bid, a card) stays with its seat; others read only the log lines
 * meant for them.
 */
export function seesAction(game: Info, viewer: Viewer, seat: Seat): boolean {
  return game.meta.info === 'perfect' || 'omniscient' in viewer || ('seat' in viewer && viewer.seat === seat);
}

/**
 * Which view spectators get: the public view while a match runs, everything once it is over. Hidden-information
 * decision: a game may open everything to live spectators (Who is the spy: watching the words play out is the
 * point), but never in a match with a person in it, whose player could read the others' secrets on the spectator page.
 */
export function spectatorViewer(m: {
  game: Pick<GameDef, 'spectatorsSeeAll'>;
  config: unknown;
  status: MatchStatus;
  seats: readonly { agentKind: string }[];
}): Viewer {
  if (isFinal(m.status)) return { omniscient: true };
  const open = m.game.spectatorsSeeAll(m.config) && !m.seats.some((s) => s.agentKind === 'human');
  return open ? { omniscient: true } : { spectator: true };
}

/** What a seat's person sees: their seat's view while the match runs, everything once it is over. */
export function seatViewer(status: MatchStatus, seat: Seat): Viewer {
  return isFinal(status) ? { omniscient: true } : { seat };
}

/** Who the exports are for: they hold ended matches only (lib/db/match-exports.ts), which everyone may see whole. */
export const exportViewer: Viewer = { omniscient: true };

/**
 * An event as a viewer may read it, or null when the whole event is hidden from it. `ownTurnLegal`: the legal actions
 * of the turn this event announces, given to that seat's own copy only (undefined: none to give).
 */
export function seenEvent(
  game: Info,
  ev: StoredEvent,
  viewer: Viewer,
  ownTurnLegal?: unknown[] | null,
): SeenEvent | null {
  if (!seesEvent(viewer, ev.visibleTo)) return null;
  switch (ev.kind) {
    case 'start': {
      // Hidden-information decision: games deal from the seed, so whoever holds it recomputes every hidden card and
      // word. It never leaves the server (logs stored before this rule still carry it); the exports give it on the
      // match itself once every match sharing it is over.
      const { seed: _seed, ...payload } = ev.payload;
      return { kind: ev.kind, seat: ev.seat, payload };
    }
    case 'move': {
      const open = seesAction(game, viewer, ev.seat);
      const p = ev.payload;
      return {
        kind: ev.kind,
        seat: ev.seat,
        payload: {
          ...p,
          action: open ? p.action : null,
          ...(p.metrics !== undefined ? { metrics: open ? p.metrics : null } : {}),
          lines: (p.lines ?? []).filter((l) => readsLine(viewer, l)),
        },
      };
    }
    case 'turn': {
      // Hidden-information decision: a seat's legal actions can reveal its private state (its cards), so only that
      // seat's copy of its own turn carries them.
      const own = 'seat' in viewer && viewer.seat === ev.seat;
      const { ply, seconds, deadline } = ev.payload;
      return {
        kind: ev.kind,
        seat: ev.seat,
        payload: { ply, seconds, deadline, ...(own && ownTurnLegal !== undefined ? { legal: ownTurnLegal } : {}) },
      };
    }
    default:
      return ev; // the same for every viewer allowed to see it
  }
}
