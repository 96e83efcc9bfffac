// The Two Rooms and a Boom engine baseline: a heuristic on the seat's own view (never the hidden state).
// - Talking: a player shows their card to their team's leader in the room (so the leader knows where the President or
//   the Bomber is); a leader, or a player whose leader already knows, shows it to a teammate who has not seen it, else
//   asks an opponent a question. Answering: a teammate is shown the card back; an opponent gets a cover story (a plain
//   card of the team) — words are cheap, a card shown never lies. Where no card is told or shown (the preset
//   `gamebench`) it asks an opponent and answers in words only.
// - Choosing a hostage: the leader weighs every choice by the chance that the Bomber ends in the President's room
//   after this exchange, the President being any Blue player and the Bomber any Red player whose card it has not seen
//   (uniformly), and the other leader's hostage any player of their room but them (uniformly). Red takes the choice
//   that makes the meeting most likely, Blue the one that makes it least likely.
import type { Rng, Seat } from '../../lib/engine/types';
import { PER_ROOM, teamOf, type TrbAction, type TrbView } from './rules';

/** The chance of each seat holding the card: 1 when seen, else shared among the team's seats not seen. */
export function beliefs(view: TrbView, card: 'President' | 'Bomber'): number[] {
  const team = card === 'President' ? 'Blue' : 'Red';
  const seats = [0, 1, 2, 3, 4, 5].filter((p) => teamOf(p) === team);
  const seen = new Map(view.known.map((k) => [k.seat, k.card]));
  const holder = seats.find((p) => seen.get(p) === card);
  if (holder !== undefined) return [0, 1, 2, 3, 4, 5].map((p) => (p === holder ? 1 : 0));
  const open = seats.filter((p) => !seen.has(p));
  return [0, 1, 2, 3, 4, 5].map((p) => (open.includes(p) ? 1 / open.length : 0));
}

/** The chance that the Bomber and the President share a room with these rooms. */
export function meetChance(rooms: readonly (readonly Seat[])[], pres: number[], bomb: number[]): number {
  let p = 0;
  for (const room of rooms) {
    const inP = room.reduce((a, s) => a + pres[s]!, 0);
    const inB = room.reduce((a, s) => a + bomb[s]!, 0);
    p += inP * inB;
  }
  return p;
}

function hostage(view: TrbView, seat: Seat, legal: TrbAction[]): TrbAction {
  const mine = view.leaders.indexOf(seat);
  const theirs = 1 - mine;
  const pres = beliefs(view, 'President');
  const bomb = beliefs(view, 'Bomber');
  const theirOptions = view.rooms[theirs]!.filter((p) => p !== view.leaders[theirs]);
  const red = teamOf(seat) === 'Red';
  let best = legal[0]!;
  let bestValue = -Infinity;
  for (const a of legal) {
    if (a.type !== 'hostage') continue;
    let meet = 0;
    for (const other of theirOptions) {
      const rooms = [view.rooms[0].slice(), view.rooms[1].slice()];
      const sent = mine === 0 ? [a.seat, other] : [other, a.seat];
      rooms[0] = [...rooms[0]!.filter((p) => p !== sent[0]), sent[1]!];
      rooms[1] = [...rooms[1]!.filter((p) => p !== sent[1]), sent[0]!];
      meet += meetChance(rooms, pres, bomb) / theirOptions.length;
    }
    const value = red ? meet : -meet;
    if (value > bestValue + 1e-12) {
      bestValue = value;
      best = a;
    }
  }
  return best;
}

export function trbEngine(view: TrbView, seat: Seat, legal: TrbAction[], rng: Rng): TrbAction {
  if (legal.some((a) => a.type === 'hostage')) return hostage(view, seat, legal);
  const team = teamOf(seat);
  const room = view.rooms[0].includes(seat) ? 0 : 1;
  const leader = view.leaders[room]!;
  // Under `reveals: false` (the preset `gamebench`) no card is shown: the player only talks.
  const reveals = legal.some((a) => a.type === 'reveal');
  if (view.phase === 'answer' && view.pending) {
    const asker = view.pending.asker;
    if (reveals && teamOf(asker) === team) return { type: 'reveal', to: asker };
    return {
      type: 'say',
      text: view.cardTold === false ? 'Nobody was told their card.' : `I am a plain ${team} card.`,
    };
  }
  // My turn to talk.
  const mates = view.rooms[room].filter((p) => p !== seat && teamOf(p) === team);
  // Whom I have already shown my card to (messages I heard: my own reveals).
  const shown = new Set(view.messages.filter((m) => m.from === seat && m.kind === 'reveal').map((m) => m.to));
  if (reveals && leader !== seat && teamOf(leader) === team && !shown.has(leader))
    return { type: 'reveal', to: leader };
  const mate = mates.find((p) => !shown.has(p));
  if (reveals && mate !== undefined) return { type: 'reveal', to: mate };
  const opponents = view.rooms[room].filter((p) => teamOf(p) !== team);
  const target = opponents.length ? rng.pick(opponents) : rng.pick(view.rooms[room].filter((p) => p !== seat));
  return { type: 'ask', to: target, text: PER_ROOM > 0 ? 'Which card do you hold?' : '' };
}
