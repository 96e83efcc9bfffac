// Admin: site settings. Today, how the leaderboard shows people's games by default (lib/db/settings.ts).
import type { Metadata } from 'next';
import { AdminSettingsForm } from '@/components/admin-settings-form';
import { db } from '@/lib/db/client';
import { requireAdminPage } from '@/lib/db/admin-session';
import { getSettings } from '@/lib/db/settings';

export const dynamic = 'force-dynamic';
export const metadata: Metadata = { title: 'Settings · Admin', robots: { index: false } };

export default async function SettingsPage() {
  await requireAdminPage('/admin/settings');
  const settings = await getSettings(db());
  return (
    <div className="flex flex-col gap-6">
      <header className="max-w-2xl">
        <h1 className="text-3xl font-semibold tracking-tight">Settings</h1>
        <p className="mt-2 text-zinc-600 dark:text-zinc-400">
          Which agents people may play is set per agent (Agents: “Open to people”), and what their games may spend per
          provider (Providers: “People’s games”).
        </p>
      </header>
      <AdminSettingsForm settings={settings} />
    </div>
  );
}
