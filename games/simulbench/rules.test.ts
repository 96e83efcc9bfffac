// SimulBench dialogue rules: where the task comes from, whose turn it is, stopping, the limits, the fallbacks, the
// outcome (nobody wins) and the log lines.
import { describe as group, expect, it } from 'vitest';
import { createRng } from '../../lib/engine/rng';
import {
  MAX_NOTE_CHARS,
  activeSeats,
  apply,
  configSchema,
  describe,
  fallback,
  outcome,
  reject,
  setup,
  view,
  type SimulAction,
  type SimulState,
} from './rules';
import { simulbench } from '.';
import { TASKS } from './tasks';
import { MAX_REQUEST_CHARS, MAX_RESPONSE_CHARS, SIMULATOR, USER, type Task } from './types';

const TASK: Task = {
  id: 'toy-terminal',
  name: 'Toy terminal',
  description:
    'I want you to act as a tiny terminal. Reply only with the output inside one code block. My first command is pwd',
  requestType: 'a shell command',
  kind: 'stateful',
};
const rng = () => createRng('rules');
const start = (turns = 3): SimulState => setup(rng(), configSchema.parse({ task: TASK, turns }), 2);
const step = (s: SimulState, seat: number, a: SimulAction) => {
  expect(reject(s, seat, a)).toBeNull();
  return apply(s, seat, a);
};
const reply = (s: SimulState, text = '/home/user') => step(s, SIMULATOR, { type: 'respond', text });
const ask = (s: SimulState, text = 'ls') => step(s, USER, { type: 'request', strategy: 'next-step', text });

group('setup', () => {
  it('uses a whole task, the first user turn being its description (strategy "task")', () => {
    const s = start();
    expect(s.task).toEqual(TASK);
    expect(s.turns).toBe(3);
    expect(s.stopped).toBe(false);
    expect(s.dialogue).toEqual([{ role: 'user', content: TASK.description, strategy: 'task' }]);
  });

  it('uses a shipped task by id, and refuses an unknown id with a clear message', () => {
    const t = TASKS[0]!;
    expect(setup(rng(), configSchema.parse({ taskId: t.id }), 2).task).toEqual(t);
    expect(() => setup(rng(), configSchema.parse({ taskId: 'no-such-task' }), 2)).toThrow(
      /no SimulBench task "no-such-task"/,
    );
  });

  it('draws a shipped task from the setup rng when none is named: the same seed, the same task; others differ', () => {
    const cfg = configSchema.parse({});
    const a = setup(createRng('seed-1'), cfg, 2).task;
    expect(setup(createRng('seed-1'), cfg, 2).task).toEqual(a);
    expect(TASKS).toContainEqual(a);
    const drawn = new Set(Array.from({ length: 30 }, (_, i) => setup(createRng(`seed-${i}`), cfg, 2).task.id));
    expect(drawn.size).toBeGreaterThan(5);
  });

  it('refuses a number of players other than two, and a config with both a task and a taskId', () => {
    expect(() => setup(rng(), configSchema.parse({ task: TASK }), 3)).toThrow(/two seats/);
    expect(configSchema.safeParse({ task: TASK, taskId: 'x' }).success).toBe(false);
  });
});

group('turn order', () => {
  it('alternates simulator and user until the user has sent `turns` requests, then ends after the last reply', () => {
    let s = start(3);
    expect(activeSeats(s)).toEqual([SIMULATOR]);
    s = reply(s);
    expect(activeSeats(s)).toEqual([USER]);
    s = ask(s);
    expect(activeSeats(s)).toEqual([SIMULATOR]);
    s = reply(s);
    s = ask(s, 'cd /tmp');
    expect(outcome(s)).toBeNull();
    s = reply(s, '');
    expect(activeSeats(s)).toEqual([]);
    expect(s.dialogue.map((t) => t.role)).toEqual(['user', 'assistant', 'user', 'assistant', 'user', 'assistant']);
    expect(s.dialogue[2]).toEqual({ role: 'user', content: 'ls', strategy: 'next-step' });
  });

  it('ends after one reply when turns is 1', () => {
    expect(activeSeats(reply(start(1)))).toEqual([]);
  });

  it('refuses a move from the seat that is not to act, and every move once it is over (the platform)', () => {
    const s = start(1);
    expect(simulbench.reject(s, USER, { type: 'request', strategy: 'improvement', text: 'x' })).toBe(
      'it is not your turn: Simulator is to move',
    );
    const r = reply(s);
    expect(simulbench.reject(r, SIMULATOR, { type: 'respond', text: 'x' })).toBe('the game is over');
    expect(simulbench.reject(reply(start()), SIMULATOR, { type: 'respond', text: 'x' })).toBe(
      'it is not your turn: User is to move',
    );
  });

  it('refuses the wrong kind of move for the seat', () => {
    expect(reject(start(), SIMULATOR, { type: 'stop' })).toMatch(/you are the simulator/);
    expect(reject(reply(start()), USER, { type: 'respond', text: 'x' })).toMatch(/you are the user/);
  });
});

group('stopping', () => {
  it('lets the user end the dialogue early: the outcome says the user stopped', () => {
    const s = step(reply(start(4)), USER, { type: 'stop' });
    expect(s.stopped).toBe(true);
    expect(activeSeats(s)).toEqual([]);
    expect(outcome(s)).toEqual({
      scores: [0.5, 0.5],
      winner: null,
      reason: 'The user stopped after 1 turn',
      summary: 'Dialogue collected: 1 turn',
    });
  });
});

group('limits', () => {
  const s = reply(start());
  it('refuses an empty or whitespace-only request', () => {
    expect(reject(s, USER, { type: 'request', strategy: 'next-step', text: '' })).toMatch(/empty/);
    expect(reject(s, USER, { type: 'request', strategy: 'next-step', text: ' \n\t ' })).toMatch(/empty/);
  });
  it('refuses a request over MAX_REQUEST_CHARS (after trimming), saying the limit', () => {
    expect(
      reject(s, USER, { type: 'request', strategy: 'next-step', text: `  ${'a'.repeat(MAX_REQUEST_CHARS)}  ` }),
    ).toBeNull();
    expect(reject(s, USER, { type: 'request', strategy: 'next-step', text: 'a'.repeat(MAX_REQUEST_CHARS + 1) })).toBe(
      `the request is ${MAX_REQUEST_CHARS + 1} characters long; write at most ${MAX_REQUEST_CHARS}`,
    );
  });
  it('refuses a note over 300 characters', () => {
    expect(MAX_NOTE_CHARS).toBe(300);
    expect(reject(s, USER, { type: 'request', strategy: 'others', text: 'x', note: 'n'.repeat(300) })).toBeNull();
    expect(reject(s, USER, { type: 'request', strategy: 'others', text: 'x', note: 'n'.repeat(301) })).toMatch(
      /at most 300/,
    );
  });
  it('accepts an empty reply, refuses one over MAX_RESPONSE_CHARS', () => {
    const t = start();
    expect(reject(t, SIMULATOR, { type: 'respond', text: '' })).toBeNull();
    expect(reject(t, SIMULATOR, { type: 'respond', text: 'a'.repeat(MAX_RESPONSE_CHARS) })).toBeNull();
    expect(reject(t, SIMULATOR, { type: 'respond', text: 'a'.repeat(MAX_RESPONSE_CHARS + 1) })).toMatch(
      new RegExp(`at most ${MAX_RESPONSE_CHARS}`),
    );
  });
  it('stores a request trimmed, with its note, and a reply as given', () => {
    const t = apply(s, USER, { type: 'request', strategy: 'others', text: '  whoami \n', note: ' asks who I am ' });
    expect(t.dialogue.at(-1)).toEqual({
      role: 'user',
      content: 'whoami',
      strategy: 'others',
      strategyNote: 'asks who I am',
    });
    expect(apply(t, SIMULATOR, { type: 'respond', text: '  user\n' }).dialogue.at(-1)).toEqual({
      role: 'assistant',
      content: '  user\n',
    });
  });
});

group('fallback', () => {
  it('stops for the user and replies empty for the simulator, marked as no usable answer', () => {
    const s = start();
    const f = fallback(s, SIMULATOR);
    expect(f).toEqual({ type: 'respond', text: '', unusable: true });
    const r = apply(s, SIMULATOR, f);
    expect(r.dialogue.at(-1)).toEqual({ role: 'assistant', content: '', unusable: true });
    expect(describe(s, r, SIMULATOR, f)).toEqual([{ text: 'The simulator gave no usable reply' }]);
    const u = fallback(r, USER);
    expect(u).toEqual({ type: 'stop', unusable: true });
    const end = apply(r, USER, u);
    expect(outcome(end)?.reason).toBe('The user stopped after 1 turn');
    expect(describe(r, end, USER, u)[0]!.text).toBe('The user gave no usable request: the dialogue ends after 1 turn');
  });
});

group('outcome, view and describe', () => {
  it('ends with nobody winning after n turns', () => {
    let s = start(2);
    s = ask(reply(s));
    expect(outcome(s)).toBeNull();
    s = reply(s);
    expect(outcome(s)).toEqual({
      scores: [0.5, 0.5],
      winner: null,
      reason: 'The dialogue ended after 2 turns',
      summary: 'Dialogue collected: 2 turns',
    });
  });

  it('shows everyone everything', () => {
    const s = reply(start());
    const all = view(s, { spectator: true });
    expect(all).toEqual({ task: TASK, turns: 3, dialogue: s.dialogue, active: [USER], stopped: false });
    expect(view(s, { seat: 1 })).toEqual(all);
    expect(view(s, { omniscient: true })).toEqual(all);
  });

  it('describes a request by its strategy and first 80 characters, a reply by its length', () => {
    const s = reply(start());
    const long = `${'x'.repeat(79)}yz and more`;
    const a: SimulAction = { type: 'request', strategy: 'next-step', text: long };
    expect(describe(s, apply(s, USER, a), USER, a)).toEqual([{ text: `User (next step): “${'x'.repeat(79)}y…”` }]);
    const b: SimulAction = { type: 'request', strategy: 'new-request', text: 'short one' };
    expect(describe(s, apply(s, USER, b), USER, b)[0]!.text).toBe('User (new request): “short one”');
    const t = start();
    const r: SimulAction = { type: 'respond', text: 'hello' };
    expect(describe(t, apply(t, SIMULATOR, r), SIMULATOR, r)).toEqual([{ text: 'Simulator replies (5 characters)' }]);
    const one = start(1);
    expect(describe(one, apply(one, SIMULATOR, r), SIMULATOR, r)).toEqual([
      { text: 'Simulator replies (5 characters)' },
      { text: 'The dialogue is complete: 1 turn' },
    ]);
    const stop: SimulAction = { type: 'stop' };
    expect(describe(s, apply(s, USER, stop), USER, stop)).toEqual([
      { text: 'The user ended the dialogue after 1 turn' },
    ]);
  });
});

group('a frozen script', () => {
  const history = [
    { role: 'user' as const, content: TASK.description },
    { role: 'assistant' as const, content: '```\n/home/user\n```' },
    { role: 'user' as const, content: 'ls -la' },
  ];
  const script = { id: 'script-1', type: 'first-chan' as const, turn: 2, history };

  it('holds the history, over from the start, with no seats: the targets answer it after', () => {
    const s = setup(rng(), configSchema.parse({ task: TASK, script }), 0);
    expect(s.dialogue.map((t) => t.content)).toEqual(history.map((h) => h.content));
    expect(s.dialogue[0]!.strategy).toBe('task');
    expect(activeSeats(s)).toEqual([]);
    expect(outcome(s)).toMatchObject({
      scores: [],
      winner: null,
      summary: 'Frozen script: the targets answer its last request',
    });
    expect(view(s, { spectator: true }).frozen).toEqual({ id: 'script-1', type: 'first-chan', turn: 2 });
    expect(simulbench.reject(s, USER, { type: 'request', strategy: 'next-step', text: 'more' })).toBe(
      'the game is over',
    );
  });

  it('has no seats, and comes with its task', () => {
    expect(() => setup(rng(), configSchema.parse({ task: TASK, script }), 2)).toThrow(/no seats, not 2/);
    expect(configSchema.safeParse({ script }).success).toBe(false);
  });

  it('is a history that alternates from the task to the request answered', () => {
    const bad = (h: typeof history, turn = 2) =>
      configSchema.safeParse({ task: TASK, script: { ...script, turn, history: h } });
    expect(bad(history.slice(0, 2)).error?.issues[0]?.message).toMatch(/ends with the user request/);
    expect(bad([history[0]!, history[2]!, history[1]!]).error?.issues[0]?.message).toMatch(
      /message 2 is from the user/,
    );
    expect(bad(history, 3).error?.issues[0]?.message).toMatch(/answers request 3, but its history holds 2/);
    expect(bad(history).success).toBe(true);
  });
});
