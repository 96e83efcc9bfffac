// The Air, Land and Sea engine baseline: a determinized one-move lookahead on the seat's own view. It fills the
// cards it cannot see (the other hand, the other side's facedown cards, the deck) with a random guess from the
// unseen cards, several times, tries every legal move (following its own abilities' choices that come right after),
// and keeps the move whose resulting board is worth most on average: a battle won or lost outright first, otherwise
// each theater's strength margin (a tie counting for the 1st player), with a bonus for holding two theaters and a
// small price on every card spent. It never withdraws unless the battle looks lost and withdrawing now is cheap.
import { createRng } from '../../lib/engine/rng';
import type { Rng, Seat } from '../../lib/engine/types';
import {
  apply,
  CARD_IDS,
  configSchema,
  legalActions,
  locate,
  theaterStrength,
  withdrawalVp,
  type AlsAction,
  type AlsState,
  type AlsView,
  type CardId,
  type Decision,
  type Placed,
  type Theater,
} from './rules';

export const SAMPLES = 4;

/** A full state consistent with what `seat` sees: the unseen cards dealt at random. */
export function determinize(v: AlsView, seat: Seat, rng: Rng): AlsState {
  const opp = 1 - seat;
  const known = new Set<string>(v.hand ?? []);
  for (const t of v.theaters) for (const st of t.stacks) for (const c of st) if (c.card) known.add(c.card);
  if (v.decision?.drawn) known.add(v.decision.drawn);
  const unseen = rng.shuffle(CARD_IDS.filter((c) => !known.has(c)));
  const take = () => unseen.pop()!;
  const board = { Air: [[], []], Land: [[], []], Sea: [[], []] } as Record<Theater, Placed[][]>;
  for (const t of v.theaters)
    t.stacks.forEach(
      (st, s) => (board[t.name][s] = st.map((c) => ({ card: (c.card ?? take()) as CardId, faceUp: c.faceUp }))),
    );
  const hands: CardId[][] = [[], []];
  hands[seat] = [...(v.hand ?? [])];
  hands[opp] = Array.from({ length: v.handCounts[opp]! }, take).filter(Boolean);
  const deck = unseen.slice(0, v.deckCount);
  let decision: Decision | null = null;
  const d = v.decision;
  if (d) {
    if (d.kind === 'reinforce')
      decision = {
        kind: 'reinforce',
        seat: d.seat,
        source: d.source,
        drawn: (d.drawn ?? deck.shift() ?? 'A1') as CardId,
      };
    else if (d.kind === 'disrupt')
      decision = {
        kind: 'disrupt',
        seat: d.seat,
        source: d.source,
        owner: locate({ board }, d.source)?.seat ?? d.seat,
      };
    else decision = { kind: d.kind, seat: d.seat, source: d.source } as Decision;
  }
  return {
    config: configSchema.parse({ targetVp: v.targetVp }),
    vp: v.vp.slice(),
    battle: v.battle,
    first: v.first,
    order: v.theaters.map((t) => t.name),
    hands,
    deck,
    board,
    toMove: v.turn,
    decision,
    queue: v.queue.map((q) => ({ ...q })),
    airDrop: v.airDrop.slice(),
    results: [],
    events: [],
    over: null,
  };
}

/** How good a state is for `me`, from the root's VPs (a finished battle counts most). */
export function evaluate(s: AlsState, me: Seat, rootVp: number[], rootBattle: number): number {
  const opp = 1 - me;
  if (s.over || s.battle !== rootBattle) {
    return 100 * (s.vp[me]! - rootVp[me]! - (s.vp[opp]! - rootVp[opp]!));
  }
  let value = 0;
  let held = 0;
  for (const t of s.order) {
    const margin = theaterStrength(s, t, me) - theaterStrength(s, t, opp) + (s.first === me ? 0.5 : -0.5);
    value += Math.tanh(margin / 4);
    if (margin > 0) held++;
  }
  if (held >= 2) value += 1;
  // Cards kept are strength still to come.
  value += 0.15 * (s.hands[me]!.length - s.hands[opp]!.length);
  return value;
}

function valueAfter(s: AlsState, me: Seat, rootVp: number[], rootBattle: number, rng: Rng, depth: number): number {
  if (depth > 0 && !s.over && s.battle === rootBattle && s.decision && s.decision.seat === me) {
    let best = -Infinity;
    for (const a of legalActions(s, me))
      best = Math.max(best, valueAfter(apply(s, me, a, rng), me, rootVp, rootBattle, rng, depth - 1));
    return best;
  }
  return evaluate(s, me, rootVp, rootBattle);
}

export function alsEngine(v: AlsView, seat: Seat, legal: AlsAction[], rng: Rng): AlsAction {
  if (legal.length === 1) return legal[0]!;
  const samples = Array.from({ length: SAMPLES }, () => determinize(v, seat, rng));
  const simRng = createRng(`als-engine-${v.battle}-${v.handCounts.join('-')}`);
  let best: AlsAction = legal[0]!;
  let bestValue = -Infinity;
  for (const a of legal) {
    if (a.type === 'withdraw') continue;
    let total = 0;
    for (const s of samples) total += valueAfter(apply(s, seat, a, simRng), seat, v.vp, v.battle, simRng, 2);
    const value = total / samples.length;
    if (value > bestValue) {
      bestValue = value;
      best = a;
    }
  }
  // Withdraw when the board is clearly lost late in the battle and the other side gains little by it.
  const withdraw = legal.find((a) => a.type === 'withdraw');
  if (withdraw && v.hand) {
    const opp = 1 - seat;
    const lost = v.theaters.filter((t) => t.controller === opp).length >= 2;
    const gap = v.theaters.reduce((acc, t) => acc + Math.max(0, t.strength[opp]! - t.strength[seat]!), 0);
    const cost = withdrawalVp(v.first === opp, v.hand.length);
    if (lost && gap >= 10 && cost <= 3 && v.handCounts[opp]! <= v.hand.length) return withdraw;
  }
  return best;
}
