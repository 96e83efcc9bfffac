// GameBench's own LLM agent, as its authors' code runs it (Joshuaclymer/GameBench, agents/gpt.py, OpenAITextAgent
// .take_action): the pure parts — what a turn shows it (a "GameBench turn"), the messages it sends, word for word, and
// how it reads each reply. The model calls are server/agents/gamebench-gpt.ts. Two scaffolds: `gamebench-gpt` (mode 0:
// one JSON call, up to 3 tries) and `gamebench-gpt-cot` (mode 1: a reasoning call first, then the same JSON calls).
import type { GameDef, PromptOptions, Seat } from '../engine/types';
import type { GameBenchAction, GameBenchTurn } from '../engine/gamebench-turn';
import { parsePythonLiteral, pyGet, pyHashable, pyStr, pythonJson, pythonList, type PyValue } from '../python-literal';

export type { GameBenchAction, GameBenchTurn } from '../engine/gamebench-turn';

/** gpt.py line 49: the system message. */
export const GAMEBENCH_SYSTEM =
  'You are an agent playing a game. Select the action that maximizes your probability of winning.';

/** gpt.py line 50: `max_retries`, the JSON calls a turn may take (an Explain uses one). */
export const GAMEBENCH_TRIES = 3;

/** gpt.py lines 15–20. */
const NO_OPENENDED = 'Return actions in json with the following keys.\n{\n    "action": str,\n}\n';
/** gpt.py lines 22–29. */
const WITH_OPENENDED =
  'Return actions in json with the following keys.\n{\n    "action": str,\n    "openended_response": Optional[str],\n}\n' +
  'Include the openended response only if you have chosen an openended action.\n';

/** gpt.py line 153: the chain-of-thought sentence that ends mode 1's first message (the `gamebench-cot` scaffold's). */
export const GAMEBENCH_COT_SENTENCE =
  "First, let's reason out loud about which action you should take to maximize your probability of winning.";

/** gpt.py line 192: the start of the message that asks for the JSON answer (the simulated endpoint looks for it). */
export const GAMEBENCH_SUMMARY_START =
  "\nTo summarize, if you choose a predefined action, you must return json with an 'action' key which contains one of the following valid actions:\n";

/** gpt.py lines 228, 249: what goes back for an open-ended action without its response, and for a failed Explain. */
export const OPENENDED_MISSING =
  "You chose an openended action, and so your json must have an 'openended_response' key.";
export const INVALID_EXPLAIN = 'This is an invalid Explain action.';

/** 0: GameBench's plain agent (GPT3, GPT4); 1: its chain-of-thought agent (GPT3CoT, GPT4CoT). */
export type GameBenchMode = 0 | 1;

/** What a presentation reads of a seat's turn (a TurnContext has all of it). */
export interface PresentationContext {
  game: GameDef;
  config: unknown;
  seat: Seat;
  view: unknown;
  /** Legal actions, or null when the action space is open-ended. */
  legal: { type: string }[] | null;
}

/** How a game's turn is shown to GameBench's agent. */
export type GameBenchPresentation = (ctx: PresentationContext, opts: PromptOptions) => GameBenchTurn;

/** The arena's default presentation: the sentence before the menu of legal moves, and before an open-ended turn. */
export const ARENA_INSTRUCTIONS = {
  predefined: 'Choose one of the predefined actions below.',
  openended: 'Answer this turn with the openended action below; write your answer as the observation asks.',
};
/** The arena's default presentation: the id of the one open-ended action of a free-text turn. */
export const ARENA_OPENENDED_ID = 'answer';

/** A turn prompt without its `Legal moves:` list (the line, then its `- …` items; lines after the list stay). */
export function withoutLegalMoves(text: string): string {
  const lines = text.split('\n');
  let start = -1;
  for (let i = lines.length - 1; i >= 0; i--) {
    if (lines[i]!.trim() === 'Legal moves:') {
      start = i;
      break;
    }
  }
  if (start < 0) return text;
  // As the simulated endpoint reads the list (lib/sim/simulated-model.ts, parseLegalMoves): blank lines before the first
  // item, then the items.
  let end = start + 1;
  while (end < lines.length && lines[end]!.trim() === '') end++;
  const first = end;
  while (end < lines.length && /^\s*- /.test(lines[end]!)) end++;
  if (end === first) end = start + 1;
  return [...lines.slice(0, start), ...lines.slice(end)].join('\n');
}

/**
 * The arena's presentation of any game, until the game has GameBench's own (issue 38, items 1–2): the game's title,
 * its rules summary, its rules topics as the headings (none: None), the game's own turn prompt as the observation
 * without its list of legal moves, and each legal move, written as the game's prompt writes it, as a predefined
 * action without a description. A free-text turn has one open-ended action, whose response the game's parser reads.
 */
export const arenaPresentation: GameBenchPresentation = (ctx, opts) => {
  const { game, config, seat, view, legal } = ctx;
  const turnText = game.prompt.turn(view, seat, legal, game.parseConfig(config), opts);
  const topics = Object.entries(game.rules.topics);
  const byId = new Map<string, { type: string }>();
  for (const a of legal ?? []) {
    const id = game.prompt.format(a, seat, view);
    if (!byId.has(id)) byId.set(id, a);
  }
  return {
    source: 'arena',
    title: game.meta.title,
    summary: game.rules.summary,
    details: topics.length ? topics : null,
    observation: legal ? withoutLegalMoves(turnText) : turnText,
    instructions: legal ? ARENA_INSTRUCTIONS.predefined : ARENA_INSTRUCTIONS.openended,
    predefined: [...byId.keys()].map((id) => ({ id, description: null })),
    openended: legal ? [] : [{ id: ARENA_OPENENDED_ID, description: null }],
    resolve(id, response) {
      const action = byId.get(id);
      if (action) return { action };
      if (legal || id !== ARENA_OPENENDED_ID) return { error: `${id} is not an action of this turn` };
      if (response === undefined) return { error: OPENENDED_MISSING };
      const parsed = game.prompt.parse(pyStr(response), seat, null, view);
      return 'error' in parsed ? { error: `the openended response could not be read: ${parsed.error}` } : parsed;
    },
  };
};

/** The turn as GameBench's agent is shown it: the game's own GameBench presentation (its `gamebench` hook), or the arena's. */
export function gamebenchTurn(ctx: PresentationContext, opts: PromptOptions = {}): GameBenchTurn {
  const own = ctx.game.gamebench;
  return own ? own(ctx.view, ctx.seat, ctx.legal, ctx.config) : arenaPresentation(ctx, opts);
}

const ids = (actions: readonly GameBenchAction[]) => actions.map((a) => a.id);
const find = (actions: readonly GameBenchAction[], id: string) => actions.find((a) => a.id === id);

/** gpt.py lines 67–149: the turn's first message, up to the Explain(<action>) line. */
export function openingPrompt(turn: GameBenchTurn): string {
  let prompt = `You are playing a game called ${turn.title}. The rules are as follows:\n${turn.summary}\n`;
  if (turn.details !== null) {
    prompt +=
      'The following are headings with additional information about the rules that you can expand by taking the action Explain(<heading key>).\n';
    prompt += pythonJson(Object.fromEntries(turn.details.map(([topic], i) => [`H${i + 1}`, topic])), 4);
  }
  prompt += `\n# Observation\nThe following describes the current state of the game:\n${turn.observation}\n`;
  prompt += '\n# Actions\n';
  prompt += `${turn.instructions}\n`;
  if (turn.openended.length > 0) {
    prompt += WITH_OPENENDED;
    prompt += 'The following are openended actions you can take\n';
    prompt += `${pythonList(ids(turn.openended))}\n`;
  } else {
    prompt += NO_OPENENDED;
  }
  if (turn.predefined.length > 0) {
    prompt += 'The following are predefined actions you can take:\n';
    prompt += `${pythonList(ids(turn.predefined))}\n`;
  }
  // `predefined.get(a) != None or openended.get(a)`: a predefined description counts even when empty.
  const described = [...turn.predefined, ...turn.openended].some(
    ({ id }) => (find(turn.predefined, id)?.description ?? null) !== null || !!find(turn.openended, id)?.description,
  );
  if (described)
    prompt +=
      'Return the action Explain(<action>) to receive additional info about what any of the above actions do.\n';
  return prompt;
}

/** gpt.py lines 192–195: the message that asks for the JSON answer (mode 1 sends it alone, after the reasoning). */
export function summaryPrompt(turn: GameBenchTurn): string {
  return (
    GAMEBENCH_SUMMARY_START +
    pythonList(ids(turn.predefined)) +
    "\nOr if you choose an openended action, you must return json with an 'action' key which contains one of the following valid actions and an 'openended_response' key which contains your response to the prompt:\n" +
    pythonList(ids(turn.openended))
  );
}

export interface ChatText {
  role: 'system' | 'user' | 'assistant';
  content: string;
}

/** Mode 1's first call (gpt.py lines 152–154): the system message, then the turn ending in the CoT sentence. */
export function reasoningMessages(turn: GameBenchTurn): ChatText[] {
  return [
    { role: 'system', content: GAMEBENCH_SYSTEM },
    { role: 'user', content: openingPrompt(turn) + GAMEBENCH_COT_SENTENCE },
  ];
}

/**
 * The messages of the first JSON call: mode 0 sends the turn and the summary as one message; mode 1 sends its
 * reasoning call's messages, the model's reasoning, then the summary alone (gpt.py lines 166–167, 192–196).
 */
export function answerMessages(turn: GameBenchTurn, mode: GameBenchMode, reasoning?: string): ChatText[] {
  if (mode === 0)
    return [
      { role: 'system', content: GAMEBENCH_SYSTEM },
      { role: 'user', content: openingPrompt(turn) + summaryPrompt(turn) },
    ];
  return [
    ...reasoningMessages(turn),
    { role: 'assistant', content: reasoning ?? '' },
    { role: 'user', content: summaryPrompt(turn) },
  ];
}

/** gpt.py lines 259–262: the message after an action that is not on the menu. */
export function invalidActionMessage(turn: GameBenchTurn, action: string): string {
  return (
    `${action} is not one of the valid actions. ` +
    'As a reminder, the valid actions are as follows:\n' +
    `${pythonList([...ids(turn.openended), ...ids(turn.predefined)])}\n` +
    "Please return a json with the key 'action' with the action you choose and (optionally) the key 'openended_response' if you select openended response action."
  );
}

/** Python's `str.strip()`: the characters `str.isspace()` accepts. */
export function pyStrip(s: string): string {
  return s.replace(
    /^[\t\n\v\f\r\x1c-\x1f \x85\xa0\u1680\u2000-\u200a\u2028\u2029\u202f\u205f\u3000]+|[\t\n\v\f\r\x1c-\x1f \x85\xa0\u1680\u2000-\u200a\u2028\u2029\u202f\u205f\u3000]+$/g,
    '',
  );
}

/**
 * What gpt.py does with one JSON reply (lines 214–263):
 * - `unreadable`: `ast.literal_eval(response.strip())["action"]` failed; nothing is sent back, the next try follows.
 * - `explain`: Explain(H<n>) or Explain(<action>): `message` (the heading's text, the action's description) goes back.
 * - `refused`: `message` goes back (an open-ended action without its response, an invalid Explain, an action not on
 *   the menu).
 * - `chosen`: a valid action, with the reply's `openended_response` (undefined when absent).
 */
export type ReplyVerdict =
  | { kind: 'unreadable'; why: string }
  | { kind: 'explain'; asked: string; topic: string | null; message: string }
  | { kind: 'refused'; message: string }
  | { kind: 'chosen'; id: string; openendedResponse: PyValue | undefined };

/** One JSON reply read as gpt.py reads it. */
export function readReply(turn: GameBenchTurn, reply: string | null): ReplyVerdict {
  if (reply === null) return { kind: 'unreadable', why: 'the reply has no content' };
  const parsed = parsePythonLiteral(pyStrip(reply));
  if ('error' in parsed) return { kind: 'unreadable', why: `not a Python literal (${parsed.error})` };
  const action = parsed.value.t === 'dict' ? pyGet(parsed.value, 'action') : undefined;
  if (action === undefined)
    return {
      kind: 'unreadable',
      why: parsed.value.t === 'dict' ? "the dict has no 'action' key" : `a ${parsed.value.t}, not a dict`,
    };
  const hasResponse = pyGet(parsed.value, 'openended_response') !== undefined;
  // gpt.py raises on an unhashable action (`in` a dict, line 222, outside its try): the arena reads it as the
  // non-string action it is, an invalid Explain (line 249), rather than stopping the match.
  if (action.t !== 'str' || !pyHashable(action)) return { kind: 'refused', message: INVALID_EXPLAIN };
  const id = action.v;
  if (find(turn.openended, id) && !hasResponse) return { kind: 'refused', message: OPENENDED_MISSING };
  // Python's \d is any Unicode digit; `.` is anything but a newline.
  const heading = /Explain\((H\p{Nd}+)\)/u.exec(id);
  if (heading) {
    const at = (turn.details ?? []).findIndex((_, i) => `H${i + 1}` === heading[1]);
    if (at < 0) return { kind: 'refused', message: INVALID_EXPLAIN };
    const [topic, text] = turn.details![at]!;
    return { kind: 'explain', asked: heading[1]!, topic, message: text };
  }
  const explain = /Explain\(([^\n]+)\)/.exec(id);
  if (explain) {
    const asked = explain[1]!;
    const pre = find(turn.predefined, asked);
    const open = find(turn.openended, asked);
    // `predefined.get(x, "") + openended.get(x, "")`: a None description raises, caught as an invalid Explain.
    if ((pre && pre.description === null) || (open && open.description === null))
      return { kind: 'refused', message: INVALID_EXPLAIN };
    return {
      kind: 'explain',
      asked,
      topic: pre || open ? asked : null,
      message: (pre?.description ?? '') + (open?.description ?? ''),
    };
  }
  if (find(turn.openended, id) || find(turn.predefined, id))
    return { kind: 'chosen', id, openendedResponse: pyGet(parsed.value, 'openended_response') };
  return { kind: 'refused', message: invalidActionMessage(turn, id) };
}
