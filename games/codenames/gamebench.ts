// Codenames as GameBench's own code shows its turns (issue 38, items 1–2): the `gamebench` hook of the game's
// definition (lib/engine/gamebench-turn.ts), read by GameBench's agent (lib/agents/gamebench-gpt.ts) and by GameBench's
// random baseline under the `gamebench` preset (lib/engine/gamebench-random.ts). Pure; from the seat's view only.
//
// WHAT IS GAMEBENCH'S, VERBATIM (Joshuaclymer/GameBench at HEAD, games/codenames)
// - The rules: config.py L410-425 (`codenames_rules`: title, summary, the six additional_details in their order, typos
//   such as "guessioutpg" kept).
// - The observation: game.py L85-91 (`{team} {role}`, "Current board:", one line a card: `WORD (TYPE) (STATE)`, the
//   type RED / BLUE / NEUTRAL / ASSASSIN for a spymaster and for revealed cards, UNKNOWN for an operative's hidden
//   ones, as the arena's view gives them: an operative's view has no key), L93-98 (spymaster: "\n\n" and the last hint
//   of the other team), L106-116 (operative: "Your clue is: '<clue>' for N cards. You have made K guesses so far."
//   when there is a clue, then the other team's last hint), L124-134 (`Last Turn Hint: '<clue>', for N cards.` and
//   `Last Turn Guesses: WORD (guessed) - TYPE, …`: the other team's latest clue and the guesses made on it, L202-204
//   and L240-244; nothing before that team's first clue).
// - The menus: L103-104 (the spymaster: no predefined action, the open-ended `submit_clue`, its instructions and
//   description), L121-122 and L136-143 (the operative: `guess_<index>` "Guess the word: WORD" for every hidden card
//   in board order, then `end_turn` "End your current turn."; the guesses are listed whenever the operative is on
//   turn, as the turn ends at N + 1 guesses).
// - Reading a clue: L163-172. The response is split on ","; two parts whose second is a whole number (Python's
//   `int`: spaces, a sign, underscores between digits) give the clue (the first part, as written) and the number;
//   anything else, the empty response GameBench's RandomAgent always sends ("" splits into one part) included, gives
//   "None" for 1 (L167-169), which the arena plays as its clue NONE for 1 (the preset's fallback clue too). A negative
//   number raises in their code (L170-171): here an error.
//
// WHERE THE ARENA DIFFERS (and what an id resolves to)
// - The clue as shown: the arena keeps a clue trimmed and in capitals (rules.ts `apply`), so a later observation says
//   'NONE' where GameBench's says 'None', 'OCEAN' for "ocean". A number above 9 (GameBench takes any) is played as 9:
//   9 already allows 10 guesses, more than a team's 9 words, so play is the same; only the number shown differs. An
//   empty clue word (",2"), which GameBench would take, is an error: the arena's rules need a word.
// - A response that is not text (a number, a list, absent): their code's `.split` raises (L165 catches only
//   ValueError): an error here.
// - `end_turn` before any guess is GameBench's (game.py L142) and the preset's (`stopFirst`); under the arena's default
//   rules an operative must guess first, and the id resolves to an error saying so. Under the default rules the board
//   has 25 cards and a 0 clue is unlimited: the menus are still GameBench's, built from the board the view shows.
// - An id GameBench does not list is an error; GameBench's own stand-ins for one (a spymaster's invalid id: "None" for
//   1, L251-254; an operative's: a random listed id, L264-265) are the arena's fallback's business (rules.ts
//   `fallback`: NONE for 1; the first hidden word, or stop).
// - Not shown, as GameBench shows none of it: the arena's counts of words left, points, the whole history.
import type { GameBenchAction, GameBenchChoice, GameBenchTurn } from '../../lib/engine/gamebench-turn';
import type { PyValue } from '../../lib/python-literal';
import type { Seat } from '../../lib/engine/types';
import {
  MAX_CLUE_NUMBER,
  roleOf,
  teamOf,
  type CnAction,
  type CnConfig,
  type CnView,
  type Color,
  type Team,
} from './rules';

export const GAMEBENCH_RULES_TEXT = {
  title: 'Codenames',
  summary:
    "A strategic game of guessing and deduction where two teams, Red and Blue, compete to identify their team's words on a grid based on one-word clues given by their Spymasters. The game ends when all words of one team are guessed, or the assassin word is chosen.",
  details: [
    [
      'Roles',
      "Spymaster: Knows which words correspond to which team / the assassin. Gives one-word clues that relate to any number of their team's words on the board.\nOperative: Guesses words belonging to their team based on the Spymaster's clues. Aims to avoid words not belonging to their team and the assassin word.",
    ],
    [
      'Turn Structure',
      "Spymaster's Turn: Give a clue to their operative and a number indicating how many words relate to that clue. Operative's Turn: Guess words, aiming to find all their team's words. After each guess, if the word is not their team's, the turn ends. If the word is their team's, they can guess again. If the word is the assassin word, the game ends and their team loses. An operative can make up to N+1 guesses, where N is the number of cards given by the Spymaster.",
    ],
    [
      'Winning Conditions',
      'A team wins by correctly guessioutpg all their words. Game ends immediately if the assassin word is guessed and the team who guessed it loses.',
    ],
    [
      'Forbidden Actions',
      'Spymasters cannot use part or any form of the words on the board in their clues. Spymasters cannot use words that sound like words on the board in their clues. Clues must be exactly one word and one number.',
    ],
    [
      'Scoring',
      'Points are awarded based on the number of correct guesses by each team. If a team guesses the assassin word, they receive a score of 0.',
    ],
    [
      'Special Rules',
      "If zero words are related to the clue, the Spymaster can give a clue of '0' and the Operative can guess an unlimited number of words.",
    ],
  ],
} as const;

const TYPE: Record<Color, string> = { red: 'RED', blue: 'BLUE', neutral: 'NEUTRAL', assassin: 'ASSASSIN' };

export const SPYMASTER_INSTRUCTIONS =
  'Enter a one-word clue and the number of cards from your team that the clue relates to. In the following format: word,3';
export const SUBMIT_CLUE: GameBenchAction = {
  id: 'submit_clue',
  description: 'Submit a clue to help your team guess the cards. In the following format: word,number_of_cards',
};
export const OPERATIVE_INSTRUCTIONS = 'Please guess a card based on the given clue.';
export const END_TURN: GameBenchAction = { id: 'end_turn', description: 'End your current turn.' };

/** game.py L124-134: the other team's latest clue and the guesses made on it ("" before its first clue). */
function lastHintInfo(v: CnView, team: Team): string {
  const last = [...v.history].reverse().find((h) => h.team !== team);
  if (!last) return '';
  const guesses = last.guesses.map((g) => `${g.word} (guessed) - ${TYPE[g.color]}`).join(', ');
  return `Last Turn Hint: '${last.word}', for ${last.count} cards.\nLast Turn Guesses: ${guesses}`;
}

/** game.py L85-91, L93-98, L106-116: the observation text for the seat. */
export function gamebenchObservation(v: CnView, seat: Seat): string {
  const spymaster = roleOf(seat) === 'spymaster';
  let text = `${v.turn} Team ${spymaster ? 'Spymaster' : 'Operative'}\n\nCurrent board:\n`;
  v.words.forEach((word, i) => {
    const revealed = v.revealed[i];
    const color = spymaster && v.key ? v.key[i]! : revealed;
    text += `${word} (${color ? TYPE[color] : 'UNKNOWN'}) (${revealed ? 'REVEALED' : 'HIDDEN'})\n`;
  });
  if (!spymaster && v.clue && v.clue.word)
    text += `\n\nYour clue is: '${v.clue.word}' for ${v.clue.count} cards. You have made ${v.guessesMade} guesses so far.`;
  return text + '\n\n' + lastHintInfo(v, teamOf(seat));
}

/** Python's `int(text)` for the clue's number: whitespace, a sign, digits with single underscores between. */
function pyInt(text: string): number | null {
  const m = /^[\s]*([+-]?)(\d+(?:_\d+)*)[\s]*$/.exec(text);
  return m ? Number(m[1] + m[2]!.replace(/_/g, '')) : null;
}

/** game.py L163-172: the clue an open-ended response gives, as the arena's action, or why none. */
export function readClue(response: PyValue | undefined): { action: CnAction } | { error: string } {
  if (!response || response.t !== 'str')
    return {
      error:
        'submit_clue needs its openended_response as text ("word,number"); GameBench’s code fails on anything else',
    };
  const parts = response.v.split(',');
  const n = parts.length === 2 ? pyInt(parts[1]!) : null;
  // L167-169: a response that does not read as "word,number" (the RandomAgent's "" too) is the clue "None" for 1.
  const [word, count] = n === null ? ['None', 1] : [parts[0]!, n];
  if (count < 0) return { error: 'the number of cards must not be negative (GameBench’s code raises on it)' };
  if (!word.trim()) return { error: 'the clue word is empty: write "word,number", e.g. "ocean,2"' };
  return { action: { type: 'clue', word: word.trim(), count: Math.min(count, MAX_CLUE_NUMBER) } };
}

const sameAction = (a: CnAction, b: CnAction) => JSON.stringify(a) === JSON.stringify(b);

/** The turn as GameBench's code shows it to `seat` (the `gamebench` hook of the game's definition). */
export function gamebenchTurn(v: CnView, seat: Seat, legal: CnAction[] | null, _config: CnConfig): GameBenchTurn {
  const base = {
    source: 'gamebench' as const,
    title: GAMEBENCH_RULES_TEXT.title,
    summary: GAMEBENCH_RULES_TEXT.summary,
    details: GAMEBENCH_RULES_TEXT.details,
    observation: gamebenchObservation(v, seat),
  };
  if (roleOf(seat) === 'spymaster') {
    return {
      ...base,
      instructions: SPYMASTER_INSTRUCTIONS,
      predefined: [],
      openended: [SUBMIT_CLUE],
      resolve(id, response): GameBenchChoice {
        if (id !== SUBMIT_CLUE.id) return { error: `${id} is not one of GameBench’s actions: submit_clue` };
        if (legal !== null) return { error: 'it is not this spymaster’s turn to give a clue' };
        return readClue(response);
      },
    };
  }
  const guesses = v.words.flatMap((word, i) =>
    v.revealed[i] ? [] : [{ id: `guess_${i}`, description: `Guess the word: ${word}`, word }],
  );
  return {
    ...base,
    instructions: OPERATIVE_INSTRUCTIONS,
    predefined: [...guesses.map(({ id, description }) => ({ id, description })), END_TURN],
    openended: [],
    resolve(id): GameBenchChoice {
      const g = guesses.find((x) => x.id === id);
      const action: CnAction | null = g
        ? { type: 'guess', word: g.word }
        : id === END_TURN.id
          ? { type: 'stop' }
          : null;
      if (!action)
        return { error: `${id} is not one of GameBench’s actions (guess_<index> of a hidden card, end_turn)` };
      if (legal?.some((a) => sameAction(a, action))) return { action };
      if (action.type === 'stop')
        return {
          error:
            'end_turn before any guess is GameBench’s rule (its preset’s), not the arena’s default: guess a card first',
        };
      return { error: `${id} is not a move the arena allows now` };
    },
  };
}
