// Turns an agent row from the database into a player the runner can ask for moves.
import { z } from 'zod';
import type { AgentRow } from '../workers/store';
import { clientFor } from '../llm/clients';
import { engineAgent } from './engine';
import { humanAgent, type HumanBridge } from './human';
import { SCAFFOLD_IDS, type Scaffold } from '../../lib/agents/scaffolds';
import type { RulesMode } from '../../lib/agents/explain';
import { gamebenchGptAgent } from './gamebench-gpt';
import { llmAgent } from './llm';
import { rapAgent } from './rap';
import { rapSettingsSchema } from '../../lib/agents/rap';
import { randomAgent } from './random';
import type { Agent } from './types';

const engineSettingsSchema = z.object({ depth: z.number().int().min(1).max(12).optional() }).passthrough();
/**
 * An LLM agent's settings: its ablation switches (ids from the games' `meta.promptSwitches`) and whether it is sent
 * the board as an image (`vision`).
 */
const llmSettingsSchema = z
  .object({
    promptSwitches: z.array(z.string()).optional(),
    vision: z.boolean().optional(),
    rulesUpfront: z.boolean().optional(),
    rap: rapSettingsSchema.partial().optional(),
  })
  .passthrough();

/**
 * How an agent gets the rules topics: prompt version v1 played before Explain existed and keeps playing as it did;
 * later versions ask with Explain(topic), or get every topic up front (the `rulesUpfront` setting).
 */
export function rulesModeOf(promptVersion: string | null | undefined, rulesUpfront: boolean | undefined): RulesMode {
  if (!promptVersion || promptVersion === 'v1') return 'none';
  return rulesUpfront ? 'upfront' : 'explain';
}

/** The agent's scaffold: any of SCAFFOLD_IDS (an unknown or missing one plays as `base`). */
export function scaffoldOf(id: string | null | undefined): Scaffold {
  return (SCAFFOLD_IDS as readonly string[]).includes(id ?? '') ? (id as Scaffold) : 'base';
}

/** `humans`: where a person's seat waits for their moves (this process's bridge unless a test passes its own). */
export function createAgent(row: AgentRow, humans?: HumanBridge): Agent {
  switch (row.kind) {
    case 'random':
      return randomAgent;
    case 'engine':
      return engineAgent(engineSettingsSchema.parse(row.settings ?? {}));
    case 'llm': {
      if (!row.provider || !row.model) throw new Error(`agent ${row.name} has no provider or model`);
      const settings = llmSettingsSchema.parse(row.settings ?? {});
      const scaffold = scaffoldOf(row.scaffold);
      // What every LLM player is given: the endpoint, the model, its sampling, switches and rules mode.
      const common = {
        client: clientFor(row.provider),
        prices: row.provider,
        model: row.model,
        scaffold,
        temperature: row.temperature,
        maxTokens: row.maxTokens,
        switches: settings.promptSwitches ?? [],
        rules: rulesModeOf(row.promptVersion, settings.rulesUpfront),
      };
      if (scaffold === 'rap') return rapAgent({ ...common, rap: settings.rap ?? {} });
      // GameBench's own agent: its system message and menus, not the game's prompts; no image, no Explain(topic) of the
      // arena's (its own Explain(H<n>) reads the rules' headings).
      if (scaffold === 'gamebench-gpt' || scaffold === 'gamebench-gpt-cot')
        return gamebenchGptAgent({ ...common, mode: scaffold === 'gamebench-gpt' ? 0 : 1 });
      return llmAgent({ ...common, vision: settings.vision ?? false });
    }
    case 'human':
      return humanAgent(humans);
    default:
      throw new Error(`agent ${row.name} has kind "${row.kind}", which cannot play server-side yet`);
  }
}
