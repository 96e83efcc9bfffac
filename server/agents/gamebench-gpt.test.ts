// GameBench's own agent (agents/gpt.py) through the real openai client, over HTTP: the scenarios GameBench's code itself
// recorded (lib/agents/gamebench-gpt.golden.json) replayed request by request — the same messages, response_format
// on the JSON calls only, the same action or none — and both scaffolds against the simulated endpoint, which reads
// gpt.py's menus and answers with JSON.
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { getGame } from '../../games/registry';
import { GOLDEN, goldenTurn } from '../../lib/agents/test-gamebench-golden';
import { GAMEBENCH_COT_SENTENCE, GAMEBENCH_SYSTEM } from '../../lib/agents/gamebench-gpt';
import { createRng } from '../../lib/engine/rng';
import { currentDeal, initialState } from '../../lib/engine/replay';
import { clientFor } from '../llm/clients';
import { startSimulatedEndpoint } from '../llm/simulated';
import { startFaultyEndpoint, type FaultyEndpoint } from '../llm/test-faulty-endpoint';
import { gamebenchGptAgent, GAMEBENCH_GAVE_UP } from './gamebench-gpt';
import { createAgent } from './index';
import type { TurnContext } from './types';

const game = getGame('tictactoe')!;

function turn(seed = 'seed'): TurnContext {
  const state = initialState(game, {}, currentDeal(seed), 2);
  return {
    game,
    config: {},
    matchId: 'm',
    numPlayers: 2,
    seat: 0,
    ply: 0,
    attempt: 0,
    view: game.view(state, { seat: 0 }),
    legal: game.legalActions(state, 0),
    rejections: [],
    rng: createRng(`${seed}:agent`),
    signal: new AbortController().signal,
  };
}

let endpoint: FaultyEndpoint | undefined;
afterEach(async () => {
  await endpoint?.close();
  endpoint = undefined;
});

type Body = { messages: { role: string; content: string }[]; response_format?: { type: string } };

describe("GameBench's agent replays GameBench's own runs", () => {
  it.each(GOLDEN.map((s) => [s.name, s] as const))('%s', async (_name, s) => {
    const bodies: Body[] = [];
    endpoint = await startFaultyEndpoint((i, body) => {
      bodies.push(body as Body);
      return { content: s.replies[i]! };
    });
    const agent = gamebenchGptAgent({
      client: clientFor({ id: `gb-${s.name}`, baseUrl: endpoint.url, apiKeyEnc: null }),
      model: 'm',
      scaffold: s.mode === 0 ? 'gamebench-gpt' : 'gamebench-gpt-cot',
      temperature: 0.5,
      mode: s.mode,
      presentation: () => goldenTurn(s),
    });
    const ans = await agent.act(turn());
    // Every request as gpt.py sent it, response_format on the JSON calls only, the agent's own temperature.
    expect(bodies.map((b) => b.messages)).toEqual(s.calls.map((c) => c.messages));
    expect(bodies.map((b) => b.response_format?.type === 'json_object')).toEqual(s.calls.map((c) => c.json));
    expect(bodies.every((b) => (b as { temperature?: number }).temperature === 0.5)).toBe(true);
    // Every call kept: the steps before the answer, then the answer's own.
    const calls = [...(ans.steps ?? []).map((x) => x.call!), ans.call!];
    expect(calls.map((c) => c.messages)).toEqual(s.calls.map((c) => c.messages));
    expect(calls.map((c) => c.reply)).toEqual(s.replies);
    expect(ans.final).toBeDefined();
    if (s.action === null) {
      expect(ans.ok).toBe(false);
      expect(ans.final).toBe(GAMEBENCH_GAVE_UP);
    } else {
      const response = s.openended_response === null ? {} : { openended_response: s.openended_response };
      expect(ans).toMatchObject({ ok: true, action: { type: s.action, ...response } });
    }
  });

  it('records each try as gpt.py treats it: nothing back, an Explain, a refusal', async () => {
    const s = GOLDEN.find((x) => x.name === 'mode0-details-retries')!;
    endpoint = await startFaultyEndpoint((i) => ({ content: s.replies[i]! }));
    const agent = gamebenchGptAgent({
      client: clientFor({ id: 'gb-steps', baseUrl: endpoint.url, apiKeyEnc: null }),
      model: 'm',
      scaffold: 'gamebench-gpt',
      mode: 0,
      presentation: () => goldenTurn(s),
    });
    const ans = await agent.act(turn());
    expect(ans.attempt).toBe(2);
    expect(ans.steps!.map(({ text, attempt, explain, rejected }) => ({ text, attempt, explain, rejected }))).toEqual([
      {
        text: 'I pick (1,1)',
        attempt: 0,
        explain: undefined,
        rejected: expect.stringMatching(/^GameBench's agent could not read the reply \(not a Python literal/) as string,
      },
      {
        text: '{"action": "Explain(H2)"}',
        attempt: 1,
        explain: { asked: 'H2', topic: 'Winning é中', answer: 'Three in a row wins.\nDiagonals count.' },
        rejected: undefined,
      },
    ]);
  });

  it('three failures: a final answer with the last reason, every try kept', async () => {
    const s = GOLDEN.find((x) => x.name === 'mode0-three-failures')!;
    endpoint = await startFaultyEndpoint((i) => ({ content: s.replies[i]! }));
    const agent = gamebenchGptAgent({
      client: clientFor({ id: 'gb-fail', baseUrl: endpoint.url, apiKeyEnc: null }),
      model: 'm',
      scaffold: 'gamebench-gpt',
      mode: 0,
      presentation: () => goldenTurn(s),
    });
    const ans = await agent.act(turn());
    expect(ans).toMatchObject({ ok: false, error: 'This is an invalid Explain action.', final: GAMEBENCH_GAVE_UP });
    expect(ans.steps!.map((x) => x.rejected)).toEqual([
      expect.stringMatching(/^X: \(9,9\) is not one of the valid actions\./),
      expect.stringMatching(/^GameBench's agent could not read the reply/),
    ]);
  });
});

describe('both scaffolds against the simulated endpoint', () => {
  let sim: Awaited<ReturnType<typeof startSimulatedEndpoint>>;
  beforeAll(async () => {
    sim = await startSimulatedEndpoint({ seed: 'gamebench-gpt-test' });
  });
  afterAll(async () => {
    await sim?.close();
  });

  function row(scaffold: string, model = 'sim-careful') {
    return {
      id: `a-${scaffold}`,
      name: scaffold,
      kind: 'llm',
      model,
      temperature: null,
      maxTokens: null,
      scaffold,
      promptVersion: 'v2',
      settings: {},
      simulated: true,
      provider: {
        id: `sim-${scaffold}`,
        baseUrl: sim.url,
        apiKeyEnc: null,
        simulated: true,
        rpm: null,
        tpm: null,
        maxConcurrent: null,
        priceInPer1k: 0.001,
        priceOutPer1k: 0.002,
        modelPrices: null,
      },
    };
  }

  it('gamebench-gpt: one JSON call with a legal move of the menu', async () => {
    const agent = createAgent(row('gamebench-gpt'));
    for (const seed of ['a', 'b', 'c', 'd']) {
      const ctx = turn(seed);
      const ans = await agent.act(ctx);
      expect(ans.ok, JSON.stringify(ans)).toBe(true);
      if (!ans.ok) return;
      expect(ctx.legal).toContainEqual(ans.action);
      expect(JSON.parse(ans.text!)).toEqual({ action: game.prompt.format(ans.action, 0) });
      expect(ans.call!.messages[0]).toEqual({ role: 'system', content: GAMEBENCH_SYSTEM });
      expect(ans.call!.costUsd).toBeGreaterThan(0);
    }
  });

  it('gamebench-gpt-cot: the reasoning call, then the JSON answer it reasoned towards', async () => {
    const agent = createAgent(row('gamebench-gpt-cot'));
    const ctx = turn();
    const ans = await agent.act(ctx);
    expect(ans.ok).toBe(true);
    if (!ans.ok) return;
    const [reasoning] = ans.steps!;
    expect(reasoning!.call!.messages.at(-1)!.content).toMatch(new RegExp(`${GAMEBENCH_COT_SENTENCE}$`));
    expect(reasoning!.text).toContain('So I will choose: ');
    expect(reasoning!.rejected).toBeUndefined();
    const chosen = /So I will choose: (.+)$/m.exec(reasoning!.text)![1];
    expect(game.prompt.format(ans.action, 0)).toBe(chosen);
    expect(ans.call!.messages[2]).toEqual({ role: 'assistant', content: reasoning!.text });
    expect(ans.call!.messages[3]!.content).toMatch(/^\nTo summarize, /);
  });

  it('a sloppy model is answered as gpt.py answers it, and ends in a legal move or a final failure', async () => {
    const agent = createAgent(row('gamebench-gpt', 'sim-sloppy'));
    let refused = 0;
    for (let i = 0; i < 12; i++) {
      const ctx = turn(`sloppy-${i}`);
      const ans = await agent.act(ctx);
      refused += (ans.steps ?? []).filter((x) => x.rejected).length;
      if (ans.ok) expect(ctx.legal).toContainEqual(ans.action);
      else expect(ans.final).toBe(GAMEBENCH_GAVE_UP);
    }
    expect(refused).toBeGreaterThan(0);
  });
});

describe("GameBench's agent on a move GameBench asks for in two menus (Hive: a piece, then its move)", () => {
  it('takes one action per menu, each a fresh gpt.py conversation, and plays the second menu’s choice', async () => {
    const bodies: Body[] = [];
    const replies = ['{"action": "row 2"}', "{'action': 'col 3'}"];
    endpoint = await startFaultyEndpoint((i, body) => {
      bodies.push(body as Body);
      return { content: replies[i]! };
    });
    const base = goldenTurn(GOLDEN[0]!);
    const agent = gamebenchGptAgent({
      client: clientFor({ id: 'gb-two-menus', baseUrl: endpoint.url, apiKeyEnc: null }),
      model: 'm',
      scaffold: 'gamebench-gpt',
      mode: 0,
      presentation: () => ({
        ...base,
        predefined: [1, 2, 3].map((r) => ({ id: `row ${r}`, description: null })),
        resolve: (row) => ({
          next: {
            ...base,
            observation: `You chose ${row}.`,
            predefined: [1, 2, 3].map((c) => ({ id: `col ${c}`, description: null })),
            resolve: (col) => ({ action: { type: 'place', row: Number(row.slice(4)), col: Number(col.slice(4)) } }),
          },
        }),
      }),
    });
    const ans = await agent.act(turn());
    expect(ans).toMatchObject({ ok: true, action: { type: 'place', row: 2, col: 3 } });
    // Two conversations, each starting from the system line: the second shows the second menu only.
    expect(bodies).toHaveLength(2);
    expect(bodies.map((b) => b.messages.length)).toEqual([2, 2]);
    expect(bodies[1]!.messages[1]!.content).toContain('You chose row 2.');
    expect(bodies[1]!.messages[1]!.content).toContain("['col 1', 'col 2', 'col 3']");
    // The first menu's answer is kept as a reply before the move's.
    expect(ans.steps?.map((x) => x.text)).toEqual([replies[0]]);
  });
});
