// The shared reply reader: what wraps a move is taken off, whole tokens only, the last move the reply commits to wins.
import { describe, expect, it } from 'vitest';
import { readReply } from './reply-reader';

const read = (reply: string, moves: string[]) => readReply(reply, moves, (m) => m)?.action ?? null;

describe('readReply', () => {
  const two = ['Ask Blue 2', 'Ask Red 1', 'Say nothing'];

  it('unwraps JSON, fences, emphasis, quotes and labels', () => {
    for (const reply of [
      'Ask Blue 2',
      '{"action": "Ask Blue 2"}',
      '{"reasoning": "Ask Red 1 is weaker.", "move": "Ask Blue 2"}',
      'Here is my move: {"action": "Ask Blue 2"} Good luck!',
      '```json\n{\n  "action": "Ask Blue 2"\n}\n```',
      '```\nAsk Blue 2\n```',
      '**Ask Blue 2**',
      '*Ask Blue 2*',
      '"Ask Blue 2"',
      'Final answer: Ask Blue 2',
      'Move: ask blue 2',
      "I'll play Ask Blue 2.",
      'Let me think.\nAfter weighing it, I choose Ask Blue 2',
      'Ask  Blue   2!',
    ])
      expect(read(reply, two), reply).toBe('Ask Blue 2');
  });

  it('reads the last move the reply commits to when several are named', () => {
    expect(read("I considered Ask Red 1, but I'll play Ask Blue 2.", two)).toBe('Ask Blue 2');
    expect(read('Not Ask Red 1. Ask Blue 2.', two)).toBe('Ask Blue 2');
    expect(read('Maybe Ask Red 1? No.\n{"action": "Ask Blue 2"}', two)).toBe('Ask Blue 2');
    // The answer first, the explanation after: a move mentioned in the explanation is not a commitment.
    expect(read('Move: Ask Blue 2\n\nI ask Blue 2 rather than Ask Red 1 because Red 1 is quiet.', two)).toBe(
      'Ask Blue 2',
    );
    // Several moves named, none committed to: not guessed.
    expect(read('Either Ask Red 1 or Ask Blue 2 would do, I think', two)).toBeNull();
    // One move named, not as an answer line: read.
    expect(read('I will go with Ask Blue 2 to learn their card', two)).toBe('Ask Blue 2');
  });

  it('matches whole tokens: a move is not read inside a longer number or word', () => {
    expect(read('Ask Blue 21', ['Ask Blue 2'])).toBeNull();
    expect(read('X: 10', ['X: 1', 'X: 10'])).toBe('X: 10');
    expect(read('X: 1', ['X: 1', 'X: 10'])).toBe('X: 1');
    // A move's text inside a longer move's: the longer one.
    expect(read('Move A to c4, build d5', ['Move A to c4', 'Move A to c4, build d5'])).toBe('Move A to c4, build d5');
  });

  it('reads a one-word move only where the reply commits to it, not as a word of its prose', () => {
    const moves = ['pass'];
    for (const reply of ['pass', '{"action":"pass"}', "I'll play pass.", '**Pass**', 'Final answer: PASS'])
      expect(read(reply, moves), reply).toBe('pass');
    expect(read('I cannot pass through the gap', moves)).toBeNull();
    const deal = ['Deal', 'Propose: I take 1 hats 0 balls 0 apples'];
    expect(read('Propose: I take 1 hats 0 balls 0 apples. That is a fair deal.', deal)).toBe(deal[1]);
    expect(read('No deal!', deal)).toBeNull();
    expect(read('Deal?', deal)).toBeNull();
    expect(read('Deal.', deal)).toBe('Deal');
  });

  it('leaves a move written on in a form it does not list to the game’s parser', () => {
    const moves = ['HUNT: Scavenger', 'DIG: Brawler', 'DIG: Brawler, Shovel'];
    expect(read('HUNT: Scavenger\nActually no.\nDIG: Brawler + Shovel', moves)).toBeNull();
    expect(read('HUNT: Scavenger\nActually no.\nDIG: Brawler, Shovel', moves)).toBe('DIG: Brawler, Shovel');
  });

  it('prefers the move written in its own case when two differ only in case, and says where the move ends', () => {
    expect(read('wA', ['WA', 'wA'])).toBe('wA');
    const reply = 'I pick {"action": "Ask Red 1"} now.';
    expect(readReply(reply, two, (m) => m)).toEqual({ action: 'Ask Red 1', index: 1, end: reply.indexOf(' now') });
  });

  it('reads nothing on an open-ended turn or an empty reply', () => {
    expect(readReply('Ask Blue 2', null, (m: string) => m)).toBeNull();
    expect(read('', two)).toBeNull();
    expect(read('{"action": }', two)).toBeNull();
  });
});
