// Codenames' `gamebench` hook (gamebench.ts): GameBench's observation text and menus for a real position, equal to
// what GameBench's own code prints for it; every id it lists resolving to a move the rules accept, every legal move
// reachable; and GameBench's random baseline over these menus (gamebenchRandomAction) against their code's figures.
import { describe, expect, it } from 'vitest';
import { gamebenchRandomAction } from '../../lib/engine/gamebench-random';
import type { GameBenchTurn } from '../../lib/engine/gamebench-turn';
import { createRng } from '../../lib/engine/rng';
import { codenames } from '.';
import { GAMEBENCH_RULES_TEXT } from './gamebench';
import {
  activeSeats,
  apply,
  configSchema,
  legalActions,
  outcome,
  reject,
  setup,
  startWith,
  view,
  type CnAction,
  type CnConfig,
  type CnState,
  type Color,
} from './rules';

const preset = codenames.meta.settingsPresets.find((p) => p.label === 'gamebench')!;
const cfg = codenames.parseConfig(preset.config) as CnConfig;
const turnOf = (s: CnState, seat: number): GameBenchTurn =>
  codenames.gamebench!(view(s, { seat }), seat, legalActions(s, seat), cfg);
const str = (v: string) => ({ t: 'str' as const, v });

interface Printed {
  role: string;
  observation: string;
  instructions: string;
  predefined: [string, string][];
  openended: [string, string][];
}

// Printed by GameBench's own code on this position: `GAMEBENCH_DIR=/tmp/GameBench python3
// games/codenames/gamebench-reference.py` (their games/codenames at HEAD, unchanged, driven by scripted agents through
// `_process_spymaster_turn` / `_process_operative_turn`; each entry is what one `take_action` call received). The
// moves: Red clue "OCEAN,2", guess_0 (ACE, red), guess_1 (ACROBAT, blue: the turn ends); Blue clue "TREE,1", guess_4
// (ALIEN, blue), end_turn; Red clue "" (GameBench's RandomAgent's reply: "None" for 1), then Red's operative's menu.
const GAMEBENCH_PRINTED: Printed[] = [
  {
    role: 'spymaster',
    observation:
      'Red Team Spymaster\n\nCurrent board:\nACE (RED) (HIDDEN)\nACROBAT (BLUE) (HIDDEN)\nACTOR (NEUTRAL) (HIDDEN)\nAGENT (RED) (HIDDEN)\nALIEN (BLUE) (HIDDEN)\nAMBULANCE (ASSASSIN) (HIDDEN)\nANCHOR (RED) (HIDDEN)\nANGEL (BLUE) (HIDDEN)\nANGLE (RED) (HIDDEN)\nANT (BLUE) (HIDDEN)\nAPP (NEUTRAL) (HIDDEN)\nAPPLE (RED) (HIDDEN)\nAPRON (BLUE) (HIDDEN)\nARM (RED) (HIDDEN)\nARMOR (BLUE) (HIDDEN)\nARTIST (RED) (HIDDEN)\nASH (BLUE) (HIDDEN)\nASTRONAUT (NEUTRAL) (HIDDEN)\nATOM (RED) (HIDDEN)\nBABY (BLUE) (HIDDEN)\nBACON (RED) (HIDDEN)\n\n\n',
    instructions:
      'Enter a one-word clue and the number of cards from your team that the clue relates to. In the following format: word,3',
    predefined: [],
    openended: [
      ['submit_clue', 'Submit a clue to help your team guess the cards. In the following format: word,number_of_cards'],
    ],
  },
  {
    role: 'operative',
    observation:
      "Red Team Operative\n\nCurrent board:\nACE (UNKNOWN) (HIDDEN)\nACROBAT (UNKNOWN) (HIDDEN)\nACTOR (UNKNOWN) (HIDDEN)\nAGENT (UNKNOWN) (HIDDEN)\nALIEN (UNKNOWN) (HIDDEN)\nAMBULANCE (UNKNOWN) (HIDDEN)\nANCHOR (UNKNOWN) (HIDDEN)\nANGEL (UNKNOWN) (HIDDEN)\nANGLE (UNKNOWN) (HIDDEN)\nANT (UNKNOWN) (HIDDEN)\nAPP (UNKNOWN) (HIDDEN)\nAPPLE (UNKNOWN) (HIDDEN)\nAPRON (UNKNOWN) (HIDDEN)\nARM (UNKNOWN) (HIDDEN)\nARMOR (UNKNOWN) (HIDDEN)\nARTIST (UNKNOWN) (HIDDEN)\nASH (UNKNOWN) (HIDDEN)\nASTRONAUT (UNKNOWN) (HIDDEN)\nATOM (UNKNOWN) (HIDDEN)\nBABY (UNKNOWN) (HIDDEN)\nBACON (UNKNOWN) (HIDDEN)\n\n\nYour clue is: 'OCEAN' for 2 cards. You have made 0 guesses so far.\n\n",
    instructions: 'Please guess a card based on the given clue.',
    predefined: [
      ['guess_0', 'Guess the word: ACE'],
      ['guess_1', 'Guess the word: ACROBAT'],
      ['guess_2', 'Guess the word: ACTOR'],
      ['guess_3', 'Guess the word: AGENT'],
      ['guess_4', 'Guess the word: ALIEN'],
      ['guess_5', 'Guess the word: AMBULANCE'],
      ['guess_6', 'Guess the word: ANCHOR'],
      ['guess_7', 'Guess the word: ANGEL'],
      ['guess_8', 'Guess the word: ANGLE'],
      ['guess_9', 'Guess the word: ANT'],
      ['guess_10', 'Guess the word: APP'],
      ['guess_11', 'Guess the word: APPLE'],
      ['guess_12', 'Guess the word: APRON'],
      ['guess_13', 'Guess the word: ARM'],
      ['guess_14', 'Guess the word: ARMOR'],
      ['guess_15', 'Guess the word: ARTIST'],
      ['guess_16', 'Guess the word: ASH'],
      ['guess_17', 'Guess the word: ASTRONAUT'],
      ['guess_18', 'Guess the word: ATOM'],
      ['guess_19', 'Guess the word: BABY'],
      ['guess_20', 'Guess the word: BACON'],
      ['end_turn', 'End your current turn.'],
    ],
    openended: [],
  },
  {
    role: 'operative',
    observation:
      "Red Team Operative\n\nCurrent board:\nACE (RED) (REVEALED)\nACROBAT (UNKNOWN) (HIDDEN)\nACTOR (UNKNOWN) (HIDDEN)\nAGENT (UNKNOWN) (HIDDEN)\nALIEN (UNKNOWN) (HIDDEN)\nAMBULANCE (UNKNOWN) (HIDDEN)\nANCHOR (UNKNOWN) (HIDDEN)\nANGEL (UNKNOWN) (HIDDEN)\nANGLE (UNKNOWN) (HIDDEN)\nANT (UNKNOWN) (HIDDEN)\nAPP (UNKNOWN) (HIDDEN)\nAPPLE (UNKNOWN) (HIDDEN)\nAPRON (UNKNOWN) (HIDDEN)\nARM (UNKNOWN) (HIDDEN)\nARMOR (UNKNOWN) (HIDDEN)\nARTIST (UNKNOWN) (HIDDEN)\nASH (UNKNOWN) (HIDDEN)\nASTRONAUT (UNKNOWN) (HIDDEN)\nATOM (UNKNOWN) (HIDDEN)\nBABY (UNKNOWN) (HIDDEN)\nBACON (UNKNOWN) (HIDDEN)\n\n\nYour clue is: 'OCEAN' for 2 cards. You have made 1 guesses so far.\n\n",
    instructions: 'Please guess a card based on the given clue.',
    predefined: [
      ['guess_1', 'Guess the word: ACROBAT'],
      ['guess_2', 'Guess the word: ACTOR'],
      ['guess_3', 'Guess the word: AGENT'],
      ['guess_4', 'Guess the word: ALIEN'],
      ['guess_5', 'Guess the word: AMBULANCE'],
      ['guess_6', 'Guess the word: ANCHOR'],
      ['guess_7', 'Guess the word: ANGEL'],
      ['guess_8', 'Guess the word: ANGLE'],
      ['guess_9', 'Guess the word: ANT'],
      ['guess_10', 'Guess the word: APP'],
      ['guess_11', 'Guess the word: APPLE'],
      ['guess_12', 'Guess the word: APRON'],
      ['guess_13', 'Guess the word: ARM'],
      ['guess_14', 'Guess the word: ARMOR'],
      ['guess_15', 'Guess the word: ARTIST'],
      ['guess_16', 'Guess the word: ASH'],
      ['guess_17', 'Guess the word: ASTRONAUT'],
      ['guess_18', 'Guess the word: ATOM'],
      ['guess_19', 'Guess the word: BABY'],
      ['guess_20', 'Guess the word: BACON'],
      ['end_turn', 'End your current turn.'],
    ],
    openended: [],
  },
  {
    role: 'spymaster',
    observation:
      "Blue Team Spymaster\n\nCurrent board:\nACE (RED) (REVEALED)\nACROBAT (BLUE) (REVEALED)\nACTOR (NEUTRAL) (HIDDEN)\nAGENT (RED) (HIDDEN)\nALIEN (BLUE) (HIDDEN)\nAMBULANCE (ASSASSIN) (HIDDEN)\nANCHOR (RED) (HIDDEN)\nANGEL (BLUE) (HIDDEN)\nANGLE (RED) (HIDDEN)\nANT (BLUE) (HIDDEN)\nAPP (NEUTRAL) (HIDDEN)\nAPPLE (RED) (HIDDEN)\nAPRON (BLUE) (HIDDEN)\nARM (RED) (HIDDEN)\nARMOR (BLUE) (HIDDEN)\nARTIST (RED) (HIDDEN)\nASH (BLUE) (HIDDEN)\nASTRONAUT (NEUTRAL) (HIDDEN)\nATOM (RED) (HIDDEN)\nBABY (BLUE) (HIDDEN)\nBACON (RED) (HIDDEN)\n\n\nLast Turn Hint: 'OCEAN', for 2 cards.\nLast Turn Guesses: ACE (guessed) - RED, ACROBAT (guessed) - BLUE",
    instructions:
      'Enter a one-word clue and the number of cards from your team that the clue relates to. In the following format: word,3',
    predefined: [],
    openended: [
      ['submit_clue', 'Submit a clue to help your team guess the cards. In the following format: word,number_of_cards'],
    ],
  },
  {
    role: 'operative',
    observation:
      "Blue Team Operative\n\nCurrent board:\nACE (RED) (REVEALED)\nACROBAT (BLUE) (REVEALED)\nACTOR (UNKNOWN) (HIDDEN)\nAGENT (UNKNOWN) (HIDDEN)\nALIEN (UNKNOWN) (HIDDEN)\nAMBULANCE (UNKNOWN) (HIDDEN)\nANCHOR (UNKNOWN) (HIDDEN)\nANGEL (UNKNOWN) (HIDDEN)\nANGLE (UNKNOWN) (HIDDEN)\nANT (UNKNOWN) (HIDDEN)\nAPP (UNKNOWN) (HIDDEN)\nAPPLE (UNKNOWN) (HIDDEN)\nAPRON (UNKNOWN) (HIDDEN)\nARM (UNKNOWN) (HIDDEN)\nARMOR (UNKNOWN) (HIDDEN)\nARTIST (UNKNOWN) (HIDDEN)\nASH (UNKNOWN) (HIDDEN)\nASTRONAUT (UNKNOWN) (HIDDEN)\nATOM (UNKNOWN) (HIDDEN)\nBABY (UNKNOWN) (HIDDEN)\nBACON (UNKNOWN) (HIDDEN)\n\n\nYour clue is: 'TREE' for 1 cards. You have made 0 guesses so far.\n\nLast Turn Hint: 'OCEAN', for 2 cards.\nLast Turn Guesses: ACE (guessed) - RED, ACROBAT (guessed) - BLUE",
    instructions: 'Please guess a card based on the given clue.',
    predefined: [
      ['guess_2', 'Guess the word: ACTOR'],
      ['guess_3', 'Guess the word: AGENT'],
      ['guess_4', 'Guess the word: ALIEN'],
      ['guess_5', 'Guess the word: AMBULANCE'],
      ['guess_6', 'Guess the word: ANCHOR'],
      ['guess_7', 'Guess the word: ANGEL'],
      ['guess_8', 'Guess the word: ANGLE'],
      ['guess_9', 'Guess the word: ANT'],
      ['guess_10', 'Guess the word: APP'],
      ['guess_11', 'Guess the word: APPLE'],
      ['guess_12', 'Guess the word: APRON'],
      ['guess_13', 'Guess the word: ARM'],
      ['guess_14', 'Guess the word: ARMOR'],
      ['guess_15', 'Guess the word: ARTIST'],
      ['guess_16', 'Guess the word: ASH'],
      ['guess_17', 'Guess the word: ASTRONAUT'],
      ['guess_18', 'Guess the word: ATOM'],
      ['guess_19', 'Guess the word: BABY'],
      ['guess_20', 'Guess the word: BACON'],
      ['end_turn', 'End your current turn.'],
    ],
    openended: [],
  },
  {
    role: 'operative',
    observation:
      "Blue Team Operative\n\nCurrent board:\nACE (RED) (REVEALED)\nACROBAT (BLUE) (REVEALED)\nACTOR (UNKNOWN) (HIDDEN)\nAGENT (UNKNOWN) (HIDDEN)\nALIEN (BLUE) (REVEALED)\nAMBULANCE (UNKNOWN) (HIDDEN)\nANCHOR (UNKNOWN) (HIDDEN)\nANGEL (UNKNOWN) (HIDDEN)\nANGLE (UNKNOWN) (HIDDEN)\nANT (UNKNOWN) (HIDDEN)\nAPP (UNKNOWN) (HIDDEN)\nAPPLE (UNKNOWN) (HIDDEN)\nAPRON (UNKNOWN) (HIDDEN)\nARM (UNKNOWN) (HIDDEN)\nARMOR (UNKNOWN) (HIDDEN)\nARTIST (UNKNOWN) (HIDDEN)\nASH (UNKNOWN) (HIDDEN)\nASTRONAUT (UNKNOWN) (HIDDEN)\nATOM (UNKNOWN) (HIDDEN)\nBABY (UNKNOWN) (HIDDEN)\nBACON (UNKNOWN) (HIDDEN)\n\n\nYour clue is: 'TREE' for 1 cards. You have made 1 guesses so far.\n\nLast Turn Hint: 'OCEAN', for 2 cards.\nLast Turn Guesses: ACE (guessed) - RED, ACROBAT (guessed) - BLUE",
    instructions: 'Please guess a card based on the given clue.',
    predefined: [
      ['guess_2', 'Guess the word: ACTOR'],
      ['guess_3', 'Guess the word: AGENT'],
      ['guess_5', 'Guess the word: AMBULANCE'],
      ['guess_6', 'Guess the word: ANCHOR'],
      ['guess_7', 'Guess the word: ANGEL'],
      ['guess_8', 'Guess the word: ANGLE'],
      ['guess_9', 'Guess the word: ANT'],
      ['guess_10', 'Guess the word: APP'],
      ['guess_11', 'Guess the word: APPLE'],
      ['guess_12', 'Guess the word: APRON'],
      ['guess_13', 'Guess the word: ARM'],
      ['guess_14', 'Guess the word: ARMOR'],
      ['guess_15', 'Guess the word: ARTIST'],
      ['guess_16', 'Guess the word: ASH'],
      ['guess_17', 'Guess the word: ASTRONAUT'],
      ['guess_18', 'Guess the word: ATOM'],
      ['guess_19', 'Guess the word: BABY'],
      ['guess_20', 'Guess the word: BACON'],
      ['end_turn', 'End your current turn.'],
    ],
    openended: [],
  },
  {
    role: 'spymaster',
    observation:
      "Red Team Spymaster\n\nCurrent board:\nACE (RED) (REVEALED)\nACROBAT (BLUE) (REVEALED)\nACTOR (NEUTRAL) (HIDDEN)\nAGENT (RED) (HIDDEN)\nALIEN (BLUE) (REVEALED)\nAMBULANCE (ASSASSIN) (HIDDEN)\nANCHOR (RED) (HIDDEN)\nANGEL (BLUE) (HIDDEN)\nANGLE (RED) (HIDDEN)\nANT (BLUE) (HIDDEN)\nAPP (NEUTRAL) (HIDDEN)\nAPPLE (RED) (HIDDEN)\nAPRON (BLUE) (HIDDEN)\nARM (RED) (HIDDEN)\nARMOR (BLUE) (HIDDEN)\nARTIST (RED) (HIDDEN)\nASH (BLUE) (HIDDEN)\nASTRONAUT (NEUTRAL) (HIDDEN)\nATOM (RED) (HIDDEN)\nBABY (BLUE) (HIDDEN)\nBACON (RED) (HIDDEN)\n\n\nLast Turn Hint: 'TREE', for 1 cards.\nLast Turn Guesses: ALIEN (guessed) - BLUE",
    instructions:
      'Enter a one-word clue and the number of cards from your team that the clue relates to. In the following format: word,3',
    predefined: [],
    openended: [
      ['submit_clue', 'Submit a clue to help your team guess the cards. In the following format: word,number_of_cards'],
    ],
  },
  {
    role: 'operative',
    observation:
      "Red Team Operative\n\nCurrent board:\nACE (RED) (REVEALED)\nACROBAT (BLUE) (REVEALED)\nACTOR (UNKNOWN) (HIDDEN)\nAGENT (UNKNOWN) (HIDDEN)\nALIEN (BLUE) (REVEALED)\nAMBULANCE (UNKNOWN) (HIDDEN)\nANCHOR (UNKNOWN) (HIDDEN)\nANGEL (UNKNOWN) (HIDDEN)\nANGLE (UNKNOWN) (HIDDEN)\nANT (UNKNOWN) (HIDDEN)\nAPP (UNKNOWN) (HIDDEN)\nAPPLE (UNKNOWN) (HIDDEN)\nAPRON (UNKNOWN) (HIDDEN)\nARM (UNKNOWN) (HIDDEN)\nARMOR (UNKNOWN) (HIDDEN)\nARTIST (UNKNOWN) (HIDDEN)\nASH (UNKNOWN) (HIDDEN)\nASTRONAUT (UNKNOWN) (HIDDEN)\nATOM (UNKNOWN) (HIDDEN)\nBABY (UNKNOWN) (HIDDEN)\nBACON (UNKNOWN) (HIDDEN)\n\n\nYour clue is: 'None' for 1 cards. You have made 0 guesses so far.\n\nLast Turn Hint: 'TREE', for 1 cards.\nLast Turn Guesses: ALIEN (guessed) - BLUE",
    instructions: 'Please guess a card based on the given clue.',
    predefined: [
      ['guess_2', 'Guess the word: ACTOR'],
      ['guess_3', 'Guess the word: AGENT'],
      ['guess_5', 'Guess the word: AMBULANCE'],
      ['guess_6', 'Guess the word: ANCHOR'],
      ['guess_7', 'Guess the word: ANGEL'],
      ['guess_8', 'Guess the word: ANGLE'],
      ['guess_9', 'Guess the word: ANT'],
      ['guess_10', 'Guess the word: APP'],
      ['guess_11', 'Guess the word: APPLE'],
      ['guess_12', 'Guess the word: APRON'],
      ['guess_13', 'Guess the word: ARM'],
      ['guess_14', 'Guess the word: ARMOR'],
      ['guess_15', 'Guess the word: ARTIST'],
      ['guess_16', 'Guess the word: ASH'],
      ['guess_17', 'Guess the word: ASTRONAUT'],
      ['guess_18', 'Guess the word: ATOM'],
      ['guess_19', 'Guess the word: BABY'],
      ['guess_20', 'Guess the word: BACON'],
      ['end_turn', 'End your current turn.'],
    ],
    openended: [],
  },
];

const WORDS =
  'ACE ACROBAT ACTOR AGENT ALIEN AMBULANCE ANCHOR ANGEL ANGLE ANT APP APPLE APRON ARM ARMOR ARTIST ASH ASTRONAUT ATOM BABY BACON'.split(
    ' ',
  );
const KIND: Record<string, Color> = { R: 'red', B: 'blue', N: 'neutral', A: 'assassin' };
const KEY = [...'RBNRBARBRBNRBRBRBNRBR'].map((k) => KIND[k]!);

describe('codenames gamebench hook: GameBench’s own texts and menus', () => {
  it('shows GameBench’s rules verbatim', () => {
    const t = turnOf(setup(createRng('r'), cfg, 4), 0);
    expect(t.source).toBe('gamebench');
    expect(t.title).toBe('Codenames');
    expect(t.details!.map(([h]) => h)).toEqual([
      'Roles',
      'Turn Structure',
      'Winning Conditions',
      'Forbidden Actions',
      'Scoring',
      'Special Rules',
    ]);
    expect(t.details![2]![1]).toContain('guessioutpg');
    expect(t.summary).toBe(GAMEBENCH_RULES_TEXT.summary);
  });

  it('equals what GameBench’s code prints for the same position, move by move', () => {
    let s = startWith(cfg, WORDS, KEY);
    const shown: Printed[] = [];
    // Each move as GameBench's agents made it: the id (and the open-ended response) resolved through the hook.
    const play = (id: string, response?: string) => {
      const seat = activeSeats(s)[0]!;
      const t = turnOf(s, seat);
      shown.push({
        role: seat % 2 === 0 ? 'spymaster' : 'operative',
        observation: t.observation,
        instructions: t.instructions,
        predefined: t.predefined.map((a) => [a.id, a.description!]),
        openended: t.openended.map((a) => [a.id, a.description!]),
      });
      const choice = t.resolve(id, response === undefined ? undefined : str(response));
      if (!('action' in choice)) throw new Error(JSON.stringify(choice));
      expect(reject(s, seat, choice.action as CnAction)).toBeNull();
      s = apply(s, seat, choice.action as CnAction, createRng('x'));
    };
    play('submit_clue', 'OCEAN,2');
    play('guess_0');
    play('guess_1');
    play('submit_clue', 'TREE,1');
    play('guess_4');
    play('end_turn');
    play('submit_clue', '');
    const last = turnOf(s, 1);
    shown.push({
      role: 'operative',
      observation: last.observation,
      instructions: last.instructions,
      predefined: last.predefined.map((a) => [a.id, a.description!]),
      openended: [],
    });
    // The one difference: the arena keeps a clue in capitals, so GameBench's "None" is shown as NONE.
    const expected = GAMEBENCH_PRINTED.map((p) => ({ ...p, observation: p.observation.replace("'None'", "'NONE'") }));
    expect(shown).toEqual(expected);
    expect(GAMEBENCH_PRINTED.at(-1)!.observation).toContain("Your clue is: 'None' for 1 cards.");
  });

  it('never shows an operative a colour its view lacks', () => {
    const s = apply(startWith(cfg, WORDS, KEY), 0, { type: 'clue', word: 'OCEAN', count: 2 }, createRng('x'));
    const obs = turnOf(s, 1).observation;
    expect(obs).not.toMatch(/\((RED|BLUE|NEUTRAL|ASSASSIN)\) \(HIDDEN\)/);
    expect(obs.match(/\(UNKNOWN\) \(HIDDEN\)/g)).toHaveLength(21);
  });

  it('reads clues as GameBench’s code does', () => {
    const s = startWith(cfg, WORDS, KEY);
    const r = (v: string | undefined) => turnOf(s, 0).resolve('submit_clue', v === undefined ? undefined : str(v));
    expect(r('ocean,2')).toEqual({ action: { type: 'clue', word: 'ocean', count: 2 } });
    expect(r('ocean, +3 ')).toEqual({ action: { type: 'clue', word: 'ocean', count: 3 } });
    expect(r('ocean,1_0')).toEqual({ action: { type: 'clue', word: 'ocean', count: 9 } });
    for (const none of ['', 'ocean', 'ocean 2', 'a,b,2', 'ocean,two', 'ocean,2.0'])
      expect(r(none)).toEqual({ action: { type: 'clue', word: 'None', count: 1 } });
    expect(r('ocean,-1')).toMatchObject({ error: expect.stringMatching(/negative/) });
    expect(r(',2')).toMatchObject({ error: expect.stringMatching(/empty/) });
    expect(r(undefined)).toMatchObject({ error: expect.stringMatching(/text/) });
    expect(turnOf(s, 0).resolve('guess_0', undefined)).toMatchObject({ error: expect.any(String) });
  });

  it('under the default rules, end_turn before a guess is an error (the arena asks for a guess first)', () => {
    const d = configSchema.parse({});
    const s = apply(setup(createRng('d'), d, 4), 0, { type: 'clue', word: 'OCEAN', count: 1 }, createRng('x'));
    const t = codenames.gamebench!(view(s, { seat: 1 }), 1, legalActions(s, 1), d);
    expect(t.predefined).toHaveLength(26);
    expect(t.resolve('end_turn', undefined)).toMatchObject({ error: expect.stringMatching(/guess a card first/) });
  });
});

describe('codenames gamebench hook: seeded random playouts under the preset', () => {
  it('resolves every listed id to an accepted move and reaches every legal move', () => {
    for (let m = 0; m < 40; m++) {
      const rng = createRng(`cn-gb-reach-${m}`);
      let s = setup(rng, cfg, 4);
      while (!outcome(s)) {
        const seat = activeSeats(s)[0]!;
        const legal = legalActions(s, seat);
        const t = turnOf(s, seat);
        if (legal === null) {
          expect(t.predefined).toEqual([]);
          for (const v of ['', 'river,3', 'x,0', 'word,12']) {
            const c = t.resolve('submit_clue', str(v));
            expect(c).toHaveProperty('action');
            expect(reject(s, seat, (c as { action: CnAction }).action)).toBeNull();
          }
        } else {
          const reached = t.predefined.map((a) => {
            const c = t.resolve(a.id, undefined);
            if (!('action' in c)) throw new Error(`${a.id}: ${JSON.stringify(c)}`);
            expect(reject(s, seat, c.action as CnAction)).toBeNull();
            return JSON.stringify(c.action);
          });
          expect(new Set(reached)).toEqual(new Set(legal.map((a) => JSON.stringify(a))));
        }
        const r = gamebenchRandomAction(t, rng);
        if (!('action' in r)) throw new Error(r.error);
        s = apply(s, seat, r.action as CnAction, rng);
      }
    }
  });
});

// GameBench's own code, its RandomAgent in all four seats, `random.seed(i)` for i < 20000 (gamebench.test.tsx,
// scripts/reference/gamebench_random.py): Red wins 0.490, the assassin ends 0.8407, 8.4635 clues a match.
const GAMEBENCH_RANDOM = { redWinRate: 0.49, assassinEndings: 0.8407, meanTurns: 8.4635 };

describe('codenames gamebench hook: GameBench’s random baseline over its menus', () => {
  it('matches their code’s random-vs-random figures within 3 standard errors', () => {
    const n = 600;
    let red = 0;
    let assassin = 0;
    const turns: number[] = [];
    for (let i = 0; i < n; i++) {
      const rng = createRng(`cn-gb-random-${i}`);
      let s = setup(rng, cfg, 4);
      while (!outcome(s)) {
        const seat = activeSeats(s)[0]!;
        const r = gamebenchRandomAction(turnOf(s, seat), rng);
        if (!('action' in r)) throw new Error(r.error);
        s = apply(s, seat, r.action as CnAction, rng);
      }
      if (s.over!.winner === 'Red') red++;
      if (s.over!.assassin) assassin++;
      turns.push(s.history.length);
      // The RandomAgent's "" is always the clue "None" for 1 (game.py L167-169).
      expect(s.history.every((h) => h.word === 'NONE' && h.count === 1)).toBe(true);
    }
    const mean = turns.reduce((a, b) => a + b, 0) / n;
    const sd = Math.sqrt(turns.reduce((a, b) => a + (b - mean) ** 2, 0) / (n - 1));
    const r = { redWinRate: red / n, assassinEndings: assassin / n, meanTurns: mean };
    console.log('codenames gamebench preset, gamebenchRandomAction:', JSON.stringify({ n, ...r, sdTurns: sd }));
    const se = (p: number) => Math.sqrt((p * (1 - p)) / n);
    expect(Math.abs(r.redWinRate - GAMEBENCH_RANDOM.redWinRate)).toBeLessThan(3 * se(0.49));
    expect(Math.abs(r.assassinEndings - GAMEBENCH_RANDOM.assassinEndings)).toBeLessThan(3 * se(0.8407));
    expect(Math.abs(r.meanTurns - GAMEBENCH_RANDOM.meanTurns)).toBeLessThan((3 * sd) / Math.sqrt(n));
  }, 60_000);
});
