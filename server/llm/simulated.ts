// A SIMULATED OpenAI-compatible chat endpoint (fake LLMs) for the demo, tests and benchmarks.
/**
 * SIMULATED — nothing here is a real language model.
 *
 * Why it exists: no real LLM is reachable from the machines that build, test and demo Arena, yet the
 * whole LLM path (provider client, prompts, parsers, retries, timeouts, rate limits, stats) must be
 * exercised for real. So this module serves the OpenAI HTTP API (`GET /v1/models`,
 * `POST /v1/chat/completions`, streaming included) and answers by *reading the prompt* the way a
 * model would: it finds the `Legal moves:` list (the convention documented on `GamePrompt.turn` in
 * lib/engine/types.ts), picks one, and writes it back — sometimes with reasoning, sometimes wrongly, in the
 * ways real models get it wrong. Every model it lists is named `sim-*` and `owned_by: "arena-simulated"`,
 * so results produced against it can never be mistaken for a real model's.
 *
 * Layout: the models themselves (personas, what they write) are lib/sim/simulated-model.ts, pure; this file is the
 * HTTP side — `startSimulatedEndpoint(opts)`: a small router over node:http, fault injection (latency, 500s, 429s,
 * hangs), JSON and SSE responses, counters.
 *
 * Determinism: all randomness comes from `createRng` (lib/engine/rng.ts). Each request gets its own
 * stream derived from (server seed, hash of model + messages, occurrence number of that exact request
 * — or the request's `seed` field when given), so answers do not depend on request interleaving.
 *
 * Per-request overrides (request headers; they win over the server options):
 *   x-sim-latency-ms       "500" or "300-1200" (also "300,1200"): latency for this request
 *   x-sim-malformed-rate   0..1: share of flawed answers (illegal or malformed), overrides the persona
 *   x-sim-failure-rate     0..1: chance of an HTTP 500
 *   x-sim-rate-limit-rate  0..1: chance of an HTTP 429 (with `retry-after`)
 *   x-sim-hang-rate        0..1: chance the request is never answered
 *   x-sim-rpm-limit        integer >= 1: the `rpmLimit` this request is checked against (same window and log)
 * Invalid header values are answered with a 400.
 *
 * Images: a user message may be content parts (OpenAI's format), text beside `image_url` parts. The text parts are read
 * as before; each image must be a base64 `data:image/…` URL (a PNG is checked: signature, header, size) or an http(s)
 * URL (not fetched), else the request gets a 400. The models say so in their reasoning ("I looked at the board
 * image"), and the endpoint keeps what it received (`images`, `stats.images`) for tests to check.
 *
 * Rate limits like a real provider's: with `rpmLimit` set, at most that many chat completions are accepted
 * per sliding `rateWindowMs` window; the rest get a 429 with `retry-after` (whole seconds until a slot frees,
 * at least 1) and `retry-after-ms` (exact). Rejected requests do not use up the window.
 */
import http from 'node:http';
import type { AddressInfo, Socket } from 'node:net';
import { createHash } from 'node:crypto';
import { z } from 'zod';
import type { Rng } from '../../lib/engine/types';
import { createRng, newSeed } from '../../lib/engine/rng';
import {
  generateReply,
  messageText,
  PERSONAS,
  SIMULATED_MODELS,
  type SimMessage,
  type SimReply,
} from '../../lib/sim/simulated-model';
import { decodeDataUrl, pngInfo } from './images';

/**
 * OpenAI's `logprobs` of a reply, for a request that asked for them: the first token with its alternatives, where the
 * simulated model has them (a RAP agent's evaluations); null otherwise, as a provider without them answers.
 */
function logprobsOf(
  request: { logprobs?: boolean | null; top_logprobs?: number | null },
  reply: SimReply,
  content: string,
) {
  if (!request.logprobs || !reply.topLogprobs?.length) return null;
  const top = reply.topLogprobs.slice(0, Math.max(1, request.top_logprobs ?? 1));
  const token = content.split(/\s+/)[0] ?? '';
  return {
    content: [
      {
        token,
        logprob: top.find((t) => t.token === token)?.logprob ?? top[0]!.logprob,
        bytes: null,
        top_logprobs: top.map((t) => ({ ...t, bytes: null })),
      },
    ],
  };
}

// ───────────────────────────── 3. HTTP plumbing ─────────────────────────────

const rateSchema = z.number().min(0).max(1);
const latencySchema = z
  .union([z.number().min(0), z.tuple([z.number().min(0), z.number().min(0)])])
  .refine((l) => typeof l === 'number' || l[0] <= l[1], 'latencyMs [min, max] needs min <= max');

export const simulatedEndpointOptionsSchema = z.strictObject({
  /** 0 = a random free port. */
  port: z.number().int().min(0).max(65535).default(0),
  host: z.string().min(1).default('127.0.0.1'),
  /** Seed of every random choice; a fresh one when absent. */
  seed: z.string().optional(),
  /** Latency of each answer in ms: fixed, or uniform in [min, max]. */
  latencyMs: latencySchema.default([0, 0]),
  /** Overrides every persona's flaw rate (illegal or malformed answers). */
  malformedRate: rateSchema.optional(),
  /** Chance of an HTTP 500. */
  failureRate: rateSchema.default(0),
  /** Chance of an HTTP 429 with a `retry-after` header. */
  rateLimitRate: rateSchema.default(0),
  /** Chance that a request is never answered (until the client gives up or the server closes). */
  hangRate: rateSchema.default(0),
  /** Value of the `retry-after` header on 429s, in seconds. */
  retryAfterSeconds: z.number().int().min(0).default(1),
  /** Chat completions accepted per sliding window (`rateWindowMs`); more get a 429, like a provider's limit. null = no limit. */
  rpmLimit: z.number().int().min(1).nullable().default(null),
  /** Length of the `rpmLimit` window in ms (60 000 = per minute; shorter in tests). */
  rateWindowMs: z.number().int().min(1).default(60_000),
  /** When set, requests must carry `Authorization: Bearer <apiKey>`; otherwise any key (or none) is accepted. */
  apiKey: z.string().optional(),
});
export type SimulatedEndpointOptions = z.input<typeof simulatedEndpointOptionsSchema>;

/** Counters since start; a live object (read it any time). */
export interface SimulatedStats {
  /** Every HTTP request, any route. */
  requests: number;
  /** Chat completions answered with a legal answer (or an open-ended sentence). */
  ok: number;
  /** Chat completions answered with a malformed reply. */
  malformed: number;
  /** Chat completions answered with an illegal move in the right format. */
  illegal: number;
  /** Injected HTTP 500s. */
  failed500: number;
  /** HTTP 429s: injected ones (`rateLimitRate`) and requests over `rpmLimit`. */
  rateLimited: number;
  /** Requests left unanswered on purpose. */
  hung: number;
  /** 4xx answers to bad requests (bad JSON or shape, unknown model or route, bad key). */
  badRequest: number;
  /** Chat completions answered as a stream. */
  streamed: number;
  /** Image parts in the chat completions answered (a 500, a 429 or a hang does not count them). */
  images: number;
}

/** An image part the endpoint received, as it read it. */
export interface ReceivedImage {
  /** `image/png`, …; null for an http(s) URL (never fetched). */
  mime: string | null;
  /** Size in pixels, read from the PNG's header; null for other kinds. */
  width: number | null;
  height: number | null;
  /** Decoded size; null for an http(s) URL. */
  bytes: number | null;
  /** SHA-256 (hex) of the decoded bytes; null for an http(s) URL. */
  sha256: string | null;
}

export interface SimulatedEndpoint {
  /** Base URL for an OpenAI client, ending in /v1. */
  url: string;
  port: number;
  stats: SimulatedStats;
  /** The image parts received, oldest first (the last 100). */
  images: ReceivedImage[];
  /** Stops listening and ends every open socket (hung requests included). */
  close(): Promise<void>;
}

const contentPartSchema = z
  .looseObject({
    type: z.string(),
    text: z.string().optional(),
    image_url: z.looseObject({ url: z.string().min(1), detail: z.enum(['auto', 'low', 'high']).optional() }).optional(),
  })
  .superRefine((p, ctx) => {
    if (p.type === 'text' && p.text === undefined)
      ctx.addIssue({ code: 'custom', path: ['text'], message: 'a text part needs its "text"' });
    if (p.type === 'image_url' && p.image_url === undefined) {
      ctx.addIssue({
        code: 'custom',
        path: ['image_url'],
        message: 'an image_url part needs "image_url": { "url": … }',
      });
    }
  });
const messageSchema = z.looseObject({
  role: z.enum(['system', 'developer', 'user', 'assistant', 'tool', 'function']),
  content: z.union([z.string(), z.array(contentPartSchema), z.null()]).optional(),
  name: z.string().optional(),
});
export const chatRequestSchema = z.looseObject({
  model: z.string().min(1),
  messages: z.array(messageSchema).min(1),
  stream: z.boolean().nullish(),
  stream_options: z.looseObject({ include_usage: z.boolean().optional() }).nullish(),
  n: z.number().int().min(1).nullish(),
  max_tokens: z.number().int().min(1).nullish(),
  max_completion_tokens: z.number().int().min(1).nullish(),
  seed: z.number().int().nullish(),
  temperature: z.number().min(0).max(2).nullish(),
  logprobs: z.boolean().nullish(),
  top_logprobs: z.number().int().min(0).max(20).nullish(),
  response_format: z.looseObject({ type: z.string() }).nullish(),
});
type ChatRequest = z.infer<typeof chatRequestSchema>;

/** Large enough for a few board images (OpenAI's own limit is 20 MB per image). */
const MAX_BODY_BYTES = 16 * 1024 * 1024;
const MAX_KEPT_IMAGES = 100;

/** Reads an image part's URL like a provider would, or says why it cannot be read. */
export function readImageUrl(url: string): ReceivedImage | { error: string } {
  if (/^https?:\/\//i.test(url)) return { mime: null, width: null, height: null, bytes: null, sha256: null };
  const data = decodeDataUrl(url);
  if (!data)
    return {
      error: `the image URL is neither a base64 data:image/… URL nor an http(s) URL (it starts "${url.slice(0, 30)}")`,
    };
  if (!['image/png', 'image/jpeg', 'image/gif', 'image/webp'].includes(data.mime)) {
    return { error: `unsupported image type ${data.mime} (PNG, JPEG, GIF or WEBP)` };
  }
  let width: number | null = null;
  let height: number | null = null;
  if (data.mime === 'image/png') {
    const info = pngInfo(data.bytes);
    if ('error' in info) return { error: `the image says image/png but is ${info.error}` };
    ({ width, height } = info);
  }
  return {
    mime: data.mime,
    width,
    height,
    bytes: data.bytes.length,
    sha256: createHash('sha256').update(data.bytes).digest('hex'),
  };
}

/** Roughly what OpenAI bills an image (high detail: 85 + 170 per 512-pixel tile once fit in 2048 and then 768). */
function imageTokens(img: ReceivedImage): number {
  if (img.width === null || img.height === null) return 85;
  let w = img.width;
  let h = img.height;
  const fit = Math.min(1, 2048 / Math.max(w, h));
  w *= fit;
  h *= fit;
  const shorter = Math.min(1, 768 / Math.min(w, h));
  w *= shorter;
  h *= shorter;
  return 85 + 170 * Math.ceil(w / 512) * Math.ceil(h / 512);
}
const MODEL_CREATED = 1_735_689_600; // 2025-01-01, a fixed date for the model list
const OWNER = 'arena-simulated';

class HttpError extends Error {
  constructor(
    readonly status: number,
    message: string,
    readonly type = 'invalid_request_error',
    readonly code: string | null = null,
    readonly headers: Record<string, string> = {},
  ) {
    super(message);
  }
}

/** ~4 characters per token, like the usual rule of thumb. */
export function estimateTokens(text: string): number {
  return Math.ceil(text.length / 4);
}

function promptTokens(messages: readonly SimMessage[], images: readonly ReceivedImage[] = []): number {
  return (
    3 +
    messages.reduce((sum, m) => sum + 4 + estimateTokens(messageText(m.content)), 0) +
    images.reduce((sum, i) => sum + imageTokens(i), 0)
  );
}

function sendJson(res: http.ServerResponse, status: number, body: unknown, headers: Record<string, string> = {}): void {
  if (res.headersSent || res.destroyed) return;
  const text = JSON.stringify(body);
  res.writeHead(status, {
    'content-type': 'application/json',
    'content-length': Buffer.byteLength(text),
    'x-arena-simulated': 'true',
    ...headers,
  });
  res.end(text);
}

function sendError(res: http.ServerResponse, e: HttpError): void {
  sendJson(res, e.status, { error: { message: e.message, type: e.type, param: null, code: e.code } }, e.headers);
}

async function readBody(req: http.IncomingMessage): Promise<string> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of req) {
    const buf = chunk as Buffer;
    size += buf.length;
    if (size > MAX_BODY_BYTES) throw new HttpError(413, `Request body too large (over ${MAX_BODY_BYTES} bytes).`);
    chunks.push(buf);
  }
  return Buffer.concat(chunks).toString('utf8');
}

function headerValue(req: http.IncomingMessage, name: string): string | undefined {
  const v = req.headers[name];
  return Array.isArray(v) ? v[0] : v;
}

function headerRate(req: http.IncomingMessage, name: string): number | undefined {
  const raw = headerValue(req, name);
  if (raw === undefined) return undefined;
  const n = Number(raw);
  if (raw.trim() === '' || !Number.isFinite(n) || n < 0 || n > 1) {
    throw new HttpError(400, `Header ${name} must be a number between 0 and 1, got "${raw}".`);
  }
  return n;
}

/** "500" → 500; "300-1200" or "300,1200" → [300, 1200]. */
export function parseLatencyHeader(raw: string): number | [number, number] | null {
  const m = /^\s*(\d+(?:\.\d+)?)\s*(?:[-,]\s*(\d+(?:\.\d+)?))?\s*$/.exec(raw);
  if (!m) return null;
  const lo = Number(m[1]);
  if (m[2] === undefined) return lo;
  const hi = Number(m[2]);
  return hi >= lo ? [lo, hi] : null;
}

function formatIssues(error: z.ZodError): string {
  return error.issues.map((i) => `${i.path.length ? i.path.join('.') : '(body)'}: ${i.message}`).join('; ');
}

/** Starts the simulated endpoint; resolves once it listens. */
type Options = z.output<typeof simulatedEndpointOptionsSchema>;

/** What one chat completion is to do: the server's options, overridden by the request's `x-sim-*` headers (checked). */
interface RequestSettings {
  latency: number | readonly [number, number];
  flawRate: number | undefined;
  failureRate: number;
  rateLimitRate: number;
  hangRate: number;
  rpmLimit: number | null;
}

function requestSettings(req: http.IncomingMessage, opts: Options): RequestSettings {
  const latencyRaw = headerValue(req, 'x-sim-latency-ms');
  const latency = latencyRaw === undefined ? undefined : parseLatencyHeader(latencyRaw);
  if (latency === null) {
    throw new HttpError(400, `Header x-sim-latency-ms must be "<ms>" or "<min>-<max>", got "${latencyRaw}".`);
  }
  const rpmRaw = headerValue(req, 'x-sim-rpm-limit');
  const rpmLimit = rpmRaw === undefined ? opts.rpmLimit : Number(rpmRaw);
  if (rpmRaw !== undefined && !(/^\s*\d+\s*$/.test(rpmRaw) && rpmLimit !== null && rpmLimit >= 1)) {
    throw new HttpError(400, `Header x-sim-rpm-limit must be an integer >= 1, got "${rpmRaw}".`);
  }
  return {
    latency: latency ?? opts.latencyMs,
    flawRate: headerRate(req, 'x-sim-malformed-rate') ?? opts.malformedRate,
    failureRate: headerRate(req, 'x-sim-failure-rate') ?? opts.failureRate,
    rateLimitRate: headerRate(req, 'x-sim-rate-limit-rate') ?? opts.rateLimitRate,
    hangRate: headerRate(req, 'x-sim-hang-rate') ?? opts.hangRate,
    rpmLimit,
  };
}

/** The request body, parsed and checked, and its images read (refused when unreadable, as a provider does). */
async function readChatRequest(req: http.IncomingMessage): Promise<{ request: ChatRequest; images: ReceivedImage[] }> {
  const raw = await readBody(req);
  let json: unknown;
  try {
    json = JSON.parse(raw);
  } catch {
    throw new HttpError(400, 'We could not parse the JSON body of your request. The request body must be valid JSON.');
  }
  const body = chatRequestSchema.safeParse(json);
  if (!body.success) throw new HttpError(400, `Invalid request body: ${formatIssues(body.error)}`);
  const images: ReceivedImage[] = [];
  body.data.messages.forEach((m, i) => {
    if (!Array.isArray(m.content)) return;
    m.content.forEach((p, j) => {
      if (p.type !== 'image_url' || !p.image_url) return;
      const img = readImageUrl(p.image_url.url);
      if ('error' in img)
        throw new HttpError(
          400,
          `Invalid image in messages.${i}.content.${j}.image_url.url: ${img.error}.`,
          'invalid_request_error',
          'invalid_image',
        );
      images.push(img);
    });
  });
  return { request: body.data, images };
}

/**
 * A provider's request limit: at most `limit` chat completions accepted per sliding window; the rest get a 429 saying
 * when a slot frees. A refused request uses up nothing.
 */
class RequestWindow {
  /** Arrival times of the accepted requests, oldest first, pruned to the window. */
  private readonly accepted: number[] = [];
  constructor(private readonly windowMs: number) {}

  admit(arrivedAt: number, limit: number, model: string, stats: SimulatedStats): void {
    const accepted = this.accepted;
    const now = Math.max(arrivedAt, accepted[accepted.length - 1] ?? 0);
    let expired = 0;
    while (expired < accepted.length && accepted[expired]! <= now - this.windowMs) expired++;
    if (expired) accepted.splice(0, expired);
    if (accepted.length >= limit) {
      const waitMs = Math.max(1, accepted[accepted.length - limit]! + this.windowMs - now);
      stats.rateLimited++;
      throw new HttpError(
        429,
        `Rate limit reached for ${model} (simulated) on requests: Limit ${limit} per ${this.windowMs} ms, ` +
          `Used ${accepted.length}. Please try again in ${waitMs} ms.`,
        'requests',
        'rate_limit_exceeded',
        {
          'retry-after': String(Math.max(1, Math.ceil(waitMs / 1000))),
          'retry-after-ms': String(waitMs),
          'x-ratelimit-limit-requests': String(limit),
          'x-ratelimit-remaining-requests': '0',
        },
      );
    }
    accepted.push(now);
  }
}

/** One request's own random draws: its faults, latency and ids, and the stream its reply is written from. */
interface Draw {
  hang: boolean;
  limited: boolean;
  failed: boolean;
  latency: number;
  id: string;
  requestId: string;
  rng: Rng;
}

/** A finished reply, cut to the request's token limit, with its usage. */
interface Completion {
  content: string;
  finishReason: 'stop' | 'length';
  usage: { prompt_tokens: number; completion_tokens: number; total_tokens: number };
}

function completionOf(request: ChatRequest, images: readonly ReceivedImage[], reply: SimReply): Completion {
  let content = reply.content;
  let finishReason: 'stop' | 'length' = 'stop';
  const limit = request.max_completion_tokens ?? request.max_tokens;
  if (limit != null && estimateTokens(content) > limit) {
    content = content.slice(0, limit * 4);
    finishReason = 'length';
  }
  const prompt = promptTokens(request.messages, images);
  const completion = estimateTokens(content);
  return {
    content,
    finishReason,
    usage: { prompt_tokens: prompt, completion_tokens: completion, total_tokens: prompt + completion },
  };
}

/** The simulated endpoint's state and its handlers (one instance per `startSimulatedEndpoint`). */
class SimServer {
  readonly stats: SimulatedStats = {
    requests: 0,
    ok: 0,
    malformed: 0,
    illegal: 0,
    failed500: 0,
    rateLimited: 0,
    hung: 0,
    badRequest: 0,
    streamed: 0,
    images: 0,
  };
  readonly received: ReceivedImage[] = [];
  /** Cancels every pending timer (used by close()). */
  readonly timers = new Set<() => void>();
  closing: Promise<void> | null = null;
  /** How often each exact request has been seen, so repeats get fresh answers. */
  private readonly seen = new Map<string, number>();
  private readonly window: RequestWindow;

  constructor(
    private readonly opts: Options,
    private readonly seed: string,
  ) {
    this.window = new RequestWindow(opts.rateWindowMs);
  }

  /** Waits `ms`; resolves false when the client went away or the server is closing. */
  sleep(ms: number, res: http.ServerResponse): Promise<boolean> {
    return new Promise((resolve) => {
      if (res.destroyed || this.closing) return resolve(false);
      if (ms <= 0) return resolve(true);
      const done = (ok: boolean) => {
        clearTimeout(timer);
        res.off('close', onClose);
        this.timers.delete(cancel);
        resolve(ok);
      };
      const onClose = () => done(false);
      const cancel = () => done(false);
      const timer = setTimeout(() => done(true), ms);
      res.on('close', onClose);
      this.timers.add(cancel);
    });
  }

  async route(req: http.IncomingMessage, res: http.ServerResponse): Promise<void> {
    this.stats.requests++;
    const path = new URL(req.url ?? '/', 'http://sim.local').pathname.replace(/\/+$/, '') || '/';
    const method = req.method ?? 'GET';
    const known = path === '/v1/models' || path.startsWith('/v1/models/') || path === '/v1/chat/completions';
    if (!known)
      throw new HttpError(
        404,
        `Invalid URL (${method} ${path}). The simulated endpoint serves /v1/models and /v1/chat/completions.`,
      );
    this.checkAuth(req);
    if (path === '/v1/models' && method === 'GET') {
      sendJson(res, 200, { object: 'list', data: SIMULATED_MODELS.map(modelObject) });
    } else if (path.startsWith('/v1/models/') && method === 'GET') {
      const id = decodeURIComponent(path.slice('/v1/models/'.length));
      if (!PERSONAS[id])
        throw new HttpError(404, `The model \`${id}\` does not exist.`, 'invalid_request_error', 'model_not_found');
      sendJson(res, 200, modelObject(id));
    } else if (path === '/v1/chat/completions' && method === 'POST') {
      await this.chatCompletion(req, res);
    } else {
      throw new HttpError(405, `Method ${method} is not allowed on ${path}.`);
    }
  }

  private checkAuth(req: http.IncomingMessage): void {
    if (this.opts.apiKey === undefined) return;
    const auth = headerValue(req, 'authorization');
    if (!auth) {
      throw new HttpError(
        401,
        "You didn't provide an API key. Send it as 'Authorization: Bearer <key>'.",
        'invalid_request_error',
        'missing_api_key',
      );
    }
    const key = auth.replace(/^Bearer\s+/i, '');
    if (key !== this.opts.apiKey) {
      const shown = key.length > 8 ? `${key.slice(0, 3)}…${key.slice(-4)}` : '***';
      throw new HttpError(401, `Incorrect API key provided: ${shown}.`, 'invalid_request_error', 'invalid_api_key');
    }
  }

  /** POST /v1/chat/completions: checked, limited, faults drawn, then answered whole or streamed. */
  private async chatCompletion(req: http.IncomingMessage, res: http.ServerResponse): Promise<void> {
    const arrivedAt = Date.now(); // the rate limit counts arrivals, not the end of body parsing
    const { request, images } = await readChatRequest(req);
    // Per-request overrides, validated before anything else happens.
    const settings = requestSettings(req, this.opts);
    const persona = PERSONAS[request.model];
    if (!persona) {
      throw new HttpError(
        404,
        `The model \`${request.model}\` does not exist. Simulated models: ${SIMULATED_MODELS.join(', ')}.`,
        'invalid_request_error',
        'model_not_found',
      );
    }
    if ((request.n ?? 1) > 1) throw new HttpError(400, 'n > 1 is not supported by the simulated endpoint.');
    // The provider-style request limit, before anything random: a rejected request uses up nothing (not even its
    // occurrence number, so the retry gets the answer the first try would have had).
    if (settings.rpmLimit !== null) this.window.admit(arrivedAt, settings.rpmLimit, request.model, this.stats);

    const draw = this.draw(request, settings);
    if (draw.hang) {
      this.stats.hung++;
      return; // Never answered: the socket stays open until the client gives up or close() ends it.
    }
    if (draw.limited) {
      this.stats.rateLimited++;
      throw new HttpError(
        429,
        `Rate limit reached for ${request.model} (simulated). Please try again in ${this.opts.retryAfterSeconds}s.`,
        'requests',
        'rate_limit_exceeded',
        { 'retry-after': String(this.opts.retryAfterSeconds), 'x-request-id': draw.requestId },
      );
    }
    const stream = request.stream === true;
    // A stream spends part of the latency before the first token and the rest between chunks.
    if (!(await this.sleep(stream ? draw.latency * 0.5 : draw.latency, res))) return;
    if (draw.failed) {
      this.stats.failed500++;
      throw new HttpError(
        500,
        'The server had an error while processing your request (simulated failure). Sorry about that!',
        'server_error',
        null,
        { 'x-request-id': draw.requestId },
      );
    }

    const reply = generateReply(request.messages, persona, draw.rng, {
      flawRate: settings.flawRate,
      jsonObject: request.response_format?.type === 'json_object',
    });
    this.stats[reply.kind]++;
    this.stats.images += images.length;
    this.received.push(...images);
    if (this.received.length > MAX_KEPT_IMAGES) this.received.splice(0, this.received.length - MAX_KEPT_IMAGES);
    const completion = completionOf(request, images, reply);
    const headers = { 'x-request-id': draw.requestId, 'openai-processing-ms': String(Math.round(draw.latency)) };
    if (!stream) {
      sendJson(
        res,
        200,
        {
          id: draw.id,
          object: 'chat.completion',
          created: Math.floor(Date.now() / 1000),
          model: request.model,
          system_fingerprint: 'fp_arena_sim',
          choices: [
            {
              index: 0,
              message: { role: 'assistant', content: completion.content, refusal: null },
              logprobs: logprobsOf(request, reply, completion.content),
              finish_reason: completion.finishReason,
            },
          ],
          usage: completion.usage,
        },
        headers,
      );
      return;
    }
    await this.stream(res, request, draw, completion, headers);
  }

  /**
   * One random stream per request, independent of interleaving with other requests: from the server's seed, the hash
   * of the model and messages, and which occurrence of that exact request this is (or the request's own `seed`).
   */
  private draw(request: ChatRequest, settings: RequestSettings): Draw {
    const digest = createHash('sha256')
      .update(JSON.stringify([request.model, request.messages]))
      .digest('hex')
      .slice(0, 16);
    const nth = this.seen.get(digest) ?? 0;
    if (this.seen.size > 50_000) this.seen.clear();
    this.seen.set(digest, nth + 1);
    const key = `${this.seed}:${digest}:${request.seed ?? `#${nth}`}`;
    const faults = createRng(`${key}:faults`);
    const hang = faults.next() < settings.hangRate;
    const limited = faults.next() < settings.rateLimitRate;
    const failed = faults.next() < settings.failureRate;
    const l = settings.latency;
    const latency = typeof l === 'number' ? l : l[0] + faults.next() * (l[1] - l[0]);
    const idHex = createHash('sha256').update(key).digest('hex');
    return {
      hang,
      limited,
      failed,
      latency,
      id: `chatcmpl-sim-${idHex.slice(0, 24)}`,
      requestId: `req_sim_${idHex.slice(24, 40)}`,
      rng: createRng(`${key}:reply`),
    };
  }

  /** Server-sent events, a few words a chunk, the second half of the latency spread between them. */
  private async stream(
    res: http.ServerResponse,
    request: ChatRequest,
    draw: Draw,
    completion: Completion,
    headers: Record<string, string>,
  ): Promise<void> {
    this.stats.streamed++;
    const includeUsage = request.stream_options?.include_usage === true;
    const base = {
      id: draw.id,
      object: 'chat.completion.chunk',
      created: Math.floor(Date.now() / 1000),
      model: request.model,
      system_fingerprint: 'fp_arena_sim',
    };
    const write = (chunk: object) => {
      if (!res.destroyed) res.write(`data: ${JSON.stringify(chunk)}\n\n`);
    };
    const delta = (d: object, finish: string | null) => ({
      ...base,
      choices: [{ index: 0, delta: d, logprobs: null, finish_reason: finish }],
      ...(includeUsage ? { usage: null } : {}),
    });
    res.writeHead(200, {
      'content-type': 'text/event-stream; charset=utf-8',
      'cache-control': 'no-cache',
      connection: 'keep-alive',
      'x-arena-simulated': 'true',
      ...headers,
    });
    write(delta({ role: 'assistant', content: '', refusal: null }, null));
    // A few words per chunk, like a tokenizer would roughly produce.
    const pieces: string[] = [];
    const words = completion.content.match(/\S+\s*|\s+/g) ?? [];
    for (let i = 0; i < words.length;) {
      const take = 1 + draw.rng.int(3);
      pieces.push(words.slice(i, i + take).join(''));
      i += take;
    }
    const gap = pieces.length ? (draw.latency * 0.5) / pieces.length : 0;
    for (const piece of pieces) {
      if (!(await this.sleep(gap, res))) {
        res.destroy();
        return;
      }
      write(delta({ content: piece }, null));
    }
    write(delta({}, completion.finishReason));
    if (includeUsage) write({ ...base, choices: [], usage: completion.usage });
    res.end('data: [DONE]\n\n');
  }

  /** A handler's error as the HTTP answer (a bug in this file is a 500 that says so). */
  answerError(res: http.ServerResponse, err: unknown): void {
    if (err instanceof HttpError) {
      if (err.status >= 400 && err.status < 500 && err.status !== 429) this.stats.badRequest++;
      sendError(res, err);
    } else if (!res.headersSent) {
      sendError(res, new HttpError(500, `Simulated endpoint bug: ${String(err)}`, 'server_error'));
    } else {
      res.destroy();
    }
  }
}

function modelObject(id: string) {
  return { id, object: 'model', created: MODEL_CREATED, owned_by: OWNER };
}

export async function startSimulatedEndpoint(options: SimulatedEndpointOptions = {}): Promise<SimulatedEndpoint> {
  const parsed = simulatedEndpointOptionsSchema.safeParse(options);
  if (!parsed.success) throw new Error(`Invalid simulated endpoint options: ${formatIssues(parsed.error)}`);
  const opts = parsed.data;
  const sim = new SimServer(opts, opts.seed ?? newSeed());
  const sockets = new Set<Socket>();
  const server = http.createServer((req, res) => {
    sim.route(req, res).catch((err: unknown) => sim.answerError(res, err));
  });
  server.on('connection', (socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(opts.port, opts.host, () => {
      server.off('error', reject);
      resolve();
    });
  });
  const port = (server.address() as AddressInfo).port;
  const urlHost =
    opts.host === '0.0.0.0' || opts.host === '::'
      ? '127.0.0.1'
      : opts.host.includes(':')
        ? `[${opts.host}]`
        : opts.host;

  return {
    url: `http://${urlHost}:${port}/v1`,
    port,
    stats: sim.stats,
    images: sim.received,
    close() {
      sim.closing ??= new Promise<void>((resolve) => {
        for (const cancel of [...sim.timers]) cancel();
        server.close(() => resolve());
        server.closeAllConnections();
        for (const socket of sockets) socket.destroy();
      });
      return sim.closing;
    },
  };
}
