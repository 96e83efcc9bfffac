// Tests of per-provider limits: the limiter with fake fetches, then the real `openai` client against the SIMULATED endpoint.
import { describe, expect, it, vi } from 'vitest';
import OpenAI from 'openai';
import { ProviderLimiter, limitedFetch, limiterFor, retryAfterMs, usageTokens } from './limits';
import { clientFor } from './clients';
import { startSimulatedEndpoint } from './simulated';

const sleep = (ms: number) => new Promise<void>((r) => setTimeout(r, ms));

function json(body: unknown, status = 200, headers: Record<string, string> = {}): Response {
  return new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json', ...headers } });
}

const ok = (tokens = 10) =>
  json({ id: 'x', choices: [], usage: { prompt_tokens: tokens - 1, completion_tokens: 1, total_tokens: tokens } });

/** Waits like fetch does: rejects with the signal's reason when it aborts. */
function abortableSleep(ms: number, signal?: AbortSignal | null): Promise<void> {
  return new Promise((resolve, reject) => {
    if (signal?.aborted) return reject(signal.reason);
    const t = setTimeout(resolve, ms);
    signal?.addEventListener('abort', () => {
      clearTimeout(t);
      reject(signal.reason);
    });
  });
}

/**
 * Whether `p` has settled by the time the callbacks already queued have run (one turn of the event loop, however long
 * the machine takes): what a prompt answer does, where a slow one waits for a timer or another request.
 */
async function settledAtOnce(p: Promise<unknown>): Promise<boolean> {
  let settled = false;
  p.then(
    () => (settled = true),
    () => (settled = true),
  );
  await new Promise((r) => setImmediate(r));
  return settled;
}

const post = (body = '{"model":"m"}') => ({ method: 'POST', body, headers: { 'content-type': 'application/json' } });

/**
 * Polls until `cond` holds (the limiter releases a slot once a body has been read, a few ticks after fetch resolves);
 * `ms` is a safety net far above the few ticks it takes.
 */
async function until(cond: () => boolean, ms = 30_000): Promise<void> {
  const end = Date.now() + ms;
  while (!cond()) {
    if (Date.now() > end) throw new Error('condition not reached');
    await sleep(2);
  }
}

describe('ProviderLimiter through limitedFetch (fake fetch)', () => {
  it('never exceeds maxConcurrent, serves waiters in arrival order, and frees every slot', async () => {
    const limiter = new ProviderLimiter({ rpm: null, tpm: null, maxConcurrent: 3 });
    let inFlight = 0;
    let maxSeen = 0;
    const order: number[] = [];
    const base = (async (_url: RequestInfo | URL, init?: RequestInit) => {
      order.push(JSON.parse(String(init!.body)).i as number);
      inFlight++;
      maxSeen = Math.max(maxSeen, inFlight);
      await sleep(15);
      inFlight--;
      return ok();
    }) as typeof fetch;
    const f = limitedFetch(limiter, base);
    const results = await Promise.all(
      Array.from({ length: 12 }, (_, i) => f('http://p/v1/chat', post(JSON.stringify({ i })))),
    );
    expect(results.every((r) => r.status === 200)).toBe(true);
    expect(maxSeen).toBe(3);
    expect(order).toEqual([...Array(12).keys()]);
    // The caller can still read every original body.
    for (const r of results) expect(((await r.json()) as { id: string }).id).toBe('x');
    await until(() => limiter.stats().inFlight === 0);
    expect(limiter.stats()).toMatchObject({ inFlight: 0, waiting: 0, requests: 12, rateLimited: 0 });
    expect(limiter.stats().waitedMs).toBeGreaterThan(0);
  });

  it('rpm over a short window spaces requests by the window, each pair as soon as the window lets it', async () => {
    // On a fake clock: the spacing and the wake-ups are exact, however loaded the machine.
    vi.useFakeTimers();
    try {
      const windowMs = 150;
      const limiter = new ProviderLimiter({ rpm: 2, tpm: null, maxConcurrent: null }, { windowMs, now: Date.now });
      const starts: number[] = [];
      const f = limitedFetch(limiter, (async () => {
        starts.push(Date.now());
        return ok();
      }) as typeof fetch);
      const t0 = Date.now();
      const all = Promise.all(Array.from({ length: 6 }, () => f('http://p', post())));
      await vi.advanceTimersByTimeAsync(windowMs - 1);
      expect(starts).toHaveLength(2);
      // No lost wake-up: each pair starts when its window opens, with no other event to wake the limiter.
      await vi.advanceTimersByTimeAsync(1);
      expect(starts).toHaveLength(4);
      await vi.advanceTimersByTimeAsync(windowMs);
      expect(starts).toHaveLength(6);
      await all;
      expect(starts.map((t) => t - t0)).toEqual([0, 0, windowMs, windowMs, 2 * windowMs, 2 * windowMs]);
    } finally {
      vi.useRealTimers();
    }
  });

  it('tpm: once reported usage fills the window, the next request waits for it to drain', async () => {
    const windowMs = 150;
    const limiter = new ProviderLimiter({ rpm: null, tpm: 100, maxConcurrent: null }, { windowMs });
    const starts: number[] = [];
    const f = limitedFetch(limiter, (async () => {
      starts.push(Date.now());
      return ok(60);
    }) as typeof fetch);
    await f('http://p', post()); // 60 tokens: under 100
    const second = f('http://p', post());
    expect(limiter.stats()).toMatchObject({ inFlight: 1, waiting: 0 }); // granted on the spot, no wait
    await second; // 120 tokens: the window is full
    expect(limiter.stats().tokensInWindow).toBe(120);
    await f('http://p', post()); // waits until the first 60 leave the window
    expect(starts[2]! - starts[0]!).toBeGreaterThanOrEqual(windowMs - 2);
    expect(limiter.stats().tokensInWindow).toBeGreaterThanOrEqual(60); // the third's, plus the second's unless it expired too
    expect(limiter.stats().tokensInWindow).toBeLessThanOrEqual(120);
  });

  it('a 429 with retry-after cools the whole provider down; the request is re-sent with the same body and succeeds', async () => {
    const limiter = new ProviderLimiter({ rpm: null, tpm: null, maxConcurrent: null });
    const calls: { at: number; body: string; who: string }[] = [];
    let first429At = 0;
    const base = (async (_url: RequestInfo | URL, init?: RequestInit) => {
      const body = String(init!.body);
      const who = (JSON.parse(body) as { who: string }).who;
      calls.push({ at: Date.now(), body, who });
      if (calls.length === 1) {
        first429At = Date.now();
        return json({ error: { message: 'slow down' } }, 429, { 'retry-after': '1' });
      }
      return ok();
    }) as typeof fetch;
    const f = limitedFetch(limiter, base);
    const a = f('http://p', post('{"who":"a"}'));
    await until(() => first429At > 0); // the 429 has arrived: a cool-down of 1 s runs from it
    expect(limiter.stats().coolingDownUntil).toBeGreaterThan(first429At + 900);
    const b = f('http://p', post('{"who":"b"}'));
    const [ra, rb] = await Promise.all([a, b]);
    expect([ra.status, rb.status]).toEqual([200, 200]);
    expect(calls.map((c) => c.who)).toEqual(['a', 'a', 'b']); // a keeps its place ahead of b
    expect(calls[1]!.body).toBe(calls[0]!.body);
    for (const c of calls.slice(1)) expect(c.at - first429At).toBeGreaterThanOrEqual(990);
    expect(limiter.stats()).toMatchObject({ rateLimited: 1, requests: 3 });
  });

  it('re-sends a Request object with a fresh copy of its body', async () => {
    const limiter = new ProviderLimiter(null);
    const bodies: string[] = [];
    const f = limitedFetch(limiter, (async (input: RequestInfo | URL) => {
      bodies.push(await (input as Request).text());
      return bodies.length === 1 ? json({}, 429, { 'retry-after-ms': '5' }) : ok();
    }) as typeof fetch);
    const res = await f(new Request('http://p/x', { method: 'POST', body: '{"a":1}' }));
    expect(res.status).toBe(200);
    expect(bodies).toEqual(['{"a":1}', '{"a":1}']);
  });

  it('after max429Retries the 429 itself is returned, body intact', async () => {
    const limiter = new ProviderLimiter(null);
    let calls = 0;
    const f = limitedFetch(
      limiter,
      (async () => {
        calls++;
        return json({ error: { message: 'still limited' } }, 429, { 'retry-after-ms': '5' });
      }) as typeof fetch,
      { max429Retries: 2 },
    );
    const res = await f('http://p', post());
    expect(res.status).toBe(429);
    expect(calls).toBe(3);
    expect(((await res.json()) as { error: { message: string } }).error.message).toBe('still limited');
    expect(limiter.stats().rateLimited).toBe(3);
  });

  it('does not re-send a streamed request body (it cannot be read twice)', async () => {
    const limiter = new ProviderLimiter(null);
    let calls = 0;
    const f = limitedFetch(limiter, (async () => {
      calls++;
      return json({}, 429, { 'retry-after-ms': '5' });
    }) as typeof fetch);
    const body = new ReadableStream({ start: (c) => (c.enqueue(new TextEncoder().encode('{}')), c.close()) });
    const res = await f('http://p', { method: 'POST', body, duplex: 'half' } as RequestInit);
    expect(res.status).toBe(429);
    expect(calls).toBe(1);
  });

  it('abort while queued rejects promptly; abort in flight frees the slot', async () => {
    const limiter = new ProviderLimiter({ rpm: null, tpm: null, maxConcurrent: 1 });
    const f = limitedFetch(limiter, (async (_u: RequestInfo | URL, init?: RequestInit) => {
      await abortableSleep(5_000, init?.signal);
      return ok();
    }) as typeof fetch);
    const first = new AbortController();
    const p1 = f('http://p', { ...post(), signal: first.signal }).catch((e: unknown) => e);
    const queued = new AbortController();
    const p2 = f('http://p', { ...post(), signal: queued.signal }).catch((e: unknown) => e);
    await until(() => limiter.stats().waiting === 1);
    expect(limiter.stats()).toMatchObject({ inFlight: 1, waiting: 1 });
    queued.abort();
    expect(await settledAtOnce(p2)).toBe(true); // not when the first request ends
    expect(await p2).toMatchObject({ name: 'AbortError' });
    expect(limiter.stats()).toMatchObject({ inFlight: 1, waiting: 0 });

    const reason = new Error('move timed out');
    first.abort(reason);
    expect(await p1).toBe(reason); // the signal's own reason, like fetch
    expect(limiter.stats().inFlight).toBe(0);
    // The slot is free again: the next request starts at once.
    const quick = limitedFetch(limiter, (async () => ok()) as typeof fetch);
    const next = quick('http://p', post());
    expect(limiter.stats()).toMatchObject({ inFlight: 1, waiting: 0 }); // granted on the spot, no wait
    expect((await next).status).toBe(200);
  });

  it('abort during a cool-down rejects promptly and leaves no timer behind', async () => {
    const limiter = new ProviderLimiter(null);
    const f = limitedFetch(limiter, (async () => ok()) as typeof fetch);
    // The limiter's own wake-up timer (the process' other timers come and go with other tests).
    const armed = () => (limiter as unknown as { timer: NodeJS.Timeout | null }).timer !== null;
    limiter.noteRateLimited(new Headers({ 'retry-after-ms': '10000' }));
    expect(armed()).toBe(false); // nobody waits: no timer
    const ac = new AbortController();
    const p = f('http://p', { ...post(), signal: ac.signal }).catch((e: unknown) => e);
    await sleep(10);
    expect(limiter.stats().waiting).toBe(1);
    expect(armed()).toBe(true); // one wake-up for the end of the cool-down
    ac.abort();
    expect(await settledAtOnce(p)).toBe(true); // not at the end of the cool-down
    expect(await p).toMatchObject({ name: 'AbortError' });
    expect(limiter.stats().waiting).toBe(0);
    expect(armed()).toBe(false);
    // Already aborted: rejects without queueing.
    await expect(f('http://p', { ...post(), signal: AbortSignal.abort() })).rejects.toMatchObject({
      name: 'AbortError',
    });
  });

  it('a streamed response holds its slot until the stream ends, and its usage counts', async () => {
    const limiter = new ProviderLimiter({ rpm: null, tpm: null, maxConcurrent: 1 });
    const enc = new TextEncoder();
    let streamEnd = 0;
    const starts: number[] = [];
    const f = limitedFetch(limiter, (async () => {
      starts.push(Date.now());
      if (starts.length > 1) return ok();
      const body = new ReadableStream<Uint8Array>({
        async start(c) {
          c.enqueue(enc.encode('data: {"choices":[{"delta":{"content":"hi"}}],"usage":null}\n\n'));
          await sleep(60);
          c.enqueue(
            enc.encode(
              'data: {"choices":[],"usage":{"prompt_tokens":30,"completion_tokens":12,"total_tokens":42}}\n\ndata: [DONE]\n\n',
            ),
          );
          streamEnd = Date.now();
          c.close();
        },
      });
      return new Response(body, { headers: { 'content-type': 'text/event-stream' } });
    }) as typeof fetch);
    const stream = await f('http://p', post());
    expect(stream.headers.get('content-type')).toBe('text/event-stream');
    const second = f('http://p', post());
    const text = await stream.text(); // the caller's copy is untouched
    expect(text).toContain('[DONE]');
    await second;
    expect(starts[1]!).toBeGreaterThanOrEqual(streamEnd);
    expect(limiter.stats().tokensInWindow).toBe(42 + 10);
  });

  it('update() changes limits live: raising maxConcurrent starts queued requests at once', async () => {
    const limiter = new ProviderLimiter({ rpm: null, tpm: null, maxConcurrent: 1 });
    let running = 0;
    let maxSeen = 0;
    // Every request runs until the test lets them all end (not for a while: the machine may be slow).
    let end!: () => void;
    const ended = new Promise<void>((r) => (end = r));
    const f = limitedFetch(limiter, (async () => {
      running++;
      maxSeen = Math.max(maxSeen, running);
      await ended;
      running--;
      return ok();
    }) as typeof fetch);
    const all = Promise.all(Array.from({ length: 4 }, () => f('http://p', post())));
    await until(() => running === 1);
    expect(limiter.stats()).toMatchObject({ inFlight: 1, waiting: 3 });
    limiter.update({ rpm: null, tpm: null, maxConcurrent: 4 });
    expect(limiter.stats()).toMatchObject({ inFlight: 4, waiting: 0 });
    await until(() => running === 4);
    end();
    await all;
    expect(maxSeen).toBe(4);
    expect(limiter.limits).toEqual({ rpm: null, tpm: null, maxConcurrent: 4 });
  });
});

describe('cool-down lengths', () => {
  it('parses retry-after-ms, retry-after seconds and HTTP dates', () => {
    const now = Date.parse('2030-01-01T00:00:00Z');
    expect(retryAfterMs(new Headers({ 'retry-after-ms': '250', 'retry-after': '9' }), now)).toBe(250);
    expect(retryAfterMs(new Headers({ 'retry-after': '3' }), now)).toBe(3000);
    expect(retryAfterMs(new Headers({ 'retry-after': 'Tue, 01 Jan 2030 00:00:07 GMT' }), now)).toBe(7000);
    expect(retryAfterMs(new Headers({ 'retry-after': 'Mon, 31 Dec 2029 23:00:00 GMT' }), now)).toBe(0); // in the past
    expect(retryAfterMs(new Headers({ 'retry-after-ms': 'soon', 'retry-after': '2' }), now)).toBe(2000);
    expect(retryAfterMs(new Headers({ 'retry-after': 'whenever' }), now)).toBeNull();
    expect(retryAfterMs(new Headers(), now)).toBeNull();
  });

  it('sets the shared cool-down from the headers (HTTP date against the injected clock)', () => {
    let now = Date.parse('2030-01-01T00:00:00Z');
    const limiter = new ProviderLimiter(null, { now: () => now });
    expect(limiter.noteRateLimited(new Headers({ 'retry-after': 'Tue, 01 Jan 2030 00:00:04 GMT' }))).toBe(4000);
    expect(limiter.stats().coolingDownUntil).toBe(now + 4000);
    // A shorter one does not cut a running cool-down short.
    limiter.noteRateLimited(new Headers({ 'retry-after-ms': '100' }));
    expect(limiter.stats().coolingDownUntil).toBe(now + 4000);
    now += 4000;
    expect(limiter.stats().coolingDownUntil).toBeNull();
    // Absurd values are capped.
    expect(limiter.noteRateLimited(new Headers({ 'retry-after': '86400' }))).toBe(60_000);
  });

  it('without headers: exponential backoff 1 s, 2 s, 4 s … capped at 60 s, reset by a success; one burst escalates once', () => {
    let now = 1_000_000;
    const limiter = new ProviderLimiter(null, { now: () => now });
    const steps: number[] = [];
    for (let i = 0; i < 8; i++) {
      now += 10;
      steps.push(limiter.noteRateLimited(null, now - 1));
    }
    expect(steps).toEqual([1000, 2000, 4000, 8000, 16000, 32000, 60000, 60000]);
    limiter.noteSuccess();
    now += 10;
    const sent = now - 5;
    expect(limiter.noteRateLimited(null, sent)).toBe(1000);
    // Other requests of the same burst (sent before that 429 arrived) do not escalate further.
    now += 1;
    expect(limiter.noteRateLimited(null, sent)).toBe(1000);
    expect(limiter.noteRateLimited(null, sent + 1)).toBe(1000);
    now += 1000;
    expect(limiter.noteRateLimited(null, now - 1)).toBe(2000); // a re-sent request failing again does
  });

  it('counts usage as total_tokens, else prompt+completion (or input+output)', () => {
    expect(usageTokens({ total_tokens: 7, prompt_tokens: 1, completion_tokens: 1 })).toBe(7);
    expect(usageTokens({ prompt_tokens: 5, completion_tokens: 3 })).toBe(8);
    expect(usageTokens({ input_tokens: 4, output_tokens: 2 })).toBe(6);
    expect(usageTokens(null)).toBe(0);
  });
});

describe('limiterFor and clientFor', () => {
  it('keeps one limiter per provider, updated in place, and the cached client keeps using it', () => {
    const a = limiterFor('prov-test-a', { rpm: 10, tpm: null, maxConcurrent: 2 });
    expect(limiterFor('prov-test-a', { rpm: 10, tpm: null, maxConcurrent: 2 })).toBe(a);
    expect(limiterFor('prov-test-b', { rpm: 10, tpm: null, maxConcurrent: 2 })).not.toBe(a);

    const ref = { id: 'prov-test-c', baseUrl: 'http://127.0.0.1:9/v1', apiKeyEnc: null, rpm: 30, maxConcurrent: 2 };
    const c1 = clientFor(ref);
    expect(limiterFor('prov-test-c', { rpm: 30, tpm: null, maxConcurrent: 2 }).limits).toEqual({
      rpm: 30,
      tpm: null,
      maxConcurrent: 2,
    });
    const c2 = clientFor({ ...ref, rpm: null, tpm: 5000, maxConcurrent: 0 });
    expect(c2).toBe(c1);
    // limiterFor() with the same limits returns the same, already updated, limiter; 0 means unlimited.
    expect(limiterFor('prov-test-c', { rpm: null, tpm: 5000, maxConcurrent: null }).limits).toEqual({
      rpm: null,
      tpm: 5000,
      maxConcurrent: null,
    });
  });
});

describe('the real openai client with limitedFetch against the SIMULATED endpoint with rpmLimit', () => {
  const N = 12;
  const messages: OpenAI.ChatCompletionMessageParam[] = [
    { role: 'user', content: 'Your move.\n\nLegal moves:\n- O: 4\n- O: 7' },
  ];

  async function burst(limiter: ProviderLimiter, url: string) {
    // maxRetries 0: any retry that happens is the limiter's, not the SDK's.
    const client = new OpenAI({ baseURL: url, apiKey: 'k', maxRetries: 0, fetch: limitedFetch(limiter) });
    // Warm up (not rate-limited): open the keep-alive connections and run the code paths once, so the first
    // burst does not reach the endpoint later than the next one (over a 300 ms window that jitter would matter).
    const warm = new OpenAI({ baseURL: url, apiKey: 'k', maxRetries: 0 });
    await Promise.all(Array.from({ length: N }, () => warm.models.list()));
    return Promise.all(
      Array.from({ length: N }, (_, i) => client.chat.completions.create({ model: 'sim-random', messages, seed: i })),
    );
  }

  it('an arena limit at the endpoint limit (window with a little margin): no 429 ever reaches the endpoint', async () => {
    const sim = await startSimulatedEndpoint({ seed: 'rpm-a', rpmLimit: 5, rateWindowMs: 300 });
    try {
      // The margin covers a request's way from its grant to the endpoint: a safety net far above it, since on a loaded
      // machine (Vitest runs at a lower priority beside the flows) it took over 200 ms (60, then 200 ms of margin were
      // flaky). The endpoint allows 5 per 300 ms; the arena grants 5 per 2,000 ms.
      const limiter = new ProviderLimiter({ rpm: 5, tpm: null, maxConcurrent: null }, { windowMs: 2_000 });
      const t0 = Date.now();
      const replies = await burst(limiter, sim.url);
      expect(replies.map((r) => r.choices[0]!.message.content).every((c) => c === 'O: 4' || c === 'O: 7')).toBe(true);
      expect(sim.stats.rateLimited).toBe(0);
      expect(sim.stats.ok).toBe(N);
      expect(limiter.stats()).toMatchObject({ requests: N, rateLimited: 0 });
      expect(Date.now() - t0).toBeGreaterThanOrEqual(2 * 2_000 - 5); // 5 + 5 + 2
    } finally {
      await sim.close();
    }
  });

  it('no arena limit: the endpoint answers some 429s, the limiter cools down and re-sends, every call succeeds', async () => {
    const sim = await startSimulatedEndpoint({ seed: 'rpm-b', rpmLimit: 5, rateWindowMs: 300 });
    try {
      const limiter = new ProviderLimiter({ rpm: null, tpm: null, maxConcurrent: null });
      const replies = await burst(limiter, sim.url);
      expect(replies).toHaveLength(N);
      expect(sim.stats.ok).toBe(N);
      expect(sim.stats.rateLimited).toBeGreaterThan(0);
      expect(limiter.stats().rateLimited).toBe(sim.stats.rateLimited);
      expect(limiter.stats().requests).toBe(N + sim.stats.rateLimited);
      expect(limiter.stats().tokensInWindow).toBe(replies.reduce((s, r) => s + r.usage!.total_tokens, 0));
    } finally {
      await sim.close();
    }
  });
});
