// Two Rooms and a Boom (GameBench's TRB): two teams, Blue with the President and Red with the Bomber, six players
// split between two rooms. Each round every player in turn questions someone in their room, who answers; then each
// room's leader sends one hostage to the other room. After three rounds Red wins if the Bomber is in the President's
// room, Blue otherwise. Pure and seeded.
//
// SOURCES
// - The paper (GameBench, appendix G): the rules text shown to models (no withheld topics for TRB); appendix F: "all
//   players are split into two teams and then mixed around between two rooms … it is the red team's goal to end the
//   game with the red-team bomber and blue-team president in the same room, and it is the blue team's goal for the
//   opposite. The winning agent is awarded 1 point"; Table 1: non-deterministic, hidden information, language
//   communication, social deduction, cooperation.
// - GameBench's games/two_rooms_and_a_boom/two_rooms.py for every fact the paper leaves out:
//   - 6 cards, 3 per room (`cards_per_room = 3`): cards 1-3 are Blue and played by agent 1, cards 4-6 Red and played
//     by agent 2. One random Blue card is the President, one random Red card the Bomber; the rooms start Blue | Red and
//     are mixed by 20 random swaps of one card of each room; then one random card of each room is its Leader, for the
//     whole game (a leader is never traded).
//   - Each of the 3 rounds: room 0, then room 1; every card of the room in the room's order picks another player of
//     the room, asks a free-text question, and that player answers in free text. Then each leader picks one card of
//     its room other than itself; both picks are swapped at once (each lands at the end of the other room's order).
//   - The result (determine_winner): (0, 1) — Red wins — when the Bomber and the President are in the same room after
//     the last exchange, (1, 0) otherwise; matches.json holds only 1/0 results for TRB.
//
// TEAMS ARE SEATS (the honest design). In GameBench the teams are not drawn per match: agent 1 always plays the three
// Blue cards and agent 2 the three Red ones, and the cards' names (1-3 Blue, 4-6 Red) even give the team away. Only
// the roles within a team (which Blue card is the President, which Red card the Bomber), the rooms and the leaders are
// drawn. The arena keeps that: seats Blue 1-3 and Red 1-3 are fixed sides (`meta.sides`), so one agent can hold a
// whole side as in GameBench, and the result is rated per side (`Outcome.teams`). Since the sides are public on every
// match page, pretending a seat's colour is secret would be a fiction; so colours are public, and the secret is each
// seat's card: President, Bomber or a plain Blue / Red card. (Who is the spy draws its hidden teams per match, so it
// has no fixed sides; TRB has fixed sides, so it uses them.)
//
// DEVIATIONS (and why)
// 1. Colours are public (see above); a "colour reveal" would tell nothing, so the only reveal is the card reveal.
// 2. Card reveals are the arena's addition (the real game's card share; GameBench's players can only talk): instead
//    of asking a question a player may show their card to someone in their room, and the one asked may answer by
//    showing theirs back. Only those two see the card; the room sees that a card was shown.
// 3. Talk is heard by the whole room (GameBench shows a question and its answer to the two speakers and forwards
//    it to the room's leader when the asker is on the leader's team): a room is one conversation, and the issue asks
//    for room chat. Players in the other room never hear it; a player who changes rooms hears only what is said
//    while they are there. Spectators see both rooms.
// 4. The leaders are public (GameBench tells only the leader): as in the real game, everyone knows whom to persuade,
//    and the exchanges are seen by all.
// 5. A question and an answer are one message each (at most 300 characters). A player may ask without a question
//    ("asks Red 2 to speak") and answer with silence ("Say nothing"): these make every turn playable by the random
//    and engine baselines and are what GameBench did when a model's answer failed ("I can't answer that right
//    now" / the asker skipped). An answer the parser cannot read is asked again instead (the arena's retry policy);
//    GameBench drew a random target or hostage at once.
// 6. The two leaders choose their hostages at the same time (neither sees the other's choice until both are made),
//    as GameBench's exchange is one swap; GameBench asked room 0's leader first but told room 1's leader nothing.
// 7. `rounds` is a setting (GameBench: 3, the default).
//
// THE `gamebench` PRESET (index.ts: `cardTold: false, reveals: false`). What it keeps from GameBench's code
// (games/two_rooms_and_a_boom/two_rooms.py):
//  - No player is told their card. A card's only context is "I am on Team Blue. " / "I am on Team Red. " (l. 76-77);
//    the President and the Bomber are set on `special_character` (l. 80-81), which nothing but determine_winner
//    (l. 141-157) and the debug repr (l. 22) ever reads; a leader's context adds only "I am the Leader of room N. "
//    (l. 166-167); every observation is that context (l. 98-128, 200-247). So the President does not know it is the
//    President, nor the Bomber the Bomber, and no prompt carries any card. With `cardTold: false` a seat's view has no
//    card (`myCard` null, its own card not in `known`) until the end, and the prompt says so. Whether this was meant
//    (the rules text says to talk "in order to find out who the President and Bomber are", as if nobody knew) or an
//    oversight, it is what GameBench's models played, so the preset keeps it.
//  - No card is shown: GameBench's players only talk (a target, a question, an answer; l. 192-247). `reveals: false`
//    drops deviation 2's reveals from the legal moves, the prompt and the example. It is required with
//    `cardTold: false` (the schema refuses the pair the other way round): a card shown would tell its viewer what its
//    own holder was never told.
//  Already GameBench's under the defaults, and unchanged: 3 rounds (l. 171); the deal, the 20 swaps and the leaders
//  (l. 74-91); the turn order (room 0 then room 1, each room in its order, a hostage joining at the end: l. 53-60,
//  182-192); one hostage per leader, never the leader (l. 254-255), swapped at once (l. 284); the winner (l. 152:
//  Red when the Bomber and the President share a room). Left as the arena's (they change what a model knows, not the
//  rules; the preset does not yet change them): talk heard by the whole room (deviation 3: GameBench tells the asker
//  and the one asked, and forwards the exchange to the room's leader when the asker is the leader's teammate,
//  l. 244-247); public leaders (deviation 4: GameBench tells only the leader, l. 166-167); the seats' names (GameBench
//  numbers the cards 1-6, 1-3 Blue), the order of asking (the arena asks the question and its target in one move;
//  GameBench asks for the target, then the question, l. 199-222); an unreadable answer asked again (deviation 5).
//  GameBench's plain bugs, none of which a random player meets, so none is kept: an invalid target or hostage id from
//  a model is not caught (`isdigit()` never raises, l. 206 and 261, so the list lookup at l. 226 or the dict at l. 266
//  throws and the match crashes); an asker whose question fails is skipped (`continue`, l. 219) and the room's leader
//  is not told.
//  Random play cannot tell the preset from the defaults: only the hostages decide the winner, and they are chosen
//  from the same lists (with the arena's seeded random player the winners are even the same, match for match). What
//  random play checks is the rest of the game: the deal, the leaders, the exchange and the winner. Measured with
//  random moves (every seat a uniformly random legal move, as GameBench's RandomAgent; matches seeded):
//    this game, `npx tsx games/two-rooms/gamebench-random.ts 20000`: Red 40.3%, Blue 59.7%; the President and the
//      Bomber start in one room 40.2%, the President a leader 33.2%, the Bomber a leader 32.8%; 42 plies a match;
//    GameBench's two_rooms.py with its RandomAgent (Python 3.11, PIL stubbed, `random.seed(i)` for i < 20000): Red
//      39.6%, Blue 60.4%; start in one room 39.9%, President a leader 33.2%, Bomber a leader 33.0%; 60 agent
//      decisions a match (a target, a question and an answer per talk, where the arena has two moves);
//    exactly (a Markov chain over the deal and the three exchanges): Red 40.0% (to 10 digits), start in one room 40%,
//      each card a leader 1/3. Both agree with it within sampling error (±0.35 points at 20000 matches).
import { z } from 'zod';
import { seatName, type LogLine, type Outcome, type Rng, type Seat, type Viewer } from '../../lib/engine/types';

export const NUM_SEATS = 6;
export const PER_ROOM = 3;
export const SEAT_NAMES = ['Blue 1', 'Blue 2', 'Blue 3', 'Red 1', 'Red 2', 'Red 3'] as const;
export const ROOM_NAMES = ['Room 1', 'Room 2'] as const;
export const TEAMS = ['Blue', 'Red'] as const;
export type Team = (typeof TEAMS)[number];
/** A seat's card: the President (Blue), the Bomber (Red) or a plain card of its team. */
export const CARDS = ['President', 'Bomber', 'Blue', 'Red'] as const;
export type Card = (typeof CARDS)[number];
export type Room = 0 | 1;
/** Longest question or answer, in characters. */
export const MAX_TEXT = 300;
/** GameBench mixes the rooms with this many random swaps. */
export const SHUFFLE_SWAPS = 20;

export const configSchema = z
  .object({
    /** Rounds of talk and hostage exchange (GameBench: 3). */
    rounds: z.number().int().min(1).max(5).default(3),
    // GameBench's code (the preset `gamebench`, index.ts). Each is optional with no default, so the defaults' config
    // (and the golden playthrough that records it) stays as it was; unset = the arena's rule.
    /** Each player is told their own card; false = nobody is (GameBench's code: no prompt carries it); unset = told. */
    cardTold: z.boolean().optional(),
    /** A player may show their card; false = players only talk (GameBench's code); unset = they may. */
    reveals: z.boolean().optional(),
  })
  .strict()
  // A card its holder was never told cannot be shown either: who saw it would know more than its holder.
  .refine((c) => c.cardTold !== false || c.reveals === false, {
    message: 'cardTold: false needs reveals: false (a player cannot show a card they were never told)',
    path: ['reveals'],
  });
export type TrbConfig = z.infer<typeof configSchema>;

const seatSchema = z
  .number()
  .int()
  .min(0)
  .max(NUM_SEATS - 1);
export const actionSchema = z.discriminatedUnion('type', [
  /** Question someone in the room (text '' = ask them to speak, no particular question). */
  z.object({ type: z.literal('ask'), to: seatSchema, text: z.string() }),
  /** Show one's card to someone in the room: to the one asked on one's own turn, or back to the asker when answering. */
  z.object({ type: z.literal('reveal'), to: seatSchema }),
  /** Answer the question (text '' = say nothing). */
  z.object({ type: z.literal('say'), text: z.string() }),
  /** A leader sends this player of their room to the other room. */
  z.object({ type: z.literal('hostage'), seat: seatSchema }),
]);
export type TrbAction = z.infer<typeof actionSchema>;

export interface Message {
  round: number;
  room: Room;
  from: Seat;
  to: Seat;
  kind: 'ask' | 'say' | 'reveal';
  text: string;
}
interface HeardMessage extends Message {
  /** The seats in the room when it was said: the only ones who heard it. */
  heard: Seat[];
}
export interface Swap {
  round: number;
  /** The hostage sent from Room 1 to Room 2, and from Room 2 to Room 1. */
  sent: [Seat, Seat];
}

export interface TrbState {
  config: TrbConfig;
  cards: Card[];
  /** Each room's players, in GameBench's order (a hostage joins at the end). */
  rooms: [Seat[], Seat[]];
  leaders: [Seat, Seat];
  round: number;
  phase: 'ask' | 'answer' | 'exchange' | 'over';
  /** Whose question it is: the room, and the position in that room's order. */
  turn: { room: Room; index: number };
  /** The question (or card shown) awaiting an answer. */
  pending: { asker: Seat; target: Seat } | null;
  picks: [Seat | null, Seat | null];
  /** known[s]: the seats whose card s has been shown. */
  known: Seat[][];
  messages: HeardMessage[];
  swaps: Swap[];
}

export const teamOf = (seat: Seat): Team => (seat < PER_ROOM ? 'Blue' : 'Red');
export const roomOf = (s: Pick<TrbState, 'rooms'>, seat: Seat): Room => (s.rooms[0].includes(seat) ? 0 : 1);
/** A card as people say it: "the President", "the Bomber", "a plain Blue card". */
export const cardLabel = (c: Card): string => (c === 'President' || c === 'Bomber' ? `the ${c}` : `a plain ${c} card`);
export const roomsText = (rooms: readonly (readonly Seat[])[], leaders: readonly Seat[]): string =>
  rooms
    .map(
      (r, i) =>
        `${ROOM_NAMES[i]}: ${r.map((p) => (leaders[i] === p ? `${seatName(SEAT_NAMES, p)} (leader)` : seatName(SEAT_NAMES, p))).join(', ')}`,
    )
    .join('; ');

/** The text as stored: one line, trimmed. */
export const cleanText = (t: string): string => t.replace(/\s+/g, ' ').trim();

export function setup(rng: Rng, config: TrbConfig, numPlayers: number): TrbState {
  if (numPlayers !== NUM_SEATS)
    throw new Error(`Two Rooms and a Boom is played by ${NUM_SEATS} players, not ${numPlayers}`);
  const cards: Card[] = ['Blue', 'Blue', 'Blue', 'Red', 'Red', 'Red'];
  cards[rng.int(PER_ROOM)] = 'President';
  cards[PER_ROOM + rng.int(PER_ROOM)] = 'Bomber';
  // GameBench: Blue in room 0, Red in room 1, then 20 swaps of a random card of each room.
  let rooms: [Seat[], Seat[]] = [
    [0, 1, 2],
    [3, 4, 5],
  ];
  for (let i = 0; i < SHUFFLE_SWAPS; i++)
    rooms = swap(rooms, rooms[0][rng.int(PER_ROOM)]!, rooms[1][rng.int(PER_ROOM)]!);
  const leaders: [Seat, Seat] = [rooms[0][rng.int(PER_ROOM)]!, rooms[1][rng.int(PER_ROOM)]!];
  return start(config, cards, rooms, leaders);
}

/** A position from given cards, rooms and leaders, at the start of round 1 (tests and the worked example). */
export function start(config: TrbConfig, cards: Card[], rooms: [Seat[], Seat[]], leaders: [Seat, Seat]): TrbState {
  return {
    config,
    cards: cards.slice(),
    rooms: [rooms[0].slice(), rooms[1].slice()],
    leaders: [leaders[0], leaders[1]],
    round: 1,
    phase: 'ask',
    turn: { room: 0, index: 0 },
    pending: null,
    picks: [null, null],
    known: Array.from({ length: NUM_SEATS }, () => []),
    messages: [],
    swaps: [],
  };
}

/** GameBench's trade_card: each card joins the end of the other room. */
function swap(rooms: [Seat[], Seat[]], a: Seat, b: Seat): [Seat[], Seat[]] {
  return [
    [...rooms[0].filter((p) => p !== a), b],
    [...rooms[1].filter((p) => p !== b), a],
  ];
}

export const asker = (s: TrbState): Seat | null =>
  s.phase === 'ask' ? (s.rooms[s.turn.room][s.turn.index] ?? null) : null;

/** Whether players may show their card (`reveals`, unset = yes; GameBench's code: no). */
export const revealsAllowed = (s: Pick<TrbState, 'config'>): boolean => s.config.reveals !== false;
/** Whether each player is told their own card (`cardTold`, unset = yes; GameBench's code: no). */
export const cardTold = (s: Pick<TrbState, 'config'>): boolean => s.config.cardTold !== false;

export function activeSeats(s: TrbState): Seat[] {
  if (s.phase === 'ask') return [asker(s)!];
  if (s.phase === 'answer') return [s.pending!.target];
  if (s.phase === 'exchange') return s.leaders.filter((_, r) => s.picks[r] === null);
  return [];
}

export function legalActions(s: TrbState, seat: Seat): TrbAction[] {
  if (!activeSeats(s).includes(seat)) return [];
  if (s.phase === 'ask') {
    const others = s.rooms[roomOf(s, seat)].filter((p) => p !== seat);
    return [
      ...others.map((to): TrbAction => ({ type: 'ask', to, text: '' })),
      ...(revealsAllowed(s) ? others.map((to): TrbAction => ({ type: 'reveal', to })) : []),
    ];
  }
  if (s.phase === 'answer')
    return [
      { type: 'say', text: '' },
      ...(revealsAllowed(s) ? [{ type: 'reveal', to: s.pending!.asker } as const] : []),
    ];
  const r = s.leaders.indexOf(seat) as Room;
  return s.rooms[r].filter((p) => p !== seat).map((p): TrbAction => ({ type: 'hostage', seat: p }));
}

export function reject(s: TrbState, seat: Seat, a: TrbAction): string | null {
  if (!actionSchema.safeParse(a).success) return 'That is not a move of this game.';
  const room = roomOf(s, seat);
  const inRoom = (p: Seat) => s.rooms[room].includes(p);
  const here = () =>
    `In ${ROOM_NAMES[room]} with you: ${s.rooms[room]
      .filter((p) => p !== seat)
      .map((p) => seatName(SEAT_NAMES, p))
      .join(', ')}.`;
  if (a.type === 'reveal' && !revealsAllowed(s))
    return s.phase === 'answer'
      ? `Cards are never shown in this match: answer with "Say: <your answer>" or "Say nothing".`
      : 'Cards are never shown in this match: ask someone of your room instead ("Ask <player>: <question>").';
  if (s.phase === 'ask') {
    if (a.type === 'say')
      return `Nobody asked you anything: it is your turn to ask someone in your room ("Ask <player>: <question>") or show them your card. ${here()}`;
    if (a.type === 'hostage') return 'Hostages are chosen by the leaders after everyone has talked.';
    if (a.to === seat) return `Talk to someone else. ${here()}`;
    if (!inRoom(a.to)) return `${seatName(SEAT_NAMES, a.to)} is not in your room. ${here()}`;
    if (a.type === 'ask' && cleanText(a.text).length > MAX_TEXT)
      return `Your question is too long: at most ${MAX_TEXT} characters.`;
    return null;
  }
  if (s.phase === 'answer') {
    const from = seatName(SEAT_NAMES, s.pending!.asker);
    if (a.type === 'ask' || a.type === 'hostage')
      return `${from} is talking to you: answer with "Say: <your answer>" (or "Say nothing"), or show your card to ${from}.`;
    if (a.type === 'reveal' && a.to !== s.pending!.asker)
      return `You can show your card only to ${from}, who is talking to you.`;
    if (a.type === 'say' && cleanText(a.text).length > MAX_TEXT)
      return `Your answer is too long: at most ${MAX_TEXT} characters.`;
    return null;
  }
  // exchange
  if (a.type !== 'hostage')
    return 'You are a leader and the talking is over: choose the hostage you send to the other room.';
  if (a.seat === seat) return 'A leader cannot send themselves: choose another player of your room.';
  if (!inRoom(a.seat)) return `${seatName(SEAT_NAMES, a.seat)} is not in your room. ${here()}`;
  return null;
}

export function apply(prev: TrbState, seat: Seat, a: TrbAction, _rng: Rng): TrbState {
  const s: TrbState = {
    ...prev,
    rooms: [prev.rooms[0].slice(), prev.rooms[1].slice()],
    picks: [prev.picks[0], prev.picks[1]],
    known: prev.known.map((k) => k.slice()),
    messages: prev.messages.slice(),
    swaps: prev.swaps.slice(),
  };
  const room = roomOf(s, seat);
  const say = (m: Omit<Message, 'round' | 'room'>) =>
    s.messages.push({ ...m, round: s.round, room, heard: s.rooms[room].slice() });
  const show = (from: Seat, to: Seat) => {
    if (!s.known[to]!.includes(from)) s.known[to]!.push(from);
  };
  if (s.phase === 'ask' && (a.type === 'ask' || a.type === 'reveal')) {
    if (a.type === 'ask') say({ from: seat, to: a.to, kind: 'ask', text: cleanText(a.text).slice(0, MAX_TEXT) });
    else {
      say({ from: seat, to: a.to, kind: 'reveal', text: '' });
      show(seat, a.to);
    }
    s.pending = { asker: seat, target: a.to };
    s.phase = 'answer';
    return s;
  }
  if (s.phase === 'answer' && (a.type === 'say' || a.type === 'reveal')) {
    const to = s.pending!.asker;
    if (a.type === 'say') say({ from: seat, to, kind: 'say', text: cleanText(a.text).slice(0, MAX_TEXT) });
    else {
      say({ from: seat, to, kind: 'reveal', text: '' });
      show(seat, to);
    }
    s.pending = null;
    const next = s.turn.index + 1;
    if (next < s.rooms[s.turn.room].length) s.turn = { room: s.turn.room, index: next };
    else if (s.turn.room === 0) s.turn = { room: 1, index: 0 };
    else {
      s.turn = { room: 0, index: 0 };
      s.phase = 'exchange';
      return s;
    }
    s.phase = 'ask';
    return s;
  }
  if (s.phase === 'exchange' && a.type === 'hostage') {
    const r = s.leaders.indexOf(seat) as Room;
    s.picks[r] = a.seat;
    if (s.picks[0] !== null && s.picks[1] !== null) {
      s.rooms = swap(s.rooms, s.picks[0], s.picks[1]);
      s.swaps.push({ round: s.round, sent: [s.picks[0], s.picks[1]] });
      s.picks = [null, null];
      if (s.round >= s.config.rounds) s.phase = 'over';
      else {
        s.round += 1;
        s.phase = 'ask';
        s.turn = { room: 0, index: 0 };
      }
    }
    return s;
  }
  throw new Error(`illegal move ${JSON.stringify(a)} in phase ${s.phase}`);
}

export const seatOf = (s: Pick<TrbState, 'cards'>, c: Card): Seat => s.cards.indexOf(c);

/** The winning team once the game is over: Red when the Bomber is in the President's room. */
export function winner(s: TrbState): Team | null {
  if (s.phase !== 'over') return null;
  return roomOf(s, seatOf(s, 'Bomber')) === roomOf(s, seatOf(s, 'President')) ? 'Red' : 'Blue';
}

export function outcome(s: TrbState): Outcome | null {
  const w = winner(s);
  if (!w) return null;
  const pres = seatOf(s, 'President');
  const bomb = seatOf(s, 'Bomber');
  const [pr, br] = [roomOf(s, pres), roomOf(s, bomb)];
  const reason =
    w === 'Red'
      ? `The Bomber (${seatName(SEAT_NAMES, bomb)}) ends in ${ROOM_NAMES[br]} with the President (${seatName(SEAT_NAMES, pres)}): Red wins`
      : `The President (${seatName(SEAT_NAMES, pres)}) ends in ${ROOM_NAMES[pr]}, the Bomber (${seatName(SEAT_NAMES, bomb)}) in ${ROOM_NAMES[br]}: Blue wins`;
  // GameBench scores the winning agent 1 and the other 0; each side's point is shared by its three seats.
  return {
    scores: Array.from({ length: NUM_SEATS }, (_, seat) => (teamOf(seat) === w ? 1 / PER_ROOM : 0)),
    reason,
    winner: null,
    teams: Array.from({ length: NUM_SEATS }, (_, seat) => teamOf(seat)),
    summary: `${w} wins`,
  };
}

export interface TrbView {
  you: Seat | null;
  /** This seat's own card (null for spectators, and for every seat while `cardTold` is false until the end). */
  myCard: Card | null;
  /** Present (false) only when the match tells no player their card (`cardTold: false`, the preset `gamebench`). */
  cardTold?: false;
  /** Present (false) only when players cannot show their cards (`reveals: false`, the preset `gamebench`). */
  reveals?: false;
  round: number;
  rounds: number;
  phase: TrbState['phase'];
  rooms: [Seat[], Seat[]];
  leaders: [Seat, Seat];
  /** Who is asking now, and the question awaiting an answer (public: the room sees who talks to whom). */
  asker: Seat | null;
  pending: { asker: Seat; target: Seat } | null;
  toAct: Seat[];
  /** The cards this viewer knows: its own and those shown to it (every card for omniscient viewers and at the end). */
  known: { seat: Seat; card: Card }[];
  /** What this viewer heard (spectators: both rooms). */
  messages: Message[];
  /** Whether each room's leader has chosen a hostage this round; the choice itself only for that leader. */
  picked: [boolean, boolean];
  myPick: Seat | null;
  /** Both leaders' choices this round, for the omniscient viewer only (null for everyone else). */
  picks: [Seat | null, Seat | null] | null;
  swaps: Swap[];
  result: { winner: Team; reason: string } | null;
}

export function view(s: TrbState, v: Viewer): TrbView {
  const omni = 'omniscient' in v;
  const you = 'seat' in v ? v.seat : null;
  const over = s.phase === 'over';
  // HIDDEN INFORMATION: under `cardTold: false` a seat's own card is hidden from it too, until the end.
  const told = cardTold(s) || over;
  const knownSeats = omni || over ? [0, 1, 2, 3, 4, 5] : you !== null ? [...(told ? [you] : []), ...s.known[you]!] : [];
  const o = outcome(s);
  const lead = you !== null ? s.leaders.indexOf(you) : -1;
  return {
    you,
    myCard: you !== null && told ? s.cards[you]! : null,
    // The rule options only when set, so the defaults' views (and the golden playthrough) stay as they were.
    ...(cardTold(s) ? {} : { cardTold: false as const }),
    ...(revealsAllowed(s) ? {} : { reveals: false as const }),
    round: s.round,
    rounds: s.config.rounds,
    phase: s.phase,
    rooms: [s.rooms[0].slice(), s.rooms[1].slice()],
    leaders: [s.leaders[0], s.leaders[1]],
    asker: asker(s),
    pending: s.pending ? { ...s.pending } : null,
    toAct: activeSeats(s),
    known: [...new Set(knownSeats)].sort((a, b) => a - b).map((seat) => ({ seat, card: s.cards[seat]! })),
    messages: s.messages
      // A room's talk is heard in the room only: a seat reads what it heard; a spectator reads both rooms when it may see
      // everything (a match without a person: index.ts, spectatorsSeeAll) and nothing while a person plays a seat.
      .filter((m) => omni || over || (you !== null && m.heard.includes(you)))
      .map(({ round, room, from, to, kind, text }) => ({ round, room, from, to, kind, text })),
    picked: [s.picks[0] !== null, s.picks[1] !== null],
    myPick: lead >= 0 ? s.picks[lead]! : null,
    // HIDDEN INFORMATION: a leader's hostage is its own until both have chosen (then they are swapped at once).
    picks: omni ? [s.picks[0], s.picks[1]] : null,
    swaps: s.swaps.map((w) => ({ round: w.round, sent: [w.sent[0], w.sent[1]] })),
    result: o ? { winner: winner(s)!, reason: o.reason } : null,
  };
}

/** A message as the log and the prompts write it, naming both seats. */
export function messageText(m: Message): string {
  const [from, to] = [seatName(SEAT_NAMES, m.from), seatName(SEAT_NAMES, m.to)];
  if (m.kind === 'reveal') return `${from} shows their card to ${to}`;
  if (m.kind === 'ask') return m.text ? `${from} asks ${to}: “${m.text}”` : `${from} asks ${to} to speak`;
  return m.text ? `${from} answers ${to}: “${m.text}”` : `${from} says nothing to ${to}`;
}

export function describe(prev: TrbState, next: TrbState, seat: Seat, a: TrbAction): LogLine[] {
  const lines: LogLine[] = [];
  for (const m of next.messages.slice(prev.messages.length)) {
    lines.push({ text: `${ROOM_NAMES[m.room]}: ${messageText(m)}`, visibleTo: m.heard.slice() });
    if (m.kind === 'reveal') {
      const c = cardLabel(next.cards[m.from]!);
      lines.push({
        text: `${seatName(SEAT_NAMES, m.to)} sees that ${seatName(SEAT_NAMES, m.from)} is ${c}`,
        visibleTo: [m.to],
        yours: `${seatName(SEAT_NAMES, m.from)} shows you their card: ${c}`,
      });
    }
  }
  if (a.type === 'hostage') {
    const r = prev.leaders.indexOf(seat);
    lines.push({ text: `${seatName(SEAT_NAMES, seat)}, leader of ${ROOM_NAMES[r]}, has chosen a hostage` });
    lines.push({
      text: `${seatName(SEAT_NAMES, seat)} chooses ${seatName(SEAT_NAMES, a.seat)} as the hostage`,
      visibleTo: [seat],
      yours: `You send ${seatName(SEAT_NAMES, a.seat)} to ${ROOM_NAMES[1 - r]}`,
    });
    const w = next.swaps.length > prev.swaps.length ? next.swaps.at(-1)! : null;
    if (w)
      lines.push({
        text: `Round ${w.round} exchange: ${seatName(SEAT_NAMES, w.sent[0])} goes to ${ROOM_NAMES[1]}, ${seatName(SEAT_NAMES, w.sent[1])} goes to ${ROOM_NAMES[0]}`,
      });
  }
  if (prev.phase === 'answer' && next.phase === 'exchange')
    lines.push({ text: `Round ${next.round}: the talking is over; the leaders choose their hostages` });
  const o = outcome(next);
  if (o && !outcome(prev))
    lines.push({
      text: `${o.reason}. The cards: ${next.cards.map((c, p) => `${seatName(SEAT_NAMES, p)} ${c === 'President' || c === 'Bomber' ? c : 'plain'}`).join(', ')}`,
    });
  return lines;
}

/** Each seat's card (and a leader's hostage choice until the exchange): for that seat and whoever it was shown to. */
export function secrets(s: TrbState): { seat: Seat; values: string[]; sharedWith?: Seat[] }[] {
  if (s.phase === 'over') return [];
  const out: { seat: Seat; values: string[]; sharedWith?: Seat[] }[] = s.cards.map((card, seat) => ({
    seat,
    values: [JSON.stringify({ seat, card })],
    sharedWith: [0, 1, 2, 3, 4, 5].filter((p) => s.known[p]!.includes(seat)),
  }));
  // A leader's choice as the omniscient view writes both (the other is still null: both made, they are swapped at once).
  s.picks.forEach((p, r) => {
    if (p !== null) out.push({ seat: s.leaders[r]!, values: [`"picks":${JSON.stringify(s.picks)}`] });
  });
  return out;
}
