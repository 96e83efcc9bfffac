// Text for LLM seats playing Sea Battle: GameBench's rules text with the movement and shooting details of its
// implementation, a worked example replayed through the rules, the ship's observation (GameBench's wording: "Your ship
// is located at (x, y) facing North"), the eight orders as `Legal moves:` and a forgiving parser.
import { readReply } from '../../lib/engine/reply-reader';
import { seatName, type GamePrompt, type ParseResult, type Seat } from '../../lib/engine/types';
import {
  ALL_ORDERS,
  DAMAGE,
  HEADING_NAMES,
  SEAT_NAMES,
  SHOT_RANGE,
  BACKSTOP_TURNS,
  ahead,
  apply,
  fmtPos,
  matesOf,
  orderText,
  reportLines,
  sideDir,
  teamOf,
  turnLeft,
  turnRight,
  makeState,
  type Heading,
  type Pos,
  type SeaBattleAction,
  type SeaBattleConfig,
  type SeaBattleState,
  type SeaBattleView,
  type Side,
} from './rules';

export function format(a: SeaBattleAction): string {
  return orderText(a);
}

const order = (move: SeaBattleAction['move'], shoot: Side): SeaBattleAction => ({ type: 'order', move, shoot });

/**
 * The worked example: six ships on a small stretch of sea, one turn's orders, resolved by the rules themselves (so the
 * example can never say something the rules do not do). Red 1 turns right and hits Blue 1 with its left broadside.
 */
export const EXAMPLE_SHIPS: { x: number; y: number; heading: Heading }[] = [
  { x: 5, y: 5, heading: 'N' },
  { x: 12, y: 3, heading: 'E' },
  { x: 3, y: 15, heading: 'S' },
  { x: 6, y: 8, heading: 'W' },
  { x: 18, y: 18, heading: 'N' },
  { x: 20, y: 4, heading: 'W' },
];
export const EXAMPLE_ROCKS: Pos[] = [[13, 3]];
export const EXAMPLE_ORDERS: SeaBattleAction[] = [
  order('right', 'left'),
  order('forward', 'right'),
  order('forward', 'left'),
  order('stay', 'left'),
  order('left', 'right'),
  order('forward', 'right'),
];
export const exampleStart: SeaBattleState = makeState(EXAMPLE_SHIPS, EXAMPLE_ROCKS);
export const exampleAfter: SeaBattleState = EXAMPLE_ORDERS.reduce((s, a, seat) => apply(s, seat, a), exampleStart);

function exampleText(): string[] {
  const r = exampleAfter.last!;
  const pick = (seat: Seat) =>
    reportLines({
      ...r,
      ships: r.ships.filter((t) => t.seat === seat),
      bumps: r.bumps.filter((b) => b.seat === seat),
      shots: r.shots.filter((sh) => sh.seat === seat),
      sunk: [],
    });
  return [
    'Example turn (a 24 by 24 board; only the ships named matter):',
    ...[0, 1, 3].map(
      (seat) =>
        `- ${seatName(SEAT_NAMES, seat)} is at ${fmtPos([EXAMPLE_SHIPS[seat]!.x, EXAMPLE_SHIPS[seat]!.y])} facing ${HEADING_NAMES[EXAMPLE_SHIPS[seat]!.heading]}; it orders "${orderText(EXAMPLE_ORDERS[seat]!)}".`,
    ),
    `- There is a rock at ${fmtPos(EXAMPLE_ROCKS[0]!)}.`,
    'What happens:',
    ...[0, 1, 3].flatMap(pick).map((l) => `- ${l}`),
  ];
}

function system(cfg: SeaBattleConfig, seat: Seat): string {
  const mates = matesOf(seat)
    .map((p) => seatName(SEAT_NAMES, p))
    .join(' and ');
  const last = cfg.size - 1;
  return [
    `You are playing Sea Battle. You command the ship ${seatName(SEAT_NAMES, seat)} of team ${teamOf(seat)}, with ${mates}; the other team has three ships too.`,
    "Sink all of your opponent team's ships before they sink all of your team's ships.",
    '',
    'Rules:',
    `- Board: the board is a ${cfg.size}x${cfg.size} grid. Squares are (x, y): x from 0 (West) to ${last} (East), y from 0 (South) to ${last} (North). Rocks line the border and ${cfg.rocks} more are scattered inside; some squares are occupied by ships.`,
    '- Gameplay: each turn, all ships choose how they want to move and how they want to shoot. All choices are executed simultaneously: first all movement, then all shots.',
    '- Moving: "move forward" = one square ahead. "move left" / "move right" = one square ahead, turn 90 degrees to that side, then one more square ahead in the new direction. "don\'t move" = stay.',
    `- Shooting: after moving, every ship fires one broadside to its left or to its right (relative to the direction it faces then, never ahead or behind). The cannonball flies up to ${SHOT_RANGE} squares and stops at the first rock or ship; a ship it hits (any ship, your teammates too) takes ${DAMAGE.cannon} damage.`,
    `- Damage: a ship is damaged in three ways: (1) getting shot: ${DAMAGE.cannon} damage; (2) sailing into a rock: ${DAMAGE.rock} damage, and it stays where it was; (3) colliding with another ship: two ships entering one square, swapping squares, or a ship sailing into one that is not moving: ${DAMAGE.ram} damage each and neither moves (on the second step of a turn, a ship in the way only stops you, without damage). A ship turns even when its first step is blocked.`,
    `- Sinking: a ship sinks at ${cfg.sinkAt} damage and plays no more; sunk ships leave the board. A ship sunk while moving does not fire that turn.`,
    `- Winning: a team wins if it has at least one ship afloat when all of its opponents have sunk. ${cfg.maxTurns === null ? `If the last ships of both teams sink on the same turn, the game is a draw. There is no turn limit (only a backstop: a match still going at turn ${BACKSTOP_TURNS} is a draw).` : `If the last ships of both teams sink on the same turn, or after ${cfg.maxTurns} turns, the game is a draw.`}`,
    "- Teams: three ships a side. You see every ship afloat, where it is and where it faces, and your own team's damage and orders; not the opponents' damage.",
    '',
    ...exampleText(),
    '',
    'Answer format: reply with one order, exactly as listed, a movement then a shot, for example:',
    'move forward then shoot left',
    'You may think first; the last order written in your reply is the one played.',
  ].join('\n');
}

/** Where a movement takes a ship, if nothing stops it. */
export function destination(p: Pos, h: Heading, move: SeaBattleAction['move']): { to: Pos; heading: Heading } {
  if (move === 'stay') return { to: p, heading: h };
  const one = ahead(p, h);
  if (move === 'forward') return { to: one, heading: h };
  const nh = move === 'left' ? turnLeft(h) : turnRight(h);
  return { to: ahead(one, nh), heading: nh };
}

const squares = (from: Pos, dir: Heading) =>
  Array.from({ length: SHOT_RANGE }, (_, k) => fmtPos(ahead(from, dir, k + 1))).join(', ');

function turn(v: SeaBattleView, seat: Seat, legal: SeaBattleAction[] | null): string {
  const me = v.ships[seat]!;
  const lines: string[] = [
    `Turn ${v.turn}${v.maxTurns === null ? '' : ` of at most ${v.maxTurns}`}. You are ${me.name} (team ${me.team}).`,
    `Rocks line the border of the ${v.size} by ${v.size} board (x = 0 or ${v.size - 1}, y = 0 or ${v.size - 1}). x grows to the East, y grows to the North.`,
  ];
  const dmg = (d: number | null) => (d === null ? 'damage unknown' : `damage ${d} of ${v.sinkAt}`);
  for (const sh of v.ships) {
    if (!sh.afloat) continue;
    const who =
      sh.seat === seat
        ? 'Your ship'
        : sh.team === me.team
          ? `A teammate's ship (${sh.name})`
          : `An opponent's ship (${sh.name})`;
    lines.push(`${who} is located at ${fmtPos([sh.x, sh.y])} facing ${HEADING_NAMES[sh.heading]}; ${dmg(sh.damage)}.`);
  }
  const sunk = v.ships.filter((sh) => !sh.afloat);
  if (sunk.length) lines.push(`Sunk: ${sunk.map((sh) => sh.name).join(', ')}.`);
  lines.push(
    v.rocks.length ? `There are more rocks located at ${v.rocks.map(fmtPos).join(', ')}.` : 'There are no other rocks.',
  );
  if (me.damage !== null) lines.push(`You've sustained ${me.damage} damage. If you reach ${v.sinkAt}, you will sink.`);
  if (v.last) lines.push('', `Last turn (turn ${v.last.turn}):`, ...reportLines(v.last).map((l) => `- ${l}`));
  const staged = v.orders.flatMap((o, s) => (o && s !== seat ? [`${seatName(SEAT_NAMES, s)}: ${orderText(o)}`] : []));
  if (staged.length) lines.push('', `Your team's orders already given this turn: ${staged.join('; ')}.`);
  if (v.over) return [...lines, '', `The game is over: ${v.result}.`].join('\n');
  if (me.afloat) {
    const p: Pos = [me.x, me.y];
    lines.push(
      '',
      'Where each movement takes you if nothing stops you, and the squares each shot would cross from there:',
    );
    for (const move of ['left', 'forward', 'right', 'stay'] as const) {
      const d = destination(p, me.heading, move);
      const shots = (['left', 'right'] as const).map(
        (side) =>
          `shoot ${side} fires ${HEADING_NAMES[sideDir(d.heading, side)]} over ${squares(d.to, sideDir(d.heading, side))}`,
      );
      lines.push(
        `- ${move === 'stay' ? "don't move" : `move ${move}`}: to ${fmtPos(d.to)} facing ${HEADING_NAMES[d.heading]}; ${shots.join('; ')}.`,
      );
    }
  }
  if (legal && legal.length) {
    lines.push('', 'Legal moves:', ...legal.map((a) => `- ${format(a)}`));
    lines.push('Reply with one of the legal moves exactly, e.g. "move forward then shoot left".');
  }
  return lines.join('\n');
}

/** A movement then a shot, as models write them: "move left then shoot right", "Don't move, shoot left", "stay and shoot right". */
const ORDER_RE =
  /\b(?:(move|moves|moving|sail|turn|go)\s+(left|forward|forwards|ahead|straight|right)|(don'?t move|do not move|dont move|no move|stay(?: put| still)?|hold(?: position)?|remain(?: still)?|not move))\b[\s,;:.&+-]*(?:(?:and|then|and then)\s+)?(?:shoot|shoots|shooting|fire|fires|firing)\s+(?:to\s+(?:the|my|your)\s+)?(left|right|port|starboard)\b/gi;

const MOVE_WORDS: Record<string, SeaBattleAction['move']> = {
  left: 'left',
  right: 'right',
  forward: 'forward',
  forwards: 'forward',
  ahead: 'forward',
  straight: 'forward',
};
const SIDE_WORDS: Record<string, Side> = { left: 'left', right: 'right', port: 'left', starboard: 'right' };

/** An order written as JSON fields: {"move": "left", "shoot": "right"}. */
function fromJson(text: string): SeaBattleAction | null {
  const m = /"move"\s*:\s*"([^"]*)"/i.exec(text);
  const s = /"(?:shoot|shot|fire)"\s*:\s*"([^"]*)"/i.exec(text);
  if (!m || !s) return null;
  const mv = m[1]!
    .toLowerCase()
    .replace(/^move\s+/, '')
    .trim();
  const move = MOVE_WORDS[mv] ?? (/(don'?t|do not|no|stay|none|hold)/.test(mv) ? 'stay' : null);
  const shoot =
    SIDE_WORDS[
      s[1]!
        .toLowerCase()
        .replace(/^shoot\s+/, '')
        .trim()
    ];
  return move && shoot ? order(move, shoot) : null;
}

function parse(reply: string, _seat: Seat, legal: SeaBattleAction[] | null): ParseResult<SeaBattleAction> {
  // The moves as listed, however the reply wraps them (lib/engine/reply-reader.ts); the forms below for the rest.
  const read = readReply(reply, legal, (a) => format(a));
  if (read) return { action: read.action };
  const example = '"move forward then shoot left"';
  // Markdown and typographic quotes carry no meaning here.
  const text = reply
    .replace(/[*`_\\#>]/g, ' ')
    .replace(/[’‘]/g, "'")
    .replace(/\s+/g, ' ');
  const found = [...text.matchAll(ORDER_RE)].at(-1);
  if (found) {
    const move = found[2] ? MOVE_WORDS[found[2].toLowerCase()]! : 'stay';
    return { action: order(move, SIDE_WORDS[found[4]!.toLowerCase()]!) };
  }
  const json = fromJson(text);
  if (json) return { action: json };
  if (/\b(?:shoot|fire)\s+(?:forward|ahead|straight|back(?:ward)?s?|behind)\b/i.test(text)) {
    return {
      error: `Ships fire only to their sides: end your order with "shoot left" or "shoot right", for example ${example}.`,
    };
  }
  if (/\bmove\s+(?:back(?:ward)?s?|behind|reverse)\b/i.test(text)) {
    return {
      error: `Ships cannot sail backward: move left, move forward, move right or don't move, then shoot left or right, for example ${example}.`,
    };
  }
  if (/\b(?:move\s+(?:left|forward|right)|don'?t move|stay)\b/i.test(text)) {
    return {
      error: `Your order has a movement but no shot: add "then shoot left" or "then shoot right", for example ${example}.`,
    };
  }
  if (/\b(?:shoot|fire)\s+(?:left|right)\b/i.test(text)) {
    return {
      error: `Your order has a shot but no movement: start with move left, move forward, move right or don't move, for example ${example}.`,
    };
  }
  return {
    error: `Could not find an order in your reply. Answer with one of the eight orders, a movement then a shot, for example ${example}.`,
  };
}

export const prompt: GamePrompt<SeaBattleState, SeaBattleAction, SeaBattleConfig, SeaBattleView> = {
  system,
  turn,
  parse,
  format,
};

/** Every order's text, for tests. */
export const ORDER_TEXTS = ALL_ORDERS.map(orderText);
