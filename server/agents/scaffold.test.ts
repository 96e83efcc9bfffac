// An LLM agent's scaffold reaches the model: an agent row with GameBench's chain of thought sends the paper's sentence
// at the end of its system prompt, over HTTP, through the arena's own client (createAgent → llmAgent).
import { afterEach, describe, expect, it } from 'vitest';
import { getGame } from '../../games/registry';
import { GAMEBENCH_COT_TEXT, SCAFFOLDS } from '../../lib/agents/scaffolds';
import { createRng } from '../../lib/engine/rng';
import { currentDeal, initialState } from '../../lib/engine/replay';
import { startFaultyEndpoint, type FaultyEndpoint } from '../llm/test-faulty-endpoint';
import { createAgent, scaffoldOf } from './index';
import { buildMessages } from './llm';
import type { TurnContext } from './types';

const game = getGame('tictactoe')!;
let endpoint: FaultyEndpoint | undefined;
afterEach(async () => {
  await endpoint?.close();
  endpoint = undefined;
});

function turn(): TurnContext {
  const state = initialState(game, {}, currentDeal('seed'), 2);
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
    rng: createRng('seed:agent'),
    signal: new AbortController().signal,
  };
}

describe('scaffolds in the LLM player', () => {
  it('buildMessages appends the scaffold text to the game system prompt', () => {
    const [system] = buildMessages(turn(), 'gamebench-cot');
    expect(system!.role).toBe('system');
    expect(system!.content.endsWith(`\n\n${GAMEBENCH_COT_TEXT}`)).toBe(true);
    expect(system!.content.startsWith(game.prompt.system({}, 0, 2))).toBe(true);
  });

  it('an agent row with scaffold gamebench-cot sends GameBench’s sentence in its system prompt', async () => {
    const bodies: { messages: { role: string; content: string }[] }[] = [];
    endpoint = await startFaultyEndpoint((_i, body) => {
      bodies.push(body as (typeof bodies)[number]);
      return 'legal';
    });
    const provider = {
      id: `prov-${Math.random().toString(36).slice(2)}`,
      baseUrl: endpoint.url,
      apiKeyEnc: null,
      simulated: false,
      rpm: null,
      tpm: null,
      maxConcurrent: null,
      priceInPer1k: 0,
      priceOutPer1k: 0,
      modelPrices: null,
    };
    const agent = createAgent({
      id: 'a',
      name: 'GameBench CoT',
      kind: 'llm',
      model: 'm',
      temperature: null,
      maxTokens: null,
      scaffold: 'gamebench-cot',
      settings: {},
      simulated: false,
      provider,
    });
    const answer = await agent.act(turn());
    expect(answer.ok).toBe(true);
    const system = bodies[0]!.messages.find((m) => m.role === 'system')!.content;
    expect(system).toContain(
      "First, let's reason out loud about which action you should take to maximize your probability of winning.",
    );
    expect(system).not.toContain(SCAFFOLDS.cot.text);
  });

  it('every known scaffold id is kept; an unknown one plays as base', () => {
    expect(scaffoldOf('gamebench-cot')).toBe('gamebench-cot');
    expect(scaffoldOf('cot')).toBe('cot');
    expect(scaffoldOf('base')).toBe('base');
    expect(scaffoldOf('rap')).toBe('rap');
    expect(scaffoldOf('gamebench-gpt')).toBe('gamebench-gpt');
    expect(scaffoldOf('gamebench-gpt-cot')).toBe('gamebench-gpt-cot');
    expect(scaffoldOf('tree-of-thoughts')).toBe('base');
    expect(scaffoldOf(null)).toBe('base');
  });
});
