// Who is the spy rules: setup and bias controls, the speaking checks, probes, voting with its re-vote, both presets'
// endings, what each viewer sees, the fallback, and the conformance suite.
import { describe, expect, it } from 'vitest';
import { checkConformance } from '../../lib/engine/conformance';
import { scaled } from '../../lib/test-scale';
import { createRng } from '../../lib/engine/rng';
import type { Rng } from '../../lib/engine/types';
import { spy } from './index';
import { KEYWORD_PAIRS } from './keywords';
import {
  activeSeats,
  apply,
  bannedCharIn,
  describe as describeMove,
  fallback,
  legalActions,
  outcome,
  reject,
  setup,
  view,
  wordIn,
} from './rules';
import { configSchema, type SpyAction, type SpyState } from './types';

const cfg = (over: Record<string, unknown> = {}) =>
  configSchema.parse({ pairId: 'moon-sun', spyWord: 'b', spySeats: [2], ...over });
const start = (over: Record<string, unknown> = {}, n = 4, seed = 's') => setup(createRng(seed), cfg(over), n);
let k = 0;
const act = (s: SpyState, seat: number, a: SpyAction): SpyState => {
  const why = spy.reject(s, seat, a);
  if (why) throw new Error(`seat ${seat}: ${why}`);
  return apply(s, seat, a, createRng(`ply${k++}`));
};
/** Every speaker of the round says something distinct and harmless. */
const speakAll = (s: SpyState): SpyState => {
  while (s.phase === 'speak') {
    const seat = activeSeats(s)[0]!;
    s = act(s, seat, { type: 'describe', text: `clue ${s.round}-${seat} about my thing` });
  }
  return s;
};
const probeAll = (s: SpyState): SpyState => {
  while (s.phase === 'probe') s = act(s, activeSeats(s)[0]!, { type: 'probe', others: [], theirGuess: {} });
  return s;
};
/**
 * Votes by voter → target for one ballot; every survivor must be given. Works in both ways of voting: sealed (all
 * active at once) and sequential (one active seat at a time, in speaking order).
 */
const voteAll = (s: SpyState, votes: Record<number, number>): SpyState => {
  const pending = s.alive.filter(Boolean).length - s.ballot!.votes.length;
  for (let i = 0; i < pending; i++) {
    const voter = activeSeats(s)[0]!;
    s = act(s, voter, { type: 'vote', target: votes[voter]! });
  }
  return s;
};

describe('setup and bias controls', () => {
  it('deals the spy word to the spy seats only and tells nobody its role', () => {
    const s = start();
    expect(s.words).toEqual(['moon', 'moon', 'sun', 'moon']);
    expect(s.spies).toEqual([2]);
    expect(s.names).toEqual(['Player 1', 'Player 2', 'Player 3', 'Player 4']);
    expect([...s.order].sort()).toEqual([0, 1, 2, 3]);
    expect(s.round).toBe(1);
    expect(s.phase).toBe('speak');
    for (let seat = 0; seat < 4; seat++) {
      const v = JSON.stringify(view(s, { seat }));
      expect(v).not.toMatch(/"spies":\[\d/);
      expect(v).toContain(`"yourWord":"${s.words[seat]}"`);
      expect(v).not.toContain(`"${s.words[seat] === 'moon' ? 'sun' : 'moon'}"`);
    }
  });

  it('draws the pair, the direction and the spies from the seed, and plays every pair both ways over seeds', () => {
    const a = setup(createRng('x'), configSchema.parse({}), 4);
    expect(setup(createRng('x'), configSchema.parse({}), 4)).toEqual(a);
    const directions = new Set<string>();
    const spies = new Set<number>();
    for (let i = 0; i < 400; i++) {
      const s = setup(createRng(`seed${i}`), configSchema.parse({ pairId: 'moon-sun' }), 4);
      directions.add(s.spyWord);
      spies.add(s.spies[0]!);
    }
    expect(directions).toEqual(new Set(['a', 'b']));
    expect(spies).toEqual(new Set([0, 1, 2, 3]));
    const zh = setup(createRng('z'), configSchema.parse({ lang: 'zh' }), 4);
    expect(zh.pair.lang).toBe('zh');
  });

  it('refuses impossible settings with a reason', () => {
    expect(() => setup(createRng('x'), configSchema.parse({ spies: 2 }), 4)).toThrow(/fewer than half/);
    expect(() => setup(createRng('x'), configSchema.parse({ spySeats: [0, 1] }), 5)).toThrow(/2 seats for 1 spy/);
    expect(() => setup(createRng('x'), configSchema.parse({ spySeats: [6] }), 5)).toThrow(/beyond/);
    expect(() => setup(createRng('x'), configSchema.parse({ pairId: 'nope' }), 4)).toThrow(/no keyword pair "nope"/);
    expect(() => setup(createRng('x'), configSchema.parse({}), 2)).toThrow(/3–8 players/);
  });

  it('names players by the chosen method; first names are drawn per match', () => {
    expect(start({ naming: 'full-names' }, 5).names).toEqual([
      'Aaron One',
      'Barbara Two',
      'Charles Three',
      'Diana Four',
      'Edward Five',
    ]);
    const a = start({ naming: 'first-names' }, 5, 'a').names;
    expect(new Set(a).size).toBe(5);
    const drawn = new Set(Array.from({ length: 20 }, (_, i) => start({ naming: 'first-names' }, 5, `n${i}`).names[0]));
    expect(drawn.size).toBeGreaterThan(3);
  });

  it('shuffles the speaking order every round and each voter’s options, or keeps seat order when switched off', () => {
    const orders = new Set(Array.from({ length: 30 }, (_, i) => start({}, 4, `o${i}`).order.join()));
    expect(orders.size).toBeGreaterThan(5);
    let s = speakAll(start({ probes: false }, 5, 'opt'));
    expect(s.phase).toBe('vote');
    const options = s.ballot!.options;
    for (let voter = 0; voter < 5; voter++)
      expect([...options[voter]!].sort()).toEqual([0, 1, 2, 3, 4].filter((x) => x !== voter));
    expect(new Set(Object.values(options).map((o) => o.join())).size).toBeGreaterThan(1);
    s = start({ shuffleSpeaking: false, shuffleOptions: false, probes: false }, 5);
    expect(s.order).toEqual([0, 1, 2, 3, 4]);
    s = speakAll(s);
    expect(s.ballot!.options[2]).toEqual([0, 1, 3, 4]);
  });
});

describe('speaking', () => {
  it('lets only the speaker speak, and refuses empty, word-bearing and repeated descriptions with the reason', () => {
    const s = start();
    const speaker = s.order[0]!;
    const other = s.order[1]!;
    expect(activeSeats(s)).toEqual([speaker]);
    expect(legalActions(s, speaker)).toBeNull();
    expect(spy.reject(s, other, { type: 'describe', text: 'hello' })).toBe(
      `it is not your turn: Player ${speaker + 1} is to move`,
    );
    expect(reject(s, speaker, { type: 'describe', text: '   ' })).toMatch(/empty/);
    expect(reject(s, speaker, { type: 'vote', target: 0 })).toMatch(/speaking phase/);
    expect(reject(s, speaker, { type: 'pass' })).toMatch(/passing is not a move/);
    const word = s.words[speaker]!;
    expect(reject(s, speaker, { type: 'describe', text: `It is like a ${word.toUpperCase()}, really.` })).toContain(
      `your word “${word}”`,
    );
    const s1 = act(s, speaker, { type: 'describe', text: 'It shines in the sky.' });
    expect(reject(s1, other, { type: 'describe', text: 'it SHINES in the sky!!' })).toMatch(
      /already said that in round 1/,
    );
    expect(reject(s1, other, { type: 'describe', text: 'It shines at night.' })).toBeNull();
  });

  it('recognises a word in any case, with endings, inside longer words, split or joined, and in Chinese', () => {
    expect(wordIn('Look at the MOON tonight', 'moon')).toBe('moon');
    expect(wordIn('two moons', 'moon')).toBe('moons');
    expect(wordIn('moonlight is pale', 'moon')).toBe('moonlight');
    expect(wordIn('honeymoon trip', 'moon')).toBe('honeymoon');
    expect(wordIn('a sunflower field', 'sun')).toBe('sunflower');
    expect(wordIn('sunny days', 'sun')).toBe('sunny');
    expect(wordIn('wild berries', 'berry')).toBe('berries');
    expect(wordIn('I like baking', 'bake')).toBe('baking');
    expect(wordIn('an ice-cream cone', 'ice cream')).toBe('ice cream');
    expect(wordIn('icecream please', 'ice cream')).toBe('icecream');
    expect(wordIn('Ice Creams melt', 'ice cream')).toBe('ice creams');
    expect(wordIn('Café society', 'cafe')).toBe('cafe');
    expect(wordIn('这是一种很常见的牛奶饮品', '牛奶')).toBe('牛奶');
    // Not the word: different words that merely share letters with a short one, or another word entirely.
    expect(wordIn('It shines on Monday mornings', 'moon')).toBeNull();
    expect(wordIn('a bright star in the sky', 'sun')).toBeNull();
    expect(wordIn('豆浆很好喝', '牛奶')).toBeNull();
  });
});

describe('probes and voting', () => {
  it('asks every survivor the probe questions before the first vote only, the second-order one about the other players', () => {
    let s = speakAll(start());
    expect(s.phase).toBe('probe');
    expect(activeSeats(s).sort()).toEqual([0, 1, 2, 3]);
    // No named target any more (the paper asks what the other players think): nothing drawn, nothing in the views.
    for (const seat of [0, 1, 2, 3]) expect(view(s, { seat })).not.toHaveProperty('probeTarget');
    expect(s).not.toHaveProperty('probeTargets');
    expect(reject(s, 0, { type: 'vote', target: 1 })).toMatch(/answer the questions/);
    expect(reject(s, 0, { type: 'probe', others: [{ seat: 0, word: 'x' }], theirGuess: {} })).toMatch(/who is you/);
    s = act(s, 0, {
      type: 'probe',
      self: 'villager',
      others: [{ seat: 1, word: 'moon', role: 'villager' }],
      theirGuess: { word: 'moon', role: 'villager' },
    });
    expect(spy.reject(s, 0, { type: 'probe', others: [], theirGuess: {} })).toBe(
      'it is not your turn: Player 2, Player 3 and Player 4 are to move',
    );
    expect(view(s, { seat: 1 }).probes).toEqual([]);
    expect(view(s, { seat: 0 }).probes).toHaveLength(1);
    s = probeAll(s);
    expect(s.phase).toBe('vote');
    // Round 2 has no probes.
    s = voteAll(s, { 0: 1, 1: 0, 2: 0, 3: 0 }); // Player 1 out (a villager)
    expect(s.round).toBe(2);
    s = speakAll(s);
    expect(s.phase).toBe('vote');
  });

  it('sealed voting: takes votes only for surviving others among the candidates, and keeps them sealed until all are in', () => {
    let s = probeAll(speakAll(start({ voting: 'sealed' })));
    expect(s.voting).toBe('sealed');
    expect(activeSeats(s).sort()).toEqual([0, 1, 2, 3]);
    expect(
      legalActions(s, 0)!
        .map((a) => (a as { target: number }).target)
        .sort(),
    ).toEqual([1, 2, 3]);
    expect(reject(s, 0, { type: 'vote', target: 0 })).toBe('you cannot vote for yourself');
    expect(reject(s, 0, { type: 'vote', target: 9 })).toMatch(/no such player/);
    s = act(s, 0, { type: 'vote', target: 2, reasoning: 'Player 3 was vague' });
    expect(spy.reject(s, 0, { type: 'vote', target: 1 })).toBe(
      'it is not your turn: Player 2, Player 3 and Player 4 are to move',
    );
    expect(view(s, { seat: 1 }).ballot!.votes).toEqual([]);
    expect(view(s, { spectator: true }).ballot!.votes).toEqual([]);
    expect(view(s, { seat: 0 }).ballot!.votes).toEqual([
      { voter: 0, target: 2, option: s.ballot!.options[0]!.indexOf(2) },
    ]);
    expect(view(s, { omniscient: true }).ballot!.votes).toHaveLength(1);
    s = voteAll(s, { 1: 2, 2: 0, 3: 2 });
    // The spy (seat 2) is out: villagers win and share the point.
    expect(s.phase).toBe('over');
    expect(s.rounds[0]).toMatchObject({ eliminated: 2, settled: true });
    expect(outcome(s)).toMatchObject({ scores: [1 / 3, 1 / 3, 0, 1 / 3], rewards: [1, 1, 0, 1], winner: null });
    expect(outcome(s)!.reason).toMatch(/villagers win.*spy word "sun", villager word "moon"/);
    // Said as a person would: the side, which pages follow with its seats.
    expect(outcome(s)!.summary).toBe('Villagers win');
  });

  it.each(['sealed', 'sequential'] as const)(
    're-votes among the tied players and lets nobody leave when still tied (%s voting)',
    (voting) => {
      let s = probeAll(speakAll(start({ voting })));
      s = voteAll(s, { 0: 1, 1: 0, 2: 1, 3: 0 }); // 0 and 1 tied with two votes each
      expect(s.phase).toBe('vote');
      expect(s.ballot).toMatchObject({ kind: 'revote', candidates: [0, 1] });
      expect(s.rounds[0]).toMatchObject({ eliminated: null, settled: false });
      // Sequential: the tied players ahead in the order vote first (for each other, as below), until seat 3 or 4 may vote.
      while (activeSeats(s)[0]! < 2) s = act(s, activeSeats(s)[0]!, { type: 'vote', target: 1 - activeSeats(s)[0]! });
      // Seat 3 or 4 tries the other, who is not among the tied.
      const voter = activeSeats(s).find((x) => x >= 2)!;
      expect(reject(s, voter, { type: 'vote', target: 5 - voter })).toMatch(
        /re-vote among the tied players; vote for one of: Player [12], Player [12]$/,
      );
      expect(legalActions(s, 0)).toEqual([{ type: 'vote', target: 1 }]);
      const lines = describeMove(s, voteAll(s, { 0: 1, 1: 0, 2: 0, 3: 1 }), 3, { type: 'vote', target: 1 });
      s = voteAll(s, { 0: 1, 1: 0, 2: 0, 3: 1 });
      expect(s.rounds[0]).toMatchObject({ eliminated: null, settled: true });
      expect(s.rounds[0]!.ballots.map((b) => b.kind)).toEqual(['vote', 'revote']);
      expect(s.alive).toEqual([true, true, true, true]);
      expect(s.round).toBe(2);
      expect(s.phase).toBe('speak');
      expect(lines.map((l) => l.text)).toContain('Still tied after the re-vote: nobody leaves this round');
    },
  );

  it.each(['sealed', 'sequential'] as const)('a single leader of a re-vote is out (%s voting)', (voting) => {
    let s = probeAll(speakAll(start({ voting })));
    s = voteAll(s, { 0: 1, 1: 0, 2: 1, 3: 0 });
    s = voteAll(s, { 0: 1, 1: 0, 2: 1, 3: 1 });
    expect(s.rounds[0]).toMatchObject({ eliminated: 1, settled: true });
    expect(s.alive).toEqual([true, false, true, true]);
    const next = speakAll(s);
    expect(reject(next, activeSeats(next)[0]!, { type: 'vote', target: 1 })).toMatch(/Player 2 is already out/);
  });
});

describe('sequential voting (the paper’s Algorithm 1, lines 618-621: each vote appended to the history in turn)', () => {
  it('is the spygame preset’s default; undercover votes sealed; the setting overrides either', () => {
    expect(start().voting).toBe('sequential');
    expect(start({ preset: 'undercover' }, 5).voting).toBe('sealed');
    expect(start({ voting: 'sealed' }).voting).toBe('sealed');
    expect(start({ preset: 'undercover', voting: 'sequential' }, 5).voting).toBe('sequential');
    expect(spy.defaultConfig.voting).toBeUndefined(); // the preset decides
  });

  it('lets one voter vote at a time, in the round’s speaking order, and shows every vote to everyone once cast', () => {
    let s = probeAll(speakAll(start({}, 4, 'seq')));
    const order = s.order;
    expect(activeSeats(s)).toEqual([order[0]]);
    const [first, second] = [order[0]!, order[1]!];
    // Out of turn: refused by the platform, naming the voter to move.
    expect(spy.reject(s, second, { type: 'vote', target: first })).toBe(
      `it is not your turn: Player ${first + 1} is to move`,
    );
    const target = second;
    const before = s;
    s = act(s, first, { type: 'vote', target, reasoning: 'private thought' });
    expect(activeSeats(s)).toEqual([second]);
    expect(spy.reject(s, first, { type: 'vote', target })).toBe(`it is not your turn: Player ${second + 1} is to move`);
    // Public once cast: every seat and the public view see it; the reasoning stays private.
    const cast = { voter: first, target, option: s.ballot!.options[first]!.indexOf(target) };
    for (const seat of [0, 1, 2, 3]) expect(view(s, { seat }).ballot!.votes).toEqual([cast]);
    expect(view(s, { spectator: true }).ballot!.votes).toEqual([cast]);
    expect(view(s, { seat: second }).voting).toBe('sequential');
    const lines = describeMove(before, s, first, { type: 'vote', target, reasoning: 'private thought' });
    expect(lines).toEqual([
      { text: `Player ${first + 1} votes for Player ${target + 1}` },
      { text: `Player ${first + 1} thinks: “private thought”`, visibleTo: [first] },
    ]);
    // The rest vote in order; the count is as in sealed voting.
    const seen: number[] = [first];
    while (s.phase === 'vote' && s.round === 1) {
      const voter = activeSeats(s)[0]!;
      seen.push(voter);
      s = act(s, voter, { type: 'vote', target: voter === 2 ? 0 : 2 });
    }
    expect(seen).toEqual(order);
    expect(s.rounds[0]!.ballots[0]!.votes.map((v) => v.voter)).toEqual(order);
  });

  it('shows a later voter the earlier votes in its prompt, in the order they were cast', () => {
    let s = probeAll(speakAll(start({}, 4, 'seq-prompt')));
    const [a, b, c] = s.order as [number, number, number];
    s = act(s, a, { type: 'vote', target: b });
    s = act(s, b, { type: 'vote', target: a });
    const text = spy.prompt.turn(view(s, { seat: c }), c, legalActions(s, c), spy.defaultConfig);
    expect(text).toContain(
      `Votes cast so far, in order:\n- Player ${a + 1} → Player ${b + 1}\n- Player ${b + 1} → Player ${a + 1}\n`,
    );
    // A sealed ballot shows nobody the others' votes before the count.
    let t = probeAll(speakAll(start({ voting: 'sealed' }, 4, 'seq-prompt')));
    t = act(t, 0, { type: 'vote', target: 1 });
    const sealed = spy.prompt.turn(
      view(t, { seat: 2 }),
      2,
      legalActions(t, 2),
      configSchema.parse({ voting: 'sealed' }),
    );
    expect(view(t, { seat: 2 }).ballot!.votes).toEqual([]);
    expect(sealed).not.toMatch(/Player 1 → Player 2/);
  });

  it('a re-vote goes in the same order; a tie still re-votes, then nobody leaves', () => {
    let s = probeAll(speakAll(start({}, 4, 'seq-tie')));
    s = voteAll(s, { 0: 1, 1: 0, 2: 1, 3: 0 });
    expect(s.ballot).toMatchObject({ kind: 'revote', candidates: [0, 1], votes: [] });
    expect(activeSeats(s)).toEqual([s.order[0]]);
    s = voteAll(s, { 0: 1, 1: 0, 2: 0, 3: 1 });
    expect(s.rounds[0]).toMatchObject({ eliminated: null, settled: true });
    expect(s.rounds[0]!.ballots[1]!.votes.map((v) => v.voter)).toEqual(s.rounds[0]!.order);
  });
});

describe('banned characters of a Chinese keyword (the paper, line 194: “without revealing any characters in their keyword”)', () => {
  const zh = (spyWord: 'a' | 'b') =>
    setup(
      createRng('zh'),
      configSchema.parse({ pairId: 'dianchi-fadianji', spyWord, spySeats: [2], shuffleSpeaking: false }),
      4,
    );

  it('refuses a description with any one character of the speaker’s Chinese word, naming the character', () => {
    const s = zh('a'); // villagers 发电机, the spy 电池; seat 0 speaks first
    expect(s.words[0]).toBe('发电机');
    expect(reject(s, 0, { type: 'describe', text: '停电的时候很有用' })).toBe(
      'your description contains “电”, a character of your word “发电机”; no character of your word may appear in your description',
    );
    expect(reject(s, 0, { type: 'describe', text: '这台机器很吵' })).toMatch(
      /contains “机”, a character of your word “发电机”/,
    );
    // The whole word is still refused as before, as the word.
    expect(reject(s, 0, { type: 'describe', text: '一台发电机' })).toMatch(/gives your word away/);
    // Characters of the other word are allowed; so is a description with none of its own.
    expect(reject(s, 0, { type: 'describe', text: '能把力量变成能量' })).toBeNull();
    expect(reject(s, 0, { type: 'describe', text: '里面有池塘' })).toBeNull(); // 池 belongs to 电池, not to 发电机
  });

  it('applies to each player’s own word only, and not to English words', () => {
    let s = zh('b'); // villagers 电池, the spy 发电机
    s = act(s, 0, { type: 'describe', text: '可以放在遥控器里' });
    s = act(s, 1, { type: 'describe', text: '用完要回收' });
    expect(s.words[2]).toBe('发电机');
    expect(reject(s, 2, { type: 'describe', text: '像一个池子' })).toBeNull();
    expect(reject(s, 2, { type: 'describe', text: '发出很大的声音' })).toMatch(/contains “发”/);
    expect(bannedCharIn('a moon-shaped lamp', 'moon')).toBeNull();
    expect(bannedCharIn('它很亮', '月亮')).toBe('亮');
  });
});

describe('endings', () => {
  it('spygame: the spy wins when only two players are left', () => {
    let s = probeAll(speakAll(start()));
    s = voteAll(s, { 0: 1, 1: 0, 2: 0, 3: 0 }); // Player 1 out
    expect(s.phase).toBe('speak');
    s = voteAll(speakAll(s), { 1: 3, 2: 3, 3: 1 }); // Player 4 out: 2 left, one of them the spy
    expect(s.phase).toBe('over');
    expect(outcome(s)).toMatchObject({ scores: [0, 0, 1, 0], winner: 2 });
    expect(outcome(s)!.reason).toMatch(/Only 2 players are left and the spy is among them: the spy wins/);
    expect(outcome(s)!.summary).toBe('The spy wins');
    expect(activeSeats(s)).toEqual([]);
  });

  it('undercover: five players, at most two rounds, the undercover wins by surviving them', () => {
    let s = start({ preset: 'undercover' }, 5);
    expect(s.maxRounds).toBe(2);
    s = voteAll(probeAll(speakAll(s)), { 0: 1, 1: 0, 2: 0, 3: 0, 4: 0 }); // Player 1 out
    s = voteAll(speakAll(s), { 1: 3, 2: 3, 3: 1, 4: 3 }); // Player 4 out; round 2 was the last
    expect(s.phase).toBe('over');
    expect(outcome(s)).toMatchObject({ scores: [0, 0, 1, 0, 0], winner: 2 });
    expect(outcome(s)!.reason).toMatch(/survived 2 rounds/);
    // Caught in time: the villagers win.
    let t = start({ preset: 'undercover' }, 5);
    t = voteAll(probeAll(speakAll(t)), { 0: 2, 1: 2, 2: 0, 3: 2, 4: 2 });
    expect(outcome(t)).toMatchObject({ scores: [0.25, 0.25, 0, 0.25, 0.25] });
    expect(start({ preset: 'undercover', maxRounds: 3 }, 5).maxRounds).toBe(3);
  });

  it('several spies: the villagers must vote them all out', () => {
    let s = setup(
      createRng('m'),
      configSchema.parse({ spies: 2, spySeats: [0, 1], pairId: 'moon-sun', probes: false }),
      6,
    );
    s = voteAll(speakAll(s), { 0: 2, 1: 2, 2: 0, 3: 0, 4: 0, 5: 0 });
    expect(s.phase).toBe('speak');
    s = voteAll(speakAll(s), { 1: 2, 2: 1, 3: 1, 4: 1, 5: 1 });
    expect(outcome(s)).toMatchObject({ scores: [0, 0, 0.25, 0.25, 0.25, 0.25] });
    expect(outcome(s)!.reason).toMatch(/The spies were voted out/);
  });
});

describe('content-free calibration, fallback and the log', () => {
  it('content-free: every description is "...", no probes, straight to the vote each round', () => {
    let s = start({ contentFree: true }, 5);
    expect(s.phase).toBe('vote');
    expect(s.descriptions.map((d) => d.text)).toEqual(['...', '...', '...', '...', '...']);
    expect(s.descriptions.map((d) => d.seat)).toEqual(s.order);
    expect(s.descriptions.map((d) => d.position)).toEqual([0, 1, 2, 3, 4]);
    s = voteAll(s, { 0: 1, 1: 0, 2: 0, 3: 0, 4: 0 });
    expect(s.phase).toBe('vote');
    expect(s.round).toBe(2);
    expect(s.descriptions).toHaveLength(9);
    expect(view(s, { seat: 1 }).contentFree).toBe(true);
  });

  it('the fallback is silence when speaking, blank probe answers, the first option when voting', () => {
    let s = start();
    const speaker = activeSeats(s)[0]!;
    expect(fallback(s, speaker)).toEqual({ type: 'pass' });
    s = apply(s, speaker, fallback(s, speaker), createRng('f'));
    expect(s.descriptions[0]).toMatchObject({ seat: speaker, forfeited: true, text: '' });
    expect(describeMove(start(), s, speaker, { type: 'pass' })[0]!.text).toBe(`Player ${speaker + 1} said nothing`);
    s = speakAll(s);
    s = apply(s, 0, fallback(s, 0), createRng('g'));
    expect(s.probes[0]).toMatchObject({ seat: 0, forfeited: true });
    s = probeAll(s);
    expect(fallback(s, 1)).toEqual({ type: 'vote', target: s.ballot!.options[1]![0] });
  });

  it('keeps guesses, reasoning and a sealed vote in lines only the player sees', () => {
    const s = start();
    const seat = activeSeats(s)[0]!;
    const a: SpyAction = {
      type: 'describe',
      text: 'Bright and round.',
      guess: 'star',
      reasoning: 'Nobody has spoken yet.',
    };
    const lines = describeMove(s, act(s, seat, a), seat, a);
    expect(lines[0]).toEqual({ text: `Player ${seat + 1}: “Bright and round.”` });
    expect(lines.slice(1)).toEqual([
      { text: `Player ${seat + 1} guesses the other word is “star”`, visibleTo: [seat] },
      { text: `Player ${seat + 1} thinks: “Nobody has spoken yet.”`, visibleTo: [seat] },
    ]);
    const v = probeAll(speakAll(start({ voting: 'sealed' })));
    const vote: SpyAction = { type: 'vote', target: 1 };
    const voteLines = describeMove(v, act(v, 0, vote), 0, vote);
    expect(voteLines).toEqual([
      { text: 'Player 1 has voted' },
      { text: 'Player 1 votes for Player 2', visibleTo: [0] },
    ]);
  });

  it('shows each viewer what it may see: own word and thoughts for a seat, no words for the public, all at the end', () => {
    let s = start();
    const seat = activeSeats(s)[0]!;
    s = act(s, seat, { type: 'describe', text: 'Bright and round.', guess: 'star', reasoning: 'hm' });
    const other = [0, 1, 2, 3].find((x) => x !== seat)!;
    expect(view(s, { seat }).thoughts).toHaveLength(1);
    expect(view(s, { seat: other }).thoughts).toEqual([]);
    const pub = view(s, { spectator: true });
    expect(pub).toMatchObject({ words: null, spies: null, yourWord: null, thoughts: [] });
    expect(JSON.stringify(pub)).not.toMatch(/"(moon|sun)"/);
    expect(view(s, { omniscient: true })).toMatchObject({ words: ['moon', 'moon', 'sun', 'moon'], spies: [2] });
    s = voteAll(probeAll(speakAll(s)), { 0: 2, 1: 2, 2: 0, 3: 2 });
    expect(view(s, { seat: other })).toMatchObject({
      words: ['moon', 'moon', 'sun', 'moon'],
      spies: [2],
      phase: 'over',
    });
  });
});

/** A random open-ended answer for the conformance playouts: distinct text that never names a keyword. */
function randomAction(state: unknown, seat: number, rng: Rng): SpyAction {
  const s = state as SpyState;
  if (s.phase === 'probe') {
    const others = s.alive.flatMap((a, i) =>
      a && i !== seat ? [{ seat: i, role: rng.pick(['spy', 'villager'] as const) }] : [],
    );
    return { type: 'probe', self: rng.pick(['spy', 'villager'] as const), others, theirGuess: { role: 'villager' } };
  }
  return {
    type: 'describe',
    text: `clue ${rng.int(1e9)} from seat ${seat}`,
    ...(rng.next() < 0.5 ? { reasoning: `thinking ${rng.int(100)}` } : {}),
  };
}

describe('conformance', () => {
  // The playouts in full (25, then 10 per setting), ARENA_TEST_SCALE of them in a run (lib/test-scale.ts).
  it('keeps the game contract in every preset and with every bias control', () => {
    expect(checkConformance(spy, { seeds: scaled(25, 3), randomAction })).toEqual([]);
    expect(
      checkConformance(spy, {
        seeds: scaled(10, 2),
        randomAction,
        config: { preset: 'undercover', naming: 'first-names', lang: 'zh' },
      }),
    ).toEqual([]);
    expect(
      checkConformance(spy, {
        seeds: scaled(10, 2),
        randomAction,
        config: { contentFree: true, naming: 'full-names', shuffleOptions: false },
      }),
    ).toEqual([]);
    // Both ways of voting in both presets (the defaults above: spygame sequential, undercover sealed).
    expect(checkConformance(spy, { seeds: scaled(10, 2), randomAction, config: { voting: 'sealed' } })).toEqual([]);
    expect(
      checkConformance(spy, {
        seeds: scaled(10, 2),
        randomAction,
        config: { preset: 'undercover', voting: 'sequential', lang: 'zh' },
      }),
    ).toEqual([]);
  });

  it('ships enough keyword pairs for every language setting', () => {
    expect(KEYWORD_PAIRS.length).toBeGreaterThanOrEqual(50);
  });
});

describe('host/guest and spectators', () => {
  it('puts the guest in the spy seat, and opens live spectating unless blind', () => {
    expect(spy.hostGuest.config(spy.defaultConfig, 3, 4)).toMatchObject({ spySeats: [3] });
    expect(spy.hostGuest.config(cfg({ spies: 2, spySeats: undefined }), 4, 5)).toMatchObject({ spySeats: [4, 0] });
    expect(spy.spectatorsSeeAll!(cfg())).toBe(true);
    expect(spy.spectatorsSeeAll!(cfg({ blind: true }))).toBe(false);
    expect(spy.defaultPlayers!(cfg({ preset: 'undercover' }))).toBe(5);
    expect(spy.defaultPlayers!(cfg())).toBe(4);
  });
});
