// SIMULATED play of the SimulBench dialogue for the fake models of server/llm/simulated.ts: nothing here is a language
// model, and everything it writes says "(simulated …)".
/**
 * Two roles, recognised by their conversations:
 * - the user agent: a user text that starts with the B.2 prompt's fixed first sentence. It reads the dialogue back out
 *   of the prompt, draws a strategy (1–4) and answers B.2's JSON code block with a legible request made from the task
 *   and the last reply (careful: the bare block; sloppy: prose before it and the strategy by name). Flawed: prose with
 *   no JSON, which the game's reader refuses, so retries are exercised.
 * - the simulator: a chat whose first user text is a shipped task's description exactly, or, for imported tasks, a
 *   text that states a first query the way the paper's tasks do ("My first command is …", "The first move is: …",
 *   FIRST_QUERY below), with no "Legal moves:" anywhere and none of the judges' or user agent's markers. Careful: a
 *   concise reply in the asked format (a code block when the description says "code block") that says "(simulated,
 *   careful)" and echoes the latest request's first words; sloppy: "Sure! … I hope this helps!" around the same; flawed:
 *   an empty reply or an off-topic sentence. The simulated judge (server/llm/sim-simulbench.ts) rates these features.
 */
import type { GameSim, Rng, SimAnswer } from '../../lib/engine/types';
import { readDialogue, type ReadTurn } from './dialogue';
import { USER_AGENT_FIRST_SENTENCE, strategyNumber } from './prompt';
import { TASKS } from './tasks';
import { STRATEGIES, type Strategy } from './types';

/** How the paper's task descriptions state their first query: "My/The first <noun…> is …" or "My first <noun>: …". */
export const FIRST_QUERY = /\b(?:my|the) first\b[^.\n]{0,60}?(?:\b(?:is|are|will be|would be)\b|:)/i;

/** Prompts about a dialogue (the user agent's B.2, the judges' B.3/B.4) are never a simulator's chat. */
const NOT_A_CHAT = /\[Instruction\]|\[The Start of the Dialogue|## Interaction History|Legal moves:/;

/** Whether a conversation is a simulator's: the dialogue as a chat, the task description first. */
export function isSimulatorChat(texts: readonly string[]): boolean {
  const first = texts[0];
  if (!first || texts.some((t) => NOT_A_CHAT.test(t)) || isUserAgentPrompt(texts) !== null) return false;
  return TASKS.some((t) => t.description === first) || FIRST_QUERY.test(first);
}

/** The user agent's prompt among the user texts (the newest; rejections may follow it), or null. */
export function isUserAgentPrompt(texts: readonly string[]): string | null {
  return [...texts].reverse().find((t) => t.startsWith(USER_AGENT_FIRST_SENTENCE)) ?? null;
}

/** The dialogue written into a B.2 prompt, read back: the user requests and the assistant replies, in order. */
export function dialogueIn(prompt: string): ReadTurn[] {
  const from = prompt.indexOf('## Interaction History\n');
  const to = prompt.lastIndexOf('\n## Strategy\n');
  if (from < 0 || to < from) return [];
  return readDialogue(prompt.slice(from + '## Interaction History\n'.length, to));
}

/** The first `n` words of a text, flattened to one line. */
const firstWords = (text: string, n: number) =>
  text
    .replace(/```\w*/g, ' ')
    .split(/\s+/)
    .filter(Boolean)
    .slice(0, n)
    .join(' ');

/** A task description's first query (what follows "My first request is"), else its last sentence. */
export function firstQuery(description: string): string {
  const m = FIRST_QUERY.exec(description);
  if (m)
    return description
      .slice(m.index + m[0].length)
      .trim()
      .replace(/^[:\s"“]+/, '');
  const sentences = description.split(/(?<=[.!?])\s+/);
  return sentences.at(-1) ?? description;
}

/** The request a simulated user writes with this strategy, from the task's first query and the last exchange. */
function userRequest(strategy: Strategy, firstQ: string, lastRequest: string, lastReply: string): string {
  const last = firstWords(lastRequest, 8);
  switch (strategy) {
    case 'improvement':
      return lastReply.trim()
        ? '(simulated user) The output above is not in the format the task asks for: redo it, strictly in that format.'
        : '(simulated user) The reply above is empty: answer the last request, strictly in the format the task asks for.';
    case 'next-step':
      return `(simulated user) Now the next step, building on the outcome above (a follow-up on the previous request: “${last}”).`;
    case 'new-request':
      return `(simulated user) ${firstWords(firstQ, 12)} — again, with three times the input and an edge case.`;
    default:
      return '(simulated user) Show only the current state, in the output format the task asks for, with no explanation.';
  }
}

const OTHERS_NOTE = 'ask for the current state only';

function userAgentReply(prompt: string, flawed: boolean, careful: boolean, rng: Rng): SimAnswer {
  if (flawed)
    return {
      content:
        '(simulated user agent) The assistant did fine; I would ask it something harder next, maybe about its output format.',
      kind: 'illegal',
    };
  const turns = dialogueIn(prompt);
  const first = turns[0]?.user ?? '';
  const latest = turns.at(-1);
  const strategy = STRATEGIES[rng.int(STRATEGIES.length)]!;
  const request = userRequest(strategy, firstQuery(first), latest?.user ?? first, latest?.reply ?? '');
  const n = strategyNumber(strategy);
  const label =
    strategy === 'others'
      ? `${n}: ${OTHERS_NOTE}`
      : careful
        ? `[${n}]`
        : ({ improvement: 'Improvement', 'next-step': 'NextStep', 'new-request': 'NewRequest' } as const)[strategy];
  const block = `\`\`\`json\n${JSON.stringify({ user: { strategy: label, request } }, null, 4)}\n\`\`\``;
  return { content: careful ? block : `Here is my next request as the user:\n${block}`, kind: 'ok' };
}

function simulatorReply(texts: readonly string[], flawed: boolean, careful: boolean, rng: Rng): SimAnswer {
  const description = texts[0]!;
  if (flawed) {
    return rng.next() < 0.5
      ? { content: '', kind: 'ok' }
      : {
          content: '(simulated, off-topic) The weather is lovely today; let us talk about gardening instead.',
          kind: 'ok',
        };
  }
  const latest = texts.length > 1 ? texts.at(-1)! : firstQuery(description);
  const echo = firstWords(latest, 8) || 'the request';
  if (!careful)
    return {
      content: `Sure! (simulated, sloppy) Here is the output for ${echo}, with a few words of explanation around it.\n\nI hope this helps!`,
      kind: 'ok',
    };
  const line = `(simulated, careful) ${echo}`;
  return { content: /code block/i.test(description) ? `\`\`\`\n${line}\n\`\`\`` : line, kind: 'ok' };
}

/** The simulated reply to a SimulBench turn, the user agent's or the simulator's, or null for any other conversation. */
export function simulbenchReply(
  texts: readonly string[],
  flawed: boolean,
  careful: boolean,
  rng: Rng,
): SimAnswer | null {
  const prompt = isUserAgentPrompt(texts);
  if (prompt !== null) return userAgentReply(prompt, flawed, careful, rng);
  if (isSimulatorChat(texts)) return simulatorReply(texts, flawed, careful, rng);
  return null;
}

/** SimulBench's simulated players, user agent and simulator (games/sims.ts). */
export const simulbenchSim: GameSim = (t) => simulbenchReply(t.texts, t.flawed, t.careful, t.rng);
