import { describe, expect, it } from 'vitest';
import { readConfig } from './config';

describe('readConfig', () => {
  it('has defaults for everything', () => {
    const c = readConfig({});
    expect(c.PORT).toBe(3000);
    expect(c.ARENA_DEMO).toBe(true);
    expect(c.ARENA_SIM_LATENCY_MS).toEqual([300, 1200]);
    expect(c.DATABASE_URL).toBeUndefined();
  });

  it('reads ranges, flags and lists', () => {
    const c = readConfig({ ARENA_SIM_LATENCY_MS: '50', ARENA_DEMO: '0', OPENAI_MODELS: 'a, b,,c', PORT: '8080' });
    expect(c.ARENA_SIM_LATENCY_MS).toEqual([50, 50]);
    expect(c.ARENA_DEMO).toBe(false);
    expect(c.OPENAI_MODELS).toEqual(['a', 'b', 'c']);
    expect(c.PORT).toBe(8080);
  });

  it('names the variable that is wrong', () => {
    expect(() => readConfig({ PORT: 'eighty' })).toThrow(/PORT/);
    expect(() => readConfig({ ARENA_SIM_LATENCY_MS: 'fast' })).toThrow(/ARENA_SIM_LATENCY_MS: use "MS" or "MIN-MAX"/);
    expect(() => readConfig({ DATABASE_URL: 'not a url' })).toThrow(/DATABASE_URL/);
    expect(() => readConfig({ ARENA_DEMO: 'maybe' })).toThrow(/ARENA_DEMO/);
    expect(() => readConfig({ ARENA_ROLE: 'scheduler' })).toThrow(/ARENA_ROLE/);
    expect(() => readConfig({ ARENA_ADMIN_PASSWORD: 'short' })).toThrow(
      /ARENA_ADMIN_PASSWORD needs at least 8 characters/,
    );
    expect(() => readConfig({ ARENA_ADMIN_USER: 'no spaces please' })).toThrow(/ARENA_ADMIN_USER/);
  });

  it('reads the origins allowed to open the socket, and says which one is not an origin', () => {
    expect(readConfig({}).ARENA_ALLOWED_ORIGINS).toEqual([]);
    expect(
      readConfig({ ARENA_ALLOWED_ORIGINS: 'https://Arena.example.org/, http://localhost:8080' }).ARENA_ALLOWED_ORIGINS,
    ).toEqual(['https://arena.example.org', 'http://localhost:8080']);
    expect(() => readConfig({ ARENA_ALLOWED_ORIGINS: 'https://arena.example.org,arena.example.org' })).toThrow(
      /ARENA_ALLOWED_ORIGINS: "arena\.example\.org" is not an origin: write scheme:\/\/host\[:port\] with no path, e\.g\. https:\/\/arena\.example\.org/,
    );
    expect(() => readConfig({ ARENA_ALLOWED_ORIGINS: 'https://arena.example.org/play' })).toThrow(
      /ARENA_ALLOWED_ORIGINS: "https:\/\/arena\.example\.org\/play" is not an origin/,
    );
  });

  it('defaults to one process doing everything, with no admin account until one is configured or set up', () => {
    const c = readConfig({});
    expect(c.ARENA_ROLE).toBe('all');
    expect(c.ARENA_ADMIN_USER).toBe('admin');
    expect(c.ARENA_ADMIN_PASSWORD).toBeUndefined();
    expect(readConfig({ ARENA_ROLE: 'worker', ARENA_RECONCILE_SECONDS: '5' })).toMatchObject({
      ARENA_ROLE: 'worker',
      ARENA_RECONCILE_SECONDS: 5,
    });
  });
});
