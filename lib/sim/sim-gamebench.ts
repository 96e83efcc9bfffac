// SIMULATED answers to GameBench's own agent (agents/gpt.py; server/agents/gamebench-gpt.ts): nothing here is a
// language model. The simulated endpoint recognises gpt.py's messages by their wording: the chain-of-thought call (the
// turn ending in GameBench's CoT sentence) gets a few sentences of reasoning that name an action; a JSON call
// (response_format json_object, a "To summarize…" message in the conversation) gets `{"action": …}` with one of the
// listed valid actions — the one its reasoning named, else one drawn as the endpoint draws a move from a `Legal moves:`
// list — and sometimes, as models do, an action not on the menu, a JSON `null` Python cannot read, plain text, or
// Explain(H<n>) to read a rules heading. An open-ended action's response is what the endpoint would answer the
// observation itself with (the games' simulated players).
import {
  GAMEBENCH_COT_SENTENCE,
  GAMEBENCH_SUMMARY_START,
  INVALID_EXPLAIN,
  OPENENDED_MISSING,
} from '../agents/gamebench-gpt';
import type { Rng } from '../engine/types';
import { parsePythonLiteral } from '../python-literal';
import { illegalVariant } from './simulated-model';

export interface GameBenchSimReply {
  content: string;
  kind: 'ok' | 'illegal' | 'malformed';
}

const OPENENDED_AFTER =
  "\nOr if you choose an openended action, you must return json with an 'action' key which contains one of the following valid actions and an 'openended_response' key which contains your response to the prompt:\n";
const OBSERVATION_START = '\n# Observation\nThe following describes the current state of the game:\n';

/** A Python list of strings as gpt.py writes it, read back ([] when it is not one). */
function stringList(text: string): string[] {
  const parsed = parsePythonLiteral(text.trim());
  if ('error' in parsed || parsed.value.t !== 'list') return [];
  return parsed.value.items.flatMap((x) => (x.t === 'str' ? [x.v] : []));
}

/** The menus of the last "To summarize…" text in `texts`: its predefined and open-ended ids, or null. */
function menus(texts: readonly string[]): { predefined: string[]; openended: string[] } | null {
  const summary = texts.findLast((t) => t.includes(GAMEBENCH_SUMMARY_START));
  if (summary === undefined) return null;
  const rest = summary.slice(summary.lastIndexOf(GAMEBENCH_SUMMARY_START) + GAMEBENCH_SUMMARY_START.length);
  const split = rest.indexOf(OPENENDED_AFTER);
  if (split < 0) return null;
  return {
    predefined: stringList(rest.slice(0, split)),
    openended: stringList(rest.slice(split + OPENENDED_AFTER.length)),
  };
}

/** The observation of gpt.py's first message (between the Observation heading and `# Actions`), or ''. */
function observationOf(texts: readonly string[]): string {
  const first = texts.find((t) => t.includes(OBSERVATION_START)) ?? '';
  const from = first.indexOf(OBSERVATION_START);
  if (from < 0) return '';
  const body = first.slice(from + OBSERVATION_START.length);
  const end = body.lastIndexOf('\n\n# Actions\n');
  return end < 0 ? body : body.slice(0, end);
}

/** How many rules headings (H1, H2…) gpt.py's first message offers. */
function headings(texts: readonly string[]): number {
  const first = texts.find((t) => t.includes(OBSERVATION_START)) ?? '';
  const head = first.slice(0, first.indexOf(OBSERVATION_START));
  return [...head.matchAll(/^ {4}"H\d+": /gm)].length;
}

/** A number from the turn's text, not the rng (so it leaves every other draw unchanged). */
function textHash(text: string): number {
  let h = 2166136261;
  for (let i = 0; i < text.length; i++) h = Math.imul(h ^ text.charCodeAt(i), 16777619) >>> 0;
  return h;
}

const CHOICE = /^So I will choose: (.+)$/m;

/** `ask(observation)`: the endpoint's own answer to the turn's observation (a free-text turn's response). */
export function gamebenchReply(
  messages: readonly { role: string; text: string }[],
  json: boolean,
  flawed: boolean,
  careful: boolean,
  rng: Rng,
  ask: (observation: string) => string,
): GameBenchSimReply | null {
  const users = messages.filter((m) => m.role === 'user').map((m) => m.text);
  const last = messages.at(-1);
  // Mode 1's reasoning call: the whole turn, ending in GameBench's sentence.
  if (
    !json &&
    last?.role === 'user' &&
    last.text.endsWith(GAMEBENCH_COT_SENTENCE) &&
    last.text.includes('\n# Actions\n')
  ) {
    const actions = last.text.match(/^The following are predefined actions you can take:\n(.*)$/m)?.[1];
    const predefined = actions ? stringList(actions) : [];
    const openended = stringList(
      last.text.match(/^The following are openended actions you can take\n(.*)$/m)?.[1] ?? '',
    );
    const pick = predefined.length ? rng.pick(predefined) : (openended[0] ?? null);
    if (pick === null) return null;
    const other = predefined.filter((a) => a !== pick);
    return {
      content: [
        'Let me reason out loud. I read the rules and the observation of the current state of the game.',
        predefined.length
          ? `I have ${predefined.length} predefined action${predefined.length === 1 ? '' : 's'} to choose from.`
          : `This turn asks for an openended response (${pick}).`,
        other.length ? `${rng.pick(other)} is possible, but ${pick} does more for my chances of winning.` : '',
        `So I will choose: ${pick}`,
      ]
        .filter(Boolean)
        .join('\n'),
      kind: 'ok',
    };
  }
  if (!json) return null;
  const menu = menus(users);
  if (!menu || menu.predefined.length + menu.openended.length === 0) return null;

  // The tries so far this turn (replies after the summary) and the actions already refused.
  const summaryAt = messages.findLastIndex((m) => m.role === 'user' && m.text.includes(GAMEBENCH_SUMMARY_START));
  const after = messages.slice(summaryAt + 1);
  const tried = after.filter((m) => m.role === 'assistant').length;
  const refused = new Set(
    after.flatMap((m) =>
      m.role === 'user' ? [/^(.*) is not one of the valid actions\. /.exec(m.text)?.[1] ?? ''].filter(Boolean) : [],
    ),
  );
  const reasoned = messages
    .slice(0, summaryAt)
    .findLast((m) => m.role === 'assistant')
    ?.text.match(CHOICE)?.[1];

  // A careful model sometimes reads a rules heading first (about one turn in six, by the turn's text).
  const h = headings(users);
  const askedBack = after.some(
    (m) => m.role === 'user' && (m.text === INVALID_EXPLAIN || m.text === OPENENDED_MISSING),
  );
  if (careful && tried === 0 && h > 0) {
    const x = textHash(users.join('\n'));
    if (x % 6 === 0)
      return { content: JSON.stringify({ action: `Explain(H${1 + (Math.floor(x / 6) % h)})` }), kind: 'ok' };
  }

  const pool = menu.predefined.filter((a) => !refused.has(a));
  const choices = pool.length ? pool : menu.predefined;
  if (choices.length) {
    const action = reasoned && choices.includes(reasoned) ? reasoned : rng.pick(choices);
    if (flawed && !askedBack) {
      const flaw = rng.next();
      if (flaw < 0.45) {
        const wrong = illegalVariant(action, menu.predefined, rng) ?? `${action}!`;
        return { content: JSON.stringify({ action: wrong }), kind: 'illegal' };
      }
      if (flaw < 0.75)
        return { content: `{"action": ${JSON.stringify(action)}, "openended_response": null}`, kind: 'malformed' };
      return { content: `I choose ${action}.`, kind: 'malformed' };
    }
    return { content: JSON.stringify({ action }), kind: 'ok' };
  }
  const id = menu.openended[0]!;
  if (flawed && !askedBack) return { content: JSON.stringify({ action: id }), kind: 'malformed' };
  return { content: JSON.stringify({ action: id, openended_response: ask(observationOf(users)) }), kind: 'ok' };
}
