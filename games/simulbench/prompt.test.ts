// SimulBench prompts, as the authors' code sends them: the user agent gets the B.2 prompt verbatim with the dialogue
// (their JSON) and the placeholders filled in, and its sampling; the simulator gets the dialogue as a chat; both after
// the system message. Both seats' replies are read robustly.
import { describe, expect, it } from 'vitest';
import { createRng } from '../../lib/engine/rng';
import {
  USER_AGENT_FIRST_SENTENCE,
  USER_AGENT_PROMPT,
  conversation,
  parseStrategy,
  parseUserReply,
  prompt,
  userAgentPrompt,
} from './prompt';
import { apply, configSchema, setup, view, type SimulAction, type SimulState } from './rules';
import { MAX_RESPONSE_CHARS, SIMULATOR, USER, type Task } from './types';

const TASK: Task = {
  id: 'toy-sql',
  name: 'Toy SQL engine',
  description:
    'I want you to act as an SQL engine over a table t(a, b). Reply only with the result table inside one code block. My first query is SELECT * FROM t;',
  requestType: 'an SQL query',
  kind: 'stateful',
};
const cfg = configSchema.parse({ task: TASK });
const dialogue = (): SimulState => {
  let s = setup(createRng('p'), cfg, 2);
  s = apply(s, SIMULATOR, { type: 'respond', text: '| a | b |\n| 1 | 2 |' });
  s = apply(s, USER, { type: 'request', strategy: 'improvement', text: 'Add column c.' });
  s = apply(s, SIMULATOR, { type: 'respond', text: '' });
  return s;
};

describe('the user agent’s request (B.2)', () => {
  it('is the authors’ code’s prompt, verbatim', () => {
    // Hand-copied from SimulBench/SimulBench, src/prompts.py, USER_PROMPT.
    expect(USER_AGENT_PROMPT).toBe(
      [
        "Please act as a user who is fond of posing requests, given the interaction history between the user and an AI assistant for a given task. The name and description of the task are provided in the user's **first** utterance. The requests you generate should be **diverse** and **complicated** enough and be executable commands or instructions applicable to the given task.",
        '',
        '## Interaction History',
        '{DIALOGUE}',
        '',
        '## Strategy',
        'Here are some useful strategies for generating the next request:',
        '- 1: A request that points out any errors, ambiguities, or other **dissatisfactions** of the previous response from the AI assistant.',
        "- 2: A request that never appeared previously but is **related** to previous requests by either conditioning on previous requests' outcome or will have an impact upon previous outcomes.",
        '- 3: A request that never appeared previously, still belongs to the same domain as previous requests but has a much higher **rarity** (i.e., being more long-tailed), or a much higher **difficulty** and **complexity**.',
        '- 4: Others',
        '',
        'Now, please first select one strategy from the above options (if Others is selected, please further elaborate on your strategy) and then generate a new request using the selected strategy. Put the strategy number and request in JSON format by filling in the placeholders in [] in the following code block. Only output the JSON code block, nothing else!',
        '```',
        '{',
        '    "user": {',
        '        "strategy": "[{STRATEGY_TYPE}]",',
        '        "request": "[{REQUEST_TYPE}]"',
        '    }',
        '}',
        '```',
        '',
      ].join('\n'),
    );
    expect(USER_AGENT_PROMPT.startsWith(USER_AGENT_FIRST_SENTENCE)).toBe(true);
  });

  it('has the system message, the dialogue as the authors’ JSON, the placeholders filled, and the user sampling', () => {
    const v = view(dialogue(), { seat: USER });
    const c = conversation(v, USER, cfg);
    expect(c.temperature).toBe(1.2);
    expect(c.maxTokens).toBe(300);
    expect(c.messages.map((m) => m.role)).toEqual(['system', 'user']);
    expect(c.messages[0]!.content).toBe('You are a helpful assistant.');
    const text = c.messages[1]!.content;
    // What Python's json.dumps(make_up_dialogue, indent=2) writes for this dialogue.
    const json = [
      '[',
      '  {',
      `    "user": ${JSON.stringify(TASK.description)}`,
      '  },',
      '  {',
      '    "AI": "| a | b |\\n| 1 | 2 |"',
      '  },',
      '  {',
      '    "user": "Add column c."',
      '  },',
      '  {',
      '    "AI": ""',
      '  }',
      ']',
    ].join('\n');
    expect(text).toContain(`## Interaction History\n${json}\n\n## Strategy\n`);
    expect(text).toContain(
      '"strategy": "[a short description of the adopted strategy]",\n        "request": "[an SQL query]"',
    );
    expect(text).not.toMatch(/\{(DIALOGUE|STRATEGY_TYPE|REQUEST_TYPE)\}/);
    expect(text).toBe(userAgentPrompt(v.dialogue, TASK));
    // A dialogue with "$&" in it is inserted as is (no replacement patterns); text outside ASCII as Python escapes it.
    expect(userAgentPrompt([{ role: 'user', content: 'echo $& $1 é' }], TASK)).toContain(
      '"user": "echo $& $1 \\u00e9"',
    );
  });

  it('takes the sampling of the config', () => {
    const c2 = configSchema.parse({ task: TASK, sampling: { user: { temperature: 0.7, maxTokens: 100 } } });
    const c = conversation(view(dialogue(), { seat: USER }), USER, c2);
    expect([c.temperature, c.maxTokens]).toEqual([0.7, 100]);
    const s = conversation(view(dialogue(), { seat: SIMULATOR }), SIMULATOR, c2);
    expect([s.temperature, s.maxTokens]).toEqual([0, 1024]);
  });
});

describe('the simulator’s request', () => {
  it('is the system message, then the dialogue as alternating chat messages, greedy with 1,024 tokens', () => {
    const s = apply(dialogue(), USER, { type: 'request', strategy: 'next-step', text: 'SELECT c FROM t;' });
    const c = conversation(view(s, { seat: SIMULATOR }), SIMULATOR, cfg);
    expect(c.temperature).toBe(0);
    expect(c.maxTokens).toBe(1024);
    expect(c.messages).toEqual([
      { role: 'system', content: 'You are a helpful assistant.' },
      { role: 'user', content: TASK.description },
      { role: 'assistant', content: '| a | b |\n| 1 | 2 |' },
      { role: 'user', content: 'Add column c.' },
      { role: 'assistant', content: '' },
      { role: 'user', content: 'SELECT c FROM t;' },
    ]);
  });
});

describe('reading the simulator’s reply', () => {
  const parse = (r: string) => prompt.parse(r, SIMULATOR, null);
  it('takes the whole reply, without reasoning blocks, trimmed; an empty reply is a reply', () => {
    expect(parse('  ```\n| a |\n```  \n')).toEqual({ action: { type: 'respond', text: '```\n| a |\n```' } });
    expect(parse('<think>the user wants pwd</think>\n/home/user')).toEqual({
      action: { type: 'respond', text: '/home/user' },
    });
    expect(parse('still thinking…</think>out')).toEqual({ action: { type: 'respond', text: 'out' } });
    expect(parse('   ')).toEqual({ action: { type: 'respond', text: '' } });
  });
  it('takes one pair of wrapping double quotes off, as the authors’ code does', () => {
    expect(parse(' "/home/user" ')).toEqual({ action: { type: 'respond', text: '/home/user' } });
    expect(parse('"unclosed')).toEqual({ action: { type: 'respond', text: 'unclosed' } });
    expect(parse('say "hi"')).toEqual({ action: { type: 'respond', text: 'say "hi"' } });
  });
  it('cuts a reply that is too long with a visible marker, never an error', () => {
    const r = parse('y'.repeat(MAX_RESPONSE_CHARS + 500));
    if (!('action' in r) || r.action.type !== 'respond') throw new Error('not a reply');
    const at = MAX_RESPONSE_CHARS - 40;
    expect(r.action.text).toBe(`${'y'.repeat(at)}\n[cut at ${at} characters]`);
    expect(r.action.text.length).toBeLessThanOrEqual(MAX_RESPONSE_CHARS);
  });
});

describe('reading the user agent’s reply', () => {
  const req = (strategy: string, text: string, note?: string): { action: SimulAction } => ({
    action: note
      ? { type: 'request', strategy: strategy as 'others', text, note }
      : { type: 'request', strategy: strategy as 'others', text },
  });
  const cases: [string, string, { action: SimulAction }][] = [
    [
      'the B.2 block',
      '```\n{\n"user": {\n"strategy": "[2]",\n"request": "SELECT a FROM t;"\n}\n}\n```',
      req('next-step', 'SELECT a FROM t;'),
    ],
    [
      'a json fence and prose before it',
      'Sure, here it is:\n```json\n{"user": {"strategy": "1", "request": "Fix the header."}}\n```',
      req('improvement', 'Fix the header.'),
    ],
    ['no "user" wrapper', '{"strategy": "3", "request": "A recursive CTE."}', req('new-request', 'A recursive CTE.')],
    ['single quotes', "{'user': {'strategy': '2', 'request': 'DROP TABLE t;'}}", req('next-step', 'DROP TABLE t;')],
    ['trailing commas', '{"user": {"strategy": "2", "request": "ls",},}', req('next-step', 'ls')],
    ['"Strategy 2"', '{"user": {"strategy": "Strategy 2", "request": "ls"}}', req('next-step', 'ls')],
    ['"NextStep"', '{"user": {"strategy": "NextStep", "request": "ls"}}', req('next-step', 'ls')],
    ['"next step"', '{"user": {"strategy": "next step", "request": "ls"}}', req('next-step', 'ls')],
    ['"Improvement"', '{"user": {"strategy": "Improvement", "request": "ls"}}', req('improvement', 'ls')],
    ['"NewRequest"', '{"user": {"strategy": "NewRequest", "request": "ls"}}', req('new-request', 'ls')],
    [
      '"Others: …" with its note',
      '{"user": {"strategy": "Others: asks for a help page", "request": "man ls"}}',
      req('others', 'man ls', 'asks for a help page'),
    ],
    [
      '"[4] Others - …"',
      '{"user": {"strategy": "[4] Others - a typo test", "request": "lss"}}',
      req('others', 'lss', 'a typo test'),
    ],
    ['a number', '{"user": {"strategy": 3, "request": "ls -R /"}}', req('new-request', 'ls -R /')],
    [
      'the request as an object',
      '{"user": {"strategy": "2", "request": {"cmd": "ls", "args": ["-l"]}}}',
      req('next-step', '{"cmd":"ls","args":["-l"]}'),
    ],
    [
      'two blocks: the last wins',
      '{"user": {"strategy": "1", "request": "first"}}\nOn second thought:\n{"user": {"strategy": "3", "request": "second"}}',
      req('new-request', 'second'),
    ],
    [
      'a reasoning block first',
      '<think>{"user": {"strategy": "1", "request": "no"}}</think>{"user": {"strategy": "2", "request": "yes"}}',
      req('next-step', 'yes'),
    ],
    [
      'raw line breaks in the request',
      '{"user": {"strategy": "2", "request": "line one\nline two"}}',
      req('next-step', 'line one\nline two'),
    ],
    [
      'a broken JSON with a readable request',
      '{"user": {"strategy": "2", "request": "cat a.txt" ]]',
      req('next-step', 'cat a.txt'),
    ],
    ['curly quotes', '{“user”: {“strategy”: “2”, “request”: “ls”}}', req('next-step', 'ls')],
    ['no strategy', '{"user": {"request": "ls"}}', req('others', 'ls')],
  ];
  for (const [name, reply, expected] of cases) {
    it(`reads ${name}`, () => expect(parseUserReply(reply)).toEqual(expected));
  }

  it('says exactly what to write when there is no request, or an empty one', () => {
    const none = parseUserReply('I would like to ask about the table next.');
    expect(none).toEqual({ error: expect.stringContaining('no request found') });
    expect('error' in none && none.error).toContain('{"user": {"strategy": "2", "request": "<your next request>"}}');
    expect(parseUserReply('{"user": {"strategy": "2", "request": "  "}}')).toEqual({
      error: expect.stringContaining('your request is empty'),
    });
    expect(parseUserReply('{"user": {"strategy": "2"}}')).toEqual({
      error: expect.stringContaining('no request found'),
    });
  });

  it('reads strategies alone', () => {
    expect(parseStrategy('[1]')).toEqual({ strategy: 'improvement' });
    expect(parseStrategy('4')).toEqual({ strategy: 'others' });
    expect(parseStrategy('Others')).toEqual({ strategy: 'others' });
    expect(parseStrategy('Strategy 3: NewRequest')).toEqual({ strategy: 'new-request' });
    expect(parseStrategy('role play as a beginner')).toEqual({ strategy: 'others', note: 'role play as a beginner' });
    expect(parseStrategy(`Others: ${'n'.repeat(400)}`).note).toHaveLength(300);
  });

  it('round-trips format → parse for every kind of user move', () => {
    const moves: SimulAction[] = [
      { type: 'request', strategy: 'improvement', text: 'Redo it with "quotes" and\nlines.' },
      { type: 'request', strategy: 'next-step', text: 'ls' },
      { type: 'request', strategy: 'new-request', text: "it's {braces} and 'quotes'" },
      { type: 'request', strategy: 'others', text: 'help', note: 'asks for the manual' },
      { type: 'request', strategy: 'others', text: 'help' },
      { type: 'stop' },
    ];
    for (const a of moves) expect(prompt.parse(prompt.format(a, USER), USER, null)).toEqual({ action: a });
    const r: SimulAction = { type: 'respond', text: '```\nout\n```' };
    expect(prompt.parse(prompt.format(r, SIMULATOR), SIMULATOR, null)).toEqual({ action: r });
  });
});

describe('system and turn texts', () => {
  it('are short, honest and have no Legal moves list', () => {
    const s = dialogue();
    for (const seat of [USER, SIMULATOR]) {
      expect(prompt.system(cfg, seat, 2).length).toBeGreaterThan(50);
      const t = prompt.turn(view(s, { seat }), seat, null, cfg);
      expect(t).toContain('"user": "Add column c."');
      expect(t).not.toContain('Legal moves:');
    }
    expect(prompt.turn(view(s, { seat: USER }), USER, null, cfg)).toContain('request 3 of at most 4');
  });
});
