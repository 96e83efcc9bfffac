// SimulBench's result tables (seeds/004): Table 4 (mean scores by script and task type), Table 1 (pairwise win / tie /
// lose), the pairwise rule of Sec. 2.5, and the arena's own figures (order disagreement, Bradley-Terry, human agreement).
import { bootstrap } from '../rating/bootstrap';
import { meanStat, type Stat } from '../rating/mean-interval';
import type { Interval, RatedMatch } from '../rating/types';
import { isHard } from './scripts';
import type { Comparison, PairVerdict, ScoredAnswer } from './types';

/** Table 4's columns, in the paper's order. */
export const TABLE4_COLUMNS = ['lastOnly', 'firstChan', 'subseqChan', 'stateless', 'stateful', 'hard', 'all'] as const;
export type Table4Column = (typeof TABLE4_COLUMNS)[number];

/** One agent's row of Table 4: the mean 1–10 score of each column (with a bootstrap interval from 5 scores on). */
export type Table4Row = { agentId: string; noScore: number; answered: number } & Record<Table4Column, Stat>;

/**
 * Which answers each column averages. Fidelity: Stateless and Stateful are over FirstChan scripts only (Sec. 4.2.1:
 * "we focus on the scripts in FirstChan"); Hard = FirstChan ∪ SubseqChan; All = every script.
 */
const IN_COLUMN: Record<Table4Column, (a: ScoredAnswer) => boolean> = {
  lastOnly: (a) => a.type === 'last-only',
  firstChan: (a) => a.type === 'first-chan',
  subseqChan: (a) => a.type === 'subseq-chan',
  stateless: (a) => a.type === 'first-chan' && a.kind === 'stateless',
  stateful: (a) => a.type === 'first-chan' && a.kind === 'stateful',
  hard: (a) => isHard(a.type),
  all: () => true,
};

/**
 * The paper's Table 4 (Appendix A): per agent, the mean score of each column (`meanStat`, seeded by
 * `<seed>:<agent>:<column>`). Null scores ("no score") are left out of the means and counted in `noScore`; `answered`
 * counts all the agent's answers, scored or not. Rows sorted by the All mean, descending (agents without any score
 * last), then by agent id.
 */
export function table4(answers: readonly ScoredAnswer[], opts: { seed: string; rounds?: number }): Table4Row[] {
  const byAgent = new Map<string, ScoredAnswer[]>();
  for (const a of answers) byAgent.set(a.agentId, [...(byAgent.get(a.agentId) ?? []), a]);
  const rows = [...byAgent].map(([agentId, list]) => {
    const scored = list.filter((a) => a.score !== null);
    const stats = Object.fromEntries(
      TABLE4_COLUMNS.map((col) => [
        col,
        meanStat(
          scored.filter(IN_COLUMN[col]).map((a) => a.score!),
          `${opts.seed}:${agentId}:${col}`,
          opts.rounds,
        ),
      ]),
    ) as Record<Table4Column, Stat>;
    return { agentId, ...stats, noScore: list.length - scored.length, answered: list.length };
  });
  const key = (r: Table4Row) => (Number.isNaN(r.all.mean) ? -Infinity : r.all.mean);
  return rows.sort((a, b) => key(b) - key(a) || (a.agentId < b.agentId ? -1 : a.agentId > b.agentId ? 1 : 0));
}

/** The outcome of a comparison from agent A's side. */
export type PairOutcome = 'a' | 'b' | 'tie';

/**
 * The paper's pairwise rule (Sec. 2.5, after MT-Bench): a win only when preferred in both orders. `first` shows agent
 * A's answer as A, `second` shows agent B's answer as A; so A wins on first = 'A' and second = 'B', B wins on first =
 * 'B' and second = 'A', and every other pair of usable verdicts is a tie. Null when either verdict is missing.
 */
export function pairOutcome(first: PairVerdict | null, second: PairVerdict | null): PairOutcome | null {
  if (first === null || second === null) return null;
  if (first === 'A' && second === 'B') return 'a';
  if (first === 'B' && second === 'A') return 'b';
  return 'tie';
}

/** One row of Table 1: agent A against agent B, from A's side; percentages 0–100 over `n` (NaN when n = 0). */
export interface Table1Row {
  agentA: string;
  agentB: string;
  /** Comparisons with an outcome (both verdicts usable). */
  n: number;
  /** Comparisons without one (a verdict missing): not in the percentages. */
  unjudged: number;
  win: number;
  tie: number;
  lose: number;
  winPct: number;
  tiePct: number;
  losePct: number;
  /** winPct − losePct: "A outperforms B on `difference`% more cases" (the paper's Table 1). */
  difference: number;
}

const flip = (o: PairOutcome): PairOutcome => (o === 'a' ? 'b' : o === 'b' ? 'a' : 'tie');

/**
 * The paper's Table 1: win / tie / lose per pair of agents. (A, B) and (B, A) comparisons merge into one row per
 * unordered pair, A being the lexically smaller id (outcomes of swapped comparisons are seen from that A's side).
 * Comparisons of an agent with itself are left out. Rows sorted by (agentA, agentB).
 */
export function table1(comparisons: readonly Comparison[]): Table1Row[] {
  const rows = new Map<string, Table1Row>();
  for (const c of comparisons) {
    if (c.agentA === c.agentB) continue;
    const swapped = c.agentB < c.agentA;
    const [agentA, agentB] = swapped ? [c.agentB, c.agentA] : [c.agentA, c.agentB];
    const key = JSON.stringify([agentA, agentB]);
    const row = rows.get(key) ?? {
      agentA,
      agentB,
      n: 0,
      unjudged: 0,
      win: 0,
      tie: 0,
      lose: 0,
      winPct: NaN,
      tiePct: NaN,
      losePct: NaN,
      difference: NaN,
    };
    rows.set(key, row);
    const raw = pairOutcome(c.first, c.second);
    if (raw === null) {
      row.unjudged++;
      continue;
    }
    const o = swapped ? flip(raw) : raw;
    row.n++;
    if (o === 'a') row.win++;
    else if (o === 'b') row.lose++;
    else row.tie++;
  }
  const out = [...rows.values()];
  for (const r of out) {
    if (r.n === 0) continue;
    r.winPct = (100 * r.win) / r.n;
    r.tiePct = (100 * r.tie) / r.n;
    r.losePct = (100 * r.lose) / r.n;
    r.difference = r.winPct - r.losePct;
  }
  return out.sort((a, b) =>
    a.agentA < b.agentA ? -1 : a.agentA > b.agentA ? 1 : a.agentB < b.agentB ? -1 : a.agentB > b.agentB ? 1 : 0,
  );
}

const MIRROR: Record<PairVerdict, PairVerdict> = { A: 'B', B: 'A', C: 'C' };

/**
 * The arena's own diagnostic of the judge's position bias (not a figure of the paper): among comparisons with both
 * verdicts, the share whose two orders disagree (consistent pairs: A/B, B/A, C/C; every other pair is inconsistent,
 * e.g. A/A — the judge preferred whatever was shown first). `rate` is NaN when nothing was judged in both orders.
 */
export function orderDisagreement(comparisons: readonly Comparison[]): {
  judged: number;
  inconsistent: number;
  rate: number;
} {
  let judged = 0;
  let inconsistent = 0;
  for (const c of comparisons) {
    if (c.first === null || c.second === null) continue;
    judged++;
    if (c.second !== MIRROR[c.first]) inconsistent++;
  }
  return { judged, inconsistent, rate: judged === 0 ? NaN : inconsistent / judged };
}

/** One agent's Bradley-Terry rating from the pairwise outcomes. */
export interface PairwiseRating {
  agentId: string;
  /** Elo-scale point estimate (lib/rating: 1000 = β 0). */
  rating: number;
  /** 2.5th–97.5th percentile of the bootstrap; null below 5 rated comparisons. */
  ci95: Interval | null;
  /** Comparisons with an outcome that the agent took part in. */
  comparisons: number;
}

/**
 * The arena's own Bradley-Terry view of the pairwise results (the paper reports Table 1 only): every comparison with
 * an outcome is a 2-player match (win 1/0, tie 0.5/0.5), fitted and bootstrapped by lib/rating/bootstrap.ts
 * (`rounds` resamples, seeded). Sorted by rating, descending, then by agent id.
 */
export function pairwiseRatings(
  comparisons: readonly Comparison[],
  opts: { seed: string; rounds?: number },
): PairwiseRating[] {
  const matches: RatedMatch[] = [];
  comparisons.forEach((c, k) => {
    const o = pairOutcome(c.first, c.second);
    if (o === null || c.agentA === c.agentB) return;
    const a = o === 'a' ? 1 : o === 'b' ? 0 : 0.5;
    matches.push({
      id: `${c.scriptId}:${c.agentA}:${c.agentB}:${k}`,
      gameId: 'simulbench',
      seats: [
        { agentId: c.agentA, score: a },
        { agentId: c.agentB, score: 1 - a },
      ],
    });
  });
  if (matches.length === 0) return [];
  const result = bootstrap(matches, { seed: opts.seed, rounds: opts.rounds ?? 1000 });
  return result.agents
    .map((a) => ({ agentId: a.agentId, rating: a.rating.point, ci95: a.rating.ci95, comparisons: a.matches }))
    .sort((x, y) => y.rating - x.rating || (x.agentId < y.agentId ? -1 : x.agentId > y.agentId ? 1 : 0));
}

/**
 * The arena's own agreement figure between people's votes and the judge's outcomes on the same pairs: exact agreement,
 * ties included; `rate` is NaN for no pairs. (The paper's check differs: Sec. 4.3 had one annotator judge 100 of the
 * scoring judge's outputs "reasonable" or not, 83% were.)
 */
export function voteAgreement(pairs: readonly { human: PairOutcome; judge: PairOutcome }[]): {
  n: number;
  agree: number;
  rate: number;
} {
  const agree = pairs.filter((p) => p.human === p.judge).length;
  return { n: pairs.length, agree, rate: pairs.length === 0 ? NaN : agree / pairs.length };
}

/**
 * The scripts every target answered perfectly: each of `targets` has a score of 10 on it. The paper dropped such
 * scripts ("We discarded 10 samples where all of the models achieved full scores", Sec. 3): they tell no model apart.
 * Which scripts they are depends on the models compared, so the arena keeps them unless a reader asks to drop them.
 */
export function perfectScripts(answers: readonly ScoredAnswer[], targets: readonly string[]): Set<string> {
  const tens = new Map<string, Set<string>>();
  for (const a of answers) {
    if (a.score !== 10) continue;
    const s = tens.get(a.scriptId) ?? new Set<string>();
    s.add(a.agentId);
    tens.set(a.scriptId, s);
  }
  const out = new Set<string>();
  if (targets.length === 0) return out;
  for (const [scriptId, agents] of tens) if (targets.every((t) => agents.has(t))) out.add(scriptId);
  return out;
}
