// Formatting helpers shared by pages and components: relative times and match results in words.
import type { Scoring } from '@/lib/engine/types';
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

/** "A", "A and B", "A, B and C". */
function listWords(items: string[]): string {
  return items.length <= 1 ? (items[0] ?? '') : `${items.slice(0, -1).join(', ')} and ${items.at(-1)}`;
}

/**
 * The seats that won: the winner, or the seats sharing the best score when not everyone does (a side of several seats:
 * the villagers of Who is the spy); [] for a draw, a cooperative result or an evaluation.
 */
export function winningSeats(outcome: { scores: number[]; winner?: number | null }): number[] {
  if (outcome.winner != null) return [outcome.winner];
  const best = Math.max(...outcome.scores);
  const winners = outcome.scores.flatMap((x, seat) => (Math.abs(x - best) < 1e-9 ? [seat] : []));
  return winners.length < outcome.scores.length ? winners : [];
}

/**
 * A seat's result in one word for the players header ("won", "lost", "draw"); null where no seat wins or loses (an
 * evaluation, a cooperative team's score).
 */
export function seatResult(
  outcome: MatchSnapshot['outcome'],
  seat: number,
  scoring: Scoring = 'contest',
): 'won' | 'lost' | 'draw' | null {
  if (!outcome || scoring === 'evaluation' || (scoring === 'cooperative' && outcome.winner == null)) return null;
  const winners = winningSeats(outcome);
  if (!winners.length) return 'draw';
  return winners.includes(seat) ? 'won' : 'lost';
}

/**
 * How a match ended, as a headline and the game's reason; null while it has not ended. The headline says it as a
 * person would: "X wins", a side and its seats ("Villagers win: Player 1, Player 3, Player 4"), a cooperative team's
 * score ("Team score 14 of 25") or an evaluation's verdict, from the outcome's `summary` where the game gives one.
 */
export function describeOutcome(
  status: MatchStatus,
  outcome: MatchSnapshot['outcome'],
  failureReason: string | null,
  seatLabel: (seat: number) => string,
  scoring: Scoring = 'contest',
): { kind: 'win' | 'draw' | 'void'; headline: string; reason: string } | null {
  if (status === 'failed') return { kind: 'void', headline: 'Void', reason: failureReason ?? 'the match failed' };
  if (status === 'cancelled')
    return {
      kind: 'void',
      headline: 'Cancelled',
      reason: failureReason ?? 'the tournament was stopped before this match was played',
    };
  if (status !== 'finished' || !outcome) return null;
  const summary = outcome.summary?.trim() || null;
  // A judged evaluation (DEEP) has no winner and is no draw: its summary is the verdict, the reason what was scored.
  if (scoring === 'evaluation') return { kind: 'draw', headline: summary ?? 'Scored', reason: outcome.reason };
  const winners = winningSeats(outcome);
  if (winners.length) {
    const names = winners.map(seatLabel);
    const headline = summary
      ? `${summary}: ${names.join(', ')}`
      : `${listWords(names)} ${names.length === 1 ? 'wins' : 'win'}`;
    return { kind: 'win', headline, reason: outcome.reason };
  }
  // Nobody won: a draw, or a cooperative team's score.
  return { kind: 'draw', headline: summary ?? 'Draw', reason: outcome.reason };
}
