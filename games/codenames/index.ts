// The Codenames game definition (server-safe: no React): GameBench's CN, Red and Blue each a Spymaster who sees the
// key and gives one-word clues and an Operative who guesses words on a 5x5 grid.
import { defineGame } from '../../lib/engine/define-game';
import { ASSOCIATIONS_VERSION, cnEngine } from './engine';
import { gamebenchTurn } from './gamebench';
import { GAMEBENCH_RULES, GAMEBENCH_TOPICS, prompt } from './prompt';
import * as rules from './rules';
import { WORD_LIST_VERSION } from './rules';

export const codenames = defineGame({
  id: 'codenames',
  // v2: under the gamebench preset the Random baseline chooses over GameBench's menus (the gamebench hook), not over
  // the legal moves.
  version: 2,
  data: { words: WORD_LIST_VERSION, associations: ASSOCIATIONS_VERSION },
  reducer: rules,
  prompt,
  engine: cnEngine,
  // GameBench's own observation text and action menus (`guess_<index>`, the open-ended `submit_clue`): gamebench.ts.
  gamebench: gamebenchTurn,
  // Watching the key while the teams fumble for it is the show: live spectators of a match of models see the key card
  // (never while a person plays a seat: the hub never opens such a match to them), unless the config turns it off.
  spectatorsSeeAll: (cfg) => cfg.spectatorsSeeKey,
  // A match is about 30-45 moves (a clue and two or three guesses a turn, about six turns a team): a demo match of
  // simulated players is already near 40 model moves, so the demo plays the defaults.
  meta: {
    title: 'Codenames',
    blurb:
      'Two teams, one grid of 25 words: spymasters give one-word clues, operatives guess their team’s words and dodge the assassin.',
    minPlayers: rules.NUM_SEATS,
    maxPlayers: rules.NUM_SEATS,
    // Operatives do not see the key; spymasters do.
    info: 'imperfect',
    // The words and the key are drawn from the seed.
    chance: true,
    // GameBench's Table 1: CN is abstract strategy, language communication and cooperation.
    // Its id in GameBench's results files (imported datasets).
    gamebenchId: 'codenames',
    categories: ['abstract-strategy', 'language-communication', 'cooperation'],
    seatNames: [...rules.SEAT_NAMES],
    // GameBench plays agent against agent, each agent playing its team's spymaster and operative.
    sides: [
      [0, 1],
      [2, 3],
    ],
    // A clue is written in one's own words.
    humanMoveSeconds: 90,
    // GameBench's rules as its code plays them (the reasons and the line facts are in rules.ts's header).
    settingsPresets: [
      {
        label: 'gamebench',
        help: 'GameBench’s rules as its code plays them: 21 cards (Red, who starts, 9, Blue 8, 3 bystanders, 1 assassin), an operative may end the turn before guessing, a clue for 0 allows one guess (not unlimited), the assassin revealed on a clue’s last allowed guess makes the team that revealed it the winner (a bug of their code, kept), and the rules accept any clue text; only the rules change: the prompts, the rules text models are shown and how answers are read (which still refuses a board word as a clue) stay the arena’s.',
        config: { neutrals: 3, stopFirst: true, zeroClue: 'one', checkClues: false, assassinOnLastGuess: 'wins' },
      },
    ],
  },
  rules: {
    summary: GAMEBENCH_RULES,
    topics: {
      ...GAMEBENCH_TOPICS,
      'answer-format':
        'Spymaster: one line "Clue: <WORD> <NUMBER>", e.g. "Clue: OCEAN 2" (one word of letters A-Z, a number 0-9; 0 = unlimited guesses). Operative: "Guess <WORD>" or, after at least one guess, "Stop". Reasoning before it is fine; the last answer written counts.',
      deviations:
        'The arena’s changes to GameBench’s implementation: 7 neutral words on a 5x5 grid (GameBench: 3), the arena’s own versioned word list, at least one guess before stopping, clue validation enforced (no board word, part or form of one; homophones are not checked), GameBench’s "NONE 1" as the clue of a spymaster who gives none, scores split evenly between a team’s two seats. The reasons are in games/codenames/rules.ts.',
    },
  },
});
