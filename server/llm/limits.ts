// Per-provider request limits (concurrency, requests and tokens per sliding window) and shared 429 cool-downs for model calls.
/**
 * One `ProviderLimiter` per provider (see `limiterFor`), shared by every client and match that calls it.
 * A request may start only when, for its provider:
 *   - no cool-down is running (any HTTP 429 starts one for everybody: `retry-after-ms`, else `retry-after`
 *     in seconds or as an HTTP date, else exponential backoff 1 s, 2 s, 4 s … reset by a success; all capped),
 *   - fewer than `maxConcurrent` requests are in flight,
 *   - fewer than `rpm` requests started in the last window (60 s),
 *   - fewer than `tpm` tokens were reported by responses in the last window.
 * Waiters are served in arrival order (a request re-sent after a 429 keeps its place). No polling: one timer
 * per limiter, armed only while somebody waits for a time-based condition, for the moment it can change.
 *
 * `limitedFetch` wraps a fetch for the OpenAI SDK's `fetch` option: every HTTP attempt goes through the limiter,
 * 429s are re-sent here (after the shared cool-down) before the SDK ever sees them, and token usage is read from
 * a clone of the response. A request stays "in flight" until its response body has been fully received
 * (so a long stream holds its slot), or until it fails or is aborted.
 *
 * Note: the SDK's `timeout` and the caller's abort signal cover the whole `fetch` call, queueing and cool-downs
 * included; an abort removes the request from the queue at once.
 *
 * Across processes (`configureSharedLimits`, server/llm/shared-limits.ts): the limiter above stays the local queue,
 * and before granting the head of the queue a limiter whose provider has any limit also takes a grant from the
 * shared store (one round trip: rpm/tpm counted in a window shared by every process, a lease for maxConcurrent,
 * the shared 429 cool-down). One grant is asked for at a time per limiter, so FIFO holds; a refusal says when to
 * ask again and the limiter's one timer re-pumps then. Providers without any limit never touch the store.
 */

/** Limits of one provider; null = unlimited. Zero, negative or non-finite values also mean unlimited; fractions are floored (min 1). */
export interface ProviderLimits {
  /** Requests started per window (per minute by default). */
  rpm: number | null;
  /** Tokens (as reported in `usage`) per window. */
  tpm: number | null;
  /** Requests in flight at once. */
  maxConcurrent: number | null;
}

export interface ProviderLimiterOptions {
  /** Length of the sliding window for `rpm` and `tpm`, in ms (default 60 000). */
  windowMs?: number;
  /**
   * Clock in ms (for tests). Default: a monotonic clock in ms since the epoch (`performance.timeOrigin +
   * performance.now()`), so a wall-clock jump cannot freeze or flush the windows; HTTP-date `retry-after`
   * values are then compared with `Date.now()` (with the injected clock when one is given).
   */
  now?: () => number;
  /** First exponential-backoff cool-down when a 429 says nothing about when to retry (default 1 000 ms). */
  baseBackoffMs?: number;
  /** Upper bound of any cool-down, header-given or backoff (default 60 000 ms). */
  maxCooldownMs?: number;
  /** Take every grant from this store too (limits shared across processes); null = this process only. */
  shared?: SharedLimits | null;
}

/** What a shared store answers to one grant request for `want` requests. */
export interface SharedGrant {
  /** How many of them may start now (0 … want). */
  granted: number;
  /** When maxConcurrent is set, one lease per granted request, to give back to `release` when it is done; else empty. */
  leases: string[];
  /** When fewer than asked were granted: ask again for the rest in this many ms. */
  retryInMs: number;
  /** Why not all: 'slot' = every concurrency lease is taken (a release here may free one), 'time' = cool-down or window. */
  reason: 'slot' | 'time' | null;
}

/**
 * Grants shared by every process using one store (server/llm/shared-limits.ts keeps them in Postgres).
 * Calls never reject: a store that cannot answer decides itself whether to grant (see its fail-open note).
 */
export interface SharedLimitStore {
  /** One atomic grant attempt for up to `want` requests of `providerId` under `limits` over a window of `windowMs`. */
  take(providerId: string, limits: ProviderLimits, windowMs: number, want: number): Promise<SharedGrant>;
  /** The request holding `lease` is done (fire and forget). */
  release(providerId: string, lease: string): void;
  /** A response reported `n` tokens (fire and forget). */
  noteTokens(providerId: string, n: number, windowMs: number): void;
  /** A 429: nobody may start a request of `providerId` for `ms` (fire and forget; extends, never shortens). */
  coolDown(providerId: string, ms: number): void;
}

/** A shared store and the key this limiter's provider has in it. */
export interface SharedLimits {
  store: SharedLimitStore;
  providerId: string;
}

export interface LimiterStats {
  /** Requests holding a slot (sent and their response not yet fully received). */
  inFlight: number;
  /** Requests queued. */
  waiting: number;
  /** HTTP attempts started since creation (429 re-sends included). */
  requests: number;
  /** HTTP 429 answers seen since creation. */
  rateLimited: number;
  /** Total time requests spent queued, in ms. */
  waitedMs: number;
  /** Attempts started in the current window (what `rpm` limits). */
  requestsInWindow: number;
  /** Tokens reported in the current window (what `tpm` limits). */
  tokensInWindow: number;
  /** End of the running cool-down (limiter clock, ~ms since the epoch), or null when none runs. */
  coolingDownUntil: number | null;
  /** Whether grants are also taken from a shared store (configured, and the provider has a limit). */
  shared: boolean;
  /** Grant requests the shared store refused since creation. */
  sharedRefusals: number;
}

/** Permission to send one HTTP attempt; `release()` it when the response is done (idempotent). */
export interface LimiterSlot {
  /** Queue position of the request; pass it back to `acquire` to re-send ahead of later arrivals. */
  readonly ticket: number;
  /** When the slot was granted (limiter clock). */
  readonly startedAt: number;
  release(): void;
}

interface Waiter {
  ticket: number;
  enqueuedAt: number;
  resolve: (slot: LimiterSlot) => void;
  reject: (err: unknown) => void;
  signal?: AbortSignal;
  onAbort?: () => void;
}

const DEFAULT_WINDOW_MS = 60_000;
/** Most grants asked of the shared store in one round trip. */
const MAX_SHARED_BATCH = 32;

function normalizeLimit(v: number | null | undefined): number | null {
  if (v == null || !Number.isFinite(v) || v <= 0) return null;
  return Math.max(1, Math.floor(v));
}

export function normalizeLimits(l: Partial<ProviderLimits> | null | undefined): ProviderLimits {
  return { rpm: normalizeLimit(l?.rpm), tpm: normalizeLimit(l?.tpm), maxConcurrent: normalizeLimit(l?.maxConcurrent) };
}

function sameLimits(a: ProviderLimits, b: ProviderLimits): boolean {
  return a.rpm === b.rpm && a.tpm === b.tpm && a.maxConcurrent === b.maxConcurrent;
}

/** What `fetch` rejects with when its signal aborts: the signal's reason, or an AbortError. */
function abortReason(signal: AbortSignal): unknown {
  return signal.reason ?? new DOMException('This operation was aborted', 'AbortError');
}

/**
 * How long a 429 asks us to wait, in ms: `retry-after-ms`, else `retry-after` (seconds or an HTTP date);
 * null when neither header is present and valid.
 */
export function retryAfterMs(headers: Headers, now: number = Date.now()): number | null {
  const ms = headers.get('retry-after-ms')?.trim();
  if (ms) {
    const n = Number(ms);
    if (Number.isFinite(n) && n >= 0) return n;
  }
  const ra = headers.get('retry-after')?.trim();
  if (ra) {
    if (/^\d+(?:\.\d+)?$/.test(ra)) return Number(ra) * 1000;
    const at = Date.parse(ra);
    if (!Number.isNaN(at)) return Math.max(0, at - now);
  }
  return null;
}

/** Tokens reported by a `usage` object (chat: total or prompt+completion; responses: total or input+output). */
export function usageTokens(usage: unknown): number {
  if (!usage || typeof usage !== 'object') return 0;
  const u = usage as Record<string, unknown>;
  const num = (v: unknown) => (typeof v === 'number' && Number.isFinite(v) && v > 0 ? v : 0);
  const total = num(u.total_tokens);
  if (total) return total;
  return num(u.prompt_tokens) + num(u.completion_tokens) || num(u.input_tokens) + num(u.output_tokens);
}

export class ProviderLimiter {
  private current: ProviderLimits;
  private readonly windowMs: number;
  private readonly now: () => number;
  private readonly wallNow: () => number;
  private readonly baseBackoffMs: number;
  private readonly maxCooldownMs: number;

  private readonly queue: Waiter[] = [];
  private inFlight = 0;
  private nextTicket = 0;
  /** Start times of recent attempts (sorted, pruned to the window). */
  private readonly starts: number[] = [];
  /** Recent token reports (sorted by time, pruned to the window) and their sum. */
  private readonly tokens: { at: number; n: number }[] = [];
  private tokenSum = 0;
  private coolUntil = 0;
  private backoffLevel = 0;
  /** When the latest backoff step was taken: 429s to requests sent before it belong to the same burst. */
  private lastBackoffAt = -Infinity;
  private timer: ReturnType<typeof setTimeout> | null = null;
  private timerAt = 0;
  private counters = { requests: 0, rateLimited: 0, waitedMs: 0, sharedRefusals: 0 };
  private shared: SharedLimits | null;
  /** A shared grant is being asked for: nothing else is granted until it answers (FIFO, one round trip at a time). */
  private taking = false;
  /** The shared store refused until then (limiter clock); `sharedSlotWait`: because every lease was taken. */
  private sharedUntil = 0;
  private sharedSlotWait = false;

  constructor(limits: Partial<ProviderLimits> | null = null, opts: ProviderLimiterOptions = {}) {
    this.current = normalizeLimits(limits);
    this.windowMs = opts.windowMs ?? DEFAULT_WINDOW_MS;
    this.now = opts.now ?? (() => performance.timeOrigin + performance.now());
    this.wallNow = opts.now ?? Date.now;
    this.baseBackoffMs = opts.baseBackoffMs ?? 1_000;
    this.maxCooldownMs = opts.maxCooldownMs ?? 60_000;
    this.shared = opts.shared ?? null;
    if (!(this.windowMs > 0)) throw new RangeError(`windowMs must be positive, got ${this.windowMs}`);
  }

  /** The limits in force (normalised). */
  get limits(): ProviderLimits {
    return { ...this.current };
  }

  /** Changes the limits live; queued requests are re-examined at once. */
  update(limits: Partial<ProviderLimits> | null): void {
    const next = normalizeLimits(limits);
    if (sameLimits(next, this.current)) return;
    this.current = next;
    this.sharedUntil = 0;
    this.pump();
  }

  /** Starts (or, with null, stops) taking grants from a shared store too; queued requests are re-examined. */
  share(shared: SharedLimits | null): void {
    if (this.shared?.store === shared?.store && this.shared?.providerId === shared?.providerId) return;
    this.shared = shared;
    this.sharedUntil = 0;
    this.pump();
  }

  stats(): LimiterStats {
    const now = this.now();
    this.prune(now);
    return {
      inFlight: this.inFlight,
      waiting: this.queue.length,
      ...this.counters,
      requestsInWindow: this.starts.length,
      tokensInWindow: this.tokenSum,
      coolingDownUntil: this.coolUntil > now ? this.coolUntil : null,
      shared: this.usesShared(),
    };
  }

  /**
   * Waits for a slot. Rejects with the signal's reason when `signal` aborts first (the request leaves the queue).
   * `ticket` (from an earlier slot of the same request) keeps the request's place in the queue.
   */
  acquire(signal?: AbortSignal | null, ticket?: number): Promise<LimiterSlot> {
    return new Promise<LimiterSlot>((resolve, reject) => {
      if (signal?.aborted) return reject(abortReason(signal));
      const w: Waiter = { ticket: ticket ?? this.nextTicket++, enqueuedAt: this.now(), resolve, reject };
      if (signal) {
        w.signal = signal;
        w.onAbort = () => {
          const i = this.queue.indexOf(w);
          if (i < 0) return; // already granted: the request's own fetch sees the abort
          this.queue.splice(i, 1);
          reject(abortReason(signal));
          this.pump();
        };
        signal.addEventListener('abort', w.onAbort, { once: true });
      }
      // FIFO by ticket: a re-sent request goes back before requests that arrived after it.
      let i = this.queue.length;
      while (i > 0 && this.queue[i - 1]!.ticket > w.ticket) i--;
      this.queue.splice(i, 0, w);
      this.pump();
    });
  }

  /** Records the token usage of a finished response (counts against `tpm` for one window). */
  noteTokens(n: number): void {
    if (!(n > 0)) return;
    const now = this.now();
    this.tokens.push({ at: now, n });
    this.tokenSum += n;
    this.prune(now);
    if (this.usesShared() && this.current.tpm !== null)
      this.shared!.store.noteTokens(this.shared!.providerId, n, this.windowMs);
  }

  /** A response succeeded: the exponential backoff starts again from its first step. */
  noteSuccess(): void {
    this.backoffLevel = 0;
  }

  /**
   * A response was a 429: starts (or extends) the shared cool-down and returns its length in ms.
   * `sentAt` is when that request was sent; 429s of requests sent before the previous backoff step are the
   * same burst and do not escalate the backoff again.
   */
  noteRateLimited(headers?: Headers | null, sentAt?: number): number {
    const now = this.now();
    this.counters.rateLimited++;
    let delay = headers ? retryAfterMs(headers, this.wallNow()) : null;
    if (delay === null) {
      if (sentAt === undefined || sentAt >= this.lastBackoffAt || this.backoffLevel === 0) {
        this.backoffLevel++;
        this.lastBackoffAt = now;
      }
      delay = this.baseBackoffMs * 2 ** Math.min(this.backoffLevel - 1, 30);
    }
    delay = Math.min(Math.max(0, delay), this.maxCooldownMs);
    this.coolUntil = Math.max(this.coolUntil, now + delay);
    if (this.usesShared() && delay > 0) this.shared!.store.coolDown(this.shared!.providerId, delay);
    this.pump();
    return delay;
  }

  // ── internals ──

  /** Grants go through the shared store: one is configured and the provider has some limit (else no round trip). */
  private usesShared(): boolean {
    const { rpm, tpm, maxConcurrent } = this.current;
    return this.shared !== null && (rpm !== null || tpm !== null || maxConcurrent !== null);
  }

  private prune(now: number): void {
    const edge = now - this.windowMs;
    let s = 0;
    while (s < this.starts.length && this.starts[s]! <= edge) s++;
    if (s) this.starts.splice(0, s);
    let t = 0;
    while (t < this.tokens.length && this.tokens[t]!.at <= edge) this.tokenSum -= this.tokens[t++]!.n;
    if (t) this.tokens.splice(0, t);
    if (!this.tokens.length) this.tokenSum = 0;
  }

  /** null = the head may go now; 'slot' = wait for a release; a number = wait until then. */
  private blockedUntil(now: number): number | 'slot' | null {
    if (this.coolUntil > now) return this.coolUntil;
    if (this.sharedUntil > now && this.usesShared()) return this.sharedUntil;
    const { rpm, tpm, maxConcurrent } = this.current;
    this.prune(now);
    if (maxConcurrent !== null && this.inFlight >= maxConcurrent) return 'slot';
    if (rpm !== null && this.starts.length >= rpm) return this.starts[this.starts.length - rpm]! + this.windowMs;
    if (tpm !== null && this.tokenSum >= tpm) {
      let left = this.tokenSum;
      for (const e of this.tokens) {
        left -= e.n;
        if (left < tpm) return e.at + this.windowMs;
      }
    }
    return null;
  }

  private pump(): void {
    while (this.queue.length) {
      if (this.taking) return; // the shared store's answer pumps again
      const now = this.now();
      const blocked = this.blockedUntil(now);
      if (blocked === null) {
        if (this.usesShared()) {
          this.takeShared(this.shared!);
          return;
        }
        this.grant(this.queue.shift()!, now, null);
        continue;
      }
      if (blocked === 'slot') this.clearTimer();
      else this.armTimer(blocked, now);
      return;
    }
    this.clearTimer(); // nobody waits: no timer may keep the process alive
  }

  /** How many queued requests this process's own limits would start now (the head may go: at least 1). */
  private localRoom(): number {
    const { rpm, maxConcurrent } = this.current;
    let room = Math.min(this.queue.length, MAX_SHARED_BATCH);
    if (maxConcurrent !== null) room = Math.min(room, maxConcurrent - this.inFlight);
    if (rpm !== null) room = Math.min(room, rpm - this.starts.length);
    return Math.max(1, room);
  }

  /**
   * Asks the shared store for grants for the first queued requests (as many as this process's limits would start,
   * in one round trip); its answer grants them to the head of the queue, and says when to ask for the rest.
   */
  private takeShared(shared: SharedLimits): void {
    this.taking = true;
    this.clearTimer();
    const want = this.localRoom();
    const answer = (g: SharedGrant) => {
      this.taking = false;
      const now = this.now();
      for (let i = 0; i < g.granted; i++) {
        const lease = g.leases[i];
        const w = this.queue.shift();
        // Requests that left meanwhile (aborted): their leases go back at once.
        if (!w) {
          if (lease !== undefined) shared.store.release(shared.providerId, lease);
        } else this.grant(w, now, lease === undefined ? null : { shared, lease });
      }
      if (g.granted < want) {
        if (!g.granted) this.counters.sharedRefusals++;
        this.sharedUntil = now + Math.max(1, g.retryInMs);
        this.sharedSlotWait = g.reason === 'slot';
      }
      this.pump();
    };
    // Stores never reject; should one do so anyway, this process's own limits still hold.
    shared.store
      .take(shared.providerId, { ...this.current }, this.windowMs, want)
      .then(answer, () => answer({ granted: want, leases: [], retryInMs: 0, reason: null }));
  }

  private grant(w: Waiter, now: number, lease: { shared: SharedLimits; lease: string } | null): void {
    if (w.signal && w.onAbort) w.signal.removeEventListener('abort', w.onAbort);
    this.inFlight++;
    this.counters.requests++;
    this.counters.waitedMs += Math.max(0, now - w.enqueuedAt);
    this.starts.push(now);
    let released = false;
    w.resolve({
      ticket: w.ticket,
      startedAt: now,
      release: () => {
        if (released) return;
        released = true;
        this.inFlight--;
        if (lease) {
          lease.shared.store.release(lease.shared.providerId, lease.lease);
          // A lease freed here may be the one a refused grant waits for: ask again at once.
          if (this.sharedSlotWait) this.sharedUntil = 0;
        }
        this.pump();
      },
    });
  }

  private armTimer(at: number, now: number): void {
    if (this.timer && this.timerAt === at) return;
    this.clearTimer();
    this.timerAt = at;
    // Should a timer fire a little early against the clock, pump() simply re-arms it.
    // Only armed while requests wait (they need it); cleared as soon as the queue empties.
    this.timer = setTimeout(
      () => {
        this.timer = null;
        this.pump();
      },
      Math.max(1, Math.ceil(at - now)),
    );
  }

  private clearTimer(): void {
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
  }
}

// ───────────────────────────── fetch wrapper ─────────────────────────────

/** Bodies fetch can send again as they are (a stream can be read only once). */
function isReplayable(input: RequestInfo | URL, init?: RequestInit): boolean {
  const body = init?.body;
  if (body == null) return !(input instanceof Request) || !input.bodyUsed;
  if (
    typeof body === 'string' ||
    body instanceof URLSearchParams ||
    body instanceof ArrayBuffer ||
    ArrayBuffer.isView(body)
  )
    return true;
  if (typeof Blob !== 'undefined' && body instanceof Blob) return true;
  if (typeof FormData !== 'undefined' && body instanceof FormData) return true;
  return false; // ReadableStream, async iterables
}

const MAX_JSON_BYTES = 16 * 1024 * 1024;

/** Reads a (cloned) response body to its end; returns the tokens its `usage` reports (JSON or server-sent events). */
async function drain(res: Response): Promise<number> {
  const type = (res.headers.get('content-type') ?? '').toLowerCase();
  const json = type.includes('json');
  const sse = type.includes('text/event-stream');
  const reader = res.body!.getReader();
  const decoder = new TextDecoder();
  let text = '';
  let size = 0;
  let tokens = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    if (!json && !sse) continue;
    size += value.byteLength;
    if (json) {
      if (size <= MAX_JSON_BYTES) text += decoder.decode(value, { stream: true });
      continue;
    }
    // SSE: look at complete lines only; keep the partial last line.
    text += decoder.decode(value, { stream: true });
    const lines = text.split('\n');
    text = lines.pop() ?? '';
    for (const line of lines) tokens = sseUsage(line) || tokens;
  }
  if (json && size <= MAX_JSON_BYTES) {
    try {
      return usageTokens((JSON.parse(text + decoder.decode()) as { usage?: unknown } | null)?.usage);
    } catch {
      return 0;
    }
  }
  if (sse) tokens = sseUsage(text) || tokens;
  return tokens;
}

/** Tokens in one `data:` line carrying usage (chat chunks: `usage`; responses events: `response.usage`). */
function sseUsage(line: string): number {
  if (!line.startsWith('data:') || !line.includes('"usage"')) return 0;
  try {
    const ev = JSON.parse(line.slice(5)) as { usage?: unknown; response?: { usage?: unknown } } | null;
    return usageTokens(ev?.usage) || usageTokens(ev?.response?.usage);
  } catch {
    return 0;
  }
}

/**
 * Holds the slot until the response body has arrived and counts its tokens, reading a clone (the original
 * body stays untouched for the caller). A JSON body is read before the response is handed over, so its tokens
 * count before the caller can send its next request; a stream is followed in the background.
 */
async function track(
  res: Response,
  slot: LimiterSlot,
  limiter: ProviderLimiter,
  signal: AbortSignal | null | undefined,
): Promise<Response> {
  if (!res.body) {
    slot.release();
    return res;
  }
  let copy: Response;
  try {
    copy = res.clone();
  } catch {
    slot.release();
    return res;
  }
  const reading = drain(copy)
    .then((n) => limiter.noteTokens(n))
    .finally(() => slot.release());
  if (!(res.headers.get('content-type') ?? '').toLowerCase().includes('json')) {
    reading.catch(() => {}); // aborted or broken streams: the caller sees the error on its own copy
    return res;
  }
  try {
    await reading;
  } catch {
    if (signal?.aborted) throw abortReason(signal);
    // A broken body: the caller meets the same error when it reads its copy.
  }
  return res;
}

export interface LimitedFetchOptions {
  /** How many times a 429 is re-sent here (after the cool-down) before it is returned to the caller (default 6). */
  max429Retries?: number;
}

/**
 * A fetch (for the OpenAI SDK's `fetch` option) whose every HTTP attempt goes through `limiter`.
 * A 429 starts the provider's shared cool-down and is re-sent up to `max429Retries` times; then the 429
 * itself is returned. Aborting `init.signal` rejects promptly, whether queued, cooling down or sending.
 */
export function limitedFetch(
  limiter: ProviderLimiter,
  base: typeof fetch = fetch,
  opts: LimitedFetchOptions = {},
): typeof fetch {
  const max429Retries = opts.max429Retries ?? 6;
  const limited = async (input: RequestInfo | URL, init?: RequestInit): Promise<Response> => {
    const signal = init?.signal ?? (input instanceof Request ? input.signal : undefined);
    const replayable = isReplayable(input, init);
    let ticket: number | undefined;
    for (let attempt = 0; ; attempt++) {
      const slot = await limiter.acquire(signal, ticket);
      ticket = slot.ticket;
      if (signal?.aborted) {
        // Aborted between the grant and now: do not send.
        slot.release();
        throw abortReason(signal);
      }
      let res: Response;
      try {
        // A Request's body is single-use: each attempt sends a fresh copy.
        res = await base(input instanceof Request ? input.clone() : input, init);
      } catch (err) {
        slot.release();
        throw err;
      }
      if (res.status === 429) {
        limiter.noteRateLimited(res.headers, slot.startedAt);
        if (attempt < max429Retries && replayable && !signal?.aborted) {
          slot.release();
          res.body?.cancel().catch(() => {});
          continue;
        }
      } else if (res.ok) {
        limiter.noteSuccess();
      }
      return track(res, slot, limiter, signal);
    }
  };
  return limited as typeof fetch;
}

// ───────────────────────────── one limiter per provider ─────────────────────────────

const limiters = new Map<string, ProviderLimiter>();
let sharedStore: SharedLimitStore | null = null;

/**
 * Makes every provider's limiter (existing and future) take its grants from `store` too, so the limits hold across
 * all processes using it (server/main.ts at start-up: `createPgSharedLimits(databaseUrl)`); null = this process only.
 */
export function configureSharedLimits(store: SharedLimitStore | null): void {
  sharedStore = store;
  for (const [id, l] of limiters) l.share(store ? { store, providerId: id } : null);
}

/** The provider's limiter (created on first use); its limits are updated in place when they differ. */
export function limiterFor(providerId: string, limits: Partial<ProviderLimits> | null): ProviderLimiter {
  let l = limiters.get(providerId);
  if (!l) {
    l = new ProviderLimiter(limits, { shared: sharedStore ? { store: sharedStore, providerId } : null });
    limiters.set(providerId, l);
  } else {
    l.update(limits);
  }
  return l;
}
