import { describe, expect, it, vi } from 'vitest';
import { bearerMatches, collectFrom, matchesGauge, providerLabel, registry, startMetricsServer } from './prometheus';

describe('metrics', () => {
  it('a provider is labelled by its host only (never a key or a path)', () => {
    expect(providerLabel('https://api.openai.com/v1')).toBe('api.openai.com');
    expect(providerLabel('http://127.0.0.1:3199/v1?key=secret')).toBe('127.0.0.1:3199');
    expect(providerLabel('not a url')).toBe('unknown');
  });

  it('the bearer token must match exactly', () => {
    expect(bearerMatches('Bearer s3cret-token-of-length', 's3cret-token-of-length')).toBe(true);
    expect(bearerMatches('bearer  s3cret-token-of-length ', 's3cret-token-of-length')).toBe(true);
    expect(bearerMatches('Bearer s3cret-token-of-lengthX', 's3cret-token-of-length')).toBe(false);
    expect(bearerMatches('Basic s3cret-token-of-length', 's3cret-token-of-length')).toBe(false);
    expect(bearerMatches(undefined, 's3cret-token-of-length')).toBe(false);
  });

  it('match counts are read at scrape time, at most every 5 s, and kept when the database is away', async () => {
    let calls = 0;
    let fail = false;
    const refresh = collectFrom({
      matchCounts: async () => {
        calls++;
        if (fail) throw new Error('ECONNREFUSED');
        return { queued: 3, running: 2 };
      },
    });
    await refresh();
    await refresh();
    expect(calls).toBe(1);
    const text = await registry.metrics();
    expect(text).toMatch(/^arena_matches\{status="queued"\} 3$/m);
    expect(text).toMatch(/^arena_matches\{status="running"\} 2$/m);
    expect(text).toMatch(/^arena_matches\{status="failed"\} 0$/m);
    // 6 s later, the database is away: the scrape still answers, with the last counts.
    const now = Date.now();
    const clock = vi.spyOn(Date, 'now').mockReturnValue(now + 6_000);
    fail = true;
    await refresh();
    clock.mockRestore();
    expect(calls).toBe(2);
    expect(await registry.metrics()).toMatch(/^arena_matches\{status="queued"\} 3$/m);
    matchesGauge.reset();
  });

  it("the leaderboard thread's held matches are read at scrape time", async () => {
    let held: { views: number; matches: number } | null = null;
    const refresh = collectFrom({ leaderboardHeld: () => held });
    await refresh(); // nothing said yet: nothing set
    held = { views: 2, matches: 1234 };
    await refresh();
    expect(await registry.metrics()).toMatch(/^arena_leaderboard_held_matches 1234$/m);
  });

  it('the private listener serves /metrics and /health, refuses other paths and methods', async () => {
    const m = await startMetricsServer(
      0,
      '127.0.0.1',
      async () => {},
      async () => ({ ok: false, database: 'unavailable: test' }),
    );
    try {
      const base = m.url.replace(/\/metrics$/, '');
      const r = await fetch(m.url);
      expect(r.status).toBe(200);
      expect(r.headers.get('content-type')).toContain('text/plain');
      expect(await r.text()).toMatch(/^# HELP arena_model_call_seconds /m);
      const h = await fetch(`${base}/health`);
      expect(h.status).toBe(503);
      expect(await h.json()).toEqual({ ok: false, database: 'unavailable: test' });
      expect((await fetch(`${base}/`)).status).toBe(404);
      expect((await fetch(m.url, { method: 'POST' })).status).toBe(405);
    } finally {
      await m.close();
    }
  });
});

describe('model-call metrics', () => {
  it('each request to a provider is timed under its host, and a failing provider counts errors', async () => {
    const { default: OpenAI } = await import('openai');
    const { callModel } = await import('./llm/clients');
    const { startSimulatedEndpoint } = await import('./llm/simulated');
    const { freePort } = await import('./net');
    const sim = await startSimulatedEndpoint({ latencyMs: 0 });
    const count = async (name: string, provider: string) => {
      const m = await registry.getSingleMetric(name)!.get();
      return m.values
        .filter(
          (v) =>
            v.labels.provider === provider &&
            (name.endsWith('_total') || (v as { metricName?: string }).metricName?.endsWith('_count')),
        )
        .reduce((a, v) => a + v.value, 0);
    };
    try {
      const host = providerLabel(sim.url);
      await callModel(new OpenAI({ baseURL: sim.url, apiKey: 'x', maxRetries: 0 }), {
        purpose: 'move',
        model: 'sim-careful',
        messages: [{ role: 'user', content: 'Say hi' }],
      });
      expect(await count('arena_model_call_seconds', host)).toBe(1);
      expect(await count('arena_model_call_errors_total', host)).toBe(0);
      const dead = `http://127.0.0.1:${await freePort()}/v1`;
      await expect(
        callModel(new OpenAI({ baseURL: dead, apiKey: 'x', maxRetries: 0 }), {
          purpose: 'move',
          model: 'm',
          messages: [{ role: 'user', content: 'hi' }],
        }),
      ).rejects.toThrow();
      expect(await count('arena_model_call_errors_total', providerLabel(dead))).toBeGreaterThanOrEqual(1);
    } finally {
      await sim.close();
    }
  });
});
