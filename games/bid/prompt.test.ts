// Sealed-bid auction prompts: the system and turn text, the exact answer format and the forgiving parser.
import { describe, expect, it } from 'vitest';
import { createRng } from '../../lib/engine/rng';
import { prompt } from './prompt';
import { activeSeats, apply, legalActions, makeState, outcome, setup, view, type BidState } from './rules';

const bid = (amount: number) => ({ type: 'bid' as const, amount });
const cfg = { auctions: 3, maxValue: 100 };
const round = (s: BidState, b0: number, b1: number) =>
  apply(apply(s, 0, bid(b0), createRng('r')), 1, bid(b1), createRng('r'));
const parse = (reply: string) => prompt.parse(reply, 0, null);

describe('format', () => {
  it('writes "Bid: N"', () => {
    expect(prompt.format(bid(23), 0)).toBe('Bid: 23');
    expect(prompt.format(bid(0), 1)).toBe('Bid: 0');
  });

  it('round-trips through parse for every legal action of random positions', () => {
    for (let i = 0; i < 20; i++) {
      const rng = createRng(`rt-${i}`);
      let s = setup(rng);
      while (outcome(s) === null) {
        for (const seat of activeSeats(s)) {
          const legal = legalActions(s, seat);
          for (const a of legal) expect(prompt.parse(prompt.format(a, seat), seat, legal)).toEqual({ action: a });
        }
        const seat = activeSeats(s)[0]!;
        s = apply(s, seat, rng.pick(legalActions(s, seat)), rng);
      }
    }
  });
});

describe('parse', () => {
  it.each([
    ['Bid: 23'],
    ['bid: 23'],
    ['BID:23'],
    ['bid 23'],
    ['Bid = 23'],
    ['Bid: $23'],
    ['My bid is 23.'],
    ['My bid is: $23'],
    ['I will bid $23'],
    ['I bid 23 this time.'],
    ['**Bid: 23**'],
    ['Bid: **23**'],
    ['`Bid: 23`'],
    ['```\nBid: 23\n```'],
    ['```text\nbid: 23\n```'],
    ['## Bid: 23'],
    ['23'],
    ['Final answer: 23.'],
    ['$23'],
    ['  Bid :  23  '],
  ])('reads %j as 23', (reply) => {
    expect(parse(reply)).toEqual({ action: bid(23) });
  });

  it('takes the last bid when the reasoning mentions others first', () => {
    const reply = [
      'My valuation is 50. If I bid 40 I gain only 10 when I win.',
      'A bid of 10 wins rarely. The equilibrium suggests bid 25, but I will shade a little.',
      '',
      '**Answer:** Bid: 23',
    ].join('\n');
    expect(parse(reply)).toEqual({ action: bid(23) });
  });

  it('ignores "bids", "bidding" and "bidder" in the reasoning', () => {
    expect(parse('Bidders often shade their bids 10 to 20 below; bidding 5 is too low. Bid: 23')).toEqual({
      action: bid(23),
    });
  });

  it('takes a bare number on the last line after reasoning', () => {
    expect(parse('I considered a bid of 30, which leaves too little.\n\n23')).toEqual({ action: bid(23) });
  });

  it('reads bids outside the range or not whole, leaving the checks to reject', () => {
    expect(parse('Bid: 120')).toEqual({ action: bid(120) });
    expect(parse('Bid: 23.5')).toEqual({ action: bid(23.5) });
    expect(parse('Bid: -4')).toEqual({ action: bid(-4) });
  });

  it('returns an error naming the format and the range for replies without a bid', () => {
    const legal = Array.from({ length: 37 }, (_, i) => bid(i));
    for (const reply of ['', 'I pass.', 'Bid: twenty', 'half my valuation', 'bids so far: none']) {
      const r = prompt.parse(reply, 1, legal);
      expect(r).toEqual({ error: expect.stringContaining('"Bid: 10"') });
      expect('error' in r && r.error).toMatch(/from 0 to 36 \(below your valuation\)/);
    }
    expect(prompt.parse('no idea', 0, [bid(0), bid(1), bid(2)])).toEqual({
      error: expect.stringContaining('from 0 to 2 (below your valuation), for example "Bid: 2"'),
    });
    expect(prompt.parse('no idea', 0, null)).toEqual({
      error: expect.stringMatching(/word Bid, a colon and a whole number below your valuation/),
    });
  });
});

describe('system and turn', () => {
  it('system gives the rules, a worked example with a tie and the exact answer format', () => {
    const text = prompt.system({ auctions: 5, maxValue: 80 }, 1, 2);
    expect(text).toContain('You are Player 2; your opponent is Player 1.');
    expect(text).toContain('The match has 5 auctions.');
    expect(text).toContain('a whole number from 1 to 80');
    expect(text).toMatch(/bid must be below your valuation/);
    expect(text).toContain('you win the item and gain 60 - 35 = 25');
    expect(text).toContain('(60 - 35) / 2 = 12.5');
    expect(text).toContain('\nBid: 35\n');
  });

  it('turn shows the own valuation, the results so far, the totals and the legal moves in the shared convention', () => {
    let s = round(makeState([37, 60]), 18, 25);
    s = { ...s, current: { auction: 2, values: [12, 80], bids: [null, null] } };
    const text = prompt.turn(view(s, { seat: 0 }), 0, legalActions(s, 0), cfg);
    expect(text).toContain('You are Player 1.');
    expect(text).toContain(
      '- Auction 1: you valued the item at 37 and bid 18; Player 2 valued it at 60 and bid 25. Player 2 won the item and gained 35; you gained 0.',
    );
    expect(text).toContain('Totals so far: you 0, Player 2 35.');
    expect(text).toContain('Auction 2 of 3.');
    expect(text).toContain('Your valuation for this item is 12.');
    expect(text).toContain("Player 2's valuation is unknown to you: a whole number from 1 to 100");
    expect(text).toContain('Place your sealed bid: a whole number from 0 to 11 (below your valuation).');
    expect(text).not.toMatch(/\b80\b/);
    const lines = text.split('\n');
    const at = lines.indexOf('Legal moves:');
    expect(lines.slice(at + 1, at + 13)).toEqual(Array.from({ length: 12 }, (_, i) => `- Bid: ${i}`));
    expect(lines[at + 13]).toBe('Reply with your bid in exactly this format: Bid: N');
  });

  it('turn never shows the other seat’s sealed bid or valuation', () => {
    const s = apply(makeState([37, 60]), 0, bid(18), createRng('x'));
    const text = prompt.turn(view(s, { seat: 1 }), 1, legalActions(s, 1), cfg);
    expect(text).toContain('Your valuation for this item is 60.');
    expect(text).toContain('Player 1 has already sealed a bid; you cannot see it.');
    // 18 and 37 appear only in the list of legal bids, which names every number below 60.
    expect(text.split('Legal moves:')[0]).not.toMatch(/\b18\b|\b37\b/);
  });

  it('turn for a seat that has bid says it waits for the other sealed bid', () => {
    const s = apply(makeState([37, 60]), 0, bid(18), createRng('x'));
    const text = prompt.turn(view(s, { seat: 0 }), 0, [], cfg);
    expect(text).toContain('You have sealed your bid of 18. Waiting for Player 2');
    expect(text).not.toContain('Legal moves:');
  });

  it('turn for a valuation of 1 says the only bid is 0', () => {
    const s = makeState([1, 60]);
    const text = prompt.turn(view(s, { seat: 0 }), 0, legalActions(s, 0), cfg);
    expect(text).toContain('it must be 0');
    expect(text).toContain('Legal moves:\n- Bid: 0\n');
  });

  it('turn after the end gives the final totals and the result, with ties written as halves', () => {
    const s = round(makeState([37, 60], { auctions: 1 }), 20, 20);
    const text = prompt.turn(view(s, { seat: 1 }), 1, [], cfg);
    expect(text).toContain('A tie: the item was split, you gained 20 and Player 1 8.5.');
    expect(text).toContain('Final totals: you 20, Player 1 8.5.');
    expect(text).toContain('The match is over: Player 2 wins, gaining 20 to 8.5 after 1 auction.');
    expect(text).not.toContain('Legal moves:');
  });
});
