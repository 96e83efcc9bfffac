// The simulated Who-is-the-spy player on the game's own prompts: the probe answers in the paper's labels (about the
// other players), votes in turn that follow the votes already shown, and Chinese clues without a character of its word.
import { describe, expect, it } from 'vitest';
import { createRng } from '../../lib/engine/rng';
import { applyMove, currentDeal, initialState } from '../../lib/engine/replay';
import { cluesOf } from '../sim-lexicon';
import { spy } from '.';
import { activeSeats, bannedCharIn, legalActions, reject, view } from './rules';
import { wordGameReply } from './sim';
import type { SpyAction, SpyConfig, SpyState } from './types';

const turnText = (s: SpyState, seat: number) =>
  spy.prompt.turn(view(s, { seat }), seat, legalActions(s, seat), s.cfg as SpyConfig);
const legalOf = (text: string) =>
  text.includes('Legal moves:')
    ? text
        .split('Legal moves:\n')[1]!
        .split('\n')
        .map((l) => l.replace(/^- /, ''))
    : null;

/** Plays a match where every seat is the careful simulated player, answering the game's real prompts. */
function playSim(config: object, seed: string, n = 4): { end: SpyState; refused: string[] } {
  let s = initialState(spy, config, currentDeal(seed), n) as SpyState;
  const refused: string[] = [];
  const rng = createRng(`${seed}:sim`);
  for (let ply = 0; s.phase !== 'over' && ply < 400; ply++) {
    const seat = activeSeats(s)[0]!;
    const text = turnText(s, seat);
    const reply = wordGameReply([text], legalOf(text), false, true, rng)!;
    const parsed = spy.prompt.parse(reply.content, seat, legalActions(s, seat), view(s, { seat }));
    if (!('action' in parsed)) throw new Error(`unparsable: ${reply.content}`);
    const why = reject(s, seat, parsed.action);
    if (why) {
      refused.push(why);
      s = applyMove(spy, s, currentDeal(seed), { ply, seat, action: spy.fallback(s, seat)! }) as SpyState;
    } else s = applyMove(spy, s, currentDeal(seed), { ply, seat, action: parsed.action }) as SpyState;
  }
  return { end: s, refused };
}

describe('the simulated Who-is-the-spy player', () => {
  it('plays whole matches legally in both ways of voting, answering the second-order probe about the other players', () => {
    for (const voting of ['sequential', 'sealed'] as const) {
      for (const seed of ['a', 'b', 'c']) {
        const { end, refused } = playSim({ pairId: 'moon-sun', voting }, `${voting}-${seed}`);
        expect(end.phase).toBe('over');
        expect(refused).toEqual([]);
        expect(end.probes).toHaveLength(4);
        // Every probe answer carries the second-order guess, read from the OTHERS THINK labels.
        for (const p of end.probes) expect(p.theirGuess).toEqual({ word: end.words[p.seat], role: 'villager' });
      }
    }
  });

  it('in sequential voting, follows the votes already cast when it has no suspect of its own', () => {
    let s = initialState(
      spy,
      { pairId: 'moon-sun', probes: false, shuffleOptions: false },
      currentDeal('follow'),
      4,
    ) as SpyState;
    // Every description is a clue no lexicon knows: the simulated player has no suspect.
    for (let ply = 0; s.phase === 'speak'; ply++) {
      const seat = activeSeats(s)[0]!;
      s = applyMove(spy, s, currentDeal('follow'), {
        ply,
        seat,
        action: { type: 'describe', text: `unknown clue ${seat}` } as SpyAction,
      }) as SpyState;
    }
    const [a, b, c] = s.order as [number, number, number];
    const target = [0, 1, 2, 3].find((x) => x !== a && x !== b && x !== c)!;
    s = applyMove(spy, s, currentDeal('follow'), {
      ply: 10,
      seat: a,
      action: { type: 'vote', target } as SpyAction,
    }) as SpyState;
    s = applyMove(spy, s, currentDeal('follow'), {
      ply: 11,
      seat: b,
      action: { type: 'vote', target } as SpyAction,
    }) as SpyState;
    const text = turnText(s, c);
    expect(text).toContain('Votes cast so far, in order:');
    for (let i = 0; i < 10; i++) {
      const reply = wordGameReply([text], legalOf(text), false, true, createRng(`f${i}`))!;
      expect(reply.content).toMatch(new RegExp(`VOTE: Player ${target + 1}$`));
    }
  });

  it('never picks a Chinese clue with a character of its own word, so its Chinese descriptions are not refused', () => {
    for (const voting of ['sequential', 'sealed'] as const) {
      for (const pairId of ['dianchi-fadianji', 'xianweijing-wangyuanjing']) {
        const { end, refused } = playSim({ pairId, voting, lang: 'zh' }, `${pairId}-${voting}`);
        expect(end.phase).toBe('over');
        expect(refused.filter((r) => /a character of your word/.test(r))).toEqual([]);
      }
    }
    // The lexicon does have such clues (which the game would refuse): the filter is what keeps them out.
    expect(cluesOf('发电机').some((c) => bannedCharIn(c, '发电机') !== null)).toBe(true);
  });
});
