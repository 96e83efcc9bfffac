// The worker thread's live views: bounded by the matches they hold (least recently used dropped first, the one just
// used kept), one update at a time per view, and a failed update leaves no half-changed state.
import { describe, expect, it } from 'vitest';
import { ViewStore } from './view-store';

type S = { data: { matches: number[] }; reads: number };
const of = (n: number, reads = 1): S => ({ data: { matches: Array.from({ length: n }, (_, i) => i) }, reads });

describe('ViewStore', () => {
  it('drops the least recently used views beyond the budget of matches, never the one just used', async () => {
    const store = new ViewStore<S>(100);
    await store.use('a', async () => of(60));
    await store.use('b', async () => of(30));
    expect(store.stats()).toEqual({ views: 2, matches: 90 });
    // a is used again (kept as is): now b is the least recently used.
    await store.use('a', async (prev) => prev!);
    await store.use('c', async () => of(30));
    expect(store.stats()).toEqual({ views: 2, matches: 90 });
    const seen: (S | undefined)[] = [];
    await store.use('b', async (prev) => (seen.push(prev), of(30)));
    expect(seen).toEqual([undefined]); // b was dropped: read whole again
    // Over the budget alone, the view just used stays (and only it).
    await store.use('huge', async () => of(500));
    expect(store.stats()).toEqual({ views: 1, matches: 500 });
  });

  it('updates one view one request at a time: the second sees what the first made', async () => {
    const store = new ViewStore<S>(1000);
    let release!: () => void;
    const gate = new Promise<void>((r) => (release = r));
    const first = store.use('v', async (prev) => {
      await gate;
      return of(10, (prev?.reads ?? 0) + 1);
    });
    const second = store.use('v', async (prev) => of(12, (prev?.reads ?? 0) + 1));
    // Another view is not held up by it.
    await expect(store.use('w', async () => of(1))).resolves.toMatchObject({ reads: 1 });
    release();
    expect((await first).reads).toBe(1);
    expect((await second).reads).toBe(2);
    expect(store.stats()).toEqual({ views: 2, matches: 13 });
  });

  it('a failed update leaves no state, and the next one reads whole', async () => {
    const store = new ViewStore<S>(1000);
    await store.use('v', async () => of(5));
    await expect(store.use('v', async () => Promise.reject(new Error('Postgres went away')))).rejects.toThrow(
      /went away/,
    );
    expect(store.stats()).toEqual({ views: 0, matches: 0 });
    const seen: (S | undefined)[] = [];
    await store.use('v', async (prev) => (seen.push(prev), of(6)));
    expect(seen).toEqual([undefined]);
  });
});
