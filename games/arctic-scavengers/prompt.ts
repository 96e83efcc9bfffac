// Text for LLM seats playing Arctic Scavengers: GameBench's rules summary and the arena's turn structure, the card
// list, a worked example replayed through the rules by the tests, the turn observation (hand, tribes, piles, the
// skirmish, `Legal moves:`) and a forgiving parser (GameBench's ["DIG", ["Brawler", "Shovel"]] lists are read too).
import { readReply } from '../../lib/engine/reply-reader';
import { createRng } from '../../lib/engine/rng';
import { seatName, type GamePrompt, type ParseResult, type Seat } from '../../lib/engine/types';
import {
  apply,
  CARD_NAMES,
  contestedPile,
  CARDS,
  HAND_SIZE,
  JUNKYARD,
  MERC_PILES,
  MERCS,
  SEAT_NAMES,
  START_DECK,
  fightOf,
  listCards,
  people,
  sortCards,
  type Ability,
  type ArcAction,
  type ArcConfig,
  type ArcState,
  type ArcView,
  type CardName,
  type Merc,
} from './rules';

/** GameBench's rules text for Arctic Scavengers (appendix G; arctic_scavengers.py `Rules.summary`), verbatim. */
export const GAMEBENCH_RULES =
  'The game is played in 6 rounds, with each round consisting of a resource gathering phase and a skirmish phase. In the resource gathering phase, players draw cards from their deck and take actions to gather resources from the mercenary piles and the junkyard pile. In the skirmish phase, players compare the strength of their tribes and the winner of the skirmish gains a contested resource card. The game ends when all contested resource cards have been won, and the player with the largest tribe is the winner.';

const VERB: Record<string, string> = { dig: 'DIG', draw: 'DRAW', hunt: 'HUNT', trash: 'TRASH' };

export function format(a: ArcAction): string {
  switch (a.type) {
    case 'dig':
    case 'draw':
    case 'hunt':
    case 'trash':
      return `${VERB[a.type]}: ${sortCards(a.cards).join(', ')}`;
    case 'hire':
      return a.cards.length ? `HIRE ${a.merc} with ${sortCards(a.cards).join(', ')}` : `HIRE ${a.merc}`;
    case 'keep':
      return `KEEP ${a.card}`;
    case 'snipe':
      return `SNIPE ${a.target}`;
    case 'sabotage':
      return `SABOTAGE ${a.target}`;
    default:
      return 'STOP';
  }
}

const AB_LABEL: [Ability, string][] = [
  ['dig', 'DIG'],
  ['draw', 'DRAW'],
  ['hunt', 'HUNT'],
  ['fight', 'FIGHT'],
  ['medicine', 'MEDICINE'],
];

/** One card as a line of the card list. */
export function cardLine(c: CardName): string {
  const info = CARDS[c];
  const abs = AB_LABEL.flatMap(([ab, label]) => {
    const x = info.abilities[ab];
    return x ? [`${label} ${x.v}${x.kind === 'M' ? ' (modifier)' : ''}`] : [];
  });
  const cost = info.cost
    ? `; hire cost ${info.cost.food} food${info.cost.medicine ? ` + ${info.cost.medicine} medicine` : ''}`
    : '';
  return `${c}: ${info.people ? `${info.people} tribe member${info.people > 1 ? 's' : ''}` : 'tool/item, no tribe members'}${abs.length ? `, ${abs.join(', ')}` : ''}${info.text ? `. ${info.text}` : ''}${cost}`;
}

/** The worked example: Player 1's gathering in a fixed first round; replayed by the tests. */
export function exampleStart(cfg: ArcConfig): ArcState {
  const deck0 = [...START_DECK];
  const hand0: CardName[] = ['Scavenger', 'Scavenger', 'Brawler', 'Refugee', 'Shovel'];
  for (const c of hand0) deck0.splice(deck0.indexOf(c), 1);
  const deck1 = [...START_DECK];
  const hand1: CardName[] = ['Refugee', 'Refugee', 'Scavenger', 'Brawler', 'Spear'];
  for (const c of hand1) deck1.splice(deck1.indexOf(c), 1);
  const junk = JUNKYARD.flatMap(([c, n]) => Array<CardName>(n).fill(c));
  for (const c of ['Medkit', 'Junk', 'Net'] as CardName[]) junk.splice(junk.indexOf(c), 1);
  const tribe = (hand: CardName[], deck: CardName[]) => ({
    deck,
    discard: [],
    hand,
    used: [],
    food: 0,
    snipes: 0,
    sabotages: 0,
    won: [],
  });
  return {
    config: cfg,
    round: 1,
    initiator: 0,
    phase: 'gather',
    stage: 0,
    tribes: [tribe(hand0, deck0), tribe(hand1, deck1)],
    junkyard: ['Medkit', 'Junk', 'Net', ...junk],
    contested: contestedPile(cfg).slice(0, cfg.rounds),
    mercs: { ...MERC_PILES },
    dig: null,
    skirmishes: [],
    events: [],
  };
}
export const EXAMPLE: { seat: Seat; action: ArcAction }[] = [
  { seat: 0, action: { type: 'hunt', cards: ['Scavenger'] } },
  { seat: 0, action: { type: 'hire', merc: 'Scavenger', cards: [] } },
  { seat: 0, action: { type: 'dig', cards: ['Brawler', 'Shovel'] } },
  { seat: 0, action: { type: 'keep', card: 'Medkit' } },
  { seat: 0, action: { type: 'stop' } },
];
export function exampleFinal(cfg: ArcConfig): ArcState {
  return EXAMPLE.reduce((s, m, i) => apply(s, m.seat, m.action, createRng(`arc-example-${i}`)), exampleStart(cfg));
}

function system(cfg: ArcConfig, seat: Seat): string {
  const other = 1 - seat;
  const personCards = CARD_NAMES.filter((c) => CARDS[c].people > 0);
  const itemCards = CARD_NAMES.filter((c) => CARDS[c].people === 0);
  return [
    `You are playing Arctic Scavengers as ${seatName(SEAT_NAMES, seat)} against ${seatName(SEAT_NAMES, other)}.`,
    '',
    'Rules:',
    GAMEBENCH_RULES,
    '',
    'How this arena plays it:',
    cfg.deck === 'reshuffle'
      ? `- Every tribe starts with 10 cards (4 Refugee, 3 Scavenger, 1 Brawler, 1 Spear, 1 Shovel). At the start of every round all of a tribe's cards (draw pile, discard pile and the last hand) are shuffled together into one draw pile and both players draw ${HAND_SIZE} cards from it; during a round, played and new cards go to the discard pile, shuffled into a new draw pile if the draw pile runs out. You see only your own hand; nobody sees the order of any pile.`
      : `- Every tribe starts with 10 cards (4 Refugee, 3 Scavenger, 1 Brawler, 1 Spear, 1 Shovel) in a shuffled draw pile. Each round both players draw ${HAND_SIZE} cards; when the draw pile runs out, the discard pile is shuffled into a new one. You see only your own hand; nobody sees the order of any pile.`,
    `- There are ${cfg.rounds} rounds, one contested resource each (the contested pile holds ${cfg.rounds} face-down cards). The first player alternates each round.`,
    '- Resource gathering: the first player takes actions one at a time until they STOP, then the other player does. Each action can be used at most once per round:',
    '  DIG: play cards with DIG; look at that many cards from the top of the junkyard, KEEP one (it goes to your discard pile) and the rest go to the bottom.',
    '  DRAW: play cards with DRAW; draw that many cards from your draw pile into your hand.',
    '  HUNT: play cards with HUNT; gain that much FOOD, which lasts this round only.',
    '  HIRE: take one mercenary from a pile into your discard pile, paying its food cost from your FOOD and its medicine cost with MEDICINE cards (Medkit 2, Pills 1) from your hand.',
    '  TRASH: put any cards from your hand into the junkyard for good.',
    '  A MODIFIER card (tools, Group Leaders, Wolf Pack) adds its value only when played with at least one STANDARD card of the same action. Cards you play go to your discard pile.',
    ...(cfg.emptyHandStops
      ? ['  Once your hand is empty your resource gathering ends (no more actions this round, not even a HIRE).']
      : []),
    "- Skirmish: the cards still in your hand are your skirmish hand, and both hands are shown. The first player, then the other, may use each Sniper Team in hand to SNIPE an opposing tribe member and each Saboteur to SABOTAGE an opposing tool (a card without tribe members); the target is discarded, the acting card stays. Then the higher total FIGHT of all cards in hand wins the top contested resource (into the winner's discard pile); on equal FIGHT the hand with more tribe members wins; still equal, the card goes to the junkyard.",
    cfg.winner === 'lastHand'
      ? "- At the end (this match is scored as GameBench's code scores it; this replaces the Winning topic's rule): the player with more tribe members among the cards in their hand at the last skirmish (after snipes and sabotage; cards in piles and the last contested resource do not count) wins; if both last hands hold equally many tribe members, Player 2 wins."
      : '- At the end the largest tribe (tribe members on all the cards you own) wins; equal tribes draw.',
    '',
    'Cards (tribe members):',
    ...personCards.map((c) => `- ${cardLine(c)}`),
    'Cards (items):',
    ...itemCards.map((c) => `- ${cardLine(c)}`),
    `Mercenary piles: ${MERCS.map((m) => `${m} ${MERC_PILES[m]}`).join(', ')}. Junkyard: ${JUNKYARD.map(([c, n]) => `${n} ${c}`).join(', ')}. Contested resources: ${contestedPile(cfg).slice(0, cfg.rounds).join(', ')}.`,
    '',
    'Example (round 1, Player 1 holds Scavenger, Scavenger, Brawler, Refugee, Shovel):',
    `Player 1: ${format(EXAMPLE[0]!.action)}   (+1 food)`,
    `Player 1: ${format(EXAMPLE[1]!.action)}   (pays 1 food; the new Scavenger goes to the discard pile)`,
    `Player 1: ${format(EXAMPLE[2]!.action)}   (DIG 1 + 2 = 3: looks at Medkit, Junk, Net)`,
    `Player 1: ${format(EXAMPLE[3]!.action)}   (Junk and Net go to the bottom of the junkyard)`,
    `Player 1: ${format(EXAMPLE[4]!.action)}   (brings Refugee and Scavenger to the skirmish: FIGHT 1, 2 tribe members)`,
    '',
    'Answer format: one move, exactly as listed under "Legal moves:".',
    '- DIG: Brawler, Shovel   (likewise DRAW: …, HUNT: …, TRASH: …; name a card twice to play two copies)',
    '- HIRE Scout with Pills   or   HIRE Brawler   (no medicine needed)',
    '- KEEP Medkit   (after a DIG)',
    '- SNIPE Brawler   or   SABOTAGE Spear   (in the skirmish)',
    '- STOP   (end your gathering, or your skirmish actions)',
    'You may think first; the last move written in your reply is the one played.',
  ].join('\n');
}

export function handText(cards: readonly CardName[]): string {
  const kinds = [...new Set(sortCards(cards))];
  return kinds.length ? kinds.map((c) => `${cards.filter((x) => x === c).length}× ${c}`).join(', ') : 'empty';
}

function turn(v: ArcView, seat: Seat, legal: ArcAction[] | null): string {
  const me = v.tribes[seat]!;
  const them = v.tribes[1 - seat]!;
  const lines = [
    `Round ${v.round} of ${v.rounds}; ${seatName(SEAT_NAMES, v.initiator)} gathers first. Phase: ${v.phase === 'dig' ? 'digging' : v.phase === 'gather' ? 'resource gathering' : v.phase}.`,
    `Your tribe (${seatName(SEAT_NAMES, seat)}): ${me.tribe} tribe members; draw pile ${me.deckCount}, discard pile ${me.discardCount}; food ${me.food}; actions used: ${me.used.length ? me.used.map((u) => u.toUpperCase()).join(', ') : 'none'}; contested won: ${me.won.join(', ') || 'none'}.`,
    `Your hand (${me.handCount} cards): ${handText(me.hand ?? [])}.`,
    `${seatName(SEAT_NAMES, 1 - seat)}: ${them.tribe} tribe members; draw pile ${them.deckCount}, discard pile ${them.discardCount}; hand ${them.handCount} cards${them.hand ? ` (${handText(them.hand)})` : ''}; food ${them.food}; actions used: ${them.used.length ? them.used.map((u) => u.toUpperCase()).join(', ') : 'none'}; contested won: ${them.won.join(', ') || 'none'}.`,
    `Junkyard: ${v.junkyard} cards. Contested resources left: ${v.contested}. Mercenaries: ${v.mercs.map((m) => `${m.merc} ${m.count} left (${m.food} food${m.medicine ? ` + ${m.medicine} med` : ''})`).join(', ')}.`,
  ];
  if (v.phase === 'skirmish' && me.hand && them.hand) {
    lines.push(
      `Skirmish now: you FIGHT ${fightOf(me.hand)} with ${people(me.hand)} tribe members; ${seatName(SEAT_NAMES, 1 - seat)} FIGHT ${fightOf(them.hand)} with ${people(them.hand)}.`,
    );
  }
  const last = v.skirmishes.at(-1);
  if (last)
    lines.push(
      `Last skirmish (round ${last.round}): ${seatName(SEAT_NAMES, 0)} ${listCards(last.hands[0]!)} (FIGHT ${last.fight[0]}), ${seatName(SEAT_NAMES, 1)} ${listCards(last.hands[1]!)} (FIGHT ${last.fight[1]}): ${last.winner === null ? `tie, ${last.prize} to the junkyard` : `${seatName(SEAT_NAMES, last.winner)} won ${last.prize}`}.`,
    );
  if (v.events.length) lines.push('Recent events:', ...v.events.slice(-8).map((e) => `- ${e}`));
  if (v.result) return [...lines, `The game is over: ${v.result}.`].join('\n');
  if (v.toMove !== seat) return [...lines, `It is ${seatName(SEAT_NAMES, v.toMove!)}'s turn.`].join('\n');
  if (v.phase === 'dig')
    lines.push(`You dug ${listCards(v.dig ?? [])}: KEEP one of them; the rest go to the bottom of the junkyard.`);
  else if (v.phase === 'gather')
    lines.push(
      'Your turn to gather: take an action (each of DIG, DRAW, HUNT, HIRE, TRASH once per round) or STOP; the cards left in your hand go to the skirmish.',
    );
  else lines.push('Your skirmish actions: SNIPE or SABOTAGE with an unused Sniper Team or Saboteur, or STOP.');
  if (legal) lines.push('Legal moves:', ...legal.map((a) => `- ${format(a)}`));
  lines.push('Reply with one move exactly as listed above (you may reason first; the last move written counts).');
  return lines.join('\n');
}

// ---- Parsing ----

const VERB_RE = 'dig|draw|hunt|trash|hire|stop|keep|snipe|sniper|sabotage|saboteur';
const NAME_ALIASES: [RegExp, CardName][] = [
  ...[...CARD_NAMES]
    .sort((a, b) => b.length - a.length)
    .filter((c) => c !== 'Multitool' && c !== 'Pills')
    .map((c): [RegExp, CardName] => [new RegExp(`^${c.replace(/ /g, '[\\s_-]*')}s?`, 'i'), c]),
  [/^multi[\s_-]*tools?/i, 'Multitool'],
  [/^pills?/i, 'Pills'],
];

/** Card names in a piece of text, with counts ("2 Scavengers", "Scavenger x2", "Pills, Pills"). */
export function parseCards(text: string): CardName[] {
  const out: CardName[] = [];
  const t = text;
  let i = 0;
  while (i < t.length) {
    const rest = t.slice(i);
    const num = /^(\d+)\s*[x×]?\s*/i.exec(rest);
    const after = num ? rest.slice(num[0].length) : rest;
    const hit = NAME_ALIASES.find(([re]) => re.test(after));
    if (hit && (i === 0 || /[^a-z]/i.test(t[i - 1]!))) {
      const m = hit[0].exec(after)!;
      let n = num ? Number(num[1]) : 1;
      const tail = /^\s*[x×]\s*(\d+)/i.exec(after.slice(m[0].length));
      if (tail) n = Number(tail[1]);
      for (let k = 0; k < Math.min(n, 12); k++) out.push(hit[1]);
      i += (num ? num[0].length : 0) + m[0].length + (tail ? tail[0].length : 0);
    } else i++;
  }
  return out;
}

type Parsed = ArcAction | { error: string };

function interpret(verbWord: string, rest: string): Parsed {
  const verb = verbWord.toLowerCase();
  const cards = parseCards(rest);
  if (verb === 'stop') return { type: 'stop' };
  if (verb === 'dig' || verb === 'draw' || verb === 'hunt' || verb === 'trash') {
    if (!cards.length)
      return { error: `Name the cards you play for ${verb.toUpperCase()}, e.g. "${verb.toUpperCase()}: Scavenger".` };
    return { type: verb, cards: sortCards(cards) };
  }
  if (verb === 'hire') {
    const merc = cards.find((c): c is Merc => (MERCS as readonly string[]).includes(c));
    if (!merc)
      return {
        error: `Name the mercenary to hire (${MERCS.join(', ')}), e.g. "HIRE Brawler" or "HIRE Scout with Pills".`,
      };
    return { type: 'hire', merc, cards: sortCards(cards.filter((c) => CARDS[c].abilities.medicine)) };
  }
  if (!cards.length)
    return {
      error: `Name the card for ${verb.toUpperCase()}, e.g. "${verb === 'keep' ? 'KEEP Medkit' : verb.startsWith('snip') ? 'SNIPE Brawler' : 'SABOTAGE Spear'}".`,
    };
  if (verb === 'keep') return { type: 'keep', card: cards[0]! };
  if (verb === 'snipe' || verb === 'sniper') return { type: 'snipe', target: cards[0]! };
  return { type: 'sabotage', target: cards[0]! };
}

const flat = (x: unknown): string[] =>
  Array.isArray(x) ? x.flatMap(flat) : x === null || x === undefined ? [] : [String(x)];

/** GameBench-style JSON: ["DIG", ["Brawler", "Shovel"]], ["HIRE", ["Pills"], "Saboteur"], {"action": "DIG", "cards": […]}. */
function fromJson(text: string): { verb: string; rest: string } | null {
  let last: { verb: string; rest: string } | null = null;
  for (const j of text.match(/\[(?:[^[\]]|\[[^[\]]*\])*\]|\{[^{}]*\}/g) ?? []) {
    try {
      const o = JSON.parse(j) as unknown;
      if (Array.isArray(o) && typeof o[0] === 'string' && new RegExp(`^(${VERB_RE})$`, 'i').test(o[0].trim())) {
        last = { verb: o[0].trim(), rest: flat(o.slice(1)).join(', ') };
      } else if (o && typeof o === 'object' && !Array.isArray(o)) {
        const r = o as Record<string, unknown>;
        const verb = String(r.action ?? r.type ?? r.move ?? '').trim();
        const m = new RegExp(`^(${VERB_RE})\\b(.*)$`, 'i').exec(verb);
        if (m)
          last = {
            verb: m[1]!,
            rest: [m[2], ...flat([r.cards, r.merc, r.mercenary, r.card, r.target])].filter(Boolean).join(', '),
          };
      }
    } catch {
      /* not JSON */
    }
  }
  return last;
}

/** The last move written: a line starting with a move word, else the last upper-case move word in the reply. */
function findMove(clean: string): { verb: string; rest: string } | null {
  const lines = clean.split('\n');
  const start = new RegExp(
    `^(?:\\s*(?:[-*>#]|\\d+[.)])\\s*)*(?:(?:final\\s+)?(?:answer|move|action|choice|decision)\\s*(?:is)?\\s*[:=-]?\\s*)?(${VERB_RE})\\b(.*)$`,
    'i',
  );
  const upper = new RegExp(`\\b(${VERB_RE.toUpperCase()})\\b`, 'g');
  for (let i = lines.length - 1; i >= 0; i--) {
    const line = lines[i]!;
    const m = start.exec(line);
    if (m) return { verb: m[1]!, rest: m[2]! };
    const ups = [...line.matchAll(upper)];
    if (ups.length) {
      const u = ups.at(-1)!;
      return { verb: u[1]!, rest: line.slice(u.index! + u[0].length) };
    }
  }
  return null;
}

const same = (a: ArcAction, b: ArcAction) => format(a) === format(b);

export function parse(reply: string, _seat: Seat, legal: ArcAction[] | null): ParseResult<ArcAction> {
  // The moves as listed, however the reply wraps them (lib/engine/reply-reader.ts); the forms below for the rest.
  const read = readReply(reply, legal, (a) => format(a));
  if (read) return { action: read.action };
  const clean = reply.replace(/```[a-z]*\n?/gi, '\n').replace(/[*_`"'“”]+/g, ' ');
  const found = fromJson(reply) ?? findMove(clean);
  if (!found)
    return {
      error:
        'No move found. Answer with one move exactly as listed under "Legal moves:", e.g. "DIG: Brawler, Shovel", "HIRE Brawler", "KEEP Medkit", "SNIPE Brawler" or "STOP".',
    };
  const got = interpret(found.verb, found.rest);
  if ('error' in got) return got;
  if (!legal) return { action: got };
  const match = legal.find((a) => same(a, got));
  if (match) return { action: match };
  const kinds = [...new Set(legal.map((a) => a.type))];
  if (!kinds.includes(got.type)) {
    return {
      error: `${format(got).split(/[ :]/)[0]} is not possible now. You can: ${kinds.map((k) => k.toUpperCase()).join(', ')}${kinds.includes('keep') ? ' (choose the junkyard card you dug)' : ''}.`,
    };
  }
  const similar = legal
    .filter((a) => a.type === got.type)
    .slice(0, 8)
    .map(format);
  return {
    error: `"${format(got)}" is not a legal move (check the cards in your hand, the costs and your food). Legal ${got.type.toUpperCase()} moves include: ${similar.join(' | ')}.`,
  };
}

export const prompt: GamePrompt<ArcState, ArcAction, ArcConfig, ArcView> = {
  system: (cfg, seat) => system(cfg, seat),
  turn: (v, seat, legal) => turn(v, seat, legal),
  parse: (reply, seat, legal) => parse(reply, seat, legal),
  format: (a) => format(a),
};
