// Demo data: the simulated provider, the baseline and simulated-LLM agents (open to people), real-model agents when a
// key is set (not open to people until an admin says so: they cost money).
import type { Db } from '../../lib/db';
import { PROMPT_VERSION } from '../agents/llm';
import { encryptSecret } from '../../lib/secrets';

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
    // blind votes (its answers are its replies in the dialogues: lib/simulbench/blind.ts).
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
