// SimulBench's test-script extraction (seeds/004, Sec. 2.4): LastOnly, FirstChan and SubseqChan scripts cut from a dialogue.
import type { ChatTurn, Script, ScriptType } from './types';

/**
 * The dialogue's answered part: a trailing user request without a simulator reply is dropped (a turn is a request and
 * the reply to it). Consecutive messages of the same role are kept as they are. Both the extraction judge's prompt
 * (judge-prompts.ts) and `extractScripts` read this part, so a turn number means the same thing to both.
 */
export function answeredDialogue(dialogue: readonly ChatTurn[]): ChatTurn[] {
  const out = dialogue.map((t) => ({ role: t.role, content: t.content }));
  while (out.length > 0 && out.at(-1)!.role === 'user') out.pop();
  return out;
}

/** Answered turns: user requests followed by a reply. */
export function answeredTurns(dialogue: readonly ChatTurn[]): number {
  return answeredDialogue(dialogue).filter((t) => t.role === 'user').length;
}

/** The history of a script at turn `t`: every message up to and including the user's t-th request. */
function historyAt(dialogue: readonly ChatTurn[], t: number): ChatTurn[] {
  const out: ChatTurn[] = [];
  let n = 0;
  for (const m of dialogue) {
    out.push({ role: m.role, content: m.content });
    if (m.role === 'user' && ++n === t) break;
  }
  return out;
}

/**
 * The test scripts of one dialogue (Sec. 2.4). The dialogue has T answered turns (a trailing request without a reply
 * is dropped). `challengingTurn` is the extraction judge's answer (B.3, `Turn: [[c]]`):
 * - c in 1..T: the turn c and every turn after it are challenging → one `first-chan` script at turn c and
 *   `subseq-chan` scripts at turns c+1..T (the paper's second strategy; the last turn is among them, so no LastOnly);
 * - c = 0 (no challenging turn): one `last-only` script at turn T (the paper's first strategy);
 * - c = null (the judge gave no usable answer): also only the `last-only` script — the arena's choice (the paper does
 *   not say what it did with unreadable judge answers).
 * A script at turn t holds the messages up to and including the user's t-th request (its history ends with a user
 * message). No answered turn → no script. A c outside 0..T (or not an integer) throws a RangeError.
 */
export function extractScripts(dialogue: readonly ChatTurn[], challengingTurn: number | null): Script[] {
  const answered = answeredDialogue(dialogue);
  const T = answered.filter((t) => t.role === 'user').length;
  if (challengingTurn !== null && (!Number.isInteger(challengingTurn) || challengingTurn < 0 || challengingTurn > T)) {
    throw new RangeError(`the challenging turn is a whole number from 0 to ${T} (got ${challengingTurn})`);
  }
  if (T === 0) return [];
  const at = (turn: number, type: ScriptType): Script => ({ turn, type, history: historyAt(answered, turn) });
  if (challengingTurn === null || challengingTurn === 0) return [at(T, 'last-only')];
  const out = [at(challengingTurn, 'first-chan')];
  for (let t = challengingTurn + 1; t <= T; t++) out.push(at(t, 'subseq-chan'));
  return out;
}

/**
 * A script's key within its dialogue: `<type>@<turn>` (e.g. `first-chan@2`). A dialogue yields at most one script per
 * turn, so the key is unique within it; prefix it with the dialogue's id for a global script id.
 */
export function scriptKey(s: Pick<Script, 'type' | 'turn'>): string {
  return `${s.type}@${s.turn}`;
}

/** Whether a script type belongs to SimulBench-Hard (FirstChan ∪ SubseqChan, Sec. 2.4 / 4.2.2). */
export function isHard(type: ScriptType): boolean {
  return type === 'first-chan' || type === 'subseq-chan';
}
