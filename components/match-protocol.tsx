// One line under a match's title naming the protocol it was played under, with the detail on expand.
import type { ProtocolSummary } from '@/lib/match-protocol';

export function MatchProtocolLine({ protocol }: { protocol: ProtocolSummary | null }) {
  if (!protocol) return <p className="text-sm text-zinc-500 dark:text-zinc-400">Protocol: not recorded</p>;
  return (
    <details className="text-sm text-zinc-500 dark:text-zinc-400" data-testid="match-protocol">
      <summary className="cursor-pointer" title={protocol.details.join('\n')}>
        Protocol: {protocol.label}
      </summary>
      <ul className="mt-1 ml-5 list-disc font-mono text-xs">
        {protocol.details.map((d) => (
          <li key={d}>{d}</li>
        ))}
        <li>key: {protocol.key}</li>
      </ul>
    </details>
  );
}
