// Play against the models: choose a name (guest or account), then a game, opponents, a seat and a move timer.
import type { Metadata } from 'next';
import { EmptyState } from '@/components/empty-state';
import { MatchList } from '@/components/match-row';
import { KeepName, PlayIdentity, SignOut } from '@/components/play-identity';
import { PlayNewGame, type PlayGame } from '@/components/play-new-game';
import { playableGames } from '@/games/registry';
import { seatName } from '@/lib/engine/types';
import { currentPerson } from '@/lib/db/person-session';
import { getPlayableAgents } from '@/lib/db/agents';
import { getPersonMatches } from '@/lib/db/matches';

export const dynamic = 'force-dynamic';
export const metadata: Metadata = { title: 'Play' };

type Props = { searchParams: Promise<Record<string, string | string[] | undefined>> };

export default async function PlayPage({ searchParams }: Props) {
  const { game: wanted } = await searchParams;
  const me = await currentPerson();
  const games: PlayGame[] = playableGames().map((g) => ({
    id: g.id,
    title: g.meta.title,
    blurb: g.meta.blurb,
    minPlayers: g.meta.minPlayers,
    maxPlayers: g.meta.maxPlayers,
    defaultPlayers: g.defaultPlayers(g.defaultConfig),
    orderDrawn: g.meta.orderDrawn,
    seatNames: Array.from({ length: g.meta.maxPlayers }, (_, s) => seatName(g, s)),
    moveSeconds: g.meta.humanMoveSeconds,
    rules: g.rules,
    evaluation: g.meta.scoring === 'evaluation',
    playNote: g.meta.playNote ?? null,
  }));
  const [agents, mine] = await Promise.all([getPlayableAgents(), me ? getPersonMatches(me.agentId) : null]);
  const now = new Date();

  return (
    <div className="flex flex-col gap-8">
      <header className="flex flex-col gap-2">
        <h1 className="text-2xl font-semibold tracking-tight sm:text-3xl">Play against the models</h1>
        <p className="max-w-2xl text-sm text-zinc-600 dark:text-zinc-400">
          Your games are rated on the same scale as the models: every person is a row on the leaderboard, the human
          baseline. Spectators can watch your games live.
        </p>
      </header>

      {!me ? (
        <PlayIdentity />
      ) : (
        <>
          <section className="flex flex-wrap items-center justify-between gap-3 rounded-2xl border border-zinc-200 bg-white px-5 py-4 shadow-sm dark:border-zinc-800 dark:bg-zinc-900">
            <div className="flex flex-col gap-1">
              <p className="text-sm" data-testid="playing-as">
                Playing as <strong className="font-semibold">{me.name}</strong>
                {me.guest && <span className="text-zinc-500 dark:text-zinc-400"> (guest)</span>}
              </p>
              {me.guest && <KeepName />}
            </div>
            <SignOut guest={me.guest} name={me.name} />
          </section>

          <section
            aria-labelledby="new-game"
            className="rounded-2xl border border-zinc-200 bg-white p-5 shadow-sm dark:border-zinc-800 dark:bg-zinc-900"
          >
            <h2 id="new-game" className="mb-4 text-lg font-semibold">
              New game
            </h2>
            <PlayNewGame
              games={games}
              agents={agents}
              defaultGameId={typeof wanted === 'string' ? wanted : undefined}
            />
          </section>

          <section aria-labelledby="your-games" className="flex flex-col gap-3">
            <h2 id="your-games" className="text-lg font-semibold">
              Your games
            </h2>
            {mine && mine.open.length + mine.recent.length > 0 ? (
              <>
                {mine.open.length > 0 && (
                  <MatchList matches={mine.open} now={now} testId="my-open-games" viewerId={me.agentId} />
                )}
                {mine.recent.length > 0 && (
                  <MatchList matches={mine.recent} now={now} testId="my-recent-games" viewerId={me.agentId} />
                )}
              </>
            ) : (
              <EmptyState>No games yet: start one above.</EmptyState>
            )}
          </section>
        </>
      )}
    </div>
  );
}
