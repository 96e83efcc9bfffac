// A game's own results page (/metrics/spy, /metrics/deep…): the page the game registers in games/metrics.ts, over the
// analysis of its newest finished matches (computed again only when a match of the game has finished or been judged).
import type { Metadata } from 'next';
import { notFound } from 'next/navigation';
import { metricsPageOf } from '@/games/metrics';
import { getGameAnalysis } from '@/lib/db/game-analyses';

export const dynamic = 'force-dynamic';

type Props = { params: Promise<{ game: string }> };

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  const page = metricsPageOf((await params).game);
  return page ? { title: page.title } : {};
}

export default async function GameMetricsPage({ params }: Props) {
  const gameId = (await params).game;
  const page = metricsPageOf(gameId);
  if (!page) notFound();
  const analysis = await getGameAnalysis(gameId, page);
  return <page.Page analysis={analysis} />;
}
