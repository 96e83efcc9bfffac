// SimulBench end to end on real Postgres, pg-boss and the simulated endpoint over HTTP: an evaluation is scheduled like
// a tournament, its dialogues are played by the user agent and the simulator, and after each one the judge extracts the
// scripts, the targets answer them, the judge rates and compares the answers; the tables read what was stored. Then the
// stages' own policies: run again, nothing is asked twice; a target whose provider fails has no answer and no score,
// never a low one; an unreadable judge is sent back the reason, then it is "no score".
import type { PgBoss } from 'pg-boss';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TASKS } from '../../games/simulbench/tasks';
import { createDb, type Db } from '../../lib/db/client';
import { simulbenchResults } from '../../lib/db/simulbench/results';
import { castVote, drawBallot } from '../../lib/db/simulbench/votes';
import { exportScriptSet, importScriptSet, loadScriptSet } from '../../lib/db/simulbench/script-sets';
import { pairOutcome } from '../../lib/simulbench/tables';
import type { ChatTurn, PairVerdict } from '../../lib/simulbench/types';
import { tournamentProgress } from '../../lib/db/tournament-progress';
import { createTestDb, type TestDb } from '../db/test-db';
import { startFaultyEndpoint, type FaultyEndpoint } from '../llm/test-faulty-endpoint';
import { startSimulatedEndpoint, type SimulatedEndpoint } from '../llm/simulated';
import { startQueue, stopQueue } from '../scheduler/queue';
import { createTournament } from '../scheduler/tournaments';
import { startMatchWorker } from '../workers/match-worker';
import { prismaStore } from '../workers/store';
import { processDialogue, type SimulbenchSpec } from './pipeline';

let t: TestDb;
let workerDb: Db;
let boss: PgBoss;
let sim: SimulatedEndpoint;
let down: FaultyEndpoint;
const ids = {} as Record<'user' | 'simulator' | 'judge' | 'careful' | 'sloppy' | 'down' | 'random', string>;

beforeAll(async () => {
  process.env.ARENA_SECRET ??= 'test-secret-test-secret';
  t = await createTestDb();
  workerDb = createDb(t.url, 8);
  boss = await startQueue(t.url);
  sim = await startSimulatedEndpoint({ latencyMs: 0, seed: 'simulbench' });
  // A provider that is down: every request fails with HTTP 500.
  down = await startFaultyEndpoint(() => ({ status: 500 }));
  const p = await t.db.provider.create({
    data: { name: 'sim', baseUrl: sim.url, simulated: true, priceInPer1k: 0.001, priceOutPer1k: 0.002 },
  });
  const d = await t.db.provider.create({ data: { name: 'down', baseUrl: down.url } });
  const llm = (name: string, providerId: string, model: string) =>
    t.db.agent.create({ data: { name, kind: 'llm', providerId, model, scaffold: 'base', simulated: true } });
  ids.user = (await llm('user-agent', p.id, 'sim-careful')).id;
  // The collector runs a model no target runs: a target on the simulator's model is not put to people's votes (its answers
  // are its replies in the dialogues, shown under the simulator's name: lib/db/simulbench/blind.ts).
  ids.simulator = (await llm('collector', p.id, 'sim-random')).id;
  ids.judge = (await llm('judge', p.id, 'sim-careful')).id;
  ids.careful = (await llm('careful', p.id, 'sim-careful')).id;
  ids.sloppy = (await llm('sloppy', p.id, 'sim-sloppy')).id;
  ids.down = (await llm('down', d.id, 'gpt-x')).id;
  ids.random = (await t.db.agent.create({ data: { name: 'random', kind: 'random' } })).id;
  await startMatchWorker(boss, workerDb, { concurrency: 4 });
});
afterAll(async () => {
  if (boss) await stopQueue(boss);
  await workerDb?.$disconnect();
  await sim?.close();
  await down?.close();
  await t?.drop();
});

const spec = (over: Partial<SimulbenchSpec> = {}) => ({
  format: 'simulbench',
  name: 'sb',
  agentIds: [ids.careful, ids.sloppy],
  userAgentId: ids.user,
  simulatorId: ids.simulator,
  judgeId: ids.judge,
  taskIds: [TASKS[0]!.id, TASKS.find((x) => x.kind !== TASKS[0]!.kind)!.id],
  dialoguesPerTask: 1,
  turns: 2,
  seed: 'sb-1',
  ...over,
});

async function ended(id: string) {
  await expect
    .poll(
      async () => {
        const [p] = await tournamentProgress(t.db, [id]);
        return p!.status;
      },
      { timeout: 60_000, interval: 200 },
    )
    .toBe('finished');
}

describe('a SimulBench evaluation', () => {
  it('collects dialogues, extracts scripts, scores and compares every answer, and fills the tables', async () => {
    const { tournament, matches } = await createTournament(t.db, boss, spec());
    expect(matches).toBe(2);
    await ended(tournament.id);
    const dialogues = await t.db.match.findMany({ where: { tournamentId: tournament.id }, include: { seats: true } });
    expect(dialogues.map((m) => m.status)).toEqual(['finished', 'finished']);
    // The user agent in seat 1, the simulator in seat 2; the targets sit in no seat.
    for (const m of dialogues)
      expect(m.seats.sort((a, b) => a.seat - b.seat).map((s) => s.agentId)).toEqual([ids.user, ids.simulator]);

    const scripts = await t.db.simulScript.findMany({ where: { setName: `tournament:${tournament.id}` } });
    expect(scripts.length).toBeGreaterThanOrEqual(2);
    for (const s of scripts) {
      const history = s.history as unknown as ChatTurn[];
      // A script ends with the request the targets answer, and its turn is that request's number.
      expect(history.at(-1)!.role).toBe('user');
      expect(history.filter((h) => h.role === 'user')).toHaveLength(s.turn);
      // The type follows the judge's turn (Sec. 2.4).
      const c = s.judgedTurn;
      if (c === 0 || c === null) expect(s.type).toBe('last-only');
      else expect(s.type).toBe(s.turn === c ? 'first-chan' : 'subseq-chan');
    }
    const answers = await t.db.simulAnswer.findMany({ where: { tournamentId: tournament.id } });
    expect(answers).toHaveLength(scripts.length * 2);
    expect(answers.every((a) => a.text !== null && a.error === null)).toBe(true);
    expect(answers.filter((a) => a.score !== null).every((a) => a.score! >= 1 && a.score! <= 10)).toBe(true);
    expect(answers.filter((a) => a.score !== null).length).toBeGreaterThan(0);
    const comparisons = await t.db.simulComparison.findMany({ where: { tournamentId: tournament.id } });
    expect(comparisons).toHaveLength(scripts.length);
    // The pair is stored once, in id order.
    expect(comparisons.every((c) => c.agentA < c.agentB)).toBe(true);

    // Every stage's calls are on the dialogue matches, without a ply, and count in the spend.
    const calls = await t.db.llmCall.groupBy({
      by: ['purpose'],
      where: { match: { tournamentId: tournament.id } },
      _count: { _all: true },
    });
    const n = (p: string) => calls.find((c) => c.purpose === p)?._count._all ?? 0;
    expect(n('simul-extract')).toBeGreaterThanOrEqual(2);
    expect(n('simul-answer')).toBe(scripts.length * 2);
    expect(n('simul-score')).toBeGreaterThanOrEqual(scripts.length * 2);
    expect(n('simul-compare')).toBeGreaterThanOrEqual(scripts.length * 2);
    expect(
      await t.db.llmCall.count({
        where: { match: { tournamentId: tournament.id }, purpose: { startsWith: 'simul-' }, NOT: { ply: null } },
      }),
    ).toBe(0);

    const r = (await simulbenchResults(t.db, tournament.id, { rounds: 50 }))!;
    expect(r.dialogues).toMatchObject({ total: 2, finished: 2 });
    expect(r.scripts.total).toBe(scripts.length);
    expect(r.table4.map((row) => row.agentId).sort()).toEqual([ids.careful, ids.sloppy].sort());
    expect(r.table4.every((row) => row.answered === scripts.length)).toBe(true);
    // The simulated judge rates what it sees: the careful model's answers (in the task's format) above the sloppy one's.
    const all = (id: string) => r.table4.find((row) => row.agentId === id)!.all.mean;
    expect(all(ids.careful)).toBeGreaterThan(all(ids.sloppy));
    expect(r.table4[0]!.agentId).toBe(ids.careful);
    // Table 1 over every script, and over the Hard ones only, as the paper.
    expect(r.table1All).toHaveLength(1);
    const row = r.table1All[0]!;
    expect(row.win + row.tie + row.lose).toBe(comparisons.filter((c) => c.first && c.second).length);
    const typeOf = new Map(scripts.map((sc) => [sc.id, sc.type]));
    const onHard = comparisons.filter((c) => c.first && c.second && typeOf.get(c.scriptId) !== 'last-only').length;
    expect(r.table1.reduce((n, x) => n + x.win + x.tie + x.lose, 0)).toBe(onHard);
    // A script both targets answered perfectly: counted, and left out of the tables when asked (as the paper did).
    const first = scripts[0]!.id;
    await t.db.simulAnswer.updateMany({ where: { tournamentId: tournament.id, scriptId: first }, data: { score: 10 } });
    const kept = (await simulbenchResults(t.db, tournament.id, { rounds: 20 }))!;
    expect(kept.perfect).toEqual({ scripts: 1, dropped: false });
    expect(kept.table4.every((x) => x.answered === scripts.length)).toBe(true);
    const dropped = (await simulbenchResults(t.db, tournament.id, { rounds: 20, dropPerfect: true }))!;
    expect(dropped.perfect).toEqual({ scripts: kept.perfect.scripts, dropped: true });
    expect(dropped.table4.every((x) => x.answered === scripts.length - kept.perfect.scripts)).toBe(true);
    const judgedOnFirst = comparisons.filter((c) => c.scriptId === first && c.first && c.second).length;
    expect(dropped.table1All[0]?.n ?? 0).toBe(row.n - judgedOnFirst);
    // A decimal rating, as the authors' code reads them, is stored as written.
    await t.db.simulAnswer.updateMany({
      where: { tournamentId: tournament.id, scriptId: first },
      data: { score: 7.5 },
    });
    expect(
      (await t.db.simulAnswer.findFirstOrThrow({ where: { tournamentId: tournament.id, scriptId: first } })).score,
    ).toBe(7.5);
    expect(r.spend.map((s) => s.purpose)).toEqual(
      expect.arrayContaining(['move', 'simul-extract', 'simul-answer', 'simul-score', 'simul-compare']),
    );
    expect(r.spend.find((s) => s.purpose === 'simul-answer')!.costUsd).toBeGreaterThan(0);
    // The user agent's strategies were stored per request (two requests per dialogue: the task, then one more).
    expect(Object.values(r.strategies).reduce((a, b) => a + b, 0)).toBe(2);

    // Run again: nothing is asked twice.
    const before = await t.db.llmCall.count({ where: { match: { tournamentId: tournament.id } } });
    const again = await processDialogue(t.db, dialogues[0]!.id, tournament.id, r.spec);
    expect(again).toMatchObject({ answers: 0, scored: 0, compared: 0 });
    expect(await t.db.llmCall.count({ where: { match: { tournamentId: tournament.id } } })).toBe(before);
  });

  it('people vote blind on two answers; the receipt names no one; each pair once per voter; the page counts agreement', async () => {
    const t0 = (await t.db.tournament.findFirstOrThrow({ where: { name: 'sb' }, orderBy: { createdAt: 'asc' } })).id;
    const ballot = (await drawBallot(t.db, 'voter-1', t0))!;
    expect(ballot.history.at(-1)!.role).toBe('user');
    // Nothing in what the page shows names an agent.
    const shown = JSON.stringify({ ...ballot, token: undefined });
    for (const name of ['careful', 'sloppy']) expect(shown).not.toContain(`"${name}"`);
    expect(ballot.token).not.toContain(ids.careful);
    const receipt = await castVote(t.db, ballot.token, 'first', 'voter-1');
    // Who wrote which is not told while the answers are open for votes (they are in other pairs): the evaluation's page
    // names them once its voting closes.
    expect(receipt).toEqual({ choice: 'first', evaluationId: t0, closesAt: expect.any(String) });
    for (const id of [ids.careful, ids.sloppy, 'careful', 'sloppy']) expect(JSON.stringify(receipt)).not.toContain(id);
    const [vote] = await t.db.simulVote.findMany({ where: { voter: 'voter-1' } });
    // Stored in terms of the pair, not of the order shown.
    const winner = vote!.choice === 'a' ? vote!.agentA : vote!.agentB;
    expect(winner).toBe(vote!.shownFirst);
    await expect(castVote(t.db, ballot.token, 'second', 'voter-1')).rejects.toThrow(/already voted/);
    await expect(castVote(t.db, ballot.token, 'first', 'voter-2')).rejects.toThrow(/someone else/);
    await expect(castVote(t.db, `${ballot.token.slice(0, -4)}AAA=`, 'first', 'voter-1')).rejects.toThrow(
      /cannot be read/,
    );
    // The judge's verdict on the same pair, when it has one.
    const comparison = await t.db.simulComparison.findUnique({
      where: {
        tournamentId_scriptId_agentA_agentB: {
          tournamentId: t0,
          scriptId: vote!.scriptId,
          agentA: vote!.agentA,
          agentB: vote!.agentB,
        },
      },
    });
    const judge = comparison
      ? pairOutcome(comparison.first as PairVerdict | null, comparison.second as PairVerdict | null)
      : null;
    const r = (await simulbenchResults(t.db, t0, { rounds: 20 }))!;
    expect(r.votes.total).toBe(1);
    expect(r.votes.agreement.n).toBe(judge === null ? 0 : 1);
    expect(r.votes.agreement.agree).toBe(judge === vote!.choice ? 1 : 0);
    // A voter who has voted on every pair gets none.
    let left = await drawBallot(t.db, 'voter-1', t0);
    while (left) {
      await castVote(t.db, left.token, 'tie', 'voter-1');
      left = await drawBallot(t.db, 'voter-1', t0);
    }
    expect(await t.db.simulVote.count({ where: { voter: 'voter-1' } })).toBe(
      await t.db.simulComparison.count({ where: { tournamentId: t0 } }),
    );
  });

  it('a later evaluation scores targets on the frozen scripts of an earlier one, or on an imported copy, unchanged', async () => {
    const t0 = (await t.db.tournament.findFirstOrThrow({ where: { name: 'sb' }, orderBy: { createdAt: 'asc' } })).id;
    const original = await loadScriptSet(t.db, `tournament:${t0}`);
    const reuse = await createTournament(t.db, boss, {
      format: 'simulbench',
      name: 'reuse',
      agentIds: [ids.sloppy, ids.careful],
      judgeId: ids.judge,
      scriptSet: `tournament:${t0}`,
      seed: 'sb-reuse',
    });
    // One frozen script a match, with no seats: nothing is collected.
    expect(reuse.matches).toBe(original.length);
    await ended(reuse.tournament.id);
    const matches = await t.db.match.findMany({
      where: { tournamentId: reuse.tournament.id },
      include: { seats: true },
    });
    expect(matches.every((m) => m.status === 'finished' && m.seats.length === 0 && m.numPlayers === 0)).toBe(true);
    expect(
      await t.db.llmCall.count({
        where: { match: { tournamentId: reuse.tournament.id }, purpose: { in: ['move', 'simul-extract'] } },
      }),
    ).toBe(0);
    // Every target answered exactly the original scripts (the same rows, so the same histories).
    const answers = await t.db.simulAnswer.findMany({ where: { tournamentId: reuse.tournament.id } });
    expect(new Set(answers.map((a) => a.scriptId))).toEqual(new Set(original.map((x) => x.id)));
    expect(answers).toHaveLength(original.length * 2);
    const r = (await simulbenchResults(t.db, reuse.tournament.id, { rounds: 20 }))!;
    expect(r.scripts.total).toBe(original.length);
    expect(r.table4).toHaveLength(2);

    // Exported and imported again (as another arena would): the same histories, scored by a third evaluation.
    const file = await exportScriptSet(t.db, `tournament:${t0}`, 'sb');
    const imported = await importScriptSet(t.db, 'copy-1', JSON.stringify(file));
    expect(imported).toEqual({ setName: 'import:copy-1', scripts: original.length });
    const copy = await loadScriptSet(t.db, 'import:copy-1');
    // (Compared by key: the copy's rows were all written at once, the original's as each dialogue ended.)
    const byKey = (xs: typeof original) =>
      xs
        .map((x) => [x.key, x.type, x.turn, x.history, x.task])
        .sort((a, b) => String(a[0]).localeCompare(String(b[0])));
    expect(byKey(copy)).toEqual(byKey(original));
    await expect(importScriptSet(t.db, 'copy-1', JSON.stringify(file))).rejects.toThrow(/exists already/);
    await expect(importScriptSet(t.db, 'Bad Name', JSON.stringify(file))).rejects.toThrow(/lowercase letters/);
    await expect(importScriptSet(t.db, 'copy-2', JSON.stringify({ ...file, scripts: [] }))).rejects.toThrow(
      /holds no script/,
    );
    expect(await t.db.simulScript.count({ where: { setName: 'import:copy-2' } })).toBe(0);
    const third = await createTournament(t.db, boss, {
      format: 'simulbench',
      name: 'copy',
      agentIds: [ids.careful],
      judgeId: ids.judge,
      scriptSet: 'import:copy-1',
      seed: 'sb-copy',
    });
    await ended(third.tournament.id);
    expect(
      await t.db.simulAnswer.count({ where: { tournamentId: third.tournament.id, score: { not: null } } }),
    ).toBeGreaterThan(0);

    // A set that does not exist, or a set with tasks or collectors, is refused.
    await expect(
      createTournament(t.db, boss, {
        format: 'simulbench',
        name: 'x',
        agentIds: [ids.careful],
        judgeId: ids.judge,
        scriptSet: 'import:nope',
      }),
    ).rejects.toThrow(/no script set "import:nope"/);
    await expect(createTournament(t.db, boss, { ...spec(), scriptSet: `tournament:${t0}` })).rejects.toThrow(
      /not both/,
    );
  });

  it('refuses roles that cannot write text, unknown tasks, and both task lists at once', async () => {
    await expect(createTournament(t.db, boss, spec({ agentIds: [ids.careful, ids.random] }))).rejects.toThrow(
      /random: every SimulBench role .* must be an LLM agent/,
    );
    await expect(createTournament(t.db, boss, spec({ taskIds: ['no-such-task'] }))).rejects.toThrow(
      /no shipped SimulBench task "no-such-task"/,
    );
    await expect(createTournament(t.db, boss, spec({ tasks: [TASKS[0]!] }))).rejects.toThrow(/not both/);
    await expect(createTournament(t.db, boss, { ...spec(), judgeId: undefined })).rejects.toThrow(
      /judge: is required/i,
    );
  });

  it('a target whose provider fails has no answer and no score, and is compared with no one', async () => {
    const { tournament } = await createTournament(
      t.db,
      boss,
      spec({ agentIds: [ids.careful, ids.down], taskIds: [TASKS[0]!.id], seed: 'sb-down' }),
    );
    await ended(tournament.id);
    const answers = await t.db.simulAnswer.findMany({ where: { tournamentId: tournament.id } });
    const failed = answers.filter((a) => a.agentId === ids.down);
    expect(failed.length).toBeGreaterThan(0);
    expect(failed.every((a) => a.text === null && a.score === null && /provider failed/.test(a.error ?? ''))).toBe(
      true,
    );
    expect(await t.db.simulComparison.count({ where: { tournamentId: tournament.id } })).toBe(0);
    const r = (await simulbenchResults(t.db, tournament.id, { rounds: 20 }))!;
    expect(r.answers.failed).toBe(failed.length);
    // The failed answers are not in the table: the down target has no row at all.
    expect(r.table4.map((x) => x.agentId)).toEqual([ids.careful]);
  });

  it('an unreadable judge is corrected with the reason, then leaves "no score"', async () => {
    // A judge that always answers prose: the extraction falls back to LastOnly, every rating is "no score".
    const prose = await startFaultyEndpoint(() => ({ content: 'I think the answer is quite good overall.' }));
    try {
      const pp = await t.db.provider.create({ data: { name: 'prose', baseUrl: prose.url } });
      const judge = await t.db.agent.create({
        data: { name: 'prose-judge', kind: 'llm', providerId: pp.id, model: 'x', scaffold: 'base' },
      });
      // A dialogue of the first evaluation (a match of a later one that reuses its scripts answers a frozen script:
      // nothing to extract, and Postgres may return either first when the query does not say which).
      const t0 = (await t.db.tournament.findFirstOrThrow({ where: { name: 'sb' }, orderBy: { createdAt: 'asc' } })).id;
      const m = await t.db.match.findFirstOrThrow({
        where: { status: 'finished', gameId: 'simulbench', tournamentId: t0 },
        orderBy: { createdAt: 'asc' },
      });
      const tn = await t.db.tournament.create({
        data: { name: 'prose', config: { ...spec(), judgeId: judge.id } as object },
      });
      const s = await processDialogue(
        t.db,
        m.id,
        tn.id,
        {
          ...(spec() as SimulbenchSpec),
          judgeId: judge.id,
          pairwise: true,
          targetSampling: { temperature: 0, maxTokens: 1024 },
        },
        prismaStore(t.db),
      );
      expect(s.scripts).toBe(1);
      const [script] = await t.db.simulScript.findMany({ where: { setName: `tournament:${tn.id}` } });
      expect(script).toMatchObject({ type: 'last-only', judgedTurn: null });
      expect(script!.judgeError).toMatch(/Turn: \[\[/);
      const answers = await t.db.simulAnswer.findMany({ where: { tournamentId: tn.id } });
      expect(answers.every((a) => a.text !== null && a.score === null && /Rating: \[\[/.test(a.judgeError ?? ''))).toBe(
        true,
      );
      // Three tries each: the first answer and two corrections carrying the reason.
      const scoreCalls = await t.db.llmCall.findMany({
        where: { matchId: m.id, agentId: judge.id, purpose: 'simul-score' },
        orderBy: { id: 'asc' },
      });
      expect(scoreCalls).toHaveLength(answers.length * 3);
      const last = scoreCalls.at(-1)!.messages as { role: string; content: string }[];
      expect(last.at(-1)!.content).toMatch(/could not be read/);
    } finally {
      await prose.close();
    }
  });
});
