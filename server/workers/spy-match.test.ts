// Who is the spy end to end in the runner: simulated models over HTTP describe, answer the probes and vote; no
// prompt a player receives names the other word or a role; ablation switches change the prompt; baselines stay silent.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAgent } from '../agents';
import { createTestDb, type TestDb } from '../db/test-db';
import { startSimulatedEndpoint } from '../llm/simulated';
import { runMatch } from './run-match';
import { prismaStore } from './store';
import type { SpyAction, SpyState } from '../../games/spy/types';
import { wordIn } from '../../games/spy/rules';
import { getGame } from '../../games/registry';
import { currentDeal, replayStates } from '../../lib/engine/replay';
import { judgeMatch } from '../agents/judge';

let t: TestDb;
let sim: Awaited<ReturnType<typeof startSimulatedEndpoint>>;

beforeAll(async () => {
  process.env.ARENA_SECRET ??= 'test-secret-test-secret';
  t = await createTestDb();
  sim = await startSimulatedEndpoint({ port: 0, seed: 'spy-tests', latencyMs: 0 });
});
afterAll(async () => {
  await sim?.close();
  await t?.drop();
});

const suffix = () => Math.random().toString(36).slice(2, 8);

async function llm(model: string, scaffold: string, settings: object = {}) {
  const p = await t.db.provider.create({
    data: { name: `p-${suffix()}`, baseUrl: sim.url, models: [model], simulated: true },
  });
  return t.db.agent.create({
    data: { name: `${model}-${suffix()}`, kind: 'llm', providerId: p.id, model, scaffold, settings, simulated: true },
  });
}

async function spyMatch(agentIds: string[], config: object, seed: string) {
  return t.db.match.create({
    data: {
      gameId: 'spy',
      seed,
      config,
      numPlayers: agentIds.length,
      seats: { create: agentIds.map((agentId, seat) => ({ seat, agentId })) },
    },
  });
}

async function movesOf(matchId: string) {
  const ev = await t.db.matchEvent.findMany({ where: { matchId, kind: 'move' }, orderBy: { seq: 'asc' } });
  return ev.map((e) => ({
    seat: e.seat!,
    ...(e.payload as { ply: number; action: SpyAction; forfeited?: boolean; reason?: string }),
  }));
}

describe('Who is the spy in the runner', () => {
  it('simulated models play a whole match; no player is ever shown the other word or told its role', async () => {
    const host = await llm('sim-careful', 'cot');
    const guest = await llm('sim-sloppy', 'base');
    for (const seed of ['spy-1', 'spy-2', 'spy-3']) {
      const m = await spyMatch([host.id, host.id, guest.id, host.id], { pairId: 'moon-sun', spySeats: [2] }, seed);
      const result = await runMatch(m.id, { store: prismaStore(t.db), createAgent });
      expect(result.status).toBe('finished');
      const moves = await movesOf(m.id);
      const described = moves.filter((x) => x.action.type === 'describe');
      expect(described.length).toBeGreaterThanOrEqual(4);
      expect(moves.filter((x) => x.action.type === 'probe')).toHaveLength(4);
      expect(moves.some((x) => x.action.type === 'vote')).toBe(true);
      // The final state agrees with the stored result.
      const game = getGame('spy')!;
      const states = replayStates(game, m.config, currentDeal(m.seed), 4, moves);
      const end = states.at(-1) as SpyState;
      expect(end.phase).toBe('over');
      expect(end.words[2]).not.toBe(end.words[0]);
      const row = await t.db.match.findUniqueOrThrow({
        where: { id: m.id },
        include: { seats: { orderBy: { seat: 'asc' } } },
      });
      expect(row.seats.map((s) => s.score)).toEqual(game.outcome(end)!.scores);
      // The end event says the result plainly for the pages: the winning side.
      const endEvent = await t.db.matchEvent.findFirstOrThrow({ where: { matchId: m.id, kind: 'end' } });
      expect((endEvent.payload as { summary?: string }).summary).toBe(game.outcome(end)!.summary);
      expect(['Villagers win', 'The spy wins']).toContain((endEvent.payload as { summary?: string }).summary);

      // Every prompt a seat was sent: its own word only, never the other one (unless a player said it aloud), never its role.
      const calls = await t.db.llmCall.findMany({ where: { matchId: m.id } });
      expect(calls.length).toBeGreaterThan(10);
      const spoken = end.descriptions.some((d) => wordIn(d.text, 'moon') || wordIn(d.text, 'sun'));
      for (const c of calls) {
        const messages = c.messages as { role: string; content: string }[];
        const text = messages
          .filter((x) => x.role === 'user')
          .map((x) => x.content)
          .join('\n');
        expect(messages[0]!.content, 'the rules name no keyword').not.toMatch(/\b(moon|sun)\b/i);
        const own = end.words[c.seat]!;
        const other = own === 'moon' ? 'sun' : 'moon';
        expect(text).toContain(`Your word: ${own}`);
        if (!spoken)
          expect(wordIn(text.replace(/Your word: \w+/g, ''), other), `seat ${c.seat} was shown "${other}"`).toBeNull();
        expect(text).not.toMatch(/you are (the|a) (spy|villager)|your role is/i);
      }
    }
  });

  it('votes in turn by default (the paper’s Algorithm 1): later voters are shown the earlier votes; sealed voting shows none', async () => {
    const host = await llm('sim-careful', 'cot');
    for (const voting of ['sequential', 'sealed'] as const) {
      const config = { pairId: 'moon-sun', spySeats: [2], probes: false, ...(voting === 'sealed' ? { voting } : {}) };
      const m = await spyMatch([host.id, host.id, host.id, host.id], config, `voting-${voting}`);
      expect((await runMatch(m.id, { store: prismaStore(t.db), createAgent })).status).toBe('finished');
      const moves = await movesOf(m.id);
      const end = replayStates(getGame('spy')!, m.config, currentDeal(m.seed), 4, moves).at(-1) as SpyState;
      expect(end.phase).toBe('over');
      expect(end.voting).toBe(voting);
      const calls = await t.db.llmCall.findMany({ where: { matchId: m.id }, orderBy: { ply: 'asc' } });
      const voteTurns = calls
        .map(
          (c) => (c.messages as { role: string; content: string }[]).filter((x) => x.role === 'user').at(-1)!.content,
        )
        .filter((text) => /^Legal moves:$/m.test(text) && /VOTE:/.test(text));
      expect(voteTurns.length).toBeGreaterThanOrEqual(4);
      const shown = voteTurns.filter((text) => /^Votes cast so far, in order:\n- Player \d → Player \d$/m.test(text));
      if (voting === 'sequential') {
        // Round 1: the first voter is told it votes first, the three after it see one, two and three earlier votes.
        expect(voteTurns[0]).toContain('You are the first to vote.');
        expect(shown.length).toBeGreaterThanOrEqual(3);
        const first = end.rounds[0]!.ballots[0]!.votes;
        expect(voteTurns[3]).toContain(
          `Votes cast so far, in order:\n${first
            .slice(0, 3)
            .map((v) => `- Player ${v.voter + 1} → Player ${v.target + 1}`)
            .join('\n')}\n`,
        );
        expect(first.map((v) => v.voter)).toEqual(end.rounds[0]!.order);
      } else {
        expect(shown).toEqual([]);
        expect(voteTurns.every((text) => text.includes('Votes stay sealed until everyone has voted'))).toBe(true);
      }
    }
  });

  it('an agent with ablation switches is not asked for a guess or reasoning', async () => {
    const plain = await llm('sim-careful', 'cot');
    const ablated = await llm('sim-careful', 'cot', { promptSwitches: ['spy:no-word-guessing', 'spy:no-reasoning'] });
    const m = await spyMatch(
      [plain.id, ablated.id, plain.id, plain.id],
      { pairId: 'moon-sun', spySeats: [0], probes: false },
      'ablate',
    );
    expect((await runMatch(m.id, { store: prismaStore(t.db), createAgent })).status).toBe('finished');
    const calls = await t.db.llmCall.findMany({ where: { matchId: m.id } });
    const turnOf = (c: (typeof calls)[number]) =>
      (c.messages as { role: string; content: string }[]).find((x) => x.role === 'user')!.content;
    const ablatedCalls = calls.filter((c) => c.seat === 1);
    const plainCalls = calls.filter((c) => c.seat !== 1);
    expect(ablatedCalls.length).toBeGreaterThan(0);
    for (const c of ablatedCalls) expect(turnOf(c)).not.toMatch(/^(GUESS|REASONING):/m);
    expect(plainCalls.some((c) => /^GUESS:/m.test(turnOf(c)) && /^REASONING:/m.test(turnOf(c)))).toBe(true);
    // What the models wrote in the private lines reaches the transcript with their descriptions.
    const moves = await movesOf(m.id);
    expect(moves.some((x) => x.seat !== 1 && x.action.type === 'describe' && x.action.reasoning)).toBe(true);
    expect(
      moves.some((x) => x.seat === 1 && x.action.type === 'describe' && (x.action.reasoning || x.action.guess)),
    ).toBe(false);
  });

  it('baselines cannot describe: their turns are recorded as silence, and the match still ends', async () => {
    const rnd = await t.db.agent.create({ data: { name: `random-${suffix()}`, kind: 'random' } });
    const m = await spyMatch([rnd.id, rnd.id, rnd.id, rnd.id], {}, 'silent');
    expect((await runMatch(m.id, { store: prismaStore(t.db), createAgent })).status).toBe('finished');
    const moves = await movesOf(m.id);
    const speaking = moves.filter((x) => x.action.type === 'pass');
    expect(speaking.length).toBeGreaterThanOrEqual(4);
    for (const x of speaking)
      expect(x).toMatchObject({ forfeited: true, reason: expect.stringContaining('cannot write free text') });
    expect(moves.filter((x) => x.action.type === 'vote').length).toBeGreaterThanOrEqual(4);
    expect(await t.db.matchEvent.count({ where: { matchId: m.id, kind: 'illegal' } })).toBe(0);
  });
});

describe('the consistency judge', () => {
  it('scores every description of a finished match against its speaker’s own word, once', async () => {
    const player = await llm('sim-careful', 'base');
    const judge = await llm('sim-careful', 'base');
    const m = await spyMatch(
      [player.id, player.id, player.id, player.id],
      { pairId: 'moon-sun', spySeats: [1] },
      'judged',
    );
    expect((await runMatch(m.id, { store: prismaStore(t.db), createAgent })).status).toBe('finished');
    const moves = await movesOf(m.id);
    const end = replayStates(getGame('spy')!, m.config, currentDeal(m.seed), 4, moves).at(-1) as SpyState;
    const said = end.descriptions.flatMap((d, item) => (d.forfeited ? [] : [{ item, d }]));
    expect(said.length).toBeGreaterThanOrEqual(4);

    expect(await judgeMatch(t.db, m.id, judge.id)).toEqual({ judged: said.length, failed: 0, skipped: false });
    const rows = await t.db.judgment.findMany({ where: { matchId: m.id }, orderBy: { item: 'asc' } });
    expect(rows.map((r) => [r.item, r.seat])).toEqual(said.map(({ item, d }) => [item, d.seat]));
    for (const r of rows) {
      expect(r.score).toBeGreaterThanOrEqual(1);
      expect(r.score).toBeLessThanOrEqual(5);
      expect(r.consistent).toBe(r.score! >= 3);
    }
    // The simulated players describe their own word with its clues: the judge finds them consistent.
    expect(rows.filter((r) => r.consistent).length).toBeGreaterThanOrEqual(said.length - 1);
    // Each call names the speaker's own word and the description, and is recorded as the judge's, at no move.
    const calls = await t.db.llmCall.findMany({ where: { matchId: m.id, purpose: 'judge' } });
    expect(calls).toHaveLength(said.length);
    for (const c of calls) {
      expect(c.ply).toBeNull();
      const user = (c.messages as { role: string; content: string }[]).find((x) => x.role === 'user')!.content;
      expect(user).toContain(`Word: ${end.words[c.seat]}`);
      expect(c.agentId).toBe(judge.id);
    }
    // Asked again, it asks nothing: every verdict is in.
    expect(await judgeMatch(t.db, m.id, judge.id)).toEqual({ judged: 0, failed: 0, skipped: false });
  });

  it('a judge whose replies cannot be read is asked twice more, then the verdict is recorded as missing with the reason', async () => {
    const broken = await startSimulatedEndpoint({ port: 0, seed: 'broken-judge', latencyMs: 0, malformedRate: 1 });
    try {
      const p = await t.db.provider.create({
        data: { name: `p-${suffix()}`, baseUrl: broken.url, models: ['sim-careful'], simulated: true },
      });
      const judge = await t.db.agent.create({
        data: {
          name: `judge-${suffix()}`,
          kind: 'llm',
          providerId: p.id,
          model: 'sim-careful',
          scaffold: 'base',
          simulated: true,
        },
      });
      const player = await llm('sim-careful', 'base');
      const m = await spyMatch(
        [player.id, player.id, player.id, player.id],
        { pairId: 'moon-sun', spySeats: [0], maxRounds: 1 },
        'judged-broken',
      );
      expect((await runMatch(m.id, { store: prismaStore(t.db), createAgent })).status).toBe('finished');
      const r = await judgeMatch(t.db, m.id, judge.id);
      expect(r.judged).toBe(0);
      expect(r.failed).toBeGreaterThanOrEqual(4);
      const rows = await t.db.judgment.findMany({ where: { matchId: m.id } });
      for (const row of rows)
        expect(row).toMatchObject({ score: null, consistent: null, error: expect.stringMatching(/SCORE: <1-5>/) });
      expect(await t.db.llmCall.count({ where: { matchId: m.id, purpose: 'judge', ply: null } })).toBe(3 * r.failed);
      // A baseline cannot judge.
      const rnd = await t.db.agent.create({ data: { name: `random-${suffix()}`, kind: 'random' } });
      await expect(judgeMatch(t.db, m.id, rnd.id)).rejects.toThrow(/is not an LLM agent/);
    } finally {
      await broken.close();
    }
  });
});
