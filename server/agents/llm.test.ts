// The LLM player against real HTTP endpoints that break: transport and protocol failures are retried, then an
// InfraError (never an illegal reply); a well-formed reply that is not a move stays an illegal reply.
import OpenAI from 'openai';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { getGame } from '../../games/registry';
import { createRng } from '../../lib/engine/rng';
import { currentDeal, initialState } from '../../lib/engine/replay';
import { clientFor, llmCallPolicy } from '../llm/clients';
import { FAULTS, startFaultyEndpoint, type Answer, type Fault, type FaultyEndpoint } from '../llm/test-faulty-endpoint';
import { llmAgent } from './llm';
import { InfraError, type AgentAnswer, type TurnContext } from './types';

const game = getGame('tictactoe')!;
const prices = { priceInPer1k: 0.01, priceOutPer1k: 0.03, modelPrices: null };
let endpoint: FaultyEndpoint | undefined;

beforeAll(() => {
  // Two retries after the first try, with a 1 ms backoff: quick, and the request counts below follow from it.
  llmCallPolicy.maxRetries = 2;
  llmCallPolicy.backoffMs = 1;
});
afterEach(async () => {
  await endpoint?.close();
  endpoint = undefined;
});

/** The first turn of a tic-tac-toe match for seat 0 (X). */
function turn(signal = new AbortController().signal): TurnContext {
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
    signal,
  };
}

/** An LLM player whose provider answers the i-th request with `answer(i)`, through the arena's own client. */
async function playerAt(answer: (i: number) => Answer) {
  endpoint = await startFaultyEndpoint(answer);
  const client = clientFor({
    id: `prov-${Math.random().toString(36).slice(2)}`,
    baseUrl: endpoint.url,
    apiKeyEnc: null,
  });
  return llmAgent({ client, model: 'm', scaffold: 'base', prices });
}

const tries = () => llmCallPolicy.maxRetries + 1;

describe('a provider that breaks after answering 200', () => {
  it.each(Object.keys(FAULTS) as Fault[])(
    '%s: retried, then an InfraError with the reason and every request',
    async (fault) => {
      const player = await playerAt(() => fault);
      const err = await player.act(turn()).then(
        (ans: AgentAnswer) => ans,
        (e: unknown) => e,
      );
      expect(err).toBeInstanceOf(InfraError);
      const infra = err as InfraError;
      expect(infra.message).toMatch(FAULTS[fault]);
      expect(infra.message).toContain(`(${tries()} tries)`);
      expect(endpoint!.requests).toBe(tries());
      // Every request is there to be recorded, with its reason and prompt.
      expect(infra.calls).toHaveLength(tries());
      expect(infra.call).toBe(infra.calls.at(-1));
      for (const c of infra.calls) {
        expect(c.error).toMatch(FAULTS[fault]);
        expect(c.reply).toBeNull();
        expect(c.model).toBe('m');
        expect(c.messages.at(-1)!.content).toContain('Legal moves:');
        expect(c.latencyMs).toBeGreaterThanOrEqual(0);
      }
    },
  );

  it.each([
    [
      'a 200 carrying an error',
      '{"error":{"message":"upstream model overloaded","code":503}}',
      /^provider returned an error with status 200: upstream model overloaded/,
    ],
    [
      'no "choices" at all',
      '{"id":"x","object":"chat.completion"}',
      /^provider returned a body whose "choices" is not a list: \{"id":"x"/,
    ],
    ['choices that are not a list', '{"choices":"none"}', /^provider returned a body whose "choices" is not a list/],
    ['a choice that is not an object', '{"choices":["X: (1,1)"]}', /^provider returned a choice that is not an object/],
    [
      'content that is neither text nor null',
      '{"choices":[{"message":{"content":42}}]}',
      /^provider returned a message whose content is neither text nor null/,
    ],
    [
      'JSON null',
      'null',
      /^provider returned a 200 response that is not a chat completion \(application\/json: "null"\)/,
    ],
    [
      'an empty body',
      '',
      /^provider returned a 200 response that is not a chat completion \(application\/json: empty body\)/,
    ],
  ])('%s: a protocol failure, with a reason that says what came back', async (_what, raw, reason) => {
    const player = await playerAt(() => ({ raw }));
    const err = (await player.act(turn()).catch((e: unknown) => e)) as InfraError;
    expect(err).toBeInstanceOf(InfraError);
    expect(err.message).toMatch(reason);
    expect(endpoint!.requests).toBe(tries());
  });

  it('a malformed reply that reports usage still costs what it cost', async () => {
    const player = await playerAt(() => 'no-choices');
    const err = (await player.act(turn()).catch((e: unknown) => e)) as InfraError;
    expect(err).toBeInstanceOf(InfraError);
    for (const c of err.calls)
      expect(c).toMatchObject({ tokensIn: 100, tokensOut: 20, costUsd: (100 * 0.01 + 20 * 0.03) / 1000 });
  });

  it('a transient failure: the next try is read and played, the failed one is kept', async () => {
    const player = await playerAt((i) => (i === 0 ? 'html' : 'legal'));
    const ans = await player.act(turn());
    expect(ans).toMatchObject({ ok: true, action: { type: 'place' } });
    expect(endpoint!.requests).toBe(2);
    expect(ans.failedCalls).toHaveLength(1);
    expect(ans.failedCalls![0]!.error).toMatch(FAULTS.html);
    expect(ans.call).toMatchObject({ error: null, reply: ans.text, tokensIn: 100, tokensOut: 20 });
  });

  it('HTTP errors are retried by the SDK only: no second layer of retries on top', async () => {
    const player = await playerAt(() => ({ status: 500 }));
    const err = (await player.act(turn()).catch((e: unknown) => e)) as InfraError;
    expect(err).toBeInstanceOf(InfraError);
    expect(err.message).toMatch(/^provider answered HTTP 500: /);
    expect(endpoint!.requests).toBe(tries()); // the SDK's maxRetries, not (maxRetries + 1)²
    expect(err.calls).toHaveLength(1);
  });

  it('a provider that hangs: the SDK’s timeout and retries only, then an InfraError', async () => {
    endpoint = await startFaultyEndpoint(() => 'hang');
    // A client of its own with a short timeout (clientFor's is ARENA_LLM_TIMEOUT_MS) and one SDK retry.
    const hasty = llmAgent({
      client: new OpenAI({ baseURL: endpoint.url, apiKey: 'k', timeout: 150, maxRetries: 1 }),
      model: 'm',
      scaffold: 'base',
    });
    const err = (await hasty.act(turn()).catch((e: unknown) => e)) as InfraError;
    expect(err).toBeInstanceOf(InfraError);
    expect(err.message).toMatch(/^provider did not answer within 150 ms/);
    expect(endpoint!.requests).toBe(2);
    expect(err.calls).toHaveLength(1);
  });

  it('a client error (HTTP 400) is not retried at all', async () => {
    const player = await playerAt(() => ({ status: 400 }));
    const err = (await player.act(turn()).catch((e: unknown) => e)) as InfraError;
    expect(err).toBeInstanceOf(InfraError);
    expect(err.message).toMatch(/HTTP 400/);
    expect(endpoint!.requests).toBe(1);
  });

  it('the move’s time running out during the wait before a retry ends the call at once: "move timed out"', async () => {
    llmCallPolicy.backoffMs = 600_000;
    try {
      const ctl = new AbortController();
      const player = await playerAt(() => {
        setTimeout(() => ctl.abort(), 200); // after the reply has been read: during the wait
        return 'html';
      });
      const err = (await player.act(turn(ctl.signal)).catch((e: unknown) => e)) as InfraError;
      expect(err).toBeInstanceOf(InfraError);
      expect(err.message).toBe('move timed out');
      expect(endpoint!.requests).toBe(1);
      expect(err.calls.map((c) => c.error)).toEqual([expect.stringMatching(FAULTS.html)]);
    } finally {
      llmCallPolicy.backoffMs = 1;
    }
  });
});

describe('a well-formed reply is the model’s answer', () => {
  it('content that is not a legal move is an illegal reply with the game’s reason, sent once', async () => {
    const player = await playerAt(() => ({ content: 'I would rather not play today.' }));
    const ans = await player.act(turn());
    expect(ans.ok).toBe(false);
    expect(ans).toMatchObject({ text: 'I would rather not play today.', failedCalls: [] });
    expect((ans as { error: string }).error.length).toBeGreaterThan(0);
    expect(endpoint!.requests).toBe(1);
    expect(ans.call).toMatchObject({ error: null, reply: 'I would rather not play today.' });
  });

  it('null content, a refusal and a reply cut at the token limit are illegal replies, not failures', async () => {
    const answers: Answer[] = [
      { content: null },
      { content: null, refusal: 'I cannot help with that.' },
      { content: 'Let me think about the corners first, because', finishReason: 'length' },
    ];
    const player = await playerAt((i) => answers[i]!);
    const empty = await player.act(turn());
    const refused = await player.act(turn());
    const cut = await player.act(turn());
    expect(endpoint!.requests).toBe(3);
    for (const a of [empty, refused, cut]) expect(a).toMatchObject({ ok: false, failedCalls: [] });
    expect(empty.text).toBe('');
    expect((refused as { error: string }).error).toMatch(/^you declined to answer \("I cannot help with that\."\)/);
    expect((cut as { error: string }).error).toMatch(/cut off at the token limit/);
  });

  it('content as a list of text parts, or JSON sent as text/plain, is read as the completion it is', async () => {
    const answers: Answer[] = [
      {
        content: [
          { type: 'thinking', thinking: 'centre' },
          { type: 'text', text: 'X: (2,2)' },
        ],
      },
      { content: 'X: (1,1)', contentType: 'text/plain' },
    ];
    const player = await playerAt((i) => answers[i]!);
    expect(await player.act(turn())).toMatchObject({
      ok: true,
      action: { type: 'place', row: 2, col: 2 },
      text: 'X: (2,2)',
    });
    expect(await player.act(turn())).toMatchObject({ ok: true, action: { type: 'place', row: 1, col: 1 } });
  });
});
