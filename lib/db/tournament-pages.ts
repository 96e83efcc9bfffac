// What the tournament pages read: the list (newest first, with progress), the admin dashboard's counts, one
// tournament's setup (its seed only once no match of it is left to play) and its standings. Read-only.
import 'server-only';
import { PAGE_SIZE, paged, type Page } from '../pagination';
import type { TournamentProgress } from '../tournament/spec';
import { db } from './client';
import { tournamentProgress, tournamentStandings, type Standing } from './tournament-progress';

/** One page of the tournaments, newest first, with their progress. */
export async function getTournamentsPage(page: number, pageSize = PAGE_SIZE): Promise<Page<TournamentProgress>> {
  const p = await paged(
    page,
    () => db().tournament.count(),
    (w) => db().tournament.findMany({ orderBy: [{ createdAt: 'desc' }, { id: 'desc' }], select: { id: true }, ...w }),
    pageSize,
  );
  return {
    ...p,
    items: p.items.length
      ? await tournamentProgress(
          db(),
          p.items.map((t) => t.id),
        )
      : [],
  };
}

/** How many tournaments there are, and how many are running or paused. */
export async function getTournamentCounts(): Promise<{ total: number; open: number }> {
  const [total, open] = await Promise.all([
    db().tournament.count(),
    db().tournament.count({ where: { status: { in: ['running', 'paused'] } } }),
  ]);
  return { total, open };
}

export interface TournamentDetail {
  progress: TournamentProgress;
  gameIds: string[];
  /** The evaluated agents, then the gauntlet's baselines or the host/guest format's hosts (names looked up). */
  agents: { id: string; name: string; kind: string; simulated: boolean }[];
  baselines: { id: string; name: string; kind: string; simulated: boolean }[];
  hosts: { id: string; name: string; kind: string; simulated: boolean }[];
  /** Format settings as words, e.g. "2 games per pair". */
  settings: string[];
  /** The tournament's seed, once none of its matches is left to play (null before: every match seed derives from it). */
  seed: string | null;
  /** The tournament has matches left to play, so its seed is withheld. */
  seedWithheld: boolean;
}

const strings = (v: unknown): string[] => (Array.isArray(v) ? v.filter((x): x is string => typeof x === 'string') : []);

/**
 * One tournament: its progress and its setup as stored (spec + seed); null when there is no such tournament.
 * Hidden-information decision: every match seed derives from the tournament's seed, and games deal from match seeds,
 * so the seed is given only once no match of it is left to play, or to an admin (`revealSeed`).
 */
export async function getTournament(id: string, opts: { revealSeed?: boolean } = {}): Promise<TournamentDetail | null> {
  const [progress] = await tournamentProgress(db(), [id]);
  if (!progress) return null;
  const row = await db().tournament.findUnique({ where: { id }, select: { config: true } });
  const c = (row?.config ?? {}) as Record<string, unknown>;
  const agentIds = strings(c.agentIds);
  const baselineIds = strings(c.baselineIds);
  const hostIds = strings(c.hostIds);
  const rows = await db().agent.findMany({
    where: { id: { in: [...agentIds, ...baselineIds, ...hostIds] } },
    select: { id: true, name: true, kind: true, simulated: true, provider: { select: { simulated: true } } },
  });
  const look = (ids: string[]) =>
    ids.map((aid) => {
      const a = rows.find((r) => r.id === aid);
      return {
        id: aid,
        name: a?.name ?? aid,
        kind: a?.kind ?? '?',
        simulated: !!(a?.simulated || a?.provider?.simulated),
      };
    });
  const n = (k: string) => (typeof c[k] === 'number' ? (c[k] as number) : null);
  const settings: string[] = [];
  const plural = (v: number, one: string, many: string) => `${v} ${v === 1 ? one : many}`;
  if (n('gamesPerPair') !== null)
    settings.push(
      `${plural(n('gamesPerPair')!, 'game', 'games')} per pair${progress.format === 'adaptive' ? ' per batch' : ''} (seats swapped)`,
    );
  if (n('seedsPerPair') !== null)
    settings.push(`${plural(n('seedsPerPair')! * 2, 'game', 'games')} per pair (seats swapped)`);
  if (n('gamesPerGuest') !== null) settings.push(`${plural(n('gamesPerGuest')!, 'game', 'games')} per guest`);
  if (n('numPlayers') !== null) settings.push(`${n('numPlayers')} players`);
  if (progress.format === 'host-guest')
    settings.push(n('guestSeat') !== null ? `guest in seat ${n('guestSeat')! + 1}` : 'guest seat rotates');
  if (n('confidence') !== null)
    settings.push(`stops when adjacent agents separate at ${Math.round(n('confidence')! * 100)}% confidence`);
  if (n('pairsPerBatch') !== null) settings.push(`${plural(n('pairsPerBatch')!, 'pair', 'pairs')} per batch`);
  const withheld =
    progress.counts.queued + progress.counts.running > 0 ||
    progress.status === 'running' ||
    progress.status === 'paused';
  return {
    progress,
    gameIds: strings(c.gameIds),
    agents: look(agentIds),
    baselines: look(baselineIds),
    hosts: look(hostIds),
    settings,
    seed: typeof c.seed === 'string' && (opts.revealSeed || !withheld) ? c.seed : null,
    seedWithheld: withheld,
  };
}

/** The standings so far (Bradley-Terry over this tournament's finished matches, with a small bootstrap). */
export async function getTournamentStandings(id: string): Promise<Standing[]> {
  return tournamentStandings(db(), id);
}
