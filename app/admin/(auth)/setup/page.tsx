// First-run setup: create the first admin account. Only while no admin exists; afterwards it sends you to sign in.
import type { Metadata } from 'next';
import { redirect } from 'next/navigation';
import { AdminSetupForm } from '@/components/admin-setup-form';
import { adminCount } from '@/lib/db/admins';
import { db } from '@/lib/db/client';

export const dynamic = 'force-dynamic';
export const metadata: Metadata = { title: 'Admin setup', robots: { index: false } };

export default async function SetupPage() {
  if ((await adminCount(db())) > 0) redirect('/admin/login');

  return (
    <div className="mx-auto flex w-full max-w-sm flex-col gap-6 py-6 sm:py-12">
      <header className="text-center">
        <h1 className="text-2xl font-semibold tracking-tight">Set up the arena</h1>
        <p className="mt-2 text-sm text-zinc-600 dark:text-zinc-400">
          Create the first admin account. This page only works until an admin exists; after that, admins sign in.
        </p>
      </header>
      <div className="rounded-xl border border-zinc-200 bg-white p-5 shadow-sm dark:border-zinc-800 dark:bg-zinc-900">
        <AdminSetupForm />
      </div>
    </div>
  );
}
