// Text for LLM seats playing Hanabi (small), LLMArena style: the rules with a worked example, the seat's own view
// (the partner's cards, the hints about its own), the legal moves in the shared convention and a forgiving parser.
import { readReply } from '../../lib/engine/reply-reader';
import { seatName, type GamePrompt, type ParseResult, type Seat } from '../../lib/engine/types';
import {
  ALL_COLORS,
  CARDS_PER_COLOR,
  DEFAULT_CONFIG,
  MAX_RANK,
  cardText,
  hintText,
  listWords,
  moveText,
  partnerOf,
  SEAT_NAMES,
  type Color,
  type HanabiAction,
  type HanabiConfig,
  type HanabiState,
  type HanabiView,
  type Hint,
} from './rules';

/** An action written exactly as the prompt asks for it: "Play card 1", "Discard card 2", "Reveal red", "Reveal 3". */
export function format(a: HanabiAction, _seat?: Seat): string {
  switch (a.type) {
    case 'play':
      return `Play card ${a.index + 1}`;
    case 'discard':
      return `Discard card ${a.index + 1}`;
    case 'reveal-color':
      return `Reveal ${a.color}`;
    case 'reveal-rank':
      return `Reveal ${a.rank}`;
  }
}

const plural = (n: number, word: string) => `${n} ${word}${n === 1 ? '' : 's'}`;

function system(cfg: HanabiConfig, seat: Seat): string {
  const c = { ...DEFAULT_CONFIG, ...cfg };
  const colors = ALL_COLORS.slice(0, c.colors);
  const partner = seatName(SEAT_NAMES, partnerOf(seat));
  const total = CARDS_PER_COLOR * colors.length;
  const [first, second] = [colors[0]!, colors[1] ?? colors[0]!];
  return [
    `You are playing Hanabi (small version), a cooperative card game for two players. You are ${seatName(SEAT_NAMES, seat)}; your partner is ${partner}. Player 1 moves first, then you take turns.`,
    'You and your partner win or lose together: build the fireworks as high as you can.',
    '',
    'Rules:',
    `- The deck has ${total} cards in ${plural(colors.length, 'colour')} (${listWords(colors)}). Each colour has ranks 1 to ${MAX_RANK}: three 1s, two 2s, two 3s, two 4s and one 5.`,
    `- Each player holds ${plural(c.handSize, 'card')}. You see your partner's cards but NOT your own; you learn about your own cards only when your partner reveals them. Cards are numbered from card 1 (your oldest card) upwards; a new card is added at the end.`,
    `- There is one firework per colour. It must be built in order 1, 2, 3, 4, 5: a card fits only if it is exactly one higher than its colour's firework (a 1 starts an empty firework).`,
    `- The team shares ${plural(c.infoTokens, 'information token')} (at most ${c.infoTokens}) and ${plural(c.lifeTokens, 'life token')}.`,
    '- On your turn you do exactly one of:',
    `  * Reveal: spend an information token to tell your partner about ALL their cards of one colour ("Reveal ${first}") or of one rank ("Reveal 3"). The colour or rank must match at least one of their cards. Not possible with no tokens left.`,
    `  * Discard one of your cards ("Discard card 1"): it goes to the discard pile and the team regains an information token. Not allowed while the team holds all ${c.infoTokens} tokens.`,
    `  * Play one of your cards ("Play card 1"): if it fits, it extends its firework (completing a 5 also regains a token); if not, it is discarded and the team loses a life token.`,
    '  After a play or a discard you draw a new card if the deck has any.',
    c.finalRound
      ? `- The game ends when the last life token is lost, when every firework reaches ${MAX_RANK}, or when the deck runs out: after the last card is drawn each player has one more turn.`
      : `- The game ends when the last life token is lost, when every firework reaches ${MAX_RANK}, or when all cards have been drawn from the deck: the move that draws the last card is the last move.`,
    c.zeroOnLoss
      ? `- Score: the sum of the top card of each firework (at most ${MAX_RANK * colors.length}). If the game ends because the last life token is lost, the team scores 0.`
      : `- Score: the sum of the top card of each firework (at most ${MAX_RANK * colors.length}). The points made so far are kept even if the game ends on a lost life.`,
    '',
    'Example:',
    `The fireworks are ${first} 0${colors.length > 1 ? ` and ${second} 0` : ''}. Your partner holds card 1: ${first} 1 and card 2: ${second} 3. You answer "Reveal 1": your partner learns that card 1 is a 1 and card 2 is not.`,
    `A 1 fits on any empty firework, so on their turn your partner answers "Play card 1" and the ${first} firework reaches 1.`,
    '',
    'Answer format: end your reply with exactly one of the legal moves listed on your turn, written as listed, for example:',
    'Play card 1',
    'Discard card 2',
    `Reveal ${first}`,
    'Reveal 3',
    'You may think first; the last move written in your reply is the one played.',
  ].join('\n');
}

/** What the partner knows about their card, for the seat that sees it. */
const partnerKnows = (hint: Hint) => {
  const text = hintText(hint);
  return text === 'unknown' ? 'nothing yet' : text;
};

function turn(v: HanabiView, seat: Seat, legal: HanabiAction[] | null): string {
  const partner = partnerOf(seat);
  const pName = seatName(SEAT_NAMES, partner);
  const lines = [`You are ${seatName(SEAT_NAMES, seat)}; your partner is ${pName}.`];
  lines.push(
    `Fireworks: ${v.colors.map((c, i) => `${c} ${v.fireworks[i]}`).join(', ')} (score ${v.score} of ${v.maxScore}).`,
  );
  const next = v.colors.flatMap((c, i) => (v.fireworks[i]! < MAX_RANK ? [`${c} ${v.fireworks[i]! + 1}`] : []));
  if (next.length) lines.push(`Cards that would fit now: ${next.join(', ')}.`);
  lines.push(
    `Information tokens: ${v.infoTokens} of ${v.maxInfoTokens}. Life tokens: ${v.lifeTokens} of ${v.maxLifeTokens}. Cards left in the deck: ${v.deckSize}${
      !v.result && !v.finalRound && v.deckSize === 1 ? ' (drawing it ends the game)' : ''
    }.`,
    `Discard pile: ${v.discards.length ? v.discards.map(cardText).join(', ') : 'empty'}.`,
  );
  // The seat's own view: the partner's cards are there, its own are null (only the hints).
  lines.push(`${pName}'s hand (you see it; they do not):`);
  v.hands[partner]!.forEach((h, i) =>
    lines.push(`- card ${i + 1}: ${h.card ? cardText(h.card) : 'hidden'} — ${pName} knows: ${partnerKnows(h.hint)}`),
  );
  lines.push('Your hand (you cannot see it; what has been revealed to you):');
  v.hands[seat]!.forEach((h, i) =>
    lines.push(`- card ${i + 1}: ${h.card && v.result ? cardText(h.card) : hintText(h.hint)}`),
  );
  if (v.last) lines.push(`Last move: ${moveText(v.last)}.`);
  if (v.result) {
    lines.push(`The game is over: ${v.result}.`);
    return lines.join('\n');
  }
  if (v.finalTurns !== null)
    lines.push(`The deck is empty: final round, ${plural(v.finalTurns, 'turn')} left including this one.`);
  lines.push(v.toMove === seat ? 'It is your turn.' : `It is ${seatName(SEAT_NAMES, v.toMove ?? partner)}'s turn.`);
  if (legal) lines.push('Legal moves:', ...legal.map((a) => `- ${format(a, seat)}`));
  lines.push(
    'Reply with exactly one legal move, written as listed, e.g. "Play card 1", "Discard card 2", "Reveal red" or "Reveal 3".',
  );
  return lines.join('\n');
}

/** A move found in a reply; `start`/`end` locate it to find the last one written and its clause. */
interface Candidate {
  start: number;
  end: number;
  action: HanabiAction;
}

const ORDINALS: Record<string, number> = {
  first: 1,
  '1st': 1,
  second: 2,
  '2nd': 2,
  third: 3,
  '3rd': 3,
  fourth: 4,
  '4th': 4,
  fifth: 5,
  '5th': 5,
  left: 1,
  leftmost: 1,
  oldest: 1,
};
const LAST_WORDS = new Set(['last', 'right', 'rightmost', 'newest']);
const RANK_WORDS: Record<string, number> = { ones: 1, twos: 2, threes: 3, fours: 4, fives: 5 };

/** Up to three words between the verb and its object ("play my first card", "discard the card in position 2"). */
const FILL_PLAY = String.raw`(?:\s+(?!(?:and|or|but|then|reveal|hint|clue|play|discard)\b)[a-z']+){0,3}?`;
/** "card 2", "card #2", "position 2", "#2", "first", "2nd", "oldest", a bare "2". */
const POSITION = String.raw`(?:(?:card|position|slot|number|no\.?)\s*#?\s*(\d+)|#\s*(\d+)|(first|second|third|fourth|fifth|1st|2nd|3rd|4th|5th|leftmost|left|rightmost|right|last|oldest|newest)\b|(\d+)\b)`;
const PLAY = new RegExp(
  String.raw`\b(play|discard|throw\s+away|toss)(?:s|es|ed|ing)?\b(${FILL_PLAY})\s*[:=\-]?\s*${POSITION}`,
  'gi',
);
/** Up to five words between the verb and the colour or rank ("tell them about their 2s"), never across "card". */
const FILL_REVEAL = String.raw`(?:\s+(?!(?:and|or|but|then|play|discard|card|cards|position|slot)\b)[a-z']+){0,5}?`;
const TARGET = String.raw`(?:(${ALL_COLORS.join('|')})\b|(?:rank|number|value)?\s*#?\s*(\d+)(?:'?s)?\b|(ones|twos|threes|fours|fives)\b)`;
const REVEAL = new RegExp(
  String.raw`\b(reveal|hint|clue|tell)(?:s|ed|ing)?\b(${FILL_REVEAL})\s*[:=\-]?\s*(?:the\s+)?${TARGET}`,
  'gi',
);
/** Words that make a move hypothetical or someone else's ("they can play card 1", "rather than discarding"). */
const HEDGE =
  /\b(?:can|could|would|might|may|not|never|cannot|instead|rather|if|they|them|their|partner|player\s*\d|he|she|able)\b|n't\b/i;

/**
 * Reads the move from a reply: "Play card 1", "Discard card 2", "Reveal red", "Reveal 3" and looser forms ("play my first
 * card", "discard 2", "hint blue", "reveal the 3s", "Reveal Rank 1 Cards for another player"). The last move written
 * counts; moves in a hypothetical or third-person clause ("so they can play card 1") are passed over when a plain one
 * exists. Whether the move is legal is left to `reject`.
 */
function parse(reply: string, _seat: Seat, legal: HanabiAction[] | null): ParseResult<HanabiAction> {
  // The moves as listed, however the reply wraps them (lib/engine/reply-reader.ts); the forms below for the rest.
  const read = readReply(reply, legal, (a) => format(a));
  if (read) return { action: read.action };
  // Markdown (bold, code fences, inline code, headings, quotes) and LaTeX escapes carry no meaning here.
  const text = reply.replace(/^\s*#+/gm, ' ').replace(/[*`_\\>]/g, ' ');
  const handSize =
    Math.max(0, ...(legal ?? []).flatMap((a) => (a.type === 'play' || a.type === 'discard' ? [a.index + 1] : []))) || 2;
  const found: Candidate[] = [];
  for (const m of text.matchAll(PLAY)) {
    const verb = m[1]!.toLowerCase();
    const word = m[5]?.toLowerCase();
    const n = m[3] ?? m[4] ?? m[6];
    const position = n !== undefined ? Number(n) : word ? (LAST_WORDS.has(word) ? handSize : ORDINALS[word]!) : NaN;
    if (!Number.isFinite(position)) continue;
    const type = verb === 'play' ? 'play' : 'discard';
    found.push({ start: m.index, end: m.index + m[0].length, action: { type, index: position - 1 } });
  }
  for (const m of text.matchAll(REVEAL)) {
    const color = m[3]?.toLowerCase() as Color | undefined;
    const rank = m[4] !== undefined ? Number(m[4]) : m[5] ? RANK_WORDS[m[5].toLowerCase()] : undefined;
    const action: HanabiAction | null = color
      ? { type: 'reveal-color', color }
      : rank !== undefined
        ? { type: 'reveal-rank', rank }
        : null;
    if (action) found.push({ start: m.index, end: m.index + m[0].length, action });
  }
  found.sort((a, b) => a.end - b.end);
  const clause = (c: Candidate) => {
    const before = text.slice(0, c.start);
    const from = Math.max(...['.', '!', '?', ';', ':', ',', '\n'].map((p) => before.lastIndexOf(p)));
    return before.slice(from + 1);
  };
  const chosen = found.filter((c) => !HEDGE.test(clause(c))).at(-1) ?? found.at(-1);
  if (chosen) return { action: chosen.action };
  const examples = ['play', 'discard', 'reveal-color', 'reveal-rank'].flatMap((t) => {
    const a = legal?.find((x) => x.type === t);
    return a ? [`"${format(a)}"`] : [];
  });
  return {
    error: `Could not find a move in your reply. End your reply with one legal move written exactly as listed, for example ${listWords(
      examples.length ? examples : ['"Play card 1"', '"Discard card 2"', '"Reveal red"', '"Reveal 3"'],
      'or',
    )}.`,
  };
}

export const prompt: GamePrompt<HanabiState, HanabiAction, HanabiConfig, HanabiView> = { system, turn, parse, format };
