// People's blind votes on SimulBench answers (issue 22, item 6), arena-style: two targets' answers to one script, the
// order drawn, identities hidden. The ballot travels as an encrypted token (AES-GCM with the server secret), so the
// browser learns nothing of who wrote which answer and cannot change the pair it votes on. Only pairs open for votes
// are drawn, and who wrote them is not told after the vote either: the same answers are still put to others' votes (and
// to this voter's, in other pairs) until voting closes (lib/db/simulbench/blind.ts); the evaluation's page names them
// then.
import 'server-only';
import { randomInt } from 'node:crypto';
import type { Db } from '../client';
import { UserError } from '../../errors';
import { decryptSecret, encryptSecret } from '../../secrets';
import { votesCloseAt } from '../../simulbench/voting';
import { drawOpenPair, isPairOpen } from './blind';
import type { PairOutcome } from '../../simulbench/tables';
import type { ChatTurn } from '../../simulbench/types';

interface BallotData {
  /** Tournament, script, the pair in id order, whose answer is shown first, the voter. */
  t: string;
  s: string;
  a: string;
  b: string;
  f: string;
  v: string;
}

export interface Ballot {
  token: string;
  evaluationName: string;
  taskName: string;
  taskDescription: string;
  history: ChatTurn[];
  /** The answers as shown: first is "A", second is "B". */
  first: string;
  second: string;
}

/** A pair open for votes this voter has not voted on yet (in one evaluation, or any), order drawn; null when none is left. */
export async function drawBallot(db: Db, voter: string, tournamentId?: string): Promise<Ballot | null> {
  const open = await drawOpenPair(db, voter, tournamentId);
  if (!open) return null;
  const pick = { t: open.tournamentId, s: open.scriptId, a: open.agentA, b: open.agentB };
  const [script, answers, tournament] = await Promise.all([
    db.simulScript.findUnique({ where: { id: pick.s } }),
    db.simulAnswer.findMany({ where: { tournamentId: pick.t, scriptId: pick.s, agentId: { in: [pick.a, pick.b] } } }),
    db.tournament.findUnique({ where: { id: pick.t }, select: { name: true } }),
  ]);
  if (!script || answers.length !== 2) return null;
  const f = randomInt(2) === 0 ? pick.a : pick.b;
  const text = (agent: string) => answers.find((x) => x.agentId === agent)!.text ?? '';
  const task = script.task as { name?: string; description?: string };
  const data: BallotData = { t: pick.t, s: pick.s, a: pick.a, b: pick.b, f, v: voter };
  return {
    token: encryptSecret(JSON.stringify(data)),
    evaluationName: tournament?.name ?? '',
    taskName: task.name ?? script.taskId,
    taskDescription: task.description ?? '',
    history: script.history as unknown as ChatTurn[],
    first: text(f),
    second: text(f === pick.a ? pick.b : pick.a),
  };
}

/**
 * What the voter learns once they have voted: that it is recorded, and where and when the answers are named. Not who
 * wrote them, nor the judge's view of them (with the evaluation's tables, that could name them): both answers are still
 * put to others' votes, and with three targets or more they come back in this voter's other pairs.
 */
export interface VoteReceipt {
  /** The voter's choice as shown: the first answer, the second, or a tie. */
  choice: 'first' | 'second' | 'tie';
  /** The evaluation, whose page names the answers once its voting closes. */
  evaluationId: string;
  /** When its voting closes (ISO); null while it runs (then VOTING_DAYS after it ends). */
  closesAt: string | null;
}

/** Records a vote ('first' / 'second' as shown, or 'tie') while its pair is open for votes. */
export async function castVote(
  db: Db,
  token: string,
  shown: 'first' | 'second' | 'tie',
  voter: string,
): Promise<VoteReceipt> {
  let data: BallotData;
  try {
    data = JSON.parse(decryptSecret(token)) as BallotData;
  } catch {
    throw new UserError(
      'this ballot cannot be read (the server was restarted with another secret, or it was altered): vote on the next pair',
    );
  }
  if (data.v !== voter) throw new UserError('this ballot was drawn for someone else: vote on the next pair');
  const second = data.f === data.a ? data.b : data.a;
  if (!(await isPairOpen(db, { tournamentId: data.t, scriptId: data.s, agentA: data.a, agentB: data.b }))) {
    const exists = await db.simulScript.count({ where: { id: data.s } });
    throw new UserError(
      exists
        ? 'voting on this pair has closed: its answers are named on the evaluation’s page; vote on the next pair'
        : 'this pair no longer exists (its evaluation was deleted): vote on the next one',
    );
  }
  const choice: PairOutcome = shown === 'tie' ? 'tie' : (shown === 'first' ? data.f : second) === data.a ? 'a' : 'b';
  const inserted = await db.$executeRaw`
    INSERT INTO simul_votes (tournament_id, script_id, agent_a, agent_b, shown_first, choice, voter)
    SELECT ${data.t}, ${data.s}, ${data.a}, ${data.b}, ${data.f}, ${choice}, ${voter}
    WHERE EXISTS (SELECT 1 FROM simul_scripts WHERE id = ${data.s})
    ON CONFLICT (tournament_id, script_id, agent_a, agent_b, voter) DO NOTHING`;
  if (inserted === 0) {
    const exists = await db.simulScript.count({ where: { id: data.s } });
    throw new UserError(
      exists
        ? 'you have already voted on this pair: vote on the next one'
        : 'this pair no longer exists (its evaluation was deleted): vote on the next one',
    );
  }
  const t = await db.tournament.findUnique({ where: { id: data.t }, select: { finishedAt: true } });
  return { choice: shown, evaluationId: data.t, closesAt: votesCloseAt(t?.finishedAt ?? null)?.toISOString() ?? null };
}
