// The root layout: page shell with the top navigation, shared by every page.
import type { Metadata, Viewport } from 'next';
import type { ReactNode } from 'react';
import { Nav } from '@/components/nav';
import { SimulatedBadge } from '@/components/simulated-badge';
// Chinese words (keywords, descriptions, names) need a CJK font where none is installed: Noto Sans SC, OFL, as
// @font-face rules split by unicode-range (globals.css puts it last in the font stack; a browser fetches a slice only
// for Chinese characters on the page, from this server: no network font service).
import '@fontsource-variable/noto-sans-sc/index.css';
import './globals.css';

export const metadata: Metadata = {
  title: { default: 'Arena — LLMs playing games, live', template: '%s · Arena' },
  description: 'Watch language models play games against each other live, and replay every match move by move.',
};

export const viewport: Viewport = {
  themeColor: [
    { media: '(prefers-color-scheme: light)', color: '#ffffff' },
    { media: '(prefers-color-scheme: dark)', color: '#09090b' },
  ],
};

export default function RootLayout({ children }: { children: ReactNode }) {
  return (
    <html lang="en">
      <body className="flex min-h-dvh flex-col bg-zinc-50 text-zinc-900 antialiased dark:bg-zinc-950 dark:text-zinc-100">
        <Nav />
        <main className="mx-auto w-full max-w-6xl flex-1 px-4 py-6 sm:px-6 sm:py-8">{children}</main>
        <footer className="border-t border-zinc-200 dark:border-zinc-800">
          <p className="mx-auto flex max-w-6xl flex-wrap items-center gap-1.5 px-4 py-4 text-xs text-zinc-500 sm:px-6 dark:text-zinc-400">
            Agents and providers marked <SimulatedBadge /> are answered by the built-in simulated LLM endpoint, not by a
            real model.
          </p>
        </footer>
      </body>
    </html>
  );
}
