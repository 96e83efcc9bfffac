// Hanabi prompts: the system and turn text, the exact answer formats and the forgiving parser.
import { describe, expect, it } from 'vitest';
import { createRng } from '../../lib/engine/rng';
import { hanabi } from '.';
import { prompt } from './prompt';
import {
  ALL_COLORS,
  apply,
  deal,
  fullDeck,
  legalActions,
  outcome,
  setup,
  view,
  type Card,
  type Color,
  type HanabiAction,
} from './rules';

const COLOR_OF: Record<string, Color> = { R: 'red', Y: 'yellow' };
const card = (id: string): Card => ({ id, color: COLOR_OF[id[0]!]!, rank: Number(id[1]) });
const dealt = (first: string[]) =>
  deal(
    [
      ...first,
      ...fullDeck(ALL_COLORS.slice(0, 2))
        .map((c) => c.id)
        .filter((id) => !first.includes(id)),
    ].map(card),
    hanabi.defaultConfig,
  );

const play = (index: number): HanabiAction => ({ type: 'play', index });
const discard = (index: number): HanabiAction => ({ type: 'discard', index });
const revealColor = (color: Color): HanabiAction => ({ type: 'reveal-color', color });
const revealRank = (rank: number): HanabiAction => ({ type: 'reveal-rank', rank });
const ALL_LEGAL = [
  play(0),
  play(1),
  discard(0),
  discard(1),
  revealColor('red'),
  revealColor('yellow'),
  revealRank(1),
  revealRank(3),
];
const parse = (reply: string, legal: HanabiAction[] | null = ALL_LEGAL) => prompt.parse(reply, 0, legal);

describe('format', () => {
  it('writes the moves as the prompt lists them', () => {
    expect(prompt.format(play(0), 0)).toBe('Play card 1');
    expect(prompt.format(discard(1), 1)).toBe('Discard card 2');
    expect(prompt.format(revealColor('red'), 0)).toBe('Reveal red');
    expect(prompt.format(revealRank(3), 1)).toBe('Reveal 3');
  });

  it('round-trips through parse for every legal action of seeded random positions', () => {
    let checked = 0;
    for (let i = 0; i < 40; i++) {
      const rng = createRng(`round-${i}`);
      let s = setup(rng);
      while (!outcome(s)) {
        const seat = s.toMove;
        const legal = legalActions(s, seat);
        for (const a of legal) {
          expect(prompt.parse(prompt.format(a, seat), seat, legal)).toEqual({ action: a });
          checked++;
        }
        s = apply(s, seat, rng.pick(legal));
      }
    }
    expect(checked).toBeGreaterThan(1000);
  });
});

describe('parse', () => {
  it.each([
    ['Play card 2'],
    ['play card 2'],
    ['PLAY CARD 2'],
    ['Play  card   2'],
    ['**Play card 2**'],
    ['`Play card 2`'],
    ['```\nPlay card 2\n```'],
    ['- Play card 2'],
    ['Action: Play card 2'],
    ['**Final answer:** play card #2'],
    ['I will play my second card.'],
    ['Play the 2nd card'],
    ['play 2'],
    ['Play: 2'],
    ['I play card number 2.'],
    ['Play my last card'],
    ['play the rightmost card'],
  ])('reads %j as playing card 2', (reply) => {
    expect(parse(reply)).toEqual({ action: play(1) });
  });

  it.each([
    ['Discard card 1', discard(0)],
    ['discard 1', discard(0)],
    ['I discard my first card', discard(0)],
    ['Discard my oldest card.', discard(0)],
    ['Throw away card 2', discard(1)],
    ['Reveal red', revealColor('red')],
    ['reveal RED', revealColor('red')],
    ['hint yellow', revealColor('yellow')],
    ['Clue: yellow', revealColor('yellow')],
    ['Reveal Red Cards for another player', revealColor('red')],
    ['Reveal their yellow cards', revealColor('yellow')],
    ['Reveal 3', revealRank(3)],
    ['reveal rank 3', revealRank(3)],
    ['Reveal Rank 1 Cards for another player', revealRank(1)],
    ['Hint 1s', revealRank(1)],
    ["reveal the 3's", revealRank(3)],
    ['Tell them about their threes', revealRank(3)],
    ['Reveal blue', revealColor('blue')],
  ])('reads %j', (reply, action) => {
    expect(parse(reply)).toEqual({ action });
  });

  it('takes the last move written after reasoning', () => {
    const reply = [
      'Player 2 holds red 1 and yellow 3. I could play card 1, but I know nothing about it.',
      'Discarding card 2 would waste a token opportunity.',
      'The best move is to reveal 1 so they know their red 1 is playable.',
      '',
      'Reveal 1',
    ].join('\n');
    expect(parse(reply)).toEqual({ action: revealRank(1) });
  });

  it('when two answers are written, the last counts', () => {
    expect(parse('Play card 1\nHmm, wait: that is a guess.\nReveal red')).toEqual({ action: revealColor('red') });
    expect(parse('Action: Reveal red\nActually no, Action: Discard card 2')).toEqual({ action: discard(1) });
  });

  it('passes over moves that are hypothetical or the partner’s when a plain one is written', () => {
    // LLMArena style: the answer first, the explanation after.
    const reply =
      'Action: Reveal red\n\nI reveal red because then they can play card 1 next turn, rather than discard card 2.';
    expect(parse(reply)).toEqual({ action: revealColor('red') });
    expect(parse('Reveal 1 so that Player 2 can play card 1.')).toEqual({ action: revealRank(1) });
    // Only hedged moves: the last one written still counts.
    expect(parse('I think I should maybe play card 2, if anything.')).toEqual({ action: play(1) });
  });

  it('reads positions and ranks off the range, leaving the check to reject', () => {
    expect(parse('Play card 7')).toEqual({ action: play(6) });
    expect(parse('Reveal 8')).toEqual({ action: revealRank(8) });
    expect(parse('Play Card at position 0')).toEqual({ action: play(-1) });
  });

  it('does not take "player" for "play" nor "card 2" for a rank', () => {
    expect(parse('Player 2 holds card 2.\nReveal yellow')).toEqual({ action: revealColor('yellow') });
    expect('error' in parse('Player 2 replayed nothing and displays card 2')).toBe(true);
  });

  it('returns an error naming the format for replies without a move', () => {
    for (const reply of ['', 'I am not sure what to do.', 'Reveal purple', 'play it safe', 'Hint: the colour']) {
      const r = parse(reply, [play(0), discard(0), revealColor('red'), revealRank(1)]);
      expect(r).toEqual({
        error:
          'Could not find a move in your reply. End your reply with one legal move written exactly as listed, for example "Play card 1", "Discard card 1", "Reveal red" or "Reveal 1".',
      });
    }
    expect(prompt.parse('nothing', 0, null)).toEqual({
      error: expect.stringContaining('"Play card 1", "Discard card 2", "Reveal red" or "Reveal 3"'),
    });
  });
});

describe('system and turn', () => {
  it('system gives the rules, an example and the exact answer formats', () => {
    const text = prompt.system(hanabi.defaultConfig, 1, 2);
    expect(text).toContain('You are Player 2; your partner is Player 1.');
    expect(text).toContain('The deck has 20 cards in 2 colours (red and yellow)');
    expect(text).toContain('three 1s, two 2s, two 3s, two 4s and one 5');
    expect(text).toContain('3 information tokens (at most 3) and 1 life token');
    expect(text).toMatch(/Not allowed while the team holds all 3 tokens/);
    // LLMArena's conventions by default (issue 17): the last draw ends the game, a lost last life scores 0.
    expect(text).toContain(
      'or when all cards have been drawn from the deck: the move that draws the last card is the last move.',
    );
    expect(text).toContain('If the game ends because the last life token is lost, the team scores 0.');
    expect(text).not.toMatch(/one more turn|points made so far are kept/);
    const classic = prompt.system({ ...hanabi.defaultConfig, zeroOnLoss: false, finalRound: true }, 1, 2);
    expect(classic).toMatch(/after the last card is drawn each player has one more turn/);
    expect(classic).toContain('The points made so far are kept even if the game ends on a lost life.');
    expect(classic).not.toMatch(/scores 0|the last move\./);
    expect(text).toContain('You answer "Reveal 1"');
    expect(text).toContain('\nPlay card 1\nDiscard card 2\nReveal red\nReveal 3\n');
    expect(
      prompt.system({ ...hanabi.defaultConfig, colors: 3, handSize: 4, infoTokens: 8, lifeTokens: 3 }, 0, 2),
    ).toContain('30 cards in 3 colours (red, yellow and green)');
  });

  it('turn shows the partner’s cards, only the hints about the own hand, and the legal moves in the shared convention', () => {
    // Seat 0: yellow 5, yellow 4. Seat 1: red 1, red 2.
    let s = dealt(['Y5a', 'Y4a', 'R1a', 'R2a']);
    s = apply(s, 0, revealRank(1));
    s = apply(s, 1, revealRank(5));
    const text = prompt.turn(view(s, { seat: 0 }), 0, legalActions(s, 0), hanabi.defaultConfig);
    expect(text).toContain('Fireworks: red 0, yellow 0 (score 0 of 10).');
    expect(text).toContain('Cards that would fit now: red 1, yellow 1.');
    expect(text).toContain('Information tokens: 1 of 3. Life tokens: 1 of 1. Cards left in the deck: 16.');
    expect(text).toContain(
      "Player 2's hand (you see it; they do not):\n- card 1: red 1 — Player 2 knows: a 1, colour unknown\n- card 2: red 2 — Player 2 knows: unknown (not 1)",
    );
    expect(text).toContain(
      'Your hand (you cannot see it; what has been revealed to you):\n- card 1: a 5, colour unknown\n- card 2: unknown (not 5)',
    );
    expect(text).toContain("Last move: Player 2 reveals Player 1's 5s: card 1.");
    expect(text).not.toMatch(/yellow [45]/);
    const lines = text.split('\n');
    const at = lines.indexOf('Legal moves:');
    expect(lines.slice(at + 1, at + 8)).toEqual([
      '- Play card 1',
      '- Play card 2',
      '- Discard card 1',
      '- Discard card 2',
      '- Reveal red',
      '- Reveal 1',
      '- Reveal 2',
    ]);
    expect(lines[at + 8]).toMatch(/^Reply with exactly one legal move/);
  });

  it('turn announces the final round (finalRound: true) and, after the end, the result with every card', () => {
    const s = { ...dealt(['Y5a', 'Y4a', 'R1a', 'R2a']), finalRound: true, zeroOnLoss: false, finalTurns: 2 };
    expect(prompt.turn(view(s, { seat: 0 }), 0, legalActions(s, 0), hanabi.defaultConfig)).toContain(
      'The deck is empty: final round, 2 turns left including this one.',
    );
    const over = apply(s, 0, play(0));
    const text = prompt.turn(view(over, { seat: 1 }), 1, [], hanabi.defaultConfig);
    expect(text).toContain(
      'The game is over: fireworks: red 0, yellow 0 — 0 points (the last life token was lost on a misplay).',
    );
    expect(text).toContain('- card 1: red 1');
    expect(text).not.toContain('Legal moves:');
  });

  it('by default the turn with one card left says drawing it ends the game', () => {
    const s = { ...dealt(['Y5a', 'Y4a', 'R1a', 'R2a']), infoTokens: 2 };
    const one = { ...s, deck: s.deck.slice(0, 1) };
    expect(prompt.turn(view(one, { seat: 0 }), 0, legalActions(one, 0), hanabi.defaultConfig)).toContain(
      'Cards left in the deck: 1 (drawing it ends the game).',
    );
    const classic = { ...one, finalRound: true };
    expect(prompt.turn(view(classic, { seat: 0 }), 0, legalActions(classic, 0), hanabi.defaultConfig)).toContain(
      'Cards left in the deck: 1.',
    );
    const ended = apply(one, 0, discard(0));
    expect(outcome(ended)?.reason).toMatch(/\(the last card was drawn from the deck\)$/);
    expect(prompt.turn(view(ended, { seat: 1 }), 1, [], hanabi.defaultConfig)).toContain(
      'The game is over: fireworks: red 0, yellow 0 — 0 points (the last card was drawn from the deck).',
    );
  });
});
