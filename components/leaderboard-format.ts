// Formatting shared by the leaderboard components: ratings in each method's scale, intervals, percentages, labels.
import type { Interval, LeaderboardQuery } from '@/lib/leaderboard-contract';

export const METHOD_LABELS: Record<LeaderboardQuery['method'], string> = {
  bt: 'Bradley-Terry',
  trueskill: 'TrueSkill',
  elo: 'Elo',
};

/** BT and Elo live on a scale of hundreds (whole numbers); TrueSkill's μ is around 25 (one decimal). */
export function formatRating(value: number, method: LeaderboardQuery['method']): string {
  return method === 'trueskill' ? value.toFixed(1) : String(Math.round(value));
}

/** "1042–1130" */
export function formatInterval(interval: Interval, method: LeaderboardQuery['method']): string {
  return `${formatRating(interval.lower, method)}–${formatRating(interval.upper, method)}`;
}

/** A share in [0, 1] as a whole percentage, "—" when unknown. */
export function percent(value: number | null | undefined, digits = 0): string {
  return value == null ? '—' : `${(value * 100).toFixed(digits)}%`;
}

/** Category ids as words: "hidden-information" → "Hidden information". */
export function categoryLabel(category: string): string {
  const words = category.replace(/-/g, ' ');
  return words.charAt(0).toUpperCase() + words.slice(1);
}
