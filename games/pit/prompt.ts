// Text for LLM seats playing Pit: GameBench's rules summary, the arena's turn structure, a worked example replayed
// through the rules by the tests, the turn observation (hand, scores, the offer to answer, `Legal moves:`) and a
// forgiving parser.
import { readReply } from '../../lib/engine/reply-reader';
import { createRng } from '../../lib/engine/rng';
import { seatName, type GamePrompt, type ParseResult, type Seat } from '../../lib/engine/types';
import {
  apply,
  BEAR_PENALTY,
  CARDS,
  HAND_SIZE,
  MAX_OFFER,
  SEAT_NAMES,
  startWith,
  VALUES,
  type Card,
  type PitAction,
  type PitConfig,
  type PitState,
  type PitView,
} from './rules';

/** GameBench's rules text for Pit (appendix G; pit.py `Rules.summary`), verbatim. */
export const GAMEBENCH_RULES =
  'Pit is a commodity trading game where players engage in trading to accumulate points and emerge as the winner. The game involves commodity cards representing various goods, with each card holding a specific point value. Players shout out their trade offers, attempting to negotiate deals with others to acquire valuable commodities. Additionally, Bull and Bear cards periodically influence the market conditions, either boosting or decreasing commodity values. The game continues with trading phases, market fluctuations, and scoring until a player or team reaches the agreed-upon point total, declaring them the victor in the spirited world of commodity trading.';

export function format(a: PitAction): string {
  if (a.type === 'offer') return `Offer ${a.count} ${a.card} to ${seatName(SEAT_NAMES, a.to)}`;
  if (a.type === 'accept') return `Accept, giving ${a.card}`;
  return 'Refuse';
}

/** The worked example: a fixed 2-player position where Player 1 corners Wheat; replayed by the tests. */
export function exampleStart(cfg: PitConfig): PitState {
  // Wheat, Barley, Corn, Soybeans, Bull, Bear
  return startWith(cfg, [
    [4, 2, 2, 1, 0, 0],
    [2, 2, 2, 2, 1, 0],
  ]);
}
export const EXAMPLE: { seat: Seat; action: PitAction }[] = [
  { seat: 0, action: { type: 'offer', card: 'Barley', count: 2, to: 1 } },
  { seat: 1, action: { type: 'accept', card: 'Wheat' } },
];
export function exampleFinal(cfg: PitConfig): PitState {
  return EXAMPLE.reduce((s, m, i) => apply(s, m.seat, m.action, createRng(`pit-example-${i}`)), exampleStart(cfg));
}

function system(cfg: PitConfig, seat: Seat, numPlayers: number): string {
  const others = Array.from({ length: numPlayers }, (_, i) => i).filter((i) => i !== seat);
  return [
    `You are playing Pit as ${seatName(SEAT_NAMES, seat)} against ${others.map((p) => seatName(SEAT_NAMES, p)).join(', ')}.`,
    '',
    'Rules:',
    GAMEBENCH_RULES,
    '',
    'How this arena plays it:',
    `- Cards: 9 each of Wheat (worth ${VALUES.Wheat}), Barley (${VALUES.Barley}), Corn (${VALUES.Corn}) and Soybeans (${VALUES.Soybeans}), plus one Bull and one Bear. Each round the deck is shuffled and every player is dealt ${HAND_SIZE} cards; the rest stay out of play. You see only your own hand.`,
    `- Players take turns offering. On your turn you offer 1 to ${MAX_OFFER} cards of ONE kind you hold to one other player. Everyone hears how many cards you offer, but only you know which kind.`,
    '- The player offered to answers at once: accept by giving back the same number of cards of one kind they hold (you both then learn what was traded), or refuse. Then the turn to offer passes to the player after the offerer.',
    `- Cornering: after every answered offer, every hand holding ${cfg.cornerSize} or more cards of one commodity corners it and scores its value. With the Bull, ${cfg.cornerSize - 1} cards already corner it (a bull corner), and ${cfg.cornerSize} or more with the Bull score double (a double bull corner). Holding the Bear costs ${BEAR_PENALTY} points off a corner. After a corner the cards are shuffled and dealt again.`,
    `- The match ends when a player reaches ${cfg.targetScore} points, or after ${cfg.maxTurns} offers. Each player's score is their share of all points scored.`,
    '',
    'Example (Player 1 holds 4 Wheat, 2 Barley, 2 Corn, 1 Soybeans):',
    `Player 1: ${format(EXAMPLE[0]!.action)}   (everyone hears "2 cards")`,
    `Player 2: ${format(EXAMPLE[1]!.action)}   (Player 2 gives 2 Wheat and receives 2 Barley)`,
    'Player 1 now holds 6 Wheat: a corner on Wheat, +100 points. The cards are dealt again.',
    '',
    'Answer format: one move, exactly as listed under "Legal moves:".',
    `- Offering: Offer 2 Corn to ${seatName(SEAT_NAMES, others[0]!)}`,
    '- Accepting an offer of N cards, giving N cards of one kind: Accept, giving Soybeans',
    '- Refusing an offer: Refuse',
    'You may think first; the last move written in your reply is the one played.',
  ].join('\n');
}

function handText(cards: readonly Card[]): string {
  return CARDS.map((c) => [c, cards.filter((x) => x === c).length] as const)
    .filter(([, n]) => n > 0)
    .map(([c, n]) => `${n} ${c}`)
    .join(', ');
}

function turn(v: PitView, seat: Seat, legal: PitAction[] | null): string {
  const lines = [
    `Round ${v.round}, offer ${Math.min(v.turn + (v.phase === 'offer' ? 1 : 0), v.maxTurns)} of at most ${v.maxTurns}. Points (target ${v.targetScore}): ${v.points.map((p, i) => `${seatName(SEAT_NAMES, i)}${i === seat ? ' (you)' : ''} ${p}`).join(', ')}.`,
    `Your hand (${v.myHand?.cards.length ?? 0} cards): ${v.myHand ? handText(v.myHand.cards) : 'none'}.`,
  ];
  if (v.events.length) lines.push('Recent events:', ...v.events.slice(-6).map((e) => `- ${e}`));
  if (v.result) return [...lines, `The game is over: ${v.result}.`].join('\n');
  if (v.toMove !== seat) return [...lines, `It is ${seatName(SEAT_NAMES, v.toMove!)}'s turn.`].join('\n');
  if (v.pending) {
    lines.push(
      `${seatName(SEAT_NAMES, v.pending.from)} offers you ${v.pending.count} card${v.pending.count === 1 ? '' : 's'} of one kind (you do not know which). Accept by giving ${v.pending.count} card${v.pending.count === 1 ? '' : 's'} of one kind you hold, or refuse.`,
    );
  } else {
    lines.push(`Your turn to offer 1 to ${MAX_OFFER} cards of one kind to another player.`);
  }
  if (legal) lines.push('Legal moves:', ...legal.map((a) => `- ${format(a)}`));
  lines.push(
    v.pending
      ? 'Reply with your move in exactly this format: Accept, giving <card> — or: Refuse'
      : 'Reply with your move in exactly this format: Offer <number> <card> to Player <n>',
  );
  return lines.join('\n');
}

const CARD_RE = '(wheat|barley|corn|soy(?:a)?beans?|soy|bull|bear)';
const NUM_WORDS: Record<string, number> = { one: 1, two: 2, three: 3, four: 4, a: 1, an: 1 };
const NUM_RE = '(\\d+|one|two|three|four|an?)';

function cardOf(word: string): Card {
  const w = word.toLowerCase();
  if (w.startsWith('soy')) return 'Soybeans';
  return (w[0]!.toUpperCase() + w.slice(1)) as Card;
}
const numOf = (w: string) => (/^\d+$/.test(w) ? Number(w) : NUM_WORDS[w.toLowerCase()]!);

interface Found {
  at: number;
  action: PitAction | { type: 'offer'; card: Card; count: number; to: Seat | null };
}

/** Every move written in the text, with its position. */
function scan(text: string): Found[] {
  const found: Found[] = [];
  const offer = new RegExp(
    `\\boffer(?:s|ing)?\\s*:?\\s*${NUM_RE}\\s+(?:x\\s+)?(?:cards?\\s+of\\s+)?${CARD_RE}(?:\\s+cards?)?(?:\\s*(?:to|for)\\s+(?:player\\s*|p)(\\d))?`,
    'gi',
  );
  for (const m of text.matchAll(offer))
    found.push({
      at: m.index!,
      action: { type: 'offer', count: numOf(m[1]!), card: cardOf(m[2]!), to: m[3] ? Number(m[3]) - 1 : null },
    });
  // GameBench's ids (Offer_Wheat_3, underscores already spaces here) and "Offer Wheat 3".
  const byCard = new RegExp(
    `\\boffer\\s+${CARD_RE}\\s*[:x×]?\\s*(\\d)(?:\\s*(?:to|for)\\s+(?:player\\s*|p)(\\d))?`,
    'gi',
  );
  for (const m of text.matchAll(byCard))
    found.push({
      at: m.index!,
      action: { type: 'offer', count: Number(m[2]), card: cardOf(m[1]!), to: m[3] ? Number(m[3]) - 1 : null },
    });
  const accept = new RegExp(
    `\\baccept(?:s|ed|ing)?\\b[^\\n.]{0,40}?\\b(?:giv(?:e|ing)|with|offering|for|:)\\s*(?:back\\s+)?(?:${NUM_RE}\\s+)?(?:x\\s+)?${CARD_RE}`,
    'gi',
  );
  for (const m of text.matchAll(accept)) found.push({ at: m.index!, action: { type: 'accept', card: cardOf(m[2]!) } });
  for (const m of text.matchAll(/\b(?:refuse|reject|decline)(?:s|d)?\b/gi))
    found.push({ at: m.index!, action: { type: 'refuse' } });
  return found.sort((a, b) => a.at - b.at);
}

/** JSON answers: {"action": "offer", "card": "Corn", "count": 2, "to": 2} or {"move": "Refuse"}. */
function fromJson(text: string): string | null {
  const m = /\{[^{}]*\}/g;
  let last: string | null = null;
  for (const j of text.match(m) ?? []) {
    try {
      const o = JSON.parse(j) as Record<string, unknown>;
      const kind = String(o.action ?? o.type ?? o.move ?? '').toLowerCase();
      if (kind === 'offer' && o.card)
        last = `Offer ${o.count ?? o.quantity ?? 1} ${o.card}${o.to != null ? ` to Player ${String(o.to).replace(/\D/g, '')}` : ''}`;
      else if (kind === 'accept' && o.card) last = `Accept, giving ${o.card}`;
      else if (kind) last = String(o.action ?? o.type ?? o.move);
    } catch {
      /* not JSON */
    }
  }
  return last;
}

export function parse(reply: string, _seat: Seat, legal: PitAction[] | null): ParseResult<PitAction> {
  // The moves as listed, however the reply wraps them (lib/engine/reply-reader.ts); the forms below for the rest.
  const read = readReply(reply, legal, (a) => format(a));
  if (read) return { action: read.action };
  const clean = reply.replace(/```[a-z]*\n?/gi, '').replace(/[*_`"'“”]+(?=\w|$)|(?<=\w)[*_`"'“”]+/g, ' ');
  const json = fromJson(reply);
  const found = scan(json ?? clean);
  if (found.length === 0 && /\baccept/i.test(clean)) {
    const ok = (legal ?? []).flatMap((a) => (a.type === 'accept' ? [a.card] : []));
    return {
      error: `Say which kind you give back, e.g. "Accept, giving ${ok[0] ?? 'Corn'}"${ok.length ? ` (you can give: ${ok.join(', ')})` : ''}, or "Refuse".`,
    };
  }
  if (found.length === 0) {
    return {
      error:
        'No move found. Answer with one line exactly as listed under "Legal moves:", e.g. "Offer 2 Corn to Player 2", "Accept, giving Wheat" or "Refuse".',
    };
  }
  const last = found[found.length - 1]!.action;
  const moves = legal ?? [];
  if (last.type === 'offer') {
    if (moves.some((a) => a.type !== 'offer'))
      return {
        error:
          'You must answer the offer made to you: "Accept, giving <card>" or "Refuse". It is not your turn to offer.',
      };
    const targets = [...new Set(moves.flatMap((a) => (a.type === 'offer' ? [a.to] : [])))];
    const to = last.to ?? (targets.length === 1 ? targets[0]! : null);
    if (to === null)
      return {
        error: `Say whom you offer to, e.g. "Offer ${last.count} ${last.card} to ${seatName(SEAT_NAMES, targets[0] ?? 1)}".`,
      };
    const action: PitAction = { type: 'offer', card: last.card, count: last.count, to };
    if (
      legal &&
      !moves.some((a) => a.type === 'offer' && a.card === action.card && a.count === action.count && a.to === action.to)
    ) {
      if (!targets.includes(to))
        return {
          error: `You cannot offer to ${seatName(SEAT_NAMES, to)}: offer to ${targets.map((p) => seatName(SEAT_NAMES, p)).join(' or ')}.`,
        };
      const held = moves.filter((a) => a.type === 'offer' && a.card === action.card && a.to === to).length;
      return {
        error: held
          ? `You can offer at most ${held} ${action.card}.`
          : `You hold no ${action.card}: offer cards from your hand.` +
            (action.count > MAX_OFFER ? ` An offer is 1 to ${MAX_OFFER} cards.` : ''),
      };
    }
    return { action };
  }
  if (legal && !moves.some((a) => a.type !== 'offer'))
    return { error: 'Nobody has offered you cards: it is your turn to offer, e.g. "Offer 2 Corn to Player 2".' };
  if (last.type === 'accept' && legal && !moves.some((a) => a.type === 'accept' && a.card === last.card)) {
    const ok = moves.flatMap((a) => (a.type === 'accept' ? [a.card] : []));
    return {
      error: `You do not hold enough ${last.card} to give back as many cards as offered. ${ok.length ? `You can give: ${ok.join(', ')}` : 'You can only refuse'}.`,
    };
  }
  return { action: last };
}

export const prompt: GamePrompt<PitState, PitAction, PitConfig, PitView> = {
  system,
  turn: (v, seat, legal) => turn(v, seat, legal),
  parse: (reply, seat, legal) => parse(reply, seat, legal),
  format: (a) => format(a),
};
