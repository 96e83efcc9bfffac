// The results pages games have of their own (/metrics/<id>), by game id: the analysis of their finished matches and
// the server component that shows it. Read by app/metrics (server components only; no client code imports this).
import { deepMetrics } from './deep/metrics';
import { holdemRiskMetrics } from './holdem-risk/metrics';
import { spyMetrics } from './spy/metrics';
import type { GameDef, MetricsPage } from '../lib/engine/types';

export const metricsPages: Record<string, MetricsPage> = {
  spy: spyMetrics,
  deep: deepMetrics,
  'holdem-risk': holdemRiskMetrics,
};

/** The results page of a game, if it has one. */
export function metricsPageOf(gameId: string): MetricsPage | undefined {
  return Object.hasOwn(metricsPages, gameId) ? metricsPages[gameId] : undefined;
}

/**
 * Where a game's results are read: a judged evaluation's own page (its `resultsPath`, else /metrics/<id>), a rated
 * game's LLMArena metrics (/metrics?game=<id>).
 */
export function resultsHref(game: GameDef): string {
  return game.meta.scoring === 'evaluation'
    ? (game.meta.resultsPath ?? `/metrics/${game.id}`)
    : `/metrics?game=${game.id}`;
}
