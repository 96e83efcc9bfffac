// GameBench's Explain(topic) through the LLM player and a real HTTP endpoint: a request is answered with the topic's
// text and the turn asked again (not an illegal reply), at most MAX_EXPLAINS times; every call is kept.
import { afterEach, describe, expect, it } from 'vitest';
import { getGame } from '../../games/registry';
import { MAX_EXPLAINS } from '../../lib/agents/explain';
import { createRng } from '../../lib/engine/rng';
import { currentDeal, initialState } from '../../lib/engine/replay';
import { clientFor } from '../llm/clients';
import { startFaultyEndpoint, type Answer, type FaultyEndpoint } from '../llm/test-faulty-endpoint';
import { rulesModeOf } from '.';
import { llmAgent } from './llm';
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

type Body = { messages: { role: string; content: string }[] };
async function player(rules: 'explain' | 'upfront' | 'none', answer: (i: number) => Answer) {
  const bodies: Body[] = [];
  endpoint = await startFaultyEndpoint((i, body) => {
    bodies.push(body as Body);
    return answer(i);
  });
  const client = clientFor({
    id: `prov-${Math.random().toString(36).slice(2)}`,
    baseUrl: endpoint.url,
    apiKeyEnc: null,
  });
  return { agent: llmAgent({ client, model: 'm', scaffold: 'base', rules }), bodies };
}

describe('Explain(topic) in the LLM player', () => {
  it('lists the topics; a request gets the text and the turn again, then the move is played', async () => {
    const { agent, bodies } = await player('explain', (i) => ({
      content: i === 0 ? 'Let me check.\nExplain(winning)' : 'X: (2,2)',
    }));
    const ans = await agent.act(turn());
    expect(ans).toMatchObject({ ok: true, action: { type: 'place', row: 2, col: 2 } });
    expect(ans.explains).toEqual([
      expect.objectContaining({ asked: 'winning', topic: 'winning', text: 'Let me check.\nExplain(winning)' }),
    ]);
    expect(ans.explains![0]!.call).toMatchObject({ reply: 'Let me check.\nExplain(winning)', error: null });
    expect(bodies[0]!.messages[0]!.content).toContain('Rules topics you can ask about: board, turns, winning');
    // The second request carries the question and the topic's text, then asks for the move.
    const second = bodies[1]!.messages;
    expect(second.at(-2)).toEqual({ role: 'assistant', content: 'Let me check.\nExplain(winning)' });
    expect(second.at(-1)!.content).toBe(`winning: ${game.rules.topics.winning}\n\nNow answer the turn.`);
  });

  it('an unknown topic is answered with the list; after MAX_EXPLAINS requests a further one is refused', async () => {
    const { agent, bodies } = await player('explain', () => ({ content: 'Explain(strategy tips)' }));
    const ans = await agent.act(turn());
    expect(ans.ok).toBe(false);
    expect(ans.explains).toHaveLength(MAX_EXPLAINS);
    expect(ans.explains![0]).toMatchObject({
      topic: null,
      answer: expect.stringMatching(/^There is no topic "strategy tips"\. The topics are: board, turns/),
    });
    if (!ans.ok) expect(ans.error).toBe(`you have read ${MAX_EXPLAINS} topics this turn: answer with your move now`);
    expect(bodies).toHaveLength(MAX_EXPLAINS + 1);
    expect(bodies[MAX_EXPLAINS]!.messages.at(-1)!.content).toMatch(
      /Now answer the turn with your move \(no more topics this turn\)\.$/,
    );
  });

  it('up front: every topic in the system prompt, and Explain is just an unreadable answer', async () => {
    const { agent, bodies } = await player('upfront', () => ({ content: 'Explain(board)' }));
    const ans = await agent.act(turn());
    expect(ans.ok).toBe(false);
    expect(ans.explains).toEqual([]);
    expect(bodies).toHaveLength(1);
    expect(bodies[0]!.messages[0]!.content).toContain(`Rules in detail:\n- board: ${game.rules.topics.board}`);
    expect(bodies[0]!.messages[0]!.content).not.toContain('Rules topics you can ask about');
  });

  it('prompt version v1 plays as before: no topics; later versions explain unless the agent has the rules up front', async () => {
    const { agent, bodies } = await player('none', () => ({ content: 'X: (1,1)' }));
    await agent.act(turn());
    expect(bodies[0]!.messages[0]!.content).not.toMatch(/Rules topics|Rules in detail/);
    expect(rulesModeOf('v1', false)).toBe('none');
    expect(rulesModeOf(null, true)).toBe('none');
    expect(rulesModeOf('v2', false)).toBe('explain');
    expect(rulesModeOf('v2', true)).toBe('upfront');
  });
});
