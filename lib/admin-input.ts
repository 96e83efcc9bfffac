// What the admin's provider and agent forms accept (zod schemas, refusals as AdminError in words the admin can act on),
// and the pure rules around them: which address a stored key may go to, what makes an agent's identity (what plays),
// why a retired agent is no longer offered. Shared by the forms, the server actions, lib/db, the scheduler and the CLI.
import { z } from 'zod';
import { games } from '../games/registry';
import { PROMPT_VERSION, SCAFFOLD_IDS } from './agents/scaffolds';
import { UserError } from './errors';
import { parseOr } from './validation';

/** A readable refusal: the message is shown to the admin as is. */
export class AdminError extends UserError {
  override name = 'AdminError';
}

/** Form fields arrive as strings: '' means "not set". */
const blankToNull = (v: unknown) => (v === '' || v === undefined ? null : typeof v === 'string' ? Number(v) : v);
const optionalLimit = z.preprocess(
  blankToNull,
  z.number({ error: 'enter a whole number' }).int('enter a whole number').positive('must be more than 0').nullable(),
);
const price = z.preprocess(
  (v) => (v === '' || v == null ? 0 : typeof v === 'string' ? Number(v) : v),
  z.number({ error: 'enter a price' }).min(0, 'a price cannot be negative').max(1000),
);
const optionalNumber = (schema: z.ZodNumber) => z.preprocess(blankToNull, schema.nullable());

export const baseUrlSchema = z
  .string()
  .trim()
  .url('enter a URL such as http://localhost:8000/v1')
  .refine((u) => /^https?:\/\//.test(u), 'the base URL must start with http:// or https://')
  .transform((u) => u.replace(/\/+$/, ''));

export const modelPricesSchema = z.record(
  z.string().min(1).max(200),
  z.object({ in: z.number().min(0), out: z.number().min(0) }).strict(),
);

export const providerInputSchema = z
  .object({
    /** Present when editing. */
    id: z.string().min(1).max(64).optional(),
    name: z.string().trim().min(1, 'give the provider a name').max(80),
    baseUrl: baseUrlSchema,
    /** A new key; blank keeps the stored one (on edit). */
    apiKey: z.string().trim().max(1000).optional(),
    clearApiKey: z.boolean().default(false),
    models: z.array(z.string().trim().min(1).max(200)).max(500).default([]),
    rpm: optionalLimit,
    tpm: optionalLimit,
    maxConcurrent: optionalLimit,
    priceInPer1k: price,
    priceOutPer1k: price,
    modelPrices: modelPricesSchema.default({}),
    /** US dollars per UTC day for matches with a person in a seat; blank = no cap. */
    peopleDailyBudgetUsd: z
      .preprocess(
        blankToNull,
        z
          .number({ error: 'enter an amount in US dollars' })
          .min(0, 'a budget cannot be negative')
          .max(1_000_000)
          .nullable(),
      )
      .default(null),
    simulated: z.boolean().default(false),
  })
  .strict()
  .superRefine((p, ctx) => {
    // Without prices every call is recorded at $0, so a budget would never run out: refuse it rather than pretend.
    const priced =
      p.priceInPer1k > 0 || p.priceOutPer1k > 0 || Object.values(p.modelPrices).some((m) => m.in > 0 || m.out > 0);
    if (p.peopleDailyBudgetUsd !== null && p.peopleDailyBudgetUsd > 0 && !priced) {
      ctx.addIssue({
        code: 'custom',
        path: ['peopleDailyBudgetUsd'],
        message: "set this provider's prices first (without them every call costs $0 and the budget never runs out)",
      });
    }
  });

/**
 * Whether two base URLs are the same endpoint (scheme, host, port and path; case of the host and trailing slashes
 * aside). A stored key is only ever sent to the endpoint it was saved for.
 */
export function sameEndpoint(a: string, b: string): boolean {
  const norm = (u: string) => {
    try {
      const x = new URL(u.trim());
      return `${x.protocol}//${x.host}${x.pathname.replace(/\/+$/, '')}${x.search}`;
    } catch {
      return u.trim().replace(/\/+$/, '');
    }
  };
  return norm(a) === norm(b);
}

/** The refusal when a stored key would go to another address than the one it was saved for. */
export const KEY_AGAIN = 'the base URL changed: enter the API key again (a stored key is never sent to a new address)';

const agentName = z.string().trim().min(1, 'give the agent a name').max(80);

/** Every game's ablation switches, with the game they belong to. */
export const PROMPT_SWITCHES = games.flatMap((g) =>
  (g.meta.promptSwitches ?? []).map((sw) => ({ ...sw, gameId: g.id })),
);
const PROMPT_SWITCH_IDS: string[] = PROMPT_SWITCHES.map((sw) => sw.id);

/** The switches stored in an agent's settings. */
export function promptSwitchesOf(settings: unknown): string[] {
  const list = (settings as { promptSwitches?: unknown } | null)?.promptSwitches;
  return Array.isArray(list) ? list.filter((x): x is string => typeof x === 'string') : [];
}

/** Whether an LLM agent's settings send it the board as an image (`vision`). */
export function visionOf(settings: unknown): boolean {
  return (settings as { vision?: unknown } | null)?.vision === true;
}

/** Whether an LLM agent's settings give it every rules topic up front instead of Explain(topic) (`rulesUpfront`). */
export function rulesUpfrontOf(settings: unknown): boolean {
  return (settings as { rulesUpfront?: unknown } | null)?.rulesUpfront === true;
}
const agentId = z.string().min(1).max(64).optional();

export const agentInputSchema = z.discriminatedUnion('kind', [
  z
    .object({
      id: agentId,
      name: agentName,
      kind: z.literal('llm'),
      providerId: z.string().min(1, 'pick a provider'),
      model: z.string().trim().min(1, 'pick or type a model').max(200),
      temperature: optionalNumber(z.number().min(0, 'temperature is 0 to 2').max(2, 'temperature is 0 to 2')),
      maxTokens: optionalNumber(z.number().int('max tokens is a whole number').min(1).max(200_000)),
      scaffold: z.enum(SCAFFOLD_IDS, { error: `the scaffold is one of ${SCAFFOLD_IDS.join(', ')}` }),
      promptVersion: z.string().trim().min(1).max(32).default(PROMPT_VERSION),
      /** Ablation switches (the games' `meta.promptSwitches`), e.g. SpyGame's "without reasoning". */
      promptSwitches: z
        .array(
          z.string().refine((id) => PROMPT_SWITCH_IDS.includes(id), {
            error: (iss) => `"${String(iss.input)}" is not a prompt switch of any game`,
          }),
        )
        .max(20)
        .default([]),
      /**
       * Send the board as a rendered PNG beside the text, in games that draw one (their `image` hook): GameBench gave
       * Hive to models as an image. Part of what plays.
       */
      vision: z.boolean().default(false),
      /**
       * Every rules topic in the system prompt instead of GameBench's Explain(topic) (prompt version v2 onwards), so the
       * effect of withholding can be measured. Part of what plays.
       */
      rulesUpfront: z.boolean().default(false),
      /** The RAP scaffold's search (lib/agents/rap.ts): depth, iterations, candidates per node; blank = GameBench's. Part of what plays. */
      rapDepth: optionalNumber(
        z.number().int('the depth is a whole number').min(1, 'the depth is 1 to 4').max(4, 'the depth is 1 to 4'),
      ),
      rapIterations: optionalNumber(
        z
          .number()
          .int('iterations are a whole number')
          .min(1, 'iterations are 1 to 50')
          .max(50, 'iterations are 1 to 50'),
      ),
      rapCandidates: optionalNumber(
        z
          .number()
          .int('candidates are a whole number')
          .min(2, 'candidates are 2 to 10')
          .max(10, 'candidates are 2 to 10'),
      ),
      /** People may pick it on the Play page (lib/play.ts); absent = unchanged (new agents: no). Not part of what plays. */
      playable: z.boolean().optional(),
    })
    .strict(),
  z.object({ id: agentId, name: agentName, kind: z.literal('random') }).strict(),
  z
    .object({
      id: agentId,
      name: agentName,
      kind: z.literal('engine'),
      depth: z
        .preprocess(blankToNull, z.number().int().min(1, 'depth is 1 to 12').max(12, 'depth is 1 to 12').nullable())
        .default(4),
    })
    .strict(),
]);

/** The fields that decide how an agent plays; changing any of them after it has played makes a new version. */
export function identityOf(a: {
  kind: string;
  providerId: string | null;
  model: string | null;
  temperature: number | null;
  maxTokens: number | null;
  scaffold: string | null;
  promptVersion: string | null;
  settings: unknown;
}): string {
  return JSON.stringify([
    a.kind,
    a.providerId,
    a.model,
    a.temperature,
    a.maxTokens,
    a.scaffold,
    a.promptVersion,
    sortedKeys(a.settings ?? {}),
  ]);
}

/** The settings with their keys in one order: Postgres' jsonb keeps its own (shorter keys first), not the order written. */
function sortedKeys(v: unknown): unknown {
  if (Array.isArray(v)) return v.map(sortedKeys);
  if (typeof v !== 'object' || v === null) return v;
  return Object.fromEntries(
    Object.keys(v)
      .sort()
      .map((k) => [k, sortedKeys((v as Record<string, unknown>)[k])]),
  );
}

/**
 * Why an agent is no longer offered, in words: archived by an admin, or replaced by a newer version. The one wording
 * for the admin pages, the tournament scheduler and the Play page.
 */
export function retiredReason(a: { name: string; archivedAt?: Date | null }): string {
  return a.archivedAt ? `${a.name} has been archived` : `${a.name} has been replaced by a newer version`;
}

export function parseOrThrow<S extends z.ZodType>(schema: S, raw: unknown): z.output<S> {
  return parseOr(schema, raw, (m) => new AdminError(m));
}
