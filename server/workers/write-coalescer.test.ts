// The write coalescer: one statement at a time carrying every write queued meanwhile, in order, bounded, one op per key.
import { describe, expect, it } from 'vitest';
import { WriteCoalescer, type CoalescedBatch } from './write-coalescer';

/** A fake statement runner whose statements complete only when the test says so. */
function harness(limits: { maxRows?: number; maxBytes?: number } = {}) {
  const batches: CoalescedBatch<string>[] = [];
  const pending: { resolve: () => void; reject: (e: Error) => void }[] = [];
  const c = new WriteCoalescer<string>((b) => {
    batches.push(b);
    return new Promise<void>((resolve, reject) => pending.push({ resolve, reject }));
  }, limits);
  const tick = () => new Promise((r) => setImmediate(r));
  return { c, batches, pending, tick };
}

const size = (rows = 1, relaxed = true) => ({ rows, bytes: 10 * rows, relaxed });

describe('WriteCoalescer', () => {
  it('gathers writes made while a statement is in flight into the next one, and never reorders one key’s writes', async () => {
    const h = harness();
    const done: string[] = [];
    const submit = (key: string, op: string) => h.c.submit(key, op, size()).then(() => void done.push(op));
    const all = [submit('A', 'a1')];
    await h.tick();
    expect(h.batches.map((b) => b.ops)).toEqual([['a1']]);
    all.push(submit('A', 'a2'), submit('B', 'b1'), submit('A', 'a3'), submit('C', 'c1'));
    await h.tick();
    expect(done).toEqual([]); // nothing resolves before its statement committed
    h.pending[0]!.resolve();
    await h.tick();
    // One op per key in a statement: a3 waits for the statement after a2's, and c1 behind it (first come, first served).
    expect(h.batches.map((b) => b.ops)).toEqual([['a1'], ['a2', 'b1']]);
    expect(done).toEqual(['a1']);
    h.pending[1]!.resolve();
    await h.tick();
    expect(h.batches.map((b) => b.ops)).toEqual([['a1'], ['a2', 'b1'], ['a3', 'c1']]);
    h.pending[2]!.resolve();
    await Promise.all(all);
    expect(done).toEqual(['a1', 'a2', 'b1', 'a3', 'c1']);
    expect(h.c.waiting).toBe(0);
  });

  it('a failing statement is retried op by op: only the bad write fails, the others of its statement commit; later writes still run', async () => {
    const h = harness();
    const first = h.c.submit('A', 'a1', size());
    await h.tick();
    const second = [h.c.submit('B', 'b1', size()), h.c.submit('C', 'c1', size())];
    const third = h.c.submit('B', 'b2', size());
    h.pending[0]!.resolve();
    await first;
    await h.tick();
    expect(h.batches[1]!.ops).toEqual(['b1', 'c1']);
    h.pending[1]!.reject(new Error('duplicate key value violates unique constraint'));
    await h.tick();
    // Each op alone, in order: b1 commits, c1 was the bad one.
    expect(h.batches[2]!.ops).toEqual(['b1']);
    h.pending[2]!.resolve();
    await h.tick();
    expect(h.batches[3]!.ops).toEqual(['c1']);
    h.pending[3]!.reject(new Error('duplicate key value violates unique constraint'));
    const settled = await Promise.allSettled(second);
    expect(settled.map((s) => s.status)).toEqual(['fulfilled', 'rejected']);
    expect(((settled[1] as PromiseRejectedResult).reason as Error).message).toBe(
      'duplicate key value violates unique constraint',
    );
    await h.tick();
    expect(h.batches.at(-1)!.ops).toEqual(['b2']);
    h.pending[4]!.resolve();
    await expect(third).resolves.toBeUndefined();
  });

  it('a statement of one op that fails rejects its caller at once (no retry)', async () => {
    const h = harness();
    const only = h.c.submit('A', 'a1', size());
    await h.tick();
    h.pending[0]!.reject(new Error('connection terminated'));
    await expect(only).rejects.toThrow('connection terminated');
    expect(h.batches).toHaveLength(1);
  });

  it('bounds a statement by rows and bytes; an op above the bound goes alone', async () => {
    const h = harness({ maxRows: 5, maxBytes: 1000 });
    void h.c.submit('X', 'x', size(1));
    await h.tick();
    const rest = [
      h.c.submit('A', 'a:3', size(3)),
      h.c.submit('B', 'b:2', size(2)),
      h.c.submit('C', 'c:1', size(1)), // 6 rows > 5
      h.c.submit('D', 'd:9', size(9)), // alone, above the bound
      h.c.submit('E', 'e:1', { rows: 1, bytes: 600, relaxed: true }),
      h.c.submit('F', 'f:1', { rows: 1, bytes: 600, relaxed: true }), // 1200 bytes
    ];
    for (let i = 0; i < 5; i++) {
      h.pending[i]!.resolve();
      await h.tick();
    }
    expect(h.batches.map((b) => b.ops)).toEqual([['x'], ['a:3', 'b:2'], ['c:1'], ['d:9'], ['e:1'], ['f:1']]);
    h.pending[5]!.resolve();
    await Promise.all(rest);
  });

  it('relaxes a statement only when every write in it may be relaxed', async () => {
    const h = harness();
    void h.c.submit('X', 'x', size(1, true));
    await h.tick();
    void h.c.submit('A', 'robots', size(1, true));
    void h.c.submit('P', 'person', size(1, false));
    h.pending[0]!.resolve();
    await h.tick();
    void h.c.submit('B', 'robots-2', size(1, true));
    h.pending[1]!.resolve();
    await h.tick();
    h.pending[2]!.resolve();
    expect(h.batches.map((b) => [b.ops, b.relaxed])).toEqual([
      [['x'], true],
      [['robots', 'person'], false],
      [['robots-2'], true],
    ]);
  });
});
