// The simulated SimulBench players: the user agent answers B.2's JSON (which the game's reader parses), the simulator
// answers a task's chat with the features the simulated judge rates, both deterministic, and neither answers other
// games' prompts.
import { describe, expect, it } from 'vitest';
import { createRng } from '../../lib/engine/rng';
import { games } from '../registry';
import { conversation, parseUserReply } from './prompt';
import { apply, configSchema, setup, view, type SimulState } from './rules';
import { FIRST_QUERY, dialogueIn, firstQuery, isSimulatorChat, simulbenchReply, simulbenchSim } from './sim';
import { TASKS } from './tasks';
import { SIMULATOR, USER, type Task } from './types';

const TASK: Task = {
  id: 'toy-terminal',
  name: 'Toy terminal',
  description:
    'I want you to act as a tiny terminal. Reply only with the output inside one code block, and nothing else. My first command is pwd and then whoami',
  requestType: 'a shell command',
  kind: 'stateful',
};
const cfg = configSchema.parse({ task: TASK });
const played = (): SimulState => {
  let s = setup(createRng('s'), cfg, 2);
  s = apply(s, SIMULATOR, { type: 'respond', text: '```\n/home/user\n```' });
  s = apply(s, USER, { type: 'request', strategy: 'next-step', text: 'ls -la /var/log please' });
  return s;
};
const userTexts = (s: SimulState, seat: number) =>
  conversation(view(s, { seat }), seat, cfg)
    .messages.filter((m) => m.role === 'user')
    .map((m) => m.content);

describe('the simulated user agent', () => {
  const afterReply = apply(played(), SIMULATOR, { type: 'respond', text: 'total 0' });
  const texts = userTexts(afterReply, USER);

  it('reads the dialogue back out of the B.2 prompt', () => {
    expect(dialogueIn(texts[0]!)).toEqual([
      { user: TASK.description, reply: '```\n/home/user\n```' },
      { user: 'ls -la /var/log please', reply: 'total 0' },
    ]);
  });

  it('answers JSON that the game reads, with every strategy over a few seeds, legibly simulated', () => {
    const seen = new Set<string>();
    for (let i = 0; i < 40; i++) {
      for (const careful of [true, false]) {
        const a = simulbenchReply(texts, false, careful, createRng(`u${i}`))!;
        expect(a.kind).toBe('ok');
        const p = parseUserReply(a.content);
        if (!('action' in p) || p.action.type !== 'request') throw new Error(a.content);
        expect(p.action.text).toMatch(/^\(simulated user\) /);
        seen.add(p.action.strategy);
        if (p.action.strategy === 'next-step') expect(p.action.text).toContain('“ls -la /var/log please”');
        if (p.action.strategy === 'new-request')
          expect(p.action.text).toBe(
            '(simulated user) pwd and then whoami — again, with three times the input and an edge case.',
          );
        if (p.action.strategy === 'improvement') expect(p.action.text).toContain('not in the format the task asks for');
        if (p.action.strategy === 'others') expect(p.action.note).toBe('ask for the current state only');
        if (careful) expect(a.content.startsWith('```json\n')).toBe(true);
      }
    }
    expect([...seen].sort()).toEqual(['improvement', 'new-request', 'next-step', 'others']);
  });

  it('is deterministic, still answers after a rejection, and writes prose with no JSON when flawed', () => {
    const a = simulbenchReply(texts, false, true, createRng('d'));
    expect(simulbenchReply(texts, false, true, createRng('d'))).toEqual(a);
    expect(simulbenchReply([...texts, 'no request found in your answer.'], false, true, createRng('d'))).toEqual(a);
    const f = simulbenchReply(texts, true, true, createRng('d'))!;
    expect(f.kind).toBe('illegal');
    expect(f.content).toContain('(simulated');
    expect('error' in parseUserReply(f.content)).toBe(true);
  });
});

describe('the simulated simulator', () => {
  it('recognises a shipped task exactly, and an imported one by its first query', () => {
    for (const t of TASKS) expect(isSimulatorChat([t.description]), t.id).toBe(true);
    expect(isSimulatorChat([TASK.description])).toBe(true);
    expect(isSimulatorChat(['Act as a calculator. The first expression will be 2+2'])).toBe(true);
    expect(isSimulatorChat(['Act as a calculator. My first input: 2+2'])).toBe(true);
    expect(isSimulatorChat(['Act as a calculator with no example'])).toBe(false);
    expect(isSimulatorChat(['My first move is e4.\nLegal moves:\n- e4'])).toBe(false);
    expect(FIRST_QUERY.test('the first player to act is seat 2')).toBe(true); // why the markers below matter
    expect(
      isSimulatorChat([
        '[Instruction]\nPlease act as an impartial judge. [The Start of the Dialogue History]\nMy first command is pwd',
      ]),
    ).toBe(false);
  });

  it('answers the first request from the task’s first query, in a code block when asked, careful and echoing', () => {
    const a = simulbenchReply([TASK.description], false, true, createRng('x'))!;
    expect(a).toEqual({ content: '```\n(simulated, careful) pwd and then whoami\n```', kind: 'ok' });
    expect(firstQuery('Act as X. The first request is: "hello there"')).toBe('hello there"');
  });

  it('echoes the latest request; plain text when no code block is asked; sloppy adds Sure! and I hope this helps!', () => {
    const texts = userTexts(played(), SIMULATOR);
    expect(texts.at(-1)).toBe('ls -la /var/log please');
    const careful = simulbenchReply(texts, false, true, createRng('x'))!.content;
    expect(careful).toBe('```\n(simulated, careful) ls -la /var/log please\n```');
    const plain = simulbenchReply(
      ['Act as a calculator. My first expression is 2 + 2', '3 * 7'],
      false,
      true,
      createRng('x'),
    )!.content;
    expect(plain).toBe('(simulated, careful) 3 * 7');
    const sloppy = simulbenchReply(texts, false, false, createRng('x'))!.content;
    expect(sloppy.startsWith('Sure! ')).toBe(true);
    expect(sloppy.endsWith('I hope this helps!')).toBe(true);
    expect(sloppy).toContain('(simulated');
    expect(sloppy).toContain('ls -la /var/log please');
  });

  it('is empty or off-topic when flawed (both accepted by the game), and deterministic', () => {
    const kinds = new Set<string>();
    for (let i = 0; i < 20; i++) {
      const a = simulbenchReply([TASK.description], true, true, createRng(`f${i}`))!;
      expect(a.kind).toBe('ok');
      kinds.add(a.content === '' ? 'empty' : a.content.includes('off-topic') ? 'off' : 'other');
      expect(simulbenchReply([TASK.description], true, true, createRng(`f${i}`))).toEqual(a);
    }
    expect([...kinds].sort()).toEqual(['empty', 'off']);
  });

  it('works through the GameSim signature', () => {
    const a = simulbenchSim({
      texts: [TASK.description],
      legal: null,
      flawed: false,
      careful: true,
      rng: createRng('g'),
    });
    expect(a?.content).toContain('(simulated, careful)');
  });
});

describe('other conversations', () => {
  it('answers none of the other games’ turns', () => {
    for (const g of games) {
      if (g.id === 'simulbench') continue;
      const n = g.defaultPlayers(g.defaultConfig);
      const s = g.setup({ numPlayers: n, config: g.defaultConfig, rng: createRng(`o-${g.id}`) });
      for (const seat of g.activeSeats(s)) {
        const v = g.view(s, { seat });
        const turn = g.prompt.turn(v, seat, g.legalActions(s, seat), g.defaultConfig);
        expect(simulbenchReply([turn], false, true, createRng('o')), g.id).toBeNull();
      }
    }
  });

  it('answers no judge prompt about a dialogue', () => {
    const judge =
      '[Instruction]\nPlease act as a keen observer and a sharp-eyed judge.\n[The Start of the Dialogue]\n### Turn 1\nUser: My first command is pwd\n[The End of the Dialogue]';
    expect(simulbenchReply([judge], false, true, createRng('j'))).toBeNull();
  });
});
