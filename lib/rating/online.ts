// Incremental TrueSkill and Elo: the sequential ratings kept after the last match seen, advanced by new matches only.
import type { Rating, TrueSkill } from 'ts-trueskill';
import { eloStep, inPlayOrder } from './elo';
import { summarizeTrueSkill, trueSkillEnv, trueSkillStep, type TrueSkillRating } from './trueskill';
import type { RatedMatch } from './types';
import { assertRatedMatches } from './validate';

/** Options of the online ratings (what computeLeaderboard would use: Elo K, TrueSkill on or off, per-game TrueSkill). */
export interface OnlineOptions {
  /** Elo K-factor (default 16). */
  eloK?: number;
  /** Keep TrueSkill (default true). */
  trueSkill?: boolean;
  /** Games whose own TrueSkill is kept too (LLMArena's per-environment μ: normalized.ts, `normalizedBy: 'trueskill'`). */
  trueSkillGames?: readonly string[];
}

/** The online ratings' current values, in the shapes computeLeaderboard uses. */
export interface OnlineSnapshot {
  /** TrueSkill over every match (undefined when TrueSkill is off). */
  trueSkill?: Map<string, TrueSkillRating>;
  /** TrueSkill of each kept game's own matches (only games that have had a match). */
  trueSkillByGame: Map<string, Map<string, TrueSkillRating>>;
  /** Elo over every match. */
  elo: Map<string, number>;
}

/**
 * TrueSkill and Elo are sequential over the matches in play order (elo.ts `inPlayOrder`: by finishedAt, stable), so
 * the state after n matches plus the matches that follow gives exactly the from-scratch result: `append` applies a
 * batch with the very steps the from-scratch functions take (`eloStep`, `trueSkillStep`), in the same order.
 *
 * The caller must append batches in play order: every match of a batch finishes no earlier than every match applied
 * before (`append` refuses a batch that starts before the last applied finishedAt: then recompute from scratch with a
 * new OnlineRatings). A match deleted or unrated afterwards cannot be taken back either: start again.
 */
export class OnlineRatings {
  private env: TrueSkill | null = null;
  private readonly ts = new Map<string, Rating>();
  private readonly tsByGame = new Map<string, Map<string, Rating>>();
  private readonly eloRatings = new Map<string, number>();
  private readonly k: number;
  private readonly games: Set<string>;
  private lastFinishedAt = -Infinity;
  /** Matches applied so far. */
  applied = 0;

  constructor(private readonly opts: OnlineOptions = {}) {
    this.k = opts.eloK ?? 16;
    this.games = new Set(opts.trueSkillGames ?? []);
  }

  /** Applies matches that finished after every match applied so far (sorted into play order here). */
  async append(matches: readonly RatedMatch[]): Promise<void> {
    assertRatedMatches(matches, 'online ratings');
    if (matches.length === 0) return;
    const ordered = inPlayOrder(matches);
    const first = ordered[0]!.finishedAt ?? -Infinity;
    if (first < this.lastFinishedAt)
      throw new Error('online ratings: a match finished before the last one applied (recompute from scratch)');
    const wantTs = this.opts.trueSkill !== false || this.games.size > 0;
    if (wantTs) this.env ??= await trueSkillEnv();
    for (const m of ordered) {
      eloStep(this.eloRatings, m, this.k, 1000);
      if (this.opts.trueSkill !== false) trueSkillStep(this.env!, this.ts, m);
      if (this.games.has(m.gameId) && !m.cooperative) {
        let g = this.tsByGame.get(m.gameId);
        if (!g) this.tsByGame.set(m.gameId, (g = new Map()));
        trueSkillStep(this.env!, g, m);
      }
    }
    this.lastFinishedAt = ordered.at(-1)!.finishedAt ?? -Infinity;
    this.applied += matches.length;
  }

  /** The current ratings (copies: later appends do not change them). */
  snapshot(): OnlineSnapshot {
    return {
      trueSkill: this.opts.trueSkill === false ? undefined : summarizeTrueSkill(this.ts),
      trueSkillByGame: new Map([...this.tsByGame].map(([g, r]) => [g, summarizeTrueSkill(r)])),
      elo: new Map(this.eloRatings),
    };
  }
}
