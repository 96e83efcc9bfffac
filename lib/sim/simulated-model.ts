// The SIMULATED models: what a fake LLM writes back to a conversation. Pure (no I/O): server/llm/simulated.ts serves it
// over the OpenAI HTTP API, and the games' tests ask it directly.
/**
 * SIMULATED — nothing here is a real language model.
 *
 * It answers by *reading the prompt* the way a model would: it finds the `Legal moves:` list (the convention
 * documented on `GamePrompt.turn` in lib/engine/types.ts), picks one, and writes it back — sometimes with reasoning,
 * sometimes wrongly, in the ways real models get it wrong. Free-text turns are answered by the games' own simulated
 * players (games/sims.ts), RAP's planning questions by lib/sim/sim-rap.ts, the judges' prompts by lib/sim/sim-judge.ts
 * and lib/sim/sim-simulbench.ts. Every model is named `sim-*`, so its results can never be mistaken for a real model's.
 *
 * Layout:
 *   1. Personas — the simulated models and their error rates.
 *   2. The answer generator — `generateReply(messages, persona, rng)`: the same messages, persona and rng state
 *      always give the same reply.
 */
import type { Rng, SimAnswer } from '../engine/types';
import { sims } from '../../games/sims';
import { gamebenchReply } from './sim-gamebench';
import { judgeReply } from './sim-judge';
import { rapReply } from './sim-rap';
import { simulbenchJudgeReply } from './sim-simulbench';

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
  /** The request asks for a JSON object (`response_format: {"type": "json_object"}`), as GameBench's agent does. */
  jsonObject?: boolean;
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

  // GameBench's own agent (lib/sim/sim-gamebench.ts): its reasoning call and its JSON calls, recognised by their wording;
  // an open-ended response is what this model answers the turn's observation with.
  const careful = persona.reasons && !persona.chatty;
  const gamebench = gamebenchReply(
    messages.map((m) => ({ role: m.role, text: messageText(m.content) })),
    opts.jsonObject ?? false,
    flawed,
    careful,
    rng,
    (observation) => generateReply([{ role: 'user', content: observation }], persona, rng, { flawRate: 0 }).content,
  );
  if (gamebench) return { content: gamebench.content, kind: gamebench.kind, intended: null };

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
