// Bargain prompts: the system and turn text, the exact answer formats and the forgiving parser.
import { describe, expect, it } from 'vitest';
import { createRng } from '../../lib/engine/rng';
import { prompt } from './prompt';
import {
  activeSeats,
  apply,
  items,
  legalActions,
  makeState,
  outcome,
  setup,
  view,
  type BargainAction,
  type BargainState,
} from './rules';

const take = (hats: number, balls: number, apples: number, message?: string): BargainAction => ({
  type: 'propose',
  hats,
  balls,
  apples,
  ...(message !== undefined ? { message } : {}),
});
const DEAL: BargainAction = { type: 'deal' };
const COUNTS = items(1, 2, 3);
const VALUES = [items(8, 1, 0), items(4, 0, 2)];
const fresh = (maxRounds = 10) => makeState(COUNTS, VALUES, { maxRounds });
const play = (moves: BargainAction[], from: BargainState = fresh()) =>
  moves.reduce((s, a, i) => apply(s, i % 2, a), from);
const parse = (reply: string, seat = 0, legal: BargainAction[] | null = null) => prompt.parse(reply, seat, legal);

describe('format', () => {
  it('writes the listed forms', () => {
    expect(prompt.format(take(1, 2, 0), 0)).toBe('Propose: I take 1 hats 2 balls 0 apples');
    expect(prompt.format(DEAL, 1)).toBe('Deal');
    expect(prompt.format(take(0, 0, 3, 'You can  have\nthe hat.'), 1)).toBe(
      'Message: You can have the hat.\nPropose: I take 0 hats 0 balls 3 apples',
    );
  });

  it('round-trips through parse for every legal action of random positions, with and without messages', () => {
    for (let i = 0; i < 40; i++) {
      const rng = createRng(`rt-${i}`);
      let s = setup(rng);
      while (!outcome(s)) {
        const seat = activeSeats(s)[0]!;
        const legal = legalActions(s, seat);
        for (const a of legal) {
          expect(prompt.parse(prompt.format(a, seat), seat, legal)).toEqual({ action: a });
          if (a.type === 'propose') {
            const withMessage = { ...a, message: `Offer ${i}: I'd like the apples, you keep 2 hats. Fair?` };
            expect(prompt.parse(prompt.format(withMessage, seat), seat, legal)).toEqual({ action: withMessage });
          }
        }
        s = apply(s, seat, rng.pick(legal));
      }
    }
  });
});

describe('parse', () => {
  it.each([
    ['Propose: I take 2 hats 1 balls 0 apples'],
    ['propose: i take 2 hats 1 balls 0 apples'],
    ['PROPOSE:I TAKE 2 HATS 1 BALLS 0 APPLES'],
    ['I take 2 hats, 1 ball and 0 apples'],
    ['I take 2 hats, 1 ball, and 0 apples.'],
    ['Plan: 2 hats 1 balls 0 apples'],
    ['**Propose: I take 2 hats 1 balls 0 apples**'],
    ['Propose: I take **2** hats **1** balls **0** apples'],
    ['`Propose: I take 2 hats 1 balls 0 apples`'],
    ['```\nPropose: I take 2 hats 1 balls 0 apples\n```'],
    ['```text\npropose: i take 2 hats 1 balls 0 apples\n```'],
    ['## Propose: I take 2 hats 1 balls 0 apples'],
    ['Propose:   I   take   2   hats   1   balls   0   apples  '],
    ['Player 1: 2 hats 1 balls 0 apples'],
    ["I'd like 2 hats, 1 balls and 0 apples."],
    ['I take two hats, one ball and no apples'],
    ['Propose: I take 2 hat(s) 1 ball(s) 0 apple(s)'],
    ['Plan: hats: 2, balls: 1, apples: 0'],
    ['2 hats 1 balls 0 apples'],
    ['I take 2 hats and 1 ball'],
    ['Propose: I take 2 hats, 1 ball'],
    ['I take 1 ball and 2 hats'],
    ['I take 2 hats (worth 6), 1 ball (worth 1) and 0 apples'],
    ['My proposal: I take 2 hats 1 balls 0 apples, and you get 0 hats 1 balls 3 apples.'],
  ])('reads %j as taking 2 hats, 1 ball, 0 apples', (reply) => {
    expect(parse(reply)).toEqual({ action: take(2, 1, 0) });
  });

  it.each([
    ['Deal'],
    ['deal'],
    ['Deal.'],
    ['**Deal**'],
    ['`Deal`'],
    ['```\nDeal\n```'],
    ['Final answer: Deal'],
    ['My move: **Deal**'],
    ['Player 2: Deal.'],
    ['I accept'],
    ['"Deal"'],
    ['- Deal'],
  ])('reads %j as a deal', (reply) => {
    expect(parse(reply, 1)).toEqual({ action: DEAL });
  });

  it('reads the message line into the proposal', () => {
    expect(parse('Message: I really need the hat.\nPropose: I take 1 hats 0 balls 0 apples')).toEqual({
      action: take(1, 0, 0, 'I really need the hat.'),
    });
    expect(
      parse('**Message:** "Take all the apples, I keep the hat."\n\n**Propose: I take 1 hats 0 balls 0 apples**'),
    ).toEqual({
      action: take(1, 0, 0, 'Take all the apples, I keep the hat.'),
    });
    // A message after the plan, and one on the same line as the plan.
    expect(parse('Propose: I take 1 hats 0 balls 0 apples\nMessage: your turn!')).toEqual({
      action: take(1, 0, 0, 'your turn!'),
    });
    expect(parse('Message: deal? Propose: I take 1 hats 0 balls 0 apples')).toEqual({ action: take(1, 0, 0, 'deal?') });
  });

  it('does not read plans or deals written inside the message', () => {
    const reply = 'Message: I could live with 1 hats 1 balls 1 apples too.\nPropose: I take 1 hats 2 balls 0 apples';
    expect(parse(reply)).toEqual({ action: take(1, 2, 0, 'I could live with 1 hats 1 balls 1 apples too.') });
    const after = 'Propose: I take 1 hats 2 balls 0 apples\nMessage: otherwise 1 hats 1 balls 1 apples';
    expect(parse(after)).toEqual({ action: take(1, 2, 0, 'otherwise 1 hats 1 balls 1 apples') });
  });

  it('ignores the message on a deal', () => {
    expect(parse('Message: Fine, thank you.\nDeal', 1)).toEqual({ action: DEAL });
  });

  it('takes the last move when the reasoning mentions others first', () => {
    const reply = [
      'Their offer gives me 0 hats 2 balls 3 apples, worth 6. I could answer "Deal", but I think I can do better.',
      'Maybe I take 1 hats 0 balls 3 apples? That is too greedy.',
      '',
      'Message: Let us share: the hat for me, the rest for you.',
      '**Final answer:** Propose: I take 1 hats 0 balls 1 apples',
    ].join('\n');
    expect(parse(reply, 1)).toEqual({ action: take(1, 0, 1, 'Let us share: the hat for me, the rest for you.') });
    expect(parse('Propose: I take 1 hats 0 balls 0 apples\nOn second thought, this is fine.\nDeal', 1)).toEqual({
      action: DEAL,
    });
    expect(parse('Deal\nActually no.\nPropose: I take 0 hats 2 balls 0 apples', 1)).toEqual({ action: take(0, 2, 0) });
  });

  it('does not read "deal" inside sentences, nor the opponent’s share, as the move', () => {
    expect(parse('Propose: I take 1 hats 2 balls 0 apples. I hope we can make a deal.')).toEqual({
      action: take(1, 2, 0),
    });
    expect(parse('No deal.\nPropose: I take 1 hats 0 balls 0 apples')).toEqual({ action: take(1, 0, 0) });
    expect(parse('I take 1 hats 2 balls 0 apples and you get 0 hats 0 balls 3 apples')).toEqual({
      action: take(1, 2, 0),
    });
    expect(parse('Player 2 proposed 1 hats 0 balls 3 apples.\nPlayer 1: 1 hats 1 balls 0 apples')).toEqual({
      action: take(1, 1, 0),
    });
  });

  it('reads counts out of range, leaving the check to reject', () => {
    expect(parse('Propose: I take 5 hats 0 balls 0 apples')).toEqual({ action: take(5, 0, 0) });
    expect(parse('Propose: I take -1 hats 0 balls 0 apples')).toEqual({ action: take(-1, 0, 0) });
  });

  it('returns an error naming the format for replies without a move', () => {
    const legal = legalActions(play([take(1, 0, 0)]), 1);
    for (const reply of [
      '',
      'I need to think about this.',
      'you get 1 hats 1 balls 1 apples',
      'No deal!',
      'Deal?',
      'I want hats.',
    ]) {
      const r = parse(reply, 1, legal);
      expect(r).toEqual({ error: expect.stringContaining('Propose: I take X hats Y balls Z apples') });
      expect('error' in r && r.error).toMatch(/^Could not find a move/);
      expect('error' in r && r.error).toContain('"Deal"');
      expect('error' in r && r.error).toContain('Propose: I take 1 hats 0 balls 1 apples');
    }
    const first = parse('nothing', 0, legalActions(fresh(), 0));
    expect('error' in first && first.error).not.toContain('"Deal"');
  });

  it('says a message alone is not a move', () => {
    const r = parse('Message: I would like the hat, please.', 0, legalActions(fresh(), 0));
    expect('error' in r && r.error).toMatch(/^Your reply has a message but no move: a message alone is not a move\./);
  });
});

describe('system and turn', () => {
  it('system gives the rules, the rounds, the scoring, a worked example and the exact answer formats', () => {
    const text = prompt.system({ maxRounds: 10, total: 10 }, 1, 2);
    expect(text).toContain('You are Player 2');
    // Updated for issue 17: a round is a turn of each player (it used to be one turn).
    expect(text).toContain(
      'at most 10 rounds. In each round both players move: first Player 1, then Player 2 (at most 20 turns in all).',
    );
    expect(text).toContain('worth exactly 10 to each player');
    expect(text).toMatch(/No deal counts as a draw/);
    expect(text).toContain('Round 1, Player 1:\n');
    expect(text).toContain('Round 1, Player 2:\n');
    expect(text).toContain('Round 2, Player 1:\n');
    expect(text).toContain('Round 2, Player 2:\nDeal\n');
    expect(text).toContain("Deal in round 2 on Player 1's proposal");
    expect(text).toContain('\nMessage: I need the hats more than you do.\nPropose: I take 2 hats 0 balls 1 apples\n');
    expect(prompt.system({ maxRounds: 6, total: 20 }, 0, 2)).toContain('at most 6 rounds');
    expect(prompt.system({ maxRounds: 6, total: 20 }, 0, 2)).toContain('(at most 12 turns in all)');
    expect(prompt.system({ maxRounds: 6, total: 20 }, 0, 2)).toContain(
      'A proposal Player 2 makes in round 6 (the last turn) can never be accepted',
    );
  });

  it('turn shows the pool, the own values, the history with messages, the offer and the legal moves', () => {
    const s = play([take(1, 2, 0, 'I need the hat.'), take(1, 0, 3, 'Me too.'), take(1, 0, 0)]);
    const text = prompt.turn(view(s, { seat: 1 }), 1, legalActions(s, 1), { maxRounds: 10, total: 10 });
    expect(text).toContain('You are Player 2.');
    expect(text).toContain('The pool: 1 hat, 2 balls and 3 apples.');
    expect(text).toContain(
      'Your values: each hat is worth 4, each ball is worth 0, each apple is worth 2; the whole pool is worth 10 to you.',
    );
    expect(text).toContain(
      '- Round 1, Player 1 said "I need the hat." and proposed: Player 1 takes 1 hat, 2 balls and 0 apples, you get 0 hats, 0 balls and 3 apples (worth 6 to you).',
    );
    expect(text).toContain(
      '- Round 1, Player 2 (you) said "Me too." and proposed: you take 1 hat, 0 balls and 3 apples (worth 10 to you), Player 1 gets 0 hats, 2 balls and 0 apples.',
    );
    expect(text).toContain(
      "The proposal on the table (Player 1's): you would get 0 hats, 2 balls and 3 apples, worth 6 to you",
    );
    expect(text).toContain('- Round 2, Player 1 proposed: Player 1 takes 1 hat, 0 balls and 0 apples');
    // Three turns taken: Player 2 moves in round 2 of 10, with rounds 2-10 left.
    expect(text).toContain('Round 2 of 10.');
    expect(text).toContain('Rounds left, counting this one: 9.');
    expect(text).not.toMatch(/hat 8|each hat is worth 8/);
    const lines = text.split('\n');
    const at = lines.indexOf('Legal moves:');
    expect(lines.slice(at + 1, at + 4)).toEqual([
      '- Deal',
      '- Propose: I take 0 hats 0 balls 0 apples',
      '- Propose: I take 0 hats 0 balls 1 apples',
    ]);
    expect(lines[at + 25]).toBe('- Propose: I take 1 hats 2 balls 3 apples');
    expect(lines[at + 26]).toMatch(/^You may first write a message to Player 1 on one line starting with "Message:"/);
  });

  it('turn warns about the last round: Player 1’s turn in it, then Player 2’s, the very last turn', () => {
    const cfg = { maxRounds: 10, total: 10 };
    const last = play(Array.from({ length: 19 }, () => take(1, 0, 0)));
    const lastText = prompt.turn(view(last, { seat: 1 }), 1, legalActions(last, 1), cfg);
    expect(lastText).toContain('Round 10 of 10.');
    expect(lastText).toContain('This is the LAST turn of the last round');
    const p1 = play(Array.from({ length: 18 }, () => take(1, 0, 0)));
    const p1Text = prompt.turn(view(p1, { seat: 0 }), 0, legalActions(p1, 0), cfg);
    expect(p1Text).toContain('Round 10 of 10.');
    expect(p1Text).toContain("This is the last round: after your turn only Player 2's is left");
    const ninth = play(Array.from({ length: 17 }, () => take(1, 0, 0)));
    const ninthText = prompt.turn(view(ninth, { seat: 1 }), 1, legalActions(ninth, 1), cfg);
    expect(ninthText).toContain('Round 9 of 10.');
    expect(ninthText).toContain('Rounds left, counting this one: 2.');
    expect(ninthText).not.toMatch(/last round/i);
  });

  it('the first turn has no Deal and no offer', () => {
    const text = prompt.turn(view(fresh(), { seat: 0 }), 0, legalActions(fresh(), 0), { maxRounds: 10, total: 10 });
    expect(text).toContain('No proposals yet.');
    expect(text).not.toContain('- Deal');
    expect(text).not.toContain('on the table');
  });

  it('turn after the end states the result and the revealed values', () => {
    const s = play([take(1, 0, 0), DEAL]);
    const text = prompt.turn(view(s, { seat: 0 }), 0, [], { maxRounds: 10, total: 10 });
    expect(text).toContain('The game is over: Deal in round 1 ');
    expect(text).toContain("Player 2's values were: hat 4, ball 0, apple 2.");
    expect(text).not.toContain('Legal moves:');
  });
});
