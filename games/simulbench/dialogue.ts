// How SimulBench's messages are written, as the authors' code writes them (SimulBench/SimulBench, src/utils.py,
// src/interaction_collection.py, src/script_extraction.py) — one place, so every role reads the same text: the system
// message, the dialogue in the user agent's {DIALOGUE} (B.2) and the judges' (B.3, B.4), a judged response, and a
// reply as it is kept.
import { pythonJson } from '../../lib/python-literal';
import type { DialogueTurn } from './types';

/** The system message the authors' code sends every role: the user agent, the simulator, the targets, the judges. */
export const SYSTEM_PROMPT = 'You are a helpful assistant.';

/**
 * A value as Python's `json.dumps(value, indent=2)` writes it (lib/python-literal.ts, where GameBench's agent finds it
 * too). The authors' prompts carry the dialogue in this form.
 */
export { pythonJson } from '../../lib/python-literal';

type Utterance = Pick<DialogueTurn, 'role' | 'content'>;

/**
 * The dialogue as the user agent's and the scoring and pairwise judges' {DIALOGUE}: `make_up_dialogue`, a JSON list
 * with `{"user": …}` for each request and `{"AI": …}` for each reply.
 */
export function formatDialogue(turns: readonly Utterance[]): string {
  return pythonJson(turns.map((t) => (t.role === 'user' ? { user: t.content } : { AI: t.content })));
}

/**
 * The dialogue as the challenging-turn judge's {DIALOGUE} (`make_up_dialogue_turns`): each turn a `- Turn: n` line over
 * its request and reply as chat messages in JSON. The authors' code numbers the turns from 0 but reads the judge's
 * number as counting from 1 (0 meaning no challenging turn), so a judge that names the turn it sees gets the one before
 * it; the arena numbers from 1, so the number the judge gives is the turn it means.
 */
export function formatTurns(turns: readonly Utterance[]): string {
  const out: string[] = [];
  for (let i = 0; i < turns.length; i += 2) {
    const pair = turns.slice(i, i + 2).map((t) => ({ role: t.role, content: t.content }));
    out.push(`- Turn: ${i / 2 + 1}\n${pythonJson(pair)}`);
  }
  return out.join('\n\n');
}

/** A response as the judges' {RESPONSE} (B.4): `json.dumps({"AI": text}, indent=2)`. */
export function formatResponse(text: string): string {
  return pythonJson({ AI: text });
}

/** Turns in a dialogue: one per user request (a turn is a request and the simulator's reply to it). */
export function turnCount(turns: readonly Pick<DialogueTurn, 'role'>[]): number {
  return turns.filter((t) => t.role === 'user').length;
}

/**
 * A simulator's or a target's reply as the authors' code keeps it (`utterance_normalization`): trimmed, and one
 * double quote taken off its start (then one off its end, if there is one), as models often quote their answer.
 */
export function normalizeUtterance(text: string): string {
  let t = text.trim();
  if (t.startsWith('"')) {
    t = t.slice(1);
    if (t.endsWith('"')) t = t.slice(0, -1);
  }
  return t;
}

/** A request and the reply to it (null when it has none), as read back out of a prompt. */
export interface ReadTurn {
  user: string;
  reply: string | null;
}

/** Pairs utterances into turns: each request with the reply that follows it. */
function pairUp(utterances: readonly Utterance[]): ReadTurn[] {
  const out: ReadTurn[] = [];
  for (const u of utterances) {
    if (u.role === 'user') out.push({ user: u.content, reply: null });
    else if (out.length && out.at(-1)!.reply === null) out.at(-1)!.reply = u.content;
  }
  return out;
}

const isText = (v: unknown): v is string => typeof v === 'string';

/** A `formatDialogue` text read back into its turns; [] when it is not one. */
export function readDialogue(text: string): ReadTurn[] {
  let list: unknown;
  try {
    list = JSON.parse(text.trim());
  } catch {
    return [];
  }
  if (!Array.isArray(list)) return [];
  const utterances: Utterance[] = [];
  for (const item of list as unknown[]) {
    const o = (item ?? {}) as Record<string, unknown>;
    if (isText(o.user)) utterances.push({ role: 'user', content: o.user });
    else if (isText(o.AI)) utterances.push({ role: 'assistant', content: o.AI });
  }
  return pairUp(utterances);
}

/** A `formatTurns` text read back into its turns, in order; [] when it is not one. */
export function readTurns(text: string): ReadTurn[] {
  const utterances: Utterance[] = [];
  for (const block of text.split(/^- Turn: \d+\n/m).slice(1)) {
    let pair: unknown;
    try {
      pair = JSON.parse(block.trim());
    } catch {
      continue;
    }
    if (!Array.isArray(pair)) continue;
    for (const m of pair as unknown[]) {
      const o = (m ?? {}) as Record<string, unknown>;
      if ((o.role === 'user' || o.role === 'assistant') && isText(o.content))
        utterances.push({ role: o.role, content: o.content });
    }
  }
  return pairUp(utterances);
}

/** A `formatResponse` text read back (the text itself when it is not one). */
export function readResponse(text: string): string {
  try {
    const o = JSON.parse(text.trim()) as unknown;
    if (o && typeof o === 'object' && isText((o as Record<string, unknown>).AI)) return (o as { AI: string }).AI;
  } catch {
    /* not one: the text itself */
  }
  return text;
}
