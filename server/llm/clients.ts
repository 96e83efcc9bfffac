// One OpenAI SDK client per provider endpoint, reused across matches; every call goes through the provider's limiter.
import OpenAI from 'openai';
import { decryptSecret } from '../../lib/secrets';
import { limitedFetch, limiterFor, type ProviderLimits } from './limits';

const clients = new Map<string, OpenAI>();

export interface ProviderRef {
  id: string;
  baseUrl: string;
  apiKeyEnc: string | null;
  /** Requests per minute; null/absent = unlimited. */
  rpm?: number | null;
  /** Tokens per minute (from responses' `usage`); null/absent = unlimited. */
  tpm?: number | null;
  /** Requests in flight at once; null/absent = unlimited. */
  maxConcurrent?: number | null;
}

/**
 * Request timeout and retry budget for provider calls. The SDK's retries (with its backoff, honouring
 * Retry-After) cover timeouts, network errors and 5xx; 429s are first re-sent by the provider's limiter
 * (server/llm/limits.ts) after a cool-down shared by every call to that provider. The timeout covers the
 * whole call, time queued behind the provider's limits included.
 */
export const llmCallPolicy = {
  timeoutMs: Number(process.env.ARENA_LLM_TIMEOUT_MS ?? 60_000),
  maxRetries: Number(process.env.ARENA_LLM_MAX_RETRIES ?? 3),
};

function limitsOf(p: ProviderRef): ProviderLimits {
  return { rpm: p.rpm ?? null, tpm: p.tpm ?? null, maxConcurrent: p.maxConcurrent ?? null };
}

export function clientFor(p: ProviderRef): OpenAI {
  // One limiter per provider id, updated in place when an admin changes the limits (cached clients keep it).
  const limiter = limiterFor(p.id, limitsOf(p));
  const cacheKey = `${p.id}|${p.baseUrl}|${p.apiKeyEnc ?? ''}`;
  let c = clients.get(cacheKey);
  if (!c) {
    c = new OpenAI({
      baseURL: p.baseUrl,
      // Local servers (vLLM, Ollama, llama.cpp, the simulated endpoint) accept any key.
      apiKey: p.apiKeyEnc ? decryptSecret(p.apiKeyEnc) : 'no-key',
      timeout: llmCallPolicy.timeoutMs,
      maxRetries: llmCallPolicy.maxRetries,
      fetch: limitedFetch(limiter),
    });
    clients.set(cacheKey, c);
  }
  return c;
}
