// Admin: start a SimulBench evaluation (targets, user agent, simulator, judge, tasks, dialogues, turns, pairwise,
// budget); on success the browser lands on its results page.
import type { Metadata } from 'next';
import { AdminScriptSetImport, AdminSimulbenchForm } from '@/components/admin-simulbench-form';
import type { AgentChoice } from '@/components/admin-tournament-form';
import { TASKS } from '@/games/simulbench/tasks';
import { listAgentsForAdmin } from '@/lib/db/admin-agents';
import { db } from '@/lib/db/client';
import { listScriptSets } from '@/lib/db/simulbench/script-sets';
import { requireAdminPage } from '@/lib/db/admin-session';

export const dynamic = 'force-dynamic';
export const metadata: Metadata = { title: 'New SimulBench evaluation · Admin', robots: { index: false } };

export default async function NewSimulbenchPage() {
  await requireAdminPage('/admin/simulbench/new');
  const [agents, scriptSets] = await Promise.all([listAgentsForAdmin(db()), listScriptSets(db())]);
  const agentChoices: AgentChoice[] = agents
    .filter((a) => !a.retired && a.kind === 'llm')
    .map((a) => ({ id: a.id, name: a.name, kind: a.kind, simulated: a.simulated }));
  return (
    <div className="flex flex-col gap-6">
      <header className="max-w-2xl">
        <h1 className="text-3xl font-semibold tracking-tight">New SimulBench evaluation</h1>
        <p className="mt-2 text-zinc-600 dark:text-zinc-400">
          The user agent and the simulator hold dialogues on each task; after each one the judge extracts its test
          scripts, every target answers them, and the judge rates and compares the answers. It is scheduled like a
          tournament: pause, resume or cancel it from its tournament page.
        </p>
      </header>
      <AdminSimulbenchForm
        agents={agentChoices}
        tasks={TASKS.map((t) => ({ id: t.id, name: t.name, kind: t.kind }))}
        scriptSets={scriptSets}
      />
      <AdminScriptSetImport />
    </div>
  );
}
