// The leaderboard's worker thread: a computation still waiting when the arena stops is cut short with an AbortError
// (which the service does not log as a failure), and a closed computer starts a fresh thread when asked again.
import { describe, expect, it } from 'vitest';
import { createComputer } from './computer';

describe('createComputer', () => {
  it('rejects what is pending with an AbortError on close, and computes again afterwards', async () => {
    const c = createComputer();
    const cut = expect(c.warm()).rejects.toMatchObject({ name: 'AbortError' });
    await c.close();
    await cut;
    const board = await c.compute([], { rounds: 10 });
    expect(board.rows).toEqual([]);
    await c.close();
  });
});
