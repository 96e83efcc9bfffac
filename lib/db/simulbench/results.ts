// What a SimulBench evaluation has measured, for its page and the CLI: stage progress, the paper's Table 4 and Table 1,
// the arena's diagnostics (the judge's order disagreement, Bradley-Terry from the pairwise results, people's agreement
// with the judge), and tokens and cost per stage. Read-only.
import type { Db } from '../client';
import type { TaskKind } from '../../../games/simulbench/types';
import type { TournamentSpec } from '../../tournament/spec';
import { answerKey, hiddenAnswers } from './blind';
import {
  orderDisagreement,
  pairOutcome,
  pairwiseRatings,
  perfectScripts,
  table1,
  table4,
  voteAgreement,
  type PairOutcome,
  type PairwiseRating,
  type Table1Row,
  type Table4Row,
} from '../../simulbench/tables';
import { isHard } from '../../simulbench/scripts';
import type { ChatTurn, Comparison, PairVerdict, ScoredAnswer, ScriptType } from '../../simulbench/types';

/** A SimulBench evaluation's spec as stored (with the seed it was given or drawn). */
export type SimulbenchSpecView = Extract<TournamentSpec, { format: 'simulbench' }> & { seed: string };

export interface StageSpend {
  purpose: string;
  calls: number;
  tokens: number;
  costUsd: number;
}

export interface SimulbenchResults {
  tournamentId: string;
  name: string;
  status: string;
  spec: SimulbenchSpecView;
  agents: Record<string, string>;
  dialogues: { total: number; finished: number; failed: number; open: number; cancelled: number };
  scripts: Record<ScriptType, number> & { total: number; extractionErrors: number };
  answers: { total: number; scored: number; noScore: number; failed: number };
  comparisons: { total: number; complete: number; incomplete: number };
  /**
   * The scripts every target answered perfectly (all scored 10: the paper dropped such scripts), and whether the tables
   * below leave them out (`dropPerfect`, a reader's choice; kept by default).
   */
  perfect: { scripts: number; dropped: boolean };
  table4: Table4Row[];
  /** The paper's Table 1: pairwise over the Hard scripts (FirstChan and SubseqChan), as the paper compared models. */
  table1: Table1Row[];
  /** The same over every script (the arena's own). */
  table1All: Table1Row[];
  disagreement: ReturnType<typeof orderDisagreement>;
  ratings: PairwiseRating[];
  votes: { total: number; agreement: ReturnType<typeof voteAgreement> };
  /** The user agent's strategies over the dialogues' requests (the first, the task itself, not counted). */
  strategies: Record<string, number>;
  spend: StageSpend[];
}

const SEED = 'simulbench-tables';

/** The evaluation's results; null when the tournament does not exist or is not a SimulBench evaluation. */
/**
 * `ratings: false` leaves out the Bradley-Terry bootstrap of the pairwise results (the heaviest part): for views that do
 * not show it, such as the leaderboard's section, which every leaderboard request renders.
 */
export async function simulbenchResults(
  db: Db,
  tournamentId: string,
  opts: { rounds?: number; ratings?: boolean; dropPerfect?: boolean } = {},
): Promise<SimulbenchResults | null> {
  const t = await db.tournament.findUnique({ where: { id: tournamentId } });
  const spec = t?.config as SimulbenchSpecView | undefined;
  if (!t || spec?.format !== 'simulbench') return null;
  const setName = spec.scriptSet ?? `tournament:${tournamentId}`;
  const [matchCounts, scripts, answers, comparisons, votes, spend, strategies] = await Promise.all([
    db.match.groupBy({ by: ['status'], where: { tournamentId }, _count: { _all: true } }),
    db.simulScript.findMany({ where: { setName }, select: { id: true, type: true, kind: true, judgeError: true } }),
    db.simulAnswer.findMany({
      where: { tournamentId },
      select: { scriptId: true, agentId: true, score: true, text: true, error: true },
    }),
    db.simulComparison.findMany({
      where: { tournamentId },
      select: { scriptId: true, agentA: true, agentB: true, first: true, second: true },
    }),
    db.simulVote.findMany({
      where: { tournamentId },
      select: { scriptId: true, agentA: true, agentB: true, choice: true },
    }),
    db.$queryRaw<{ purpose: string; calls: bigint; tokens: bigint | null; cost: number | null }[]>`
      SELECT c.purpose, COUNT(*) AS calls, SUM(COALESCE(c.tokens_in, 0) + COALESCE(c.tokens_out, 0)) AS tokens, SUM(c.cost_usd) AS cost
      FROM llm_calls c JOIN matches m ON m.id = c.match_id WHERE m.tournament_id = ${tournamentId}
      GROUP BY c.purpose ORDER BY c.purpose`,
    db.$queryRaw<{ strategy: string | null; n: bigint }[]>`
      SELECT e.payload->'action'->>'strategy' AS strategy, COUNT(*) AS n
      FROM match_events e JOIN matches m ON m.id = e.match_id
      WHERE m.tournament_id = ${tournamentId} AND e.kind = 'move' AND e.payload->'action'->>'type' = 'request'
      GROUP BY 1`,
  ]);
  const scriptById = new Map(scripts.map((s) => [s.id, s]));
  const agentIds = [...new Set([...spec.agentIds, ...answers.map((a) => a.agentId)])];
  const agentRows = await db.agent.findMany({
    where: {
      id: {
        in: [
          ...agentIds,
          spec.judgeId,
          ...(spec.userAgentId ? [spec.userAgentId] : []),
          ...(spec.simulatorId ? [spec.simulatorId] : []),
        ],
      },
    },
    select: { id: true, name: true },
  });
  const agents = Object.fromEntries(agentRows.map((a) => [a.id, a.name]));

  const allScored: ScoredAnswer[] = answers
    .filter((a) => a.text !== null)
    .flatMap((a) => {
      const s = scriptById.get(a.scriptId);
      return s
        ? [
            {
              scriptId: a.scriptId,
              agentId: a.agentId,
              type: s.type as ScriptType,
              kind: s.kind as TaskKind,
              score: a.score,
            },
          ]
        : [];
    });
  const perfect = perfectScripts(allScored, spec.agentIds);
  const kept = (a: { scriptId: string }) => !opts.dropPerfect || !perfect.has(a.scriptId);
  const scored = allScored.filter(kept);
  const allComps: Comparison[] = comparisons.flatMap((c) => {
    const s = scriptById.get(c.scriptId);
    return s
      ? [
          {
            scriptId: c.scriptId,
            agentA: c.agentA,
            agentB: c.agentB,
            type: s.type as ScriptType,
            kind: s.kind as TaskKind,
            first: c.first as PairVerdict | null,
            second: c.second as PairVerdict | null,
          },
        ]
      : [];
  });
  const comps = allComps.filter(kept);
  // People's votes against the judge's verdict on the same two answers (both orders combined by the paper's rule).
  const judged = new Map(comps.map((c) => [`${c.scriptId}|${c.agentA}|${c.agentB}`, pairOutcome(c.first, c.second)]));
  const paired = votes.flatMap((v) => {
    const judge = judged.get(`${v.scriptId}|${v.agentA}|${v.agentB}`);
    return judge ? [{ human: v.choice as PairOutcome, judge }] : [];
  });
  const count = (s: string) => matchCounts.find((m) => m.status === s)?._count._all ?? 0;
  const byType = (type: ScriptType) => scripts.filter((s) => s.type === type).length;
  return {
    tournamentId,
    name: t.name,
    status: t.status,
    spec,
    agents,
    dialogues: {
      total: matchCounts.reduce((n, m) => n + m._count._all, 0),
      finished: count('finished'),
      failed: count('failed'),
      open: count('queued') + count('running'),
      cancelled: count('cancelled'),
    },
    scripts: {
      'last-only': byType('last-only'),
      'first-chan': byType('first-chan'),
      'subseq-chan': byType('subseq-chan'),
      total: scripts.length,
      // One extraction per dialogue: count the dialogues whose judge gave no usable turn.
      extractionErrors: new Set(scripts.filter((s) => s.judgeError !== null).map((s) => s.id)).size,
    },
    answers: {
      total: answers.length,
      scored: answers.filter((a) => a.score !== null).length,
      noScore: answers.filter((a) => a.text !== null && a.score === null).length,
      failed: answers.filter((a) => a.text === null).length,
    },
    comparisons: {
      total: allComps.length,
      complete: allComps.filter((c) => c.first && c.second).length,
      incomplete: allComps.filter((c) => !c.first || !c.second).length,
    },
    perfect: { scripts: perfect.size, dropped: opts.dropPerfect === true },
    table4: table4(scored, { seed: SEED, rounds: opts.rounds }),
    table1: table1(comps.filter((c) => isHard(c.type))),
    table1All: table1(comps),
    disagreement: orderDisagreement(comps),
    ratings: comps.length && opts.ratings !== false ? pairwiseRatings(comps, { seed: SEED, rounds: opts.rounds }) : [],
    votes: { total: votes.length, agreement: voteAgreement(paired) },
    strategies: Object.fromEntries(strategies.map((s) => [s.strategy ?? 'unknown', Number(s.n)])),
    spend: spend.map((s) => ({
      purpose: s.purpose,
      calls: Number(s.calls),
      tokens: Number(s.tokens ?? 0),
      costUsd: Number(s.cost ?? 0),
    })),
  };
}

/** One target's answer to a script, with the judge's rating. */
export interface AnswerDetail {
  agentId: string;
  text: string | null;
  error: string | null;
  score: number | null;
  judgeReason: string | null;
  judgeError: string | null;
  /** In a pair open for people's votes (lib/db/simulbench/blind.ts): hidden from visitors. */
  hidden: boolean;
}

/** A script as the evaluation page lists it: its history, and each target's answer with the judge's rating. */
export interface ScriptDetail {
  id: string;
  taskName: string;
  kind: string;
  type: ScriptType;
  turn: number;
  judgedTurn: number | null;
  judgeError: string | null;
  sourceMatchId: string | null;
  history: ChatTurn[];
  /** The answers shown: all of them for an admin; for a visitor, those not hidden (`hiddenAnswers` counts the rest). */
  answers: AnswerDetail[];
  hiddenAnswers: number;
}

/**
 * The evaluation's scripts, a page at a time (oldest first), with every target's answer. `blind` (a visitor, the
 * default): answers in a pair open for people's votes are left out, whose text, rating and judge's reason would name
 * their model; `blind: false` (an admin) gets them all, marked `hidden`.
 */
export async function simulbenchScripts(
  db: Db,
  tournamentId: string,
  opts: { skip?: number; take?: number; blind?: boolean } = {},
): Promise<{ total: number; items: ScriptDetail[] }> {
  const t = await db.tournament.findUnique({ where: { id: tournamentId }, select: { config: true } });
  const setName = (t?.config as { scriptSet?: string } | null)?.scriptSet ?? `tournament:${tournamentId}`;
  const [total, rows] = await Promise.all([
    db.simulScript.count({ where: { setName } }),
    db.simulScript.findMany({
      where: { setName },
      orderBy: [{ createdAt: 'asc' }, { turn: 'asc' }],
      skip: opts.skip ?? 0,
      take: opts.take ?? 20,
      include: { answers: { where: { tournamentId }, orderBy: { agentId: 'asc' } } },
    }),
  ]);
  const hidden = await hiddenAnswers(
    db,
    rows.map((s) => s.id),
  );
  return {
    total,
    items: rows.map((s) => {
      const answers = s.answers.map((a) => ({
        agentId: a.agentId,
        text: a.text,
        error: a.error,
        score: a.score,
        judgeReason: a.judgeReason,
        judgeError: a.judgeError,
        hidden: hidden.has(answerKey(s.id, a.agentId)),
      }));
      // Blind rule: a visitor gets no hidden answer at all (not even its author with a blank), only how many there are.
      const shown = opts.blind === false ? answers : answers.filter((a) => !a.hidden);
      return {
        id: s.id,
        taskName: (s.task as { name?: string }).name ?? s.taskId,
        kind: s.kind,
        type: s.type as ScriptType,
        turn: s.turn,
        judgedTurn: s.judgedTurn,
        judgeError: s.judgeError,
        sourceMatchId: s.sourceMatchId,
        history: s.history as unknown as ChatTurn[],
        answers: shown,
        hiddenAnswers: answers.length - shown.length,
      };
    }),
  };
}

/**
 * The newest SimulBench evaluation with rated answers (finished ones first), for the leaderboard's SimulBench section:
 * evaluations are not pooled, since each has its own frozen scripts. Null when there is none.
 */
export async function latestSimulbenchResults(db: Db): Promise<SimulbenchResults | null> {
  const rows = await db.$queryRaw<{ id: string }[]>`
    SELECT t.id FROM tournaments t
    WHERE t.config->>'format' = 'simulbench' AND EXISTS (SELECT 1 FROM simul_answers a WHERE a.tournament_id = t.id AND a.score IS NOT NULL)
    ORDER BY (t.status = 'finished') DESC, t.created_at DESC LIMIT 1`;
  // The section shows Table 4's columns only: no pairwise bootstrap on every leaderboard request.
  return rows[0] ? simulbenchResults(db, rows[0].id, { ratings: false }) : null;
}
