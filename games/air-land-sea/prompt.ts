// Text for LLM seats playing Air, Land and Sea: GameBench's rules summary, the deck, the arena's answer format, a
// worked example the tests replay through the rules, the turn (VPs, commanders, the three theaters as the seat sees
// them, its hand, the choice an ability asks for, `Legal moves:`) and a forgiving parser.
import { readReply } from '../../lib/engine/reply-reader';
import { createRng } from '../../lib/engine/rng';
import { seatName, type GamePrompt, type ParseResult, type Seat } from '../../lib/engine/types';
import {
  apply,
  CARD_IDS,
  CARDS,
  cardLong,
  cardName,
  SEAT_NAMES,
  startWith,
  THEATERS,
  withdrawalVp,
  type AlsAction,
  type AlsConfig,
  type AlsState,
  type AlsView,
  type CardId,
  type Theater,
  type ViewCard,
} from './rules';

/** GameBench's rules summary for Air, Land and Sea (appendix G; game.py `Rules.summary`), verbatim. */
export const GAMEBENCH_RULES =
  'A strategic card game where two players compete over a series of battles to control different Theaters of war: Air, Land, and Sea. Each player is dealt 6 cards representing various military units and tactics. Players win a battle by controlling more Theaters than their opponent or convincing their opponent to withdraw. Victory Points (VPs) are earned by winning battles, and the first player to reach 12 VPs wins the game. Players must carefully manage their hand and strategically deploy cards to outmaneuver their opponent.';

export function format(a: AlsAction): string {
  switch (a.type) {
    case 'deploy':
      return `Deploy ${cardName(a.card)} to ${a.theater}`;
    case 'improvise':
      return `Improvise ${cardName(a.card)} facedown to ${a.theater}`;
    case 'withdraw':
      return 'Withdraw';
    case 'flip':
      return `Flip ${seatName(SEAT_NAMES, a.owner)}'s card in ${a.theater}`;
    case 'move':
      return `Move ${cardName(a.card)} to ${a.theater}`;
    case 'return':
      return `Return ${cardName(a.card)} to hand`;
    case 'reinforce':
      return `Reinforce to ${a.theater}`;
    case 'skip':
      return 'Skip';
  }
}

/** The worked example: theaters Air, Land, Sea; Player 1 is 1st. Replayed by the tests. */
export function exampleStart(cfg: AlsConfig): AlsState {
  return startWith(cfg, {
    order: ['Air', 'Land', 'Sea'],
    first: 0,
    hands: [
      ['A6', 'L3', 'S1', 'S5', 'L2', 'A1'],
      ['A3', 'L6', 'S6', 'S2', 'L4', 'A5'],
    ],
    deck: ['A2', 'A4', 'L1', 'L5', 'S3', 'S4'],
  });
}
export const EXAMPLE: { seat: Seat; action: AlsAction; note: string }[] = [
  { seat: 0, action: { type: 'deploy', card: 'A6', theater: 'Air' }, note: 'a 6 in Air' },
  {
    seat: 1,
    action: { type: 'deploy', card: 'A3', theater: 'Air' },
    note: 'Maneuver finds no uncovered card in Land, the only theater adjacent to Air, so its ability is ignored',
  },
  {
    seat: 0,
    action: { type: 'deploy', card: 'L3', theater: 'Land' },
    note: 'Maneuver: Player 1 must flip an uncovered card in Air or Sea',
  },
  {
    seat: 0,
    action: { type: 'flip', theater: 'Air', owner: 1 },
    note: "Player 2's Maneuver turns facedown: strength 2. Air is now 6 against 2",
  },
  {
    seat: 1,
    action: { type: 'improvise', card: 'L6', theater: 'Sea' },
    note: 'Player 1 sees only "a card facedown to Sea" (strength 2)',
  },
];
export function exampleStates(cfg: AlsConfig): AlsState[] {
  const out = [exampleStart(cfg)];
  EXAMPLE.forEach((m, i) => out.push(apply(out[i]!, m.seat, m.action, createRng(`als-example-${i}`))));
  return out;
}

function system(cfg: AlsConfig, seat: Seat): string {
  return [
    `You are playing Air, Land and Sea as ${seatName(SEAT_NAMES, seat)} against ${seatName(SEAT_NAMES, 1 - seat)}.`,
    '',
    'Rules:',
    GAMEBENCH_RULES,
    '',
    'How this arena plays it:',
    '- The 18 cards (theater, strength, ability):',
    ...CARD_IDS.map((c) => `  - ${cardLong(c)}`),
    '- Each battle, each player gets 6 cards. Players alternate turns, starting with the 1st player. On your turn: Deploy a card face up to its own theater, Improvise a card facedown (strength 2, no ability) to any theater, or Withdraw.',
    '- Cards played to a theater cover the cards already there on your side; only the last card of each side is uncovered. The middle theater is adjacent to both others.',
    "- When an ability needs a choice (which card to flip, move or return, where to reinforce, or Skip for a 'may'), the player who owns the ability answers it as a move of its own. Disrupt asks both players in turn.",
    '- When both hands are empty, the player who controls 2 theaters wins the battle and scores 6 VPs (the 1st player wins ties and empty theaters). A withdrawal gives the other player 2 to 6 VPs by the cards left in the withdrawing hand (1st player as winner: 5+ cards 2, 3-4 3, 2 4, 0-1 6; 2nd player as winner: 4+ 2, 2-3 3, 1 4, 0 6).',
    `- Then the theaters rotate (the rightmost to the far left), the players swap Supreme Commanders and a new battle is dealt. The first to ${cfg.targetVp} VPs wins the war; each player's score is their share of all VPs.`,
    '',
    'Example (theaters Air, Land, Sea; Player 1 is the 1st player):',
    ...EXAMPLE.map((m) => `${seatName(SEAT_NAMES, m.seat)}: ${format(m.action)}   (${m.note})`),
    '',
    'Answer format: one move, exactly as listed under "Legal moves:", e.g.',
    '- Deploy Heavy Bombers (Air 6) to Air',
    '- Improvise Heavy Tanks (Land 6) facedown to Sea',
    '- Withdraw',
    "- Flip Player 2's card in Land",
    '- Move Maneuver (Land 3) to Sea / Return Heavy Tanks (Land 6) to hand / Reinforce to Sea / Skip',
    'You may think first; the last move written in your reply is the one played.',
  ].join('\n');
}

function cardText(c: ViewCard, mine: boolean): string {
  if (c.faceUp) return `${cardName(c.card!)} (strength ${c.strength})`;
  if (mine && c.card) return `facedown ${cardName(c.card)} (strength ${c.strength})`;
  return `facedown card (strength ${c.strength})`;
}

function turn(v: AlsView, seat: Seat, legal: AlsAction[] | null): string {
  const opp = 1 - seat;
  const lines = [
    `Battle ${v.battle}. Victory points: ${seatName(SEAT_NAMES, seat)} (you) ${v.vp[seat]}, ${seatName(SEAT_NAMES, opp)} ${v.vp[opp]}; the first to ${v.targetVp} wins the war.`,
    `${v.first === seat ? 'You are the 1st player this battle (you win tied theaters)' : `You are the 2nd player this battle (${seatName(SEAT_NAMES, opp)} wins tied theaters)`}.`,
    `Theaters, left to right: ${v.theaters.map((t) => t.name).join(' | ')} (${v.theaters[1]!.name} is adjacent to both others).`,
  ];
  for (const t of v.theaters) {
    const side = (s: Seat) =>
      t.stacks[s]!.length
        ? t.stacks[s]!.map((c) => cardText(c, s === seat)).join(', then ') + ' (last one uncovered)'
        : 'no cards';
    lines.push(
      `${t.name}: you: ${side(seat)}; ${seatName(SEAT_NAMES, opp)}: ${side(opp)}. Strength ${t.strength[seat]} against ${t.strength[opp]}: ${t.controller === seat ? 'you control it' : `${seatName(SEAT_NAMES, opp)} controls it`}.`,
    );
  }
  const ongoing = v.theaters.flatMap((t) =>
    t.stacks.flatMap((st, s) =>
      st
        .filter((c) => c.faceUp && c.card && CARDS[c.card].kind === 'Ongoing')
        .map(
          (c) =>
            `${s === seat ? 'your' : `${seatName(SEAT_NAMES, opp)}'s`} ${CARDS[c.card!].name} (${CARDS[c.card!].text})`,
        ),
    ),
  );
  if (ongoing.length) lines.push(`Ongoing abilities in effect: ${ongoing.join('; ')}.`);
  if (v.airDrop[seat]) lines.push('Air Drop: your next card may be deployed to any theater.');
  lines.push(`Your hand (${v.hand?.length ?? 0} cards):`, ...(v.hand ?? []).map((c) => `- ${cardLong(c)}`));
  lines.push(`${seatName(SEAT_NAMES, opp)} holds ${v.handCounts[opp]} card${v.handCounts[opp] === 1 ? '' : 's'}.`);
  if (v.events.length) lines.push('Recent events:', ...v.events.slice(-8).map((e) => `- ${e}`));
  if (v.result) return [...lines, `The game is over: ${v.result}.`].join('\n');
  if (v.toMove !== seat) return [...lines, `It is ${seatName(SEAT_NAMES, v.toMove!)}'s move.`].join('\n');
  const d = v.decision;
  if (!d) {
    const cards = v.hand?.length ?? 0;
    lines.push(
      `Your turn: deploy, improvise or withdraw (withdrawing now gives ${seatName(SEAT_NAMES, opp)} ${withdrawalVp(v.first === opp, cards)} VPs).`,
    );
  } else {
    const whose = d.seat === seat ? 'your' : `${seatName(SEAT_NAMES, d.seat)}'s`;
    lines.push(
      `Resolving ${whose} ${cardName(d.source)}: ${d.text}${d.drawn ? ` (you drew ${cardLong(d.drawn)})` : ''}.`,
    );
  }
  if (legal) lines.push('Legal moves:', ...legal.map((a) => `- ${format(a)}`));
  lines.push('Reply with one move exactly as listed.');
  return lines.join('\n');
}

// ---------------------------------------------------------------------------------------------------------------
// Parsing

const norm = (t: string) =>
  t
    .replace(/[’‘`]/g, "'")
    .replace(/[*_"“”]/g, ' ')
    .replace(/```[a-z]*/gi, ' ')
    .replace(/\s+/g, ' ')
    .toLowerCase();

const NAME_TO_IDS = new Map<string, CardId[]>();
for (const c of CARD_IDS)
  NAME_TO_IDS.set(CARDS[c].name.toLowerCase(), [...(NAME_TO_IDS.get(CARDS[c].name.toLowerCase()) ?? []), c]);
const NAMES = [...NAME_TO_IDS.keys()].sort((a, b) => b.length - a.length).join('|');
const TH = '(air|land|sea)';
// A card: "Maneuver (Air 3)", "Maneuver (Air, 3)", "Air 3", or a name alone.
const CARD = `(?:(${NAMES})\\s*\\(\\s*${TH}\\s*,?\\s*(\\d)[^)]*\\)|${TH}\\s*-?\\s*(\\d)\\b|(${NAMES}))`;

type Loose = {
  at: number;
  kind: AlsAction['type'];
  card?: CardId[];
  theater?: Theater;
  owner?: Seat;
  faceDown?: boolean;
};

const cap = (t: string) => (t[0]!.toUpperCase() + t.slice(1)) as Theater;
function cardOf(m: RegExpMatchArray, i: number): CardId[] {
  const [name, th, n, th2, n2, alone] = [m[i], m[i + 1], m[i + 2], m[i + 3], m[i + 4], m[i + 5]];
  if (th && n) return [`${cap(th)[0]}${n}`].filter((c): c is CardId => c in CARDS);
  if (th2 && n2) return [`${cap(th2)[0]}${n2}`].filter((c): c is CardId => c in CARDS);
  const ids = NAME_TO_IDS.get((name ?? alone ?? '').toLowerCase()) ?? [];
  return ids;
}

/** Every move written loosely in the text (other wordings than the listed ones). */
function scanLoose(text: string): Loose[] {
  const out: Loose[] = [];
  const re = (s: string) => new RegExp(s, 'g');
  for (const m of text.matchAll(
    re(
      `\\b(deploy|improvise|play)s?\\s+${CARD}\\s*(face\\s*-?\\s*(?:up|down))?\\s*(?:to|in|into|on|at)\\s+(?:the\\s+)?${TH}\\b`,
    ),
  )) {
    const verb = m[1]!;
    const fd = m[8] ? /down/.test(m[8]) : verb === 'improvise';
    out.push({ at: m.index!, kind: fd ? 'improvise' : 'deploy', card: cardOf(m, 2), theater: cap(m[9]!) });
  }
  for (const m of text.matchAll(
    re(
      `\\bflip\\s+(?:(?:player\\s*|p)([12])|(my|your|opponent|the opponent|their))(?:'s)?\\s+(?:uncovered\\s+)?(?:facedown\\s+|face-?up\\s+)?(?:card\\s+)?(?:in|on|at)\\s+(?:the\\s+)?${TH}\\b`,
    ),
  )) {
    out.push({
      at: m.index!,
      kind: 'flip',
      owner: m[1] ? Number(m[1]) - 1 : m[2] === 'my' ? -1 : -2,
      theater: cap(m[3]!),
    });
  }
  for (const m of text.matchAll(re(`\\bmove\\s+${CARD}\\s*(?:from\\s+\\w+\\s+)?(?:to|into)\\s+(?:the\\s+)?${TH}\\b`)))
    out.push({ at: m.index!, kind: 'move', card: cardOf(m, 1), theater: cap(m[7]!) });
  for (const m of text.matchAll(re(`\\breturn\\s+${CARD}`)))
    out.push({ at: m.index!, kind: 'return', card: cardOf(m, 1) });
  for (const m of text.matchAll(re(`\\breinforce\\s+(?:to|in|into)\\s+(?:the\\s+)?${TH}\\b`)))
    out.push({ at: m.index!, kind: 'reinforce', theater: cap(m[1]!) });
  for (const m of text.matchAll(/(?<!\b(?:not|n't|never|no|or)\s)\bwithdraws?\b(?!\?)/g))
    out.push({ at: m.index!, kind: 'withdraw' });
  for (const m of text.matchAll(
    /(?<!\b(?:not|n't|never)\s)\b(?:skip|do not (?:move|return)|don't (?:move|return))\b(?!\?)/g,
  ))
    out.push({ at: m.index!, kind: 'skip' });
  return out;
}

/** JSON answers: {"move": "Deploy ..."} or {"action": "deploy", "card": "Heavy Bombers", "theater": "Air"}. */
function fromJson(reply: string): string | null {
  let last: string | null = null;
  for (const j of reply.match(/\{[^{}]*\}/g) ?? []) {
    try {
      const o = JSON.parse(j) as Record<string, unknown>;
      const move = o.move ?? o.answer ?? o.action ?? o.type;
      if (typeof move !== 'string') continue;
      if (o.card || o.theater || o.owner !== undefined) {
        const owner = o.owner !== undefined ? `player ${String(o.owner).replace(/\D/g, '')}'s card ` : '';
        last =
          `${move} ${owner}${o.card ?? ''}${/improvise/i.test(move) ? ' facedown' : ''} to ${o.theater ?? ''}`.replace(
            /flip (player \d's card) to/i,
            'flip $1 in',
          );
      } else last = move;
    } catch {
      /* not JSON */
    }
  }
  return last;
}

function resolveLoose(l: Loose, seat: Seat, legal: AlsAction[]): AlsAction | { error: string } {
  const pick = (cands: AlsAction[], what: string): AlsAction | { error: string } => {
    if (cands.length === 1) return cands[0]!;
    if (cands.length > 1)
      return { error: `"${what}" could mean ${cands.map(format).join(' or ')}: write the move exactly as listed.` };
    return { error: `${what} is not a legal move now.` };
  };
  const byCard = (a: AlsAction) => !l.card || ('card' in a && l.card.includes(a.card));
  switch (l.kind) {
    case 'deploy':
    case 'improvise':
    case 'move':
      return pick(
        legal.filter((a) => a.type === l.kind && byCard(a) && 'theater' in a && a.theater === l.theater),
        `${l.kind} ${l.card?.map(cardName).join('/') ?? ''} to ${l.theater}`,
      );
    case 'return':
      return pick(
        legal.filter((a) => a.type === 'return' && byCard(a)),
        `return ${l.card?.map(cardName).join('/') ?? ''}`,
      );
    case 'flip': {
      const owner = l.owner === -1 ? seat : l.owner === -2 ? 1 - seat : l.owner;
      return pick(
        legal.filter((a) => a.type === 'flip' && a.theater === l.theater && a.owner === owner),
        `flip ${seatName(SEAT_NAMES, owner ?? 0)}'s card in ${l.theater}`,
      );
    }
    default:
      return pick(
        legal.filter((a) => a.type === l.kind),
        l.kind,
      );
  }
}

function hint(legal: AlsAction[]): string {
  const kinds = [...new Set(legal.map((a) => a.type))];
  const eg = legal
    .slice(0, 2)
    .map((a) => `"${format(a)}"`)
    .join(' or ');
  if (kinds.includes('deploy') || kinds.includes('improvise'))
    return `Deploy a card face up to its own theater, improvise one facedown anywhere${kinds.includes('withdraw') ? ', or withdraw' : ''}: e.g. ${eg}.`;
  return `Answer the ability's choice, e.g. ${eg}.`;
}

export function parse(reply: string, seat: Seat, legal: AlsAction[] | null, v?: AlsView): ParseResult<AlsAction> {
  // The moves as listed, however the reply wraps them (lib/engine/reply-reader.ts); the forms below for the rest.
  const read = readReply(reply, legal, (a) => format(a));
  if (read) return { action: read.action };
  const moves = legal ?? [];
  const text = norm(fromJson(reply) ?? reply);
  // The listed wordings first (the last one written wins), then looser ones.
  let best: { at: number; len: number; action: AlsAction } | null = null;
  for (const a of moves) {
    const f = norm(format(a));
    const at = text.lastIndexOf(f);
    if (at >= 0 && (!best || at > best.at || (at === best.at && f.length > best.len)))
      best = { at, len: f.length, action: a };
  }
  const loose = scanLoose(text).filter((l) => !best || l.at > best.at + best.len - 1);
  const lastLoose = loose.sort((a, b) => a.at - b.at).at(-1);
  if (lastLoose) {
    const r = resolveLoose(lastLoose, seat, moves);
    if ('type' in r) return { action: r };
    if (!best) {
      const inHand = v?.hand;
      if (
        (lastLoose.kind === 'deploy' || lastLoose.kind === 'improvise') &&
        inHand &&
        lastLoose.card &&
        !lastLoose.card.some((c) => inHand.includes(c as CardId))
      )
        return {
          error: `${lastLoose.card.map((c) => cardName(c as CardId)).join(' / ')} is not in your hand. Your hand: ${inHand.map(cardName).join(', ')}. ${hint(moves)}`,
        };
      if (
        lastLoose.kind === 'deploy' &&
        lastLoose.card?.length === 1 &&
        lastLoose.theater &&
        CARDS[lastLoose.card[0] as CardId].theater !== lastLoose.theater
      )
        return {
          error: `Face up, ${cardName(lastLoose.card[0] as CardId)} may only go to ${CARDS[lastLoose.card[0] as CardId].theater} (unless Aerodrome or Air Drop allows it); improvise it facedown to play it elsewhere. ${hint(moves)}`,
        };
      return { error: `${r.error} ${hint(moves)}` };
    }
  }
  if (best) return { action: best.action };
  return { error: `No move found. Answer with one move exactly as listed under "Legal moves:". ${hint(moves)}` };
}

export const prompt: GamePrompt<AlsState, AlsAction, AlsConfig, AlsView> = {
  system: (cfg, seat) => system(cfg, seat),
  turn: (v, seat, legal) => turn(v, seat, legal),
  parse: (reply, seat, legal, v) => parse(reply, seat, legal, v),
  format: (a) => format(a),
};

export { THEATERS };
