// The turn policy with scripted agents and a writer that only keeps what it is given: an agent that retries by itself
// (GameBench's) has its earlier replies recorded in order, and a `final` answer that is no legal move is followed at
// once by a random legal move, recorded as forfeited with its reason; an ordinary agent is still asked again.
import { describe, expect, it } from 'vitest';
import { getGame } from '../../games/registry';
import { currentDeal, initialState } from '../../lib/engine/replay';
import type { MatchEvent } from '../../lib/engine/events';
import type { Agent, AgentAnswer, CallRecord } from '../agents/types';
import type { EventWriter } from './event-writer';
import type { CallRow, MatchSetup, SeatStats } from './store';
import { TurnPolicy } from './turn-policy';

const game = getGame('tictactoe')!;

/** Tic-tac-toe's `place` action, as an agent's answer carries it. */
function place(row: number, col: number): { type: string } {
  const action = { type: 'place', row, col };
  return action;
}

const record = (reply: string): CallRecord => ({
  purpose: 'move',
  model: 'm',
  messages: [{ role: 'user', content: 'turn' }],
  reply,
  error: null,
  tokensIn: 10,
  tokensOut: 2,
  latencyMs: 5,
});

function harness(answers: AgentAnswer[]) {
  const events: MatchEvent[] = [];
  const calls: CallRow[] = [];
  const writer = {
    stage: (ev: MatchEvent) => void events.push(ev),
    stageCalls: (...c: CallRow[]) => void calls.push(...c),
    emit: async (ev: MatchEvent) => void events.push(ev),
    flush: async () => {},
  } as unknown as EventWriter;
  let asked = 0;
  const agent: Agent = {
    kind: 'llm',
    act: async () => answers[Math.min(asked++, answers.length - 1)]!,
  };
  const row = { id: 'a', name: 'Scripted', kind: 'llm' } as MatchSetup['seats'][number]['agent'];
  const setup = {
    id: 'm',
    gameId: game.id,
    config: {},
    seed: 'policy',
    generator: 'hmac-sha256-chacha20',
    numPlayers: 2,
    status: 'running',
    seats: [
      { seat: 0, agent: row },
      { seat: 1, agent: { ...row, id: 'b' } },
    ],
  } as MatchSetup;
  const stats: SeatStats[] = [0, 1].map(() => ({ illegal: 0, forfeits: 0, moves: 0, replies: 0, explains: 0 }));
  const policy = new TurnPolicy({
    matchId: 'm',
    setup,
    game,
    config: {},
    agents: [agent, agent],
    policy: { maxRetries: 2, moveTimeoutMs: 10_000, humanTimeoutsToForfeit: 3 },
    writer,
    stats,
  });
  const state = initialState(game, {}, currentDeal('policy'), 2);
  return { events, calls, stats, policy, state, asked: () => asked };
}

describe('the turn policy and an agent that makes its own tries', () => {
  it('a final failure: its earlier replies in order, one illegal answer each, then a random legal move at once', async () => {
    const failed: AgentAnswer = {
      ok: false,
      error: 'X: (9,9) is not one of the valid actions.',
      text: '{"action": "X: (9,9)"}',
      call: record('{"action": "X: (9,9)"}'),
      attempt: 2,
      final: "GameBench's agent gave no valid action in its 3 tries",
      steps: [
        { text: 'I reason.', call: record('I reason.'), attempt: 0 },
        { text: 'garbage', call: record('garbage'), attempt: 0, rejected: 'could not read the reply' },
        {
          text: '{"action": "Explain(H1)"}',
          call: record('{"action": "Explain(H1)"}'),
          attempt: 1,
          explain: { asked: 'H1', topic: 'Moves', answer: 'A move names one square.' },
        },
      ],
    };
    const h = harness([failed]);
    const decision = await h.policy.decide(h.state, 0, 0);
    expect(h.asked()).toBe(1);
    expect(decision).toMatchObject({
      forfeited: "GameBench's agent gave no valid action in its 3 tries; a random legal move was played",
    });
    expect(game.legalActions(h.state, 0)).toContainEqual((decision as { action: unknown }).action);
    expect(h.events.map((e) => [e.kind, (e.payload as { attempt?: number }).attempt])).toEqual([
      ['reply', 0],
      ['reply', 0],
      ['illegal', 0],
      ['reply', 1],
      ['reply', 2],
      ['illegal', 2],
    ]);
    expect(h.events[1]!.payload).toMatchObject({ text: 'garbage', latencyMs: 5, tokensIn: 10 });
    expect(h.events[2]!.payload).toMatchObject({ error: 'could not read the reply', action: null });
    expect(h.events[3]!.payload).toMatchObject({ explain: { asked: 'H1', topic: 'Moves' } });
    expect(h.events[5]!.payload).toMatchObject({ error: 'X: (9,9) is not one of the valid actions.' });
    expect(h.calls.map((c) => [c.reply, c.attempt, c.parsedAction])).toEqual([
      ['I reason.', 0, null],
      ['garbage', 0, null],
      ['{"action": "Explain(H1)"}', 1, null],
      ['{"action": "X: (9,9)"}', 2, null],
    ]);
    expect(h.stats[0]).toEqual({ illegal: 2, forfeits: 1, moves: 0, replies: 4, explains: 1 });
  });

  it('a final answer the game refuses is not asked again either', async () => {
    const taken: AgentAnswer = {
      ok: true,
      action: place(9, 9),
      text: 'X: (9,9)',
      final: 'asks no more',
    };
    const h = harness([taken]);
    const decision = await h.policy.decide(h.state, 0, 0);
    expect(h.asked()).toBe(1);
    expect(decision).toMatchObject({ forfeited: 'asks no more; a random legal move was played' });
  });

  it('a final answer that is legal is played, its calls recorded with its own attempt', async () => {
    const h = harness([{ ok: true, action: place(2, 2), text: 'ok', call: record('ok'), attempt: 1, final: 'x' }]);
    expect(await h.policy.decide(h.state, 0, 0)).toEqual({ action: { type: 'place', row: 2, col: 2 } });
    expect(h.calls.map((c) => [c.attempt, c.parsedAction])).toEqual([[1, { type: 'place', row: 2, col: 2 }]]);
    expect(h.events).toMatchObject([{ kind: 'reply', payload: { attempt: 1 } }]);
  });

  it('an ordinary failure is still asked again, up to the policy’s tries', async () => {
    const h = harness([{ ok: false, error: 'no', text: 'no' }]);
    const decision = await h.policy.decide(h.state, 0, 0);
    expect(h.asked()).toBe(3);
    expect(decision).toMatchObject({ forfeited: 'no legal answer after 3 tries; a random legal move was played' });
  });
});
