// Text for LLM seats playing Bargain: the rules with a worked example, the seat's own view, the answer format and a
// forgiving parser (a plan "Propose: I take X hats Y balls Z apples" or "Deal", with an optional "Message:" line).
import { readReply } from '../../lib/engine/reply-reader';
import { seatName, type GamePrompt, type ParseResult, type Seat } from '../../lib/engine/types';
import {
  DEFAULT_CONFIG,
  ITEMS,
  MESSAGE_LIMIT,
  SEAT_NAMES,
  SINGULAR,
  apply,
  itemsText,
  makeState,
  normalizeMessage,
  otherOf,
  outcome,
  planText,
  rest,
  roundOfTurn,
  valueOf,
  items,
  type BargainAction,
  type BargainConfig,
  type BargainState,
  type BargainView,
  type Item,
  type Items,
  type ProposeAction,
} from './rules';

const DEAL = 'Deal';
const propose = (take: Items, message?: string): ProposeAction => ({
  type: 'propose',
  ...take,
  ...(message ? { message } : {}),
});

/**
 * An action written exactly as the prompt asks for it: `Propose: I take 1 hats 2 balls 0 apples` or `Deal`; a
 * proposal's message goes on a line of its own before it: `Message: <one line>`.
 */
export function format(a: BargainAction, _seat?: Seat): string {
  if (a.type === 'deal') return DEAL;
  const line = `Propose: I take ${planText(a)}`;
  const message = normalizeMessage(a.message);
  return message ? `Message: ${message}\n${line}` : line;
}

/** The worked example ("Deal or no deal" style): Player 1 wants the hat, Player 2 mostly the apples. */
const EXAMPLE_COUNTS = items(1, 2, 3);
const EXAMPLE_VALUES = [items(8, 1, 0), items(4, 0, 2)];
const EXAMPLE_MOVES: BargainAction[] = [
  propose(items(1, 2, 0), 'I really need the hat. You can have all the apples.'),
  propose(items(1, 0, 3), 'I want the hat too. How about you take the balls?'),
  propose(items(1, 0, 0), 'The hat is what matters to me: take all the balls and apples.'),
  { type: 'deal' },
];
const exampleFinal = EXAMPLE_MOVES.reduce<BargainState>(
  (s, a, i) => apply(s, i % 2, a),
  makeState(EXAMPLE_COUNTS, EXAMPLE_VALUES, { maxRounds: 10 }),
);
const exampleLines = EXAMPLE_MOVES.map(
  (a, i) => `Round ${roundOfTurn(i)}, ${seatName(SEAT_NAMES, i % 2)}:\n${format(a, i % 2)}`,
);

function system(cfg: BargainConfig, seat: Seat): string {
  const { maxRounds, total, turnLimit } = { ...DEFAULT_CONFIG, ...cfg };
  // A match stored when a round was one turn (config turnLimit) lasts at most that many turns.
  const turns = turnLimit ?? 2 * maxRounds;
  const other = seatName(SEAT_NAMES, otherOf(seat));
  const result = outcome(exampleFinal)!;
  return [
    `You are playing "Bargain", a negotiation game for two players. You are ${seatName(SEAT_NAMES, seat)}; your opponent is ${other}. Player 1 moves first.`,
    '',
    'Rules:',
    '- The two players share a pool of hats, balls and apples, and must agree how to split it. Items cannot be cut in half.',
    `- Each player privately values each item type (whole numbers, possibly 0). The whole pool is worth exactly ${total} to each player, but the two players usually value the items differently. You know your own values, not your opponent's.`,
    `- The game has at most ${maxRounds} round${maxRounds === 1 ? '' : 's'}. In each round both players move: first Player 1, then Player 2 (at most ${turns} turns in all).`,
    '- On your turn you either make a proposal or accept the proposal your opponent made on the previous turn.',
    '- A proposal says how many hats, balls and apples YOU take; your opponent gets the rest. You may add a message to persuade your opponent. Proposals and messages are seen by both players.',
    '- "Deal" accepts the proposal on the table: the game ends and each player gets the items that proposal gave them. There is nothing to accept before the first proposal.',
    turnLimit === undefined
      ? `- If no deal is made by the end of round ${maxRounds}, both players get nothing. A proposal Player 2 makes in round ${maxRounds} (the last turn) can never be accepted, so it ends the game with no deal.`
      : `- If no deal is made by the end of turn ${turns}, both players get nothing. A proposal made on the last turn can never be accepted, so it ends the game with no deal.`,
    '- Scoring: your reward is what your share is worth to you. With a deal, the player whose share is worth more to themselves wins; equal values are a tie. No deal counts as a draw, with nothing for either player.',
    '- Do not reveal your exact values unless it helps you: your opponent may use them against you.',
    '',
    `Example game (1 hat, 2 balls and 3 apples; Player 1 values a hat at 8, a ball at 1, an apple at 0; Player 2 values a hat at 4, a ball at 0, an apple at 2; the pool is worth 10 to each):`,
    ...exampleLines,
    `${result.reason}.`,
    '',
    'Answer format: optionally a message on one line starting with "Message:", then your move on the last line, exactly like one of these:',
    'Message: I need the hats more than you do.',
    'Propose: I take 2 hats 0 balls 1 apples',
    'or, to accept the proposal on the table:',
    DEAL,
    `Messages are at most ${MESSAGE_LIMIT} characters. You may think first; the last move written in your reply is the one played.`,
  ].join('\n');
}

/** One history line, from the reader's point of view. */
function turnLine(v: BargainView, index: number, seat: Seat): string {
  const t = v.turns[index]!;
  const who = t.seat === seat ? `${seatName(SEAT_NAMES, t.seat)} (you)` : seatName(SEAT_NAMES, t.seat);
  const head = `- Round ${roundOfTurn(index)}, ${who}`;
  if (t.type === 'deal') return `${head}: Deal.`;
  const mine = v.values[seat];
  const yours = t.seat === seat ? t.take : rest(v.counts, t.take);
  const worth = mine ? ` (worth ${valueOf(mine, yours)} to you)` : '';
  const said = t.message ? ` said "${t.message}" and` : '';
  const split =
    t.seat === seat
      ? `you take ${itemsText(t.take)}${worth}, ${seatName(SEAT_NAMES, otherOf(seat))} gets ${itemsText(rest(v.counts, t.take))}`
      : `${seatName(SEAT_NAMES, t.seat)} takes ${itemsText(t.take)}, you get ${itemsText(yours)}${worth}`;
  return `${head}${said} proposed: ${split}.`;
}

function turn(v: BargainView, seat: Seat, legal: BargainAction[] | null): string {
  const other = seatName(SEAT_NAMES, otherOf(seat));
  const lines = [`You are ${seatName(SEAT_NAMES, seat)}.`, `The pool: ${itemsText(v.counts)}.`];
  // The seat's own view: its own values are there; the opponent's are null until the game is over.
  const mine = v.values[seat];
  if (mine) {
    const each = ITEMS.map((i: Item) => `each ${SINGULAR[i]} is worth ${mine[i]}`).join(', ');
    lines.push(
      `Your values: ${each}; the whole pool is worth ${v.total} to you. ${other}'s values are private, but the pool is also worth ${v.total} to them.`,
    );
  }
  lines.push(
    v.turns.length ? 'Negotiation so far:' : 'No proposals yet.',
    ...v.turns.map((_, i) => turnLine(v, i, seat)),
  );
  if (v.result) {
    lines.push(`The game is over: ${v.result}.`);
    const theirs = v.values[otherOf(seat)];
    if (theirs) lines.push(`${other}'s values were: hat ${theirs.hats}, ball ${theirs.balls}, apple ${theirs.apples}.`);
    return lines.join('\n');
  }
  lines.push(`Round ${v.round} of ${v.maxRounds}.`);
  if (v.toMove !== seat) {
    lines.push(`It is ${seatName(SEAT_NAMES, v.toMove ?? otherOf(seat))}'s turn.`);
    return lines.join('\n');
  }
  lines.push('It is your turn.');
  if (v.offer) {
    const worth = mine ? `, worth ${valueOf(mine, v.offer.give)} to you` : '';
    lines.push(
      `The proposal on the table (${other}'s): you would get ${itemsText(v.offer.give)}${worth}; ${other} would get ${itemsText(v.offer.take)}. Answer "Deal" to accept it, or make a new proposal.`,
    );
  }
  if (v.turnsLeft <= 1)
    lines.push(
      'This is the LAST turn of the last round: if you make a proposal instead of accepting, the game ends with no deal and both players get nothing.',
    );
  else if (v.turnsLeft === 2)
    lines.push(
      `This is the last round: after your turn only ${other}'s is left, and they can only accept your proposal or end the game with no deal.`,
    );
  else lines.push(`Rounds left, counting this one: ${v.roundsLeft}.`);
  if (legal) lines.push('Legal moves:', ...legal.map((a) => `- ${format(a, seat)}`));
  lines.push(
    `You may first write a message to ${other} on one line starting with "Message:" (at most ${MESSAGE_LIMIT} characters; both players see it). Then end your reply with your move exactly as listed: "Propose: I take X hats Y balls Z apples" (what you take; ${other} gets the rest)${v.offer ? ' or "Deal"' : ''}.`,
  );
  return lines.join('\n');
}

// ───────────────────────── parsing ─────────────────────────

/** A plan or a deal found in a reply; `end` is where it stops, to find the last one written. */
type Candidate = { end: number; action: BargainAction };

/** Number words read as digits (padded, so positions in the text do not move). "no"/"none" only before an item. */
const NUMBER_WORDS: Record<string, number> = {
  zero: 0,
  one: 1,
  two: 2,
  three: 3,
  four: 4,
  five: 5,
  six: 6,
  seven: 7,
  eight: 8,
  nine: 9,
  ten: 10,
};
const ITEM_WORD = '(hat|ball|apple)(?:s|\\(s\\))?(?![a-z])';
/** "2 hats", "1 ball", "0 apple(s)". */
const NUM_FIRST = new RegExp(`(?<![\\w.])(-?\\d+(?:\\.\\d+)?)\\s*${ITEM_WORD}`, 'gi');
/** "hats: 2", "Balls = 1". */
const NAME_FIRST = new RegExp(`(?<![a-z])${ITEM_WORD}\\s*[:=]\\s*(-?\\d+(?:\\.\\d+)?)(?![\\d.])`, 'gi');
/** What may stand between two items of one plan: spaces, a comma, "and", a short parenthesis ("(worth 6)"). */
const GAP = /^\s*(?:\([^()\n]*\)\s*)?(?:[,;&+/]\s*)?(?:(?:and|plus)\s+)?$/i;
/** Words before a list that make it the speaker's own share ... */
const OWN = /\b(?:i|i'll|i'd|i'm|me|my|mine|myself|propose|proposal|plan)\b|\bplayer\s*(\d)/gi;
/** ... or the opponent's ("you get 2 hats ...", "they take ..."), which is not an answer. */
const OTHER = /\b(?:you|you'll|you'd|your|yours|they|them|their|theirs|opponent|other\s+player)\b|\bplayer\s*(\d)/gi;
/** The words that must come right before a list naming only one or two item types ("I take 2 hats"). */
const TAKE =
  /(?:\bpropose\s*[:-]?\s*(?:that\s+)?(?:i\s+(?:take|get|keep)\s*)?|\bplan\s*[:-]?\s*(?:i\s+(?:take|get|keep)\s*)?|\bi\s*(?:'ll|'d|\s+will|\s+would)?\s*(?:take|get|keep|want|claim)\s*:?\s*|\bgive\s+me\s+|\bfor\s+me\s*:\s*)(?:only\s+|just\s+)?$/i;
/** A line that is a deal, after an optional label: "Deal", "**Deal.**", "Final answer: Deal", "Player 2: Deal", "I accept". */
const DEAL_LINE =
  /^(?:(?:my\s+)?(?:final\s+)?(?:answer|move|decision|action|choice|response|reply)\s*(?:is\s*)?[:=-]?\s*|player\s*\d\s*[:-]\s*)?(?:deal|deal\s+accepted|i\s+accept|accept|accept\s+(?:the\s+)?deal|(?:i\s+)?accept\s+(?:the|your|this)\s+(?:deal|offer|proposal))\s*[.!]*$/i;
/** A message line: "Message: ...", "**Message:** ...", "- message: ...". */
const MESSAGE_LINE = /^\s*(?:[-*>#]\s*)*message\s*[:：]/i;

/** Replaces markdown and escapes by spaces and number words by padded digits, keeping every position in place. */
function normalize(reply: string): string {
  let text = reply.replace(/[*`_\\~]/g, ' ').replace(/[’‘]/g, "'");
  text = text.replace(/\b(zero|one|two|three|four|five|six|seven|eight|nine|ten)\b/gi, (w) =>
    String(NUMBER_WORDS[w.toLowerCase()]).padEnd(w.length),
  );
  text = text.replace(/\b(no|none)\b(?=\s+(?:hat|ball|apple))/gi, (w) => '0'.padEnd(w.length));
  return text;
}

interface Mention {
  start: number;
  end: number;
  item: Item;
  n: number;
}

const ITEM_OF: Record<string, Item> = { hat: 'hats', ball: 'balls', apple: 'apples' };

/** Every "N item" / "item: N" mention, left to right, overlapping ones dropped. */
function mentions(text: string): Mention[] {
  const found: Mention[] = [];
  for (const m of text.matchAll(NUM_FIRST))
    found.push({ start: m.index, end: m.index + m[0].length, item: ITEM_OF[m[2]!.toLowerCase()]!, n: Number(m[1]) });
  for (const m of text.matchAll(NAME_FIRST))
    found.push({ start: m.index, end: m.index + m[0].length, item: ITEM_OF[m[1]!.toLowerCase()]!, n: Number(m[2]) });
  found.sort((a, b) => a.start - b.start || b.end - a.end);
  const out: Mention[] = [];
  for (const m of found) if (!out.length || m.start >= out.at(-1)!.end) out.push(m);
  return out;
}

/** Mentions grouped into lists ("2 hats, 1 ball and 0 apples"): adjacent, separated only by a GAP, no type twice. */
function lists(text: string): Mention[][] {
  const groups: Mention[][] = [];
  for (const m of mentions(text)) {
    const g = groups.at(-1);
    const prev = g?.at(-1);
    if (g && prev && GAP.test(text.slice(prev.end, m.start)) && !g.some((x) => x.item === m.item)) g.push(m);
    else groups.push([m]);
  }
  return groups;
}

/** Whose share a list names, from the words before it on its line: the speaker's, the opponent's, or nobody's. */
function ownerOf(prefix: string, seat: Seat): 'own' | 'other' | 'none' {
  let own = -1;
  let other = -1;
  for (const m of prefix.matchAll(OWN)) {
    if (m[1] === undefined || Number(m[1]) === seat + 1) own = m.index;
  }
  for (const m of prefix.matchAll(OTHER)) {
    if (m[1] === undefined || Number(m[1]) !== seat + 1) other = m.index;
  }
  if (own < 0 && other < 0) return 'none';
  return own >= other ? 'own' : 'other';
}

/** Message lines: where each one's text lies in the reply (to the end of the line, or up to "Propose:" / "Plan:" on it). */
function messageSpans(text: string): { start: number; end: number }[] {
  const spans: { start: number; end: number }[] = [];
  let at = 0;
  for (const line of text.split('\n')) {
    const m = MESSAGE_LINE.exec(line);
    if (m) {
      const start = at + m[0].length;
      const cut = /\b(?:propose|plan)\s*:/i.exec(line.slice(m[0].length));
      spans.push({ start, end: cut ? start + cut.index : at + line.length });
    }
    at += line.length + 1;
  }
  return spans;
}

/** The message text from the reply's own characters: markdown at the edges and wrapping quotes removed, one line. */
function messageText(raw: string): string | null {
  const m = normalizeMessage(raw.replace(/^[\s*_`~]+|[\s*_`~]+$/g, ''));
  if (!m) return null;
  const quoted = /^(["“'])(.*)(["”'])$/.exec(m);
  return normalizeMessage(quoted && quoted[2]!.trim() ? quoted[2] : m);
}

/** The most of each item any legal proposal takes: the pool, as far as the legal list tells it. */
function poolFrom(legal: BargainAction[] | null): Items | null {
  const plans = (legal ?? []).filter((a): a is ProposeAction => a.type === 'propose');
  if (!plans.length) return null;
  return items(
    Math.max(...plans.map((p) => p.hats)),
    Math.max(...plans.map((p) => p.balls)),
    Math.max(...plans.map((p) => p.apples)),
  );
}

/**
 * Reads the move from a reply: the last plan or Deal written. A plan is a list naming hats, balls and apples
 * ("Propose: I take 2 hats 1 balls 0 apples", "I take 2 hats, 1 ball and 0 apples", "Plan: hats: 2, balls: 1,
 * apples: 0"), or after "I take" / "Propose:" a list naming fewer types (the others are 0). Lists said of the
 * opponent ("you get ...") are not plans. A Deal is a line holding just "Deal" (or "I accept"), after an optional
 * label. The message is the last "Message:" line. Ranges are left to `reject`.
 */
function parse(reply: string, seat: Seat, legal: BargainAction[] | null): ParseResult<BargainAction> {
  const normalized = normalize(reply);
  const spans = messageSpans(normalized);
  // Blank the messages' text so lists and deals written inside a message are not read as the move.
  let text = normalized;
  for (const { start, end } of spans) text = text.slice(0, start) + ' '.repeat(end - start) + text.slice(end);
  const lastSpan = spans.at(-1);
  const message = lastSpan ? messageText(reply.slice(lastSpan.start, lastSpan.end)) : null;

  const candidates: Candidate[] = [];
  for (const list of lists(text)) {
    const first = list[0]!;
    const lineStart = text.lastIndexOf('\n', first.start - 1) + 1;
    const prefix = text.slice(lineStart, first.start);
    const owner = ownerOf(prefix, seat);
    const full = list.length === ITEMS.length;
    if (owner === 'other' || (!full && !TAKE.test(prefix))) continue;
    const take = items(0, 0, 0);
    for (const m of list) take[m.item] = m.n;
    candidates.push({ end: list.at(-1)!.end, action: propose(take, message ?? undefined) });
  }
  let at = 0;
  for (const line of text.split('\n')) {
    const bare = line
      .trim()
      .replace(/^(?:[-#>]+\s*)+/, '')
      .replace(/^["“']|["”']$/g, '')
      .trim();
    if (DEAL_LINE.test(bare)) candidates.push({ end: at + line.length, action: { type: 'deal' } });
    at += line.length + 1;
  }
  const best = candidates.sort((a, b) => a.end - b.end).at(-1);
  // The moves as listed, however the reply wraps them (lib/engine/reply-reader.ts), outside the messages: the last
  // move written wins, a listed one over a looser form ending at the same place; a proposal keeps the reply's message.
  const read = readReply(text, legal, (a) => format(a));
  if (read && (!best || read.end >= best.end)) {
    const a = read.action;
    return { action: a.type === 'propose' ? propose(items(a.hats, a.balls, a.apples), message ?? undefined) : a };
  }
  if (best) return { action: best.action };

  const pool = poolFrom(legal);
  const example = `Propose: I take ${planText(pool ? items(Math.min(1, pool.hats), 0, Math.min(1, pool.apples)) : items(1, 0, 2))}`;
  const dealHint = legal?.some((a) => a.type === 'deal') ? ' or "Deal" to accept the proposal on the table' : '';
  const lead = message
    ? 'Your reply has a message but no move: a message alone is not a move.'
    : 'Could not find a move in your reply.';
  return {
    error: `${lead} End your reply with a line "Propose: I take X hats Y balls Z apples" naming what you take (the other player gets the rest), for example "${example}"${dealHint}. A message goes on its own line starting with "Message:" before it.`,
  };
}

export const prompt: GamePrompt<BargainState, BargainAction, BargainConfig, BargainView> = {
  system,
  turn,
  parse,
  format,
};
