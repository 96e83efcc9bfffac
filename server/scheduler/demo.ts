// The demo: the simulated OpenAI-compatible endpoint, the demo data (the simulated provider, the baseline and
// simulated-LLM agents, open to people; real-model agents when a key is set, not open to people until an admin says so:
// they cost money), and the demo tournaments when nothing is pending.
import type { Db } from '../../lib/db/client';
import { PROMPT_VERSION } from '../agents/llm';
import { encryptSecret } from '../../lib/secrets';
import type { PgBoss } from 'pg-boss';
import { games } from '../../games/registry';
import { TASKS } from '../../games/simulbench/tasks';
import type { GameDef } from '../../lib/engine/types';
import type { ArenaConfig } from '../config';
import { startSimulatedEndpoint } from '../llm/simulated';
import { createTournament } from './tournaments';

export const SIMULATED_PROVIDER = 'Simulated (OpenAI-compatible)';

/**
 * Creates or refreshes the demo agents. Returns the ids of those that play the demo round robin (`agentIds`), and
 * for the N-player games' host/guest demo the simulated models evaluated there (`guestIds`) and their simulated
 * hosts (`hostIds`); both empty without the simulated endpoint. `collectorId`: the simulator of the SimulBench demo.
 */
export async function seedDemo(
  db: Db,
  opts: { simulatedUrl: string | null; openai?: { apiKey: string; baseUrl: string; models: string[] } },
): Promise<{
  agentIds: string[];
  guestIds: string[];
  hostIds: string[];
  planners: { ids: string[]; baselineIds: string[] };
  collectorId: string | null;
}> {
  const ids: string[] = [];
  const planners: { ids: string[]; baselineIds: string[] } = { ids: [], baselineIds: [] };
  const guestIds: string[] = [];
  const hostIds: string[] = [];
  let collectorId: string | null = null;
  /**
   * `created`: set only when the agent is new (an admin's later choice, e.g. withdrawing it from people, is kept). An
   * agent an admin archived (or replaced by a newer version) stays as it is and plays no demo: null.
   */
  const upsertAgent = async (name: string, data: Record<string, unknown>, created: Record<string, unknown> = {}) => {
    const old = await db.agent.findUnique({
      where: { name },
      select: { id: true, retired: true, promptVersion: true, _count: { select: { seats: true } } },
    });
    if (old?.retired) return null;
    // New prompts make a new agent: one that played under an older prompt version keeps its matches and ratings under
    // its own name (retired), and the demo goes on with a fresh agent of the current version.
    if (old && 'promptVersion' in data && old.promptVersion !== data.promptVersion && old._count.seats > 0) {
      await db.agent.update({
        where: { id: old.id },
        data: { retired: true, playable: false, name: `${name} (prompts ${old.promptVersion ?? 'unversioned'})` },
      });
      return (await db.agent.create({ data: { name, ...data, ...created } as never })).id;
    }
    const a = await db.agent.upsert({ where: { name }, update: data, create: { name, ...data, ...created } as never });
    return a.id;
  };
  const push = (list: string[], id: string | null) => {
    if (id) list.push(id);
  };
  // The simulated models cost nothing: people may play them from the first start (the demo's Play page).
  const forPeople = { playable: true };
  const random = await upsertAgent('Random', { kind: 'random' });
  push(ids, random);
  push(planners.baselineIds, random);
  push(ids, await upsertAgent('Engine', { kind: 'engine', settings: { depth: 4 } }));
  if (opts.simulatedUrl) {
    const p = await db.provider.upsert({
      where: { name: SIMULATED_PROVIDER },
      update: { baseUrl: opts.simulatedUrl, simulated: true },
      create: {
        name: SIMULATED_PROVIDER,
        baseUrl: opts.simulatedUrl,
        models: ['sim-careful', 'sim-sloppy', 'sim-random'],
        simulated: true,
      },
    });
    const llm = (model: string, scaffold: string) => ({
      kind: 'llm',
      providerId: p.id,
      model,
      scaffold,
      temperature: 0.7,
      maxTokens: 512,
      promptVersion: PROMPT_VERSION,
      simulated: true,
    });
    push(guestIds, await upsertAgent('sim-careful · cot (simulated)', llm('sim-careful', 'cot'), forPeople));
    push(guestIds, await upsertAgent('sim-sloppy · base (simulated)', llm('sim-sloppy', 'base'), forPeople));
    ids.push(...guestIds);
    // The villagers of the Who-is-the-spy demo, where each evaluated agent plays the spy.
    push(hostIds, await upsertAgent('sim-careful · base (simulated)', llm('sim-careful', 'base'), forPeople));
    // GameBench's RAP scaffold, searching with the simulated model (a light search: 3 iterations of 3 candidates, so a
    // move takes seconds, not minutes); it plays its own small gauntlet, not the round robin.
    push(
      planners.ids,
      await upsertAgent('sim-careful · rap (simulated)', {
        ...llm('sim-careful', 'rap'),
        settings: { rap: { iterations: 3, candidates: 3 } },
      }),
    );
    // SimulBench's simulator, on a model neither target runs: a target on the simulator's model is not put to people's
    // blind votes (its answers are its replies in the dialogues: lib/db/simulbench/blind.ts).
    collectorId = await upsertAgent('sim-random · base (simulated)', llm('sim-random', 'base'));
  }
  if (opts.openai) {
    const o = opts.openai;
    const p = await db.provider.upsert({
      where: { name: 'OpenAI-compatible (from OPENAI_API_KEY)' },
      update: { baseUrl: o.baseUrl, models: o.models, apiKeyEnc: encryptSecret(o.apiKey), simulated: false },
      create: {
        name: 'OpenAI-compatible (from OPENAI_API_KEY)',
        baseUrl: o.baseUrl,
        models: o.models,
        apiKeyEnc: encryptSecret(o.apiKey),
      },
    });
    for (const model of o.models) {
      for (const scaffold of ['base', 'cot']) {
        await upsertAgent(`${model} · ${scaffold}`, {
          kind: 'llm',
          providerId: p.id,
          model,
          scaffold,
          temperature: 0.7,
          maxTokens: 1024,
          promptVersion: PROMPT_VERSION,
          simulated: false,
        });
      }
    }
  }
  return { agentIds: ids, guestIds, hostIds, planners, collectorId };
}

/** The agents `seedDemo` returns, which the demo tournaments play. */
export type DemoAgents = Awaited<ReturnType<typeof seedDemo>>;

/** The settings the demo takes from the configuration (server/config.ts). */
export type DemoConfig = Pick<
  ArenaConfig,
  | 'ARENA_DEMO'
  | 'ARENA_ROLE'
  | 'ARENA_SIM_PORT'
  | 'ARENA_SIM_LATENCY_MS'
  | 'ARENA_DEMO_SEEDS_PER_PAIR'
  | 'OPENAI_API_KEY'
  | 'OPENAI_BASE_URL'
  | 'OPENAI_MODELS'
>;

/**
 * The demo's first step, at start-up before any match runs: the simulated OpenAI-compatible endpoint (all-in-one
 * processes with ARENA_DEMO only; labelled simulated everywhere it appears), then the agents seeded (the baselines
 * always, real-model agents with OPENAI_API_KEY). Returns the second step, `schedule`, for once the workers run: the
 * demo tournaments, queued when nothing is pending (nothing without the demo).
 */
export async function startDemo(
  db: Db,
  cfg: DemoConfig,
  opts: { onStop: (stop: () => Promise<unknown>) => void; log: (line: string) => void },
): Promise<{ schedule: (boss: PgBoss) => Promise<void> }> {
  let simulatedUrl: string | null = null;
  const demo = cfg.ARENA_DEMO && cfg.ARENA_ROLE === 'all';
  if (demo) {
    const sim = await startSimulatedEndpoint({ port: cfg.ARENA_SIM_PORT, latencyMs: cfg.ARENA_SIM_LATENCY_MS });
    opts.onStop(() => sim.close());
    simulatedUrl = sim.url;
    opts.log(`simulated OpenAI-compatible endpoint at ${sim.url}`);
  }
  const agents = await seedDemo(db, {
    simulatedUrl,
    openai: cfg.OPENAI_API_KEY
      ? { apiKey: cfg.OPENAI_API_KEY, baseUrl: cfg.OPENAI_BASE_URL, models: cfg.OPENAI_MODELS }
      : undefined,
  });
  return {
    schedule: async (boss) => {
      if (demo) await scheduleDemo(db, boss, agents, { seedsPerPair: cfg.ARENA_DEMO_SEEDS_PER_PAIR, log: opts.log });
    },
  };
}

/** The demo tournaments' jobs run below everything an admin schedules (pg-boss takes higher priorities first). */
const DEMO_PRIORITY = -10;

/** The settings the demo plays the games with, for those that have their own (games' `demoConfig`). */
const demoConfigs = (gs: readonly GameDef[]) =>
  Object.fromEntries(gs.flatMap((g) => (g.demoConfig === null ? [] : [[g.id, g.demoConfig]])));

/**
 * The demo tournaments, when no match is queued or running (a restart does not pile up demos): host/guest for the
 * N-player games and judged evaluations, a round robin of the two-seat and team games, GameBench's RAP agent against
 * Random, and a short SimulBench evaluation. Each needs its agents: one an admin archived is left out.
 */
export async function scheduleDemo(
  db: Db,
  boss: PgBoss,
  { agentIds, guestIds, hostIds, planners, collectorId }: DemoAgents,
  opts: { seedsPerPair: number; log: (line: string) => void },
): Promise<void> {
  const open = await db.match.count({ where: { status: { in: ['queued', 'running'] } } });
  if (open > 0) return;
  const { log } = opts;
  const stamp = new Date().toISOString().slice(0, 16).replace('T', ' ');
  // N-player games and judged evaluations (Who is the spy, the flagship chat game, queued first so it is on screen
  // at once; DEEP): each simulated model is the guest (the spy, the describer) among simulated hosts (the judges).
  const group = games.filter(
    (g) => ((g.meta.minPlayers > 2 && !g.meta.sides) || g.meta.scoring === 'evaluation') && !g.meta.scheduledBy,
  );
  if (group.length && hostIds.length && guestIds.length) {
    const hostGuest = await createTournament(
      db,
      boss,
      {
        name: `Demo host/guest ${stamp}`,
        format: 'host-guest',
        gameIds: group.map((g) => g.id),
        agentIds: guestIds,
        hostIds,
        gamesPerGuest: opts.seedsPerPair * 2,
        // Each game's demo settings (a short Hold'em risk probe, so the demo shows every game soon).
        gameConfigs: demoConfigs(group),
        // A simulated consistency judge scores every spy description after its match.
        judgeId: hostIds[0],
      },
      { priority: DEMO_PRIORITY },
    );
    log(`demo host/guest tournament scheduled: ${hostGuest.matches} matches`);
  }
  // Two-seat games, and team games side against side (one agent commands a whole side).
  const twoSeat = games.filter(
    (g) => ((g.meta.minPlayers <= 2 && g.meta.maxPlayers >= 2) || g.meta.sides) && g.meta.scoring !== 'evaluation',
  );
  // An admin may have archived demo agents: the demo round robin needs two.
  if (agentIds.length >= 2) {
    const { matches } = await createTournament(
      db,
      boss,
      {
        name: `Demo round robin ${stamp}`,
        format: 'round-robin',
        gameIds: twoSeat.map((g) => g.id),
        agentIds,
        gamesPerPair: opts.seedsPerPair * 2,
        gameConfigs: demoConfigs(twoSeat),
      },
      { priority: DEMO_PRIORITY },
    );
    log(`demo tournament scheduled: ${matches} matches`);
  }
  // GameBench's RAP agent (a tree search before each move) against Random: two short games, one on each seat, of the
  // first two-seat game of perfect information without chance (the registry lists the small games first), where the
  // model's predicted next states can be exact.
  const rapGame = twoSeat.find(
    (g) => g.meta.maxPlayers === 2 && !g.meta.sides && g.meta.info === 'perfect' && !g.meta.chance,
  );
  if (rapGame && planners.ids.length && planners.baselineIds.length) {
    const { matches } = await createTournament(
      db,
      boss,
      {
        name: `Demo RAP gauntlet ${stamp}`,
        format: 'gauntlet',
        gameIds: [rapGame.id],
        agentIds: planners.ids,
        baselineIds: planners.baselineIds,
        gamesPerPair: 2,
        // Just above the rest of the demo (two matches, two of the workers for a minute), so that a visitor sees a
        // search soon after the start.
      },
      { priority: DEMO_PRIORITY + 1 },
    );
    log(`demo RAP gauntlet scheduled: ${matches} matches`);
  }
  // SimulBench: the simulated models as targets; a simulated user agent, simulator and judge; one stateless and one
  // stateful task, one short dialogue each, then the scripts, ratings and comparisons.
  if (guestIds.length >= 2 && hostIds.length) {
    const tasks = [TASKS.find((t) => t.kind === 'stateless'), TASKS.find((t) => t.kind === 'stateful')].flatMap((t) =>
      t ? [t.id] : [],
    );
    const { matches } = await createTournament(
      db,
      boss,
      {
        name: `Demo SimulBench ${stamp}`,
        format: 'simulbench',
        agentIds: guestIds,
        userAgentId: hostIds[0],
        // A careless model collects, as the paper's weaker GPT-3.5 did: its slips make the challenging turns. It is
        // neither target, so people can vote blind on both targets' answers (lib/db/simulbench/blind.ts).
        simulatorId: collectorId ?? guestIds[1],
        judgeId: hostIds[0],
        taskIds: tasks,
        dialoguesPerTask: 1,
        turns: 3,
      },
      { priority: DEMO_PRIORITY + 1 },
    );
    log(`demo SimulBench evaluation scheduled: ${matches} dialogues`);
  }
}
