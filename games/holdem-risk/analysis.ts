// The Hold'em risk probe's analysis (pure): LLMArena's Figure 4 — per agent and action, the mean estimated win rate of
// the spots where the agent chose that action, and how many — from finished matches replayed from their seeds and moves.
import { lastState } from '../../lib/engine/replay';
import type { FinishedMatch } from '../../lib/engine/types';
import { holdemRisk } from '.';
import { PLAYER, RISK_ACTIONS, type RiskActionType, type RiskState } from './rules';

/** One action's cell of Figure 4. */
export interface ActionCell {
  /** Answers choosing this action. */
  count: number;
  /** The mean estimated win rate of those answers' spots; null when the action was never chosen. */
  meanWinRate: number | null;
}

/** One answered spot: the action chosen and the spot's estimated win rate. */
export interface AnsweredSpot {
  type: RiskActionType;
  winRate: number;
}

/**
 * LLMArena's Figure 4 definition: for each action, the mean estimated win rate over the spots where it was chosen
 * (the sum of their win rates divided by their number), and the count.
 */
export function perActionMeans(answers: readonly AnsweredSpot[]): Record<RiskActionType, ActionCell> {
  const out = {} as Record<RiskActionType, ActionCell>;
  for (const t of RISK_ACTIONS) {
    const rates = answers.filter((a) => a.type === t).map((a) => a.winRate);
    out[t] = {
      count: rates.length,
      meanWinRate: rates.length ? rates.reduce((s, x) => s + x, 0) / rates.length : null,
    };
  }
  return out;
}

export interface RiskRow {
  agentId: string;
  agentName: string;
  /** The spot set's version these answers are on (answers on different versions are never pooled). */
  version: string;
  matches: number;
  /** Answers counted: the agent's own choices. */
  answered: number;
  /** Distinct spots among them (an agent that played the probe twice answered each spot twice). */
  spots: number;
  /** Turns where a random move was played for the agent (no acceptable answer): left out of the figure. */
  forfeited: number;
  /** The mean estimated win rate of every spot counted (what a player choosing at random would show for each action). */
  meanWinRate: number | null;
  actions: Record<RiskActionType, ActionCell>;
}

export interface RiskAnalysis {
  /** Finished matches read. */
  matches: number;
  rows: RiskRow[];
}

/** The last state of a finished match, or null when it cannot be replayed. */
export function finalRiskState(m: Omit<FinishedMatch, 'judgments'>): RiskState | null {
  const end = lastState(holdemRisk, m);
  return end && end.answers.length === end.spots.length ? end : null;
}

export function analyseRisk(matches: readonly Omit<FinishedMatch, 'judgments'>[]): RiskAnalysis {
  const groups = new Map<
    string,
    {
      agentId: string;
      agentName: string;
      version: string;
      matches: number;
      forfeited: number;
      answers: AnsweredSpot[];
      spots: Set<string>;
    }
  >();
  let read = 0;
  for (const m of matches) {
    const s = finalRiskState(m);
    if (!s) continue;
    read++;
    const player = m.seats.find((x) => x.seat === PLAYER);
    if (!player) continue;
    const key = JSON.stringify([player.agentId, s.version]);
    const g = groups.get(key) ?? {
      agentId: player.agentId,
      agentName: player.agentName,
      version: s.version,
      matches: 0,
      forfeited: 0,
      answers: [],
      spots: new Set<string>(),
    };
    g.matches++;
    const forfeited = new Set(m.forfeitedPlies ?? []);
    // Every move of the probe is the player's answer to the next spot, in order.
    s.answers.forEach((a, i) => {
      if (forfeited.has(m.moves[i]!.ply)) {
        g.forfeited++;
        return;
      }
      g.answers.push({ type: a.type, winRate: s.spots[i]!.winRate });
      g.spots.add(a.spotId);
    });
    groups.set(key, g);
  }
  const rows: RiskRow[] = [...groups.values()]
    .map((g) => ({
      agentId: g.agentId,
      agentName: g.agentName,
      version: g.version,
      matches: g.matches,
      answered: g.answers.length,
      spots: g.spots.size,
      forfeited: g.forfeited,
      meanWinRate: g.answers.length ? g.answers.reduce((x, a) => x + a.winRate, 0) / g.answers.length : null,
      actions: perActionMeans(g.answers),
    }))
    .sort((a, b) => a.agentName.localeCompare(b.agentName) || a.version.localeCompare(b.version));
  return { matches: read, rows };
}
