// Admin sign-in. Brings the admin back to the page that sent them here (`next`, a path on this site).
import type { Metadata } from 'next';
import Link from 'next/link';
import { redirect } from 'next/navigation';
import { AdminLoginForm } from '@/components/admin-login-form';
import { adminCount } from '@/lib/db/admins';
import { db } from '@/lib/db/client';
import { currentAdmin } from '@/lib/db/admin-session';

export const dynamic = 'force-dynamic';
export const metadata: Metadata = { title: 'Admin sign-in', robots: { index: false } };

type Props = { searchParams: Promise<Record<string, string | string[] | undefined>> };

/** A path on this site, or the dashboard. */
function localPath(v: string | string[] | undefined): string {
  const s = typeof v === 'string' ? v : '';
  return s.startsWith('/') && !s.startsWith('//') && !s.startsWith('/\\') && !s.startsWith('/admin/login')
    ? s
    : '/admin';
}

export default async function LoginPage({ searchParams }: Props) {
  const next = localPath((await searchParams).next);
  if (await currentAdmin()) redirect(next);
  const noAdmin = (await adminCount(db())) === 0;

  return (
    <div className="mx-auto flex w-full max-w-sm flex-col gap-6 py-6 sm:py-12">
      <header className="text-center">
        <h1 className="text-2xl font-semibold tracking-tight">Admin sign-in</h1>
        <p className="mt-2 text-sm text-zinc-600 dark:text-zinc-400">
          Admins manage providers, agents and tournaments. Everyone else can watch and read the leaderboard.
        </p>
      </header>
      {noAdmin && (
        <p
          role="status"
          className="rounded-lg border border-amber-300 bg-amber-50 px-3 py-2 text-sm text-amber-900 dark:border-amber-800 dark:bg-amber-950/40 dark:text-amber-200"
        >
          There is no admin account yet.{' '}
          <Link href="/admin/setup" className="font-medium underline underline-offset-2">
            Create the first one
          </Link>{' '}
          (or start the server with ARENA_ADMIN_PASSWORD set).
        </p>
      )}
      <div className="rounded-xl border border-zinc-200 bg-white p-5 shadow-sm dark:border-zinc-800 dark:bg-zinc-900">
        <AdminLoginForm next={next} />
      </div>
      <p className="text-center text-sm">
        <Link href="/" className="text-zinc-500 hover:text-indigo-700 dark:text-zinc-400 dark:hover:text-indigo-300">
          ← Back to the arena
        </Link>
      </p>
    </div>
  );
}
