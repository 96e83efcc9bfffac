// The top navigation bar: the Arena mark and the sections, with the current one highlighted.
'use client';

import Link from 'next/link';
import { usePathname } from 'next/navigation';

const LINKS = [
  { href: '/', label: 'Live & recent', short: 'Live', match: (p: string) => p === '/' || p.startsWith('/matches') },
  { href: '/leaderboard', label: 'Leaderboard', match: (p: string) => p.startsWith('/leaderboard') },
  { href: '/games', label: 'Games', match: (p: string) => p.startsWith('/games') },
  { href: '/agents', label: 'Agents', match: (p: string) => p.startsWith('/agents') },
];

export function Nav() {
  const pathname = usePathname() ?? '/';
  return (
    <header className="sticky top-0 z-20 border-b border-zinc-200/80 bg-white/85 backdrop-blur dark:border-zinc-800 dark:bg-zinc-950/85">
      <nav className="mx-auto flex h-14 max-w-6xl items-center gap-4 px-4 sm:gap-8 sm:px-6" aria-label="Main">
        <Link href="/" className="flex shrink-0 items-center gap-2 font-semibold tracking-tight">
          <span className="grid h-7 w-7 place-items-center rounded-lg bg-indigo-600 text-sm font-bold text-white shadow-sm" aria-hidden="true">
            A
          </span>
          <span className="hidden sm:inline">Arena</span>
        </Link>
        <ul className="flex min-w-0 items-center gap-0.5 overflow-x-auto text-sm sm:gap-1">
          {LINKS.map((l) => {
            const active = l.match(pathname);
            return (
              <li key={l.href}>
                <Link
                  href={l.href}
                  aria-current={active ? 'page' : undefined}
                  className={`block whitespace-nowrap rounded-md px-2 py-1.5 sm:px-2.5 transition-colors ${
                    active
                      ? 'bg-zinc-100 font-medium text-zinc-900 dark:bg-zinc-800 dark:text-zinc-50'
                      : 'text-zinc-600 hover:bg-zinc-100 hover:text-zinc-900 dark:text-zinc-400 dark:hover:bg-zinc-800/70 dark:hover:text-zinc-100'
                  }`}
                >
                  {l.short ? (
                    <>
                      <span className="sm:hidden">{l.short}</span>
                      <span className="hidden sm:inline">{l.label}</span>
                    </>
                  ) : (
                    l.label
                  )}
                </Link>
              </li>
            );
          })}
        </ul>
      </nav>
    </header>
  );
}
