// SimulBench dialogue prompts, as the authors' code sends them: the user agent's request (the B.2 prompt, verbatim),
// the simulator's (the dialogue as a chat after the system message), short system/turn texts for people, and robust
// readers of both seats' replies.
import type { ConversationTurn, GamePrompt, ParseResult, Seat } from '../../lib/engine/types';
import { SYSTEM_PROMPT, formatDialogue, normalizeUtterance, turnCount } from './dialogue';
import { MAX_NOTE_CHARS, STRATEGY_LABELS, type SimulAction, type SimulState, type SimulView } from './rules';
import { MAX_RESPONSE_CHARS, STRATEGIES, USER, type SimulConfig, type Strategy, type Task } from './types';

/** The B.2 prompt's first sentence: fixed whatever the dialogue, so the simulated endpoint recognises the user agent by it. */
export const USER_AGENT_FIRST_SENTENCE =
  'Please act as a user who is fond of posing requests, given the interaction history between the user and an AI assistant for a given task.';

/**
 * The user agent's prompt as the authors' code sends it (SimulBench/SimulBench, src/prompts.py `USER_PROMPT`, the
 * paper's Appendix B.2), verbatim. The code fills {DIALOGUE} with the dialogue in its JSON form (`formatDialogue`), and
 * the code block's placeholders with the task's request type ({REQUEST_TYPE}) and a fixed phrase ({STRATEGY_TYPE}):
 * `userAgentPrompt` does the same.
 */
export const USER_AGENT_PROMPT = `${USER_AGENT_FIRST_SENTENCE} The name and description of the task are provided in the user's **first** utterance. The requests you generate should be **diverse** and **complicated** enough and be executable commands or instructions applicable to the given task.

## Interaction History
{DIALOGUE}

## Strategy
Here are some useful strategies for generating the next request:
- 1: A request that points out any errors, ambiguities, or other **dissatisfactions** of the previous response from the AI assistant.
- 2: A request that never appeared previously but is **related** to previous requests by either conditioning on previous requests' outcome or will have an impact upon previous outcomes.
- 3: A request that never appeared previously, still belongs to the same domain as previous requests but has a much higher **rarity** (i.e., being more long-tailed), or a much higher **difficulty** and **complexity**.
- 4: Others

Now, please first select one strategy from the above options (if Others is selected, please further elaborate on your strategy) and then generate a new request using the selected strategy. Put the strategy number and request in JSON format by filling in the placeholders in [] in the following code block. Only output the JSON code block, nothing else!
\`\`\`
{
    "user": {
        "strategy": "[{STRATEGY_TYPE}]",
        "request": "[{REQUEST_TYPE}]"
    }
}
\`\`\`
`;

/** What the authors' code writes into the code block's strategy placeholder. */
export const STRATEGY_PLACEHOLDER = 'a short description of the adopted strategy';

/** The B.2 prompt for this dialogue of this task, its placeholders filled as the authors' code fills them. */
export function userAgentPrompt(dialogue: SimulView['dialogue'], task: Pick<Task, 'requestType'>): string {
  return USER_AGENT_PROMPT.replace('{DIALOGUE}', () => formatDialogue(dialogue))
    .replace('{REQUEST_TYPE}', () => task.requestType)
    .replace('{STRATEGY_TYPE}', () => STRATEGY_PLACEHOLDER);
}

/** The B.2 strategy numbers 1–4, in order of STRATEGIES. */
export const strategyNumber = (s: Strategy): number => STRATEGIES.indexOf(s) + 1;

/** One-line explanations of the strategies (the paper's Sec. 2.3 list), for the board and the system text. */
export const STRATEGY_HELP: Record<Strategy, string> = {
  improvement: 'Identifying errors, ambiguities, or other dis-satisfactions for improvements.',
  'next-step': 'Proceeding to the subsequent step or diving deeper into the current topic.',
  'new-request': 'Initiating a new request which is more long-tailed or more difficult.',
  others: 'Other feasible strategies.',
};

/**
 * The request each seat's LLM sends, as the authors' code sends it: the system message, then for the user agent B.2
 * (one user message), for the simulator the dialogue as a chat.
 */
export function conversation(view: SimulView, seat: Seat, cfg: SimulConfig): ConversationTurn {
  if (seat === USER) {
    const { temperature, maxTokens } = cfg.sampling.user;
    return {
      messages: [
        { role: 'system', content: SYSTEM_PROMPT },
        { role: 'user', content: userAgentPrompt(view.dialogue, view.task) },
      ],
      temperature,
      maxTokens,
    };
  }
  const { temperature, maxTokens } = cfg.sampling.simulator;
  return {
    messages: [
      { role: 'system', content: SYSTEM_PROMPT },
      ...view.dialogue.map((t) => ({ role: t.role, content: t.content })),
    ],
    temperature,
    maxTokens,
  };
}

// ---- reading the simulator's reply ----

/**
 * The simulator's reply as its response: reasoning blocks removed, trimmed and one pair of wrapping quotes taken off
 * (`normalizeUtterance`, as the authors' code), cut (visibly) past MAX_RESPONSE_CHARS.
 */
export function parseResponse(reply: string): string {
  let text = reply.replace(/<think>[\s\S]*?<\/think>/gi, '');
  // A reasoning block whose opening tag was not sent: keep what follows its end.
  const close = text.toLowerCase().lastIndexOf('</think>');
  if (close >= 0) text = text.slice(close + '</think>'.length);
  text = normalizeUtterance(text);
  if (text.length <= MAX_RESPONSE_CHARS) return text;
  const at = MAX_RESPONSE_CHARS - 40;
  return `${text.slice(0, at)}\n[cut at ${at} characters]`;
}

// ---- reading the user agent's reply ----

/** What to answer when no request can be read (sent back to the model). */
export const USER_FORMAT_HELP =
  'Answer with only this JSON code block, your strategy number (1–4) and your next request filled in:\n```\n{"user": {"strategy": "2", "request": "<your next request>"}}\n```';

/** Balanced {…} spans of a text, in order, with quotes respected ("…" and '…'). */
function objectSpans(text: string): string[] {
  const out: string[] = [];
  for (let i = 0; i < text.length; i++) {
    if (text[i] !== '{') continue;
    let depth = 0;
    let quote: string | null = null;
    let end = -1;
    for (let j = i; j < text.length; j++) {
      const c = text[j]!;
      if (quote) {
        if (c === '\\') j++;
        else if (c === quote) quote = null;
        continue;
      }
      if (c === '"') quote = c;
      else if (c === "'" && /[\s{:,[]/.test(text[j - 1] ?? ' ')) quote = c;
      else if (c === '{') depth++;
      else if (c === '}' && --depth === 0) {
        end = j;
        break;
      }
    }
    if (end < 0) continue;
    out.push(text.slice(i, end + 1));
    i = end;
  }
  return out;
}

/** JSON.parse, then again after the usual repairs: curly quotes, single quotes, unquoted keys, trailing commas. */
function lenientJson(src: string): unknown {
  try {
    return JSON.parse(src);
  } catch {
    /* repaired below */
  }
  let t = src.replace(/[“”]/g, '"');
  // Single-quoted strings → double-quoted ones (a quote opens after {, [, : or , only, so "don't" survives).
  t = t.replace(
    /([{[:,]\s*)'((?:[^'\\]|\\.)*)'/g,
    (_m, pre: string, body: string) => `${pre}${JSON.stringify(body.replace(/\\'/g, "'"))}`,
  );
  t = t.replace(/([{,]\s*)([A-Za-z_][\w-]*)\s*:/g, '$1"$2":');
  t = t.replace(/,\s*([}\]])/g, '$1');
  // Raw line breaks inside strings.
  t = t.replace(/"(?:[^"\\]|\\.)*"/g, (s) => s.replace(/\n/g, '\\n').replace(/\r/g, '\\r').replace(/\t/g, '\\t'));
  try {
    return JSON.parse(t);
  } catch {
    return undefined;
  }
}

const isRecord = (x: unknown): x is Record<string, unknown> => !!x && typeof x === 'object' && !Array.isArray(x);

/** A key of an object, case-insensitively. */
function field(o: Record<string, unknown>, name: string): unknown {
  const k = Object.keys(o).find((key) => key.trim().toLowerCase() === name);
  return k === undefined ? undefined : o[k];
}

const NAMES: [RegExp, Strategy][] = [
  [/^improve(ment)?s?\b/i, 'improvement'],
  [/^next[\s_-]*steps?\b/i, 'next-step'],
  [/^new[\s_-]*requests?\b/i, 'new-request'],
  [/^others?\b/i, 'others'],
];

/**
 * A strategy as user agents write it: "2", "[2]", "Strategy 2", "NextStep", "next step", "Improvement", "NewRequest",
 * "Others: …" / "4: …" (→ others, the rest as its note). Unreadable or absent → others, the text (if any) as the note.
 */
export function parseStrategy(raw: unknown): { strategy: Strategy; note?: string } {
  if (raw === undefined || raw === null) return { strategy: 'others' };
  let t = String(typeof raw === 'object' ? JSON.stringify(raw) : raw)
    .trim()
    .replace(/^[[(]\s*|\s*[\])]$/g, '')
    .trim();
  t = t.replace(/^strategy\s*(number|no\.?|#)?\s*[:#-]?\s*/i, '');
  let strategy: Strategy | null = null;
  const num = /^\[?\s*([1-4])(?![\d.])\s*\]?/.exec(t);
  if (num) {
    strategy = STRATEGIES[Number(num[1]) - 1]!;
    t = t.slice(num[0].length);
  }
  const rest = () => t.replace(/^[\s:.,;)(\]\-–—]+/, '').trim();
  t = rest();
  for (const [re, s] of NAMES) {
    const m = re.exec(t);
    if (m && (!strategy || strategy === s)) {
      strategy = s;
      t = t.slice(m[0].length);
      t = rest();
      break;
    }
  }
  const note = t.replace(/[\])]+$/, '').trim();
  if (!strategy) return note ? { strategy: 'others', note: cutNote(note) } : { strategy: 'others' };
  return strategy === 'others' && note ? { strategy, note: cutNote(note) } : { strategy };
}

const cutNote = (n: string) => (n.length > MAX_NOTE_CHARS ? `${n.slice(0, MAX_NOTE_CHARS - 1)}…` : n);

/** The request of a parsed object, B.2's {"user": {...}} or the bare inner object; null when it has none. */
function requestOf(value: unknown): SimulAction | null | 'empty' {
  if (!isRecord(value)) return null;
  const inner = field(value, 'user');
  const o = isRecord(inner) ? inner : value;
  if (field(o, 'stop') === true) return { type: 'stop' };
  const req = field(o, 'request');
  if (req === undefined || req === null) return null;
  const text = (typeof req === 'string' ? req : JSON.stringify(req)).trim();
  if (!text) return 'empty';
  const { strategy, note } = parseStrategy(field(o, 'strategy'));
  return note ? { type: 'request', strategy, text, note } : { type: 'request', strategy, text };
}

/** Unescapes a JSON string body (what a regex found between quotes). */
function unescape(body: string): string {
  try {
    return JSON.parse(`"${body.replace(/\n/g, '\\n')}"`) as string;
  } catch {
    return body;
  }
}

/**
 * Reads the user agent's B.2 answer: code fences, prose around it, the "user" wrapper missing, single quotes, trailing
 * commas, a strategy in any of the usual spellings, the request as a string or an object; the last JSON object with a
 * request wins. Without one, an error saying exactly what to write.
 */
export function parseUserReply(reply: string): ParseResult<SimulAction> {
  const text = reply.replace(/<think>[\s\S]*?<\/think>/gi, '');
  let empty = false;
  const spans = objectSpans(text);
  for (let i = spans.length - 1; i >= 0; i--) {
    const r = requestOf(lenientJson(spans[i]!));
    if (r === 'empty') empty = true;
    else if (r) return { action: r };
  }
  // A JSON the reader could not repair: take the "request" string and "strategy" by pattern (the last ones).
  const reqs = [...text.matchAll(/["']?request["']?\s*:\s*"((?:[^"\\]|\\.)*)"/gi)];
  const last = reqs.at(-1);
  if (last && unescape(last[1]!).trim()) {
    const strat =
      [...text.slice(0, last.index).matchAll(/["']?strategy["']?\s*:\s*"((?:[^"\\]|\\.)*)"/gi)].at(-1) ??
      [...text.matchAll(/["']?strategy["']?\s*:\s*"((?:[^"\\]|\\.)*)"/gi)].at(-1);
    const { strategy, note } = parseStrategy(strat ? unescape(strat[1]!) : undefined);
    const req = unescape(last[1]!).trim();
    return { action: note ? { type: 'request', strategy, text: req, note } : { type: 'request', strategy, text: req } };
  }
  if (empty || (last && !unescape(last[1]!).trim())) return { error: `your request is empty. ${USER_FORMAT_HELP}` };
  return { error: `no request found in your answer. ${USER_FORMAT_HELP}` };
}

/** The user's move written as B.2 asks for it (a code block of JSON); a stop as {"user": {"stop": true}}. */
export function formatUserAction(a: SimulAction): string {
  if (a.type === 'stop') return '```json\n{\n    "user": {\n        "stop": true\n    }\n}\n```';
  if (a.type !== 'request') return a.text;
  const n = strategyNumber(a.strategy);
  const strategy = a.note ? `${n}: ${a.note}` : String(n);
  return `\`\`\`json\n${JSON.stringify({ user: { strategy, request: a.text } }, null, 4)}\n\`\`\``;
}

// ---- the contract's system/turn texts (a fallback; LLM agents use `conversation`) ----

function system(cfg: SimulConfig, seat: Seat): string {
  if (seat === USER) {
    return [
      'You are the user in a SimulBench dialogue: an AI assistant simulates a tool or an environment (a terminal, a database, a text game…) described in the first request, and you pose the next requests.',
      `The dialogue has at most ${cfg.turns} requests, the task description being the first. For each request choose a strategy:`,
      ...STRATEGIES.map((s) => `- ${strategyNumber(s)} (${STRATEGY_LABELS[s]}): ${STRATEGY_HELP[s]}`),
      `Answer with a JSON code block: {"user": {"strategy": "2", "request": "<your next request>"}}. Example:\n${formatUserAction({ type: 'request', strategy: 'next-step', text: 'ls -la /home' })}`,
    ].join('\n');
  }
  return [
    'You are the simulator in a SimulBench dialogue: the first request describes what you simulate (a terminal, a database, a text game…), the form of its output and the first query.',
    'Reply to each request exactly as the simulated system would, in the output format the task asks for, with no explanation unless the task allows one. An empty reply is allowed when the real system would print nothing.',
  ].join('\n');
}

function turn(view: SimulView, seat: Seat, _legal: SimulAction[] | null, cfg: SimulConfig): string {
  const k = turnCount(view.dialogue);
  const head = `Task: ${view.task.name} (${view.task.kind}; a request is: ${view.task.requestType})\n\n${formatDialogue(view.dialogue)}`;
  if (seat === USER) return `${head}\n\nWrite request ${k + 1} of at most ${cfg.turns}: ${USER_FORMAT_HELP}`;
  return `${head}\n\nReply to request ${k} as the simulator would: only the reply.`;
}

/** The game's prompt: `conversation` for LLM seats, system/turn as the contract's fallback, the two readers. */
export const prompt: GamePrompt<SimulState, SimulAction, SimulConfig, SimulView> = {
  system,
  turn,
  parse(reply, seat) {
    if (seat === USER) return parseUserReply(reply);
    return { action: { type: 'respond', text: parseResponse(reply) } };
  },
  format: (a) => formatUserAction(a),
  conversation,
};
