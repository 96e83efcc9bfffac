// The Who-is-the-spy game definition (server-safe: no React): SpyGame and LLMArena's Undercover as two presets.
import { defineGame } from '../../lib/engine/define-game';
import { KEYWORDS_VERSION } from './keywords';
import { prompt } from './prompt';
import * as rules from './rules';
import { PROMPT_SWITCHES } from './types';

export const spy = defineGame({
  id: 'spy',
  version: 1,
  data: { keywords: KEYWORDS_VERSION },
  reducer: rules,
  prompt,
  meta: {
    title: 'Who is the spy',
    blurb:
      'Players describe a secret word; one of them (not told) has a different word. Tests describing, reading others and bluffing.',
    minPlayers: rules.MIN_PLAYERS,
    maxPlayers: rules.MAX_PLAYERS,
    info: 'imperfect',
    chance: true,
    categories: ['language-communication', 'social-deduction', 'hidden-information'],
    normalizedBy: { winRateAs: 'spy' }, // LLMArena's Table 1 (Undercover): the undercover's win rate
    humanMoveSeconds: 120,
    orderDrawn: true,
    promptSwitches: PROMPT_SWITCHES,
    settingsPresets: [
      {
        label: 'calibration run',
        help: 'Content-free: every description is “...”, so the votes show only position and name biases (see Metrics › Who is the spy).',
        config: { contentFree: true, naming: 'first-names' },
      },
    ],
  },
  // Watching the words and the private reasoning play out is the point of this game, so live spectators see
  // everything unless the match is blind (the hub also withholds it from any match with a person in it).
  spectatorsSeeAll: (config) => !config.blind,
  defaultPlayers: (config) => (config.preset === 'undercover' ? 5 : 4),
  // Host/guest: the evaluated agent is the spy (it is not told), the hosts are the villagers.
  hostGuest: {
    config: (config, guestSeat, numPlayers) => ({
      ...config,
      spySeats: Array.from({ length: config.spies }, (_, i) => (guestSeat + i) % numPlayers),
    }),
  },
  rules: {
    summary:
      'A word game of hidden roles (the SpyGame paper’s “Who is the spy”, LLMArena’s Undercover). Most players share one secret word; the spy has a different but related one (moon and sun). Nobody is told their role. Each round everyone describes their word without saying it, then everyone votes; the most-voted player is out. The villagers win by voting out the spy; the spy wins by surviving.',
    topics: {
      setup: `3–8 players; fewer than half are spies (one by default). A keyword pair is drawn from the shipped set (keywords.json, version ${KEYWORDS_VERSION}: at least 60 pairs in English and Chinese across science, culture, food, animals, technology and places), and which word the spies get is drawn too, so every pair is played in both directions.`,
      speaking:
        'Each round every surviving player speaks once, in an order drawn afresh for the round. A description must not contain the player’s word or a recognisable form of it (any case, plurals and other endings, inside a longer word), nor, for a Chinese word, any one of its characters (the paper’s rule), and must not repeat an earlier description; such an answer is refused with the reason and the player tries again. A player who gives no acceptable description says nothing that turn.',
      probes:
        'Right before the first vote every player answers theory-of-mind questions (the SpyGame paper’s): do you think you are the spy; what is each other player’s word and role; and, based on your description, what will the other players guess your word and role to be. Answers are scored against the truth (and, for the second-order questions, against the other players’ own answers about you) on the metrics pages. Only the player and omniscient viewers see them.',
      voting:
        'Every survivor votes for another survivor, choosing from a list shown in its own random order. spygame votes in turn, as the paper’s Algorithm 1 does: one player at a time in the round’s speaking order, each vote shown to everyone as soon as it is cast, so later voters see the earlier votes. undercover votes sealed: all at once, the votes shown when all are in. The setting `voting` (`sequential` or `sealed`) overrides the preset’s. The most-voted player is out. A tie is voted again among the tied players only; still tied, nobody leaves that round.',
      presets:
        'spygame (4 players, 1 spy): rounds go on until the spy is out (villagers win) or the spies are as many as the villagers, i.e. two players left with one spy (the spy wins). undercover (5 players, 1 undercover): the same, but after at most 2 rounds the undercover wins if still in.',
      'bias-controls':
        'The speaking order is shuffled every round and each voter’s options are shuffled; both orders and the naming method (numbered “Player 1”, full names “Aaron One”, first names “Jack”) are recorded per match. A content-free calibration run (every description is “...”) shows a model’s pure position and name biases on the bias page.',
      'answer-format':
        'Models answer in labelled lines: GUESS (what the other word might be), REASONING (who the spy is, am I?) and DESCRIPTION when speaking; GUESS, REASONING and VOTE when voting (VOTE names one of the listed players); the probe answers line by line. An agent can be set to leave out GUESS or REASONING (the paper’s ablations).',
      'hidden-information':
        'A player sees only its own word, never its role, and never another player’s word, guess or reasoning. Spectators of a running match see everything — both words, the roles, each player’s guesses and reasoning — because watching that play out is the point; a match can be made blind (spectators see only what every player sees), and a match with a person in it is always blind while it runs. Replays show everything.',
      scoring:
        'The winning side shares the point equally (a lone spy who wins scores 1); rewards are 1 for each winner and 0 otherwise.',
    },
  },
});
