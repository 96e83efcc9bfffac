// Are You the Traitor? (GameBench's AYT): five players, the Good team (Good Wizard, Key Holder, Guard) against the
// Evil team (Evil Wizard, Traitor). The two wizards are known to all, but not which is which. Each round the players
// talk in turn until someone shouts "Stop!" and points at a player: when the accused holds the role the accuser hunts,
// the accuser's team wins the round, otherwise the other team does; each member of the round's winning team draws a
// Treasure card. The first player to hold 10 treasure points wins the match for their team. Pure and seeded.
//
// SOURCES
// - The paper (GameBench): appendix G's rules text (used verbatim as the summary; AYT has no withheld bullet topics),
//   appendix F ("players are secretly divided into Good and Evil teams … unstructured conversation … A player will
//   yell "Stop!" while pointing at someone, and that round ends. If they identify their target role correctly, their
//   team earns Treasure cards"), Table 1: hidden information, language communication, social deduction, cooperation.
// - GameBench's games/are_you_the_traitor/aytt.py for every fact the paper leaves out:
//   - 5 players, one per role: Traitor and Evil Wizard (evil, agent 1), Good Wizard, Key Holder and Guard (good,
//     agent 2). Each seat's context names only its own role; "It is public knowledge that Player 1 and 2 are wizards,
//     though it is not known which is good or evil."
//   - Targets: Evil Wizard → Key Holder; Good Wizard → Traitor; Key Holder → Good Wizard; Guard → Traitor. The Traitor
//     may never shout Stop (it is left out of the stop poll). check_round_winner: the accuser's team wins the round
//     when the accused's role is the accuser's target, else the other team wins.
//   - 42 Treasure cards shuffled once: 2 Crown Jewels (5), 5 Platinum Pyramids (4), 12 Bags of Gold (3), 11 Silver
//     Goblets (2), 5 Chests of Copper (1), 5 Magic Rings (1), 2 Gilded Statues (0). Each member of the round's winning
//     team draws the top card.
//   - After every round each holder of a Magic Ring (in GameBench's player order) uses one: it takes a card from a
//     random player of the other team who holds any card — that player's Gilded Statue if they have one, else a random
//     card of theirs — and the ring is discarded. With no such player the ring is kept.
//   - After that, the first player in GameBench's order (Traitor, Evil Wizard, Good Wizard, Key Holder, Guard) with
//     10 or more points ends the match: their team wins. game_winner gives (1, 0) or (0, 1); matches.json holds only
//     0/1 results for AYT. The arena shares the winning team's 1 among its seats (Evil 1/2 each, Good 1/3 each).
//
// SIDES ARE DRAWN PER MATCH (the Who-is-the-spy design, not Two Rooms'). GameBench fixes the teams per agent (agent 1
// always plays players 0-1, Evil; agent 2 players 2-4, Good), but no model is ever told the mapping: each seat knows
// only its own role, and the whole game is finding out who is on which team. In Two Rooms the colours may be public
// because the secret is the card; here the team IS the secret (the Traitor is simply "the evil non-wizard"), so fixed
// public seats would end the game before it starts. The arena therefore draws the roles secretly per match (the
// wizard seats are public, as in GameBench), has no `meta.sides`, and rates the result per side through
// `Outcome.teams` ("Evil" / "Good"). The price: a tournament cannot give one agent a whole team as GameBench did.
//
// DEVIATIONS (and why)
// 1. Roles are drawn per match (above); GameBench's Player 1 and 2 wizards become the two drawn wizard seats.
// 2. The conversation: GameBench repeatedly picks a random player who questions someone, who answers, and then polls
//    every non-Traitor in random order "STOP or Pass". The issue asks for rounds of messages: from a first speaker
//    drawn each round, the seats talk in turn, and on a turn a seat says one free-text message (heard by all), passes,
//    or — any seat but the Traitor — shouts "Stop!" and points at another player, which ends the round at once. This
//    keeps who may stop, whom they may point at and how the round is judged exactly as GameBench does.
// 3. GameBench's talk never ends without a Stop. The arena ends a round after `talkLaps` turns of every seat with no
//    Stop (nobody wins it, no treasure), and the match after `maxRounds` rounds or when the deck runs out (GameBench
//    would crash): then the team with more treasure points wins (appendix F: "the team with the most Treasure … wins");
//    equal points are a draw (each team's half shared by its seats).
// 4. GameBench resets every context at each round ("simulates the reassigning of roles"): the roles stay. The arena
//    keeps the roles too; its prompts show only the current round's talk, and the earlier Stops (who pointed at whom)
//    in one line, since they were said aloud. Who won a round, the treasure and the magic rings are private (GameBench
//    tells nobody): a seat sees only its own cards and what happened to them; a thief is not told whom it robbed, nor
//    a victim who robbed it (either would give a team away). Everything is revealed at the end.
// 5. GameBench's evil-wizard and traitor contexts say the Traitor knows the Key Holder, but its code never tells it:
//    the arena follows the code (each seat knows only its own role and the two wizard seats).
// 6. A Magic Ring's victim is drawn among the other team's players who hold a card, as GameBench; the statue check
//    is made on the victim's current hand (GameBench's list, made before the rings, could point at a statue already
//    taken and crash).
import { z } from 'zod';
import { seatName, type LogLine, type Outcome, type Rng, type Seat, type Viewer } from '../../lib/engine/types';

export const NUM_SEATS = 5;
export const SEAT_NAMES = ['Player 1', 'Player 2', 'Player 3', 'Player 4', 'Player 5'] as const;
export const ROLES = ['Traitor', 'Evil Wizard', 'Good Wizard', 'Key Holder', 'Guard'] as const;
export type Role = (typeof ROLES)[number];
export type Team = 'Evil' | 'Good';
export const TEAM_OF: Record<Role, Team> = {
  Traitor: 'Evil',
  'Evil Wizard': 'Evil',
  'Good Wizard': 'Good',
  'Key Holder': 'Good',
  Guard: 'Good',
};
/** The role each role hunts when it shouts Stop (GameBench's `target`); the Traitor may not stop. */
export const TARGET_OF: Record<Role, Role | null> = {
  Traitor: null,
  'Evil Wizard': 'Key Holder',
  'Good Wizard': 'Traitor',
  'Key Holder': 'Good Wizard',
  Guard: 'Traitor',
};
/** Longest message, in characters. */
export const MAX_TEXT = 300;

export const TREASURES = [
  { name: 'Crown Jewels', count: 2, points: 5 },
  { name: 'Platinum Pyramid', count: 5, points: 4 },
  { name: 'Bag of Gold', count: 12, points: 3 },
  { name: 'Silver Goblet', count: 11, points: 2 },
  { name: 'Chest of Copper', count: 5, points: 1 },
  { name: 'Magic Ring', count: 5, points: 1 },
  { name: 'Gilded Statue', count: 2, points: 0 },
] as const;
export type TreasureName = (typeof TREASURES)[number]['name'];
export interface Treasure {
  id: number;
  name: TreasureName;
  points: number;
}
export const DECK: Treasure[] = TREASURES.flatMap((t) =>
  Array.from({ length: t.count }, () => ({ name: t.name as TreasureName, points: t.points })),
).map((t, id) => ({ id, ...t }));

export const configSchema = z
  .object({
    /** Treasure points that end the match (GameBench: 10). */
    targetPoints: z.number().int().min(1).max(40).default(10),
    /** Turns each seat may talk in a round before it ends with no Stop (the arena's limit: GameBench has none). */
    talkLaps: z.number().int().min(1).max(6).default(3),
    /** Rounds at most (the arena's limit). */
    maxRounds: z.number().int().min(1).max(40).default(20),
  })
  .strict();
export type AytConfig = z.infer<typeof configSchema>;

const seatSchema = z
  .number()
  .int()
  .min(0)
  .max(NUM_SEATS - 1);
export const actionSchema = z.discriminatedUnion('type', [
  /** One free-text message to the table. */
  z.object({ type: z.literal('say'), text: z.string() }),
  z.object({ type: z.literal('pass') }),
  /** Shout "Stop!" and point at a player: ends the round. */
  z.object({ type: z.literal('stop'), target: seatSchema }),
]);
export type AytAction = z.infer<typeof actionSchema>;

export interface Message {
  round: number;
  from: Seat;
  /** '' = the seat passed. */
  text: string;
}
export interface RoundResult {
  round: number;
  /** null: nobody stopped in time. */
  stopper: Seat | null;
  accused: Seat | null;
  /** The team that won the round (private until the end). */
  winner: Team | null;
}
/** What happened to a seat's treasure (private to that seat). */
export interface TreasureEvent {
  round: number;
  seat: Seat;
  kind: 'draw' | 'took' | 'lost' | 'ring';
  card: Treasure;
}

export interface AytState {
  config: AytConfig;
  roles: Role[];
  wizards: [Seat, Seat];
  deck: Treasure[];
  hands: Treasure[][];
  round: number;
  /** The round's first speaker and how many turns have been taken in it. */
  first: Seat;
  turns: number;
  phase: 'talk' | 'over';
  messages: Message[];
  results: RoundResult[];
  events: TreasureEvent[];
  /** Set when the match is over. */
  end: { winner: Team | null; reason: string } | null;
}

export const teamOf = (s: Pick<AytState, 'roles'>, seat: Seat): Team => TEAM_OF[s.roles[seat]!];
export const points = (hand: readonly Treasure[]): number => hand.reduce((a, c) => a + c.points, 0);
export const cleanText = (t: string): string => t.replace(/\s+/g, ' ').trim();
export const treasureLabel = (c: Treasure): string => `${c.name} (${c.points})`;

export function setup(rng: Rng, config: AytConfig, numPlayers: number): AytState {
  if (numPlayers !== NUM_SEATS)
    throw new Error(`Are You the Traitor? is played by ${NUM_SEATS} players, not ${numPlayers}`);
  const roles = rng.shuffle(ROLES);
  const deck = rng.shuffle(DECK);
  return start(config, roles, deck, rng.int(NUM_SEATS));
}

/** A position from given roles and deck at the start of round 1 (tests and the worked example). */
export function start(config: AytConfig, roles: readonly Role[], deck: readonly Treasure[], first: Seat): AytState {
  const w = [roles.indexOf('Evil Wizard'), roles.indexOf('Good Wizard')].sort((a, b) => a - b) as [Seat, Seat];
  return {
    config,
    roles: roles.slice(),
    wizards: w,
    deck: deck.map((c) => ({ ...c })),
    hands: Array.from({ length: NUM_SEATS }, () => []),
    round: 1,
    first,
    turns: 0,
    phase: 'talk',
    messages: [],
    results: [],
    events: [],
    end: null,
  };
}

/** The seat to talk now. */
export const speaker = (s: AytState): Seat | null => (s.phase === 'talk' ? (s.first + s.turns) % NUM_SEATS : null);

export function activeSeats(s: AytState): Seat[] {
  return s.phase === 'talk' ? [speaker(s)!] : [];
}

export function legalActions(s: AytState, seat: Seat): AytAction[] {
  if (!activeSeats(s).includes(seat)) return [];
  const out: AytAction[] = [{ type: 'pass' }];
  if (TARGET_OF[s.roles[seat]!] !== null)
    for (let p = 0; p < NUM_SEATS; p++) if (p !== seat) out.push({ type: 'stop', target: p });
  return out;
}

export function reject(s: AytState, seat: Seat, a: AytAction): string | null {
  if (!actionSchema.safeParse(a).success) return 'That is not a move of this game.';
  if (a.type === 'say') {
    const t = cleanText(a.text);
    if (!t) return 'Say something ("Say: <your message>"), or write "Pass".';
    if (t.length > MAX_TEXT) return `Your message is too long: at most ${MAX_TEXT} characters.`;
    return null;
  }
  if (a.type === 'stop') {
    if (TARGET_OF[s.roles[seat]!] === null) return 'As the Traitor you may never shout Stop: say something or pass.';
    if (a.target === seat) return 'Point at another player, not yourself.';
  }
  return null;
}

/** The first player in GameBench's order (Traitor, Evil Wizard, Good Wizard, Key Holder, Guard) holding `target` points. */
function reached(s: AytState): Seat | null {
  for (const role of ROLES) {
    const seat = s.roles.indexOf(role);
    if (points(s.hands[seat]!) >= s.config.targetPoints) return seat;
  }
  return null;
}

export const teamPoints = (s: Pick<AytState, 'roles' | 'hands'>, team: Team): number =>
  s.hands.reduce((a, h, seat) => a + (TEAM_OF[s.roles[seat]!] === team ? points(h) : 0), 0);

function inOrder(s: AytState): Seat[] {
  return ROLES.map((r) => s.roles.indexOf(r));
}

/** Ends the round: treasure to the winners, the rings, the end of the match or the next round. */
function endRound(s: AytState, stopper: Seat | null, accused: Seat | null, rng: Rng): void {
  let winner: Team | null = null;
  if (stopper !== null && accused !== null) {
    const mine = teamOf(s, stopper);
    winner = TARGET_OF[s.roles[stopper]!] === s.roles[accused] ? mine : mine === 'Evil' ? 'Good' : 'Evil';
  }
  s.results.push({ round: s.round, stopper, accused, winner });
  if (winner) {
    for (const seat of inOrder(s)) {
      if (teamOf(s, seat) !== winner) continue;
      const card = s.deck.shift();
      if (!card) break;
      s.hands[seat]!.push(card);
      s.events.push({ round: s.round, seat, kind: 'draw', card });
    }
    // The Magic Rings (GameBench's player order; a ring is used by every holder after every round).
    const holders = inOrder(s).filter((seat) => s.hands[seat]!.some((c) => c.name === 'Magic Ring'));
    for (const seat of holders) {
      if (!s.hands[seat]!.some((c) => c.name === 'Magic Ring')) continue;
      const victims = inOrder(s).filter((p) => teamOf(s, p) !== teamOf(s, seat) && s.hands[p]!.length > 0);
      if (!victims.length) continue;
      const victim = rng.pick(victims);
      const vh = s.hands[victim]!;
      const statue = vh.find((c) => c.name === 'Gilded Statue');
      const card = statue ?? rng.pick(vh);
      s.hands[victim] = vh.filter((c) => c.id !== card.id);
      s.hands[seat]!.push(card);
      const ring = s.hands[seat]!.find((c) => c.name === 'Magic Ring')!;
      s.hands[seat] = s.hands[seat]!.filter((c) => c.id !== ring.id);
      s.events.push({ round: s.round, seat, kind: 'ring', card: ring });
      s.events.push({ round: s.round, seat, kind: 'took', card });
      s.events.push({ round: s.round, seat: victim, kind: 'lost', card });
    }
  }
  const top = reached(s);
  if (top !== null) {
    const team = teamOf(s, top);
    s.end = {
      winner: team,
      reason: `${seatName(SEAT_NAMES, top)} (${s.roles[top]}) reaches ${points(s.hands[top]!)} treasure points: the ${team} team wins`,
    };
  } else if (s.round >= s.config.maxRounds || s.deck.length === 0) {
    const [e, g] = [teamPoints(s, 'Evil'), teamPoints(s, 'Good')];
    const why = s.deck.length === 0 ? 'The treasure deck is empty' : `Round ${s.round} was the last`;
    const w: Team | null = e > g ? 'Evil' : g > e ? 'Good' : null;
    s.end = {
      winner: w,
      reason: `${why}: Evil holds ${e} treasure points, Good ${g}${w ? `: the ${w} team wins` : ': a draw'}`,
    };
  }
  if (s.end) {
    s.phase = 'over';
    return;
  }
  s.round += 1;
  s.turns = 0;
  s.first = rng.int(NUM_SEATS);
}

export function apply(prev: AytState, seat: Seat, a: AytAction, rng: Rng): AytState {
  if (prev.phase !== 'talk' || speaker(prev) !== seat) throw new Error(`illegal move ${JSON.stringify(a)}`);
  const s: AytState = {
    ...prev,
    hands: prev.hands.map((h) => h.slice()),
    deck: prev.deck.slice(),
    messages: prev.messages.slice(),
    results: prev.results.slice(),
    events: prev.events.slice(),
  };
  if (a.type === 'stop') {
    endRound(s, seat, a.target, rng);
    return s;
  }
  s.messages.push({ round: s.round, from: seat, text: a.type === 'say' ? cleanText(a.text).slice(0, MAX_TEXT) : '' });
  s.turns += 1;
  if (s.turns >= s.config.talkLaps * NUM_SEATS) endRound(s, null, null, rng);
  return s;
}

export function fallback(): AytAction {
  return { type: 'pass' };
}

export function outcome(s: AytState): Outcome | null {
  if (!s.end) return null;
  const w = s.end.winner;
  const teams = s.roles.map((r) => TEAM_OF[r]);
  const size = (t: Team) => teams.filter((x) => x === t).length;
  // GameBench: the winning agent 1, the other 0; the arena shares a team's score among its seats (a draw: half each).
  const scores = teams.map((t) => (w === null ? 0.5 / size(t) : t === w ? 1 / size(t) : 0));
  return {
    scores,
    reason: s.end.reason,
    rewards: s.hands.map(points),
    winner: null,
    teams,
    summary: w ? `The ${w} team wins` : 'Draw',
  };
}

export interface AytView {
  you: Seat | null;
  myRole: Role | null;
  /** The role this seat hunts when it stops (null: the Traitor, or a spectator). */
  myTarget: Role | null;
  myCards: Treasure[];
  wizards: [Seat, Seat];
  round: number;
  maxRounds: number;
  targetPoints: number;
  talkLaps: number;
  phase: AytState['phase'];
  speaker: Seat | null;
  /** Turns taken in this round, of talkLaps × 5. */
  turns: number;
  deckLeft: number;
  /** Every message said aloud (all rounds). */
  messages: Message[];
  /** Every round's Stop (public); the round's winner only at the end or for omniscient viewers. */
  results: RoundResult[];
  /** What happened to this viewer's treasure (omniscient viewers: everyone's). */
  events: TreasureEvent[];
  /** Revealed at the end (or to omniscient viewers): every role and hand. */
  roles: Role[] | null;
  hands: Treasure[][] | null;
  end: AytState['end'];
}

export function view(s: AytState, v: Viewer): AytView {
  const all = 'omniscient' in v || s.phase === 'over';
  const you = 'seat' in v ? v.seat : null;
  return {
    you,
    // Right after `you`: a card moves between hands (a Magic Ring), so a hand is a secret of its holder (secrets).
    myCards: you !== null ? s.hands[you]!.map((c) => ({ ...c })) : [],
    myRole: you !== null ? s.roles[you]! : null,
    myTarget: you !== null ? TARGET_OF[s.roles[you]!] : null,
    wizards: [s.wizards[0], s.wizards[1]],
    round: s.round,
    maxRounds: s.config.maxRounds,
    targetPoints: s.config.targetPoints,
    talkLaps: s.config.talkLaps,
    phase: s.phase,
    speaker: speaker(s),
    turns: s.turns,
    deckLeft: s.deck.length,
    messages: s.messages.map((m) => ({ ...m })),
    results: s.results.map((r) => ({ ...r, winner: all ? r.winner : null })),
    events: s.events.filter((e) => all || e.seat === you).map((e) => ({ ...e, card: { ...e.card } })),
    roles: all ? s.roles.slice() : null,
    hands: all ? s.hands.map((h) => h.map((c) => ({ ...c }))) : null,
    end: s.end ? { ...s.end } : null,
  };
}

export function messageText(m: Message): string {
  return m.text ? `${seatName(SEAT_NAMES, m.from)}: “${m.text}”` : `${seatName(SEAT_NAMES, m.from)} passes`;
}

export function stopText(r: RoundResult): string {
  return r.stopper === null
    ? `Round ${r.round}: nobody shouted Stop`
    : `Round ${r.round}: ${seatName(SEAT_NAMES, r.stopper)} shouted Stop and pointed at ${seatName(SEAT_NAMES, r.accused!)}`;
}

export function describe(prev: AytState, next: AytState, seat: Seat, a: AytAction): LogLine[] {
  const lines: LogLine[] = [];
  if (a.type === 'say')
    lines.push({ text: `${seatName(SEAT_NAMES, seat)} says: “${cleanText(a.text).slice(0, MAX_TEXT)}”` });
  else if (a.type === 'pass') lines.push({ text: `${seatName(SEAT_NAMES, seat)} passes` });
  const r = next.results.length > prev.results.length ? next.results.at(-1)! : null;
  if (r) {
    if (r.stopper !== null)
      lines.push({
        text: `${seatName(SEAT_NAMES, r.stopper)} shouts “Stop!” and points at ${seatName(SEAT_NAMES, r.accused!)}: round ${r.round} is over`,
      });
    else lines.push({ text: `Round ${r.round} is over: nobody shouted Stop, nobody wins it` });
    if (r.winner) {
      for (const seat2 of [0, 1, 2, 3, 4]) {
        if (teamOf(next, seat2) === r.winner)
          lines.push({
            text: `${seatName(SEAT_NAMES, seat2)}'s team wins round ${r.round}`,
            visibleTo: [seat2],
            yours: `Your team wins round ${r.round}`,
          });
        else
          lines.push({
            text: `${seatName(SEAT_NAMES, seat2)}'s team loses round ${r.round}`,
            visibleTo: [seat2],
            yours: `Your team loses round ${r.round}`,
          });
      }
    }
    for (const e of next.events.slice(prev.events.length)) {
      const c = treasureLabel(e.card);
      const who = seatName(SEAT_NAMES, e.seat);
      if (e.kind === 'draw') lines.push({ text: `${who} draws ${c}`, visibleTo: [e.seat], yours: `You draw ${c}` });
      else if (e.kind === 'ring')
        lines.push({
          text: `${who} uses a Magic Ring`,
          visibleTo: [e.seat],
          yours: 'You use a Magic Ring on a player of the other team',
        });
      else if (e.kind === 'took')
        lines.push({
          text: `${who}'s Magic Ring takes ${c} from a player of the other team`,
          visibleTo: [e.seat],
          yours: `Your Magic Ring takes ${c} from a player of the other team`,
        });
      else
        lines.push({
          text: `A Magic Ring takes ${c} from ${who}`,
          visibleTo: [e.seat],
          yours: `A Magic Ring takes your ${c}`,
        });
    }
    if (next.phase === 'talk')
      lines.push({ text: `Round ${next.round} begins: ${seatName(SEAT_NAMES, next.first)} speaks first` });
  }
  if (next.end && !prev.end) {
    lines.push({
      text: `${next.end.reason}. Roles: ${next.roles.map((role, p) => `${seatName(SEAT_NAMES, p)} ${role}`).join(', ')}. Treasure: ${next.hands.map((h, p) => `${seatName(SEAT_NAMES, p)} ${points(h)}`).join(', ')}`,
    });
  }
  return lines;
}

/** Each seat's role and treasure, private until the end. */
export function secrets(s: AytState): { seat: Seat; values: string[] }[] {
  if (s.phase === 'over') return [];
  // Written as the omniscient view writes them. No seat may see the whole deal of roles (each knows its own only), nor
  // who won a round: those are declared for every seat, so every other viewer is checked.
  const hidden = [
    `"roles":${JSON.stringify(s.roles)}`,
    ...s.results.filter((r) => r.winner !== null).map((r) => JSON.stringify(r)),
  ];
  return s.roles.map((_role, seat) => ({
    seat,
    values: [
      ...hidden,
      // The hand as a list of cards (each card's id is its own): a ring's victim rightly saw a lost card in its own
      // hand before, but never the thief's whole hand.
      ...(s.hands[seat]!.length ? [JSON.stringify(s.hands[seat])] : []),
      // What happened to its treasure (each event names its seat).
      ...s.events.filter((e) => e.seat === seat).map((e) => JSON.stringify(e)),
    ],
  }));
}
