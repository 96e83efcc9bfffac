// Text for LLM seats playing heads-up no-limit Texas Hold'em: the rules with a worked example hand, the seat's own
// view of the table, the exact answer format (one legal move per line) and a forgiving parser.
import { readReply } from '../../lib/engine/reply-reader';
import { seatName, type GamePrompt, type ParseResult, type Seat } from '../../lib/engine/types';
import { FULL_DECK, type Card } from './hand';
import {
  SEAT_NAMES,
  STREET_NAMES,
  apply,
  configSchema,
  describe as describeMove,
  eventText,
  legalActions,
  newMatch,
  type ActionType,
  type HoldemAction,
  type HoldemConfig,
  type HoldemState,
  type HoldemView,
  type Street,
} from './rules';

/**
 * An action written exactly as the prompt lists it: "Fold", "Check", "Call 4", "Raise half pot (to 6)",
 * "Raise full pot (to 10)", "All-in (98)". Without its amount (an action parsed with no legal list): "Call",
 * "Raise half pot", "Raise full pot", "All-in".
 */
export function format(a: HoldemAction, _seat?: Seat): string {
  switch (a.type) {
    case 'fold':
      return 'Fold';
    case 'check-call':
      return a.amount === undefined ? 'Call' : a.amount === 0 ? 'Check' : `Call ${a.amount}`;
    case 'raise-half-pot':
      return a.to === undefined ? 'Raise half pot' : `Raise half pot (to ${a.to})`;
    case 'raise-full-pot':
      return a.to === undefined ? 'Raise full pot' : `Raise full pot (to ${a.to})`;
    case 'all-in':
      return a.amount === undefined ? 'All-in' : `All-in (${a.amount})`;
  }
}

// ---------------------------------------------------------------------------------------------------------------
// The worked example: one hand replayed through the rules, so its amounts are always right.

const EXAMPLE_CONFIG = configSchema.parse({});
/** Player 1 (button) holds Ah Kd, Player 2 holds Qs Qc; the board comes Ks 7h 2c 3d 9s. */
const EXAMPLE_DECK: Card[] = (() => {
  const top = ['Ah', 'Kd', 'Qs', 'Qc', 'Ks', '7h', '2c', '3d', '9s'];
  return [...top, ...FULL_DECK.filter((c) => !top.includes(c))];
})();
const EXAMPLE_MOVES: [Seat, ActionType][] = [
  [0, 'raise-full-pot'],
  [1, 'check-call'],
  [1, 'check-call'],
  [0, 'raise-half-pot'],
  [1, 'check-call'],
  [1, 'check-call'],
  [0, 'check-call'],
  [1, 'raise-half-pot'],
  [0, 'check-call'],
];
const noRng = {
  next: () => 0,
  int: () => 0,
  pick: <T>(xs: readonly T[]) => xs[0]!,
  shuffle: <T>(xs: readonly T[]) => xs.slice(),
};

/** The example hand as log lines, with the first decision's legal moves spelt out. */
const EXAMPLE = (() => {
  let s = newMatch(EXAMPLE_CONFIG, EXAMPLE_DECK);
  const firstLegal = legalActions(s, 0);
  const lines = s.events.map(eventText);
  let answer = '';
  for (const [seat, type] of EXAMPLE_MOVES) {
    const a = legalActions(s, seat).find((x) => x.type === type);
    if (!a) throw new Error(`example move ${type} is not legal`);
    if (!answer) answer = format(a, seat);
    const next = apply(s, seat, a, noRng);
    lines.push(...describeMove(s, next, seat, a).map((l) => l.text));
    s = next;
  }
  return { firstLegal, answer, lines };
})();

function system(cfg: HoldemConfig, seat: Seat): string {
  const c = configSchema.parse(cfg ?? {});
  const other = seatName(SEAT_NAMES, 1 - seat);
  const match =
    c.hands === 1
      ? `The match is one hand. You each start with ${c.startingChips} chips; whoever has more chips after the hand wins the match.`
      : `The match is ${c.hands} hands; the button alternates between the players. You each start with ${c.startingChips} chips; the match ends early when a player has no chips left, and whoever has more chips at the end wins the match.`;
  return [
    `You are playing heads-up no-limit Texas Hold'em. You are ${seatName(SEAT_NAMES, seat)}; your opponent is ${other}.`,
    `${match} The blinds are ${c.smallBlind} (small) and ${c.bigBlind} (big).`,
    '',
    'Rules:',
    '- Each player is dealt two private hole cards. Five community cards are dealt face up in three steps: the flop (3 cards), the turn (1) and the river (1). There is a betting round before the flop and after each step.',
    '- The button (dealer) posts the small blind and acts first before the flop; the other player posts the big blind and acts first on the flop, turn and river. In a match of one hand Player 1 has the button.',
    '- A betting round ends when both players have acted and have put in the same amount, or when a player is all-in and the other has called. If both cannot bet any more, the remaining cards are dealt out.',
    '- If a player folds, the other takes the pot; the folded cards are not shown. Otherwise, at the showdown, the best five-card hand made from your two hole cards and the five community cards wins the pot; equal hands split it. A bet the other player cannot match with all their chips is handed back.',
    '- Hands from best to worst: straight flush (the ace-high one is a royal flush), four of a kind, full house, flush, straight (A-2-3-4-5 is the lowest straight), three of a kind, two pair, one pair, high card. Equal categories are decided by the ranks of the cards that make them, then by the highest remaining cards (kickers); suits never decide.',
    '- Cards are written as rank and suit: ranks 2-9, T (ten), J (jack), Q (queen), K (king), A (ace); suits c (clubs), d (diamonds), h (hearts), s (spades). "Ah" is the ace of hearts, "Td" the ten of diamonds.',
    '',
    'Moves (each turn lists only the legal ones, with their amounts):',
    '- Fold: give up the hand (only when you face a bet).',
    "- Check: pass when there is nothing to call. Call N: put in N chips to match the opponent's bet (with fewer chips you call all-in).",
    '- Raise half pot (to X): call first, then raise by half the pot as it would be after your call; X is your total bet in this betting round afterwards.',
    '- Raise full pot (to X): the same, raising by the whole pot after your call.',
    '- All-in (N): put in all N chips you have left.',
    `A raise is never smaller than the big blind nor than the last raise in the same betting round. A raise is offered only when it is less than all your chips (otherwise go all-in), and never when your opponent is all-in.`,
    '',
    `Example hand (blinds ${EXAMPLE_CONFIG.smallBlind}/${EXAMPLE_CONFIG.bigBlind}, ${EXAMPLE_CONFIG.startingChips} chips each; Player 1 holds Ah Kd, Player 2 holds Qs Qc):`,
    ...EXAMPLE.lines,
    '',
    "At Player 1's first turn of that hand the legal moves were:",
    ...EXAMPLE.firstLegal.map((a) => `- ${format(a, 0)}`),
    'and Player 1 answered:',
    EXAMPLE.answer,
    '',
    'Answer format: end your reply with one line holding exactly one of the legal moves, written as in the list, for example:',
    'Call 2',
    'You may think first; the last move written in your reply is the one played.',
  ].join('\n');
}

// ---------------------------------------------------------------------------------------------------------------
// The turn: the table as this seat sees it.

const cards = (cs: readonly Card[] | null | undefined) => (cs && cs.length ? cs.join(' ') : 'none');

/** The actions of this hand, one line per street, e.g. "Flop (Ks 7h 2c): Player 2 checks. Player 1 raises half pot to 6." */
function handLines(v: HoldemView): string[] {
  const byStreet = new Map<Street, string[]>();
  for (const e of v.events) byStreet.set(e.street, [...(byStreet.get(e.street) ?? []), eventText(e)]);
  const dealt: Record<Street, Card[]> = {
    preflop: [],
    flop: v.board.slice(0, 3),
    turn: v.board.slice(3, 4),
    river: v.board.slice(4, 5),
  };
  const lines: string[] = [];
  for (const street of ['preflop', 'flop', 'turn', 'river'] as Street[]) {
    const shown = street === 'preflop' ? '' : dealt[street].length ? ` (${cards(dealt[street])})` : '';
    if (street !== 'preflop' && !dealt[street].length) continue;
    const acts = byStreet.get(street);
    lines.push(`${STREET_NAMES[street]}${shown}: ${acts ? `${acts.join('. ')}.` : 'no betting (a player is all-in).'}`);
  }
  return lines;
}

function turn(v: HoldemView, seat: Seat, legal: HoldemAction[] | null): string {
  const other = 1 - seat;
  const lines: string[] = [];
  lines.push(
    `Hand ${v.hand} of ${v.hands}. Blinds ${v.smallBlind}/${v.bigBlind}. You are ${seatName(SEAT_NAMES, seat)}; ${
      v.button === seat
        ? 'you have the button (you posted the small blind)'
        : `${seatName(SEAT_NAMES, other)} has the button (you posted the big blind)`
    }.`,
  );
  if (v.history.length) {
    lines.push('Earlier hands:');
    for (const h of v.history) {
      const shown = h.shown.flatMap((c, s) => (c ? [`${s === seat ? 'you' : seatName(SEAT_NAMES, s)} had ${c}`] : []));
      lines.push(
        `- Hand ${h.hand}: ${h.text}${h.board ? `; board ${h.board}` : ''}${shown.length ? `; ${shown.join(', ')}` : ''}.`,
      );
    }
  }
  // The seat's own cards are in its view; the opponent's are null until a showdown.
  lines.push(`Your hole cards: ${cards(v.hole[seat])}`);
  const theirs = v.hole[other];
  if (theirs) lines.push(`${seatName(SEAT_NAMES, other)}'s hole cards: ${cards(theirs)}`);
  lines.push(
    `Community cards: ${v.board.length ? `${cards(v.board)} (${STREET_NAMES[v.street].toLowerCase()})` : 'none yet (pre-flop)'}`,
  );
  lines.push('This hand so far:', ...handLines(v));
  if (v.result) {
    if (v.ended) lines.push(`The hand is over: ${v.ended.text}.`);
    lines.push(
      `The match is over: ${v.result}. Chips: you ${v.stacks[seat]}, ${seatName(SEAT_NAMES, other)} ${v.stacks[other]}.`,
    );
    return lines.join('\n');
  }
  lines.push(
    `Pot: ${v.pot} (every chip put in this hand, current bets included).`,
    `You: ${v.stacks[seat]} chips left, ${v.bets[seat]} bet in this round. ${seatName(SEAT_NAMES, other)}: ${v.stacks[other]} chips left, ${v.bets[other]} bet in this round.`,
  );
  if (v.toMove !== seat) {
    lines.push(`It is ${seatName(SEAT_NAMES, v.toMove ?? other)}'s turn.`);
    return lines.join('\n');
  }
  lines.push(
    v.toCall > 0
      ? `It is your turn. You face a bet: calling costs ${Math.min(v.toCall, v.stacks[seat]!)}${v.toCall >= v.stacks[seat]! ? ' (all your chips)' : ''}.`
      : 'It is your turn. There is nothing to call.',
  );
  if (legal) lines.push('Legal moves:', ...legal.map((a) => `- ${format(a, seat)}`));
  lines.push('Reply with exactly one of the legal moves, written as in the list, on the last line of your reply.');
  return lines.join('\n');
}

// ---------------------------------------------------------------------------------------------------------------
// Parsing

/** A move named in a reply: its kind (check and call told apart), the number written with it, where it ends. */
interface Found {
  kind: ActionType | 'check' | 'call';
  amount: number | null;
  index: number;
  end: number;
}

/** Move names, longest first so that "check-call" or "raise full pot" is read as one move. */
const MOVE_PATTERNS: [Found['kind'], string][] = [
  ['check-call', String.raw`check\s*(?:[/-]|or|and)\s*call`],
  [
    'raise-half-pot',
    String.raw`(?:(?:raise|bet)s?\s+(?:by\s+|of\s+)?(?:a\s+|the\s+)?half[\s-]*(?:(?:of\s+)?(?:the\s+)?)?pot|half[\s-]*pot(?:[\s-]*(?:raise|bet))?)`,
  ],
  [
    'raise-full-pot',
    String.raw`(?:(?:raise|bet)s?\s+(?:by\s+|of\s+)?(?:a\s+|the\s+)?(?:full[\s-]*)?pot|(?:full[\s-]*)?pot[\s-]*(?:sized[\s-]+)?(?:raise|bet)|full[\s-]*pot)`,
  ],
  ['all-in', String.raw`all[\s-]*in`],
  ['fold', String.raw`fold(?:s|ed)?`],
  ['check', String.raw`check(?:s|ed)?`],
  ['call', String.raw`call(?:s|ed)?`],
];
/** The amount written after a move: "Call 4", "(to 6)", "(98)", "for 98", "to 6 chips". */
const AMOUNT = String.raw`(?:\s*[:(]?\s*(?:to\s+|for\s+|of\s+)?(\d+)(?:\s*chips?)?\s*\)?)?`;
const MOVE_RE = new RegExp(
  String.raw`(?<![a-z])(?:${MOVE_PATTERNS.map(([, p], i) => `(?<m${i}>${p})`).join('|')})(?![a-z])${AMOUNT}`,
  'g',
);
/** A line that is only a move, perhaps after a label ("Answer:", "Final action -", a bullet) and before a full stop. */
const LABEL = String.raw`^(?:[-+•]\s*)?(?:(?:my\s+)?(?:final\s+)?(?:answer|action|move|decision|choice)\s*(?:is\s*)?[:=-]?\s*)?`;

function findMoves(text: string): Found[] {
  return [...text.matchAll(MOVE_RE)].map((m) => {
    const i = MOVE_PATTERNS.findIndex((_, k) => m.groups?.[`m${k}`] !== undefined);
    const amount = m[m.length - 1];
    return {
      kind: MOVE_PATTERNS[i]![0],
      amount: amount === undefined ? null : Number(amount),
      index: m.index,
      end: m.index + m[0].length,
    };
  });
}

/** The move a reply chose: the last line holding only a move; else the last move after "answer:" or similar; else the last move named. */
function chosenMove(reply: string): Found | null {
  // Markdown (bold, code fences, headings, quotes) and underscores ("raise_half_pot") carry no meaning here.
  const text = reply.toLowerCase().replace(/[*`#>_"'“”‘’]/g, ' ');
  const lines = text.split('\n');
  for (let i = lines.length - 1; i >= 0; i--) {
    const line = lines[i]!.trim()
      .replace(new RegExp(LABEL), '')
      .replace(/[.!]+$/, '')
      .trim();
    const moves = findMoves(line);
    if (moves.length === 1 && moves[0]!.index === 0 && moves[0]!.end === line.length) return moves[0]!;
  }
  const labelled = [...text.matchAll(/\b(?:answer|action|move|decision|choice)\b\s*(?:is\s*)?[:=]/g)].at(-1);
  if (labelled) {
    const after = findMoves(text.slice(labelled.index + labelled[0].length))[0];
    if (after) return after;
  }
  return findMoves(text).at(-1) ?? null;
}

/**
 * Reads the move from a reply (reasoning first, code fences, bold, any case): see `chosenMove`. With the legal list,
 * a move name gives the legal action of that type (the amounts are decided by the rules), except that "Check" facing
 * a bet stays a check for `reject` to refuse; without it, the amount written is kept for `reject` to check.
 */
function parse(reply: string, _seat: Seat, legal: HoldemAction[] | null): ParseResult<HoldemAction> {
  // The moves as listed, however the reply wraps them (lib/engine/reply-reader.ts); the forms below for the rest.
  const read = readReply(reply, legal, (a) => format(a));
  if (read) return { action: read.action };
  const found = chosenMove(reply);
  if (!found) {
    const options = legal?.length
      ? legal.map((a) => `"${format(a)}"`).join(', ')
      : '"Fold", "Check", "Call 2", "Raise half pot (to 6)", "Raise full pot (to 10)", "All-in (98)"';
    return {
      error: `Could not find a move in your reply. End your reply with one line holding exactly one of the legal moves: ${options}.`,
    };
  }
  const type: ActionType = found.kind === 'check' || found.kind === 'call' ? 'check-call' : found.kind;
  const listed = legal?.find((a) => a.type === type);
  if (found.kind === 'check') {
    // "Check" is a check-call of 0; facing a bet it is refused with the reason rather than turned into a call.
    return {
      action:
        listed && listed.type === 'check-call' && listed.amount === 0 ? listed : { type: 'check-call', amount: 0 },
    };
  }
  if (listed) return { action: { ...listed } };
  const n = found.amount ?? undefined;
  switch (type) {
    case 'fold':
      return { action: { type } };
    case 'check-call':
    case 'all-in':
      return { action: n === undefined ? { type } : { type, amount: n } };
    default:
      return { action: n === undefined ? { type } : { type, to: n } };
  }
}

export const prompt: GamePrompt<HoldemState, HoldemAction, HoldemConfig, HoldemView> = { system, turn, parse, format };
