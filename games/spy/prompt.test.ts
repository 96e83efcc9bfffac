// Who is the spy prompts: the system and turn text (no role or foreign word leaks, switches, option order), the exact
// answer formats and the forgiving parser over many reply styles.
import { describe, expect, it } from 'vitest';
import { createRng } from '../../lib/engine/rng';
import {
  EXAMPLE_WORDS,
  cleanDescription,
  format,
  parse,
  parseWithNames,
  prompt,
  readRole,
  system,
  turn,
} from './prompt';
import { DEFAULT_CONFIG, type SpyAction, type SpyConfig, type SpyView } from './types';

const NUMBERED = ['Player 1', 'Player 2', 'Player 3', 'Player 4'];
const FULL = ['Aaron One', 'Barbara Two', 'Charles Three', 'Diana Four'];
const FIRST = ['Jack', 'Mary', 'Tom', 'Lucy'];

/** A seat's view, by hand: 4 players, seat 1 ("Player 2") holds "violin"; the other word in play is "cello". */
function makeView(over: Partial<SpyView> = {}): SpyView {
  return {
    you: 1,
    preset: 'spygame',
    names: NUMBERED,
    alive: [true, true, true, true],
    round: 1,
    maxRounds: null,
    phase: 'speak',
    order: [2, 0, 1, 3],
    speaker: 1,
    waiting: [],
    yourWord: 'violin',
    words: null,
    spies: null,
    descriptions: [
      { round: 1, seat: 2, position: 0, text: 'It has four strings.' },
      { round: 1, seat: 0, position: 1, text: 'You play it with a bow.' },
    ],
    thoughts: [],
    ballot: null,
    probes: [],
    rounds: [],
    result: null,
    contentFree: false,
    ...over,
  };
}

/** A later position: round 2, Player 4 voted out after a tie and a re-vote in round 1, now voting. */
function votingView(over: Partial<SpyView> = {}): SpyView {
  return makeView({
    round: 2,
    alive: [true, true, true, false],
    phase: 'vote',
    speaker: null,
    waiting: [0, 1, 2],
    descriptions: [
      { round: 1, seat: 2, position: 0, text: 'It has four strings.' },
      { round: 1, seat: 0, position: 1, text: 'You play it with a bow.' },
      { round: 1, seat: 1, position: 2, text: 'It sits under your chin.' },
      { round: 1, seat: 3, position: 3, text: '', forfeited: true },
      { round: 2, seat: 0, position: 0, text: 'Orchestras have many of them.' },
      { round: 2, seat: 1, position: 1, text: 'It is made of wood.' },
      { round: 2, seat: 2, position: 2, text: 'It is quite large.' },
    ],
    rounds: [
      {
        round: 1,
        order: [2, 0, 1, 3],
        ballots: [
          {
            round: 1,
            kind: 'vote',
            candidates: [0, 1, 2, 3],
            options: {},
            votes: [
              { voter: 0, target: 3, option: 0 },
              { voter: 1, target: 3, option: 1 },
              { voter: 2, target: 1, option: 0 },
              { voter: 3, target: 1, option: 2 },
            ],
          },
          {
            round: 1,
            kind: 'revote',
            candidates: [1, 3],
            options: {},
            votes: [
              { voter: 0, target: 3, option: 0 },
              { voter: 1, target: 3, option: 0 },
              { voter: 2, target: 3, option: 1 },
              { voter: 3, target: 1, option: 0 },
            ],
          },
        ],
        eliminated: 3,
        settled: true,
      },
    ],
    ballot: { round: 2, kind: 'vote', candidates: [0, 1, 2], options: [2, 0], votes: [] },
    ...over,
  });
}

const probeView = (over: Partial<SpyView> = {}) =>
  makeView({
    phase: 'probe',
    speaker: null,
    waiting: [0, 1, 2, 3],
    descriptions: [
      { round: 1, seat: 2, position: 0, text: 'It has four strings.' },
      { round: 1, seat: 0, position: 1, text: 'You play it with a bow.' },
      { round: 1, seat: 1, position: 2, text: 'It sits under your chin.' },
      { round: 1, seat: 3, position: 3, text: 'It is quite large.' },
    ],
    ...over,
  });

const cfg = (over: Partial<SpyConfig> = {}): SpyConfig => ({ ...DEFAULT_CONFIG, ...over });
const votes = (...targets: number[]): SpyAction[] => targets.map((target) => ({ type: 'vote', target }));
const NO_GUESS = { switches: ['spy:no-word-guessing'] };
const NO_REASON = { switches: ['spy:no-reasoning'] };
const NEITHER = { switches: ['spy:no-word-guessing', 'spy:no-reasoning'] };

/** Statements that would tell a seat its role. */
const ROLE_STATEMENT =
  /\byou(?:\s+are|'re|’re)\s+(?:not\s+)?(?:the|a|an)\s+(?:spy|villager|undercover|civilian)|\byour\s+role\s+is\b|\byou\s+have\s+the\s+(?:spy|villager)/i;
const hasWord = (text: string, word: string) => new RegExp(`(?<![\\p{L}])${word}(?![\\p{L}])`, 'iu').test(text);

describe('system', () => {
  it('explains the game, the hidden roles, the description rules, the strategy, the format and an example', () => {
    const text = system(cfg(), 0, 4);
    expect(text).toMatch(/4 players/);
    expect(text).toMatch(/NOBODY is told whether they are the spy/);
    expect(text).toMatch(/must not contain your word or any form of it/);
    expect(text).toMatch(/must not repeat a description/);
    expect(text).toMatch(/one or two sentences/);
    expect(text).toMatch(/before the first vote/i);
    expect(text).toMatch(/tie is voted again, among the tied players only/i);
    expect(text).toMatch(/describe ambiguously/);
    expect(text).toMatch(/specific enough to reassure/);
    expect(text).toMatch(/no limit/);
    expect(text).toMatch(/^ {2}GUESS: .*\n {2}REASONING: .*\n {2}DESCRIPTION: /m);
    expect(text).toMatch(/^VOTE: Player 4$/m);
    expect(text).toContain(EXAMPLE_WORDS[0]);
  });

  it('states the round limit of the preset and the number of spies', () => {
    expect(system(cfg({ preset: 'undercover' }), 0, 5)).toMatch(
      /at most 2 rounds: if any spy is still in after round 2, the spy wins/,
    );
    expect(system(cfg({ preset: 'undercover', maxRounds: 3 }), 0, 5)).toMatch(/at most 3 rounds/);
    expect(system(cfg({ preset: 'spygame', maxRounds: 1 }), 0, 5)).toMatch(/at most 1 round:/);
    expect(system(cfg({ spies: 2 }), 0, 6)).toMatch(/2 players, the spies, have a different but related word/);
    expect(system(cfg({ probes: false }), 0, 4)).not.toMatch(/before the first vote/i);
    expect(system(cfg({ contentFree: true }), 0, 4)).toMatch(/every description is "\.\.\."/);
  });

  it('leaves out GUESS and REASONING under the ablation switches', () => {
    expect(system(cfg(), 0, 4, NO_GUESS)).not.toMatch(/GUESS/);
    expect(system(cfg(), 0, 4, NO_GUESS)).toMatch(/REASONING:/);
    expect(system(cfg(), 0, 4, NO_REASON)).not.toMatch(/REASONING/);
    expect(system(cfg(), 0, 4, NO_REASON)).toMatch(/GUESS:/);
    const neither = system(cfg(), 0, 4, NEITHER);
    expect(neither).not.toMatch(/GUESS|REASONING/);
    expect(neither).toMatch(/DESCRIPTION:/);
  });

  it('is the same for every seat, never states a role and never names a keyword', () => {
    for (const preset of ['spygame', 'undercover'] as const) {
      const texts = [0, 1, 2, 3].map((seat) => system(cfg({ preset }), seat, 4));
      expect(new Set(texts).size).toBe(1);
      expect(texts[0]).not.toMatch(ROLE_STATEMENT);
      for (const w of ['violin', 'cello', 'moon', 'sun', 'apple', 'pear', '月亮', '太阳'])
        expect(hasWord(texts[0]!, w)).toBe(false);
    }
  });
});

describe('turn', () => {
  it('speaking: names, word line, descriptions in order, the structured answer, no legal list', () => {
    const text = turn(makeView(), 1, null, cfg());
    const lines = text.split('\n');
    expect(lines[0]).toBe('You are Player 2.');
    expect(lines).toContain('Your word: violin');
    expect(text).toMatch(/Player 2 \(you\)/);
    expect(text).toMatch(/Round 1:\n- Player 3: It has four strings\.\n- Player 1: You play it with a bow\./);
    expect(text).toMatch(/GUESS: .*\nREASONING: .*\nDESCRIPTION: /);
    expect(text).toMatch(/must not contain your word/);
    expect(text).toMatch(/must not repeat/);
    expect(text).not.toMatch(/Legal moves:/);
  });

  it('speaking: the switches remove GUESS and REASONING', () => {
    expect(turn(makeView(), 1, null, cfg(), NO_GUESS)).not.toMatch(/GUESS/);
    expect(turn(makeView(), 1, null, cfg(), NO_GUESS)).toMatch(/REASONING: .*\nDESCRIPTION: /);
    expect(turn(makeView(), 1, null, cfg(), NO_REASON)).not.toMatch(/REASONING/);
    expect(turn(makeView(), 1, null, cfg(), NO_REASON)).toMatch(/GUESS: .*\nDESCRIPTION: /);
    const neither = turn(makeView(), 1, null, cfg(), NEITHER);
    expect(neither).not.toMatch(/GUESS|REASONING/);
    expect(neither.split('\n').at(-1)).toMatch(/^DESCRIPTION: /);
  });

  it('speaking first: says nobody has spoken yet', () => {
    const text = turn(makeView({ descriptions: [], order: [1, 0, 2, 3] }), 1, null, cfg());
    expect(text).toMatch(/Nobody has spoken yet/);
    expect(text).toMatch(/you speak first/);
  });

  it('probes: a labelled question per other survivor and, second order, about the other players, no legal list', () => {
    const text = turn(probeView({ alive: [true, true, false, true] }), 1, null, cfg());
    expect(text).toMatch(/^ME: /m);
    for (const x of ['Player 1', 'Player 4']) {
      expect(text).toMatch(new RegExp(`^${x} WORD: `, 'm'));
      expect(text).toMatch(new RegExp(`^${x} ROLE: `, 'm'));
    }
    expect(text).not.toMatch(/^Player [23] (WORD|ROLE):/m);
    // The paper's questions (§4.3, lines 413-414 and 420): about all players, then what the other players (not one
    // named player) will guess one's own word and identity to be.
    expect(text).toContain(
      'It is your turn to guess the words and identities of all players, including yourself. You must identify only one spy player.',
    );
    expect(text).toContain(
      'Then: based on your description, what do you think the other players will guess your word and identity to be? Put yourself in the shoes of the other players and guess your own word and identity.',
    );
    expect(text).toMatch(/^OTHERS THINK MY WORD: </m);
    expect(text).toMatch(/^OTHERS THINK I AM: </m);
    expect(text).not.toMatch(/^Player \d THINKS/m);
    expect(text).not.toMatch(/Legal moves:/);
    expect(turn(probeView(), 1, null, cfg({ spies: 2 }))).toContain('You must identify only 2 spy players.');
  });

  it('voting: history with counted votes and eliminations, the options in the ballot order at the end', () => {
    const text = turn(votingView(), 1, votes(2, 0), cfg());
    expect(text).toMatch(/Player 4 \(out: voted out in round 1\)/);
    expect(text).toMatch(/- Player 4: \(said nothing\)/);
    expect(text).toMatch(
      /Votes:\n- Player 1 → Player 4\n- Player 2 → Player 4\n- Player 3 → Player 2\n- Player 4 → Player 2/,
    );
    expect(text).toMatch(/Re-vote among Player 2 and Player 4:/);
    expect(text).toMatch(/Player 4 was voted out in round 1\./);
    expect(text).toMatch(/Round 2:\n- Player 1: Orchestras have many of them\./);
    expect(text).toMatch(/GUESS: .*\nREASONING: .*\nVOTE: <name>/);
    expect(text.split('\n').slice(-3)).toEqual(['Legal moves:', '- VOTE: Player 3', '- VOTE: Player 1']);
    const reversed = turn(
      votingView({ ballot: { round: 2, kind: 'vote', candidates: [0, 1, 2], options: [0, 2], votes: [] } }),
      1,
      votes(0, 2),
      cfg(),
    );
    expect(reversed.split('\n').slice(-2)).toEqual(['- VOTE: Player 1', '- VOTE: Player 3']);
  });

  it('voting: the list matches format() of every legal action (the Legal moves convention)', () => {
    const legal = votes(2, 0);
    const lines = turn(votingView(), 1, legal, cfg()).split('\n');
    const at = lines.indexOf('Legal moves:');
    for (const a of legal) expect(lines.slice(at + 1)).toContain(`- ${format(a, 1)}`);
  });

  it('voting: the switches remove GUESS and REASONING; a re-vote says so', () => {
    expect(turn(votingView(), 1, votes(2, 0), cfg(), NEITHER)).not.toMatch(/GUESS|REASONING/);
    const revote = turn(
      votingView({ ballot: { round: 2, kind: 'revote', candidates: [0, 2], options: [2, 0], votes: [] } }),
      1,
      votes(2, 0),
      cfg(),
    );
    expect(revote).toMatch(/Re-vote: the vote was tied between Player 1 and Player 3/);
  });

  it('sequential voting (the spygame default): the rules say votes are cast in turn, and a later voter sees the earlier votes in order', () => {
    expect(system(cfg(), 0, 4)).toMatch(
      /Players vote one at a time, in this round's speaking order, and every vote is shown to all as soon as it is cast/,
    );
    expect(system(cfg(), 0, 4)).not.toMatch(/Votes are sealed/);
    const earlier = [
      { voter: 2, target: 0, option: 1 },
      { voter: 0, target: 2, option: 0 },
    ];
    const text = turn(
      votingView({
        voting: 'sequential',
        ballot: { round: 2, kind: 'vote', candidates: [0, 1, 2], options: [2, 0], votes: earlier },
      }),
      1,
      votes(2, 0),
      cfg(),
    );
    expect(text).toContain(
      'Players vote one at a time, in speaking order, and every vote is shown to all as soon as it is cast',
    );
    expect(text).toContain(
      'Votes cast so far, in order:\n- Player 3 → Player 1\n- Player 1 → Player 3\nAnswer with these labelled lines',
    );
    expect(text).not.toMatch(/sealed/);
    // The first voter is told so; a re-vote lists its own votes.
    expect(turn(votingView({ voting: 'sequential' }), 1, votes(2, 0), cfg())).toContain('You are the first to vote.');
    const revote = turn(
      votingView({
        voting: 'sequential',
        ballot: {
          round: 2,
          kind: 'revote',
          candidates: [0, 2],
          options: [2, 0],
          votes: [{ voter: 0, target: 2, option: 0 }],
        },
      }),
      1,
      votes(2, 0),
      cfg(),
    );
    expect(revote).toContain('Re-vote votes cast so far, in order:\n- Player 1 → Player 3');
  });

  it('sealed voting (the undercover default, or voting: sealed): sealed rules, and no votes of others in the prompt', () => {
    for (const c of [cfg({ preset: 'undercover' }), cfg({ voting: 'sealed' })]) {
      expect(system(c, 0, 4)).toMatch(/Votes are sealed until everyone has voted, then shown to all/);
      expect(system(c, 0, 4)).not.toMatch(/one at a time/);
    }
    const text = turn(votingView({ voting: 'sealed' }), 1, votes(2, 0), cfg({ voting: 'sealed' }));
    expect(text).toContain('Votes stay sealed until everyone has voted');
    expect(text).not.toMatch(/cast so far|first to vote/);
  });

  it('speaking with a Chinese word: the prompt names the banned characters', () => {
    const text = turn(makeView({ yourWord: '发电机', descriptions: [] }), 1, null, cfg());
    expect(text).toContain(
      '- Your word is Chinese: none of its characters (发, 电, 机) may appear in your description.',
    );
    expect(turn(makeView(), 1, null, cfg())).not.toMatch(/Your word is Chinese/);
    expect(system(cfg(), 0, 4)).toMatch(/for a Chinese word, not even one of its characters/);
  });

  it('uses the view names (full names, first names)', () => {
    const full = turn(votingView({ names: FULL }), 1, votes(2, 0), cfg({ naming: 'full-names' }));
    expect(full.split('\n')[0]).toBe('You are Barbara Two.');
    expect(full.split('\n').slice(-2)).toEqual(['- VOTE: Charles Three', '- VOTE: Aaron One']);
    expect(full).not.toMatch(/Player \d/);
    const first = turn(makeView({ names: FIRST }), 1, null, cfg({ naming: 'first-names' }));
    expect(first).toMatch(/- Tom: It has four strings\./);
  });

  it('never states a role and never contains a word that is not in the seat’s own view', () => {
    const views = [
      makeView(),
      probeView(),
      votingView(),
      makeView({ names: FULL }),
      votingView({ preset: 'undercover', maxRounds: 2 }),
    ];
    for (const v of views) {
      for (const opts of [undefined, NEITHER]) {
        const text = turn(v, 1, v.phase === 'vote' ? votes(2, 0) : null, cfg(), opts);
        expect(text).not.toMatch(ROLE_STATEMENT);
        expect(hasWord(text, 'cello')).toBe(false);
        for (const w of EXAMPLE_WORDS) expect(hasWord(text, w)).toBe(false);
      }
    }
    // A Chinese pair: only the seat's own word appears.
    const zh = turn(makeView({ yourWord: '月亮', descriptions: [] }), 1, null, cfg({ lang: 'zh' }));
    expect(zh).toContain('Your word: 月亮');
    expect(zh).not.toContain('太阳');
  });

  it('a content-free run shows the silent descriptions', () => {
    const v = votingView({
      contentFree: true,
      rounds: [],
      round: 1,
      alive: [true, true, true, true],
      waiting: [0, 1, 2, 3],
      descriptions: [0, 1, 2, 3].map((seat, position) => ({ round: 1, seat, position, text: '...' })),
      ballot: { round: 1, kind: 'vote', candidates: [0, 1, 2, 3], options: [3, 0, 2], votes: [] },
    });
    const text = turn(v, 1, votes(3, 0, 2), cfg({ contentFree: true }));
    expect(text).toMatch(/- Player 1: \.\.\.\n- Player 2: \.\.\./);
    expect(text.split('\n').slice(-4)).toEqual([
      'Legal moves:',
      '- VOTE: Player 4',
      '- VOTE: Player 1',
      '- VOTE: Player 3',
    ]);
  });

  it('waiting seats and the end of the game get no question', () => {
    expect(turn(makeView({ speaker: 2 }), 1, null, cfg())).toMatch(/waiting for Player 3 to speak/);
    expect(turn(votingView({ waiting: [0, 2] }), 1, null, cfg())).toMatch(/you have voted/);
    const over = turn(
      makeView({
        phase: 'over',
        speaker: null,
        result: { winners: 'villager', reason: 'The spy was voted out in round 1: the villagers win' },
      }),
      1,
      null,
      cfg(),
    );
    expect(over).toMatch(/The game is over: The spy was voted out/);
  });
});

describe('parse: descriptions', () => {
  const full = {
    type: 'describe',
    text: 'It sits under your chin.',
    guess: 'cello',
    reasoning: 'Player 3 seems off.',
  } as const;
  it.each([
    ['GUESS: cello\nREASONING: Player 3 seems off.\nDESCRIPTION: It sits under your chin.'],
    ['guess: cello\nreasoning: Player 3 seems off.\ndescription: It sits under your chin.'],
    ['**GUESS:** cello\n**REASONING:** Player 3 seems off.\n**DESCRIPTION:** It sits under your chin.'],
    ['**Guess**: cello\n**Reasoning**: Player 3 seems off.\n**Description**: "It sits under your chin."'],
    ['- GUESS - cello\n- REASONING - Player 3 seems off.\n- DESCRIPTION - It sits under your chin.'],
    ['## Guess\ncello\n\n## Reasoning\nPlayer 3 seems off.\n\n## Description\nIt sits under your chin.'],
    ['GUESS:\ncello\nREASONING:\nPlayer 3 seems off.\nDESCRIPTION:\nIt sits under your chin.'],
    ['```\nGUESS: cello\nREASONING: Player 3 seems off.\nDESCRIPTION: It sits under your chin.\n```'],
    ['{"guess": "cello", "reasoning": "Player 3 seems off.", "description": "It sits under your chin."}'],
    [
      'Here is my answer:\n```json\n{"guess": "cello", "reasoning": "Player 3 seems off.", "description": "It sits under your chin."}\n```',
    ],
    ['猜测：cello\n推理：Player 3 seems off.\n描述：It sits under your chin.'],
    [
      'Let me think. The others talk about strings and bows.\n\nGUESS: cello\nREASONING: Player 3 seems off.\nDESCRIPTION: It sits under your chin.',
    ],
    [
      'GUESS: viola\nREASONING: hmm\nDESCRIPTION: It is wooden.\n\nActually, let me revise.\nGUESS: cello\nREASONING: Player 3 seems off.\nDESCRIPTION: It sits under your chin.',
    ],
    ['GUESS: cello.\nREASONING: Player 3 seems off.\nDESCRIPTION: It sits under your chin. (5 words)'],
    ['Guess (the other word): cello\nReasoning: Player 3 seems off.\nDescription: It   sits under\tyour chin.'],
    ['> **DESCRIPTION:** It sits under your chin.\n> **GUESS:** cello\n> **REASONING:** Player 3 seems off.'],
  ])('reads %j', (reply) => {
    expect(parse(reply, 1, null)).toEqual({ action: full });
  });

  it.each([
    ['It sits under your chin.'],
    ['"It sits under your chin."'],
    ['“It sits under your chin.”'],
    ['I think I share the majority word, so I will be careful.\n\nIt sits under your chin.'],
    ['Here is my description:\nIt sits under your chin.'],
    ['DESCRIPTION: It sits under your chin.'],
    ['Description - It sits under your chin. (6 words)'],
    ['Clue: It sits under your chin.'],
    ['描述：It sits under your chin.'],
  ])('reads the plain or description-only reply %j', (reply) => {
    expect(parse(reply, 1, null)).toEqual({ action: { type: 'describe', text: 'It sits under your chin.' } });
  });

  it('keeps a Chinese description with full-width punctuation as written', () => {
    expect(parse('猜测：太阳\n描述：它在晚上出现，很圆。', 1, null)).toEqual({
      action: { type: 'describe', text: '它在晚上出现，很圆。', guess: '太阳' },
    });
  });

  it('reads multi-line reasoning up to the next label', () => {
    const r = parse(
      'REASONING: First, Player 1 fits.\nSecond, Player 3 does not.\n\nSo maybe Player 3.\nDESCRIPTION: It has a scroll.',
      1,
      null,
    );
    expect(r).toEqual({
      action: {
        type: 'describe',
        text: 'It has a scroll.',
        reasoning: 'First, Player 1 fits.\nSecond, Player 3 does not.\n\nSo maybe Player 3.',
      },
    });
  });

  it('refuses empty, unlabelled-but-missing and empty-label replies with the format', () => {
    for (const reply of [
      '',
      '   ',
      'GUESS: cello\nREASONING: I am not sure about anything here at all.',
      'DESCRIPTION:',
      '```\n```',
    ]) {
      const r = parse(reply, 1, null);
      expect(r).toHaveProperty('error');
      if ('error' in r) expect(r.error).toMatch(/DESCRIPTION:/);
    }
  });

  it('truncates long texts at a word boundary', () => {
    const long = Array.from({ length: 200 }, (_, i) => `word${i}`).join(' ');
    const r = parse(`GUESS: ${long}\nREASONING: ${long.repeat(5)}\nDESCRIPTION: ${long}`, 1, null);
    if (!('action' in r) || r.action.type !== 'describe') throw new Error('not a description');
    expect(r.action.text.length).toBeLessThanOrEqual(600);
    expect(long.startsWith(r.action.text)).toBe(true);
    expect(long.charAt(r.action.text.length)).toBe(' ');
    expect(r.action.guess!.length).toBeLessThanOrEqual(200);
    expect(r.action.reasoning!.length).toBeLessThanOrEqual(4000);
  });

  it('cleans descriptions', () => {
    expect(cleanDescription('  "It  glows\nat night."  (4 words) ')).toBe('It glows at night.');
    expect(cleanDescription('**It glows at night.** (word count: 4)')).toBe('It glows at night.');
    expect(cleanDescription("'Tis round.")).toBe("'Tis round.");
    expect(cleanDescription('It is "round" and bright')).toBe('It is "round" and bright');
  });
});

describe('parse: probes', () => {
  const expected: SpyAction = {
    type: 'probe',
    self: 'villager',
    others: [
      { seat: 0, word: 'violin', role: 'villager' },
      { seat: 2, word: 'cello', role: 'spy' },
      { seat: 3, word: 'violin', role: 'villager' },
    ],
    theirGuess: { word: 'violin', role: 'villager' },
  };
  const plain = [
    'ME: villager',
    'Player 1 WORD: violin',
    'Player 1 ROLE: villager',
    'Player 3 WORD: cello',
    'Player 3 ROLE: spy',
    'Player 4 WORD: violin',
    'Player 4 ROLE: villager',
    'OTHERS THINK MY WORD: violin',
    'OTHERS THINK I AM: villager',
  ].join('\n');

  it.each([
    ['plain', plain],
    ['lowercase', plain.toLowerCase()],
    ['bold', plain.replace(/^(.*?):/gm, '**$1:**')],
    ['bullets and dashes', plain.replace(/^(.*?): /gm, '- $1 - ')],
    ['fenced', '```\n' + plain + '\n```'],
    ['reasoning first', 'Player 3 talked about size, which does not fit.\n\n' + plain],
    [
      'two answers, the last counts',
      plain.replace('Player 3 ROLE: spy', 'Player 3 ROLE: villager').replace('ME: villager', 'ME: spy') +
        '\n\nOn reflection:\n' +
        plain,
    ],
    ['full-width colons', plain.replace(/: /g, '：')],
    [
      'role words',
      plain
        .replace('ME: villager', 'ME: No, I am not the spy')
        .replace('Player 3 ROLE: spy', 'Player 3 ROLE: probably the undercover'),
    ],
    [
      'the earlier per-player labels',
      plain
        .replace('OTHERS THINK MY WORD', 'Player 4 THINKS MY WORD')
        .replace('OTHERS THINK I AM', 'Player 4 THINKS I AM'),
    ],
    [
      '"the other players think"',
      plain
        .replace('OTHERS THINK MY WORD', 'The other players think my word is')
        .replace('OTHERS THINK I AM', 'The other players think I am'),
    ],
    [
      'JSON',
      JSON.stringify({
        ME: 'villager',
        'Player 1 WORD': 'violin',
        'Player 1 ROLE': 'villager',
        'Player 3 WORD': 'cello',
        'Player 3 ROLE': 'spy',
        'Player 4 WORD': 'violin',
        'Player 4 ROLE': 'villager',
        'OTHERS THINK MY WORD': 'violin',
        'OTHERS THINK I AM': 'villager',
      }),
    ],
    [
      'nested JSON',
      '```json\n' +
        JSON.stringify({
          me: 'villager',
          others: [
            { player: 'Player 1', word: 'violin', role: 'villager' },
            { player: 3, word: 'cello', role: 'spy' },
            { player: 'Player 4', word: 'violin', role: 'villager' },
          ],
          theirGuess: { word: 'violin', role: 'villager' },
        }) +
        '\n```',
    ],
  ])('reads %s', (_name, reply) => {
    expect(parse(reply, 1, null)).toEqual({ action: expected });
    expect(parse(reply, 1, null, probeView())).toEqual({ action: expected });
  });

  it('reads named players, leaves out unknowns, self and players who are out', () => {
    const reply = [
      'Me: spy',
      'Aaron One WORD: ?',
      'Aaron One ROLE: villager',
      'Barbara Two WORD: violin',
      'Charles Three WORD: cello',
      "Diana Four's word: don't know",
      'Others think my word: cello',
    ].join('\n');
    expect(parse(reply, 1, null, probeView({ names: FULL, alive: [true, true, false, true] }))).toEqual({
      action: {
        type: 'probe',
        self: 'spy',
        others: [{ seat: 0, role: 'villager' }, { seat: 3 }],
        theirGuess: { word: 'cello' },
      },
    });
  });

  it('refuses a reply without any answer', () => {
    const r = parse('I have no idea what is going on.', 1, null, probeView());
    expect(r).toHaveProperty('error');
    if ('error' in r) expect(r.error).toMatch(/ME: villager/);
  });

  it('reads roles', () => {
    expect(readRole('spy')).toBe('spy');
    expect(readRole('The Undercover')).toBe('spy');
    expect(readRole('卧底')).toBe('spy');
    expect(readRole('villager')).toBe('villager');
    expect(readRole('Civilian')).toBe('villager');
    expect(readRole('平民')).toBe('villager');
    expect(readRole('not the spy')).toBe('villager');
    expect(readRole("isn't the spy")).toBe('villager');
    expect(readRole('not spy')).toBe('villager');
    expect(readRole('spy|villager')).toBeUndefined();
    expect(readRole('?')).toBeUndefined();
    expect(readRole('yes', true)).toBe('spy');
    expect(readRole('no', true)).toBe('villager');
    expect(readRole('yes')).toBeUndefined();
  });
});

describe('parse: votes', () => {
  const legal = votes(2, 0);
  it.each([
    ['VOTE: Player 3'],
    ['vote: player 3'],
    ['**VOTE:** Player 3'],
    ['**Vote**: **Player 3**'],
    ['VOTE - Player 3'],
    ['## Vote\nPlayer 3'],
    ['VOTE:\nPlayer 3'],
    ['VOTE: player3'],
    ['VOTE: P3'],
    ['VOTE: 3'],
    ['VOTE: Player 3.'],
    ['VOTE: <Player 3>'],
    ['VOTE: "Player 3"'],
    ['VOTE: Player 3 (their description did not fit)'],
    ['```\nVOTE: Player 3\n```'],
    ['{"vote": "Player 3"}'],
    ['{"vote": 3}'],
    ['```json\n{"vote": "Player 3"}\n```'],
    ['投票：Player 3'],
    ['I think Player 1 fits well. Player 3 is the odd one.\n\nVOTE: Player 3'],
    ['VOTE: Player 1\n\nWait, no.\nVOTE: Player 3'],
    ['Player 3'],
    ['I vote for Player 3.'],
    ["I'll vote for Player 3 because Player 1 seems honest."],
    ['My vote goes to Player 3, not Player 1.'],
    ['Here is my move:\n```\nI play VOTE: Player 3\n```\nGood luck!'],
    [
      'Let me think this through step by step. I count 2 legal moves: VOTE: Player 3 and VOTE: Player 1. I considered VOTE: Player 1, but VOTE: Player 3 looks stronger. So my answer is:\n**VOTE: Player 3**',
    ],
    ['Player 1 described it well, but Player 3 was vague.\nSo my vote goes to:\nPlayer 3'],
    ['My move: VOTE: Player 3'],
    ['Final answer: Player 3'],
  ])('reads %j as a vote for Player 3', (reply) => {
    expect(parse(reply, 1, legal)).toEqual({ action: { type: 'vote', target: 2 } });
  });

  it('reads GUESS and REASONING with the vote', () => {
    expect(parse('GUESS: cello\nREASONING: Player 3 is vague.\nVOTE: Player 3', 1, legal)).toEqual({
      action: { type: 'vote', target: 2, guess: 'cello', reasoning: 'Player 3 is vague.' },
    });
    expect(parse('{"guess": "cello", "reasoning": "vague", "vote": "Player 1"}', 1, legal)).toEqual({
      action: { type: 'vote', target: 0, guess: 'cello', reasoning: 'vague' },
    });
  });

  it('reads names from the view (full names, first names), any case and punctuation', () => {
    const full = votingView({ names: FULL });
    expect(parse('VOTE: Charles Three', 1, legal, full)).toEqual({ action: { type: 'vote', target: 2 } });
    expect(parse('vote: charles three.', 1, legal, full)).toEqual({ action: { type: 'vote', target: 2 } });
    expect(parse('VOTE: Charles', 1, legal, full)).toEqual({ action: { type: 'vote', target: 2 } });
    expect(parse('VOTE: Player 3', 1, legal, full)).toEqual({ action: { type: 'vote', target: 2 } });
    const first = votingView({ names: FIRST });
    expect(parse('I vote for Tom!', 1, legal, first)).toEqual({ action: { type: 'vote', target: 2 } });
    expect(parse('**VOTE:** jack', 1, legal, first)).toEqual({ action: { type: 'vote', target: 0 } });
    expect(parseWithNames('VOTE: Tom', 1, legal, FIRST)).toEqual({ action: { type: 'vote', target: 2 } });
  });

  it('refuses votes for oneself, players who are out, players not in a re-vote, and unreadable votes', () => {
    const self = parse('VOTE: Player 2', 1, legal, votingView());
    expect(self).toEqual({ error: expect.stringMatching(/cannot vote for yourself.*"Player 3" and "Player 1"/) });
    expect(parse('Player 2', 1, legal)).toEqual({ error: expect.stringMatching(/cannot vote for yourself/) });
    expect(parse('VOTE: Player 4', 1, legal, votingView())).toEqual({
      error: expect.stringMatching(/Player 4 is already out.*"Player 3" and "Player 1"/),
    });
    expect(parse('VOTE: Player 1', 1, votes(2), votingView())).toEqual({
      error: expect.stringMatching(/Player 1 is not on your ballot.*"Player 3"/),
    });
    expect(parse('VOTE: nobody', 1, legal)).toEqual({ error: expect.stringMatching(/VOTE: <name>/) });
    expect(parse('I am not sure yet.', 1, legal)).toEqual({
      error: expect.stringMatching(/VOTE: <name>.*"Player 3" and "Player 1"/),
    });
    expect(parse('', 1, legal)).toHaveProperty('error');
    // Several players named with no clear choice: not guessed.
    expect(
      parse(
        'I was going back and forth between VOTE: Player 1 and VOTE: Player 3, but honestly VOTE: Player 3 is probably it, although VOTE: Player 1 has merits.',
        1,
        legal,
      ),
    ).toHaveProperty('error');
    expect(
      parse('I count 2 legal moves: VOTE: Player 3 and VOTE: Player 1.\nLet me go with my best option here.', 1, legal),
    ).toHaveProperty('error');
    // A bare number is a player only with numbered names.
    expect(parse('VOTE: 3', 1, legal, votingView({ names: FIRST }))).toHaveProperty('error');
  });
});

describe('format', () => {
  it('writes the forms the prompt asks for', () => {
    expect(format({ type: 'vote', target: 2 }, 1)).toBe('VOTE: Player 3');
    expect(format({ type: 'describe', text: 'It glows.' }, 1)).toBe('DESCRIPTION: It glows.');
    expect(format({ type: 'describe', text: 'It glows.', guess: 'sun', reasoning: 'hm' }, 1)).toBe(
      'GUESS: sun\nREASONING: hm\nDESCRIPTION: It glows.',
    );
    expect(format({ type: 'vote', target: 0, reasoning: 'hm' }, 1)).toBe('REASONING: hm\nVOTE: Player 1');
    expect(
      format({ type: 'probe', self: 'spy', others: [{ seat: 0, word: 'sun' }], theirGuess: { role: 'villager' } }, 1),
    ).toBe('ME: spy\nPlayer 1 WORD: sun\nPlayer 1 ROLE: ?\nOTHERS THINK MY WORD: ?\nOTHERS THINK I AM: villager');
    expect(prompt.format).toBe(format);
  });

  it('round-trips through parse for many actions', () => {
    const rng = createRng('spy-format');
    const words = [
      'violin',
      'cello',
      'moon',
      'sun',
      'ice cream',
      'frozen yogurt',
      '月亮',
      '太阳',
      'New York',
      'St. Louis',
    ];
    const texts = [
      'It has four strings.',
      'You would see it at night, high up.',
      'Children love it in summer; it melts quickly.',
      '它在晚上出现，很圆。',
      'Round, bright and far away - but not always visible.',
      'Player 3 would know: it is made of wood.',
    ];
    const reasons = [
      'Player 3 seems off.',
      'Nobody fits better than Player 1; I might be the spy myself.',
      'First line.\nSecond line about Player 4.',
      '我觉得玩家3是卧底。',
    ];
    const maybe = <T>(xs: readonly T[]): T | undefined => (rng.next() < 0.5 ? rng.pick(xs) : undefined);
    const role = () => maybe(['spy', 'villager'] as const);
    const opt = <K extends string, V>(k: K, v: V | undefined) => (v === undefined ? {} : ({ [k]: v } as Record<K, V>));
    for (let i = 0; i < 300; i++) {
      const n = 3 + rng.int(6);
      const seat = rng.int(n);
      const others = rng.shuffle(Array.from({ length: n }, (_, x) => x).filter((x) => x !== seat));
      const thoughts = { ...opt('guess', maybe(words)), ...opt('reasoning', maybe(reasons)) };
      const actions: SpyAction[] = [
        { type: 'describe', text: rng.pick(texts), ...thoughts },
        { type: 'vote', target: others[0]!, ...thoughts },
        {
          type: 'probe',
          ...opt('self', role()),
          others: others
            .slice(0, rng.int(others.length + 1))
            .map((x) => ({ seat: x, ...opt('word', maybe(words)), ...opt('role', role()) })),
          theirGuess: { ...opt('word', maybe(words)), ...opt('role', role()) },
        },
      ];
      for (const a of actions) {
        const legal = a.type === 'vote' ? votes(...rng.shuffle(others)) : null;
        expect(parse(format(a, seat), seat, legal)).toEqual({ action: a });
        const names = Array.from({ length: n }, (_, x) => `Player ${x + 1}`);
        const phase = a.type === 'describe' ? 'speak' : (a.type as 'vote' | 'probe');
        expect(parse(format(a, seat), seat, legal, { names, phase, alive: names.map(() => true) })).toEqual({
          action: a,
        });
        expect(parseWithNames(format(a, seat), seat, legal, FULL.concat(FIRST).slice(0, n))).toEqual({ action: a });
      }
    }
  });
});
