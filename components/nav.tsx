// The top navigation bar: the Arena mark, the sections (with the current one highlighted) and, at the end, Admin.
// Phones get short labels and a gear for Admin, so every link fits on a 390-pixel screen.
'use client';

import Link from 'next/link';
import { usePathname } from 'next/navigation';

const LINKS = [
  { href: '/', label: 'Live & recent', short: 'Live', match: (p: string) => p === '/' || p.startsWith('/matches') },
  { href: '/play', label: 'Play', match: (p: string) => p.startsWith('/play') },
  { href: '/leaderboard', label: 'Leaderboard', short: 'Ratings', match: (p: string) => p.startsWith('/leaderboard') },
  { href: '/metrics', label: 'Metrics', match: (p: string) => p.startsWith('/metrics') },
  { href: '/games', label: 'Games', match: (p: string) => p.startsWith('/games') },
  { href: '/agents', label: 'Agents', match: (p: string) => p.startsWith('/agents') },
  { href: '/tournaments', label: 'Tournaments', short: 'Tourneys', match: (p: string) => p.startsWith('/tournaments') },
];

const linkClass = (active: boolean) =>
  `block whitespace-nowrap rounded-md px-1 py-1.5 sm:px-2.5 transition-colors focus-visible:outline-2 focus-visible:outline-indigo-500 ${
    active
      ? 'bg-zinc-100 font-medium text-zinc-900 dark:bg-zinc-800 dark:text-zinc-50'
      : 'text-zinc-600 hover:bg-zinc-100 hover:text-zinc-900 dark:text-zinc-400 dark:hover:bg-zinc-800/70 dark:hover:text-zinc-100'
  }`;

export function Nav() {
  const pathname = usePathname() ?? '/';
  const admin = pathname.startsWith('/admin');
  return (
    <header className="sticky top-0 z-20 border-b border-zinc-200/80 bg-white/85 backdrop-blur dark:border-zinc-800 dark:bg-zinc-950/85">
      <nav className="mx-auto flex h-14 max-w-6xl items-center gap-2 px-4 sm:gap-8 sm:px-6" aria-label="Main">
        <Link href="/" className="flex shrink-0 items-center gap-2 font-semibold tracking-tight">
          <span
            className="grid h-7 w-7 place-items-center rounded-lg bg-indigo-600 text-sm font-bold text-white shadow-sm"
            aria-hidden="true"
          >
            A
          </span>
          <span className="hidden sm:inline">Arena</span>
        </Link>
        <ul className="relative flex min-w-0 flex-1 items-center gap-0.5 overflow-x-auto text-[13px] sm:gap-1 sm:text-sm">
          {LINKS.map((l) => {
            const active = l.match(pathname);
            return (
              <li key={l.href}>
                <Link href={l.href} aria-current={active ? 'page' : undefined} className={linkClass(active)}>
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
          {/* Always shown: the admin pages send anyone not signed in to the login page. */}
          <li className="ml-auto">
            <Link
              href="/admin"
              aria-current={admin ? 'page' : undefined}
              title="Admin"
              className={`${linkClass(admin)} flex items-center gap-1.5`}
            >
              <svg viewBox="0 0 20 20" fill="currentColor" aria-hidden="true" className="h-4 w-4 sm:hidden">
                <path
                  fillRule="evenodd"
                  d="M7.84 1.804A1 1 0 0 1 8.82 1h2.36a1 1 0 0 1 .98.804l.331 1.652a6.993 6.993 0 0 1 1.929 1.115l1.598-.54a1 1 0 0 1 1.186.447l1.18 2.044a1 1 0 0 1-.205 1.251l-1.267 1.113a7.047 7.047 0 0 1 0 2.228l1.267 1.113a1 1 0 0 1 .206 1.25l-1.18 2.045a1 1 0 0 1-1.187.447l-1.598-.54a6.993 6.993 0 0 1-1.929 1.115l-.33 1.652a1 1 0 0 1-.98.804H8.82a1 1 0 0 1-.98-.804l-.331-1.652a6.993 6.993 0 0 1-1.929-1.115l-1.598.54a1 1 0 0 1-1.186-.447l-1.18-2.044a1 1 0 0 1 .205-1.251l1.267-1.114a7.05 7.05 0 0 1 0-2.227L1.821 7.773a1 1 0 0 1-.206-1.25l1.18-2.045a1 1 0 0 1 1.187-.447l1.598.54A6.992 6.992 0 0 1 7.51 3.456l.33-1.652ZM10 13a3 3 0 1 0 0-6 3 3 0 0 0 0 6Z"
                  clipRule="evenodd"
                />
              </svg>
              <span className="sr-only sm:not-sr-only">Admin</span>
            </Link>
          </li>
        </ul>
      </nav>
    </header>
  );
}
