// The Santorini game definition (server-safe: no React).
import { defineGame } from '../../lib/engine/define-game';
import { santoriniEngine } from './engine';
import { gamebenchTurn } from './gamebench';
import { GAMEBENCH_RULES, prompt } from './prompt';
import * as rules from './rules';

export const santorini = defineGame({
  id: 'santorini',
  version: 1,
  reducer: rules,
  publicInformation: 'a perfect-information game: no cards or dice; every viewer sees the board and every pawn',
  prompt,
  engine: santoriniEngine,
  meta: {
    title: 'Santorini',
    blurb:
      'Move a pawn and build a block each turn on a 5×5 board, and be first to climb onto a level-3 tower: tests reading heights and looking ahead.',
    minPlayers: 2,
    maxPlayers: 2,
    info: 'perfect',
    chance: false,
    // GameBench's Table 1 lists SN under Abstract Strategy only.
    // Its id in GameBench's results files (imported datasets).
    gamebenchId: 'santorini',
    categories: ['abstract-strategy'],
    seatNames: [...rules.SEAT_NAMES],
    humanMoveSeconds: 90,
  },
  // The turn as GameBench's code showed it: its rules text, observation and action menus (gamebench.ts).
  gamebench: gamebenchTurn,
  rules: {
    // GameBench's rules text (appendix G, santorini.py), verbatim. It withholds no bullets for Santorini, so the topics
    // are the arena's: how it writes squares and answers, and what the paper leaves to the implementation.
    summary: GAMEBENCH_RULES,
    topics: {
      Coordinates:
        'Squares are named like a chessboard: files a-e from left to right, ranks 1-5 from bottom to top (a5 is the top-left corner, e1 the bottom-right). The text board shows rank 5 first; each square is two characters, its level 0-4 then the pawn on it (A, B, X or Y) or "." for none.',
      'Pawn Order':
        'Player 1 has pawns A and B, Player 2 has X and Y. The pawns take turns in the order A, X, B, Y: each is placed on a free square in that order, then each moves and builds in that order, again and again. A player never chooses which pawn to play (GameBench’s rule).',
      Moving:
        'The turn’s pawn moves to one of the up to 8 neighbouring squares: not onto another pawn, not onto level 4 (a dome), and at most one level up (any number down). Moving onto level 3 wins at once, and nothing is built after it.',
      Building:
        'After moving, the pawn builds one block on a neighbouring square of where it now stands that has no pawn on it (the square it just left counts as free). A block raises the square one level; a square at level 4 is complete (a dome): nothing moves onto it or builds on it.',
      'Cannot Finish a Turn':
        'If the pawn whose turn it is has no square to move to, its player cannot finish the turn and loses, even if the other pawn could move (GameBench ends the match there). A pawn that can move can always build, at least on the square it left.',
      'answer-format':
        'Models answer with one move as the list of legal moves writes it: "Place A at c3" while placing, "Move A to c4, build d5" for a turn, "Move A to d4" for a winning move onto level 3. Reasoning first is fine: the last move written counts. JSON ({"pawn": "A", "move": "c4", "build": "d5"}) and GameBench’s "Move north, build southeast" (directions from the pawn, north = up the board) are read too.',
      Scoring:
        'The winner scores 1 and the loser 0, as in GameBench; Santorini has no draws, and every game ends (each turn adds a block, and the board holds at most 100).',
      strategy:
        'Height is power: a pawn on level 2 next to a free level-3 square wins on its next turn unless that square is domed or taken. The engine baseline searches three turns ahead with alpha-beta (this turn, the reply, the next own turn), valuing the pawns’ heights and the heights they can reach.',
    },
  },
});
