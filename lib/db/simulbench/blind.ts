// The blind rule of people's SimulBench votes (issue 35, item 4): while a pair of answers is open for votes, no public
// page, API or export ties either answer to the model that wrote it. Every place that shows answers asks here.
//
// An evaluation with two targets or more takes votes while it runs and for VOTING_DAYS after it ends; a pair of its
// answers to one script is open for votes while it does. An answer is hidden from visitors from its first moment (the
// other answer of its pair may be on its way), and by (script, target) in every evaluation: an evaluation that reuses
// another's scripts gets the same text from the same target. Admins see everything at once.
// An answer whose text the dialogues already show under a model's name is never put to a vote: a target that is the
// evaluation's simulator, or runs the simulator's model, answers a script as the simulator went on in the dialogue it
// comes from (the same history, greedy), and the match page names the simulator.
import { Prisma } from '../../generated/prisma/client.ts';
import { SIMULATOR } from '../../../games/simulbench/types';
import type { Db } from '../client';
import { VOTING_DAYS } from '../../simulbench/voting';

/**
 * The evaluations taking votes (`voting`: id): SimulBench evaluations with two targets or more that run, or ended less
 * than VOTING_DAYS ago. As SQL (a query of ids), for the export cache's data version too (lib/db/export-cache.ts).
 */
export const VOTING_EVALUATIONS = Prisma.sql`
  SELECT t.id FROM tournaments t
  WHERE t.config->>'format' = 'simulbench'
    AND (CASE WHEN jsonb_typeof(t.config->'agentIds') = 'array' THEN jsonb_array_length(t.config->'agentIds') ELSE 0 END) >= 2
    AND (t.finished_at IS NULL OR t.finished_at > now() - make_interval(days => ${VOTING_DAYS}))`;

/**
 * As SQL common table expressions: the answers put to people's votes (`live`: tournament_id, script_id, agent_id), in
 * an open pair or soon to be (the other answer may still be on its way: hidden from its first moment), and the pairs
 * open for votes (`open_pairs`: tournament_id, script_id, agent_a < agent_b).
 */
const OPEN_PAIRS = Prisma.sql`
  voting AS (${VOTING_EVALUATIONS}),
  live AS (
    SELECT a.tournament_id, a.script_id, a.agent_id
    FROM simul_answers a
    JOIN voting v ON v.id = a.tournament_id
    JOIN simul_scripts sc ON sc.id = a.script_id
    JOIN agents me ON me.id = a.agent_id
    LEFT JOIN seats ss ON ss.match_id = sc.source_match_id AND ss.seat = ${SIMULATOR}
    LEFT JOIN agents sim ON sim.id = ss.agent_id
    WHERE a.text IS NOT NULL
      -- Security decision: the simulator's replies are public under its name, and a target on its model answers the
      -- same history the same way: such an answer cannot be voted on blind, so it is not put to a vote at all.
      AND (sim.id IS NULL OR (sim.id <> me.id AND sim.model IS DISTINCT FROM me.model))
  ),
  open_pairs AS (
    SELECT x.tournament_id, x.script_id, x.agent_id AS agent_a, y.agent_id AS agent_b
    FROM live x JOIN live y ON y.tournament_id = x.tournament_id AND y.script_id = x.script_id AND x.agent_id < y.agent_id
  )`;

export interface OpenPair {
  tournamentId: string;
  scriptId: string;
  /** The pair in id order. */
  agentA: string;
  agentB: string;
}

/** A pair open for votes that `voter` has not voted on (in one evaluation, or any), drawn at random; null when none. */
export async function drawOpenPair(db: Db, voter: string, tournamentId?: string): Promise<OpenPair | null> {
  const rows = await db.$queryRaw<{ t: string; s: string; a: string; b: string }[]>`
    WITH ${OPEN_PAIRS}
    SELECT p.tournament_id AS t, p.script_id AS s, p.agent_a AS a, p.agent_b AS b FROM open_pairs p
    WHERE (${tournamentId ?? null}::text IS NULL OR p.tournament_id = ${tournamentId ?? null})
      AND NOT EXISTS (SELECT 1 FROM simul_votes v WHERE v.tournament_id = p.tournament_id AND v.script_id = p.script_id
                      AND v.agent_a = p.agent_a AND v.agent_b = p.agent_b AND v.voter = ${voter})
    ORDER BY random() LIMIT 1`;
  const r = rows[0];
  return r ? { tournamentId: r.t, scriptId: r.s, agentA: r.a, agentB: r.b } : null;
}

/** Whether this pair is open for votes now. */
export async function isPairOpen(db: Db, p: OpenPair): Promise<boolean> {
  const rows = await db.$queryRaw<{ n: number }[]>`
    WITH ${OPEN_PAIRS}
    SELECT 1 AS n FROM open_pairs WHERE tournament_id = ${p.tournamentId} AND script_id = ${p.scriptId} AND agent_a = ${p.agentA} AND agent_b = ${p.agentB}`;
  return rows.length > 0;
}

/**
 * "script|agent" of the answers to these scripts that are hidden from visitors: put to people's votes, in any evaluation
 * (an evaluation that reuses another's scripts gets the same texts from the same target).
 */
export async function hiddenAnswers(db: Db, scriptIds: string[]): Promise<Set<string>> {
  if (scriptIds.length === 0) return new Set();
  const rows = await db.$queryRaw<{ s: string; a: string }[]>`
    WITH ${OPEN_PAIRS}
    SELECT DISTINCT script_id AS s, agent_id AS a FROM live WHERE script_id = ANY(${scriptIds})`;
  return new Set(rows.map((r) => answerKey(r.s, r.a)));
}

export const answerKey = (scriptId: string, agentId: string) => `${scriptId}|${agentId}`;

/**
 * The evaluations among `tournamentIds` whose answers the exports leave out (withheldFromExports): those taking votes
 * (their answers are put to votes as they come), and those holding an answer hidden from visitors (hiddenAnswers).
 */
export async function blindEvaluations(db: Db, tournamentIds: string[]): Promise<Set<string>> {
  if (tournamentIds.length === 0) return new Set();
  const rows = await db.$queryRaw<{ t: string }[]>`
    WITH ${OPEN_PAIRS}
    SELECT id AS t FROM voting WHERE id = ANY(${tournamentIds})
    UNION
    SELECT DISTINCT a.tournament_id FROM simul_answers a
    WHERE a.tournament_id = ANY(${tournamentIds})
      AND EXISTS (SELECT 1 FROM live l WHERE l.script_id = a.script_id AND l.agent_id = a.agent_id)`;
  return new Set(rows.map((r) => r.t));
}
