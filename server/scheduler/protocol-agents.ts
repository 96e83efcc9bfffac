// The agents' rows a match's protocol reads (lib/match-protocol.ts), by id, for the scheduler's match creation.
import type { Db } from '../../lib/db/client';
import type { ProtocolAgent } from '../../lib/match-protocol';

/** What each agent's protocol is made of (kind, scaffold, prompt version, settings), by id; throws on an unknown id. */
export async function protocolAgents(db: Db, ids: readonly string[]): Promise<Map<string, ProtocolAgent>> {
  const rows = await db.agent.findMany({
    where: { id: { in: [...new Set(ids)] } },
    select: { id: true, kind: true, scaffold: true, promptVersion: true, settings: true },
  });
  const byId = new Map(rows.map(({ id, ...a }) => [id, a]));
  for (const id of ids) if (!byId.has(id)) throw new Error(`agent ${id} does not exist`);
  return byId;
}
