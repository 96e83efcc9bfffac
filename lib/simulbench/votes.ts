// People's blind votes on SimulBench answers (issue 22, item 6), arena-style: two targets' answers to one script, the
// order drawn, identities hidden until the vote. The ballot travels as an encrypted token (AES-GCM with the server
// secret), so the browser learns nothing of who wrote which answer and cannot change the pair it votes on.
import { randomInt } from 'node:crypto';
import type { Db } from '../db';
import { UserError } from '../errors';
import { decryptSecret, encryptSecret } from '../secrets';
import { pairOutcome, type PairOutcome } from './tables';
import type { ChatTurn, PairVerdict } from './types';

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

/** A pair this voter has not voted on yet (in one evaluation, or any), order drawn; null when none is left. */
export async function drawBallot(db: Db, voter: string, tournamentId?: string): Promise<Ballot | null> {
  const rows = await db.$queryRaw<{ t: string; s: string; a: string; b: string }[]>`
    SELECT x.tournament_id AS t, x.script_id AS s, x.agent_id AS a, y.agent_id AS b
    FROM simul_answers x
    JOIN simul_answers y ON y.tournament_id = x.tournament_id AND y.script_id = x.script_id AND x.agent_id < y.agent_id
    WHERE x.text IS NOT NULL AND y.text IS NOT NULL AND (${tournamentId ?? null}::text IS NULL OR x.tournament_id = ${tournamentId ?? null})
      AND NOT EXISTS (SELECT 1 FROM simul_votes v WHERE v.tournament_id = x.tournament_id AND v.script_id = x.script_id
                      AND v.agent_a = x.agent_id AND v.agent_b = y.agent_id AND v.voter = ${voter})
    ORDER BY random() LIMIT 1`;
  const pick = rows[0];
  if (!pick) return null;
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

/** What the voter learns once they have voted: who wrote which answer, and what the judge said. */
export interface Reveal {
  first: { name: string; score: number | null };
  second: { name: string; score: number | null };
  /** The voter's choice as shown: the first answer, the second, or a tie. */
  choice: 'first' | 'second' | 'tie';
  /** The judge's verdict on the same pair (both orders, the paper's rule), as shown; null when it has none. */
  judge: 'first' | 'second' | 'tie' | null;
}

/** Records a vote ('first' / 'second' as shown, or 'tie') and reveals the pair. */
export async function castVote(db: Db, token: string, shown: 'first' | 'second' | 'tie', voter: string): Promise<Reveal> {
  let data: BallotData;
  try {
    data = JSON.parse(decryptSecret(token)) as BallotData;
  } catch {
    throw new UserError('this ballot cannot be read (the server was restarted with another secret, or it was altered): vote on the next pair');
  }
  if (data.v !== voter) throw new UserError('this ballot was drawn for someone else: vote on the next pair');
  const second = data.f === data.a ? data.b : data.a;
  const choice: PairOutcome = shown === 'tie' ? 'tie' : (shown === 'first' ? data.f : second) === data.a ? 'a' : 'b';
  const inserted = await db.$executeRaw`
    INSERT INTO simul_votes (tournament_id, script_id, agent_a, agent_b, shown_first, choice, voter)
    SELECT ${data.t}, ${data.s}, ${data.a}, ${data.b}, ${data.f}, ${choice}, ${voter}
    WHERE EXISTS (SELECT 1 FROM simul_scripts WHERE id = ${data.s})
    ON CONFLICT (tournament_id, script_id, agent_a, agent_b, voter) DO NOTHING`;
  if (inserted === 0) {
    const exists = await db.simulScript.count({ where: { id: data.s } });
    throw new UserError(exists ? 'you have already voted on this pair: vote on the next one' : 'this pair no longer exists (its evaluation was deleted): vote on the next one');
  }
  const [agents, answers, comparison] = await Promise.all([
    db.agent.findMany({ where: { id: { in: [data.a, data.b] } }, select: { id: true, name: true } }),
    db.simulAnswer.findMany({ where: { tournamentId: data.t, scriptId: data.s, agentId: { in: [data.a, data.b] } }, select: { agentId: true, score: true } }),
    db.simulComparison.findUnique({ where: { tournamentId_scriptId_agentA_agentB: { tournamentId: data.t, scriptId: data.s, agentA: data.a, agentB: data.b } } }),
  ]);
  const who = (id: string) => ({ name: agents.find((x) => x.id === id)?.name ?? id, score: answers.find((x) => x.agentId === id)?.score ?? null });
  const judged = comparison ? pairOutcome(comparison.first as PairVerdict | null, comparison.second as PairVerdict | null) : null;
  const asShown = (o: PairOutcome | null) => (o === null ? null : o === 'tie' ? 'tie' : (o === 'a' ? data.a : data.b) === data.f ? 'first' : 'second');
  return { first: who(data.f), second: who(second), choice: shown, judge: asShown(judged) };
}
