// One OpenAI SDK client per provider endpoint, reused across matches, and `callModel`, the one way the arena asks a model.
import { setTimeout as sleep } from 'node:timers/promises';
import OpenAI, { APIConnectionTimeoutError, APIError, APIUserAbortError } from 'openai';
import { z } from 'zod';
import { decryptSecret } from '../../lib/secrets';
import type { CallPurpose } from '../../lib/exports';
import { callCost, type Prices } from '../../lib/pricing';
import { InfraError, type CallRecord } from '../agents/types';
import { defaultConfig, llmCallSettings } from '../config';
import { withImagePlaceholders, type ContentPart } from './images';
import { limitedFetch, limiterFor, type ProviderLimits } from './limits';
import { modelCallErrors, modelCallSeconds, providerLabel } from '../prometheus';

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
 * Request timeout and retry budget for provider calls: the configured ones (ARENA_LLM_TIMEOUT_MS, ARENA_LLM_MAX_RETRIES,
 * ARENA_LLM_BACKOFF_MS, checked in server/config.ts), set once at start-up by `configureLlmCalls`; the defaults until then.
 * - HTTP 408/409/429/5xx and connection failures (refused, reset or timed out before the response headers) are
 *   retried by the SDK (`maxRetries` times, 0.5 s doubling to 8 s, honouring Retry-After); 429s are first re-sent
 *   by the provider's limiter (server/llm/limits.ts) after a cool-down shared by every call to that provider (in every
 *   process, once server/main.ts has called `configureSharedLimits`: see server/llm/shared-limits.ts).
 * - A response the SDK accepts but that is no chat completion (a connection cut mid-body, invalid JSON, an HTML
 *   page, no choices, a choice without a message) is re-sent by `callModel`, also `maxRetries` times, after
 *   `backoffMs` doubling up to `maxBackoffMs`, less up to 25 % jitter.
 * The timeout covers one whole HTTP request, time queued behind the provider's limits included.
 */
export const llmCallPolicy = { ...llmCallSettings(defaultConfig), maxBackoffMs: 8_000 };

/** Sets the policy from the configuration (server/main.ts, before any client is made: clients keep what they were made with). */
export function configureLlmCalls(settings: ReturnType<typeof llmCallSettings>): void {
  Object.assign(llmCallPolicy, settings);
}

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

// ───────────────────────────── asking a model ─────────────────────────────

/**
 * One message of a request. A user message may be content parts (OpenAI's format): text beside an image, for agents
 * with the `vision` setting (server/agents/llm.ts).
 */
export type ChatMessage =
  { role: 'system' | 'assistant'; content: string } | { role: 'user'; content: string | ContentPart[] };

export interface ChatRequest {
  /** What the call is for; every CallRecord of it carries this (the `purpose` column of llm_calls). */
  purpose: CallPurpose;
  model: string;
  messages: ChatMessage[];
  temperature?: number | null;
  maxTokens?: number | null;
  /** Provider prices, for each request's cost. */
  prices?: Prices;
  /** Ask for the first tokens' log-probabilities too (OpenAI's `logprobs` with this many `top_logprobs`). */
  topLogprobs?: number;
  /** OpenAI's `response_format` (GameBench's agent asks for `json_object`). */
  responseFormat?: { type: 'json_object' };
}

export interface ChatOptions {
  /** Aborts the call (a request in flight, or the wait before a retry). */
  signal?: AbortSignal;
  /** The InfraError's message when `signal` aborts (default "the request was aborted"). */
  abortedMessage?: string;
}

/** A well-formed chat completion: the model's answer, which may still be empty, a refusal or cut short. */
export interface ChatReply {
  /** The first choice's text; '' when the model sent none. */
  text: string;
  refusal: string | null;
  finishReason: string | null;
  /** The request that got this reply (its `reply` is `text`). */
  call: CallRecord;
  /** The first token's most likely alternatives with their log-probabilities, when asked for and the provider gave them. */
  topLogprobs: { token: string; logprob: number }[] | null;
  /** Earlier requests for it that failed at the transport or protocol level and were sent again, oldest first. */
  failedCalls: CallRecord[];
}

/** Content as text, or as a list of parts (some providers) whose text parts are joined. */
const contentSchema = z.union([z.string(), z.array(z.object({ type: z.string(), text: z.string().optional() }))], {
  error: 'a message whose content is neither text nor null',
});

const completionSchema = z.object({
  choices: z.array(z.unknown(), { error: 'a body whose "choices" is not a list' }).min(1, { error: 'no choices' }),
});

const firstChoiceSchema = z.object(
  {
    message: z.object(
      { content: contentSchema.nullish(), refusal: z.string().nullish() },
      { error: 'a choice without a message' },
    ),
    finish_reason: z.unknown().optional(),
    /** OpenAI's logprobs: for each token of the reply, its top alternatives (read for the first token only). */
    logprobs: z.unknown().optional(),
  },
  { error: 'a choice that is not an object' },
);

/** The first token's alternatives, when the provider sent logprobs in OpenAI's shape; anything else reads as none. */
const firstTokenSchema = z.object({
  content: z.array(z.object({ top_logprobs: z.array(z.object({ token: z.string(), logprob: z.number() })) })).min(1),
});
function firstTokenLogprobs(logprobs: unknown): { token: string; logprob: number }[] | null {
  const r = firstTokenSchema.safeParse(logprobs);
  return r.success ? r.data.content[0]!.top_logprobs : null;
}

/** One line of at most `max` characters, for error messages. */
function snippet(s: string, max = 120): string {
  const one = s.replace(/\s+/g, ' ').trim();
  return one.length > max ? `${one.slice(0, max)}…` : one;
}

function isObject(v: unknown): v is Record<string, unknown> {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}

/** Token counts of a body's `usage`, when it has one (a malformed reply may still be billed). */
function usageOf(body: unknown): { tokensIn: number | null; tokensOut: number | null } {
  const u = isObject(body) && isObject(body.usage) ? body.usage : {};
  const n = (v: unknown) => (typeof v === 'number' && Number.isFinite(v) && v >= 0 ? v : null);
  return { tokensIn: n(u.prompt_tokens), tokensOut: n(u.completion_tokens) };
}

type Read =
  | {
      ok: true;
      text: string;
      refusal: string | null;
      finishReason: string | null;
      topLogprobs: { token: string; logprob: number }[] | null;
    }
  | { ok: false; reason: string; retry: boolean; aborted?: true };

/** What the SDK handed back; JSON sent with another content type arrives as a string and is parsed here. */
function bodyOf(data: unknown): unknown {
  if (typeof data !== 'string' || !/^\s*\{/.test(data)) return data;
  try {
    return JSON.parse(data);
  } catch {
    return data; // not JSON: reported as what it is
  }
}

/** Checks that a response the SDK accepted is a chat completion, and takes the model's answer out of it. */
function readCompletion(body: unknown, response: Response): Read {
  if (!isObject(body)) {
    const type = response.headers.get('content-type')?.split(';')[0]?.trim() || 'no content type';
    const shown =
      body === undefined || body === ''
        ? 'empty body'
        : `"${snippet(typeof body === 'string' ? body : JSON.stringify(body))}"`;
    return {
      ok: false,
      retry: true,
      reason: `provider returned a ${response.status} response that is not a chat completion (${type}: ${shown})`,
    };
  }
  // Some gateways report an upstream failure as a 200 whose body is `{"error": …}`.
  if (body.error != null && body.choices === undefined) {
    const e = body.error;
    const what = isObject(e) && typeof e.message === 'string' ? e.message : JSON.stringify(e);
    return {
      ok: false,
      retry: true,
      reason: `provider returned an error with status ${response.status}: ${snippet(what, 200)}`,
    };
  }
  const shape = completionSchema.safeParse(body);
  const choice = shape.success ? firstChoiceSchema.safeParse(shape.data.choices[0]) : shape;
  if (!choice.success) {
    return {
      ok: false,
      retry: true,
      reason: `provider returned ${choice.error.issues[0]?.message ?? 'a malformed chat completion'}: ${snippet(JSON.stringify(body))}`,
    };
  }
  const { message, finish_reason } = choice.data;
  const content = message.content;
  const text =
    typeof content === 'string'
      ? content
      : (content ?? [])
          .filter((p) => p.type === 'text')
          .map((p) => p.text ?? '')
          .join('');
  return {
    ok: true,
    text,
    refusal: message.refusal ?? null,
    finishReason: typeof finish_reason === 'string' ? finish_reason : null,
    topLogprobs: firstTokenLogprobs(choice.data.logprobs),
  };
}

/**
 * What a failed request means. The SDK's own errors (HTTP statuses, connection failures, its timeout) come after
 * its retries, so they are not retried again; a body that could not be read or parsed is.
 */
function classify(err: unknown, client: OpenAI, signal: AbortSignal | undefined): Extract<Read, { ok: false }> {
  if (signal?.aborted || err instanceof APIUserAbortError)
    return { ok: false, retry: false, aborted: true, reason: 'aborted' };
  if (err instanceof APIConnectionTimeoutError) {
    return {
      ok: false,
      retry: false,
      reason: `provider did not answer within ${client.timeout < 1000 ? `${client.timeout} ms` : `${Math.round(client.timeout / 1000)} s`} (${err.message})`,
    };
  }
  if (err instanceof APIError) {
    if (err.status) return { ok: false, retry: false, reason: `provider answered HTTP ${err.status}: ${err.message}` };
    const cause = err.cause instanceof Error ? ` (${err.cause.message})` : '';
    return { ok: false, retry: false, reason: `could not reach the provider: ${err.message}${cause}` };
  }
  const e = err instanceof Error ? err : new Error(String(err));
  if (e instanceof SyntaxError)
    return { ok: false, retry: true, reason: `provider returned invalid JSON (${snippet(e.message, 200)})` };
  const cause = (e as { cause?: { message?: unknown; code?: unknown } }).cause;
  // undici: TypeError "terminated", caused by "other side closed" (UND_ERR_SOCKET), or a reset socket.
  if (e.message === 'terminated' || cause?.code === 'UND_ERR_SOCKET' || cause?.code === 'ECONNRESET') {
    return {
      ok: false,
      retry: true,
      reason: `provider cut the connection mid-reply (${typeof cause?.message === 'string' ? cause.message : e.message})`,
    };
  }
  return { ok: false, retry: true, reason: `could not read the provider's reply (${e.name}: ${e.message})` };
}

/** The wait before retry `n` (0-based): `backoffMs` doubling, capped, less up to 25 % jitter (policy read per call). */
function backoff(n: number): number {
  const { backoffMs, maxBackoffMs } = llmCallPolicy;
  return Math.min(backoffMs * 2 ** n, maxBackoffMs) * (1 - Math.random() * 0.25);
}

/**
 * Asks for a chat completion and checks its shape (zod) before anything reads it. A well-formed completion is the
 * model's answer, however empty, refused or cut short. Anything else is the provider's failure: a malformed
 * response is sent again with backoff (`llmCallPolicy`); when that persists, or the SDK gives up (HTTP errors,
 * connection failures, after its own retries), an InfraError carries the reason and every failed request.
 * Every request becomes one CallRecord (purpose, prompt — an image part as its placeholder —, reply or error, tokens,
 * latency, cost), for the caller to record through the match store (server/workers/store.ts), the one way a call reaches llm_calls.
 */
export async function callModel(client: OpenAI, req: ChatRequest, opts: ChatOptions = {}): Promise<ChatReply> {
  const { signal } = opts;
  const body: OpenAI.Chat.Completions.ChatCompletionCreateParamsNonStreaming = {
    model: req.model,
    messages: req.messages,
    ...(req.temperature != null ? { temperature: req.temperature } : {}),
    ...(req.maxTokens != null ? { max_tokens: req.maxTokens } : {}),
    ...(req.topLogprobs ? { logprobs: true, top_logprobs: req.topLogprobs } : {}),
    ...(req.responseFormat ? { response_format: req.responseFormat } : {}),
  };
  const failed: CallRecord[] = [];
  // As recorded: images become a short placeholder (server/llm/images.ts), so llm_calls and the exports stay small.
  const recorded = withImagePlaceholders(req.messages);
  const aborted = () => new InfraError(opts.abortedMessage ?? 'the request was aborted', { calls: failed });
  for (let n = 0; ; n++) {
    const started = performance.now();
    const call: CallRecord = {
      purpose: req.purpose,
      model: req.model,
      messages: recorded.map((m) => ({ ...m })),
      reply: null,
      error: null,
      tokensIn: null,
      tokensOut: null,
      latencyMs: 0,
    };
    let read: Read;
    try {
      const { data, response } = await client.chat.completions.create(body, { signal }).withResponse();
      const received = bodyOf(data);
      Object.assign(call, usageOf(received));
      read = readCompletion(received, response);
    } catch (err) {
      read = classify(err, client, signal);
    }
    call.latencyMs = Math.round(performance.now() - started);
    // Prometheus (server/prometheus.ts): every try, by the provider's host; an abort is the caller's, not the
    // provider's.
    if (!(!read.ok && read.aborted)) {
      const provider = providerLabel(client.baseURL);
      modelCallSeconds.observe({ provider }, call.latencyMs / 1000);
      if (!read.ok) modelCallErrors.inc({ provider });
    }
    call.costUsd = req.prices ? callCost(req.prices, req.model, call.tokensIn, call.tokensOut) : null;
    if (read.ok) {
      call.reply = read.text;
      return {
        text: read.text,
        refusal: read.refusal,
        finishReason: read.finishReason,
        topLogprobs: read.topLogprobs,
        call,
        failedCalls: failed,
      };
    }
    call.error = read.aborted ? (opts.abortedMessage ?? 'the request was aborted') : read.reason;
    failed.push(call);
    if (read.aborted) throw aborted();
    if (!read.retry || n >= llmCallPolicy.maxRetries) {
      throw new InfraError(n > 0 ? `${read.reason} (${n + 1} tries)` : read.reason, { calls: failed });
    }
    try {
      await sleep(backoff(n), undefined, { signal });
    } catch {
      throw aborted();
    }
  }
}
