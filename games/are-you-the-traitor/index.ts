// The Are You the Traitor? game definition (server-safe: no React): GameBench's AYT, the Good team (Good Wizard, Key
// Holder, Guard) against the Evil team (Evil Wizard, Traitor), talking until someone shouts "Stop!" and points.
import { defineGame } from '../../lib/engine/define-game';
import { aytEngine } from './engine';
import { GAMEBENCH_RULES, prompt } from './prompt';
import * as rules from './rules';

export const areYouTheTraitor = defineGame({
  id: 'are-you-the-traitor',
  version: 1,
  reducer: rules,
  prompt,
  engine: aytEngine,
  // Watching the roles play out is the show: spectators of a match of models see every role and treasure as in a
  // replay. While a person plays a seat the hub never grants it, and the public view holds only the talk, the wizards
  // and the Stops.
  spectatorsSeeAll: () => true,
  // A default match runs to 10 treasure points (about 30 model moves with simulated players, more with talkative models):
  // the demo plays to 7 points with two laps of talk, about 20 model moves with simulated players.
  demoConfig: { targetPoints: 7, talkLaps: 2 },
  meta: {
    title: 'Are You the Traitor?',
    blurb:
      'Two wizards look alike, one of the guards is a traitor: talk, then shout “Stop!” and point at the one your role hunts to win treasure for your team.',
    minPlayers: rules.NUM_SEATS,
    maxPlayers: rules.NUM_SEATS,
    // Each seat knows only its own role (and treasure); the wizards are public.
    info: 'imperfect',
    // The roles, the first speaker of each round, the treasure deck and the Magic Rings are drawn from the seed.
    chance: true,
    // GameBench's Table 1: AYT is hidden information, language communication, social deduction and cooperation.
    // Its id in GameBench's results files (imported datasets).
    gamebenchId: 'are_you_the_traitor',
    categories: ['hidden-information', 'language-communication', 'social-deduction', 'cooperation'],
    seatNames: [...rules.SEAT_NAMES],
    // The roles (and so the teams) are drawn per match and secret: no fixed sides (rules.ts explains why).
    orderDrawn: true,
    humanMoveSeconds: 90,
  },
  rules: {
    summary: GAMEBENCH_RULES,
    topics: {
      // GameBench's appendix G lists no withheld topics for AYT: these are the details of its implementation and the arena's.
      Roles:
        'Five players: the Good team is the Good Wizard, the Key Holder and a Guard; the Evil team is the Evil Wizard and the Traitor. Roles are drawn at random for the match. Everyone knows which two players are wizards, not which is good; each player knows only their own role.',
      Targets:
        'The Good Wizard and the Guard hunt the Traitor, the Key Holder hunts the Good Wizard, the Evil Wizard hunts the Key Holder. The Traitor may never shout Stop.',
      Talking:
        'Each round, from a first speaker drawn at random, players take turns: say one message everyone hears, pass, or shout "Stop!" and point at another player. After three turns each without a Stop the round ends with no winner.',
      Stop: 'Pointing at the player who holds the role you hunt wins the round for your team; pointing at anyone else wins it for the other team. Either way the round ends.',
      Treasure:
        'Each member of the round’s winning team draws a Treasure card: Crown Jewels 5, Platinum Pyramid 4, Bag of Gold 3, Silver Goblet 2, Chest of Copper 1, Magic Ring 1, Gilded Statue 0 points. After each round every Magic Ring takes a card (a Gilded Statue first) from a random player of the other team, then is discarded. Treasure is private.',
      Winning:
        'The first player to hold 10 treasure points wins the match for their team; the winning team scores 1, shared by its seats. After 20 rounds, or when the deck runs out, the team with more points wins.',
      'answer-format':
        'Answer with one move on a line of its own: "Say: <your message>", "Pass" or "Stop: point at Player 3". Reasoning before it is fine; the last move written counts.',
      deviations:
        'The arena’s changes to GameBench’s implementation: roles drawn per match, talk in turns with Stop on one’s turn, limits on talk and rounds, private round results and treasure. The reasons are in games/are-you-the-traitor/rules.ts.',
    },
  },
});
