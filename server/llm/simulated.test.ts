// Tests of the SIMULATED OpenAI-compatible endpoint through the real `openai` client (the models it serves are tested
// in lib/sim/simulated-model.test.ts).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import OpenAI, { APIConnectionTimeoutError, APIError } from 'openai';
import { SIMULATED_MODELS } from '../../lib/sim/simulated-model';
import { tttPrompt, lines, hasExactLine } from '../../lib/sim/test-prompts';
import { startSimulatedEndpoint, type SimulatedEndpoint } from './simulated';

describe('HTTP endpoint through the openai client', () => {
  let sim: SimulatedEndpoint;
  let client: OpenAI;

  beforeAll(async () => {
    sim = await startSimulatedEndpoint({ seed: 'test-seed' });
    client = new OpenAI({ baseURL: sim.url, apiKey: 'sk-sim', maxRetries: 0 });
  });
  afterAll(async () => {
    await sim.close();
  });

  it('lists the simulated models, labelled as simulated', async () => {
    const ids: string[] = [];
    for await (const m of client.models.list()) {
      ids.push(m.id);
      expect(m.owned_by).toBe('arena-simulated');
    }
    expect(ids).toEqual([...SIMULATED_MODELS]);
    expect(ids).toEqual(expect.arrayContaining(['sim-careful', 'sim-sloppy']));
    expect((await client.models.retrieve('sim-sloppy')).id).toBe('sim-sloppy');
  });

  it('sim-careful answers an exact listed move (>= 95% of 50 requests), with usage', async () => {
    let exact = 0;
    for (let i = 0; i < 50; i++) {
      const { messages, legal } = tttPrompt(`http${i}`);
      const res = await client.chat.completions.create({
        model: 'sim-careful',
        messages: messages as OpenAI.ChatCompletionMessageParam[],
      });
      expect(res.object).toBe('chat.completion');
      expect(res.id).toMatch(/^chatcmpl-/);
      expect(res.model).toBe('sim-careful');
      expect(res.choices[0]!.finish_reason).toBe('stop');
      expect(res.usage!.prompt_tokens).toBeGreaterThan(20);
      expect(res.usage!.total_tokens).toBe(res.usage!.prompt_tokens + res.usage!.completion_tokens);
      if (legal.includes(res.choices[0]!.message.content ?? '')) exact++;
    }
    expect(exact).toBeGreaterThanOrEqual(48);
    expect(sim.stats.ok).toBeGreaterThanOrEqual(48);
  });

  it('is deterministic per seed across servers, and repeats of a request vary', async () => {
    const other = await startSimulatedEndpoint({ seed: 'test-seed-2' });
    const again = await startSimulatedEndpoint({ seed: 'test-seed-2' });
    try {
      const { messages } = tttPrompt('repeat');
      const ask = async (url: string) => {
        const c = new OpenAI({ baseURL: url, apiKey: 'x', maxRetries: 0 });
        const out: string[] = [];
        for (let i = 0; i < 8; i++) {
          const r = await c.chat.completions.create({
            model: 'sim-random',
            messages: messages as OpenAI.ChatCompletionMessageParam[],
          });
          out.push(r.choices[0]!.message.content!);
        }
        return out;
      };
      const a = await ask(other.url);
      expect(await ask(again.url)).toEqual(a);
      expect(new Set(a).size).toBeGreaterThan(1);
    } finally {
      await Promise.all([other.close(), again.close()]);
    }
  });

  it('streams chunks that assemble into the answer, ending with usage and [DONE]', async () => {
    const { messages, legal } = tttPrompt('stream', { system: 'Think step by step; last line: your move.' });
    const stream = await client.chat.completions.create({
      model: 'sim-careful',
      messages: messages as OpenAI.ChatCompletionMessageParam[],
      stream: true,
      stream_options: { include_usage: true },
    });
    let text = '';
    let chunks = 0;
    let finish: string | null = null;
    let usage: OpenAI.CompletionUsage | null | undefined;
    for await (const chunk of stream) {
      chunks++;
      expect(chunk.object).toBe('chat.completion.chunk');
      text += chunk.choices[0]?.delta.content ?? '';
      finish = chunk.choices[0]?.finish_reason ?? finish;
      if (chunk.usage) usage = chunk.usage;
    }
    expect(chunks).toBeGreaterThan(5);
    expect(finish).toBe('stop');
    expect(legal).toContain(lines(text).at(-1));
    expect(lines(text).length).toBeGreaterThan(1);
    expect(usage!.completion_tokens).toBe(Math.ceil(text.length / 4));

    // The raw wire format ends with the [DONE] sentinel.
    const raw = await fetch(`${sim.url}/chat/completions`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ model: 'sim-careful', messages, stream: true }),
    });
    expect(raw.headers.get('content-type')).toMatch(/^text\/event-stream/);
    const body = await raw.text();
    expect(body.trimEnd().endsWith('data: [DONE]')).toBe(true);
    expect(body).not.toContain('"usage"'); // not asked for
  });

  it('malformedRate 1 gives only answers that are not an exact legal answer line', async () => {
    const bad = await startSimulatedEndpoint({ seed: 'bad', malformedRate: 1 });
    try {
      const c = new OpenAI({ baseURL: bad.url, apiKey: 'sk-sim', maxRetries: 0 });
      for (let i = 0; i < 30; i++) {
        const { messages, legal } = tttPrompt(`bad${i}`);
        const res = await c.chat.completions.create({
          model: 'sim-careful',
          messages: messages as OpenAI.ChatCompletionMessageParam[],
        });
        const content = res.choices[0]!.message.content ?? '';
        expect(hasExactLine(content, legal), content).toBe(false);
      }
      expect(bad.stats.malformed + bad.stats.illegal).toBe(30);
      expect(bad.stats.illegal).toBeGreaterThan(0);
      expect(bad.stats.ok).toBe(0);
    } finally {
      await bad.close();
    }
  });

  it('per-request headers override the server settings', async () => {
    const { messages, legal } = tttPrompt('hdr');
    const params = { model: 'sim-careful', messages: messages as OpenAI.ChatCompletionMessageParam[] };
    const flawed = await client.chat.completions.create(params, { headers: { 'x-sim-malformed-rate': '1' } });
    expect(hasExactLine(flawed.choices[0]!.message.content ?? '', legal)).toBe(false);
    const t0 = Date.now();
    await client.chat.completions.create(params, { headers: { 'x-sim-latency-ms': '150' } });
    expect(Date.now() - t0).toBeGreaterThanOrEqual(140);
    await expect(
      client.chat.completions.create(params, { headers: { 'x-sim-failure-rate': '1' } }),
    ).rejects.toMatchObject({ status: 500 });
    await expect(
      client.chat.completions.create(params, { headers: { 'x-sim-failure-rate': 'lots' } }),
    ).rejects.toMatchObject({
      status: 400,
      message: expect.stringContaining('x-sim-failure-rate'),
    });
  });

  it('failureRate 1 → APIError 500; rateLimitRate 1 → 429 with retry-after', async () => {
    const failing = await startSimulatedEndpoint({ seed: 'f', failureRate: 1 });
    const limited = await startSimulatedEndpoint({ seed: 'l', rateLimitRate: 1, retryAfterSeconds: 2 });
    try {
      const params = { model: 'sim-careful', messages: tttPrompt('f').messages as OpenAI.ChatCompletionMessageParam[] };
      const e500 = await new OpenAI({ baseURL: failing.url, apiKey: 'k', maxRetries: 0 }).chat.completions
        .create(params)
        .catch((e) => e);
      expect(e500).toBeInstanceOf(APIError);
      expect(e500.status).toBe(500);
      expect(e500.type).toBe('server_error');
      expect(failing.stats.failed500).toBe(1);

      const e429 = await new OpenAI({ baseURL: limited.url, apiKey: 'k', maxRetries: 0 }).chat.completions
        .create(params)
        .catch((e) => e);
      expect(e429).toBeInstanceOf(OpenAI.RateLimitError);
      expect(e429.status).toBe(429);
      expect(e429.headers.get('retry-after')).toBe('2');
      expect(limited.stats.rateLimited).toBe(1);
    } finally {
      await Promise.all([failing.close(), limited.close()]);
    }
  });

  it('bad requests get 400/404 in the OpenAI error style', async () => {
    const badJson = await fetch(`${sim.url}/chat/completions`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: '{"model": ',
    });
    expect(badJson.status).toBe(400);
    const badJsonBody = (await badJson.json()) as { error: { message: string; type: string } };
    expect(badJsonBody.error.type).toBe('invalid_request_error');
    expect(badJsonBody.error.message).toMatch(/JSON/);

    const badShape = await client.chat.completions
      .create({ model: 'sim-careful', messages: 'hello' as never })
      .catch((e) => e);
    expect(badShape).toBeInstanceOf(OpenAI.BadRequestError);
    expect(badShape.status).toBe(400);
    expect(badShape.message).toMatch(/messages/);

    const unknownModel = await client.chat.completions
      .create({ model: 'gpt-9', messages: [{ role: 'user', content: 'hi' }] })
      .catch((e) => e);
    expect(unknownModel).toBeInstanceOf(OpenAI.NotFoundError);
    expect(unknownModel.message).toMatch(/gpt-9/);

    const unknownRoute = await fetch(`${sim.url}/embeddings`, { method: 'POST', body: '{}' });
    expect(unknownRoute.status).toBe(404);
    expect(((await unknownRoute.json()) as { error: { type: string } }).error.type).toBe('invalid_request_error');
  });

  it('an open-ended prompt (no list) gets non-empty text', async () => {
    const res = await client.chat.completions.create({
      model: 'sim-sloppy',
      messages: [{ role: 'user', content: 'Make your trade offer to the other players in one sentence.' }],
      seed: 3,
    });
    expect((res.choices[0]!.message.content ?? '').trim().length).toBeGreaterThan(10);
  });

  it('requires the key when apiKey is set', async () => {
    const locked = await startSimulatedEndpoint({ apiKey: 'sk-right', seed: 'locked' }); // seeded: careful errs ~2% of the time
    try {
      const params = { model: 'sim-careful', messages: [{ role: 'user' as const, content: 'Legal moves:\n- O: 4' }] };
      const wrong = await new OpenAI({ baseURL: locked.url, apiKey: 'sk-wrong', maxRetries: 0 }).chat.completions
        .create(params)
        .catch((e) => e);
      expect(wrong).toBeInstanceOf(OpenAI.AuthenticationError);
      const right = await new OpenAI({
        baseURL: locked.url,
        apiKey: 'sk-right',
        maxRetries: 0,
      }).chat.completions.create(params);
      expect(right.choices[0]!.message.content).toBe('O: 4');
    } finally {
      await locked.close();
    }
  });

  it('hangRate 1: the client times out and close() still returns promptly', async () => {
    const hanging = await startSimulatedEndpoint({ hangRate: 1 });
    const c = new OpenAI({ baseURL: hanging.url, apiKey: 'k', maxRetries: 0, timeout: 200 });
    const err = await c.chat.completions
      .create({ model: 'sim-careful', messages: [{ role: 'user', content: 'hi' }] })
      .catch((e) => e);
    expect(err).toBeInstanceOf(APIConnectionTimeoutError);
    // Counted once the server has read it (on a starved machine, possibly after the client gave up).
    await expect.poll(() => hanging.stats.hung, { timeout: 30_000 }).toBe(1);

    // A second hung request still open when the server closes.
    const pending = fetch(`${hanging.url}/chat/completions`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ model: 'sim-careful', messages: [{ role: 'user', content: 'hi' }] }),
    }).catch((e: unknown) => e);
    await expect.poll(() => hanging.stats.hung, { timeout: 60_000 }).toBe(2);
    // close() does not wait for the hung request (which never ends): it returns, and the request fails.
    await hanging.close();
    expect(await pending).toBeInstanceOf(Error);
  });

  it('rpmLimit: at most that many chat completions per sliding window, then 429 with retry-after', async () => {
    // A window long enough that three requests in a row fall in it however slow the machine (a few ms each).
    const limited = await startSimulatedEndpoint({ seed: 'rpm', rpmLimit: 2, rateWindowMs: 2000 });
    try {
      const c = new OpenAI({ baseURL: limited.url, apiKey: 'k', maxRetries: 0 });
      const params = { model: 'sim-random', messages: [{ role: 'user' as const, content: 'Legal moves:\n- O: 4' }] };
      await c.chat.completions.create(params);
      await c.chat.completions.create(params);
      const e429 = await c.chat.completions.create(params).catch((e) => e);
      expect(e429).toBeInstanceOf(OpenAI.RateLimitError);
      expect(e429.code).toBe('rate_limit_exceeded');
      const waitMs = Number(e429.headers.get('retry-after-ms'));
      expect(waitMs).toBeGreaterThan(0);
      expect(waitMs).toBeLessThanOrEqual(2000);
      expect(e429.headers.get('retry-after')).toBe(String(Math.max(1, Math.ceil(waitMs / 1000)))); // whole seconds, at least 1
      expect(limited.stats).toMatchObject({ ok: 2, rateLimited: 1 });
      // The models route is not limited; a rejected request does not use up the window.
      await c.models.list();
      await new Promise((r) => setTimeout(r, waitMs + 5));
      await c.chat.completions.create(params);
      expect(limited.stats).toMatchObject({ ok: 3, rateLimited: 1 });
      // The per-request header: a limit of its own against the same log (the last request is in the window).
      await expect(c.chat.completions.create(params, { headers: { 'x-sim-rpm-limit': '1' } })).rejects.toMatchObject({
        status: 429,
      });
      await expect(c.chat.completions.create(params, { headers: { 'x-sim-rpm-limit': 'many' } })).rejects.toMatchObject(
        {
          status: 400,
          message: expect.stringContaining('x-sim-rpm-limit'),
        },
      );
      expect(limited.stats.rateLimited).toBe(2);
    } finally {
      await limited.close();
    }
    // Without the option nothing is limited, unless a request asks for it.
    const open = await startSimulatedEndpoint({ seed: 'open' });
    try {
      const c = new OpenAI({ baseURL: open.url, apiKey: 'k', maxRetries: 0 });
      const params = { model: 'sim-random', messages: [{ role: 'user' as const, content: 'hi' }] };
      await Promise.all(Array.from({ length: 10 }, () => c.chat.completions.create(params)));
      expect(open.stats.rateLimited).toBe(0);
      await c.chat.completions.create(params, { headers: { 'x-sim-rpm-limit': '1' } });
      await expect(c.chat.completions.create(params, { headers: { 'x-sim-rpm-limit': '1' } })).rejects.toMatchObject({
        status: 429,
      });
    } finally {
      await open.close();
    }
  });

  it('rejects invalid options', async () => {
    await expect(startSimulatedEndpoint({ failureRate: 2 })).rejects.toThrow(/failureRate/);
    await expect(startSimulatedEndpoint({ latencyMs: [500, 100] })).rejects.toThrow(/min <= max/);
    await expect(startSimulatedEndpoint({ rpmLimit: 0 })).rejects.toThrow(/rpmLimit/);
    await expect(startSimulatedEndpoint({ rateWindowMs: -5 })).rejects.toThrow(/rateWindowMs/);
  });
});
