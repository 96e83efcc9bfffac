// Whether a person's game that ended for real counts for ratings (the people rule, lib/people-rating.ts): their history
// is read from Postgres and the verdict recorded on the match, under a lock per person.
import type { Db } from '../../lib/db/client';
import { PEOPLE_RULE, peopleVerdict, type PersonHistory } from '../../lib/people-rating';
import { recordGameIds } from '../../lib/records';
import type { MatchSetup } from './store';

/**
 * The people rule's verdict on a match about to end with the game's own result, or after a person gave up past the fair
 * share: a sentence saying why it rates no one (a person's practice game; a person who already has their games against
 * one of its agents), or null when it counts. Only competitive rated games are judged (cooperative games, evaluations
 * and test games are left as they are: null).
 *
 * Security decision: two of one person's games (they may have 3 open) can end at the same moment, and each would read
 * the other as not yet counted, so both could take the last place against one agent. The verdict is therefore taken
 * under a transaction lock per person (in id order, so two people never wait on each other in a circle) and written on
 * the match at once (`people_counted`): a match still running with `people_counted` counts as taken from then on, so the
 * next verdict sees it even before its end is written. The match's own row is left out of its history (a match resumed
 * after a crash is judged again on the same terms).
 */
export async function decidePeopleCount(
  db: Db,
  setup: Pick<MatchSetup, 'id' | 'gameId' | 'seats'>,
): Promise<string | null> {
  const contest = recordGameIds();
  if (!contest.includes(setup.gameId)) return null;
  const agents = new Map(setup.seats.map((s) => [s.agent.id, s.agent]));
  const people = [...agents.values()]
    .filter((a) => a.kind === 'human')
    .sort((a, b) => (a.id < b.id ? -1 : a.id > b.id ? 1 : 0));
  if (people.length === 0) return null;
  return db.$transaction(
    async (tx) => {
      for (const p of people) await tx.$executeRaw`SELECT pg_advisory_xact_lock(hashtext(${`people-count:${p.id}`}))`;
      const histories: PersonHistory[] = [];
      for (const p of people) {
        // Their earlier games played to a real end (any game): finished, and not given up before the fair share (a
        // resignation or a loss on time leaves a `resign` event of their seat). Counted only as far as practice needs.
        const [ends] = await tx.$queryRaw<{ n: number }[]>`
          SELECT COUNT(*)::int AS n FROM (
            SELECT 1 FROM seats s JOIN matches m ON m.id = s.match_id
            WHERE s.agent_id = ${p.id} AND m.id <> ${setup.id} AND m.status = 'finished'
              AND (s.move_count - s.forfeit_count >= ${PEOPLE_RULE.fairShareMoves}
                   OR NOT EXISTS (SELECT 1 FROM match_events e WHERE e.match_id = m.id AND e.kind = 'resign' AND e.seat = s.seat))
            LIMIT ${PEOPLE_RULE.practiceGames}) AS x`;
        // Their games against each other agent here that count: finished and rated, or judged to count and still ending.
        const others = [...agents.keys()].filter((id) => id !== p.id);
        const counted = await tx.$queryRaw<{ agent_id: string; n: number }[]>`
          SELECT o.agent_id, COUNT(DISTINCT m.id)::int AS n
          FROM seats s JOIN matches m ON m.id = s.match_id JOIN seats o ON o.match_id = m.id
          WHERE s.agent_id = ${p.id} AND o.agent_id = ANY(${others}) AND m.id <> ${setup.id} AND m.game_id = ANY(${contest})
            AND m.rated AND (m.status = 'finished' OR (m.status = 'running' AND m.people_counted))
          GROUP BY o.agent_id`;
        const n = new Map(counted.map((r) => [r.agent_id, r.n]));
        histories.push({
          name: p.name,
          realEnds: ends?.n ?? 0,
          opponents: others.map((id) => ({ name: agents.get(id)!.name, counted: n.get(id) ?? 0 })),
        });
      }
      const reason = peopleVerdict(histories);
      await tx.$executeRaw`UPDATE matches SET people_counted = ${reason === null} WHERE id = ${setup.id}`;
      return reason;
    },
    { timeout: 30_000, maxWait: 30_000 },
  );
}
