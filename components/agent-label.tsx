// An agent's name with its kind and, when it uses the simulated endpoint, the "simulated" badge.
import { KindChip } from './kind-chip';
import { SimulatedBadge } from './simulated-badge';

export function AgentLabel({ name, kind, simulated }: { name: string; kind: string; simulated: boolean }) {
  return (
    <span className="inline-flex min-w-0 flex-wrap items-center gap-1.5">
      <span className="min-w-0 truncate font-medium">{name}</span>
      <KindChip kind={kind} />
      {simulated && <SimulatedBadge />}
    </span>
  );
}
