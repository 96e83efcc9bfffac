// DEEP analysis (pure): the SpyGame paper's Table 1 (mean target and distractor scores of the aggressive and the
// conservative descriptions, per describer and judge, with bootstrap intervals) and the agreement between two judges
// who scored the same descriptions, from finished matches replayed from their seeds and moves.
import { lastState } from '../../lib/engine/replay';
import { meanStat, type Stat } from '../../lib/rating/mean-interval';
import { deep } from '.';
import type { FinishedMatch } from '../../lib/engine/types';
import type { DeepState, Mode } from './types';

/** One finished DEEP match as stored. */
export type DeepMatchRecord = Omit<FinishedMatch, 'judgments'>;

/** Every person who judged is pooled into one judge column: the paper's human evaluation. */
export const PEOPLE = 'people';
export const PEOPLE_NAME = 'People (human evaluation)';

/** Table 1: one describer as scored by one judge (a model, or people). */
export interface DeepRow {
  describerId: string;
  describerName: string;
  judgeId: string;
  judgeName: string;
  /** Descriptions scored (of both kinds). */
  scored: number;
  /** Aggressive: the target should score high (↑) and the distractors low (↓). */
  aggressiveTarget: Stat;
  aggressiveDistractor: Stat;
  /** Conservative: the target should score low (↓) and the distractors high (↑): it fits them all. */
  conservativeTarget: Stat;
  conservativeDistractor: Stat;
}

/** Agreement of two judges on the same descriptions (every word's score compared). */
export interface AgreementRow {
  judges: [string, string];
  /** Descriptions both scored. */
  descriptions: number;
  /** Word scores compared. */
  pairs: number;
  /** Share of equal scores, and within one point. */
  exact: number;
  withinOne: number;
  meanAbsDiff: number;
  /** Pearson correlation of the scores; null when either judge gave one score only. */
  pearson: number | null;
}

export interface DeepAnalysis {
  /** Finished matches read. */
  matches: number;
  rows: DeepRow[];
  agreement: AgreementRow[];
}

/** The last state of a finished match, or null when it cannot be replayed (a changed game, a voided match). */
export function finalDeepState(m: DeepMatchRecord): DeepState | null {
  const end = lastState(deep, m);
  return end?.phase === 'over' ? end : null;
}

const mean = (xs: readonly number[]) => xs.reduce((s, x) => s + x, 0) / xs.length;

export function pearson(a: readonly number[], b: readonly number[]): number | null {
  const ma = mean(a);
  const mb = mean(b);
  let sab = 0;
  let saa = 0;
  let sbb = 0;
  for (let i = 0; i < a.length; i++) {
    sab += (a[i]! - ma) * (b[i]! - mb);
    saa += (a[i]! - ma) ** 2;
    sbb += (b[i]! - mb) ** 2;
  }
  return saa === 0 || sbb === 0 ? null : sab / Math.sqrt(saa * sbb);
}

export function analyseDeep(matches: readonly DeepMatchRecord[]): DeepAnalysis {
  const cells = new Map<
    string,
    {
      describerId: string;
      describerName: string;
      judgeId: string;
      judgeName: string;
      scored: number;
      v: Record<string, number[]>;
    }
  >();
  const pairs = new Map<string, { judges: [string, string]; descriptions: number; a: number[]; b: number[] }>();
  let read = 0;

  for (const m of matches) {
    const s = finalDeepState(m);
    if (!s) continue;
    read++;
    const seat = (n: number) => m.seats.find((x) => x.seat === n);
    const describer = seat(0);
    if (!describer) continue;
    const judge = (n: number) => {
      const j = seat(n);
      return j?.kind === 'human'
        ? { id: PEOPLE, name: PEOPLE_NAME }
        : { id: j?.agentId ?? `seat-${n}`, name: j?.agentName ?? `Judge ${n}` };
    };
    for (const it of s.items) {
      for (const mode of ['aggressive', 'conservative'] as Mode[]) {
        const rows = it.scores[mode];
        rows.forEach((row, j) => {
          if (!row) return;
          const who = judge(j + 1);
          const key = JSON.stringify([describer.agentId, who.id]);
          const c = cells.get(key) ?? {
            describerId: describer.agentId,
            describerName: describer.agentName,
            judgeId: who.id,
            judgeName: who.name,
            scored: 0,
            v: {},
          };
          c.scored++;
          (c.v[`${mode}Target`] ??= []).push(row[0]!);
          (c.v[`${mode}Distractor`] ??= []).push(mean(row.slice(1)));
          cells.set(key, c);
        });
        const [r1, r2] = rows;
        if (r1 && r2) {
          const names = [judge(1).name, judge(2).name].sort() as [string, string];
          const key = JSON.stringify(names);
          const p = pairs.get(key) ?? { judges: names, descriptions: 0, a: [], b: [] };
          p.descriptions++;
          // Same order for every match of this pair: the alphabetically first judge's scores in `a`.
          const [first, second] = judge(1).name === names[0] ? [r1, r2] : [r2, r1];
          p.a.push(...first);
          p.b.push(...second);
          pairs.set(key, p);
        }
      }
    }
  }

  const rows: DeepRow[] = [...cells.values()]
    .map((c) => {
      const st = (k: string) => meanStat(c.v[k] ?? [], `deep:${c.describerId}:${c.judgeId}:${k}`);
      return {
        describerId: c.describerId,
        describerName: c.describerName,
        judgeId: c.judgeId,
        judgeName: c.judgeName,
        scored: c.scored,
        aggressiveTarget: st('aggressiveTarget'),
        aggressiveDistractor: st('aggressiveDistractor'),
        conservativeTarget: st('conservativeTarget'),
        conservativeDistractor: st('conservativeDistractor'),
      };
    })
    .sort((x, y) => x.judgeName.localeCompare(y.judgeName) || x.describerName.localeCompare(y.describerName));

  const agreement: AgreementRow[] = [...pairs.values()]
    .map((p) => {
      const diffs = p.a.map((x, i) => Math.abs(x - p.b[i]!));
      return {
        judges: p.judges,
        descriptions: p.descriptions,
        pairs: diffs.length,
        exact: diffs.filter((d) => d === 0).length / diffs.length,
        withinOne: diffs.filter((d) => d <= 1).length / diffs.length,
        meanAbsDiff: mean(diffs),
        pearson: pearson(p.a, p.b),
      };
    })
    .sort((x, y) => x.judges.join().localeCompare(y.judges.join()));

  return { matches: read, rows, agreement };
}
