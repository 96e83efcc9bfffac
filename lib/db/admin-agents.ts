// The agents an admin manages (/admin/agents, the CLI): create and edit (agent identity is immutable once it has
// played: an edit to what plays makes a new version), open to people's games, archive and restore, delete one that
// never played; the list and one agent as the admin pages show them.
import 'server-only';
import {
  AdminError,
  agentInputSchema,
  identityOf,
  parseOrThrow,
  promptSwitchesOf,
  retiredReason,
  rulesUpfrontOf,
  visionOf,
} from '../admin-input';
import { paged, type Page } from '../pagination';
import { isPlayable } from '../play';
import type { Db } from './client';

const baseName = (name: string) => name.replace(/ v\d+$/, '');

/**
 * Creates an agent, or edits one. A rename is applied in place. A change to what plays (provider, model, sampling,
 * scaffold, prompt version, ablation switches, vision, engine depth) is applied in place only while the agent has no matches; after that it
 * makes a new version (new row, same family, `name vN`) and retires the old one, so ratings never mix versions.
 */
export async function saveAgent(db: Db, raw: unknown): Promise<{ id: string; version: number; newVersion: boolean }> {
  const a = parseOrThrow(agentInputSchema, raw);
  let data: {
    kind: string;
    providerId: string | null;
    model: string | null;
    temperature: number | null;
    maxTokens: number | null;
    scaffold: string | null;
    promptVersion: string | null;
    settings: object;
    simulated: boolean;
    playable?: boolean;
  };
  if (a.kind === 'llm') {
    const p = await db.provider.findUnique({ where: { id: a.providerId } });
    if (!p) throw new AdminError('that provider does not exist (it may have been deleted)');
    // Switches and vision are part of what plays (an ablation, a vision agent is its own agent); each is stored only
    // when on, so older agents (settings {}) keep their identity.
    const switches = [...new Set(a.promptSwitches)].sort();
    // RAP's search settings only for a RAP agent, each only when set (blank: GameBench's default).
    const rap =
      a.scaffold === 'rap'
        ? Object.fromEntries(
            Object.entries({ depth: a.rapDepth, iterations: a.rapIterations, candidates: a.rapCandidates }).filter(
              ([, v]) => v != null,
            ),
          )
        : {};
    const settings = {
      ...(switches.length ? { promptSwitches: switches } : {}),
      ...(a.vision ? { vision: true } : {}),
      ...(a.rulesUpfront ? { rulesUpfront: true } : {}),
      ...(Object.keys(rap).length ? { rap } : {}),
    };
    data = {
      kind: 'llm',
      providerId: p.id,
      model: a.model,
      temperature: a.temperature,
      maxTokens: a.maxTokens,
      scaffold: a.scaffold,
      promptVersion: a.promptVersion,
      settings,
      simulated: p.simulated,
      ...(a.playable !== undefined ? { playable: a.playable } : {}),
    };
  } else {
    data = {
      kind: a.kind,
      providerId: null,
      model: null,
      temperature: null,
      maxTokens: null,
      scaffold: null,
      promptVersion: null,
      settings: a.kind === 'engine' ? { depth: a.depth ?? 4 } : {},
      simulated: false,
    };
  }
  const clash = await db.agent.findUnique({ where: { name: a.name } });
  if (!a.id) {
    if (clash) throw new AdminError(`an agent named "${a.name}" already exists`);
    const created = await db.agent.create({ data: { name: a.name, ...data } });
    return { id: created.id, version: created.version, newVersion: false };
  }
  const old = await db.agent.findUnique({ where: { id: a.id }, include: { _count: { select: { seats: true } } } });
  if (!old) throw new AdminError('that agent no longer exists');
  if (old.retired)
    throw new AdminError(
      `${retiredReason(old)}: ${old.archivedAt ? 'restore it first to edit it' : 'edit the newest one'}`,
    );
  if (clash && clash.id !== old.id) throw new AdminError(`an agent named "${a.name}" already exists`);
  const changed = identityOf(old) !== identityOf(data);
  if (!changed || old._count.seats === 0) {
    await db.agent.update({ where: { id: old.id }, data: { name: a.name, ...data } });
    return { id: old.id, version: old.version, newVersion: false };
  }
  return db.$transaction(async (tx) => {
    const latest = await tx.agent.aggregate({ where: { familyId: old.familyId }, _max: { version: true } });
    const version = (latest._max.version ?? old.version) + 1;
    let name = a.name === old.name ? `${baseName(old.name)} v${version}` : a.name;
    if (await tx.agent.findUnique({ where: { name } })) name = `${name} (${Date.now().toString(36)})`;
    await tx.agent.update({ where: { id: old.id }, data: { retired: true } });
    // The new version is open to people as the old one was, unless this edit says otherwise.
    const created = await tx.agent.create({
      data: { name, familyId: old.familyId, version, playable: old.playable, ...data },
    });
    return { id: created.id, version, newVersion: true };
  });
}

export interface AgentAdminView {
  id: string;
  name: string;
  kind: string;
  providerId: string | null;
  providerName: string | null;
  model: string | null;
  temperature: number | null;
  maxTokens: number | null;
  scaffold: string | null;
  promptVersion: string | null;
  depth: number | null;
  /** An LLM agent's ablation switches. */
  promptSwitches: string[];
  /** An LLM agent is sent the board as an image (in games that draw one). */
  vision: boolean;
  /** Every rules topic up front instead of Explain(topic). */
  rulesUpfront: boolean;
  /** A RAP agent's search settings as set (absent ones are GameBench's defaults). */
  rap: { depth?: number; iterations?: number; candidates?: number };
  simulated: boolean;
  version: number;
  /** Not offered any more: replaced by a newer version, or archived. */
  retired: boolean;
  /** Archived by an admin (retired too): hidden from the list unless asked for, can be restored. */
  archived: boolean;
  /** People may pick it on the Play page (lib/play.ts's isPlayable: baselines always, LLM agents when marked). */
  playable: boolean;
  matches: number;
  /** Why it cannot be deleted (it has played, judged, or a tournament names it); null when it can. */
  keptBecause: string | null;
}

/** The agents an admin manages: every kind but people (they sign up on the Play page). */
const adminAgentWhere = { kind: { not: 'human' } };
const adminAgentInclude = {
  provider: { select: { name: true } },
  _count: { select: { seats: true, judgments: true } },
} as const;

/** Every agent an admin manages (current versions first): the tournament form's choices. */
export async function listAgentsForAdmin(db: Db): Promise<AgentAdminView[]> {
  const rows = await db.agent.findMany({
    where: adminAgentWhere,
    orderBy: [{ retired: 'asc' }, { createdAt: 'asc' }, { id: 'asc' }],
    include: adminAgentInclude,
  });
  return toAdminViews(db, rows);
}

/**
 * One page of /admin/agents: current versions first, newest first (the one just added is at the top). Archived agents
 * are left out, or, with `archived`, listed alone.
 */
export async function agentsPageForAdmin(
  db: Db,
  page: number,
  opts: { archived?: boolean } = {},
): Promise<Page<AgentAdminView> & { archivedCount: number }> {
  const where = { ...adminAgentWhere, archivedAt: opts.archived ? { not: null } : null };
  const [p, archivedCount] = await Promise.all([
    paged(
      page,
      () => db.agent.count({ where }),
      (w) =>
        db.agent.findMany({
          where,
          orderBy: [{ retired: 'asc' }, { createdAt: 'desc' }, { id: 'desc' }],
          include: adminAgentInclude,
          ...w,
        }),
    ),
    db.agent.count({ where: { ...adminAgentWhere, archivedAt: { not: null } } }),
  ]);
  return { ...p, items: await toAdminViews(db, p.items), archivedCount };
}

export async function getAgentForAdmin(db: Db, id: string): Promise<AgentAdminView | null> {
  const row = await db.agent.findFirst({ where: { id, ...adminAgentWhere }, include: adminAgentInclude });
  return row ? (await toAdminViews(db, [row]))[0]! : null;
}

/** Opens an LLM agent to people's games, or withdraws it (baselines are always open; retired versions never are). */
export async function setAgentPlayable(db: Db, id: string, playable: boolean): Promise<{ name: string }> {
  const a = await db.agent.findUnique({ where: { id } });
  if (!a || a.kind === 'human') throw new AdminError('that agent no longer exists');
  if (a.kind !== 'llm') throw new AdminError(`${a.name} is a built-in baseline: people may always play it`);
  if (a.retired)
    throw new AdminError(`${retiredReason(a)}: ${a.archivedAt ? 'restore it first' : 'open that one instead'}`);
  await db.agent.update({ where: { id }, data: { playable } });
  return { name: a.name };
}

/** The tournaments that name each agent (evaluated, baseline, host or judge), by agent id: they need it to exist. */
async function tournamentsNaming(db: Db, ids: string[]): Promise<Map<string, string[]>> {
  if (ids.length === 0) return new Map();
  const rows = await db.$queryRaw<{ agent_id: string; name: string }[]>`
    SELECT a.id AS agent_id, t.name FROM unnest(${ids}::text[]) AS a(id)
    JOIN tournaments t ON t.config->'agentIds' @> to_jsonb(a.id) OR t.config->'baselineIds' @> to_jsonb(a.id)
      OR t.config->'hostIds' @> to_jsonb(a.id) OR t.config->>'judgeId' = a.id
    ORDER BY t.created_at`;
  const out = new Map<string, string[]>();
  for (const r of rows) out.set(r.agent_id, [...(out.get(r.agent_id) ?? []), r.name]);
  return out;
}

const plural = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;

/** Why an agent must be kept (archived, not deleted): the matches it played, what it judged, a tournament naming it. */
function keptBecause(
  a: { seats: number; judgments: number; calls?: number },
  tournaments: string[] | undefined,
): string | null {
  if (a.seats > 0) return `it has played ${plural(a.seats, 'match', 'matches')}`;
  if (a.judgments > 0) return `it has judged ${plural(a.judgments, 'description', 'descriptions')}`;
  if (a.calls && a.calls > 0) return `its calls to the model are on record (${plural(a.calls, 'call', 'calls')})`;
  if (tournaments?.length) return `the tournament "${tournaments[0]}" names it`;
  return null;
}

/**
 * Deletes an agent that never played: no match seat, no judgment, no recorded call, named by no tournament. An agent
 * that did is refused with the reason (archive it instead: its matches need it). Deleting the newest version of a
 * family brings back the version it replaced.
 */
export async function deleteAgent(db: Db, id: string): Promise<{ name: string; restored: string | null }> {
  try {
    return await deleteAgentNow(db, id);
  } catch (err) {
    // A match seated it between the check and the delete (the foreign key refuses): it has played now.
    if ((err as { code?: string }).code === 'P2003')
      throw new AdminError('that agent has just been given a match, so it cannot be deleted: archive it instead');
    throw err;
  }
}

async function deleteAgentNow(db: Db, id: string): Promise<{ name: string; restored: string | null }> {
  return db.$transaction(async (tx) => {
    // One agent at a time, so two admins cannot race a new tournament against the delete.
    await tx.$queryRaw`SELECT id FROM agents WHERE id = ${id} FOR UPDATE`;
    const a = await tx.agent.findUnique({
      where: { id },
      include: { _count: { select: { seats: true, judgments: true } } },
    });
    if (!a || a.kind === 'human') throw new AdminError('that agent no longer exists');
    const [calls] = await tx.$queryRaw<{ n: bigint }[]>`SELECT COUNT(*) AS n FROM llm_calls WHERE agent_id = ${id}`;
    const why = keptBecause(
      { ...a._count, calls: Number(calls?.n ?? 0) },
      (await tournamentsNaming(tx as unknown as Db, [id])).get(id),
    );
    if (why)
      throw new AdminError(
        `"${a.name}" cannot be deleted: ${why}. Archive it instead: it is no longer offered, and its matches and ratings stay`,
      );
    await tx.agent.delete({ where: { id } });
    // The version this one replaced (retired by the edit that made this one) is the family's current one again.
    let restored: string | null = null;
    if (!a.retired) {
      const previous = await tx.agent.findFirst({ where: { familyId: a.familyId }, orderBy: { version: 'desc' } });
      const current = await tx.agent.count({ where: { familyId: a.familyId, retired: false } });
      if (previous && current === 0 && previous.retired && !previous.archivedAt) {
        await tx.agent.update({ where: { id: previous.id }, data: { retired: false } });
        restored = previous.name;
      }
    }
    return { name: a.name, restored };
  });
}

/**
 * Archives an agent: retired (no longer offered for tournaments or people's games, refused by the scheduler) and hidden
 * from the admin's list; its matches and ratings stay. Matches already scheduled still play. `restore` undoes it.
 */
export async function archiveAgent(db: Db, id: string, archived = true): Promise<{ name: string }> {
  const a = await db.agent.findUnique({ where: { id } });
  if (!a || a.kind === 'human') throw new AdminError('that agent no longer exists');
  if (archived) {
    if (a.archivedAt) throw new AdminError(`"${a.name}" is already archived`);
    if (a.retired)
      throw new AdminError(`${retiredReason(a)}, so it is not offered any more: archive the newest version instead`);
    await db.agent.update({ where: { id }, data: { retired: true, archivedAt: new Date() } });
  } else {
    if (!a.archivedAt) throw new AdminError(`"${a.name}" is not archived`);
    const newer = await db.agent.count({ where: { familyId: a.familyId, version: { gt: a.version } } });
    if (newer > 0) throw new AdminError(`"${a.name}" has a newer version: restore that one`);
    await db.agent.update({ where: { id }, data: { retired: false, archivedAt: null } });
  }
  return { name: a.name };
}

type AdminAgentRow = Awaited<ReturnType<Db['agent']['findMany']>>[number] & {
  provider: { name: string } | null;
  _count: { seats: number; judgments: number };
};

async function toAdminViews(db: Db, rows: AdminAgentRow[]): Promise<AgentAdminView[]> {
  // Only agents that might be deletable need the tournaments looked up.
  const naming = await tournamentsNaming(
    db,
    rows.filter((r) => r._count.seats === 0 && r._count.judgments === 0).map((r) => r.id),
  );
  return rows.map((r) => ({
    id: r.id,
    name: r.name,
    kind: r.kind,
    providerId: r.providerId,
    providerName: r.provider?.name ?? null,
    model: r.model,
    temperature: r.temperature,
    maxTokens: r.maxTokens,
    scaffold: r.scaffold,
    promptVersion: r.promptVersion,
    depth: r.kind === 'engine' ? Number((r.settings as { depth?: number } | null)?.depth ?? 4) : null,
    promptSwitches: promptSwitchesOf(r.settings),
    vision: r.kind === 'llm' && visionOf(r.settings),
    rulesUpfront: r.kind === 'llm' && rulesUpfrontOf(r.settings),
    rap: r.kind === 'llm' ? (((r.settings as { rap?: object } | null)?.rap ?? {}) as AgentAdminView['rap']) : {},
    simulated: r.simulated,
    version: r.version,
    retired: r.retired,
    archived: r.archivedAt !== null,
    playable: isPlayable(r),
    matches: r._count.seats,
    keptBecause: keptBecause(r._count, naming.get(r.id)),
  }));
}
