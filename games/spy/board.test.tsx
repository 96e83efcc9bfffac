// The Who-is-the-spy board renders each viewer's picture (server-side markup): words and roles only where known,
// the chat in speaking order with private reasoning folded in, and a person's controls by their accessible names.
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { createRng } from '../../lib/engine/rng';
import SpyBoard from './board';
import { activeSeats, apply, setup, view } from './rules';
import { configSchema, type SpyAction, type SpyState } from './types';

const players = ['Player 1 · A', 'Player 2 · B', 'Player 3 · C', 'Player 4 · D'];
let k = 0;
const act = (s: SpyState, seat: number, a: SpyAction) => apply(s, seat, a, createRng(`b${k++}`));
const start = (over: object = {}) => setup(createRng('board'), configSchema.parse({ pairId: 'moon-sun', spyWord: 'b', spySeats: [2], ...over }), 4);
const speakAll = (s: SpyState) => {
  while (s.phase === 'speak') {
    const seat = activeSeats(s)[0]!;
    s = act(s, seat, { type: 'describe', text: `words of seat ${seat}`, reasoning: `thinking of seat ${seat}`, guess: 'star' });
  }
  return s;
};
const html = (s: SpyState, viewer: Parameters<typeof view>[1], extra: object = {}) =>
  renderToStaticMarkup(<SpyBoard view={view(s, viewer)} players={players} {...extra} />);

describe('spy board', () => {
  it('shows spectators with the full view every word, the spy, the bubbles in speaking order and the reasoning', () => {
    const s = speakAll(start());
    const out = html(s, { omniscient: true });
    expect(out.match(/word: <span class="font-mono">moon<\/span>/g)).toHaveLength(3);
    expect(out).toContain('word: <span class="font-mono">sun</span>');
    expect(out).toMatch(/>spy</);
    const order = [...out.matchAll(/words of seat (\d)/g)].map((m) => Number(m[1]));
    expect(order).toEqual(s.order);
    expect(out).toContain('<summary class="cursor-pointer select-none">reasoning</summary>');
    expect(out).toContain('thinking of seat');
    expect(out).toContain('guesses the other word: “star”');
    expect(out).not.toContain('Send description');
  });

  it('shows a seat only its own word, no roles, no one else’s reasoning, and the description box on its turn', () => {
    const s = start();
    const speaker = activeSeats(s)[0]!;
    const mine = html(s, { seat: speaker }, { onAction: () => {}, legal: null });
    expect(mine).toContain(`data-testid="your-word" class="font-mono">${s.words[speaker]}</strong>`);
    expect(mine).not.toMatch(/>spy</);
    expect(mine).toContain('aria-label="Your description"');
    expect(mine).toContain('Send description');
    const other = (speaker + 1) % 4;
    const after = act(s, speaker, { type: 'describe', text: 'hello there', reasoning: 'secret plan' });
    const theirs = html(after, { seat: other }, { onAction: () => {}, legal: null });
    expect(theirs).toContain('hello there');
    expect(theirs).not.toContain('secret plan');
    expect(theirs).not.toContain(s.words[other] === 'moon' ? '>sun<' : '>moon<');
  });

  it('gives a voter one button per candidate in its own option order, none for itself', () => {
    let s = speakAll(start({ probes: false }));
    const out = html(s, { seat: 1 }, { onAction: () => {}, legal: [] });
    const names = [...out.matchAll(/Vote for (Player \d)/g)].map((m) => m[1]);
    expect(names).toEqual(s.ballot!.options[1]!.map((x) => `Player ${x + 1}`));
    expect(names).not.toContain('Player 2');
    s = act(s, 1, { type: 'vote', target: 0 });
    expect(html(s, { seat: 1 }, { onAction: () => {} })).not.toContain('Vote for');
  });

  it('asks the probe questions with labelled fields', () => {
    const s = speakAll(start());
    expect(s.phase).toBe('probe');
    const out = html(s, { seat: 0 }, { onAction: () => {} });
    expect(out).toContain('Are you the spy?');
    expect(out).toContain('aria-label="Word of Player 2"');
    expect(out).toContain(`aria-label="What Player ${s.probeTargets[0]! + 1} thinks your word is"`);
    expect(out).toContain('Send answers');
  });

  it('says who won once over, without saying whose turn it is; a content-free run is labelled', () => {
    let s = speakAll(start({ probes: false }));
    for (const voter of activeSeats(s)) s = act(s, voter, { type: 'vote', target: voter === 2 ? 0 : 2 });
    const out = html(s, { seat: 0 }, { onAction: () => {}, over: true });
    expect(out).toContain('data-testid="spy-result"');
    expect(out).toContain('Villagers win');
    expect(out).toContain('Player 3 is voted out — was the spy');
    expect(out).not.toContain('Waiting for');
    expect(out).not.toContain('Vote for');
    expect(html(start({ contentFree: true }), { spectator: true })).toContain('Content-free calibration');
  });
});
