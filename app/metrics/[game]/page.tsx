// A game's own results page (/metrics/spy, /metrics/deep…): the page the game registers in games/metrics.ts, over the
// analysis of its newest finished matches under the game's current rules, or the rules version the address asks for
// (computed again only when a match of the game has finished or been judged).
import type { Metadata } from 'next';
import { notFound } from 'next/navigation';
import { metricsPageOf } from '@/games/metrics';
import { LeaderboardRules, RulesProblem } from '@/components/leaderboard-rules';
import { db } from '@/lib/db/client';
import { getGameAnalysis } from '@/lib/db/game-analyses';
import { pageRules } from '@/lib/db/rules';

export const dynamic = 'force-dynamic';

type Props = {
  params: Promise<{ game: string }>;
  searchParams: Promise<Record<string, string | string[] | undefined>>;
};

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  const page = metricsPageOf((await params).game);
  return page ? { title: page.title } : {};
}

export default async function GameMetricsPage({ params, searchParams }: Props) {
  const gameId = (await params).game;
  const page = metricsPageOf(gameId);
  if (!page) notFound();
  // The game's current rules unless the address asks for another version or all pooled (lib/db/rules.ts).
  const { protocol, rules, filter, problem } = await pageRules(db(), [gameId], (await searchParams).protocol, {
    presets: page.presets,
  });
  const analysis = await getGameAnalysis(gameId, page, filter);
  return (
    <div className="flex flex-col gap-4">
      <RulesProblem problem={problem} />
      <LeaderboardRules protocol={protocol} rules={rules} />
      <page.Page analysis={analysis} />
    </div>
  );
}
