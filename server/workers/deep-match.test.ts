// DEEP end to end in the runner: a simulated describer and simulated judges over HTTP; no prompt a judge receives
// says which word is the target or which kind of description it reads; the stored match replays to its result and the
// analysis reads it back; the simulated judge scores clear descriptions higher on the target than vague ones.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAgent } from '../agents';
import { createTestDb, type TestDb } from '../db/test-db';
import { startSimulatedEndpoint } from '../llm/simulated';
import { runMatch } from './run-match';
import { prismaStore } from './store';
import type { DeepAction, DeepState } from '../../games/deep/types';
import { deep } from '../../games/deep';
import { currentDeal, replayStates } from '../../lib/engine/replay';
import { analyseDeep } from '../../games/deep/analysis';
import { CURRENT_GENERATOR } from '../../lib/engine/rng';

let t: TestDb;
let sim: Awaited<ReturnType<typeof startSimulatedEndpoint>>;

beforeAll(async () => {
  process.env.ARENA_SECRET ??= 'test-secret-test-secret';
  t = await createTestDb();
  sim = await startSimulatedEndpoint({ port: 0, seed: 'deep-tests', latencyMs: 0 });
});
afterAll(async () => {
  await sim?.close();
  await t?.drop();
});

const suffix = () => Math.random().toString(36).slice(2, 8);

async function llm(model: string, scaffold: string) {
  const p = await t.db.provider.create({
    data: { name: `p-${suffix()}`, baseUrl: sim.url, models: [model], simulated: true },
  });
  return t.db.agent.create({
    data: { name: `${model}-${suffix()}`, kind: 'llm', providerId: p.id, model, scaffold, simulated: true },
  });
}

async function deepMatch(agentIds: string[], config: object, seed: string) {
  return t.db.match.create({
    data: {
      gameId: 'deep',
      seed,
      config,
      numPlayers: agentIds.length,
      seats: { create: agentIds.map((agentId, seat) => ({ seat, agentId })) },
    },
  });
}

async function movesOf(matchId: string) {
  const ev = await t.db.matchEvent.findMany({ where: { matchId, kind: 'move' }, orderBy: { seq: 'asc' } });
  return ev.map((e) => ({ seat: e.seat!, ...(e.payload as { ply: number; action: DeepAction; forfeited?: boolean }) }));
}

describe('DEEP in the runner', () => {
  it('a simulated describer and two simulated judges finish a match; judges are never told the target or the mode', async () => {
    const describer = await llm('sim-careful', 'cot');
    const judgeA = await llm('sim-careful', 'base');
    const judgeB = await llm('sim-sloppy', 'base');
    const records = [];
    for (const seed of ['deep-1', 'deep-2']) {
      const m = await deepMatch(
        [describer.id, judgeA.id, judgeB.id],
        { words: 3, lang: seed === 'deep-1' ? 'en' : 'zh' },
        seed,
      );
      const result = await runMatch(m.id, { store: prismaStore(t.db), createAgent });
      expect(result.status).toBe('finished');
      const moves = await movesOf(m.id);
      const end = replayStates(deep, m.config, currentDeal(m.seed), 3, moves).at(-1) as DeepState;
      expect(end.phase).toBe('over');
      expect(moves.filter((x) => x.seat === 0 && !x.forfeited)).toHaveLength(6);
      // Both judges scored every description the describer gave.
      for (const it of end.items)
        for (const mode of ['aggressive', 'conservative'] as const)
          if (it[mode] !== null) expect(it.scores[mode]).toHaveLength(2);

      const calls = await t.db.llmCall.findMany({ where: { matchId: m.id } });
      for (const c of calls.filter((x) => x.seat !== 0)) {
        const messages = c.messages as { role: string; content: string }[];
        const text = messages.map((x) => x.content).join('\n');
        expect(text).not.toMatch(/target word|aggressive|conservative|candidates/i);
        for (const it of end.items) expect(text).not.toContain(`“${it.target}”`);
      }
      // The describer is told its target and never shown a distractor.
      for (const c of calls.filter((x) => x.seat === 0)) {
        const text = (c.messages as { role: string; content: string }[])
          .filter((x) => x.role === 'user')
          .map((x) => x.content)
          .join('\n');
        const target = /^Target word: (.+)$/m.exec(text)![1]!;
        const item = end.items.find((i) => i.target === target)!;
        for (const d of item.words.slice(1))
          expect(text).not.toMatch(new RegExp(`(^|[^\\p{L}])${d}([^\\p{L}]|$)`, 'u'));
      }
      records.push({
        id: m.id,
        config: m.config,
        seed: m.seed,
        generator: CURRENT_GENERATOR,
        numPlayers: 3,
        seats: [describer, judgeA, judgeB].map((a, seat) => ({ seat, agentId: a.id, agentName: a.name, kind: a.kind })),
        moves,
      });
    }
    const r = analyseDeep(records);
    expect(r.matches).toBe(2);
    const careful = r.rows.find((x) => x.judgeId === judgeA.id)!;
    // The simulated judge reads the lexicon's clues: a clear description fits its target better than a vague one.
    expect(careful.aggressiveTarget.mean).toBeGreaterThan(careful.conservativeTarget.mean);
    expect(careful.aggressiveTarget.mean).toBeGreaterThan(careful.aggressiveDistractor.mean);
    expect(r.agreement).toHaveLength(1);
    expect(r.agreement[0]!.descriptions).toBeGreaterThanOrEqual(10);
  });

  it('a baseline describer gives no description and the match ends with nothing to score, recorded as forfeited', async () => {
    const random = await t.db.agent.create({ data: { name: `random-${suffix()}`, kind: 'random' } });
    const judge = await llm('sim-careful', 'base');
    const m = await deepMatch([random.id, judge.id], { words: 1 }, 'deep-silent');
    const result = await runMatch(m.id, { store: prismaStore(t.db), createAgent });
    expect(result.status).toBe('finished');
    const moves = await movesOf(m.id);
    expect(moves.map((x) => [x.seat, x.action.type, x.forfeited])).toEqual([
      [0, 'pass', true],
      [0, 'pass', true],
    ]);
  });
});
