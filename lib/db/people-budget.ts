// The daily budget for people's games per provider: what matches with a person in a seat have spent on a provider's
// models today (UTC), and the check a person's new match must pass. Read by the play scheduler and the admin pages.
import type { Db } from './client';
import { PlayError } from '../play';

/** 00:00 UTC of the day `now` is in: when the budget starts again. */
export function utcDayStart(now = new Date()): Date {
  return new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate()));
}

/**
 * US dollars the given providers' agents have spent today (since 00:00 UTC) in matches with a person in any seat: the
 * cost of every recorded model call, retries and failed calls included. Providers that spent nothing are left out.
 */
export async function peopleSpendToday(db: Db, providerIds: string[], now = new Date()): Promise<Map<string, number>> {
  if (providerIds.length === 0) return new Map();
  const rows = await db.$queryRaw<{ provider_id: string; spent: number | null }[]>`
    SELECT a.provider_id, SUM(c.cost_usd)::float8 AS spent
    FROM llm_calls c JOIN agents a ON a.id = c.agent_id
    WHERE a.provider_id = ANY(${providerIds}) AND c.created_at >= ${utcDayStart(now).toISOString()}::timestamp(3)
      AND EXISTS (SELECT 1 FROM seats s JOIN agents h ON h.id = s.agent_id WHERE s.match_id = c.match_id AND h.kind = 'human')
    GROUP BY a.provider_id`;
  return new Map(rows.map((r) => [r.provider_id, Number(r.spent ?? 0)]));
}

/**
 * Refuses a person's new match when a provider behind one of the opponents has spent its budget for people's games
 * today. Checked before the match starts: matches already in play finish, so a day's spend can overshoot the budget
 * by what they cost.
 */
export async function checkPeopleBudget(db: Db, agentIds: string[], now = new Date()): Promise<void> {
  const providers = await db.provider.findMany({
    where: { peopleDailyBudgetUsd: { not: null }, agents: { some: { id: { in: agentIds } } } },
    select: { id: true, name: true, peopleDailyBudgetUsd: true },
  });
  if (providers.length === 0) return;
  const spent = await peopleSpendToday(
    db,
    providers.map((p) => p.id),
    now,
  );
  for (const p of providers) {
    if ((spent.get(p.id) ?? 0) >= p.peopleDailyBudgetUsd!) {
      throw new PlayError(`today's budget for people's games on ${p.name} is spent; it resets at 00:00 UTC`);
    }
  }
}
