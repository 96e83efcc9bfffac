// /admin/tournaments: the tournaments live on their public pages (with admin controls there); this sends admins on.
import { redirect } from 'next/navigation';
import { requireAdminPage } from '@/lib/db/admin-session';

export const dynamic = 'force-dynamic';

export default async function AdminTournaments() {
  await requireAdminPage('/admin/tournaments');
  redirect('/tournaments');
}
