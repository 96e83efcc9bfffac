// The Air, Land and Sea game definition (server-safe: no React): GameBench's ALS, battles over three theaters until
// 12 victory points.
import { defineGame } from '../../lib/engine/define-game';
import { alsEngine } from './engine';
import { gamebenchTurn } from './gamebench';
import { GAMEBENCH_RULES, prompt } from './prompt';
import * as rules from './rules';
import { GAMEBENCH_TOPICS } from './topics';

export const airLandSea = defineGame({
  id: 'air-land-sea',
  version: 1,
  reducer: rules,
  prompt,
  engine: alsEngine,
  // GameBench's own observation text and numeric action menus, its ability menus included: gamebench.ts.
  gamebench: gamebenchTurn,
  // No demoConfig: a war to 12 VPs between simulated (random-move) players takes about 45 moves (22 a side; at most ~70
  // in 300 seeded random playouts), well within a minute at the simulated endpoint's latency.
  meta: {
    title: 'Air, Land and Sea',
    blurb:
      'Two Supreme Commanders play 6 cards a battle, face up or facedown, to control two of three theaters — Air, Land and Sea — until one reaches 12 victory points.',
    minPlayers: 2,
    maxPlayers: 2,
    seatNames: [...rules.SEAT_NAMES],
    // Each seat sees only its own hand and its own facedown cards.
    info: 'imperfect',
    // The deal is shuffled every battle.
    chance: true,
    // GameBench's Table 1 lists ALS under abstract strategy only.
    // Its id in GameBench's results files (imported datasets).
    gamebenchId: 'air_land_sea',
    categories: ['abstract-strategy'],
    // The 1st Supreme Commander (who moves first) is drawn per match, then alternates every battle.
    orderDrawn: true,
    humanMoveSeconds: 90,
  },
  rules: {
    summary: GAMEBENCH_RULES,
    topics: {
      ...GAMEBENCH_TOPICS,
      'answer-format':
        'Answer with one move exactly as listed: "Deploy Heavy Bombers (Air 6) to Air", "Improvise Heavy Tanks (Land 6) facedown to Sea", "Withdraw", or an ability\'s choice: "Flip Player 2\'s card in Land" (the uncovered card of that side), "Move Maneuver (Land 3) to Sea", "Return Heavy Tanks (Land 6) to hand", "Reinforce to Sea", "Skip". Reasoning before it is fine; the last move written counts.',
      deviations:
        'The arena’s changes to GameBench’s implementation: theaters rotate as the rules say (the rightmost to the far left); Disrupt resolves once (GameBench labels it Ongoing); Containment and Blockade destroy every card played, Reinforce’s and Redeploy’s included; instant abilities revealed during another ability wait and resolve in order; a player with no cards passes; every ability choice is a move of its own. The reasons are in games/air-land-sea/rules.ts.',
    },
  },
});
