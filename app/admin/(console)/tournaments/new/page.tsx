// Admin: create a tournament (games, format, agents, budget); on success the browser lands on its page.
import type { Metadata } from 'next';
import { AdminTournamentForm, type AgentChoice, type GameChoice } from '@/components/admin-tournament-form';
import { games } from '@/games/registry';
import { listAgentsForAdmin } from '@/lib/db/admin-agents';
import { db } from '@/lib/db/client';
import { requireAdminPage } from '@/lib/db/admin-session';

export const dynamic = 'force-dynamic';
export const metadata: Metadata = { title: 'New tournament · Admin', robots: { index: false } };

export default async function NewTournamentPage() {
  await requireAdminPage('/admin/tournaments/new');
  const agents = await listAgentsForAdmin(db());
  const gameChoices: GameChoice[] = games
    .filter((g) => !g.meta.scheduledBy)
    .map((g) => ({
      id: g.id,
      title: g.meta.title,
      minPlayers: g.meta.minPlayers,
      maxPlayers: g.meta.maxPlayers,
      evaluation: g.meta.scoring === 'evaluation',
      sides: g.meta.sides !== null,
      judgeable: g.judgeable !== null,
      presets: [...g.meta.settingsPresets],
    }));
  // Retired versions keep their ratings but play no more; humans join from the browser, not from a schedule.
  const agentChoices: AgentChoice[] = agents
    .filter((a) => !a.retired && a.kind !== 'human')
    .map((a) => ({ id: a.id, name: a.name, kind: a.kind, simulated: a.simulated }));

  return (
    <div className="flex flex-col gap-6">
      <header className="max-w-2xl">
        <h1 className="text-3xl font-semibold tracking-tight">New tournament</h1>
        <p className="mt-2 text-zinc-600 dark:text-zinc-400">
          The scheduler plans every match (seeds recorded, seats swapped), queues them, and plays them as workers free
          up. Its page shows the progress and standings live; you can pause, resume or cancel it there.
        </p>
      </header>
      <AdminTournamentForm games={gameChoices} agents={agentChoices} />
    </div>
  );
}
