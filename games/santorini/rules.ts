// Santorini rules: the state, the actions and the pure reducer (placement, alternating pawns, moving up at most one
// level, building, domes, winning on level 3, losing when the turn's pawn cannot move).
//
// Sources: GameBench (Costarelli et al. 2024), appendix G's Santorini rules (the text shown to models, in index.ts as
// the summary; Santorini has no withheld bullets), appendix F ("The winning agent is awarded 1 point"), and its
// implementation, games/santorini/santorini.py of Joshuaclymer/GameBench with the library it plays on, santorinai
// 1.3.3 (Tomansion/SantorinAI at ba20832, santorinai/board.py). Facts taken from them:
// - Pawns and order (santorini.py `pawn_letter`, board.py `Board.__init__`): Player 1 has pawns A and B, Player 2 has
//   X and Y; the pawns take turns in the cycle A, X, B, Y. Placement follows the same cycle (santorini.py `play`:
//   `for i in range(2): for agent in agents`): Player 1 places A, Player 2 X, Player 1 B, Player 2 Y, each on any
//   free square (board.py `get_possible_movement_positions` for an unplaced pawn; every square is level 0 then).
//   Then Player 1 plays A, Player 2 X, Player 1 B, Player 2 Y, A again… The player never chooses the pawn.
// - Moving (board.py `is_move_possible`): to one of the 8 neighbouring squares, not occupied, not level 4, at most one
//   level higher (down any number). Building (`is_build_possible`): on a neighbour of the moved pawn's new square, not
//   occupied, below level 4; a block raises it one level; level 4 is complete (a dome).
// - Winning (board.py `play_move`): a pawn that moves onto level 3 wins at once and builds nothing. A player whose
//   pawn for the turn has no move loses (santorini.py `play`: no available action → "ran out of options and loses",
//   scores 0 / 1), even when the other pawn could move: a move always leaves at least one build (the square just left),
//   so "cannot complete a turn" is "the turn's pawn cannot move".
// - Scores (santorini.py `play`, matches.json): 1 for the winner, 0 for the loser; there are no draws. The game always
//   ends: every turn adds a block and the board holds at most 100.
//
// Deviations, each with its reason:
// - Coordinates and answers. GameBench lists placements as 0-based (row, column) tuples from the top-left ("(2, 3)")
//   and turns as compass directions relative to the pawn ("Move north, build southeast"). Here squares are named like
//   a chessboard, files a-e left to right and ranks 1-5 bottom to top ("c3"), the same names on the text board, the
//   clickable board, the log and the answers: "Place A at c3", "Move A to c4, build d5". The parser also reads
//   GameBench's "Move north, build southeast" when it is given the view (it needs the pawn's square).
// - One action per turn (the pawn, the square it moves to and the square it builds on), as GameBench's action ids
//   are ("Move north, build southeast"): a turn is one answer for a model, so `Legal moves:` lists every complete
//   turn (at most 8 × 8 = 64 lines) and the simulated endpoint can pick one; a turn is never left half-played on the
//   server (a forfeited or timed-out turn plays a whole one); the board composes the action from two clicks (the move
//   target, then the build target) and sends it once.
// - A winning move (onto level 3) lists no build ("Move A to d4"); a build written with it is accepted and ignored, as
//   santorinai ignores it.
// - An invalid answer is refused with the reason and asked again (the arena's retry policy), then a random legal move
//   is played; GameBench silently replaced it with a random legal move at once.
import { z } from 'zod';
import { seatName, type LogLine, type Outcome, type Seat } from '../../lib/engine/types';

export const SIZE = 5;
export const FILES = 'abcde';
/** Pawn letters in the order they are placed and play: Player 1's A, Player 2's X, Player 1's B, Player 2's Y. */
export const PAWNS = ['A', 'X', 'B', 'Y'] as const;
export type Pawn = (typeof PAWNS)[number];
/** Seat names, as GameBench's prompts name the players. */
export const SEAT_NAMES = ['Player 1', 'Player 2'] as const;
/** The seat owning a pawn: A and B are seat 0's, X and Y seat 1's. */
export const ownerOf = (p: Pawn): Seat => PAWNS.indexOf(p) % 2;
export const pawnsOf = (seat: Seat): Pawn[] => PAWNS.filter((p) => ownerOf(p) === seat);
/** A complete tower: nothing moves onto it or builds on it. */
export const DOME = 4;
/** Moving onto this level wins. */
export const WIN_LEVEL = 3;

/** A square's name: file a-e (left to right), rank 1-5 (bottom to top), e.g. "c3". */
export type Square = string;
const SQUARE = /^[a-e][1-5]$/;
export const isSquare = (s: string): boolean => SQUARE.test(s);
/** Index 0-24 of a square: row-major from the top-left (a5 = 0, e5 = 4, a1 = 20, e1 = 24). */
export const indexOf = (sq: Square): number => (SIZE - Number(sq[1])) * SIZE + FILES.indexOf(sq[0]!);
export const squareAt = (i: number): Square => `${FILES[i % SIZE]}${SIZE - Math.floor(i / SIZE)}`;
/** The 8 neighbours of each square index. */
export const NEIGHBOURS: readonly (readonly number[])[] = Array.from({ length: SIZE * SIZE }, (_, i) => {
  const r = Math.floor(i / SIZE);
  const c = i % SIZE;
  const out: number[] = [];
  for (let dr = -1; dr <= 1; dr++) {
    for (let dc = -1; dc <= 1; dc++) {
      const rr = r + dr;
      const cc = c + dc;
      if ((dr || dc) && rr >= 0 && rr < SIZE && cc >= 0 && cc < SIZE) out.push(rr * SIZE + cc);
    }
  }
  return out;
});
export const adjacent = (a: number, b: number): boolean => NEIGHBOURS[a]!.includes(b);

export const configSchema = z.object({}).strict();
export type SantoriniConfig = z.infer<typeof configSchema>;

const pawnSchema = z.enum(PAWNS);
export const actionSchema = z.discriminatedUnion('type', [
  /** Placement phase: put the pawn on a free square. */
  z.object({ type: z.literal('place'), pawn: pawnSchema, at: z.string() }).strict(),
  /** A turn: move the pawn one square, then build next to where it stands (no build after a winning move: null). */
  z.object({ type: z.literal('turn'), pawn: pawnSchema, to: z.string(), build: z.string().nullable() }).strict(),
]);
export type SantoriniAction = z.infer<typeof actionSchema>;
export type PlaceAction = Extract<SantoriniAction, { type: 'place' }>;
export type TurnAction = Extract<SantoriniAction, { type: 'turn' }>;

/** The most recent move, for the log, the text board and highlighting. */
export type LastMove = { pawn: Pawn; placed: Square } | { pawn: Pawn; from: Square; to: Square; build: Square | null };

export interface SantoriniState {
  /** Level 0-4 of each square, by index (row-major from the top-left, see `indexOf`). */
  levels: number[];
  /** Where each pawn stands (A, X, B, Y), null until placed. */
  pawns: Record<Pawn, Square | null>;
  /** Moves made so far, placements included: the pawn to play is PAWNS[ply % 4], its owner seat ply % 2. */
  ply: number;
  last: LastMove | null;
}

/** What every viewer sees (the game has no hidden information). */
export interface SantoriniView {
  /** Levels by row, top row (rank 5) first: levels[row][col], col 0 = file a. */
  levels: number[][];
  pawns: Record<Pawn, Square | null>;
  phase: 'placement' | 'play' | 'over';
  /** Seat to move and its pawn for this turn, null when the game is over. */
  toMove: Seat | null;
  pawnToMove: Pawn | null;
  /** Turns played after placement (0 during placement). */
  turn: number;
  last: LastMove | null;
  winner: Seat | null;
  result: string | null;
}

export function setup(): SantoriniState {
  return {
    levels: Array<number>(SIZE * SIZE).fill(0),
    pawns: { A: null, X: null, B: null, Y: null },
    ply: 0,
    last: null,
  };
}

export const pawnToPlay = (ply: number): Pawn => PAWNS[ply % PAWNS.length]!;
export const isPlacement = (s: { ply: number }): boolean => s.ply < PAWNS.length;

/** The pawn on a square index, if any. */
export function pawnAt(pawns: Record<Pawn, Square | null>, i: number): Pawn | null {
  for (const p of PAWNS) if (pawns[p] !== null && indexOf(pawns[p]!) === i) return p;
  return null;
}

/** Squares (indices) the pawn can move to from `from`. */
export function moveTargets(s: SantoriniState, pawn: Pawn): number[] {
  const at = s.pawns[pawn];
  if (at === null) return [];
  const from = indexOf(at);
  const h = s.levels[from]!;
  return NEIGHBOURS[from]!.filter((n) => s.levels[n]! < DOME && s.levels[n]! <= h + 1 && pawnAt(s.pawns, n) === null);
}

/** Squares the pawn can build on after moving from `from` to `to` (the square it left is free then). */
export function buildTargets(s: SantoriniState, pawn: Pawn, to: number): number[] {
  return NEIGHBOURS[to]!.filter((n) => {
    if (s.levels[n]! >= DOME) return false;
    const on = pawnAt(s.pawns, n);
    return on === null || on === pawn;
  });
}

export function outcome(s: SantoriniState): Outcome | null {
  for (const p of PAWNS) {
    const at = s.pawns[p];
    if (at !== null && s.levels[indexOf(at)] === WIN_LEVEL) {
      const winner = ownerOf(p);
      return {
        scores: [0, 1].map((seat) => (seat === winner ? 1 : 0)),
        winner,
        reason: `${seatName(SEAT_NAMES, winner)}'s pawn ${p} climbs onto level 3 at ${at}`,
      };
    }
  }
  if (isPlacement(s)) return null;
  const pawn = pawnToPlay(s.ply);
  if (moveTargets(s, pawn).length > 0) return null;
  const loser = ownerOf(pawn);
  const winner = 1 - loser;
  return {
    scores: [0, 1].map((seat) => (seat === winner ? 1 : 0)),
    winner,
    reason: `${seatName(SEAT_NAMES, loser)} cannot complete a turn: pawn ${pawn} at ${s.pawns[pawn]}, whose turn it is, has no square to move to, so ${seatName(SEAT_NAMES, winner)} wins`,
  };
}

export function activeSeats(s: SantoriniState): Seat[] {
  return outcome(s) ? [] : [s.ply % 2];
}

export function legalActions(s: SantoriniState, seat: Seat): SantoriniAction[] {
  if (!activeSeats(s).includes(seat)) return [];
  const pawn = pawnToPlay(s.ply);
  if (isPlacement(s)) {
    const out: SantoriniAction[] = [];
    for (let i = 0; i < SIZE * SIZE; i++)
      if (pawnAt(s.pawns, i) === null && s.levels[i]! < DOME) out.push({ type: 'place', pawn, at: squareAt(i) });
    return out;
  }
  const out: SantoriniAction[] = [];
  for (const to of moveTargets(s, pawn)) {
    if (s.levels[to] === WIN_LEVEL) out.push({ type: 'turn', pawn, to: squareAt(to), build: null });
    else
      for (const b of buildTargets(s, pawn, to)) out.push({ type: 'turn', pawn, to: squareAt(to), build: squareAt(b) });
  }
  return out;
}

const squareHelp = (sq: string) =>
  `"${sq}" is not a square: name a square by its file a-e (left to right) and rank 1-5 (bottom to top), e.g. c3`;

export function reject(s: SantoriniState, seat: Seat, a: SantoriniAction): string | null {
  const pawn = pawnToPlay(s.ply);
  if (ownerOf(a.pawn) !== seat) return `${a.pawn} is not your pawn: you play ${pawnsOf(seat).join(' and ')}`;
  if (a.pawn !== pawn) return `pawns alternate: this turn you play pawn ${pawn}, not ${a.pawn}`;
  if (isPlacement(s)) {
    if (a.type !== 'place')
      return `the pawns are still being placed: put pawn ${pawn} on a free square, e.g. "Place ${pawn} at c3"`;
    if (!isSquare(a.at)) return squareHelp(a.at);
    const on = pawnAt(s.pawns, indexOf(a.at));
    if (on) return `${a.at} is taken by pawn ${on}: place ${pawn} on a free square`;
    return null;
  }
  if (a.type !== 'turn')
    return `every pawn is placed: move pawn ${pawn} and build, e.g. "Move ${pawn} to c4, build d5"`;
  if (!isSquare(a.to)) return squareHelp(a.to);
  const fromSq = s.pawns[pawn]!;
  const from = indexOf(fromSq);
  const to = indexOf(a.to);
  const h = s.levels[from]!;
  if (to === from) return `pawn ${pawn} already stands on ${a.to}: it must move to a neighbouring square`;
  if (!adjacent(from, to))
    return `${a.to} is not next to pawn ${pawn} at ${fromSq}: a pawn moves one square, in any of the 8 directions`;
  const blocker = pawnAt(s.pawns, to);
  if (blocker) return `${a.to} is occupied by pawn ${blocker}`;
  if (s.levels[to]! >= DOME) return `${a.to} is complete (level 4, a dome): no pawn may move onto it`;
  if (s.levels[to]! > h + 1)
    return `${a.to} is level ${s.levels[to]} and pawn ${pawn} stands on level ${h} at ${fromSq}: a pawn moves up at most one level`;
  if (s.levels[to] === WIN_LEVEL) return null; // a winning move: nothing is built
  if (a.build === null)
    return `say where pawn ${pawn} builds after moving to ${a.to}: a free square next to it, e.g. "Move ${pawn} to ${a.to}, build ${squareAt(buildTargets(s, pawn, to)[0]!)}"`;
  if (!isSquare(a.build)) return squareHelp(a.build);
  const b = indexOf(a.build);
  if (b === to) return `pawn ${pawn} will stand on ${a.to}: build on a square next to it`;
  if (!adjacent(to, b))
    return `${a.build} is not next to ${a.to}, where pawn ${pawn} moves: build on a square next to its new square`;
  const on = pawnAt(s.pawns, b);
  if (on && on !== pawn) return `${a.build} is occupied by pawn ${on}: no block may go under a pawn`;
  if (s.levels[b]! >= DOME) return `${a.build} is complete (level 4, a dome): no block may go on it`;
  return null;
}

/** Plays an action `reject` accepted. */
export function apply(s: SantoriniState, _seat: Seat, a: SantoriniAction): SantoriniState {
  if (a.type === 'place')
    return {
      levels: s.levels.slice(),
      pawns: { ...s.pawns, [a.pawn]: a.at },
      ply: s.ply + 1,
      last: { pawn: a.pawn, placed: a.at },
    };
  const levels = s.levels.slice();
  const from = s.pawns[a.pawn]!;
  const wins = levels[indexOf(a.to)] === WIN_LEVEL;
  const build = wins ? null : a.build;
  if (build !== null) levels[indexOf(build)] = levels[indexOf(build)]! + 1;
  return {
    levels,
    pawns: { ...s.pawns, [a.pawn]: a.to },
    ply: s.ply + 1,
    last: { pawn: a.pawn, from, to: a.to, build },
  };
}

export function view(s: SantoriniState): SantoriniView {
  const result = outcome(s);
  return {
    levels: Array.from({ length: SIZE }, (_, r) => s.levels.slice(r * SIZE, r * SIZE + SIZE)),
    pawns: { ...s.pawns },
    phase: result ? 'over' : isPlacement(s) ? 'placement' : 'play',
    toMove: result ? null : s.ply % 2,
    pawnToMove: result ? null : pawnToPlay(s.ply),
    turn: Math.max(0, s.ply - PAWNS.length),
    last: s.last ? { ...s.last } : null,
    winner: result ? (result.winner ?? null) : null,
    result: result?.reason ?? null,
  };
}

export function describe(_prev: SantoriniState, next: SantoriniState, seat: Seat, a: SantoriniAction): LogLine[] {
  const who = seatName(SEAT_NAMES, seat);
  if (a.type === 'place') return [{ text: `${who} places ${a.pawn} at ${a.at}` }];
  const last = next.last;
  const from = last && 'from' in last ? last.from : '?';
  const level = next.levels[indexOf(a.to)];
  if (level === WIN_LEVEL) return [{ text: `${who} moves ${a.pawn} from ${from} to ${a.to}, onto level 3, and wins` }];
  const built = last && 'build' in last && last.build ? last.build : a.build!;
  const height = next.levels[indexOf(built)]!;
  return [
    {
      text: `${who} moves ${a.pawn} from ${from} to ${a.to} (level ${level}) and builds on ${built} (now ${height === DOME ? 'a dome, level 4' : `level ${height}`})`,
    },
  ];
}
