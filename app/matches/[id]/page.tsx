// A match: loads who plays what, then hands over to the live MatchView (snapshot + events over socket.io, replay when over).
import type { Metadata } from 'next';
import { notFound } from 'next/navigation';
import { MatchView } from '@/components/match-view';
import { getGame } from '@/games/registry';
import { seatName } from '@/lib/engine/types';
import type { SeatInfo } from '@/lib/protocol';
import { getMatch, getMatchJudgments } from '@/lib/db/matches';

export const dynamic = 'force-dynamic';

type Props = { params: Promise<{ id: string }> };

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  const match = await getMatch((await params).id);
  if (!match) return { title: 'Match not found' };
  const title = getGame(match.gameId)?.meta.title ?? match.gameId;
  return { title: `${title}: ${match.seats.map((s) => s.agentName).join(' vs ')}` };
}

export default async function MatchPage({ params }: Props) {
  const match = await getMatch((await params).id);
  if (!match) notFound();
  const game = getGame(match.gameId);
  const judged = game?.judgeable ? await getMatchJudgments(match.id) : { judgments: [], awaited: false };
  const seats: SeatInfo[] = match.seats.map((s) => ({
    seat: s.seat,
    label: game ? seatName(game, s.seat) : `Seat ${s.seat + 1}`,
    agentId: s.agentId,
    agentName: s.agentName,
    agentKind: s.agentKind,
    simulated: s.simulated,
    score: s.score,
  }));

  return (
    // Keyed by match: moving from one match page to another never shows the previous match's log.
    <MatchView
      key={match.id}
      matchId={match.id}
      gameId={match.gameId}
      gameTitle={game?.meta.title ?? match.gameId}
      scoring={game?.meta.scoring}
      tournamentName={match.tournamentName}
      initialStatus={match.status}
      initialSeats={seats}
      initialOutcome={match.result}
      initialFailureReason={match.failureReason}
      initialUnrated={match.unrated}
      judgments={judged.judgments}
      judgeAwaited={judged.awaited}
      protocol={match.protocol}
    />
  );
}
