// The live views the leaderboard's worker thread keeps (their matches, and TrueSkill/Elo after the last one), bounded:
// one state per set of matches (views that differ only in their bootstrap scheme or fit share it), updated one request
// at a time per view, and the least recently used dropped beyond a budget of matches held.

/**
 * The matches the thread keeps across all views, by default: about 0.9 GB at ~450 bytes a match (two seats). A view
 * dropped is read whole from Postgres when it is asked for again; the one just used is always kept.
 */
export const MAX_HELD_MATCHES = 2_000_000;

export interface Held {
  /** The view's matches (what the budget counts). */
  data: { matches: readonly unknown[] };
}

export class ViewStore<S extends Held> {
  /** Least recently used first. */
  private readonly states = new Map<string, S>();
  private readonly busy = new Map<string, Promise<unknown>>();

  constructor(private readonly maxHeldMatches = MAX_HELD_MATCHES) {}

  /**
   * The view's state brought up to date by `update` (given the state held, if any), after any update of the same view
   * in progress. The state is taken out while it changes: a failed update leaves none (the next one reads whole).
   */
  use(key: string, update: (prev: S | undefined) => Promise<S>): Promise<S> {
    const run = (this.busy.get(key) ?? Promise.resolve()).then(async () => {
      const prev = this.states.get(key);
      this.states.delete(key);
      const next = await update(prev);
      this.states.set(key, next);
      this.trim(key);
      return next;
    });
    const settled = run.then(
      () => {},
      () => {},
    );
    this.busy.set(key, settled);
    void settled.then(() => {
      if (this.busy.get(key) === settled) this.busy.delete(key);
    });
    return run;
  }

  /** Drops the least recently used views until the matches held fit the budget (never `keep`). */
  private trim(keep: string): void {
    let held = this.stats().matches;
    for (const [key, s] of this.states) {
      if (held <= this.maxHeldMatches) return;
      if (key === keep) continue;
      this.states.delete(key);
      held -= s.data.matches.length;
    }
  }

  /** The views held and their matches. */
  stats(): { views: number; matches: number } {
    let matches = 0;
    for (const s of this.states.values()) matches += s.data.matches.length;
    return { views: this.states.size, matches };
  }
}
