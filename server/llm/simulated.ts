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
 * Layout:
 *   1. Personas — the simulated models and their error rates.
 *   2. The answer generator — `generateReply(messages, persona, rng)`: a pure function, unit-tested alone.
 *   3. HTTP plumbing — `startSimulatedEndpoint(opts)`: a small router over node:http, fault injection
 *      (latency, 500s, 429s, hangs), JSON and SSE responses, counters.
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
import type { Rng, SimAnswer } from '../../lib/engine/types';
import { createRng, newSeed } from '../../lib/engine/rng';
import { sims } from '../../games/sims';
import { judgeReply } from './sim-judge';
import { rapReply } from './sim-rap';
import { simulbenchJudgeReply } from './sim-simulbench';
import { decodeDataUrl, pngInfo } from './images';

// ───────────────────────────── 1. Personas ─────────────────────────────

/** How one simulated model behaves. */
export interface Persona {
  /** Model id as listed by `/v1/models`. */
  id: string;
  /** One sentence for humans. */
  description: string;
  /** Share of answers that are flawed (an illegal move in the right format, or a malformed reply). */
  flawRate: number;
  /** Flaw share on a retry after a rejection. */
  retryFlawRate: number;
  /** Share of valid answers written in a slightly different style (bold, trailing period, lowercase…). */
  styleRate: number;
  /** Whether it writes reasoning first when the prompt asks to think step by step. */
  reasons: boolean;
  /** Rambling reasoning (longer, hedging) instead of a crisp one. */
  chatty: boolean;
}

export const PERSONAS: Readonly<Record<string, Persona>> = {
  'sim-careful': {
    id: 'sim-careful',
    description: 'Simulated careful model: almost always an exact legal answer; fixes itself after a rejection.',
    flawRate: 0.02,
    retryFlawRate: 0,
    styleRate: 0,
    reasons: true,
    chatty: false,
  },
  'sim-sloppy': {
    id: 'sim-sloppy',
    description: 'Simulated sloppy model: ~25% flawed answers (illegal moves, odd formats, rambling), varied style.',
    flawRate: 0.25,
    retryFlawRate: 0.25,
    styleRate: 0.3,
    reasons: true,
    chatty: true,
  },
  'sim-random': {
    id: 'sim-random',
    description: 'Simulated baseline: a uniformly random legal answer, never reasons, never errs.',
    flawRate: 0,
    retryFlawRate: 0,
    styleRate: 0,
    reasons: false,
    chatty: false,
  },
};

/** Ids of the simulated models, in listing order. */
export const SIMULATED_MODELS: readonly string[] = Object.keys(PERSONAS);

// ───────────────────────────── 2. The answer generator ─────────────────────────────

/** A chat message as the generator reads it (OpenAI shape; array content is reduced to its text parts). */
export interface SimMessage {
  role: string;
  content?: string | null | ReadonlyArray<{ type: string; text?: string; image_url?: { url: string } }>;
}

/** What the simulator understood from a conversation. */
export interface PromptFacts {
  /** The exact answers listed after `Legal moves:`, or null when there is no list (open-ended turn). */
  legal: string[] | null;
  /** The prompt asks to reason ("step by step", "think"). */
  wantsReasoning: boolean;
  /** The last user message rejects an earlier assistant answer. */
  isRetry: boolean;
  /** On a retry: the last line of the rejected assistant answer. */
  rejected: string | null;
  /** Text of the message with the list, before the `Legal moves:` line (the board, the situation). */
  observation: string;
  /** Text of the last user message. */
  lastUser: string;
  /** Image parts in the users' messages (a board sent as a picture). */
  images: number;
}

/** ok = a legal answer (or an open-ended sentence); illegal = right format, not in the list; malformed = anything else flawed. */
export type ReplyKind = 'ok' | 'illegal' | 'malformed';

export type FlawKind = 'illegal' | 'chatty' | 'json' | 'fence' | 'wrong-mark' | 'empty' | 'ramble';

export interface SimReply {
  /** The assistant message content. */
  content: string;
  kind: ReplyKind;
  /** The legal answer it meant (null for open-ended turns). */
  intended: string | null;
  /** Which flaw was injected, when kind is not ok. */
  flaw?: FlawKind;
  /** The first token's alternatives, sent when the request asks for logprobs (a RAP agent's evaluations). */
  topLogprobs?: { token: string; logprob: number }[];
}

export function messageText(content: SimMessage['content']): string {
  if (typeof content === 'string') return content;
  if (!content) return '';
  return content
    .filter((p) => p.type === 'text' && typeof p.text === 'string')
    .map((p) => p.text)
    .join('\n');
}

/** The items after the last line that is exactly `Legal moves:`, each line `- <answer>`; null when absent or empty. */
export function parseLegalMoves(text: string): string[] | null {
  const lines = text.split(/\r?\n/);
  let start = -1;
  for (let i = lines.length - 1; i >= 0; i--) {
    if (lines[i]!.trim() === 'Legal moves:') {
      start = i;
      break;
    }
  }
  if (start < 0) return null;
  const items: string[] = [];
  for (const line of lines.slice(start + 1)) {
    const m = /^\s*- (.*)$/.exec(line);
    if (m) {
      const item = m[1]!.trimEnd();
      if (item) items.push(item);
    } else if (line.trim() === '' && items.length === 0) {
      continue;
    } else {
      break;
    }
  }
  return items.length ? items : null;
}

const REASONING_RE = /step[- ]by[- ]step|\bthink/i;
const REJECTION_RE = /was rejected|illegal|invalid/i;

function beforeLegalList(text: string): string {
  const idx = text.split(/\r?\n/).findIndex((l) => l.trim() === 'Legal moves:');
  return idx < 0 ? text : text.split(/\r?\n/).slice(0, idx).join('\n');
}

function lastNonEmptyLine(text: string): string | null {
  const lines = text
    .split(/\r?\n/)
    .map((l) => l.trim())
    .filter(Boolean);
  return lines.length ? lines[lines.length - 1]! : null;
}

/** Reads a conversation the way the simulated models do. */
export function readPrompt(messages: readonly SimMessage[]): PromptFacts {
  const texts = messages.map((m) => ({ role: m.role, text: messageText(m.content) }));
  let lastUserIdx = -1;
  for (let i = texts.length - 1; i >= 0; i--) {
    if (texts[i]!.role === 'user') {
      lastUserIdx = i;
      break;
    }
  }
  const lastUser = lastUserIdx >= 0 ? texts[lastUserIdx]!.text : '';
  let lastAssistant: string | null = null;
  for (let i = lastUserIdx - 1; i >= 0; i--) {
    if (texts[i]!.role === 'assistant') {
      lastAssistant = texts[i]!.text;
      break;
    }
  }
  const isRetry = lastAssistant !== null && REJECTION_RE.test(lastUser);
  let legal = parseLegalMoves(lastUser);
  let listText = lastUser;
  // A rejection message may not repeat the list: then the most recent earlier list still applies.
  if (!legal && isRetry) {
    for (let i = lastUserIdx - 1; i >= 0 && !legal; i--) {
      if (texts[i]!.role !== 'user') continue;
      legal = parseLegalMoves(texts[i]!.text);
      if (legal) listText = texts[i]!.text;
    }
  }
  const wantsReasoning = texts.some(
    (t) => (t.role === 'system' || t.role === 'developer' || t.role === 'user') && REASONING_RE.test(t.text),
  );
  return {
    legal,
    wantsReasoning,
    isRetry,
    rejected: isRetry ? lastNonEmptyLine(lastAssistant ?? '') : null,
    observation: beforeLegalList(listText).trim(),
    lastUser,
    images: messages
      .filter((m) => m.role === 'user' && Array.isArray(m.content))
      .reduce(
        (n, m) => n + (m.content as ReadonlyArray<{ type: string }>).filter((p) => p.type === 'image_url').length,
        0,
      ),
  };
}

/** The topics a system prompt offers for Explain(<topic>) (lib/agents/explain.ts writes the line), or []. */
function offeredTopics(messages: readonly SimMessage[]): string[] {
  const system = messages
    .filter((m) => m.role === 'system')
    .map((m) => messageText(m.content))
    .join('\n');
  const line = /^Rules topics you can ask about: (.+)\.$/m.exec(system);
  return line
    ? line[1]!
        .split(', ')
        .map((t) => t.trim())
        .filter(Boolean)
    : [];
}

/**
 * The topic to ask about on this turn, or null: only before the turn's first answer (no explanation given yet in this
 * conversation), on about one turn in six, the topic chosen by the same hash of the turn's text.
 */
function explainRequest(messages: readonly SimMessage[]): string | null {
  const topics = offeredTopics(messages);
  if (topics.length === 0 || messages.some((m) => m.role === 'assistant')) return null;
  const turn = messages
    .filter((m) => m.role === 'user')
    .map((m) => messageText(m.content))
    .join('\n');
  let h = 2166136261;
  for (let i = 0; i < turn.length; i++) h = Math.imul(h ^ turn.charCodeAt(i), 16777619) >>> 0;
  return h % 6 === 0 ? topics[Math.floor(h / 6) % topics.length]! : null;
}

/** Picks one of weighted options. */
function weighted<T>(rng: Rng, options: ReadonlyArray<readonly [T, number]>): T {
  const total = options.reduce((s, [, w]) => s + w, 0);
  let x = rng.next() * total;
  for (const [v, w] of options) {
    x -= w;
    if (x < 0) return v;
  }
  return options[options.length - 1]![0];
}

/** "a, b and c" (at most `max` items, then "and N more"). */
function listWords(items: readonly string[], max = 5): string {
  const shown = items.slice(0, max);
  const rest = items.length - shown.length;
  if (rest > 0) return `${shown.join(', ')} and ${rest} more`;
  if (shown.length <= 1) return shown.join('');
  return `${shown.slice(0, -1).join(', ')} and ${shown[shown.length - 1]}`;
}

/** An answer in the right format that is not in the list: a listed answer with one number changed (an occupied cell, an out-of-range index). */
export function illegalVariant(answer: string, legal: readonly string[], rng: Rng): string | null {
  const legalSet = new Set(legal);
  const nums = legal.flatMap((a) => (a.match(/\d+/g) ?? []).map(Number));
  const matches = [...answer.matchAll(/\d+/g)];
  if (matches.length && nums.length) {
    const lo = Math.min(...nums);
    const hi = Math.max(...nums);
    const inRange: string[] = [];
    const outOfRange: string[] = [];
    for (const m of matches) {
      const at = m.index ?? 0;
      const values = new Set<number>();
      if (hi - lo <= 40) for (let v = lo; v <= hi; v++) values.add(v);
      else for (let k = 0; k < 20; k++) values.add(lo + rng.int(hi - lo + 1));
      values.add(hi + 1);
      if (lo > 0) values.add(lo - 1);
      for (const v of values) {
        const candidate = answer.slice(0, at) + String(v) + answer.slice(at + m[0].length);
        if (legalSet.has(candidate) || candidate === answer) continue;
        (v >= lo && v <= hi ? inRange : outOfRange).push(candidate);
      }
    }
    const pool = inRange.length && (rng.next() < 0.7 || !outOfRange.length) ? inRange : outOfRange;
    if (pool.length) return rng.pick(pool);
  }
  // No numbers to mutate: a plausible game verb the list does not offer, written like the listed ones.
  const verbs = ['pass', 'raise', 'check', 'call', 'fold', 'draw', 'resign', 'discard', 'play', 'skip'];
  const lower = legal.every((a) => a === a.toLowerCase());
  const spare = verbs.map((v) => (lower ? v : v[0]!.toUpperCase() + v.slice(1))).filter((v) => !legalSet.has(v));
  return spare.length ? rng.pick(spare) : null;
}

/** The same answer with a different leading mark (`X: …` → `O: …`), or null when the answer has no mark. */
function wrongMark(answer: string, legal: readonly string[]): string | null {
  const m = /^([A-Za-z])(\s*:)/.exec(answer);
  if (!m) return null;
  const mark = m[1]!;
  const swaps: Record<string, string> = { X: 'O', O: 'X', x: 'o', o: 'x' };
  const other = swaps[mark] ?? (mark === 'Z' ? 'A' : mark === 'z' ? 'a' : String.fromCharCode(mark.charCodeAt(0) + 1));
  const out = other + answer.slice(1);
  return legal.includes(out) ? null : out;
}

const CHATTY_LINES = [
  "I'll take the center!",
  'Let me go with my best option here.',
  'I think the corner is strongest, so that one.',
  'Same move as last time, please.',
  'My move is the one that blocks my opponent.',
];

/** Cosmetic variations of a correct answer (still the right move). */
function restyle(answer: string, rng: Rng): string {
  const style = weighted(rng, [
    ['bold', 3],
    ['period', 3],
    ['lower', 2],
    ['fence', 1],
    ['prefix', 1],
  ] as const);
  switch (style) {
    case 'bold':
      return `**${answer}**`;
    case 'period':
      return `${answer}.`;
    case 'lower':
      return answer.toLowerCase() !== answer ? answer.toLowerCase() : `**${answer}**`;
    case 'fence':
      return '```\n' + answer + '\n```';
    case 'prefix':
      return `My move: ${answer}`;
  }
}

function others(legal: readonly string[], move: string): string[] {
  return legal.filter((a) => a !== move);
}

/** A verbose reply with the intended answer buried mid-sentence among other options. */
function ramble(move: string, legal: readonly string[], rng: Rng): string {
  const alt = rng.shuffle(others(legal, move));
  const a = alt[0] ?? move;
  const b = alt[1] ?? a;
  return [
    'Hmm, this is an interesting spot and there are quite a few possibilities to weigh.',
    `I was going back and forth between ${a} and ${b} for a while, but honestly ${move} is probably what I'd go with, ` +
      `although ${a} has its merits too and I could see an argument for it.`,
    "It's hard to be sure without seeing how my opponent responds. Anyway, that's roughly where I landed!",
  ].join(' ');
}

/** A flawed answer for `move`; never an exact legal answer line. */
function flawedAnswer(
  move: string,
  legal: readonly string[],
  rng: Rng,
): { text: string; kind: ReplyKind; flaw: FlawKind } {
  const flaw = weighted<FlawKind>(rng, [
    ['illegal', 40],
    ['chatty', 10],
    ['json', 12],
    ['fence', 12],
    ['wrong-mark', 10],
    ['empty', 6],
    ['ramble', 10],
  ]);
  const fallback = { text: rng.pick(CHATTY_LINES), kind: 'malformed' as const, flaw: 'chatty' as const };
  switch (flaw) {
    case 'illegal': {
      const text = illegalVariant(move, legal, rng);
      return text ? { text, kind: 'illegal', flaw } : fallback;
    }
    case 'chatty':
      return fallback;
    case 'json':
      return { text: JSON.stringify(rng.next() < 0.5 ? { move } : { action: move }), kind: 'malformed', flaw };
    case 'fence':
      return { text: `Here is my move:\n\`\`\`\nI play ${move}\n\`\`\`\nGood luck!`, kind: 'malformed', flaw };
    case 'wrong-mark': {
      const text = wrongMark(move, legal);
      return text ? { text, kind: 'malformed', flaw } : fallback;
    }
    case 'empty':
      return { text: '', kind: 'malformed', flaw };
    case 'ramble':
      return { text: ramble(move, legal, rng), kind: 'malformed', flaw };
  }
}

function looksLikeBoard(observation: string): boolean {
  return /[|+#]|(?:[.XO_] ){2}/.test(observation) || observation.split('\n').length >= 3;
}

/** A few sentences of plausible reasoning that lead to `answer`; options appear only inside sentences. */
function reasoning(facts: PromptFacts, legal: readonly string[], answer: string, persona: Persona, rng: Rng): string {
  const out: string[] = [];
  if (facts.isRetry) {
    out.push(
      facts.rejected
        ? `You're right, "${facts.rejected}" was not accepted. Let me look at the legal moves again.`
        : 'Sorry about that, let me look at the legal moves again.',
    );
  } else {
    out.push(
      rng.pick([
        'Let me think this through step by step.',
        'Let me look at the position first.',
        'Thinking it through:',
      ]),
    );
  }
  if (facts.images > 0) out.push(`I looked at the board image${facts.images > 1 ? 's' : ''} as well as the text.`);
  const where =
    facts.images > 0 || looksLikeBoard(facts.observation) ? 'Looking at the board' : 'Looking at the situation';
  out.push(
    legal.length === 1
      ? `${where}, there is only one legal move: ${legal[0]}.`
      : `${where}, I count ${legal.length} legal moves: ${listWords(legal)}.`,
  );
  const alt = others(legal, answer);
  if (alt.length) {
    const other = rng.pick(alt);
    out.push(
      rng.pick([
        `I considered ${other}, but it does less for me than ${answer}.`,
        `${other} is tempting, but ${answer} keeps more options open and limits my opponent.`,
        `${other} would be safe, yet ${answer} looks stronger here.`,
      ]),
    );
  }
  if (persona.chatty) {
    out.push(
      rng.pick([
        'Hmm, I could be missing something, but I feel fairly good about it.',
        'Then again, it is hard to be sure.',
      ]),
    );
  }
  out.push('So my answer is:');
  return out.join(' ');
}

/** Short plausible text for turns without a list (descriptions, offers, votes…). */
function openEndedAnswer(facts: PromptFacts, rng: Rng): { answer: string; topic: string } {
  const text = facts.lastUser;
  if (/\bvot(e|ing)\b/i.test(text)) {
    const names = [...new Set(text.match(/\b(?:Player|Seat) \d+\b/g) ?? [])];
    const who = names.length ? rng.pick(names) : 'the second player';
    return { answer: `I vote for ${who}.`, topic: 'who to vote for' };
  }
  if (/\b(offer|trade|deal|propos|negotiat|split)/i.test(text)) {
    return {
      answer: rng.pick([
        'I propose an even split: half for you, half for me.',
        "I'll offer two of mine for one of yours.",
      ]),
      topic: 'what to offer',
    };
  }
  if (/\b(describ|description|clue|hint)/i.test(text)) {
    return {
      answer: rng.pick([
        "It's something you'd find in most homes, and people use it every day.",
        'Think of something small, familiar and a little bit noisy.',
      ]),
      topic: 'how to describe it without giving it away',
    };
  }
  if (/\bbid\b/i.test(text)) return { answer: `I bid ${1 + rng.int(5)}.`, topic: 'how much to bid' };
  if (/\bguess\b/i.test(text)) return { answer: 'My guess is the first one you mentioned.', topic: 'what to guess' };
  return {
    answer: rng.pick([
      "I'll keep it simple and go with my first instinct here.",
      "That sounds reasonable to me, let's continue.",
      'I agree with the plan so far and will play along.',
    ]),
    topic: 'what is being asked',
  };
}

export interface GenerateOptions {
  /** Overrides the persona's flaw rate (both first answers and retries). */
  flawRate?: number;
}

/**
 * The simulated model itself: reads the conversation and writes the assistant reply.
 * Pure: the same (messages, persona, rng state, options) always give the same reply.
 */
export function generateReply(
  messages: readonly SimMessage[],
  persona: Persona,
  rng: Rng,
  opts: GenerateOptions = {},
): SimReply {
  const facts = readPrompt(messages);
  const reason = persona.reasons && facts.wantsReasoning;
  const flawRate = opts.flawRate ?? (facts.isRetry ? persona.retryFlawRate : persona.flawRate);
  const flawed = rng.next() < flawRate;

  // A RAP agent's planning questions (server/llm/sim-rap.ts) carry an observation with its legal moves: answered first.
  const userTexts = messages.filter((m) => m.role === 'user').map((m) => messageText(m.content));
  const planning = rapReply(userTexts.at(-1) ?? '', rng);
  if (planning)
    return {
      content: planning.content,
      kind: 'ok',
      intended: null,
      ...(planning.topLogprobs ? { topLogprobs: planning.topLogprobs } : {}),
    };

  // The games' own simulated players (games/sims.ts: free text and labelled answers, e.g. the word games played with
  // the simulated lexicon), then the consistency judge; the first that recognises the conversation answers.
  const careful = persona.reasons && !persona.chatty;
  const turn = { texts: userTexts, legal: facts.legal, flawed, careful, rng };
  // SimulBench's judge first: its prompts quote whole dialogues, which a game's simulated player would take for its own.
  const word =
    simulbenchJudgeReply(userTexts, flawed, rng) ??
    Object.values(sims).reduce<SimAnswer | null>((found, sim) => found ?? sim(turn), null) ??
    judgeReply(userTexts, flawed);
  if (word)
    return {
      content: word.content,
      kind: word.kind,
      intended: null,
      ...(word.kind === 'ok' ? {} : { flaw: 'illegal' as const }),
    };

  if (!facts.legal) {
    const { answer, topic } = openEndedAnswer(facts, rng);
    if (flawed) {
      const content =
        rng.next() < 0.5 ? '' : `As for ${topic}... I'm not sure I understood the question, could you rephrase it?`;
      return { content, kind: 'malformed', intended: null, flaw: content ? 'chatty' : 'empty' };
    }
    const content = reason
      ? `Let me think about ${topic}. Given what has happened so far, a short, clear answer works best.\n${answer}`
      : answer;
    return { content, kind: 'ok', intended: null };
  }

  const legal = facts.legal;
  // GameBench's Explain(topic): a careful model that is offered rules topics sometimes reads one before its first
  // answer of a turn (about one turn in six, chosen by the turn's text, not the rng, so every other reply is unchanged).
  const explain = careful && !facts.isRetry ? explainRequest(messages) : null;
  if (explain)
    return {
      content: reason
        ? `Before I move I want to be sure of the rules about ${explain}.\nExplain(${explain})`
        : `Explain(${explain})`,
      kind: 'ok',
      intended: null,
    };
  // After a rejection, avoid repeating the rejected answer when there is anything else.
  const pool = facts.isRetry && facts.rejected && legal.length > 1 ? others(legal, facts.rejected) : legal;
  const move = rng.pick(pool);

  if (flawed) {
    const f = flawedAnswer(move, legal, rng);
    if (f.flaw === 'empty' || f.flaw === 'ramble' || !reason)
      return { content: f.text, kind: f.kind, intended: move, flaw: f.flaw };
    const leadsTo = f.kind === 'illegal' ? f.text : move;
    return {
      content: `${reasoning(facts, legal, leadsTo, persona, rng)}\n${f.text}`,
      kind: f.kind,
      intended: move,
      flaw: f.flaw,
    };
  }
  const answer = persona.styleRate > 0 && rng.next() < persona.styleRate ? restyle(move, rng) : move;
  const content = reason ? `${reasoning(facts, legal, move, persona, rng)}\n${answer}` : answer;
  return { content, kind: 'ok', intended: move };
}

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
export async function startSimulatedEndpoint(options: SimulatedEndpointOptions = {}): Promise<SimulatedEndpoint> {
  const parsed = simulatedEndpointOptionsSchema.safeParse(options);
  if (!parsed.success) throw new Error(`Invalid simulated endpoint options: ${formatIssues(parsed.error)}`);
  const opts = parsed.data;
  const seed = opts.seed ?? newSeed();
  const stats: SimulatedStats = {
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
  const received: ReceivedImage[] = [];
  const sockets = new Set<Socket>();
  /** Cancels every pending timer (used by close()). */
  const timers = new Set<() => void>();
  /** How often each exact request has been seen, so repeats get fresh answers. */
  const seen = new Map<string, number>();
  /** Arrival times of the chat completions accepted under a rate limit, oldest first, pruned to the window. */
  const accepted: number[] = [];
  let closing: Promise<void> | null = null;

  /** Waits `ms`; resolves false when the client went away or the server is closing. */
  const sleep = (ms: number, res: http.ServerResponse): Promise<boolean> =>
    new Promise((resolve) => {
      if (res.destroyed || closing) return resolve(false);
      if (ms <= 0) return resolve(true);
      const done = (ok: boolean) => {
        clearTimeout(timer);
        res.off('close', onClose);
        timers.delete(cancel);
        resolve(ok);
      };
      const onClose = () => done(false);
      const cancel = () => done(false);
      const timer = setTimeout(() => done(true), ms);
      res.on('close', onClose);
      timers.add(cancel);
    });

  const pickLatency = (l: number | readonly [number, number], rng: Rng): number =>
    typeof l === 'number' ? l : l[0] + rng.next() * (l[1] - l[0]);

  function checkAuth(req: http.IncomingMessage): void {
    if (opts.apiKey === undefined) return;
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
    if (key !== opts.apiKey) {
      const shown = key.length > 8 ? `${key.slice(0, 3)}…${key.slice(-4)}` : '***';
      throw new HttpError(401, `Incorrect API key provided: ${shown}.`, 'invalid_request_error', 'invalid_api_key');
    }
  }

  function modelObject(id: string) {
    return { id, object: 'model', created: MODEL_CREATED, owned_by: OWNER };
  }

  async function chatCompletions(req: http.IncomingMessage, res: http.ServerResponse): Promise<void> {
    const arrivedAt = Date.now(); // the rate limit counts arrivals, not the end of body parsing
    const raw = await readBody(req);
    let json: unknown;
    try {
      json = JSON.parse(raw);
    } catch {
      throw new HttpError(
        400,
        'We could not parse the JSON body of your request. The request body must be valid JSON.',
      );
    }
    const body = chatRequestSchema.safeParse(json);
    if (!body.success) throw new HttpError(400, `Invalid request body: ${formatIssues(body.error)}`);
    const request: ChatRequest = body.data;
    // Images are read (and refused when unreadable) like a provider does, before anything else happens.
    const images: ReceivedImage[] = [];
    request.messages.forEach((m, i) => {
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

    // Per-request overrides, validated before anything else happens.
    const latencyRaw = headerValue(req, 'x-sim-latency-ms');
    const latencyHeader = latencyRaw === undefined ? undefined : parseLatencyHeader(latencyRaw);
    if (latencyHeader === null) {
      throw new HttpError(400, `Header x-sim-latency-ms must be "<ms>" or "<min>-<max>", got "${latencyRaw}".`);
    }
    const flawRate = headerRate(req, 'x-sim-malformed-rate') ?? opts.malformedRate;
    const failureRate = headerRate(req, 'x-sim-failure-rate') ?? opts.failureRate;
    const rateLimitRate = headerRate(req, 'x-sim-rate-limit-rate') ?? opts.rateLimitRate;
    const hangRate = headerRate(req, 'x-sim-hang-rate') ?? opts.hangRate;
    const rpmRaw = headerValue(req, 'x-sim-rpm-limit');
    const rpmLimit = rpmRaw === undefined ? opts.rpmLimit : Number(rpmRaw);
    if (rpmRaw !== undefined && !(/^\s*\d+\s*$/.test(rpmRaw) && rpmLimit !== null && rpmLimit >= 1)) {
      throw new HttpError(400, `Header x-sim-rpm-limit must be an integer >= 1, got "${rpmRaw}".`);
    }

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

    // The provider-style request limit, before anything random: a rejected request uses up nothing (not even
    // its occurrence number, so the retry gets the answer the first try would have had).
    if (rpmLimit !== null) {
      const now = Math.max(arrivedAt, accepted[accepted.length - 1] ?? 0);
      let expired = 0;
      while (expired < accepted.length && accepted[expired]! <= now - opts.rateWindowMs) expired++;
      if (expired) accepted.splice(0, expired);
      if (accepted.length >= rpmLimit) {
        const waitMs = Math.max(1, accepted[accepted.length - rpmLimit]! + opts.rateWindowMs - now);
        stats.rateLimited++;
        throw new HttpError(
          429,
          `Rate limit reached for ${request.model} (simulated) on requests: Limit ${rpmLimit} per ${opts.rateWindowMs} ms, ` +
            `Used ${accepted.length}. Please try again in ${waitMs} ms.`,
          'requests',
          'rate_limit_exceeded',
          {
            'retry-after': String(Math.max(1, Math.ceil(waitMs / 1000))),
            'retry-after-ms': String(waitMs),
            'x-ratelimit-limit-requests': String(rpmLimit),
            'x-ratelimit-remaining-requests': '0',
          },
        );
      }
      accepted.push(now);
    }

    // One random stream per request, independent of interleaving with other requests.
    const digest = createHash('sha256')
      .update(JSON.stringify([request.model, request.messages]))
      .digest('hex')
      .slice(0, 16);
    const nth = seen.get(digest) ?? 0;
    if (seen.size > 50_000) seen.clear();
    seen.set(digest, nth + 1);
    const key = `${seed}:${digest}:${request.seed ?? `#${nth}`}`;
    const faults = createRng(`${key}:faults`);
    const rng = createRng(`${key}:reply`);
    const hang = faults.next() < hangRate;
    const limited = faults.next() < rateLimitRate;
    const failed = faults.next() < failureRate;
    const latency = pickLatency(latencyHeader ?? opts.latencyMs, faults);
    const idHex = createHash('sha256').update(key).digest('hex');
    const id = `chatcmpl-sim-${idHex.slice(0, 24)}`;
    const requestId = `req_sim_${idHex.slice(24, 40)}`;

    if (hang) {
      stats.hung++;
      return; // Never answered: the socket stays open until the client gives up or close() ends it.
    }
    if (limited) {
      stats.rateLimited++;
      throw new HttpError(
        429,
        `Rate limit reached for ${request.model} (simulated). Please try again in ${opts.retryAfterSeconds}s.`,
        'requests',
        'rate_limit_exceeded',
        { 'retry-after': String(opts.retryAfterSeconds), 'x-request-id': requestId },
      );
    }
    const stream = request.stream === true;
    // A stream spends part of the latency before the first token and the rest between chunks.
    if (!(await sleep(stream ? latency * 0.5 : latency, res))) return;
    if (failed) {
      stats.failed500++;
      throw new HttpError(
        500,
        'The server had an error while processing your request (simulated failure). Sorry about that!',
        'server_error',
        null,
        { 'x-request-id': requestId },
      );
    }

    const reply = generateReply(request.messages, persona, rng, { flawRate });
    stats[reply.kind]++;
    stats.images += images.length;
    received.push(...images);
    if (received.length > MAX_KEPT_IMAGES) received.splice(0, received.length - MAX_KEPT_IMAGES);
    let content = reply.content;
    let finishReason: 'stop' | 'length' = 'stop';
    const limit = request.max_completion_tokens ?? request.max_tokens;
    if (limit != null && estimateTokens(content) > limit) {
      content = content.slice(0, limit * 4);
      finishReason = 'length';
    }
    const usage = {
      prompt_tokens: promptTokens(request.messages, images),
      completion_tokens: estimateTokens(content),
      total_tokens: 0,
    };
    usage.total_tokens = usage.prompt_tokens + usage.completion_tokens;
    const created = Math.floor(Date.now() / 1000);
    const common = { 'x-request-id': requestId, 'openai-processing-ms': String(Math.round(latency)) };

    if (!stream) {
      sendJson(
        res,
        200,
        {
          id,
          object: 'chat.completion',
          created,
          model: request.model,
          system_fingerprint: 'fp_arena_sim',
          choices: [
            {
              index: 0,
              message: { role: 'assistant', content, refusal: null },
              logprobs: logprobsOf(request, reply, content),
              finish_reason: finishReason,
            },
          ],
          usage,
        },
        common,
      );
      return;
    }

    stats.streamed++;
    const includeUsage = request.stream_options?.include_usage === true;
    const base = {
      id,
      object: 'chat.completion.chunk',
      created,
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
      ...common,
    });
    write(delta({ role: 'assistant', content: '', refusal: null }, null));
    // A few words per chunk, like a tokenizer would roughly produce.
    const pieces: string[] = [];
    const words = content.match(/\S+\s*|\s+/g) ?? [];
    for (let i = 0; i < words.length;) {
      const take = 1 + rng.int(3);
      pieces.push(words.slice(i, i + take).join(''));
      i += take;
    }
    const gap = pieces.length ? (latency * 0.5) / pieces.length : 0;
    for (const piece of pieces) {
      if (!(await sleep(gap, res))) {
        res.destroy();
        return;
      }
      write(delta({ content: piece }, null));
    }
    write(delta({}, finishReason));
    if (includeUsage) write({ ...base, choices: [], usage });
    res.end('data: [DONE]\n\n');
  }

  async function route(req: http.IncomingMessage, res: http.ServerResponse): Promise<void> {
    stats.requests++;
    const path = new URL(req.url ?? '/', 'http://sim.local').pathname.replace(/\/+$/, '') || '/';
    const method = req.method ?? 'GET';
    const known = path === '/v1/models' || path.startsWith('/v1/models/') || path === '/v1/chat/completions';
    if (!known)
      throw new HttpError(
        404,
        `Invalid URL (${method} ${path}). The simulated endpoint serves /v1/models and /v1/chat/completions.`,
      );
    checkAuth(req);
    if (path === '/v1/models' && method === 'GET') {
      sendJson(res, 200, { object: 'list', data: SIMULATED_MODELS.map(modelObject) });
    } else if (path.startsWith('/v1/models/') && method === 'GET') {
      const id = decodeURIComponent(path.slice('/v1/models/'.length));
      if (!PERSONAS[id])
        throw new HttpError(404, `The model \`${id}\` does not exist.`, 'invalid_request_error', 'model_not_found');
      sendJson(res, 200, modelObject(id));
    } else if (path === '/v1/chat/completions' && method === 'POST') {
      await chatCompletions(req, res);
    } else {
      throw new HttpError(405, `Method ${method} is not allowed on ${path}.`);
    }
  }

  const server = http.createServer((req, res) => {
    route(req, res).catch((err: unknown) => {
      if (err instanceof HttpError) {
        if (err.status >= 400 && err.status < 500 && err.status !== 429) stats.badRequest++;
        sendError(res, err);
      } else if (!res.headersSent) {
        sendError(res, new HttpError(500, `Simulated endpoint bug: ${String(err)}`, 'server_error'));
      } else {
        res.destroy();
      }
    });
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
    stats,
    images: received,
    close() {
      closing ??= new Promise<void>((resolve) => {
        for (const cancel of [...timers]) cancel();
        server.close(() => resolve());
        server.closeAllConnections();
        for (const socket of sockets) socket.destroy();
      });
      return closing;
    },
  };
}
