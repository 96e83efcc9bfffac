// Text for LLM seats playing Santorini: GameBench's rules with the arena's coordinates, a worked example replayed
// through the rules, the turn observation (the board as text, the turn's pawn, `Legal moves:`) and a forgiving parser.
import { readReply } from '../../lib/engine/reply-reader';
import { seatName, type GamePrompt, type ParseResult, type Seat } from '../../lib/engine/types';
import {
  apply,
  indexOf,
  isSquare,
  outcome,
  ownerOf,
  PAWNS,
  pawnsOf,
  SEAT_NAMES,
  setup,
  view as viewOf,
  type Pawn,
  type SantoriniAction,
  type SantoriniConfig,
  type SantoriniState,
  type SantoriniView,
  type Square,
} from './rules';

/** GameBench's rules text for Santorini (appendix G; santorini.py `Rules.summary`), verbatim. */
export const GAMEBENCH_RULES =
  'Win by moving one of your pawns to the third level of the board or forcing your opponent to be unable to finish their turn. The game is played on a five by five grid of squares, and each player controls two pawns. Play alternates between the players, starting with player 1. The pawn that a player plays with alternates during each of their turns: for example, player 1 plays pawn A on their first turn, pawn B on their next turn, then pawn A, and so on. Blocks can be placed on squares on the board up to four blocks high, creating four possible height levels.\n\nThe board begins with no blocks placed, so every square begins at level 0. Before the game starts, each of the players takes turns placing each of their pawns on the board. A square is occupied if a pawn is on it.\n\nEach turn consists of two stages: the "move" stage and the "build" stage. During the move stage, the player moves their pawn by one square (horizontally, vertically, or diagonally). They cannot move their pawn onto a square that is occupied by another pawn, more than one level higher than the pawn, or at level 4. They can move a pawn any number of levels down, to the same level, or one level higher, but not more than one level higher and not to level 4.\n\nDuring the build stage, the player must select an unoccupied square adjacent to the pawn they moved during the move stage and place a block on it. They can place a block onto an unoccupied square at any level less than 4. Once a square has been built to level 4, it is "complete", meaning pawns cannot move to it and blocks cannot be placed on it. The player instantly wins if they move their pawn onto a square at level 3 or if they force their opponent to not be able to finish their turn.';

/** The board as text: file letters on top, rank 5 first; each square its level then its pawn ("." for none). */
export function renderBoard(v: Pick<SantoriniView, 'levels' | 'pawns'>): string {
  const at = new Map<Square, Pawn>();
  for (const p of PAWNS) if (v.pawns[p]) at.set(v.pawns[p]!, p);
  const rows = v.levels.map(
    (row, r) => `${5 - r}  ${row.map((level, c) => `${level}${at.get(`${'abcde'[c]}${5 - r}`) ?? '.'}`).join(' ')}`,
  );
  return ['   a  b  c  d  e', ...rows].join('\n');
}

/** An action written exactly as the prompt asks for it. */
export function format(a: SantoriniAction): string {
  if (a.type === 'place') return `Place ${a.pawn} at ${a.at}`;
  return a.build === null ? `Move ${a.pawn} to ${a.to}` : `Move ${a.pawn} to ${a.to}, build ${a.build}`;
}

const place = (pawn: Pawn, at: Square): SantoriniAction => ({ type: 'place', pawn, at });
const turnOf = (pawn: Pawn, to: Square, build: Square | null): SantoriniAction => ({ type: 'turn', pawn, to, build });

/** A short game Player 1 wins by climbing A up a staircase (c3 level 1, c4 level 2, d5 level 3); replayed by the tests. */
export const EXAMPLE: SantoriniAction[] = [
  place('A', 'c3'),
  place('X', 'a1'),
  place('B', 'd4'),
  place('Y', 'e1'),
  turnOf('A', 'c2', 'c3'),
  turnOf('X', 'b1', 'a1'),
  turnOf('B', 'd3', 'c4'),
  turnOf('Y', 'e2', 'e1'),
  turnOf('A', 'c3', 'c4'),
  turnOf('X', 'a2', 'b1'),
  turnOf('B', 'd4', 'd5'),
  turnOf('Y', 'e1', 'e2'),
  turnOf('A', 'c4', 'd5'),
  turnOf('X', 'a1', 'a2'),
  turnOf('B', 'e4', 'd5'),
  turnOf('Y', 'e2', 'e1'),
  turnOf('A', 'd5', null),
];
export const exampleFinal: SantoriniState = EXAMPLE.reduce<SantoriniState>((s, a, i) => apply(s, i % 2, a), setup());

function system(_cfg: SantoriniConfig, seat: Seat): string {
  const [p, q] = pawnsOf(seat);
  const [o1, o2] = pawnsOf(1 - seat);
  return [
    `You are playing Santorini as ${seatName(SEAT_NAMES, seat)}. Your pawns are ${p} and ${q}; ${seatName(SEAT_NAMES, 1 - seat)}'s pawns are ${o1} and ${o2}.`,
    '',
    'Rules:',
    GAMEBENCH_RULES,
    '',
    'How this arena writes the game:',
    '- Squares are named like a chessboard: files a-e from left to right, ranks 1-5 from bottom to top (a5 is the top-left corner, e1 the bottom-right). Every square has up to 8 neighbours.',
    '- The board is shown as text, rank 5 first. Each square is two characters: its level 0-4, then the pawn on it (A, B, X or Y) or "." when there is none. Level 4 is a complete tower (a dome).',
    '- The pawns take turns in the order A, X, B, Y (Player 1 has A and B, Player 2 has X and Y): first each is placed on a free square, then each moves and builds, always in that order. Each turn names the pawn you play.',
    '- A move onto level 3 wins at once; nothing is built after it.',
    '- If the pawn whose turn it is cannot move, its player cannot finish the turn and loses, even if the other pawn could move.',
    '- The winner scores 1, the loser 0. There are no draws.',
    '',
    'Example game (one move per line):',
    ...EXAMPLE.map((a, i) => `${seatName(SEAT_NAMES, i % 2)}: ${format(a)}`),
    'Final board:',
    renderBoard(viewOf(exampleFinal)),
    `${outcome(exampleFinal)!.reason}: A stood on level 2 at c4 next to d5 at level 3.`,
    '',
    'Answer format: one move, exactly as listed under "Legal moves:".',
    `- Placing a pawn: Place ${p} at c3`,
    `- A turn (the pawn, the square it moves to, then the square next to that where it builds): Move ${p} to c4, build d5`,
    `- A winning move onto level 3 needs no build: Move ${p} to d4`,
    'You may think first; the last move written in your reply is the one played.',
  ].join('\n');
}

function describeLast(v: SantoriniView): string | null {
  const last = v.last;
  if (!last) return null;
  const who = seatName(SEAT_NAMES, ownerOf(last.pawn));
  if ('placed' in last) return `${who} placed ${last.pawn} at ${last.placed}.`;
  return last.build === null
    ? `${who} moved ${last.pawn} from ${last.from} to ${last.to}.`
    : `${who} moved ${last.pawn} from ${last.from} to ${last.to} and built on ${last.build}.`;
}

function turn(v: SantoriniView, seat: Seat, legal: SantoriniAction[] | null): string {
  const level = (sq: Square) => v.levels[Math.floor(indexOf(sq) / 5)]![indexOf(sq) % 5]!;
  const where = (p: Pawn) =>
    v.pawns[p] ? `${p} at ${v.pawns[p]} (level ${level(v.pawns[p]!)})` : `${p} not placed yet`;
  const lines = [
    'Board (files a-e left to right, ranks 1-5 bottom to top; each square is its level 0-4 then its pawn, "." = no pawn; level 4 = dome):',
    renderBoard(v),
    '',
    `You are ${seatName(SEAT_NAMES, seat)}: your pawns are ${pawnsOf(seat).map(where).join(' and ')}. ${seatName(SEAT_NAMES, 1 - seat)}'s pawns are ${pawnsOf(
      1 - seat,
    )
      .map(where)
      .join(' and ')}.`,
  ];
  const last = describeLast(v);
  if (last) lines.push(`Last move: ${last}`);
  if (v.result) return [...lines, `The game is over: ${v.result}.`].join('\n');
  const pawn = v.pawnToMove!;
  if (v.toMove !== seat)
    return [...lines, `It is ${seatName(SEAT_NAMES, v.toMove!)}'s turn (pawn ${pawn}).`].join('\n');
  if (v.phase === 'placement') {
    lines.push(`Placement: put pawn ${pawn} on any free square.`);
  } else {
    lines.push(
      `Turn ${v.turn + 1}: you play pawn ${pawn} (pawns alternate). Move it one square (at most one level up, not onto a dome or a pawn), then build on a free square next to where it lands.`,
    );
  }
  if (legal) lines.push('Legal moves:', ...legal.map((a) => `- ${format(a)}`));
  lines.push(
    v.phase === 'placement'
      ? `Reply with your move in exactly this format: Place ${pawn} at <square>`
      : `Reply with your move in exactly this format: Move ${pawn} to <square>, build <square>`,
  );
  return lines.join('\n');
}

const DIRECTIONS: Record<string, [number, number]> = {
  northwest: [-1, -1],
  northeast: [-1, 1],
  southwest: [1, -1],
  southeast: [1, 1],
  north: [-1, 0],
  south: [1, 0],
  west: [0, -1],
  east: [0, 1],
};
const DIR = '(northwest|northeast|southwest|southeast|north|south|west|east)';
const SQ = '([a-e][1-5])';
const PAWN = '(?:pawn\\s+)?(?:([abxy])\\b[\\s:]*)?';
/** "Move A to c4, build d5", "move pawn A from c3 to c4 and then build on d5", "Move A to d4" (a win). */
const TURN = new RegExp(
  `\\bmove\\s+${PAWN}(?:from\\s+[a-e][1-5]\\s*)?(?:to|onto|->|→)?\\s*${SQ}\\b(?:[\\s,;.:]*(?:and\\s+|then\\s+)*(?:build|builds|building)\\s*(?:a\\s+block\\s+)?(?:on|at|in|onto)?\\s*${SQ}\\b)?`,
  'gi',
);
/** GameBench's action ids: "Move north, build southeast". */
const COMPASS = new RegExp(
  `\\bmove\\s+${PAWN}${DIR}\\b[\\s,;.:]*(?:and\\s+|then\\s+)*build\\s+(?:a\\s+block\\s+)?(?:to\\s+the\\s+)?${DIR}\\b`,
  'gi',
);
/** "Place A at c3", "put pawn B on d2". */
const PLACE = new RegExp(`\\b(?:place|put)\\s+${PAWN}(?:at|on|in|to)?\\s*${SQ}\\b`, 'gi');
/** Last resort: a line holding only squares, e.g. "c4, d5" or "A: c3". */
const BARE = /^[^\w\n]*(?:([abxy])\s*[:-]\s*)?([a-e][1-5])(?:\s*(?:,|;|->|→|\s)\s*([a-e][1-5]))?[^\w\n]*$/gim;

/** A move found in a reply; `explicit` = written with its pawn or a build, which wins over a passing mention. */
interface Candidate {
  end: number;
  kind: 'place' | 'turn';
  pawn: Pawn | null;
  at: Square;
  build: Square | null;
  explicit: boolean;
}

const pawnOf = (s: string | undefined): Pawn | null => (s ? (s.toUpperCase() as Pawn) : null);
const sq = (s: string | undefined): Square | null => (s ? s.toLowerCase() : null);

function fromJson(text: string): Candidate[] {
  const out: Candidate[] = [];
  for (const m of text.matchAll(/\{[^{}]*\}/g)) {
    let o: Record<string, unknown>;
    try {
      o = JSON.parse(m[0]) as Record<string, unknown>;
    } catch {
      continue;
    }
    const str = (...keys: string[]) => {
      for (const k of keys) if (typeof o[k] === 'string') return (o[k] as string).trim();
      return undefined;
    };
    const pawn = str('pawn', 'worker');
    const p = pawn && /^[abxy]$/i.test(pawn) ? pawnOf(pawn) : null;
    const to = str('move', 'to', 'move_to', 'moveTo', 'destination');
    const build = str('build', 'build_on', 'buildOn', 'build_at', 'buildAt');
    const at = str('place', 'at', 'square', 'position');
    const end = m.index + m[0].length;
    if (to && isSquare(to.toLowerCase()))
      out.push({
        end,
        kind: 'turn',
        pawn: p,
        at: to.toLowerCase(),
        build: build && isSquare(build.toLowerCase()) ? build.toLowerCase() : null,
        explicit: true,
      });
    else if (at && isSquare(at.toLowerCase()))
      out.push({ end, kind: 'place', pawn: p, at: at.toLowerCase(), build: null, explicit: true });
  }
  return out;
}

/**
 * Reads the move from a reply: the last move written with its pawn or its build ("Move A to c4, build d5", "Place A
 * at c3", JSON, GameBench's "Move north, build southeast"); failing that the last one written at all; failing that a
 * line holding only squares. The pawn, when left out, is the one whose turn it is.
 */
function parse(
  reply: string,
  seat: Seat,
  legal: SantoriniAction[] | null,
  v?: SantoriniView,
): ParseResult<SantoriniAction> {
  // The moves as listed, however the reply wraps them (lib/engine/reply-reader.ts); the forms below for the rest.
  const read = readReply(reply, legal, (a) => format(a));
  if (read) return { action: read.action };
  const pawnNow: Pawn = legal?.[0]?.pawn ?? v?.pawnToMove ?? pawnsOf(seat)[0]!;
  const placing = legal?.[0] ? legal[0].type === 'place' : v ? v.phase === 'placement' : false;
  const example = placing ? `Place ${pawnNow} at c3` : `Move ${pawnNow} to c4, build d5`;
  // Markdown (bold, code, headings) and quotes carry no meaning here.
  const text = reply.replace(/[*`#"'“”‘’]/g, ' ').replace(/\\/g, ' ');
  const json = fromJson(reply);
  const candidates: Candidate[] = [...json];
  for (const m of text.matchAll(TURN)) {
    candidates.push({
      end: m.index + m[0].length,
      kind: 'turn',
      pawn: pawnOf(m[1]),
      at: sq(m[2])!,
      build: sq(m[3]),
      explicit: !!(m[1] || m[3]),
    });
  }
  for (const m of text.matchAll(PLACE))
    candidates.push({
      end: m.index + m[0].length,
      kind: 'place',
      pawn: pawnOf(m[1]),
      at: sq(m[2])!,
      build: null,
      explicit: true,
    });
  const compass = [...text.matchAll(COMPASS)];
  let compassError: string | null = null;
  for (const m of compass) {
    const pawn = pawnOf(m[1]) ?? pawnNow;
    const from = v?.pawns[pawn];
    if (!from) {
      compassError = `Name squares rather than directions, for example "${example}".`;
      continue;
    }
    const step = (s: Square, dir: string): Square | null => {
      const [dr, dc] = DIRECTIONS[dir.toLowerCase()]!;
      const file = 'abcde'.indexOf(s[0]!) + dc;
      const rank = Number(s[1]) - dr;
      return file >= 0 && file < 5 && rank >= 1 && rank <= 5 ? `${'abcde'[file]}${rank}` : null;
    };
    const to = step(from, m[2]!);
    const build = to ? step(to, m[3]!) : null;
    if (!to || !build) {
      compassError = `"move ${m[2]}, build ${m[3]}" leaves the board from ${pawn} at ${from}. Answer with squares, for example "${example}".`;
      continue;
    }
    candidates.push({ end: m.index + m[0].length, kind: 'turn', pawn, at: to, build, explicit: true });
  }
  let best =
    candidates
      .filter((c) => c.explicit)
      .sort((x, y) => x.end - y.end)
      .at(-1) ?? candidates.sort((x, y) => x.end - y.end).at(-1);
  if (!best) {
    const m = [...text.matchAll(BARE)].at(-1);
    if (m)
      best = {
        end: 0,
        kind: placing ? 'place' : 'turn',
        pawn: pawnOf(m[1]),
        at: sq(m[2])!,
        build: sq(m[3]),
        explicit: false,
      };
  }
  if (!best) {
    const offBoard = [...text.matchAll(/\b([a-z]\d{1,2})\b/gi)]
      .map((m) => m[1]!.toLowerCase())
      .filter((x) => !isSquare(x))
      .at(-1);
    if (offBoard)
      return {
        error: `"${offBoard}" is not a square: files are a-e (left to right) and ranks 1-5 (bottom to top). Answer like "${example}".`,
      };
    return {
      error:
        compassError ??
        `Could not find a move in your reply. Answer with one line such as "${example}" (squares are a-e then 1-5, e.g. c3).`,
    };
  }
  const pawn = best.pawn ?? pawnNow;
  if (placing && best.kind === 'turn' && best.build === null) return { action: place(pawn, best.at) };
  if (!placing && best.kind === 'place') {
    return {
      error: `Every pawn is already placed: this turn moves pawn ${pawnNow} and builds, for example "${example}".`,
    };
  }
  if (best.kind === 'place') return { action: place(pawn, best.at) };
  // A winning move builds nothing: drop a build written with it, as the list writes it.
  const wins =
    legal?.some((a) => a.type === 'turn' && a.pawn === pawn && a.to === best.at && a.build === null) ?? false;
  return { action: turnOf(pawn, best.at, wins ? null : best.build) };
}

export const prompt: GamePrompt<SantoriniState, SantoriniAction, SantoriniConfig, SantoriniView> = {
  system,
  turn,
  parse,
  format: (a) => format(a),
};
