// The Two Rooms and a Boom game definition (server-safe: no React): GameBench's TRB, Blue's President against Red's
// Bomber, two rooms, leaders trading hostages for three rounds.
import { defineGame } from '../../lib/engine/define-game';
import { trbEngine } from './engine';
import { GAMEBENCH_RULES, prompt } from './prompt';
import * as rules from './rules';

export const twoRooms = defineGame({
  id: 'two-rooms',
  // v2: the rules topics say what the gamebench preset changes (nobody told their card, no card shown).
  version: 2,
  reducer: rules,
  prompt,
  engine: trbEngine,
  // Watching both rooms talk is the show: spectators read both rooms' chats side by side (never the cards until the end,
  // and nothing of the rooms' talk while a person plays a seat: the hub never opens a match with a person in it).
  spectatorsSeeAll: () => true,
  // GameBench's 3 rounds are 42 moves (6 questions, 6 answers and 2 hostages a round): a demo match of simulated
  // players is already about 40 model moves, so the demo plays the defaults.
  meta: {
    title: 'Two Rooms and a Boom',
    blurb:
      'Blue hides its President, Red its Bomber: talk in your room, show your card to whom you trust, and let the leaders trade hostages for three rounds.',
    minPlayers: rules.NUM_SEATS,
    maxPlayers: rules.NUM_SEATS,
    // Each seat knows only its own card and the cards shown to it, and hears only its own room.
    info: 'imperfect',
    // The cards, the rooms and the leaders are drawn from the seed.
    chance: true,
    // GameBench's Table 1: TRB is non-deterministic, hidden information, language communication, social deduction and cooperation.
    // Its id in GameBench's results files (imported datasets).
    gamebenchId: 'two_rooms_and_a_boom',
    categories: [
      'non-deterministic',
      'hidden-information',
      'language-communication',
      'social-deduction',
      'cooperation',
    ],
    seatNames: [...rules.SEAT_NAMES],
    // GameBench plays agent against agent, each agent playing its team's three cards: teams are fixed seats.
    sides: [
      [0, 1, 2],
      [3, 4, 5],
    ],
    // Questions are written in one's own words.
    humanMoveSeconds: 90,
    // GameBench's protocol (lib/presets.ts): see the note at the head of rules.ts.
    settingsPresets: [
      {
        label: 'gamebench',
        help: "Follows GameBench's code where it changes what players know: no player is told their card (GameBench's prompts never carry it: a player knows only their team, and a leader that they lead) and no card can be shown, so players only talk; 3 rounds, the rooms, the leaders, the hostage exchange and the winner were already GameBench's. Talk heard by the whole room and public leaders stay the arena's.",
        config: { cardTold: false, reveals: false },
      },
    ],
  },
  rules: {
    summary: GAMEBENCH_RULES,
    topics: {
      // GameBench's appendix G lists no withheld topics for TRB: these are the details of its implementation and the arena's.
      Teams:
        'Blue 1-3 are the Blue team, Red 1-3 the Red team, and everyone knows it (GameBench gives each agent one whole team). One Blue player holds the President card and one Red player the Bomber card, at random; the others hold plain cards. A player knows only their own card and the cards shown to them; under the gamebench preset (GameBench’s code) nobody is told any card, their own included, and no card is shown.',
      Rooms:
        'Three players start in each room, mixed at random (GameBench swaps a random player of each room 20 times). Each room has a leader, drawn at random and known to all, who stays leader all game and is never sent away.',
      Talking:
        'Each round the players of Room 1, then of Room 2, take turns: ask one player of your room a question (or just ask them to speak), or show them your card (not under the gamebench preset, where players only talk). That player answers in words, with silence, or by showing their card back. The whole room hears the talk; the other room hears nothing. A card shown is seen only by the player it is shown to.',
      Hostages:
        'After the talking, each leader chooses one player of their room, not themselves, at the same time; the two hostages swap rooms.',
      Winning:
        'After the third exchange, Red wins if the Bomber is in the same room as the President, Blue otherwise. The winning team scores 1 (a third per seat), the other 0.',
      'answer-format':
        'Answer with one move on a line of its own: "Ask Red 2: <your question>", "Ask Red 2", "Show my card to Red 2" (where cards can be shown), "Say: <your answer>", "Say nothing" or, for a leader, "Send Red 2". Reasoning before it is fine; the last move written counts.',
      deviations:
        'The arena’s changes to GameBench’s implementation: public teams (fixed seats, as GameBench’s agents), card reveals, talk heard by the whole room, public leaders, silent questions and answers, simultaneous hostage choices, a rounds setting; the gamebench preset tells nobody their card and shows none, as GameBench’s code. The reasons are in games/two-rooms/rules.ts.',
    },
  },
});
