// Formatting helpers for tournaments: format labels, time left, tokens, cost and budgets in words.
import { FORMATS, type Budget, type TournamentFormat } from '@/lib/tournament/spec';

export function formatLabel(format: TournamentFormat): string {
  if (format === 'simulbench') return 'SimulBench evaluation';
  return FORMATS.find((f) => f.id === format)?.label ?? format;
}

/** "under a minute", "about 4 min", "about 1 h 20 min". */
export function formatTimeLeft(seconds: number): string {
  if (seconds < 60) return 'under a minute';
  const min = Math.round(seconds / 60);
  if (min < 60) return `about ${min} min`;
  const h = Math.floor(min / 60);
  const m = min % 60;
  return `about ${h} h${m ? ` ${m} min` : ''}`;
}

export const formatTokens = (n: number): string => Math.round(n).toLocaleString('en-US');

/** Dollars with four decimals: model calls cost fractions of a cent. */
export const formatCost = (usd: number): string => `$${usd.toFixed(4)}`;

/** The limits that are set, in words; null when there is none. */
export function budgetParts(b: Budget): string[] {
  const parts: string[] = [];
  if (b.maxMatches !== undefined) parts.push(`${b.maxMatches.toLocaleString('en-US')} matches`);
  if (b.maxTokens !== undefined) parts.push(`${formatTokens(b.maxTokens)} tokens`);
  if (b.maxCostUsd !== undefined) parts.push(`$${b.maxCostUsd}`);
  return parts;
}
