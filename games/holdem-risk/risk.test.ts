// The Hold'em risk probe: the checked-in spot set is what its seeded procedure makes, the rules offer LLMArena's five
// actions, the prompt's worked example replays through the rules, the parser reads real replies, and the results are
// LLMArena's Figure 4 definition (pinned on hand-made answers).
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { createRng, CURRENT_GENERATOR } from '../../lib/engine/rng';
import type { FinishedMatch } from '../../lib/engine/types';
import { holdemRisk } from '.';
import { analyseRisk, perActionMeans } from './analysis';
import { spotsFile } from './generate';
import { EXAMPLE_ANSWER, EXAMPLE_SPOT, prompt } from './prompt';
import { apply, legalActions, setup, spotActions, view, type RiskActionType } from './rules';
import { RISK_SPOTS, RISK_VERSION, estimateWinRate } from './spots';
import { configSchema } from './rules';

const cfg = configSchema.parse({});

describe('the spot set', () => {
  it('is exactly what the seeded procedure generates (versioned, 100 spots, distinct cards)', () => {
    expect(readFileSync(new URL('./spots.json', import.meta.url), 'utf8')).toBe(spotsFile(RISK_VERSION));
    expect(RISK_VERSION).toBe('holdem-risk-v1');
    expect(RISK_SPOTS).toHaveLength(100);
    for (const s of RISK_SPOTS) expect(new Set([...s.hole, ...s.flop]).size).toBe(5);
  });

  it('win rates come from the Hold’em equity code, deterministically, and are plausible', () => {
    const s = RISK_SPOTS[0]!;
    expect(estimateWinRate(s.id, s.hole, s.flop)).toBe(s.winRate);
    // A made royal-flush draw's flush wins nearly always; 7-2 offsuit on a high board seldom (about 21%).
    expect(estimateWinRate('x', ['Ah', 'Kh'], ['Qh', 'Jh', '2h'])).toBeGreaterThan(0.95);
    expect(estimateWinRate('x', ['7c', '2d'], ['Ah', 'Kh', 'Qs'])).toBeLessThan(0.3);
  });
});

describe('rules', () => {
  it('offers LLMArena’s five actions in every spot (Fold too, as RLCard does), and only to the player', () => {
    for (const s of RISK_SPOTS)
      expect(spotActions(s).map((a) => a.type)).toEqual([
        'fold',
        'check-call',
        'raise-half-pot',
        'raise-full-pot',
        'all-in',
      ]);
    const st = setup(createRng('x'), cfg, 2);
    expect(legalActions(st, 1)).toEqual([]);
    expect(holdemRisk.reject(st, 1, { type: 'fold' })).toBe('it is not your turn: Player is to move');
    // A short stack cannot raise the pot (RLCard's rule): 97 chips put in, pot 194, 3 left.
    expect(spotActions({ putIn: 97 }).map((a) => a.type)).toEqual(['fold', 'check-call', 'all-in']);
  });

  it('asks every spot once, in order, then ends with nobody winning', () => {
    let st = setup(createRng('x'), configSchema.parse({ spots: 3 }), 2);
    for (const t of ['fold', 'all-in', 'check-call'] as RiskActionType[]) st = apply(st, 0, { type: t });
    expect(st.answers.map((a) => a.spotId)).toEqual(['s001', 's002', 's003']);
    expect(holdemRisk.outcome(st)).toMatchObject({
      scores: [0.5, 0.5],
      winner: null,
      summary: 'Answered 3 spots: Fold 1 · Check and Call 1 · All in 1',
    });
    expect(holdemRisk.activeSeats(st)).toEqual([]);
  });

  it('hides the estimated win rates from the player (only) until the end', () => {
    let st = setup(createRng('x'), configSchema.parse({ spots: 2 }), 2);
    st = apply(st, 0, { type: 'check-call' });
    expect(view(st, { seat: 0 }).spot!.winRate).toBeNull();
    expect(view(st, { seat: 0 }).answers[0]!.winRate).toBeNull();
    expect(view(st, { spectator: true }).spot!.winRate).toBe(RISK_SPOTS[1]!.winRate);
    st = apply(st, 0, { type: 'fold' });
    expect(view(st, { seat: 0 }).answers.map((a) => a.winRate)).toEqual([
      RISK_SPOTS[0]!.winRate,
      RISK_SPOTS[1]!.winRate,
    ]);
    expect(
      JSON.stringify(
        prompt.turn(view(setup(createRng('x'), cfg, 2), { seat: 0 }), 0, spotActions(RISK_SPOTS[0]!), cfg),
      ),
    ).not.toContain(String(RISK_SPOTS[0]!.winRate));
  });
});

describe('prompt', () => {
  it('the worked example’s legal moves come from the rules and its answer is one of them', () => {
    const sys = prompt.system(cfg, 0, 2);
    const legal = spotActions(EXAMPLE_SPOT);
    expect(sys).toContain(`Legal moves:\n${legal.map((a) => `- ${prompt.format(a, 0)}`).join('\n')}`);
    const parsed = prompt.parse(EXAMPLE_ANSWER, 0, legal);
    expect('action' in parsed && legal.some((a) => a.type === parsed.action.type)).toBe(true);
    expect(
      RISK_SPOTS.some((s) => s.hole.join() === EXAMPLE_SPOT.hole.join() && s.flop.join() === EXAMPLE_SPOT.flop.join()),
    ).toBe(false);
  });

  it('shows what LLMArena shows — cards, chips — and lists the legal moves in the arena’s convention', () => {
    const st = setup(createRng('x'), cfg, 2);
    const s = RISK_SPOTS[0]!;
    const text = prompt.turn(view(st, { seat: 0 }), 0, legalActions(st, 0), cfg);
    expect(text).toContain(`Your hole cards: ${s.hole.join(' ')}`);
    expect(text).toContain(`Community cards: ${s.flop.join(' ')} (the flop)`);
    expect(text).toContain(`You now have ${100 - s.putIn} chips; the chips you have put in until now: ${s.putIn}.`);
    expect(text).toMatch(/Legal moves:\n- Fold\n- Check and Call\n- Raise Half Pot\n- Raise Full Pot\n- All in\n/);
  });

  it.each([
    ['Action: Check and Call', 'check-call'],
    ['The flop missed me, so I will give up.\n\n**Fold**', 'fold'],
    ['I have top set. Action: all in', 'all-in'],
    ['```\nRaise Full Pot\n```', 'raise-full-pot'],
    ['Fold is too weak here; I prefer to bet half pot.\nRaise Half Pot', 'raise-half-pot'],
    ['check', 'check-call'],
  ])('reads %j', (reply, type) => {
    expect(prompt.parse(reply, 0, spotActions(RISK_SPOTS[0]!))).toEqual({ action: { type } });
  });

  it('refuses a reply without an action with the list of legal moves', () => {
    const r = prompt.parse('I am not sure.', 0, spotActions(RISK_SPOTS[0]!));
    expect('error' in r && r.error).toMatch(/"Fold", "Check and Call", "Raise Half Pot", "Raise Full Pot", "All in"/);
  });
});

describe('analysis: LLMArena’s Figure 4', () => {
  it('per action, the mean estimated win rate of the spots where it was chosen (hand-computed on 4 spots)', () => {
    // Spots with win rates 0.2, 0.4, 0.8, 0.9; answers Fold, Check and Call, Check and Call, All in.
    const m = perActionMeans([
      { type: 'fold', winRate: 0.2 },
      { type: 'check-call', winRate: 0.4 },
      { type: 'check-call', winRate: 0.8 },
      { type: 'all-in', winRate: 0.9 },
    ]);
    expect(m.fold).toEqual({ count: 1, meanWinRate: 0.2 });
    expect(m['check-call'].count).toBe(2);
    expect(m['check-call'].meanWinRate).toBeCloseTo(0.6, 12); // (0.4 + 0.8) / 2
    expect(m['all-in']).toEqual({ count: 1, meanWinRate: 0.9 });
    expect(m['raise-half-pot']).toEqual({ count: 0, meanWinRate: null });
    expect(m['raise-full-pot']).toEqual({ count: 0, meanWinRate: null });
  });

  it('reads finished matches: the player’s answers with their spots’ win rates, forfeited turns left out', () => {
    const moves = (['fold', 'check-call', 'check-call', 'all-in'] as RiskActionType[]).map((type, ply) => ({
      ply,
      seat: 0,
      action: { type },
    }));
    const match: FinishedMatch = {
      id: 'm1',
      config: { spots: 4 },
      seed: 's',
      generator: CURRENT_GENERATOR,
      numPlayers: 2,
      moves,
      judgments: [],
      forfeitedPlies: [3],
      seats: [
        { seat: 0, agentId: 'a', agentName: 'Model A', kind: 'llm' },
        { seat: 1, agentId: 'r', agentName: 'Random', kind: 'random' },
      ],
    };
    const a = analyseRisk([match]);
    expect(a.matches).toBe(1);
    expect(a.rows).toHaveLength(1);
    const [w1, w2, w3] = RISK_SPOTS.map((s) => s.winRate);
    expect(a.rows[0]).toMatchObject({
      agentName: 'Model A',
      version: RISK_VERSION,
      answered: 3,
      forfeited: 1,
      spots: 3,
    });
    expect(a.rows[0]!.actions.fold).toEqual({ count: 1, meanWinRate: w1 });
    expect(a.rows[0]!.actions['check-call'].meanWinRate).toBeCloseTo((w2! + w3!) / 2, 12);
    expect(a.rows[0]!.actions['all-in']).toEqual({ count: 0, meanWinRate: null });
  });
});

describe('baselines', () => {
  it('the engine bets more with stronger spots than random does: its all-in spots are stronger than its folds', () => {
    const rng = createRng('engine');
    const answers = RISK_SPOTS.map((s) => {
      const st = { ...setup(createRng('x'), cfg, 2) };
      const v = view(
        {
          ...st,
          answers: st.spots.slice(0, RISK_SPOTS.indexOf(s)).map((x) => ({ spotId: x.id, type: 'check-call' as const })),
        },
        { seat: 0 },
      );
      return { type: holdemRisk.engine(v, 0, spotActions(s), rng, {}).type as RiskActionType, winRate: s.winRate };
    });
    const m = perActionMeans(answers);
    expect(m.fold.count).toBeGreaterThan(0);
    expect(m['all-in'].count).toBeGreaterThan(0);
    expect(m['all-in'].meanWinRate!).toBeGreaterThan(m['check-call'].meanWinRate!);
    expect(m['check-call'].meanWinRate!).toBeGreaterThan(m.fold.meanWinRate!);
  });
});
