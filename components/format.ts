// Formatting helpers shared by pages and components: relative times and match results in words.
import type { MatchSnapshot, MatchStatus } from '@/lib/protocol';

/** "just now", "4 min ago", "2 h ago", "3 d ago", else the date. */
export function timeAgo(date: Date, now = new Date()): string {
  const s = Math.max(0, Math.round((now.getTime() - date.getTime()) / 1000));
  if (s < 45) return 'just now';
  if (s < 3600) return `${Math.round(s / 60)} min ago`;
  if (s < 86_400) return `${Math.round(s / 3600)} h ago`;
  if (s < 7 * 86_400) return `${Math.round(s / 86_400)} d ago`;
  return date.toISOString().slice(0, 10);
}

/** A score as a spectator reads it: 1, ½, 0, or two decimals. */
/** A seat label in two characters, for badges and narrow columns: "X", "O", or "P1" for "Player 1". */
export function shortSeatLabel(label: string): string {
  const m = /^(\S)\S*\s+(\d+)$/.exec(label);
  return m ? `${m[1]}${m[2]}` : label.slice(0, 2);
}

export function formatScore(score: number): string {
  if (score === 0.5) return '½';
  return Number.isInteger(score) ? String(score) : score.toFixed(2);
}

/** How a match ended, as a headline and the game's reason; null while it has not ended. */
export function describeOutcome(
  status: MatchStatus,
  outcome: MatchSnapshot['outcome'],
  failureReason: string | null,
  seatLabel: (seat: number) => string,
  opts: { evaluation?: boolean } = {},
): { kind: 'win' | 'draw' | 'void'; headline: string; reason: string } | null {
  if (status === 'failed') return { kind: 'void', headline: 'Void', reason: failureReason ?? 'the match failed' };
  if (status === 'cancelled') return { kind: 'void', headline: 'Cancelled', reason: failureReason ?? 'the tournament was stopped before this match was played' };
  if (status !== 'finished' || !outcome) return null;
  // A judged evaluation (DEEP) has no winner and is no draw: it is done, and the reason says what was scored.
  if (opts.evaluation) return { kind: 'draw', headline: 'Scored', reason: outcome.reason };
  if (outcome.winner != null) return { kind: 'win', headline: `${seatLabel(outcome.winner)} wins`, reason: outcome.reason };
  // A side of several seats won (the villagers of Who is the spy): the seats with the best score share the win.
  const best = Math.max(...outcome.scores);
  const winners = outcome.scores.flatMap((x, seat) => (x === best ? [seat] : []));
  if (winners.length < outcome.scores.length) {
    const names = winners.map(seatLabel);
    return { kind: 'win', headline: `${names.slice(0, -1).join(', ')} and ${names.at(-1)} win`, reason: outcome.reason };
  }
  return { kind: 'draw', headline: 'Draw', reason: outcome.reason };
}
