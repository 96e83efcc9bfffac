// One OpenAI SDK client per provider endpoint, reused across matches.
import OpenAI from 'openai';
import { decryptSecret } from '../secrets';

const clients = new Map<string, OpenAI>();

export interface ProviderRef {
  id: string;
  baseUrl: string;
  apiKeyEnc: string | null;
}

/** Request timeout and retry budget for provider calls (retries use the SDK's backoff, honouring Retry-After). */
export const llmCallPolicy = {
  timeoutMs: Number(process.env.ARENA_LLM_TIMEOUT_MS ?? 60_000),
  maxRetries: Number(process.env.ARENA_LLM_MAX_RETRIES ?? 3),
};

export function clientFor(p: ProviderRef): OpenAI {
  const cacheKey = `${p.id}|${p.baseUrl}|${p.apiKeyEnc ?? ''}`;
  let c = clients.get(cacheKey);
  if (!c) {
    c = new OpenAI({
      baseURL: p.baseUrl,
      // Local servers (vLLM, Ollama, llama.cpp, the simulated endpoint) accept any key.
      apiKey: p.apiKeyEnc ? decryptSecret(p.apiKeyEnc) : 'no-key',
      timeout: llmCallPolicy.timeoutMs,
      maxRetries: llmCallPolicy.maxRetries,
    });
    clients.set(cacheKey, c);
  }
  return c;
}
