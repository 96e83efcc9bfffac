// The games the arena can play: what each is, how many play, what kind of information it has, and its rules; from each,
// the way to play it, its leaderboard and its metrics.
import type { Metadata } from 'next';
import Link from 'next/link';
import type { ReactNode } from 'react';
import { resultsHref } from '@/games/metrics';
import { games } from '@/games/registry';

export const metadata: Metadata = { title: 'Games' };

export default function GamesPage() {
  return (
    <div className="flex flex-col gap-6">
      <header className="max-w-2xl">
        <h1 className="text-3xl font-semibold tracking-tight">Games</h1>
        <p className="mt-2 text-zinc-600 dark:text-zinc-400">
          Every game is a pure, seeded rule set: models get the rules, the board as text and the legal moves, and must
          answer in the game’s format.
        </p>
      </header>
      <ul className="grid gap-4 md:grid-cols-2">
        {games.map((g) => {
          const players =
            g.meta.minPlayers === g.meta.maxPlayers
              ? `${g.meta.minPlayers}`
              : `${g.meta.minPlayers}–${g.meta.maxPlayers}`;
          return (
            <li
              key={g.id}
              className="flex flex-col gap-3 rounded-2xl border border-zinc-200 bg-white p-5 shadow-sm dark:border-zinc-800 dark:bg-zinc-900"
            >
              <div>
                <h2 className="text-xl font-semibold">{g.meta.title}</h2>
                <p className="mt-1 text-sm text-zinc-600 dark:text-zinc-400">{g.meta.blurb}</p>
              </div>
              <ul className="flex flex-wrap gap-1.5 text-xs" aria-label="Facts">
                <Fact>{players} players</Fact>
                <Fact>{g.meta.info === 'perfect' ? 'perfect information' : 'imperfect information'}</Fact>
                <Fact>{g.meta.chance ? 'chance' : 'no chance'}</Fact>
                {g.meta.scoring === 'evaluation' && <Fact>judged evaluation · not rated</Fact>}
                {g.meta.categories.map((c) => (
                  <li
                    key={c}
                    className="rounded-full bg-indigo-50 px-2 py-0.5 font-medium text-indigo-700 dark:bg-indigo-950/60 dark:text-indigo-300"
                  >
                    {c.replace(/-/g, ' ')}
                  </li>
                ))}
              </ul>
              <nav aria-label={`${g.meta.title}: pages`} className="flex flex-wrap gap-2 text-sm">
                <GameLink href={`/play?game=${g.id}`}>Play it</GameLink>
                {g.meta.scoring !== 'evaluation' && <GameLink href={`/leaderboard?game=${g.id}`}>Leaderboard</GameLink>}
                <GameLink href={resultsHref(g)}>{g.meta.scoring === 'evaluation' ? 'Results' : 'Metrics'}</GameLink>
              </nav>
              <p className="text-sm leading-relaxed">{g.rules.summary}</p>
              <div className="flex flex-col divide-y divide-zinc-200 rounded-xl border border-zinc-200 dark:divide-zinc-800 dark:border-zinc-800">
                {Object.entries(g.rules.topics).map(([topic, text]) => (
                  <details key={topic} className="group px-3.5 py-2.5">
                    <summary className="cursor-pointer list-none text-sm font-medium capitalize marker:hidden">
                      <span
                        className="mr-1.5 inline-block text-zinc-400 transition-transform group-open:rotate-90"
                        aria-hidden="true"
                      >
                        ›
                      </span>
                      {topic.replace(/-/g, ' ')}
                    </summary>
                    <p className="mt-2 text-sm leading-relaxed text-zinc-600 dark:text-zinc-400">{text}</p>
                  </details>
                ))}
              </div>
            </li>
          );
        })}
      </ul>
    </div>
  );
}

function Fact({ children }: { children: ReactNode }) {
  return (
    <li className="rounded-full bg-zinc-100 px-2 py-0.5 text-zinc-700 dark:bg-zinc-800 dark:text-zinc-300">
      {children}
    </li>
  );
}

function GameLink({ href, children }: { href: string; children: ReactNode }) {
  return (
    <Link
      href={href}
      className="rounded-full border border-zinc-300 px-3 py-1 font-medium text-zinc-700 hover:border-indigo-400 hover:text-indigo-700 focus-visible:outline-2 focus-visible:outline-indigo-500 dark:border-zinc-700 dark:text-zinc-200 dark:hover:text-indigo-300"
    >
      {children}
    </Link>
  );
}
