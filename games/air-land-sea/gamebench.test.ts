// Air, Land and Sea's `gamebench` hook (gamebench.ts): GameBench's observation text and numeric menus for a real
// battle, equal to what GameBench's own code prints for it (its ability menus included); every id it lists resolving to
// a move the rules accept, every legal move reachable; and GameBench's random baseline over these menus
// (gamebenchRandomAction) against their code's random-vs-random figures.
import { describe, expect, it } from 'vitest';
import { gamebenchRandomAction } from '../../lib/engine/gamebench-random';
import type { GameBenchTurn } from '../../lib/engine/gamebench-turn';
import { createRng } from '../../lib/engine/rng';
import { airLandSea } from '.';
import { GAMEBENCH_RULES_TEXT } from './gamebench';
import {
  actionKey,
  activeSeats,
  apply,
  configSchema,
  legalActions,
  outcome,
  reject,
  setup,
  startWith,
  view,
  type AlsAction,
  type AlsState,
  type CardId,
} from './rules';

const cfg = configSchema.parse({});
const turnOf = (s: AlsState, seat: number): GameBenchTurn =>
  airLandSea.gamebench!(view(s, { seat }), seat, legalActions(s, seat), cfg);

interface Printed {
  seat: number;
  observation: string;
  instructions: string;
  predefined: [string, string][];
}

// Printed by GameBench's own code: `GAMEBENCH_DIR=/tmp/GameBench python3 games/air-land-sea/gamebench-reference.py
// '<IDS as JSON>'` (their games/air_land_sea at HEAD, unchanged: one battle from the hands, theater order and deck
// below, Player 1 the 1st commander, each agent a scripted one answering the ids in turn; each entry is what one
// `take_action` call received, the ability menus included). The moves: Aerodrome to Air; Heavy Bombers facedown to
// Land; Heavy Tanks facedown to Sea; Escalation; Transport, moving the facedown Heavy Tanks to Land; Reinforce, its
// drawn Super Battleship facedown to Air; Maneuver, flipping that card face up; Ambush, flipping Maneuver facedown;
// Redeploy, returning Heavy Tanks and playing it to Land; Cover Fire; then Player 1's menu.
const IDS = ['2', '14', '17', '1', '1', '1', '1', '0', '0', '1', '0', '0', '1', '0', '1', '0'];
const HANDS: CardId[][] = [
  ['L3', 'S1', 'A4', 'L6', 'A1', 'S4'],
  ['L2', 'S2', 'A6', 'L1', 'L4', 'A3'],
];
const DECK: CardId[] = ['S6', 'A2', 'A5', 'L5', 'S3', 'S5'];
const GAMEBENCH_PRINTED: Printed[] = [
  {
    seat: 0,
    observation:
      "\n----- Player 1's action -----\nCurrent Hand: \n  Maneuver (3, Land, Instant: Flip an uncovered card in an adjacent theater)\n  Transport (1, Sea, Instant: You may move 1 of your cards to a different theater)\n  Aerodrome (4, Air, Ongoing: You may play cards of strength 3 or less to non-matching theaters)\n  Heavy Tanks (6, Land)\n  Support (1, Air, Ongoing: You gain +3 strength in each adjacent theater)\n  Redeploy (4, Sea, Instant: You may return 1 of your facedown cards to your hand. If you do, play a card)\nCurrent Supreme Commander: 1st\nCurrent Victory Points: 0\nCurrent Hand Size: 6\nCurrent Opponent Hand Size: 6\nCurrent Board: \nLand Theater:\nPlayer 1: []\nPlayer 2: []\nAir Theater:\nPlayer 1: []\nPlayer 2: []\nSea Theater:\nPlayer 1: []\nPlayer 2: []\n",
    instructions: 'Select a card from your hand to play to a theater',
    predefined: [
      ['0', 'Play Maneuver (3, Land, Instant: Flip an uncovered card in an adjacent theater) faceup to Land. Deploy.'],
      [
        '1',
        'Play Transport (1, Sea, Instant: You may move 1 of your cards to a different theater) faceup to Sea. Deploy.',
      ],
      [
        '2',
        'Play Aerodrome (4, Air, Ongoing: You may play cards of strength 3 or less to non-matching theaters) faceup to Air. Deploy.',
      ],
      ['3', 'Play Heavy Tanks (6, Land) faceup to Land. Deploy.'],
      ['4', 'Play Support (1, Air, Ongoing: You gain +3 strength in each adjacent theater) faceup to Air. Deploy.'],
      [
        '5',
        'Play Redeploy (4, Sea, Instant: You may return 1 of your facedown cards to your hand. If you do, play a card) faceup to Sea. Deploy.',
      ],
      [
        '6',
        'Play Maneuver (3, Land, Instant: Flip an uncovered card in an adjacent theater) facedown to Air. Improvise.',
      ],
      [
        '7',
        'Play Transport (1, Sea, Instant: You may move 1 of your cards to a different theater) facedown to Air. Improvise.',
      ],
      [
        '8',
        'Play Aerodrome (4, Air, Ongoing: You may play cards of strength 3 or less to non-matching theaters) facedown to Air. Improvise.',
      ],
      ['9', 'Play Heavy Tanks (6, Land) facedown to Air. Improvise.'],
      [
        '10',
        'Play Support (1, Air, Ongoing: You gain +3 strength in each adjacent theater) facedown to Air. Improvise.',
      ],
      [
        '11',
        'Play Redeploy (4, Sea, Instant: You may return 1 of your facedown cards to your hand. If you do, play a card) facedown to Air. Improvise.',
      ],
      [
        '12',
        'Play Maneuver (3, Land, Instant: Flip an uncovered card in an adjacent theater) facedown to Land. Improvise.',
      ],
      [
        '13',
        'Play Transport (1, Sea, Instant: You may move 1 of your cards to a different theater) facedown to Land. Improvise.',
      ],
      [
        '14',
        'Play Aerodrome (4, Air, Ongoing: You may play cards of strength 3 or less to non-matching theaters) facedown to Land. Improvise.',
      ],
      ['15', 'Play Heavy Tanks (6, Land) facedown to Land. Improvise.'],
      [
        '16',
        'Play Support (1, Air, Ongoing: You gain +3 strength in each adjacent theater) facedown to Land. Improvise.',
      ],
      [
        '17',
        'Play Redeploy (4, Sea, Instant: You may return 1 of your facedown cards to your hand. If you do, play a card) facedown to Land. Improvise.',
      ],
      [
        '18',
        'Play Maneuver (3, Land, Instant: Flip an uncovered card in an adjacent theater) facedown to Sea. Improvise.',
      ],
      [
        '19',
        'Play Transport (1, Sea, Instant: You may move 1 of your cards to a different theater) facedown to Sea. Improvise.',
      ],
      [
        '20',
        'Play Aerodrome (4, Air, Ongoing: You may play cards of strength 3 or less to non-matching theaters) facedown to Sea. Improvise.',
      ],
      ['21', 'Play Heavy Tanks (6, Land) facedown to Sea. Improvise.'],
      [
        '22',
        'Play Support (1, Air, Ongoing: You gain +3 strength in each adjacent theater) facedown to Sea. Improvise.',
      ],
      [
        '23',
        'Play Redeploy (4, Sea, Instant: You may return 1 of your facedown cards to your hand. If you do, play a card) facedown to Sea. Improvise.',
      ],
      ['24', 'Withdraw from the battle. Opponent scores VPs based on the number of cards left in your hand.'],
    ],
  },
  {
    seat: 1,
    observation:
      "\n----- Player 2's action -----\nCurrent Hand: \n  Ambush (2, Land, Instant: Flip any uncovered card)\n  Escalation (2, Sea, Ongoing: All your facedown cards are now strength 4)\n  Heavy Bombers (6, Air)\n  Reinforce (1, Land, Instant: Draw 1 card and play it facedown to an adjacent theater)\n  Cover Fire (4, Land, Ongoing: All cards covered by this card are now strength 4)\n  Maneuver (3, Air, Instant: Flip an uncovered card in an adjacent theater)\nCurrent Supreme Commander: 2nd\nCurrent Victory Points: 0\nCurrent Hand Size: 6\nCurrent Opponent Hand Size: 5\nCurrent Board: \nLand Theater:\nPlayer 1: []\nPlayer 2: []\nAir Theater:\nPlayer 1: [Aerodrome (4, Air, Ongoing: You may play cards of strength 3 or less to non-matching theaters, uncovered)]\nPlayer 2: []\nSea Theater:\nPlayer 1: []\nPlayer 2: []\n",
    instructions: 'Select a card from your hand to play to a theater',
    predefined: [
      ['0', 'Play Ambush (2, Land, Instant: Flip any uncovered card) faceup to Land. Deploy.'],
      ['1', 'Play Escalation (2, Sea, Ongoing: All your facedown cards are now strength 4) faceup to Sea. Deploy.'],
      ['2', 'Play Heavy Bombers (6, Air) faceup to Air. Deploy.'],
      [
        '3',
        'Play Reinforce (1, Land, Instant: Draw 1 card and play it facedown to an adjacent theater) faceup to Land. Deploy.',
      ],
      [
        '4',
        'Play Cover Fire (4, Land, Ongoing: All cards covered by this card are now strength 4) faceup to Land. Deploy.',
      ],
      ['5', 'Play Maneuver (3, Air, Instant: Flip an uncovered card in an adjacent theater) faceup to Air. Deploy.'],
      ['6', 'Play Ambush (2, Land, Instant: Flip any uncovered card) facedown to Air. Improvise.'],
      [
        '7',
        'Play Escalation (2, Sea, Ongoing: All your facedown cards are now strength 4) facedown to Air. Improvise.',
      ],
      ['8', 'Play Heavy Bombers (6, Air) facedown to Air. Improvise.'],
      [
        '9',
        'Play Reinforce (1, Land, Instant: Draw 1 card and play it facedown to an adjacent theater) facedown to Air. Improvise.',
      ],
      [
        '10',
        'Play Cover Fire (4, Land, Ongoing: All cards covered by this card are now strength 4) facedown to Air. Improvise.',
      ],
      [
        '11',
        'Play Maneuver (3, Air, Instant: Flip an uncovered card in an adjacent theater) facedown to Air. Improvise.',
      ],
      ['12', 'Play Ambush (2, Land, Instant: Flip any uncovered card) facedown to Land. Improvise.'],
      [
        '13',
        'Play Escalation (2, Sea, Ongoing: All your facedown cards are now strength 4) facedown to Land. Improvise.',
      ],
      ['14', 'Play Heavy Bombers (6, Air) facedown to Land. Improvise.'],
      [
        '15',
        'Play Reinforce (1, Land, Instant: Draw 1 card and play it facedown to an adjacent theater) facedown to Land. Improvise.',
      ],
      [
        '16',
        'Play Cover Fire (4, Land, Ongoing: All cards covered by this card are now strength 4) facedown to Land. Improvise.',
      ],
      [
        '17',
        'Play Maneuver (3, Air, Instant: Flip an uncovered card in an adjacent theater) facedown to Land. Improvise.',
      ],
      ['18', 'Play Ambush (2, Land, Instant: Flip any uncovered card) facedown to Sea. Improvise.'],
      [
        '19',
        'Play Escalation (2, Sea, Ongoing: All your facedown cards are now strength 4) facedown to Sea. Improvise.',
      ],
      ['20', 'Play Heavy Bombers (6, Air) facedown to Sea. Improvise.'],
      [
        '21',
        'Play Reinforce (1, Land, Instant: Draw 1 card and play it facedown to an adjacent theater) facedown to Sea. Improvise.',
      ],
      [
        '22',
        'Play Cover Fire (4, Land, Ongoing: All cards covered by this card are now strength 4) facedown to Sea. Improvise.',
      ],
      [
        '23',
        'Play Maneuver (3, Air, Instant: Flip an uncovered card in an adjacent theater) facedown to Sea. Improvise.',
      ],
      ['24', 'Withdraw from the battle. Opponent scores VPs based on the number of cards left in your hand.'],
    ],
  },
  {
    seat: 0,
    observation:
      "\n----- Player 1's action -----\nCurrent Hand: \n  Maneuver (3, Land, Instant: Flip an uncovered card in an adjacent theater)\n  Transport (1, Sea, Instant: You may move 1 of your cards to a different theater)\n  Heavy Tanks (6, Land)\n  Support (1, Air, Ongoing: You gain +3 strength in each adjacent theater)\n  Redeploy (4, Sea, Instant: You may return 1 of your facedown cards to your hand. If you do, play a card)\nCurrent Supreme Commander: 1st\nCurrent Victory Points: 0\nCurrent Hand Size: 5\nCurrent Opponent Hand Size: 5\nCurrent Board: \nLand Theater:\nPlayer 1: []\nPlayer 2: [Facedown (2, uncovered)]\nAir Theater:\nPlayer 1: [Aerodrome (4, Air, Ongoing: You may play cards of strength 3 or less to non-matching theaters, uncovered)]\nPlayer 2: []\nSea Theater:\nPlayer 1: []\nPlayer 2: []\n",
    instructions: 'Select a card from your hand to play to a theater',
    predefined: [
      ['0', 'Play Maneuver (3, Land, Instant: Flip an uncovered card in an adjacent theater) faceup to Land. Deploy.'],
      [
        '1',
        'Play Transport (1, Sea, Instant: You may move 1 of your cards to a different theater) faceup to Sea. Deploy.',
      ],
      ['2', 'Play Heavy Tanks (6, Land) faceup to Land. Deploy.'],
      ['3', 'Play Support (1, Air, Ongoing: You gain +3 strength in each adjacent theater) faceup to Air. Deploy.'],
      [
        '4',
        'Play Redeploy (4, Sea, Instant: You may return 1 of your facedown cards to your hand. If you do, play a card) faceup to Sea. Deploy.',
      ],
      [
        '5',
        'Play Maneuver (3, Land, Instant: Flip an uncovered card in an adjacent theater) facedown to Air. Improvise.',
      ],
      [
        '6',
        'Play Transport (1, Sea, Instant: You may move 1 of your cards to a different theater) facedown to Air. Improvise.',
      ],
      ['7', 'Play Heavy Tanks (6, Land) facedown to Air. Improvise.'],
      [
        '8',
        'Play Support (1, Air, Ongoing: You gain +3 strength in each adjacent theater) facedown to Air. Improvise.',
      ],
      [
        '9',
        'Play Redeploy (4, Sea, Instant: You may return 1 of your facedown cards to your hand. If you do, play a card) facedown to Air. Improvise.',
      ],
      [
        '10',
        'Play Maneuver (3, Land, Instant: Flip an uncovered card in an adjacent theater) facedown to Land. Improvise.',
      ],
      [
        '11',
        'Play Transport (1, Sea, Instant: You may move 1 of your cards to a different theater) facedown to Land. Improvise.',
      ],
      ['12', 'Play Heavy Tanks (6, Land) facedown to Land. Improvise.'],
      [
        '13',
        'Play Support (1, Air, Ongoing: You gain +3 strength in each adjacent theater) facedown to Land. Improvise.',
      ],
      [
        '14',
        'Play Redeploy (4, Sea, Instant: You may return 1 of your facedown cards to your hand. If you do, play a card) facedown to Land. Improvise.',
      ],
      [
        '15',
        'Play Maneuver (3, Land, Instant: Flip an uncovered card in an adjacent theater) facedown to Sea. Improvise.',
      ],
      [
        '16',
        'Play Transport (1, Sea, Instant: You may move 1 of your cards to a different theater) facedown to Sea. Improvise.',
      ],
      ['17', 'Play Heavy Tanks (6, Land) facedown to Sea. Improvise.'],
      [
        '18',
        'Play Support (1, Air, Ongoing: You gain +3 strength in each adjacent theater) facedown to Sea. Improvise.',
      ],
      [
        '19',
        'Play Redeploy (4, Sea, Instant: You may return 1 of your facedown cards to your hand. If you do, play a card) facedown to Sea. Improvise.',
      ],
      ['20', 'Withdraw from the battle. Opponent scores VPs based on the number of cards left in your hand.'],
      ['21', 'Play Maneuver (3, Land, Instant: Flip an uncovered card in an adjacent theater) faceup to Air.'],
      ['22', 'Play Maneuver (3, Land, Instant: Flip an uncovered card in an adjacent theater) faceup to Sea.'],
      ['23', 'Play Transport (1, Sea, Instant: You may move 1 of your cards to a different theater) faceup to Air.'],
      ['24', 'Play Transport (1, Sea, Instant: You may move 1 of your cards to a different theater) faceup to Land.'],
      ['25', 'Play Support (1, Air, Ongoing: You gain +3 strength in each adjacent theater) faceup to Sea.'],
      ['26', 'Play Support (1, Air, Ongoing: You gain +3 strength in each adjacent theater) faceup to Land.'],
    ],
  },
  {
    seat: 1,
    observation:
      "\n----- Player 2's action -----\nCurrent Hand: \n  Ambush (2, Land, Instant: Flip any uncovered card)\n  Escalation (2, Sea, Ongoing: All your facedown cards are now strength 4)\n  Reinforce (1, Land, Instant: Draw 1 card and play it facedown to an adjacent theater)\n  Cover Fire (4, Land, Ongoing: All cards covered by this card are now strength 4)\n  Maneuver (3, Air, Instant: Flip an uncovered card in an adjacent theater)\nCurrent Supreme Commander: 2nd\nCurrent Victory Points: 0\nCurrent Hand Size: 5\nCurrent Opponent Hand Size: 4\nCurrent Board: \nLand Theater:\nPlayer 1: []\nPlayer 2: [Facedown-<Heavy Bombers> (2-<6>, Air, uncovered)]\nAir Theater:\nPlayer 1: [Aerodrome (4, Air, Ongoing: You may play cards of strength 3 or less to non-matching theaters, uncovered)]\nPlayer 2: []\nSea Theater:\nPlayer 1: [Facedown (2, uncovered)]\nPlayer 2: []\n",
    instructions: 'Select a card from your hand to play to a theater',
    predefined: [
      ['0', 'Play Ambush (2, Land, Instant: Flip any uncovered card) faceup to Land. Deploy.'],
      ['1', 'Play Escalation (2, Sea, Ongoing: All your facedown cards are now strength 4) faceup to Sea. Deploy.'],
      [
        '2',
        'Play Reinforce (1, Land, Instant: Draw 1 card and play it facedown to an adjacent theater) faceup to Land. Deploy.',
      ],
      [
        '3',
        'Play Cover Fire (4, Land, Ongoing: All cards covered by this card are now strength 4) faceup to Land. Deploy.',
      ],
      ['4', 'Play Maneuver (3, Air, Instant: Flip an uncovered card in an adjacent theater) faceup to Air. Deploy.'],
      ['5', 'Play Ambush (2, Land, Instant: Flip any uncovered card) facedown to Air. Improvise.'],
      [
        '6',
        'Play Escalation (2, Sea, Ongoing: All your facedown cards are now strength 4) facedown to Air. Improvise.',
      ],
      [
        '7',
        'Play Reinforce (1, Land, Instant: Draw 1 card and play it facedown to an adjacent theater) facedown to Air. Improvise.',
      ],
      [
        '8',
        'Play Cover Fire (4, Land, Ongoing: All cards covered by this card are now strength 4) facedown to Air. Improvise.',
      ],
      [
        '9',
        'Play Maneuver (3, Air, Instant: Flip an uncovered card in an adjacent theater) facedown to Air. Improvise.',
      ],
      ['10', 'Play Ambush (2, Land, Instant: Flip any uncovered card) facedown to Land. Improvise.'],
      [
        '11',
        'Play Escalation (2, Sea, Ongoing: All your facedown cards are now strength 4) facedown to Land. Improvise.',
      ],
      [
        '12',
        'Play Reinforce (1, Land, Instant: Draw 1 card and play it facedown to an adjacent theater) facedown to Land. Improvise.',
      ],
      [
        '13',
        'Play Cover Fire (4, Land, Ongoing: All cards covered by this card are now strength 4) facedown to Land. Improvise.',
      ],
      [
        '14',
        'Play Maneuver (3, Air, Instant: Flip an uncovered card in an adjacent theater) facedown to Land. Improvise.',
      ],
      ['15', 'Play Ambush (2, Land, Instant: Flip any uncovered card) facedown to Sea. Improvise.'],
      [
        '16',
        'Play Escalation (2, Sea, Ongoing: All your facedown cards are now strength 4) facedown to Sea. Improvise.',
      ],
      [
        '17',
        'Play Reinforce (1, Land, Instant: Draw 1 card and play it facedown to an adjacent theater) facedown to Sea. Improvise.',
      ],
      [
        '18',
        'Play Cover Fire (4, Land, Ongoing: All cards covered by this card are now strength 4) facedown to Sea. Improvise.',
      ],
      [
        '19',
        'Play Maneuver (3, Air, Instant: Flip an uncovered card in an adjacent theater) facedown to Sea. Improvise.',
      ],
      ['20', 'Withdraw from the battle. Opponent scores VPs based on the number of cards left in your hand.'],
    ],
  },
  {
    seat: 0,
    observation:
      "\n----- Player 1's action -----\nCurrent Hand: \n  Maneuver (3, Land, Instant: Flip an uncovered card in an adjacent theater)\n  Transport (1, Sea, Instant: You may move 1 of your cards to a different theater)\n  Support (1, Air, Ongoing: You gain +3 strength in each adjacent theater)\n  Redeploy (4, Sea, Instant: You may return 1 of your facedown cards to your hand. If you do, play a card)\nCurrent Supreme Commander: 1st\nCurrent Victory Points: 0\nCurrent Hand Size: 4\nCurrent Opponent Hand Size: 4\nCurrent Board: \nLand Theater:\nPlayer 1: []\nPlayer 2: [Facedown (4, uncovered)]\nAir Theater:\nPlayer 1: [Aerodrome (4, Air, Ongoing: You may play cards of strength 3 or less to non-matching theaters, uncovered)]\nPlayer 2: []\nSea Theater:\nPlayer 1: [Facedown-<Heavy Tanks> (2-<6>, Land, uncovered)]\nPlayer 2: [Escalation (2, Sea, Ongoing: All your facedown cards are now strength 4, uncovered)]\n",
    instructions: 'Select a card from your hand to play to a theater',
    predefined: [
      ['0', 'Play Maneuver (3, Land, Instant: Flip an uncovered card in an adjacent theater) faceup to Land. Deploy.'],
      [
        '1',
        'Play Transport (1, Sea, Instant: You may move 1 of your cards to a different theater) faceup to Sea. Deploy.',
      ],
      ['2', 'Play Support (1, Air, Ongoing: You gain +3 strength in each adjacent theater) faceup to Air. Deploy.'],
      [
        '3',
        'Play Redeploy (4, Sea, Instant: You may return 1 of your facedown cards to your hand. If you do, play a card) faceup to Sea. Deploy.',
      ],
      [
        '4',
        'Play Maneuver (3, Land, Instant: Flip an uncovered card in an adjacent theater) facedown to Air. Improvise.',
      ],
      [
        '5',
        'Play Transport (1, Sea, Instant: You may move 1 of your cards to a different theater) facedown to Air. Improvise.',
      ],
      [
        '6',
        'Play Support (1, Air, Ongoing: You gain +3 strength in each adjacent theater) facedown to Air. Improvise.',
      ],
      [
        '7',
        'Play Redeploy (4, Sea, Instant: You may return 1 of your facedown cards to your hand. If you do, play a card) facedown to Air. Improvise.',
      ],
      [
        '8',
        'Play Maneuver (3, Land, Instant: Flip an uncovered card in an adjacent theater) facedown to Land. Improvise.',
      ],
      [
        '9',
        'Play Transport (1, Sea, Instant: You may move 1 of your cards to a different theater) facedown to Land. Improvise.',
      ],
      [
        '10',
        'Play Support (1, Air, Ongoing: You gain +3 strength in each adjacent theater) facedown to Land. Improvise.',
      ],
      [
        '11',
        'Play Redeploy (4, Sea, Instant: You may return 1 of your facedown cards to your hand. If you do, play a card) facedown to Land. Improvise.',
      ],
      [
        '12',
        'Play Maneuver (3, Land, Instant: Flip an uncovered card in an adjacent theater) facedown to Sea. Improvise.',
      ],
      [
        '13',
        'Play Transport (1, Sea, Instant: You may move 1 of your cards to a different theater) facedown to Sea. Improvise.',
      ],
      [
        '14',
        'Play Support (1, Air, Ongoing: You gain +3 strength in each adjacent theater) facedown to Sea. Improvise.',
      ],
      [
        '15',
        'Play Redeploy (4, Sea, Instant: You may return 1 of your facedown cards to your hand. If you do, play a card) facedown to Sea. Improvise.',
      ],
      ['16', 'Withdraw from the battle. Opponent scores VPs based on the number of cards left in your hand.'],
      ['17', 'Play Maneuver (3, Land, Instant: Flip an uncovered card in an adjacent theater) faceup to Air.'],
      ['18', 'Play Maneuver (3, Land, Instant: Flip an uncovered card in an adjacent theater) faceup to Sea.'],
      ['19', 'Play Transport (1, Sea, Instant: You may move 1 of your cards to a different theater) faceup to Air.'],
      ['20', 'Play Transport (1, Sea, Instant: You may move 1 of your cards to a different theater) faceup to Land.'],
      ['21', 'Play Support (1, Air, Ongoing: You gain +3 strength in each adjacent theater) faceup to Sea.'],
      ['22', 'Play Support (1, Air, Ongoing: You gain +3 strength in each adjacent theater) faceup to Land.'],
    ],
  },
  {
    seat: 0,
    observation:
      "\n----- Player 1's action -----\nCurrent Hand: \n  Maneuver (3, Land, Instant: Flip an uncovered card in an adjacent theater)\n  Support (1, Air, Ongoing: You gain +3 strength in each adjacent theater)\n  Redeploy (4, Sea, Instant: You may return 1 of your facedown cards to your hand. If you do, play a card)\nCurrent Supreme Commander: 1st\nCurrent Victory Points: 0\nCurrent Hand Size: 3\nCurrent Opponent Hand Size: 4\nCurrent Board: \nLand Theater:\nPlayer 1: []\nPlayer 2: [Facedown (4, uncovered)]\nAir Theater:\nPlayer 1: [Aerodrome (4, Air, Ongoing: You may play cards of strength 3 or less to non-matching theaters, uncovered)]\nPlayer 2: []\nSea Theater:\nPlayer 1: [Facedown-<Heavy Tanks> (2-<6>, Land, covered), Transport (1, Sea, Instant: You may move 1 of your cards to a different theater, uncovered)]\nPlayer 2: [Escalation (2, Sea, Ongoing: All your facedown cards are now strength 4, uncovered)]\n",
    instructions: 'Select one of your cards to move to a different theater. You may also choose to not move anything.',
    predefined: [
      [
        '0',
        'Move Aerodrome (4, Air, Ongoing: You may play cards of strength 3 or less to non-matching theaters) in Air to Land.',
      ],
      ['1', 'Move Facedown-<Heavy Tanks> (2-<6>, Land) in Sea to Land.'],
      ['2', 'Move Transport (1, Sea, Instant: You may move 1 of your cards to a different theater) in Sea to Land.'],
      ['3', 'Move Facedown-<Heavy Tanks> (2-<6>, Land) in Sea to Air.'],
      ['4', 'Move Transport (1, Sea, Instant: You may move 1 of your cards to a different theater) in Sea to Air.'],
      [
        '5',
        'Move Aerodrome (4, Air, Ongoing: You may play cards of strength 3 or less to non-matching theaters) in Air to Sea.',
      ],
      ['6', 'Do not move any cards.'],
    ],
  },
  {
    seat: 1,
    observation:
      "\n----- Player 2's action -----\nCurrent Hand: \n  Ambush (2, Land, Instant: Flip any uncovered card)\n  Reinforce (1, Land, Instant: Draw 1 card and play it facedown to an adjacent theater)\n  Cover Fire (4, Land, Ongoing: All cards covered by this card are now strength 4)\n  Maneuver (3, Air, Instant: Flip an uncovered card in an adjacent theater)\nCurrent Supreme Commander: 2nd\nCurrent Victory Points: 0\nCurrent Hand Size: 4\nCurrent Opponent Hand Size: 3\nCurrent Board: \nLand Theater:\nPlayer 1: [Facedown (2, uncovered)]\nPlayer 2: [Facedown-<Heavy Bombers> (4-<6>, Air, uncovered)]\nAir Theater:\nPlayer 1: [Aerodrome (4, Air, Ongoing: You may play cards of strength 3 or less to non-matching theaters, uncovered)]\nPlayer 2: []\nSea Theater:\nPlayer 1: [Transport (1, Sea, Instant: You may move 1 of your cards to a different theater, uncovered)]\nPlayer 2: [Escalation (2, Sea, Ongoing: All your facedown cards are now strength 4, uncovered)]\n",
    instructions: 'Select a card from your hand to play to a theater',
    predefined: [
      ['0', 'Play Ambush (2, Land, Instant: Flip any uncovered card) faceup to Land. Deploy.'],
      [
        '1',
        'Play Reinforce (1, Land, Instant: Draw 1 card and play it facedown to an adjacent theater) faceup to Land. Deploy.',
      ],
      [
        '2',
        'Play Cover Fire (4, Land, Ongoing: All cards covered by this card are now strength 4) faceup to Land. Deploy.',
      ],
      ['3', 'Play Maneuver (3, Air, Instant: Flip an uncovered card in an adjacent theater) faceup to Air. Deploy.'],
      ['4', 'Play Ambush (2, Land, Instant: Flip any uncovered card) facedown to Air. Improvise.'],
      [
        '5',
        'Play Reinforce (1, Land, Instant: Draw 1 card and play it facedown to an adjacent theater) facedown to Air. Improvise.',
      ],
      [
        '6',
        'Play Cover Fire (4, Land, Ongoing: All cards covered by this card are now strength 4) facedown to Air. Improvise.',
      ],
      [
        '7',
        'Play Maneuver (3, Air, Instant: Flip an uncovered card in an adjacent theater) facedown to Air. Improvise.',
      ],
      ['8', 'Play Ambush (2, Land, Instant: Flip any uncovered card) facedown to Land. Improvise.'],
      [
        '9',
        'Play Reinforce (1, Land, Instant: Draw 1 card and play it facedown to an adjacent theater) facedown to Land. Improvise.',
      ],
      [
        '10',
        'Play Cover Fire (4, Land, Ongoing: All cards covered by this card are now strength 4) facedown to Land. Improvise.',
      ],
      [
        '11',
        'Play Maneuver (3, Air, Instant: Flip an uncovered card in an adjacent theater) facedown to Land. Improvise.',
      ],
      ['12', 'Play Ambush (2, Land, Instant: Flip any uncovered card) facedown to Sea. Improvise.'],
      [
        '13',
        'Play Reinforce (1, Land, Instant: Draw 1 card and play it facedown to an adjacent theater) facedown to Sea. Improvise.',
      ],
      [
        '14',
        'Play Cover Fire (4, Land, Ongoing: All cards covered by this card are now strength 4) facedown to Sea. Improvise.',
      ],
      [
        '15',
        'Play Maneuver (3, Air, Instant: Flip an uncovered card in an adjacent theater) facedown to Sea. Improvise.',
      ],
      ['16', 'Withdraw from the battle. Opponent scores VPs based on the number of cards left in your hand.'],
    ],
  },
  {
    seat: 1,
    observation:
      "\n----- Player 2's action -----\nCurrent Hand: \n  Ambush (2, Land, Instant: Flip any uncovered card)\n  Cover Fire (4, Land, Ongoing: All cards covered by this card are now strength 4)\n  Maneuver (3, Air, Instant: Flip an uncovered card in an adjacent theater)\n  Super Battleship (6, Sea)\nCurrent Supreme Commander: 2nd\nCurrent Victory Points: 0\nCurrent Hand Size: 4\nCurrent Opponent Hand Size: 3\nCurrent Board: \nLand Theater:\nPlayer 1: [Facedown (2, uncovered)]\nPlayer 2: [Facedown-<Heavy Bombers> (4-<6>, Air, covered), Reinforce (1, Land, Instant: Draw 1 card and play it facedown to an adjacent theater, uncovered)]\nAir Theater:\nPlayer 1: [Aerodrome (4, Air, Ongoing: You may play cards of strength 3 or less to non-matching theaters, uncovered)]\nPlayer 2: []\nSea Theater:\nPlayer 1: [Transport (1, Sea, Instant: You may move 1 of your cards to a different theater, uncovered)]\nPlayer 2: [Escalation (2, Sea, Ongoing: All your facedown cards are now strength 4, uncovered)]\n",
    instructions: 'Select an adjacent theater to play the drawn card facedown.',
    predefined: [['0', 'Play Super Battleship (6, Sea) facedown to Air.']],
  },
  {
    seat: 0,
    observation:
      "\n----- Player 1's action -----\nCurrent Hand: \n  Maneuver (3, Land, Instant: Flip an uncovered card in an adjacent theater)\n  Support (1, Air, Ongoing: You gain +3 strength in each adjacent theater)\n  Redeploy (4, Sea, Instant: You may return 1 of your facedown cards to your hand. If you do, play a card)\nCurrent Supreme Commander: 1st\nCurrent Victory Points: 0\nCurrent Hand Size: 3\nCurrent Opponent Hand Size: 3\nCurrent Board: \nLand Theater:\nPlayer 1: [Facedown-<Heavy Tanks> (2-<6>, Land, uncovered)]\nPlayer 2: [Facedown (4, covered), Reinforce (1, Land, Instant: Draw 1 card and play it facedown to an adjacent theater, uncovered)]\nAir Theater:\nPlayer 1: [Aerodrome (4, Air, Ongoing: You may play cards of strength 3 or less to non-matching theaters, uncovered)]\nPlayer 2: [Facedown (4, uncovered)]\nSea Theater:\nPlayer 1: [Transport (1, Sea, Instant: You may move 1 of your cards to a different theater, uncovered)]\nPlayer 2: [Escalation (2, Sea, Ongoing: All your facedown cards are now strength 4, uncovered)]\n",
    instructions: 'Select a card from your hand to play to a theater',
    predefined: [
      ['0', 'Play Maneuver (3, Land, Instant: Flip an uncovered card in an adjacent theater) faceup to Land. Deploy.'],
      ['1', 'Play Support (1, Air, Ongoing: You gain +3 strength in each adjacent theater) faceup to Air. Deploy.'],
      [
        '2',
        'Play Redeploy (4, Sea, Instant: You may return 1 of your facedown cards to your hand. If you do, play a card) faceup to Sea. Deploy.',
      ],
      [
        '3',
        'Play Maneuver (3, Land, Instant: Flip an uncovered card in an adjacent theater) facedown to Air. Improvise.',
      ],
      [
        '4',
        'Play Support (1, Air, Ongoing: You gain +3 strength in each adjacent theater) facedown to Air. Improvise.',
      ],
      [
        '5',
        'Play Redeploy (4, Sea, Instant: You may return 1 of your facedown cards to your hand. If you do, play a card) facedown to Air. Improvise.',
      ],
      [
        '6',
        'Play Maneuver (3, Land, Instant: Flip an uncovered card in an adjacent theater) facedown to Land. Improvise.',
      ],
      [
        '7',
        'Play Support (1, Air, Ongoing: You gain +3 strength in each adjacent theater) facedown to Land. Improvise.',
      ],
      [
        '8',
        'Play Redeploy (4, Sea, Instant: You may return 1 of your facedown cards to your hand. If you do, play a card) facedown to Land. Improvise.',
      ],
      [
        '9',
        'Play Maneuver (3, Land, Instant: Flip an uncovered card in an adjacent theater) facedown to Sea. Improvise.',
      ],
      [
        '10',
        'Play Support (1, Air, Ongoing: You gain +3 strength in each adjacent theater) facedown to Sea. Improvise.',
      ],
      [
        '11',
        'Play Redeploy (4, Sea, Instant: You may return 1 of your facedown cards to your hand. If you do, play a card) facedown to Sea. Improvise.',
      ],
      ['12', 'Withdraw from the battle. Opponent scores VPs based on the number of cards left in your hand.'],
      ['13', 'Play Maneuver (3, Land, Instant: Flip an uncovered card in an adjacent theater) faceup to Air.'],
      ['14', 'Play Maneuver (3, Land, Instant: Flip an uncovered card in an adjacent theater) faceup to Sea.'],
      ['15', 'Play Support (1, Air, Ongoing: You gain +3 strength in each adjacent theater) faceup to Sea.'],
      ['16', 'Play Support (1, Air, Ongoing: You gain +3 strength in each adjacent theater) faceup to Land.'],
    ],
  },
  {
    seat: 0,
    observation:
      "\n----- Player 1's action -----\nCurrent Hand: \n  Support (1, Air, Ongoing: You gain +3 strength in each adjacent theater)\n  Redeploy (4, Sea, Instant: You may return 1 of your facedown cards to your hand. If you do, play a card)\nCurrent Supreme Commander: 1st\nCurrent Victory Points: 0\nCurrent Hand Size: 2\nCurrent Opponent Hand Size: 3\nCurrent Board: \nLand Theater:\nPlayer 1: [Facedown-<Heavy Tanks> (2-<6>, Land, covered), Maneuver (3, Land, Instant: Flip an uncovered card in an adjacent theater, uncovered)]\nPlayer 2: [Facedown (4, covered), Reinforce (1, Land, Instant: Draw 1 card and play it facedown to an adjacent theater, uncovered)]\nAir Theater:\nPlayer 1: [Aerodrome (4, Air, Ongoing: You may play cards of strength 3 or less to non-matching theaters, uncovered)]\nPlayer 2: [Facedown (4, uncovered)]\nSea Theater:\nPlayer 1: [Transport (1, Sea, Instant: You may move 1 of your cards to a different theater, uncovered)]\nPlayer 2: [Escalation (2, Sea, Ongoing: All your facedown cards are now strength 4, uncovered)]\n",
    instructions: 'Select an uncovered card from an adjacent theater to flip.',
    predefined: [
      [
        '0',
        'Flip Aerodrome (4, Air, Ongoing: You may play cards of strength 3 or less to non-matching theaters) in Air facedown.',
      ],
      ['1', 'Flip Facedown (2) in Air faceup.'],
    ],
  },
  {
    seat: 1,
    observation:
      "\n----- Player 2's action -----\nCurrent Hand: \n  Ambush (2, Land, Instant: Flip any uncovered card)\n  Cover Fire (4, Land, Ongoing: All cards covered by this card are now strength 4)\n  Maneuver (3, Air, Instant: Flip an uncovered card in an adjacent theater)\nCurrent Supreme Commander: 2nd\nCurrent Victory Points: 0\nCurrent Hand Size: 3\nCurrent Opponent Hand Size: 2\nCurrent Board: \nLand Theater:\nPlayer 1: [Facedown (2, covered), Maneuver (3, Land, Instant: Flip an uncovered card in an adjacent theater, uncovered)]\nPlayer 2: [Facedown-<Heavy Bombers> (4-<6>, Air, covered), Reinforce (1, Land, Instant: Draw 1 card and play it facedown to an adjacent theater, uncovered)]\nAir Theater:\nPlayer 1: [Aerodrome (4, Air, Ongoing: You may play cards of strength 3 or less to non-matching theaters, uncovered)]\nPlayer 2: [Super Battleship (6, Sea, uncovered)]\nSea Theater:\nPlayer 1: [Transport (1, Sea, Instant: You may move 1 of your cards to a different theater, uncovered)]\nPlayer 2: [Escalation (2, Sea, Ongoing: All your facedown cards are now strength 4, uncovered)]\n",
    instructions: 'Select a card from your hand to play to a theater',
    predefined: [
      ['0', 'Play Ambush (2, Land, Instant: Flip any uncovered card) faceup to Land. Deploy.'],
      [
        '1',
        'Play Cover Fire (4, Land, Ongoing: All cards covered by this card are now strength 4) faceup to Land. Deploy.',
      ],
      ['2', 'Play Maneuver (3, Air, Instant: Flip an uncovered card in an adjacent theater) faceup to Air. Deploy.'],
      ['3', 'Play Ambush (2, Land, Instant: Flip any uncovered card) facedown to Air. Improvise.'],
      [
        '4',
        'Play Cover Fire (4, Land, Ongoing: All cards covered by this card are now strength 4) facedown to Air. Improvise.',
      ],
      [
        '5',
        'Play Maneuver (3, Air, Instant: Flip an uncovered card in an adjacent theater) facedown to Air. Improvise.',
      ],
      ['6', 'Play Ambush (2, Land, Instant: Flip any uncovered card) facedown to Land. Improvise.'],
      [
        '7',
        'Play Cover Fire (4, Land, Ongoing: All cards covered by this card are now strength 4) facedown to Land. Improvise.',
      ],
      [
        '8',
        'Play Maneuver (3, Air, Instant: Flip an uncovered card in an adjacent theater) facedown to Land. Improvise.',
      ],
      ['9', 'Play Ambush (2, Land, Instant: Flip any uncovered card) facedown to Sea. Improvise.'],
      [
        '10',
        'Play Cover Fire (4, Land, Ongoing: All cards covered by this card are now strength 4) facedown to Sea. Improvise.',
      ],
      [
        '11',
        'Play Maneuver (3, Air, Instant: Flip an uncovered card in an adjacent theater) facedown to Sea. Improvise.',
      ],
      ['12', 'Withdraw from the battle. Opponent scores VPs based on the number of cards left in your hand.'],
    ],
  },
  {
    seat: 1,
    observation:
      "\n----- Player 2's action -----\nCurrent Hand: \n  Cover Fire (4, Land, Ongoing: All cards covered by this card are now strength 4)\n  Maneuver (3, Air, Instant: Flip an uncovered card in an adjacent theater)\nCurrent Supreme Commander: 2nd\nCurrent Victory Points: 0\nCurrent Hand Size: 2\nCurrent Opponent Hand Size: 2\nCurrent Board: \nLand Theater:\nPlayer 1: [Facedown (2, covered), Maneuver (3, Land, Instant: Flip an uncovered card in an adjacent theater, uncovered)]\nPlayer 2: [Facedown-<Heavy Bombers> (4-<6>, Air, covered), Reinforce (1, Land, Instant: Draw 1 card and play it facedown to an adjacent theater, covered), Ambush (2, Land, Instant: Flip any uncovered card, uncovered)]\nAir Theater:\nPlayer 1: [Aerodrome (4, Air, Ongoing: You may play cards of strength 3 or less to non-matching theaters, uncovered)]\nPlayer 2: [Super Battleship (6, Sea, uncovered)]\nSea Theater:\nPlayer 1: [Transport (1, Sea, Instant: You may move 1 of your cards to a different theater, uncovered)]\nPlayer 2: [Escalation (2, Sea, Ongoing: All your facedown cards are now strength 4, uncovered)]\n",
    instructions: 'Select any uncovered card to flip.',
    predefined: [
      ['0', 'Flip Maneuver (3, Land, Instant: Flip an uncovered card in an adjacent theater) in Land facedown.'],
      ['1', 'Flip Ambush (2, Land, Instant: Flip any uncovered card) in Land facedown.'],
      [
        '2',
        'Flip Aerodrome (4, Air, Ongoing: You may play cards of strength 3 or less to non-matching theaters) in Air facedown.',
      ],
      ['3', 'Flip Super Battleship (6, Sea) in Air facedown.'],
      ['4', 'Flip Transport (1, Sea, Instant: You may move 1 of your cards to a different theater) in Sea facedown.'],
      ['5', 'Flip Escalation (2, Sea, Ongoing: All your facedown cards are now strength 4) in Sea facedown.'],
    ],
  },
  {
    seat: 0,
    observation:
      "\n----- Player 1's action -----\nCurrent Hand: \n  Support (1, Air, Ongoing: You gain +3 strength in each adjacent theater)\n  Redeploy (4, Sea, Instant: You may return 1 of your facedown cards to your hand. If you do, play a card)\nCurrent Supreme Commander: 1st\nCurrent Victory Points: 0\nCurrent Hand Size: 2\nCurrent Opponent Hand Size: 2\nCurrent Board: \nLand Theater:\nPlayer 1: [Facedown-<Heavy Tanks> (2-<6>, Land, covered), Facedown-<Maneuver> (2-<3>, Land, Instant: Flip an uncovered card in an adjacent theater, uncovered)]\nPlayer 2: [Facedown (4, covered), Reinforce (1, Land, Instant: Draw 1 card and play it facedown to an adjacent theater, covered), Ambush (2, Land, Instant: Flip any uncovered card, uncovered)]\nAir Theater:\nPlayer 1: [Aerodrome (4, Air, Ongoing: You may play cards of strength 3 or less to non-matching theaters, uncovered)]\nPlayer 2: [Super Battleship (6, Sea, uncovered)]\nSea Theater:\nPlayer 1: [Transport (1, Sea, Instant: You may move 1 of your cards to a different theater, uncovered)]\nPlayer 2: [Escalation (2, Sea, Ongoing: All your facedown cards are now strength 4, uncovered)]\n",
    instructions: 'Select a card from your hand to play to a theater',
    predefined: [
      ['0', 'Play Support (1, Air, Ongoing: You gain +3 strength in each adjacent theater) faceup to Air. Deploy.'],
      [
        '1',
        'Play Redeploy (4, Sea, Instant: You may return 1 of your facedown cards to your hand. If you do, play a card) faceup to Sea. Deploy.',
      ],
      [
        '2',
        'Play Support (1, Air, Ongoing: You gain +3 strength in each adjacent theater) facedown to Air. Improvise.',
      ],
      [
        '3',
        'Play Redeploy (4, Sea, Instant: You may return 1 of your facedown cards to your hand. If you do, play a card) facedown to Air. Improvise.',
      ],
      [
        '4',
        'Play Support (1, Air, Ongoing: You gain +3 strength in each adjacent theater) facedown to Land. Improvise.',
      ],
      [
        '5',
        'Play Redeploy (4, Sea, Instant: You may return 1 of your facedown cards to your hand. If you do, play a card) facedown to Land. Improvise.',
      ],
      [
        '6',
        'Play Support (1, Air, Ongoing: You gain +3 strength in each adjacent theater) facedown to Sea. Improvise.',
      ],
      [
        '7',
        'Play Redeploy (4, Sea, Instant: You may return 1 of your facedown cards to your hand. If you do, play a card) facedown to Sea. Improvise.',
      ],
      ['8', 'Withdraw from the battle. Opponent scores VPs based on the number of cards left in your hand.'],
      ['9', 'Play Support (1, Air, Ongoing: You gain +3 strength in each adjacent theater) faceup to Sea.'],
      ['10', 'Play Support (1, Air, Ongoing: You gain +3 strength in each adjacent theater) faceup to Land.'],
    ],
  },
  {
    seat: 0,
    observation:
      "\n----- Player 1's action -----\nCurrent Hand: \n  Support (1, Air, Ongoing: You gain +3 strength in each adjacent theater)\nCurrent Supreme Commander: 1st\nCurrent Victory Points: 0\nCurrent Hand Size: 1\nCurrent Opponent Hand Size: 2\nCurrent Board: \nLand Theater:\nPlayer 1: [Facedown-<Heavy Tanks> (2-<6>, Land, covered), Facedown-<Maneuver> (2-<3>, Land, Instant: Flip an uncovered card in an adjacent theater, uncovered)]\nPlayer 2: [Facedown (4, covered), Reinforce (1, Land, Instant: Draw 1 card and play it facedown to an adjacent theater, covered), Ambush (2, Land, Instant: Flip any uncovered card, uncovered)]\nAir Theater:\nPlayer 1: [Aerodrome (4, Air, Ongoing: You may play cards of strength 3 or less to non-matching theaters, uncovered)]\nPlayer 2: [Super Battleship (6, Sea, uncovered)]\nSea Theater:\nPlayer 1: [Transport (1, Sea, Instant: You may move 1 of your cards to a different theater, covered), Redeploy (4, Sea, Instant: You may return 1 of your facedown cards to your hand. If you do, play a card, uncovered)]\nPlayer 2: [Escalation (2, Sea, Ongoing: All your facedown cards are now strength 4, uncovered)]\n",
    instructions:
      'Select one of your facedown cards to return to your hand. You may also choose to not return anything (not use this tactical ability).',
    predefined: [
      ['0', 'Return Heavy Tanks (6, Land) in Land to your hand in order to play a card.'],
      [
        '1',
        'Return Maneuver (3, Land, Instant: Flip an uncovered card in an adjacent theater) in Land to your hand in order to play a card.',
      ],
      ['2', 'Do not return any cards.'],
    ],
  },
  {
    seat: 0,
    observation:
      "\n----- Player 1's action -----\nCurrent Hand: \n  Support (1, Air, Ongoing: You gain +3 strength in each adjacent theater)\n  Heavy Tanks (6, Land)\nCurrent Supreme Commander: 1st\nCurrent Victory Points: 0\nCurrent Hand Size: 2\nCurrent Opponent Hand Size: 2\nCurrent Board: \nLand Theater:\nPlayer 1: [Facedown-<Maneuver> (2-<3>, Land, Instant: Flip an uncovered card in an adjacent theater, uncovered)]\nPlayer 2: [Facedown (4, covered), Reinforce (1, Land, Instant: Draw 1 card and play it facedown to an adjacent theater, covered), Ambush (2, Land, Instant: Flip any uncovered card, uncovered)]\nAir Theater:\nPlayer 1: [Aerodrome (4, Air, Ongoing: You may play cards of strength 3 or less to non-matching theaters, uncovered)]\nPlayer 2: [Super Battleship (6, Sea, uncovered)]\nSea Theater:\nPlayer 1: [Transport (1, Sea, Instant: You may move 1 of your cards to a different theater, covered), Redeploy (4, Sea, Instant: You may return 1 of your facedown cards to your hand. If you do, play a card, uncovered)]\nPlayer 2: [Escalation (2, Sea, Ongoing: All your facedown cards are now strength 4, uncovered)]\n",
    instructions: 'Select a card from your hand to play to a theater',
    predefined: [
      ['0', 'Play Support (1, Air, Ongoing: You gain +3 strength in each adjacent theater) faceup to Air. Deploy.'],
      ['1', 'Play Heavy Tanks (6, Land) faceup to Land. Deploy.'],
      [
        '2',
        'Play Support (1, Air, Ongoing: You gain +3 strength in each adjacent theater) facedown to Air. Improvise.',
      ],
      ['3', 'Play Heavy Tanks (6, Land) facedown to Air. Improvise.'],
      [
        '4',
        'Play Support (1, Air, Ongoing: You gain +3 strength in each adjacent theater) facedown to Land. Improvise.',
      ],
      ['5', 'Play Heavy Tanks (6, Land) facedown to Land. Improvise.'],
      [
        '6',
        'Play Support (1, Air, Ongoing: You gain +3 strength in each adjacent theater) facedown to Sea. Improvise.',
      ],
      ['7', 'Play Heavy Tanks (6, Land) facedown to Sea. Improvise.'],
      ['8', 'Play Support (1, Air, Ongoing: You gain +3 strength in each adjacent theater) faceup to Sea.'],
      ['9', 'Play Support (1, Air, Ongoing: You gain +3 strength in each adjacent theater) faceup to Land.'],
    ],
  },
  {
    seat: 1,
    observation:
      "\n----- Player 2's action -----\nCurrent Hand: \n  Cover Fire (4, Land, Ongoing: All cards covered by this card are now strength 4)\n  Maneuver (3, Air, Instant: Flip an uncovered card in an adjacent theater)\nCurrent Supreme Commander: 2nd\nCurrent Victory Points: 0\nCurrent Hand Size: 2\nCurrent Opponent Hand Size: 1\nCurrent Board: \nLand Theater:\nPlayer 1: [Facedown (2, covered), Heavy Tanks (6, Land, uncovered)]\nPlayer 2: [Facedown-<Heavy Bombers> (4-<6>, Air, covered), Reinforce (1, Land, Instant: Draw 1 card and play it facedown to an adjacent theater, covered), Ambush (2, Land, Instant: Flip any uncovered card, uncovered)]\nAir Theater:\nPlayer 1: [Aerodrome (4, Air, Ongoing: You may play cards of strength 3 or less to non-matching theaters, uncovered)]\nPlayer 2: [Super Battleship (6, Sea, uncovered)]\nSea Theater:\nPlayer 1: [Transport (1, Sea, Instant: You may move 1 of your cards to a different theater, covered), Redeploy (4, Sea, Instant: You may return 1 of your facedown cards to your hand. If you do, play a card, uncovered)]\nPlayer 2: [Escalation (2, Sea, Ongoing: All your facedown cards are now strength 4, uncovered)]\n",
    instructions: 'Select a card from your hand to play to a theater',
    predefined: [
      [
        '0',
        'Play Cover Fire (4, Land, Ongoing: All cards covered by this card are now strength 4) faceup to Land. Deploy.',
      ],
      ['1', 'Play Maneuver (3, Air, Instant: Flip an uncovered card in an adjacent theater) faceup to Air. Deploy.'],
      [
        '2',
        'Play Cover Fire (4, Land, Ongoing: All cards covered by this card are now strength 4) facedown to Air. Improvise.',
      ],
      [
        '3',
        'Play Maneuver (3, Air, Instant: Flip an uncovered card in an adjacent theater) facedown to Air. Improvise.',
      ],
      [
        '4',
        'Play Cover Fire (4, Land, Ongoing: All cards covered by this card are now strength 4) facedown to Land. Improvise.',
      ],
      [
        '5',
        'Play Maneuver (3, Air, Instant: Flip an uncovered card in an adjacent theater) facedown to Land. Improvise.',
      ],
      [
        '6',
        'Play Cover Fire (4, Land, Ongoing: All cards covered by this card are now strength 4) facedown to Sea. Improvise.',
      ],
      [
        '7',
        'Play Maneuver (3, Air, Instant: Flip an uncovered card in an adjacent theater) facedown to Sea. Improvise.',
      ],
      ['8', 'Withdraw from the battle. Opponent scores VPs based on the number of cards left in your hand.'],
    ],
  },
  {
    seat: 0,
    observation:
      "\n----- Player 1's action -----\nCurrent Hand: \n  Support (1, Air, Ongoing: You gain +3 strength in each adjacent theater)\nCurrent Supreme Commander: 1st\nCurrent Victory Points: 0\nCurrent Hand Size: 1\nCurrent Opponent Hand Size: 1\nCurrent Board: \nLand Theater:\nPlayer 1: [Facedown-<Maneuver> (2-<3>, Land, Instant: Flip an uncovered card in an adjacent theater, covered), Heavy Tanks (6, Land, uncovered)]\nPlayer 2: [Facedown (4, covered), Reinforce (1, Land, Instant: Draw 1 card and play it facedown to an adjacent theater, covered), Ambush (2, Land, Instant: Flip any uncovered card, covered), Cover Fire (4, Land, Ongoing: All cards covered by this card are now strength 4, uncovered)]\nAir Theater:\nPlayer 1: [Aerodrome (4, Air, Ongoing: You may play cards of strength 3 or less to non-matching theaters, uncovered)]\nPlayer 2: [Super Battleship (6, Sea, uncovered)]\nSea Theater:\nPlayer 1: [Transport (1, Sea, Instant: You may move 1 of your cards to a different theater, covered), Redeploy (4, Sea, Instant: You may return 1 of your facedown cards to your hand. If you do, play a card, uncovered)]\nPlayer 2: [Escalation (2, Sea, Ongoing: All your facedown cards are now strength 4, uncovered)]\n",
    instructions: 'Select a card from your hand to play to a theater',
    predefined: [
      ['0', 'Play Support (1, Air, Ongoing: You gain +3 strength in each adjacent theater) faceup to Air. Deploy.'],
      [
        '1',
        'Play Support (1, Air, Ongoing: You gain +3 strength in each adjacent theater) facedown to Air. Improvise.',
      ],
      [
        '2',
        'Play Support (1, Air, Ongoing: You gain +3 strength in each adjacent theater) facedown to Land. Improvise.',
      ],
      [
        '3',
        'Play Support (1, Air, Ongoing: You gain +3 strength in each adjacent theater) facedown to Sea. Improvise.',
      ],
      ['4', 'Withdraw from the battle. Opponent scores VPs based on the number of cards left in your hand.'],
      ['5', 'Play Support (1, Air, Ongoing: You gain +3 strength in each adjacent theater) faceup to Sea.'],
      ['6', 'Play Support (1, Air, Ongoing: You gain +3 strength in each adjacent theater) faceup to Land.'],
    ],
  },
];

describe('air-land-sea gamebench hook: GameBench’s own texts and menus', () => {
  it('shows GameBench’s rules verbatim', () => {
    const t = turnOf(setup(createRng('r'), cfg, 2), 0);
    expect(t.source).toBe('gamebench');
    expect(t.title).toBe('Air Land and Sea');
    expect(t.summary).toContain('two players competeover a series');
    expect(t.details).toHaveLength(16);
    expect(t.details!.map(([h]) => h).slice(-3)).toEqual([
      'Ending Battles',
      'Scoring Victory Points',
      'Setting up Battles',
    ]);
    expect(t.summary).toBe(GAMEBENCH_RULES_TEXT.summary);
  });

  it('equals what GameBench’s code prints for the same battle, menu by menu', () => {
    let s = startWith(cfg, { order: ['Land', 'Air', 'Sea'], first: 0, hands: HANDS, deck: DECK });
    const shown: Printed[] = [];
    for (const id of [...IDS, null]) {
      const seat = activeSeats(s)[0]!;
      const t = turnOf(s, seat);
      shown.push({
        seat,
        observation: t.observation,
        instructions: t.instructions,
        predefined: t.predefined.map((a) => [a.id, a.description!]),
      });
      if (id === null) break;
      const c = t.resolve(id, undefined);
      if (!('action' in c)) throw new Error(`${id}: ${JSON.stringify(c)}`);
      s = apply(s, seat, c.action as AlsAction, createRng('x'));
    }
    // The one difference: GameBench's Cover Fire lies in the theater at index 0 (Land), which its
    // `apply_strength_effects` skips (game.py L145 `if theater_ind`: index 0 is falsy), so the cards it covers keep
    // their strengths; the arena's rule makes them 4 (the facedown Heavy Bombers is 4 by Escalation in both).
    const expected = GAMEBENCH_PRINTED.map((p, i) =>
      i === GAMEBENCH_PRINTED.length - 1
        ? {
            ...p,
            observation: p.observation
              .replace('Reinforce (1, Land', 'Reinforce (4, Land')
              .replace('Ambush (2, Land', 'Ambush (4, Land'),
          }
        : p,
    );
    expect(shown).toEqual(expected);
  });

  it('never shows a seat the other’s facedown cards or hand', () => {
    const s = startWith(cfg, { order: ['Land', 'Air', 'Sea'], first: 0, hands: HANDS, deck: DECK });
    const s2 = apply(s, 0, { type: 'improvise', card: 'L6', theater: 'Air' }, createRng('x'));
    const obs = turnOf(s2, 1).observation;
    expect(obs).toContain('Player 1: [Facedown (2, uncovered)]');
    expect(obs).not.toContain('Heavy Tanks');
    expect(turnOf(s2, 0).observation).toContain('Facedown-<Heavy Tanks> (2-<6>, Land, uncovered)');
  });
});

describe('air-land-sea gamebench hook: seeded random playouts', () => {
  it('resolves every listed id to an accepted move and reaches every legal move', () => {
    for (let m = 0; m < 30; m++) {
      const rng = createRng(`als-gb-reach-${m}`);
      let s = setup(rng, cfg, 2);
      while (!outcome(s)) {
        const seat = activeSeats(s)[0]!;
        const legal = legalActions(s, seat);
        const t = turnOf(s, seat);
        expect(t.predefined.map((a) => a.id)).toEqual(t.predefined.map((_, i) => String(i)));
        const reached = t.predefined.map((a) => {
          const c = t.resolve(a.id, undefined);
          if (!('action' in c)) throw new Error(`${a.id} ${a.description}: ${JSON.stringify(c)}`);
          expect(reject(s, seat, c.action as AlsAction)).toBeNull();
          return actionKey(c.action as AlsAction);
        });
        expect(new Set(reached)).toEqual(new Set(legal.map(actionKey)));
        const r = gamebenchRandomAction(t, rng);
        if (!('action' in r)) throw new Error(r.error);
        s = apply(s, seat, r.action as AlsAction, rng);
      }
    }
  });
});

/** Random against random over GameBench's menus (gamebenchRandomAction), seeded matches under the arena's rules. */
function measure(n: number) {
  let firstWins = 0;
  let battles = 0;
  let withdrawals = 0;
  const shares: number[] = [];
  const lengths: number[] = [];
  for (let i = 0; i < n; i++) {
    const rng = createRng(`als-gb-random-${i}`);
    let s = setup(rng, cfg, 2);
    const first = s.first;
    while (!outcome(s)) {
      const seat = activeSeats(s)[0]!;
      const r = gamebenchRandomAction(turnOf(s, seat), rng);
      if (!('action' in r)) throw new Error(r.error);
      s = apply(s, seat, r.action as AlsAction, rng);
    }
    const share = outcome(s)!.scores[first]!;
    shares.push(share);
    if (share > 0.5) firstWins++;
    battles += s.results.length;
    lengths.push(s.results.length);
    withdrawals += s.results.filter((b) => b.how.endsWith('withdrew')).length;
  }
  const mean = (xs: number[]) => xs.reduce((a, b) => a + b, 0) / xs.length;
  const sd = (xs: number[]) => Math.sqrt(xs.reduce((a, b) => a + (b - mean(xs)) ** 2, 0) / (xs.length - 1));
  return {
    matches: n,
    firstWinRate: firstWins / n,
    meanFirstShare: mean(shares),
    sdFirstShare: sd(shares),
    meanBattles: mean(lengths),
    sdBattles: sd(lengths),
    withdrawRate: withdrawals / battles,
  };
}

// GameBench's own code, its RandomAgent in both seats, `random.seed(i)` for i < 20000 (`GAMEBENCH_DIR=/tmp/GameBench
// python3 games/air-land-sea/gamebench-reference.py --random 0 5000`, and 5000-10000, 10000-15000, 15000-20000: their
// `play()` as it is, stdout silenced, counting battles and withdrawals; the statistics `measure` computes): the player who is 1st in
// battle 1 wins 0.5178 of matches, with a mean score share of 0.5130 (sd 0.303), 4.415 battles a match (sd 1.355),
// 0.673 of battles ended by a withdrawal. The arena under its own rules, this baseline, seeds als-gb-random-0..1999:
// 0.521, 0.5151 (sd 0.308), 4.431 battles (sd 1.386), 0.678 withdrawals (about 150 s; the test plays 200 matches).
const GAMEBENCH_RANDOM = { firstWinRate: 0.5178, meanFirstShare: 0.513, meanBattles: 4.4146, withdrawRate: 0.6731 };

describe('air-land-sea gamebench hook: GameBench’s random baseline over its menus', () => {
  it('matches their code’s random-vs-random figures within 3 standard errors', () => {
    const n = 200;
    const r = measure(n);
    const battles = r.meanBattles * n;
    expect(Math.abs(r.firstWinRate - GAMEBENCH_RANDOM.firstWinRate)).toBeLessThan(3 * Math.sqrt(0.25 / n));
    expect(Math.abs(r.meanFirstShare - GAMEBENCH_RANDOM.meanFirstShare)).toBeLessThan(
      (3 * r.sdFirstShare) / Math.sqrt(n),
    );
    expect(Math.abs(r.meanBattles - GAMEBENCH_RANDOM.meanBattles)).toBeLessThan((3 * r.sdBattles) / Math.sqrt(n));
    expect(Math.abs(r.withdrawRate - GAMEBENCH_RANDOM.withdrawRate)).toBeLessThan(3 * Math.sqrt(0.22 / battles));
  }, 60_000);
});
