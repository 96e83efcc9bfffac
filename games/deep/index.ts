// The DEEP game definition (server-safe: no React): the SpyGame paper's description test as a judged match.
import { defineGame } from '../../lib/engine/define-game';
import { prompt } from './prompt';
import * as rules from './rules';
import { AGGRESSIVE_WORDS, CONSERVATIVE_WORDS, DESCRIBER } from './types';
import { DEEP_VERSION, DEEP_WORDS } from './words';

export const deep = defineGame({
  id: 'deep',
  version: 1,
  data: { words: DEEP_VERSION },
  reducer: rules,
  prompt,
  meta: {
    title: 'DEEP description test',
    blurb:
      'A model describes target words twice, clearly and then deliberately vaguely; judges score each description against the target and similar words.',
    minPlayers: rules.MIN_PLAYERS,
    maxPlayers: rules.MAX_PLAYERS,
    info: 'imperfect',
    chance: true,
    categories: ['language-communication'],
    seatNames: ['Describer', 'Judge 1', 'Judge 2'],
    humanMoveSeconds: 180,
    scoring: 'evaluation',
    playNote:
      "This is a judged evaluation, not a contest: it is not rated. Take a judge's seat to score a model's descriptions yourself (the human evaluation); with 3 players a model judges the same descriptions beside you, and the results page compares you.",
  },
  // Watching the descriptions and the scores arrive is the point, so live spectators see everything (the target too)
  // unless the match is blind; the hub also withholds it from any match with a person in it.
  spectatorsSeeAll: (config) => !config.blind,
  defaultPlayers: () => 2,
  // Host/guest: the evaluated agent always describes.
  hostGuest: { seat: DESCRIBER },
  rules: {
    summary:
      'DEEP, the description test of the SpyGame paper: the describer writes an aggressive (clear, detailed) and a conservative (deliberately vague) description of each target word; judges who are not told the target score how well each description fits the target and a few similar words. A good describer is clear when asked to be (high target score, low distractor scores) and vague when asked to be (low target, high distractors).',
    topics: {
      seats:
        'Seat 1 is the describer (the evaluated agent; in a host/guest tournament, the guest). Seats 2 and 3 are judges (the hosts, or a person for the human evaluation); with two judges their agreement is measured on the same descriptions.',
      words: `The target words come from games/deep/words.json (version ${DEEP_VERSION}: ${DEEP_WORDS.length} words in English and Chinese), each with three distractors close to it. A match draws some (3 by default) or uses fixed ids.`,
      describing: `For each target, in turn: the aggressive description, at most ${AGGRESSIVE_WORDS} words; then the conservative one: a list of candidate words sharing a characteristic with the target, then their commonality in at most ${CONSERVATIVE_WORDS} words. A description that names the target is refused with the reason. A Chinese character counts as one word. The describer never sees the distractors.`,
      judging:
        'When every description is written, the judges score them one at a time in a drawn order (never a word’s two descriptions in a row), each with the target and its distractors in the judge’s own drawn order, 1 (does not match) to 5 (matches perfectly). A judge is never told which word is the target or which kind of description it reads, and the judges answer at once, sealed.',
      results:
        'The results page shows the paper’s Table 1 per describer and judge: mean target and distractor scores of the aggressive (target ↑, distractor ↓) and conservative (target ↓, distractor ↑) descriptions with bootstrap 95% intervals, and the agreement between judges who scored the same descriptions. DEEP matches are never rated: nobody wins.',
    },
  },
});
