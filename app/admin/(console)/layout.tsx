// The admin area's frame: its section links, who is signed in, and the sign-out button. Each page checks the
// session itself (requireAdminPage), so this layout only shows the frame to a signed-in admin.
import type { ReactNode } from 'react';
import { AdminLogoutButton } from '@/components/admin-logout-button';
import { AdminSubnav } from '@/components/admin-subnav';
import { currentAdmin } from '@/lib/db/admin-session';

export default async function AdminLayout({ children }: { children: ReactNode }) {
  const admin = await currentAdmin();
  if (!admin) return children;
  return (
    <div className="flex flex-col gap-6">
      <div className="flex flex-col gap-2 border-b border-zinc-200 pb-3 sm:flex-row sm:items-center sm:justify-between dark:border-zinc-800">
        <AdminSubnav />
        <div className="flex shrink-0 items-center justify-between gap-2 text-sm sm:justify-end">
          <span className="text-zinc-500 dark:text-zinc-400">
            Signed in as{' '}
            <strong data-testid="admin-username" className="font-medium text-zinc-800 dark:text-zinc-200">
              {admin.username}
            </strong>
          </span>
          <AdminLogoutButton />
        </div>
      </div>
      {children}
    </div>
  );
}
