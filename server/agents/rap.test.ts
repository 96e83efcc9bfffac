// The RAP scaffold through the real openai client, over HTTP, against the simulated endpoint (which answers every
// planning question, with log-probabilities when asked), and against a provider without log-probabilities: every
// search call is recorded with its purpose and cost, the move is legal, the tree is complete; a whole match is played.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { getGame } from '../../games/registry';
import { createRng } from '../../lib/engine/rng';
import { currentDeal, initialState } from '../../lib/engine/replay';
import { clientFor } from '../llm/clients';
import { startSimulatedEndpoint } from '../llm/simulated';
import { startFaultyEndpoint } from '../llm/test-faulty-endpoint';
import { createTestDb } from '../db/test-db';
import { runMatch } from '../workers/run-match';
import { prismaStore } from '../workers/store';
import { createAgent } from '.';
import { rapAgent } from './rap';
import type { TurnContext } from './types';

const game = getGame('tictactoe')!;
let sim: Awaited<ReturnType<typeof startSimulatedEndpoint>>;
beforeAll(async () => {
  sim = await startSimulatedEndpoint({ seed: 'rap-test' });
});
afterAll(async () => {
  await sim?.close();
});

function turn(seed = 'seed'): TurnContext {
  const state = initialState(game, {}, currentDeal(seed), 2);
  return {
    game,
    config: {},
    matchId: 'm',
    numPlayers: 2,
    seat: 0,
    ply: 0,
    attempt: 0,
    view: game.view(state, { seat: 0 }),
    legal: game.legalActions(state, 0),
    rejections: [],
    rng: createRng(`${seed}:agent`),
    signal: new AbortController().signal,
  };
}

const prices = { priceInPer1k: 0.01, priceOutPer1k: 0.03, modelPrices: null };

describe('the RAP agent', () => {
  it('searches with the simulated endpoint: expand, simulate and evaluate calls, each costed; a legal move; the tree', async () => {
    const client = clientFor({ id: 'rap-sim', baseUrl: sim.url, apiKeyEnc: null });
    const agent = rapAgent({
      client,
      model: 'sim-careful',
      scaffold: 'rap',
      prices,
      rap: { iterations: 4, depth: 2, candidates: 3 },
    });
    const ctx = turn();
    const ans = await agent.act(ctx);
    expect(ans.ok).toBe(true);
    if (!ans.ok) return;
    expect(ctx.legal).toContainEqual(ans.action);
    const purposes = new Set(ans.searchCalls!.map((c) => c.purpose));
    expect(purposes).toEqual(new Set(['rap-expand', 'rap-simulate', 'rap-evaluate']));
    for (const c of ans.searchCalls!) {
      expect(c.error).toBeNull();
      expect(c.costUsd).toBeGreaterThan(0);
    }
    const tree = ans.search!.tree;
    expect(tree.visits).toBe(4);
    expect(tree.children).toHaveLength(3);
    expect(tree.children.reduce((n, c) => n + c.visits, 0)).toBe(4);
    // The simulated endpoint gave log-probabilities: intuitions are spread over the actions, not all on one.
    expect(tree.children.filter((c) => c.intuition > 0 && c.intuition < 1).length).toBeGreaterThan(1);
    expect(tree.children.some((c) => c.state?.includes('(Predicted: after'))).toBe(true);
    // The simulated model predicts actions in its predicted states: the search reaches the depth limit.
    expect(tree.children.some((c) => c.children.some((g) => g.state !== null))).toBe(true);
    expect(ans.search!.total).not.toBeNull();
    expect(ans.search!.chosenAction).toBe(game.prompt.format(ans.action, 0));
    expect(ans.text).toMatch(
      /^Planned with RAP: 4 iterations, depth 2, 3 candidates per node; \d+ model calls \(\d+ expand, \d+ simulate, \d+ evaluate\)\./,
    );
    expect(ans.text!.split('\n').at(-1)).toBe(game.prompt.format(ans.action, 0));
  });

  it('reads scores from the text where the provider gives no log-probabilities', async () => {
    const ep = await startFaultyEndpoint((_i, body) => {
      const text = (body as { messages: { content: string }[] }).messages.at(-1)!.content;
      if (text.includes('Choose an action by writing only its number.')) return { content: '2' };
      if (text.includes('Is this a good action?'))
        return { content: text.includes('Your action: X: (1,1)') ? 'yes 9' : 'no 2' };
      if (text.includes('Will you eventually win')) return { content: 'yes 6' };
      if (text.includes('<others>')) return { content: '<others>O replies.</others>' };
      if (text.includes('predict your new observation')) return { content: '<state>a board</state>' };
      return { content: '<actions>\nX: (1,1)\n</actions>' };
    });
    try {
      const client = clientFor({ id: 'rap-plain', baseUrl: ep.url, apiKeyEnc: null });
      const agent = rapAgent({ client, model: 'm', scaffold: 'rap', rap: { iterations: 3, depth: 1, candidates: 9 } });
      const ans = await agent.act(turn());
      expect(ans.ok).toBe(true);
      if (!ans.ok) return;
      const children = ans.search!.tree.children;
      // Intuition all on the number written (the third action), self-evaluations from "yes 9" / "no 2".
      expect(children.find((c) => c.intuition === 1)!.action).toBe(game.prompt.format(ctxLegal()[2]!, 0));
      expect(children.find((c) => c.action === 'X: (1,1)')!.selfEval).toBeCloseTo(0.9, 12);
      expect(children.filter((c) => c.action !== 'X: (1,1)').every((c) => Math.abs(c.selfEval - 0.2) < 1e-12)).toBe(
        true,
      );
    } finally {
      await ep.close();
    }
  });
});

describe('a match with a RAP agent', () => {
  it('plays to the end against Random: every search call stored with its purpose, every move of RAP with its tree', async () => {
    const t = await createTestDb();
    try {
      const p = await t.db.provider.create({
        data: {
          name: 'Sim',
          baseUrl: sim.url,
          models: ['sim-careful'],
          simulated: true,
          priceInPer1k: 0.001,
          priceOutPer1k: 0.002,
        },
      });
      const rap = await t.db.agent.create({
        data: {
          name: 'Planner',
          kind: 'llm',
          providerId: p.id,
          model: 'sim-careful',
          scaffold: 'rap',
          promptVersion: 'v2',
          settings: { rap: { iterations: 2, candidates: 2 } },
          simulated: true,
        },
      });
      const random = await t.db.agent.create({ data: { name: 'Random', kind: 'random' } });
      const m = await t.db.match.create({
        data: {
          gameId: 'tictactoe',
          seed: 'rap-match',
          numPlayers: 2,
          seats: {
            create: [
              { seat: 0, agentId: rap.id },
              { seat: 1, agentId: random.id },
            ],
          },
        },
      });
      await runMatch(m.id, { store: prismaStore(t.db), createAgent });
      expect((await t.db.match.findUniqueOrThrow({ where: { id: m.id } })).status).toBe('finished');
      const calls = await t.db.llmCall.groupBy({
        by: ['purpose'],
        where: { matchId: m.id },
        _count: true,
        _sum: { costUsd: true },
      });
      expect(new Set(calls.map((c) => c.purpose))).toEqual(new Set(['rap-expand', 'rap-simulate', 'rap-evaluate']));
      for (const c of calls) expect(c._sum.costUsd).toBeGreaterThan(0);
      const replies = await t.db.matchEvent.findMany({
        where: { matchId: m.id, kind: 'reply' },
        orderBy: { seq: 'asc' },
      });
      const moves = await t.db.matchEvent.count({ where: { matchId: m.id, kind: 'move', seat: 0 } });
      expect(replies.length).toBe(moves);
      // Every move with a choice was searched (the last empty square needs none).
      type Traced = { trace?: { scaffold: string; data: { tree: { visits: number } } } };
      const searched = replies.filter((r) => (r.payload as Traced).trace?.scaffold === 'rap');
      expect(searched.length).toBeGreaterThanOrEqual(moves - 1);
      expect((searched[0]!.payload as Traced).trace!.data.tree.visits).toBe(2);
      const seat = await t.db.seat.findFirstOrThrow({ where: { matchId: m.id, seat: 0 } });
      expect(seat.illegalCount).toBe(0);
    } finally {
      await t.drop();
    }
  });
});

function ctxLegal() {
  return turn().legal!;
}
