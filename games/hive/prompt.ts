// Text for LLM seats playing Hive: the rules with the coordinate system and a worked example (replayed through the
// rules), the turn observation (pieces with coordinates and stacks, hands, Queens, a small drawing, the legal moves)
// and a forgiving parser.
import { readReply } from '../../lib/engine/reply-reader';
import { seatName, type GamePrompt, type ParseResult, type Seat } from '../../lib/engine/types';
import {
  BUGS,
  BUG_NAMES,
  DIRECTIONS,
  apply,
  hexText,
  outcome,
  queenOf,
  SEAT_NAMES,
  setup,
  view as viewOf,
  type Bug,
  type Hex,
  type HiveAction,
  type HiveConfig,
  type HiveState,
  type HiveView,
} from './rules';

const pieceText = (seat: Seat, bug: Bug) => `${seatName(SEAT_NAMES, seat)} ${BUG_NAMES[bug]}`;

/** An action exactly as the prompt asks for it: `place Ant at (1,0)`, `move Ant (0,0) to (2,-1)`, `pass`. */
export function format(a: HiveAction, _seat: Seat, v?: HiveView): string {
  return formatWith(a, (h) => v?.stacks.find((st) => st.q === h.q && st.r === h.r)?.pieces.at(-1)?.bug);
}

function formatWith(a: HiveAction, bugAt: (h: Hex) => Bug | undefined): string {
  if (a.type === 'pass') return 'pass';
  if (a.type === 'place') return `place ${BUG_NAMES[a.bug]} at ${hexText(a.to)}`;
  const bug = bugAt(a.from);
  return `move ${bug ? `${BUG_NAMES[bug]} ` : ''}${hexText(a.from)} to ${hexText(a.to)}`;
}

/** The pieces on the board, one hex a line, stacks bottom to top. */
export function listPieces(v: Pick<HiveView, 'stacks'>): string[] {
  if (!v.stacks.length) return ['(the board is empty: the first piece goes at (0,0))'];
  return v.stacks.map((st) => {
    const names = st.pieces.map((p) => pieceText(p.seat, p.bug));
    return `- ${hexText(st)}: ${names.length === 1 ? names[0] : `${names.join(' under ')} (a stack of ${names.length}; the top one, ${names.at(-1)}, counts)`}`;
  });
}

/**
 * A small drawing: one text row per hex row r (top to bottom), each hex 4 characters wide and every row shifted by
 * half a hex, so hexes sit where they do on the board. `bQ` = Blue Queen, `gA` = Green Ant, a digit after it = stack
 * height, `.` = an empty hex next to the hive.
 */
export function drawBoard(v: Pick<HiveView, 'stacks'>): string[] {
  if (!v.stacks.length) return [];
  const cells = new Map<string, string>();
  for (const st of v.stacks) {
    const top = st.pieces.at(-1)!;
    cells.set(
      `${st.q},${st.r}`,
      `${top.seat === 0 ? 'b' : 'g'}${top.bug}${st.pieces.length > 1 ? st.pieces.length : ''}`,
    );
  }
  for (const st of v.stacks) {
    for (const { dq, dr } of DIRECTIONS) {
      const k = `${st.q + dq},${st.r + dr}`;
      if (!cells.has(k)) cells.set(k, '.');
    }
  }
  const hexes = [...cells.keys()].map((k) => k.split(',').map(Number) as [number, number]);
  const minR = Math.min(...hexes.map(([, r]) => r));
  const maxR = Math.max(...hexes.map(([, r]) => r));
  const minX = Math.min(...hexes.map(([q, r]) => 2 * q + r));
  const label = (r: number) => `r=${r}`.padStart(5);
  const rows: string[] = [];
  for (let r = minR; r <= maxR; r++) {
    const row = hexes.filter(([, rr]) => rr === r).sort((a, b) => a[0] - b[0]);
    let line = '';
    for (const [q] of row) {
      const at = 2 * (2 * q + r - minX);
      line = line.padEnd(at) + cells.get(`${q},${r}`)!.padEnd(4);
    }
    rows.push(`${label(r)} | ${line.trimEnd()}`);
  }
  return rows;
}

function handText(v: Pick<HiveView, 'hands'>, seat: Seat): string {
  const hand = v.hands[seat]!;
  const parts = BUGS.filter((b) => hand[b] > 0).map((b) => `${BUG_NAMES[b]} x${hand[b]}`);
  return parts.length ? parts.join(', ') : 'nothing (every piece is on the board)';
}

function queenText(v: Pick<HiveView, 'queens'>, seat: Seat): string {
  const q = v.queens[seat]!;
  return q.at
    ? `${seatName(SEAT_NAMES, seat)} Queen at ${hexText(q.at)}: ${q.occupied} of 6 neighbours occupied`
    : `${seatName(SEAT_NAMES, seat)} Queen: not placed yet`;
}

const place = (bug: Bug, q: number, r: number): HiveAction => ({ type: 'place', bug, to: { q, r } });
const move = (from: Hex, to: Hex): HiveAction => ({ type: 'move', from, to });

/** A short opening, replayed through the rules so that the example is always right. */
export const EXAMPLE: HiveAction[] = [
  place('Q', 0, 0),
  place('Q', 1, 0),
  place('G', -1, 0),
  place('A', 2, 0),
  place('A', -1, 1),
  move({ q: 2, r: 0 }, { q: 0, r: 1 }),
  move({ q: -1, r: 0 }, { q: 2, r: 0 }),
];
/** Every state of the example, the start first. */
export const EXAMPLE_STATES: HiveState[] = EXAMPLE.reduce<HiveState[]>(
  (states, a, i) => [...states, apply(states.at(-1)!, i % 2, a)],
  [setup(null, { maxTurns: 250, beetles: 2 })],
);

function system(cfg: HiveConfig, seat: Seat): string {
  const me = seatName(SEAT_NAMES, seat);
  const final = viewOf(EXAMPLE_STATES.at(-1)!);
  const hand = `1 Queen, ${cfg.beetles ? `${cfg.beetles} Beetle${cfg.beetles > 1 ? 's' : ''}, ` : ''}2 Spiders, 3 Grasshoppers and 3 Ants`;
  return [
    `You are playing Hive. You play ${me}; your opponent plays ${seatName(SEAT_NAMES, 1 - seat)}. Blue moves first.`,
    '',
    "Hive is a bug-themed abstract strategy game. The object of Hive is to capture the opponent's queen bee by allowing it to become completely surrounded by pieces belonging to either player, while avoiding the capture of one's own queen. Tiles can be moved to other positions after being placed according to various rules, much like chess pieces.",
    '',
    'Coordinates: the board is a grid of pointy-topped hexagons with axial coordinates (q,r). Rows run left to right; r grows downwards, q grows to the right along a row, and each row sits half a hex to the right of the row above it. The six neighbours of (q,r) are always:',
    `  E (q+1,r), W (q-1,r), NE (q+1,r-1), NW (q,r-1), SE (q,r+1), SW (q-1,r+1).`,
    'The first piece of the game is placed at (0,0).',
    '',
    'Rules:',
    `- Each player has ${hand}. On your turn you either place a piece from your hand or move one of your pieces on the board.`,
    '- Placing: on an empty hex that touches at least one of your own pieces and none of your opponent’s (the first piece of each player is the exception: the second piece of the game goes next to the first).',
    '- Placing the Queen Bee: you must place your Queen by your fourth turn. Until your Queen is placed you cannot move any placed pieces.',
    '- One hive: all pieces must always stay connected, also while a piece is moving; a piece whose removal would split the hive cannot move.',
    '- Freedom to move: a piece slides from hex to neighbouring hex along the hive; it cannot squeeze between two pieces that both touch the step (a gate), and it must stay in contact with the hive as it slides.',
    '- Queen Bee: slides one hex. Spider: slides exactly three hexes, never returning to a hex on the way. Ant: slides any number of hexes. Grasshopper: jumps in a straight line over one or more pieces to the first empty hex (no sliding needed).',
    ...(cfg.beetles
      ? [
          '- Beetle: moves one hex in any direction and may climb on top of the hive; a piece under a Beetle cannot move, and a stack counts as its top piece’s colour. Only Beetles climb.',
        ]
      : []),
    '- A player with no legal action passes.',
    "- You win when your opponent's Queen has all six neighbouring hexes occupied (by pieces of either colour). If both Queens are surrounded at once, it is a draw.",
    `- Max turns: the game ends after ${cfg.maxTurns} turns (when Blue has taken ${cfg.maxTurns}). If no Queen is surrounded by then, the game is a draw.`,
    '',
    'Example opening (one turn per line, Blue first):',
    ...EXAMPLE.map((a, i) => `${seatName(SEAT_NAMES, i % 2)}: ${format(a, i % 2, viewOf(EXAMPLE_STATES[i]!))}`),
    'The Green Ant slid around the hive from (2,0) through (1,1) to (0,1) (moved pieces may touch the opponent’s; placed ones may not); then the Blue Grasshopper jumped east from (-1,0) over (0,0) and (1,0) and landed on the first empty hex, (2,0). The board after these turns:',
    ...listPieces(final),
    ...drawBoard(final),
    `${queenText(final, 0)}; ${queenText(final, 1)}.`,
    '',
    'Answer format: reply with exactly one move, written as in the list of legal moves you are given each turn:',
    'place <Bug> at (q,r)   e.g. place Ant at (1,-1)',
    'move <Bug> (q,r) to (q,r)   e.g. move Ant (0,0) to (2,-1)',
    'pass   (only when you have no legal move)',
    'You may think first; the last move written in your reply is the one played.',
  ].join('\n');
}

function turn(v: HiveView, seat: Seat, legal: HiveAction[] | null): string {
  const me = seatName(SEAT_NAMES, seat);
  const lines = [`You play ${me}; your opponent plays ${seatName(SEAT_NAMES, 1 - seat)}.`];
  if (v.last) lines.push(`Last move: ${seatName(SEAT_NAMES, v.last.seat)}: ${format(v.last.action, v.last.seat)}.`);
  lines.push('', 'Board (axial coordinates (q,r); a stack lists its pieces bottom to top):', ...listPieces(v));
  const drawing = drawBoard(v);
  if (drawing.length)
    lines.push(
      '',
      'Drawing (bQ = Blue Queen, gA = Green Ant, a digit = stack height, . = empty hex next to the hive):',
      ...drawing,
    );
  lines.push(
    '',
    'Pieces in hand:',
    `- ${me} (you): ${handText(v, seat)}`,
    `- ${seatName(SEAT_NAMES, 1 - seat)}: ${handText(v, 1 - seat)}`,
    `Queens: ${queenText(v, seat)}; ${queenText(v, 1 - seat)}.`,
  );
  if (v.result) return [...lines, '', `The game is over: ${v.result}.`].join('\n');
  const taken = v.turns[seat] ?? 0;
  lines.push(
    `You have taken ${taken} turns; the game ends in a draw after ${v.maxTurns} turns (${v.maxTurns - Math.max(...v.turns)} left).`,
  );
  if (v.hands[seat]!.Q > 0)
    lines.push(
      taken >= 3
        ? 'This is your fourth turn: you must place your Queen now.'
        : `Your Queen must be placed by your fourth turn; until then you can only place pieces.`,
    );
  lines.push(v.toMove === seat ? 'It is your turn.' : `It is ${seatName(SEAT_NAMES, v.toMove ?? 0)}'s turn.`);
  if (legal) {
    const tops = new Map(v.stacks.map((st) => [`${st.q},${st.r}`, st.pieces.at(-1)!.bug]));
    lines.push('Legal moves:', ...legal.map((a) => `- ${formatWith(a, (h) => tops.get(`${h.q},${h.r}`))}`));
  }
  lines.push(
    'Reply with exactly one move written as in the list, e.g. "place Ant at (1,0)" or "move Ant (0,0) to (2,-1)".',
  );
  return lines.join('\n');
}

// ───────────────────────── Parsing ─────────────────────────

const BUG_WORD = String.raw`queen(?:\s*bee)?|bee|beetle|spider|grass\s*-?\s*hopper|hopper|(?:soldier\s*)?ants?|[qbsga]`;
const NUM = String.raw`([-−]?\s*\d+)`;
const HEX = String.raw`[(\[]\s*${NUM}\s*[,;]\s*${NUM}\s*[)\]]`;
const PLACE = new RegExp(
  String.raw`\b(?:place|put|drop|add)\s+(?:(?:an?|the|my|one|new)\s+)?(?:(blue|green)\s+)?(${BUG_WORD})\b\s*(?:piece\s*)?(?:at|on|to|in|onto|into)?\s*(?:hex\s*)?${HEX}`,
  'gi',
);
const MOVE = new RegExp(
  String.raw`\bmove\s+(?:(?:the|my|an?)\s+)?(?:(blue|green)\s+)?(?:(${BUG_WORD})\s+)?(?:piece\s+)?(?:from\s+|at\s+|on\s+)?(?:hex\s*)?${HEX}\s*(?:to|onto|->|=>|→)\s*(?:hex\s*)?${HEX}`,
  'gi',
);
/** GameBench's own spellings: `place_(1,0)_Ant`, `move_(0,0)_(2,-1)`. */
const GB_PLACE = new RegExp(String.raw`place_${HEX}_(\w+)`, 'gi');
const GB_MOVE = new RegExp(String.raw`move_${HEX}_${HEX}`, 'gi');
/** A move written without the verb: `(0,0) -> (2,-1)`. */
const BARE_MOVE = new RegExp(String.raw`${HEX}\s*(?:to|->|=>|→)\s*${HEX}`, 'gi');
const PASS = /^\W*(?:(?:final\s+)?(?:answer|move|action)\s*(?:is)?\s*:?\s*)?pass\W*$/gim;

const num = (s: string) => Number(s.replace(/[−\s]/g, (c) => (c === '−' ? '-' : '')));

function bugOf(word: string | undefined): Bug | null {
  if (!word) return null;
  const w = word.toLowerCase().replace(/[\s-]/g, '');
  if (w.startsWith('queen') || w === 'bee' || w === 'q') return 'Q';
  if (w === 'beetle' || w === 'b') return 'B';
  if (w === 'spider' || w === 's') return 'S';
  if (w.endsWith('hopper') || w === 'g') return 'G';
  if (w.endsWith('ant') || w === 'ants' || w === 'a') return 'A';
  return null;
}

interface Found {
  end: number;
  action?: HiveAction;
  /** A piece named in a move, to check against the board. */
  named?: Bug | null;
  error?: string;
}

function findAll(text: string): Found[] {
  const out: Found[] = [];
  for (const m of text.matchAll(PLACE)) {
    const bug = bugOf(m[2]);
    out.push(
      bug
        ? { end: m.index + m[0].length, action: { type: 'place', bug, to: { q: num(m[3]!), r: num(m[4]!) } } }
        : { end: m.index + m[0].length, error: `"${m[2]}" is not a bug` },
    );
  }
  for (const m of text.matchAll(MOVE)) {
    out.push({
      end: m.index + m[0].length,
      named: bugOf(m[2]),
      action: { type: 'move', from: { q: num(m[3]!), r: num(m[4]!) }, to: { q: num(m[5]!), r: num(m[6]!) } },
    });
  }
  for (const m of text.matchAll(GB_PLACE)) {
    const bug = bugOf(m[3]);
    if (bug)
      out.push({ end: m.index + m[0].length, action: { type: 'place', bug, to: { q: num(m[1]!), r: num(m[2]!) } } });
  }
  for (const m of text.matchAll(GB_MOVE)) {
    out.push({
      end: m.index + m[0].length,
      action: { type: 'move', from: { q: num(m[1]!), r: num(m[2]!) }, to: { q: num(m[3]!), r: num(m[4]!) } },
    });
  }
  for (const m of text.matchAll(PASS)) out.push({ end: m.index + m[0].length, action: { type: 'pass' } });
  return out;
}

/**
 * Reads the move from a reply: the last `place …`, `move …` or `pass` written (GameBench's `place_(q,r)_Bug` and
 * `move_(q,r)_(q,r)` too); failing those, the last `(q,r) to (q,r)`. A move naming a bug that is not on top of its
 * starting hex is refused with what is there.
 */
/**
 * A legal move's text, remembered per view and action: every reply to a turn is read against all its ~100 legal moves
 * (and the conformance suite reads one reply per legal move), so each is written once a turn.
 */
const listedTexts = new WeakMap<HiveView, WeakMap<HiveAction, string>>();
function listedText(a: HiveAction, seat: Seat, v?: HiveView): string {
  if (!v) return format(a, seat, v);
  let memo = listedTexts.get(v);
  if (!memo) listedTexts.set(v, (memo = new WeakMap()));
  let text = memo.get(a);
  if (text === undefined) memo.set(a, (text = format(a, seat, v)));
  return text;
}

function parse(reply: string, seat: Seat, legal: HiveAction[] | null, v?: HiveView): ParseResult<HiveAction> {
  // The moves as listed, however the reply wraps them (lib/engine/reply-reader.ts); the forms below for the rest.
  const read = readReply(reply, legal, (a) => listedText(a, seat, v));
  if (read) return { action: read.action };
  const hint = () => {
    const examples = (legal ?? [])
      .filter((a, i, all) => i === 0 || a.type !== all[i - 1]!.type)
      .slice(0, 2)
      .map((a) => `"${format(a, seat, v)}"`);
    return examples.length
      ? `for example ${examples.join(' or ')}`
      : 'for example "place Ant at (1,0)" or "move Ant (0,0) to (2,-1)"';
  };
  // The exact answer as the list writes it (most replies), then anything else.
  let found: Found | undefined = exact(reply.trim());
  if (!found) {
    // Markdown (bold, code, escapes) carries no meaning; arrows and unicode minus signs do.
    const text = reply.replace(/[*`\\]/g, ' ').replace(/−/g, '-');
    found = findAll(text)
      .sort((a, b) => a.end - b.end)
      .at(-1);
    if (!found) {
      const bare = [...text.matchAll(BARE_MOVE)].at(-1);
      if (bare)
        found = {
          end: 0,
          action: {
            type: 'move',
            from: { q: num(bare[1]!), r: num(bare[2]!) },
            to: { q: num(bare[3]!), r: num(bare[4]!) },
          },
        };
    }
  }
  if (!found)
    return {
      error: `Could not find a move in your reply. Answer with one move written as in the list of legal moves, ${hint()}.`,
    };
  if (found.error)
    return { error: `${found.error}: the bugs are Queen, Beetle, Spider, Grasshopper and Ant. Answer ${hint()}.` };
  const action = found.action!;
  if (action.type === 'move' && found.named && v) {
    const top = v.stacks.find((st) => st.q === action.from.q && st.r === action.from.r)?.pieces.at(-1);
    if (top && top.bug !== found.named) {
      return {
        error: `There is a ${pieceText(top.seat, top.bug)}, not a ${BUG_NAMES[found.named]}, on top at ${hexText(action.from)}. Answer ${hint()}.`,
      };
    }
  }
  return { action };
}

const EXACT =
  /^(?:place (Queen|Beetle|Spider|Grasshopper|Ant) at \((-?\d+),(-?\d+)\)|move (?:(Queen|Beetle|Spider|Grasshopper|Ant) )?\((-?\d+),(-?\d+)\) to \((-?\d+),(-?\d+)\)|(pass))$/;

/** The reply when it is exactly an answer as `format` writes it. */
function exact(reply: string): Found | undefined {
  const m = EXACT.exec(reply);
  if (!m) return undefined;
  if (m[9]) return { end: 0, action: { type: 'pass' } };
  if (m[1]) return { end: 0, action: { type: 'place', bug: bugOf(m[1])!, to: { q: Number(m[2]), r: Number(m[3]) } } };
  return {
    end: 0,
    named: bugOf(m[4]),
    action: { type: 'move', from: { q: Number(m[5]), r: Number(m[6]) }, to: { q: Number(m[7]), r: Number(m[8]) } },
  };
}

export const prompt: GamePrompt<HiveState, HiveAction, HiveConfig, HiveView> = { system, turn, parse, format };

/** The example's final position and outcome, for tests. */
export const exampleResult = () => ({
  state: EXAMPLE_STATES.at(-1)!,
  outcome: outcome(EXAMPLE_STATES.at(-1)!),
  queens: [0, 1].map((s) => queenOf(EXAMPLE_STATES.at(-1)!, s)),
});
