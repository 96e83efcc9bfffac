// Hold'em prompts: the system and turn text, the exact answer formats and the forgiving parser.
import { describe, expect, it } from 'vitest';
import { createRng } from '../../lib/engine/rng';
import { FULL_DECK, type Card } from './hand';
import { prompt } from './prompt';
import { apply, configSchema, legalActions, newMatch, setup, view, type HoldemAction, type HoldemState } from './rules';

const cfg = configSchema.parse({});
const rig = (top: string): Card[] => [...top.split(' '), ...FULL_DECK.filter((c) => !top.split(' ').includes(c))];
/** Player 1 (button) Ah Kd, Player 2 Qs Qc, board Ks 7h 2c 3d 9s. */
const fresh = () => newMatch(cfg, rig('Ah Kd Qs Qc Ks 7h 2c 3d 9s'));
const start = fresh();
const PREFLOP = legalActions(start, 0);
const parse = (reply: string, legal: HoldemAction[] | null = PREFLOP) => prompt.parse(reply, 0, legal);
const byType = (s: HoldemState, type: HoldemAction['type']) => legalActions(s, s.toMove!).find((a) => a.type === type)!;

describe('format', () => {
  it('writes each action with its amount', () => {
    expect(PREFLOP.map((a) => prompt.format(a, 0))).toEqual([
      'Fold',
      'Call 1',
      'Raise half pot (to 4)',
      'Raise full pot (to 6)',
      'All-in (99)',
    ]);
    expect(prompt.format({ type: 'check-call', amount: 0 }, 1)).toBe('Check');
  });

  it('writes the bare names when the amounts are absent', () => {
    expect(prompt.format({ type: 'check-call' }, 0)).toBe('Call');
    expect(prompt.format({ type: 'raise-half-pot' }, 0)).toBe('Raise half pot');
    expect(prompt.format({ type: 'raise-full-pot' }, 0)).toBe('Raise full pot');
    expect(prompt.format({ type: 'all-in' }, 0)).toBe('All-in');
  });

  it('round-trips through parse for every legal action of random positions, with and without the legal list', () => {
    for (let i = 0; i < 60; i++) {
      const rng = createRng(`round-${i}`);
      let s = setup(rng, configSchema.parse({ hands: 3 }));
      while (!s.ended) {
        const seat = s.toMove!;
        const legal = legalActions(s, seat);
        for (const a of legal) {
          expect(prompt.parse(prompt.format(a, seat), seat, legal)).toEqual({ action: a });
          expect(prompt.parse(prompt.format(a, seat), seat, null)).toEqual({ action: a });
        }
        s = apply(s, seat, rng.pick(legal), rng);
      }
    }
  });
});

describe('parse', () => {
  const [fold, call, half, full, allIn] = PREFLOP as [
    HoldemAction,
    HoldemAction,
    HoldemAction,
    HoldemAction,
    HoldemAction,
  ];

  it.each([
    ['Fold', fold],
    ['fold', fold],
    ['**Fold**', fold],
    ['I fold.', fold],
    ['Call 1', call],
    ['call', call],
    ['CALL', call],
    ['`Call 1`', call],
    ['```\nCall 1\n```', call],
    ['I call.', call],
    ['check-call', call],
    ['Check/Call', call],
    ['Raise half pot (to 4)', half],
    ['raise half pot', half],
    ['RAISE_HALF_POT', half],
    ['raise-half-pot', half],
    ['half-pot raise', half],
    ['I bet half the pot', half],
    ['Raise full pot (to 6)', full],
    ['raise full pot', full],
    ['raise pot', full],
    ['pot-sized raise', full],
    ['raise_full_pot', full],
    ['All-in (99)', allIn],
    ['all-in', allIn],
    ['all in', allIn],
    ['allin', allIn],
    ['ALL_IN', allIn],
    ['I go all in!', allIn],
    ['Answer: call', call],
    ['Final answer: **All-in (99)**', allIn],
    ['## Action: Raise half pot', half],
    ['- Raise full pot (to 6)', full],
    ['"Fold"', fold],
  ])('reads %j', (reply, action) => {
    expect(parse(reply)).toEqual({ action });
  });

  it('takes the last answer line after reasoning that names other moves', () => {
    const reply = [
      'Ace-king suited is strong. Folding would be a waste, and a call is too passive.',
      'I could go all-in, but a raise keeps weaker hands in.',
      '',
      '**Raise full pot (to 6)**',
    ].join('\n');
    expect(parse(reply)).toEqual({ action: full });
  });

  it('when two answer lines are written, the last counts', () => {
    expect(parse('Call 1\nOn second thought the pot odds are poor.\nFold')).toEqual({ action: fold });
    expect(parse('Fold\nNo wait:\nAll-in (99)')).toEqual({ action: allIn });
  });

  it('reads an answer after a label inside a sentence, then the last move named', () => {
    expect(parse('My action: fold. I do not want to risk more chips.')).toEqual({ action: fold });
    expect(parse('I will not fold here; I call.')).toEqual({ action: call });
  });

  it('keeps a check facing a bet as a check, for reject to refuse', () => {
    expect(parse('Check')).toEqual({ action: { type: 'check-call', amount: 0 } });
  });

  it('with nothing to call, "check" and "call" both give the check', () => {
    const s = apply(start, 0, call, createRng('x'));
    const legal = legalActions(s, 1);
    expect(prompt.parse('Check', 1, legal)).toEqual({ action: { type: 'check-call', amount: 0 } });
    expect(prompt.parse('call', 1, legal)).toEqual({ action: { type: 'check-call', amount: 0 } });
    // A fold is not listed: the bare action goes to reject, which explains.
    expect(prompt.parse('Fold', 1, legal)).toEqual({ action: { type: 'fold' } });
  });

  it('a move that is not listed is read as written, for reject to explain', () => {
    const short = apply(
      newMatch(configSchema.parse({ startingChips: 10 }), rig('Ah Kd Qs Qc')),
      0,
      { type: 'raise-full-pot' },
      createRng('x'),
    );
    const legal = legalActions(short, 1);
    expect(prompt.parse('Raise full pot', 1, legal)).toEqual({ action: { type: 'raise-full-pot' } });
    expect(prompt.parse('Raise full pot (to 18)', 1, legal)).toEqual({ action: { type: 'raise-full-pot', to: 18 } });
  });

  it('without a legal list keeps the amounts written', () => {
    expect(parse('Call 4', null)).toEqual({ action: { type: 'check-call', amount: 4 } });
    expect(parse('call', null)).toEqual({ action: { type: 'check-call' } });
    expect(parse('Raise half pot (to 6)', null)).toEqual({ action: { type: 'raise-half-pot', to: 6 } });
    expect(parse('raise full pot', null)).toEqual({ action: { type: 'raise-full-pot' } });
    expect(parse('All-in (98)', null)).toEqual({ action: { type: 'all-in', amount: 98 } });
    expect(parse('All in for 98 chips', null)).toEqual({ action: { type: 'all-in', amount: 98 } });
  });

  it('with a legal list the rules decide the amounts, whatever number was written', () => {
    expect(parse('Raise half pot (to 40)')).toEqual({ action: half });
  });

  it('ignores words that only contain a move', () => {
    expect(parse('Calling and folding are both poor; recall the odds. Raise half pot')).toEqual({ action: half });
  });

  it('returns an error with the expected format for replies without a move', () => {
    for (const reply of ['', 'I am not sure.', 'raise', 'The pot is 3.', 'checking my options']) {
      const r = parse(reply);
      expect(r).toEqual({
        error: expect.stringContaining('End your reply with one line holding exactly one of the legal moves'),
      });
      expect('error' in r && r.error).toContain('"Call 1"');
      expect('error' in r && r.error).toContain('"Raise half pot (to 4)"');
    }
    expect(parse('no idea', null)).toEqual({ error: expect.stringContaining('"All-in (98)"') });
  });
});

describe('system', () => {
  it('gives the rules, the moves with their amounts, a worked example hand and the exact answer format', () => {
    const text = prompt.system(cfg, 1, 2);
    expect(text).toContain('You are Player 2; your opponent is Player 1.');
    expect(text).toContain('The match is one hand.');
    expect(text).toContain('The blinds are 1 (small) and 2 (big).');
    expect(text).toMatch(/A-2-3-4-5 is the lowest straight/);
    expect(text).toMatch(/Raise half pot \(to X\): call first, then raise by half the pot/);
    expect(text).toContain('Player 1 raises full pot to 6\nPlayer 2 calls 4\nFlop: Ks 7h 2c');
    expect(text).toContain('Showdown: Player 1 shows Ah Kd (pair of kings), Player 2 shows Qs Qc (pair of queens)');
    expect(text).toContain('Player 1 wins the pot of 48 with a pair of kings against a pair of queens');
    expect(text).toContain(
      '- Fold\n- Call 1\n- Raise half pot (to 4)\n- Raise full pot (to 6)\n- All-in (99)\nand Player 1 answered:\nRaise full pot (to 6)',
    );
    expect(text).toContain('\nCall 2\n');
  });

  it('describes longer matches and other blinds', () => {
    const text = prompt.system(configSchema.parse({ hands: 5, startingChips: 200, smallBlind: 5, bigBlind: 10 }), 0, 2);
    expect(text).toContain('The match is 5 hands; the button alternates');
    expect(text).toContain('You each start with 200 chips');
    expect(text).toContain('The blinds are 5 (small) and 10 (big).');
  });
});

describe('turn', () => {
  it('shows the seat’s own cards, the table, the hand so far and the legal moves in the shared convention', () => {
    const text = prompt.turn(view(start, { seat: 0 }), 0, PREFLOP, cfg);
    expect(text).toContain(
      'Hand 1 of 1. Blinds 1/2. You are Player 1; you have the button (you posted the small blind).',
    );
    expect(text).toContain('Your hole cards: Ah Kd');
    expect(text).toContain('Community cards: none yet (pre-flop)');
    expect(text).toContain('Pre-flop: Player 1 posts the small blind 1. Player 2 posts the big blind 2.');
    expect(text).toContain('Pot: 3');
    expect(text).toContain('You: 99 chips left, 1 bet in this round. Player 2: 98 chips left, 2 bet in this round.');
    expect(text).toContain('It is your turn. You face a bet: calling costs 1.');
    expect(text).not.toMatch(/Qs|Qc/);
    const lines = text.split('\n');
    const at = lines.indexOf('Legal moves:');
    expect(lines.slice(at + 1, at + 6)).toEqual([
      '- Fold',
      '- Call 1',
      '- Raise half pot (to 4)',
      '- Raise full pot (to 6)',
      '- All-in (99)',
    ]);
    expect(lines[at + 6]).toMatch(/exactly one of the legal moves/);
  });

  it('after the flop, from the other seat', () => {
    const s = apply(
      apply(start, 0, byType(start, 'raise-full-pot'), createRng('a')),
      1,
      { type: 'check-call' },
      createRng('b'),
    );
    const text = prompt.turn(view(s, { seat: 1 }), 1, legalActions(s, 1), cfg);
    expect(text).toContain('You are Player 2; Player 1 has the button (you posted the big blind).');
    expect(text).toContain('Your hole cards: Qs Qc');
    expect(text).toContain('Community cards: Ks 7h 2c (flop)');
    expect(text).toContain(
      'Pre-flop: Player 1 posts the small blind 1. Player 2 posts the big blind 2. Player 1 raises full pot to 6. Player 2 calls 4.',
    );
    expect(text).toContain('It is your turn. There is nothing to call.');
    expect(text).toContain('- Check\n- Raise half pot (to 6)\n- Raise full pot (to 12)\n- All-in (94)');
    expect(text).not.toMatch(/Ah|Kd/);
  });

  it('lists earlier hands, and states the result once the match is over', () => {
    const r = createRng('turn-multi');
    let s = newMatch(configSchema.parse({ hands: 2 }), rig('Ah Kd Qs Qc Ks 7h 2c 3d 9s'), r);
    s = apply(s, 0, { type: 'fold' }, r);
    const text = prompt.turn(view(s, { seat: 1 }), 1, legalActions(s, 1), cfg);
    expect(text).toContain('Earlier hands:\n- Hand 1: Player 2 wins the pot of 3 after Player 1 folds; you had Qs Qc.');
    expect(text).not.toMatch(/Ah Kd/);
    const end = apply(s, 1, { type: 'fold' }, r);
    const over = prompt.turn(view(end, { seat: 0 }), 0, [], cfg);
    expect(over).toContain('The hand is over: Player 1 wins the pot of 3 after Player 2 folds.');
    expect(over).toContain(
      'The match is over: After 2 hands both players have 100 chips: a draw. Chips: you 100, Player 2 100.',
    );
    expect(over).not.toContain('Legal moves:');
  });
});
