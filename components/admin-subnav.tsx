// The admin area's section links (dashboard, providers, agents, tournaments, settings, publication runs), the current one highlighted.
'use client';

import Link from 'next/link';
import { usePathname } from 'next/navigation';

const LINKS = [
  { href: '/admin', label: 'Dashboard', match: (p: string) => p === '/admin' },
  { href: '/admin/providers', label: 'Providers', match: (p: string) => p.startsWith('/admin/providers') },
  { href: '/admin/agents', label: 'Agents', match: (p: string) => p.startsWith('/admin/agents') },
  { href: '/tournaments', label: 'Tournaments', match: (p: string) => p === '/tournaments' },
  {
    href: '/admin/tournaments/new',
    label: 'New tournament',
    match: (p: string) => p.startsWith('/admin/tournaments/new'),
  },
  { href: '/admin/simulbench/new', label: 'New SimulBench', match: (p: string) => p.startsWith('/admin/simulbench') },
  { href: '/admin/settings', label: 'Settings', match: (p: string) => p.startsWith('/admin/settings') },
  { href: '/admin/publication', label: 'Publication runs', match: (p: string) => p.startsWith('/admin/publication') },
  { href: '/admin/datasets', label: 'Datasets', match: (p: string) => p.startsWith('/admin/datasets') },
];

export function AdminSubnav() {
  const pathname = usePathname() ?? '/admin';
  return (
    <nav aria-label="Admin" className="min-w-0">
      <ul className="flex flex-wrap items-center gap-1 text-sm">
        {LINKS.map((l) => {
          const active = l.match(pathname);
          return (
            <li key={l.href}>
              <Link
                href={l.href}
                aria-current={active ? 'page' : undefined}
                className={`block whitespace-nowrap rounded-md px-2.5 py-1.5 transition-colors focus-visible:outline-2 focus-visible:outline-indigo-500 ${
                  active
                    ? 'bg-indigo-50 font-medium text-indigo-800 dark:bg-indigo-950/60 dark:text-indigo-200'
                    : 'text-zinc-600 hover:bg-zinc-100 hover:text-zinc-900 dark:text-zinc-400 dark:hover:bg-zinc-800/70 dark:hover:text-zinc-100'
                }`}
              >
                {l.label}
              </Link>
            </li>
          );
        })}
      </ul>
    </nav>
  );
}
