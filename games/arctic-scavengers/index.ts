// The Arctic Scavengers game definition (server-safe: no React): GameBench's ARC, a two-player deck-builder of tribes,
// the junkyard, mercenaries and skirmishes over contested resources.
import { defineGame } from '../../lib/engine/define-game';
import { arcEngine } from './engine';
import { GAMEBENCH_RULES, prompt } from './prompt';
import * as rules from './rules';

export const arcticScavengers = defineGame({
  id: 'arctic-scavengers',
  // v2: the rules topics say what the gamebench preset changes (its winner rule, 5 rounds, one reshuffled pile).
  version: 2,
  reducer: rules,
  prompt,
  engine: arcEngine,
  // No demoConfig: a full 6-round match is about 40 moves (about 20 per seat), quick enough for the demo.
  meta: {
    title: 'Arctic Scavengers',
    blurb:
      'Lead a tribe of survivors: dig the junkyard, hunt, hire mercenaries and fight skirmishes over contested resources; the largest tribe wins.',
    minPlayers: 2,
    maxPlayers: 2,
    seatNames: [...rules.SEAT_NAMES],
    // Each seat sees only its own hand and what it digs; nobody sees the order of any pile.
    info: 'imperfect',
    // Decks, the junkyard and the contested resources are shuffled.
    chance: true,
    // GameBench's Table 1: ARC is abstract strategy, non-deterministic and hidden information.
    // Its id in GameBench's results files (imported datasets).
    gamebenchId: 'arctic_scavengers',
    categories: ['abstract-strategy', 'non-deterministic', 'hidden-information'],
    humanMoveSeconds: 90,
    // GameBench's protocol (lib/presets.ts), its rules only: see the note at the head of rules.ts.
    settingsPresets: [
      {
        label: 'gamebench',
        help: "Follows GameBench's code where it changes results: 5 rounds over its 5 contested resources (one Tribe Family), every card shuffled back into one pile each round, gathering over once the hand is empty, and its winner rule: the player with more tribe members in the hand brought to the last skirmish wins, equal hands going to Player 2 (no draws); the arena's snipes, sabotage, hiring checks, prompts and answers are unchanged.",
        config: { rounds: 5, secondTribeFamily: false, deck: 'reshuffle', winner: 'lastHand', emptyHandStops: true },
      },
    ],
  },
  rules: {
    summary: GAMEBENCH_RULES,
    topics: {
      // GameBench's appendix G lists no withheld topics for Arctic Scavengers: these are the details of its implementation and the arena's.
      Cards:
        'Each tribe starts with 4 Refugee, 3 Scavenger, 1 Brawler, 1 Spear and 1 Shovel. Tribe members (Refugee, Scavenger, Brawler, Hunter, Saboteur, Scout, Group Leaders, Sniper Team, Thug and the contested Sled Team, Field Crew, Tribe Family) count towards the tribe; tools, medicine and Junk do not.',
      'Resource gathering':
        'In turn, each player takes actions until they STOP: DIG (look at junkyard cards, keep one), DRAW (draw from your pile), HUNT (gain food for this round), HIRE (take a mercenary for food and medicine), TRASH (put hand cards into the junkyard). Each action at most once per round; a modifier card needs a standard card in the same action.',
      Skirmish:
        'The cards left in hand fight. Both hands are shown; Sniper Teams may snipe an opposing tribe member and Saboteurs disarm an opposing tool. The higher FIGHT total wins the contested resource; ties go to the hand with more tribe members, then to the junkyard.',
      Winning:
        'After the last contested resource, the player whose cards hold the most tribe members wins (1 point, the other 0); equal tribes draw. Under the gamebench preset (GameBench’s code): the player with more tribe members in the hand brought to the last skirmish wins, and equal hands go to Player 2.',
      'answer-format':
        'Answer with one move exactly as listed: "DIG: Brawler, Shovel", "HIRE Scout with Pills", "KEEP Medkit", "SNIPE Brawler", "STOP". Reasoning before it is fine; the last move written counts.',
      deviations:
        '6 contested resources (a second Tribe Family) for the 6 rounds of the rules text, a draw pile and a discard pile, Sniper Team and Saboteur only in the skirmish, the final tribe counted over all cards, equal tribes draw; the gamebench preset plays GameBench’s 5 contested resources, one pile reshuffled each round, gathering over once the hand is empty, and its winner rule. The reasons are in games/arctic-scavengers/rules.ts.',
    },
  },
});
