// Golden playthroughs on a throwaway game: what the text records (prompts, moves, each viewer's log lines and views),
// that it is the same every time, where it stops, and how a kept file compares with the game as it is now.
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { defineGame } from './define-game';
import {
  canonicalJson,
  checkPlaythrough,
  FIXED_REPLY,
  firstDifference,
  MAX_PLIES,
  playthrough,
  playthroughPresets,
  recordedVersion,
} from './playthrough';
import type { GameDef, GameRules } from './types';

/**
 * Both seats write a note at once (open-ended: the fixed reply is accepted from seat 0, refused from seat 1, whose
 * fallback is silence), then seat 0 picks a number from a list, told privately how far it is from a hidden one.
 * `rounds` repeats the picking (a long game).
 */
interface S {
  notes: (string | null)[];
  hidden: number;
  picks: number;
  rounds: number;
}
type A = { type: 'note'; text: string } | { type: 'pick'; n: number };
type Cfg = { rounds: number; loud: boolean };
const rules: GameRules<S, A, Cfg, object> = {
  configSchema: z.object({ rounds: z.number().default(1), loud: z.boolean().default(false) }),
  actionSchema: z.union([
    z.object({ type: z.literal('note'), text: z.string() }),
    z.object({ type: z.literal('pick'), n: z.number() }),
  ]),
  setup: (rng, cfg) => ({ notes: [null, null], hidden: 1 + rng.int(3), picks: 0, rounds: cfg.rounds }),
  activeSeats: (s) => (s.notes.includes(null) ? [0, 1] : s.picks < s.rounds ? [0] : []),
  legalActions: (s) => (s.notes.includes(null) ? null : [1, 2, 3].map((n) => ({ type: 'pick' as const, n }))),
  reject: (_s, seat, a) => (a.type === 'note' && seat === 1 ? 'seat 1 may not write that' : null),
  apply: (s, seat, a) =>
    a.type === 'note'
      ? { ...s, notes: s.notes.map((n, i) => (i === seat ? a.text : n)) }
      : { ...s, picks: s.picks + 1 },
  outcome: (s) => (s.notes.includes(null) || s.picks < s.rounds ? null : { scores: [0.5, 0.5], reason: 'picked' }),
  // Keys in a different order for each viewer: the text must not show it.
  view: (s, v) =>
    'omniscient' in v ? { picks: s.picks, hidden: s.hidden, notes: s.notes } : { notes: s.notes, picks: s.picks },
  describe: (_p, _n, seat, a) =>
    a.type === 'note'
      ? [{ text: `Seat ${seat} notes “${a.text}”` }]
      : [
          { text: `Seat ${seat} picks ${a.n}` },
          { text: `Seat ${seat} is told the distance`, visibleTo: [seat], yours: 'You are told the distance' },
        ],
  fallback: () => ({ type: 'note', text: '' }),
  secrets: () => [], // the hidden number is no seat's: only the omniscient viewer sees it
};

const notes = defineGame<S, A, Cfg, object>({
  id: 'notes',
  version: 3,
  meta: {
    title: 'Notes',
    blurb: 'Write, then pick.',
    minPlayers: 2,
    maxPlayers: 2,
    info: 'imperfect',
    chance: true,
    categories: [],
    promptSwitches: [{ id: 'notes:quiet', label: 'quiet', help: 'no greeting' }],
    settingsPresets: [{ label: 'Long game!', help: 'many picks', config: { rounds: 100 } }],
  },
  reducer: rules,
  demoConfig: { loud: true },
  prompt: {
    system: (cfg, seat, n, opts) =>
      `${opts?.switches?.includes('notes:quiet') ? '' : 'Hello. '}You are seat ${seat} of ${n}${cfg.loud ? '!' : '.'}`,
    turn: (view, seat, legal) =>
      `State: ${JSON.stringify(view)}${legal ? `\nLegal moves:\n${legal.map((a) => `- ${a.type === 'pick' ? a.n : ''}`).join('\n')}` : '\nWrite a note.'}`,
    parse: (reply) => ({ action: { type: 'note', text: reply.trim() } }),
    format: (a) => (a.type === 'pick' ? String(a.n) : a.text),
  },
  rules: { summary: 'Write, then pick.', topics: { picking: 'Pick 1, 2 or 3.', notes: 'Anything.' } },
});

const defaults = playthroughPresets(notes)[0]!;

describe('playthrough', () => {
  it('has a file for the defaults, the demo settings and each settings preset', () => {
    expect(playthroughPresets(notes)).toEqual([
      { name: 'defaults', file: 'playthrough.txt', config: {} },
      { name: 'demo', file: 'playthrough-demo.txt', config: { rounds: 1, loud: true } },
      { name: 'preset "Long game!"', file: 'playthrough-long-game.txt', config: { rounds: 100 } },
    ]);
  });

  it('records the header, the rules text, every system prompt, turn prompt, move, log line and view', () => {
    const text = playthrough(notes, defaults);
    const lines = text.split('\n');
    expect(lines).toEqual(
      expect.arrayContaining([
        'game: notes',
        'version: 3',
        'preset: defaults',
        'config: {"loud":false,"rounds":1}',
        'seed: playthrough:notes:playthrough.txt',
        'generator: hmac-sha256-chacha20',
        'seats: seat 0 = Player 1, seat 1 = Player 2',
        'topic notes:',
        '  | Anything.',
        '== system prompt of seat 0',
        '  | Hello. You are seat 0 of 2.',
        '== system prompt of seat 1',
        '  | Hello. You are seat 1 of 2.',
        '== with the prompt switch notes:quiet (quiet)',
        'system prompt of seat 0:',
        '  | You are seat 0 of 2.',
        '== ply 0: seat 0 (seats 0, 1 act at once)',
        `reply: ${FIXED_REPLY}`,
        `action: {"text":"${FIXED_REPLY}","type":"note"}`,
        '== ply 1: seat 1 (seats 0, 1 act at once)',
        'refused, so the fallback move is played: seat 1 may not write that',
        'action: {"text":"","type":"note"}',
        '== ply 2: seat 0',
        '  | Legal moves:',
        '  | - 1',
        'views after ply 2:',
        '== over after 3 plies',
        'reason: picked',
        'scores: [0.5,0.5]',
      ]),
    );
    // The seats' and the spectator's views are one line; the omniscient view, with its keys sorted, another.
    expect(lines).toContain('view [seat 0, seat 1, spectator]: {"notes":[null,null],"picks":0}');
    expect(lines.filter((l) => l.startsWith('view [omniscient]: {"hidden":'))).toHaveLength(2);
    // A private line: its seat reads its own copy, the omniscient viewer the third-person text, the others nothing.
    expect(lines).toContain('log of ply 2 [seat 0]: ["Seat 0 picks 3","You are told the distance"]');
    expect(lines).toContain('log of ply 2 [seat 1, spectator]: ["Seat 0 picks 3"]');
    expect(lines).toContain('log of ply 2 [omniscient]: ["Seat 0 picks 3","Seat 0 is told the distance"]');
    expect(text.endsWith('\n')).toBe(true);
  });

  it('gives the same text every time', () => {
    expect(playthrough(notes, defaults)).toBe(playthrough(notes, defaults));
  });

  it('records a conversation game’s own messages in place of its system and turn prompts', () => {
    const chat: GameDef = {
      ...notes,
      prompt: {
        ...notes.prompt,
        conversation: (_v, seat) => ({ messages: [{ role: 'system', content: `Chat as seat ${seat}.` }] }),
      },
    };
    const text = playthrough(chat, defaults);
    expect(text).not.toContain('== system prompt of seat');
    expect(text).toContain('message (system):\n  | Chat as seat 1.');
  });

  it('stops a long match after its bounds, and says so', () => {
    const long = playthroughPresets(notes)[2]!;
    const text = playthrough(notes, long);
    expect(text).toContain(`== stopped after ${MAX_PLIES} plies (the bounds above); the match is not over`);
    expect(text).not.toContain('== over after');
    expect(text).toContain(`views after ply ${MAX_PLIES - 1}:`);
  });

  it('reads back the version it records, and writes views with sorted keys', () => {
    expect(recordedVersion(playthrough(notes, defaults))).toBe(3);
    expect(recordedVersion('no header')).toBeNull();
    expect(canonicalJson({ b: 1, a: [{ d: 2, c: null }] })).toBe('{"a":[{"c":null,"d":2}],"b":1}');
  });
});

describe('checkPlaythrough', () => {
  const kept = playthrough(notes, defaults);
  /** The game with one word of its system prompt changed, at a version. */
  const edited = (version: number): GameDef => ({
    ...notes,
    version,
    prompt: { ...notes.prompt, system: (...args) => notes.prompt.system(...args).replace('Hello.', 'Hi.') },
  });

  it('finds nothing to do when the game plays as the file says', () => {
    expect(checkPlaythrough(notes, 'playthrough.txt', kept, playthrough(notes, defaults))).toEqual({
      status: 'same',
      message: null,
    });
  });

  it('refuses a changed prompt under the same version, naming the version to bump to and the first difference', () => {
    const { status, message } = checkPlaythrough(notes, 'playthrough.txt', kept, playthrough(edited(3), defaults));
    expect(status).toBe('unbumped');
    expect(message).toContain(
      "games/notes/playthrough.txt changed while notes's version is still 3: a change that could change results",
    );
    expect(message).toContain('Bump games/notes version to 4 (its index.ts), then run npm run playthroughs.');
    expect(message).toContain('-   | Hello. You are seat 0 of 2.');
    expect(message).toContain('+   | Hi. You are seat 0 of 2.');
  });

  it('asks for the file again once the version is bumped, and refuses a version that went down', () => {
    const bumped = edited(4);
    const check = checkPlaythrough(bumped, 'playthrough.txt', kept, playthrough(bumped, defaults));
    expect(check.status).toBe('regenerate');
    expect(check.message).toContain(
      'games/notes/playthrough.txt records version 3 but notes is at version 4: run npm run playthroughs',
    );
    const lowered = edited(2);
    expect(checkPlaythrough(lowered, 'playthrough.txt', kept, playthrough(lowered, defaults)).status).toBe('lowered');
    expect(checkPlaythrough(notes, 'playthrough.txt', null, kept).status).toBe('missing');
  });

  it('shows the first differing line with the lines before it', () => {
    expect(firstDifference('a\nb\nc\nd', 'a\nb\nX\nd')).toBe(
      ['first difference at line 3:', '  a', '  b', '- c', '- d', '+ X', '+ d'].join('\n'),
    );
    expect(firstDifference('a', 'a\nb')).toBe(
      ['first difference at line 2:', '  a', '- (the file ends here)', '+ b'].join('\n'),
    );
  });
});
