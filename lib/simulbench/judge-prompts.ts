// SimulBench's judges as the authors' code runs them (the paper's Appendix B.3 and B.4; SimulBench/SimulBench's
// src/prompts.py, src/lm_judge.py and src/script_extraction.py): the prompts, their system message and sampling, and
// robust readers of the judge's answers.
import { SYSTEM_PROMPT, formatDialogue, formatResponse, formatTurns } from '../../games/simulbench/dialogue';
import { answeredDialogue, answeredTurns } from './scripts';
import type { ChatTurn, PairVerdict } from './types';

/**
 * Version of the challenging-turn prompt (B.3), its sampling and its reader. 2: the authors' code's text, system
 * message, JSON dialogue and sampling (1: the paper's text, the arena's own dialogue format, the judge agent's
 * sampling).
 */
export const EXTRACT_PROMPT_VERSION = 'simulbench-extract-2';
/**
 * Version of the single-answer scoring prompt (B.4, first), its sampling and its reader (2: as the challenging turn's,
 * and decimal ratings).
 */
export const SCORE_PROMPT_VERSION = 'simulbench-score-2';
/** Version of the pairwise prompt (B.4, second), its sampling and its reader (2: as the challenging turn's). */
export const COMPARE_PROMPT_VERSION = 'simulbench-compare-2';

/**
 * Version of the targets' messages (the script's history after the system message) and the reading of their answers
 * (reasoning and one pair of wrapping quotes removed). 2: as the authors' code (1: no system message, quotes kept).
 */
export const ANSWER_PROMPT_VERSION = 'simulbench-answer-2';

/**
 * The judges' sampling, whatever the judge agent's own settings: greedy, 1,024 tokens (`lm_judge.py`), 200 for the
 * challenging turn (`script_extraction.py`). Part of the prompts' versions above.
 */
export const JUDGE_SAMPLING = {
  extract: { temperature: 0, maxTokens: 200 },
  score: { temperature: 0, maxTokens: 1024 },
  compare: { temperature: 0, maxTokens: 1024 },
} as const;

/** A message of a judge's conversation. */
export interface JudgeMessage {
  role: 'system' | 'user';
  content: string;
}

// The prompts as the authors' code sends them (SimulBench/SimulBench, src/prompts.py), verbatim: the paper's Appendix
// B.3 and B.4 with the code's blank lines, straight apostrophes and trailing spaces.

/** Appendix B.3: the prompt used to identify the first challenging turn. */
export const EXTRACT_TEMPLATE = `[Instruction]
Please act as a keen observer and a sharp-eyed judge. You will be presented with a multi-turn dialogue history between a user and an AI assistant. In the dialogue, the user may pose various types of requests to the AI assistant and the AI assistant should (but may fail to) provide relevant and accurate response.
Your job is to carefully look through each turn in the dialogue and identify the first **challenging** turn in the dialogue. Challenging implies that, at that turn, the user's request possesses extreme complexity and difficulty, resulting in an inaccurate response(content errors, format errors, ambiguities, etc.) from the AI assistant.

[The Start of the Dialogue]
{DIALOGUE}
[The End of the Dialogue]

Now, please carefully look through each turn in the above dialogue and identify the first **challenging** turn in it. Your decision should have an objective and rigorous rationale to support it. Begin your evaluation by providing a short explanation. After providing the explanation, you must output the turn number(1 to {DIALOGUE_LEN}, and 0 represents no challenging turns), and strictly follow this format: "[[TURN_NUMBER]]", for example: "Turn: [[3]]".
`;

/** Appendix B.4: the judge's prompt for scoring a single answer. */
export const SCORE_TEMPLATE = `[Instruction]
Please act as an impartial and sharp-eyed judge. You will be presented with a multi-turn dialogue history between a user and an AI assistant. In the dialogue, the user may pose various types of requests to the AI assistant, and the AI assistant should (but may fail to) provide a high-quality response to satisfy the user's need. 
Your job is to evaluate the quality of the **last response** provided by the AI assistant based on the earlier dialogue history. Your evaluation should consider factors such as the helpfulness, relevance, accuracy, depth, creativity, and level of detail of the AI assistant's responses to the user's requests and commands regarding the simulation task of "{SIMULATION}".

Begin your evaluation by providing a short explanation. Be as objective as possible. Ignore the words of praise from the user. After providing your explanation, you must rate the response on a scale of 1 to 10. The scoring standard is as follows:
- 1 to 2: The AI's response terribly fulfills the user's request, completely deviating from its simulation task and containing garbage content and format errors.
- 3 to 4: The AI's response poorly fulfills the user's request, containing inaccurate and useless content given its simulation task, or having format errors such as redundant explanations.
- 5 to 6: The AI's response moderately fulfills the user's request, containing no content errors but still showing errors such as incorrect format and repetition.
- 7 to 8: The AI's response well fulfills the user's request, containing no content errors and strictly following format requirements.
- 9 to 10: The AI's response perfectly fulfills the user's request, containing no content or format errors at all while exhibiting extremely good relevance, helpfulness, accuracy, and creativity. 
Your rating should strictly follow this format: "[[rating]]", for example: "Rating: [[5]]".

[The Start of the Dialogue History]
{DIALOGUE}
[The End of the Dialogue History]

[The Start of the Last Response]
{RESPONSE}
[The End of the Last Response]
`;

/** Appendix B.4: the judge's prompt for comparing two answers. */
export const COMPARE_TEMPLATE = `[Instruction]
Please act as an impartial and sharp-eyed judge. You will be presented with a multi-turn dialogue history between a user and an AI assistant, and two candidates of the **next response** from the AI assistant. In the dialogue, the user may pose various types of requests to the AI assistant, and the AI assistant should provide a high-quality response to satisfy the user's need. 
Your job is to evaluate which candidate response is better considering factors such as the helpfulness, relevance, accuracy, depth, creativity, and level of detail of the AI assistant's responses to the user's requests and commands regarding the simulation task of "{SIMULATION}". The AI should adhere to the user's instructions regarding both the content and format of the responses. Additional explanations not required unless been asked, and should be punished if they are unallowed by the simulation task. It should be noted that an empty response is sometimes expected in accordance with the design of a true system. 

Begin your evaluation by comparing the two responses and provide a short explanation. Avoid any position biases and ensure that the order in which the responses were presented does not influence your decision. Do not allow the length of the responses to influence your evaluation. Do not favor certain indexes of the responses. Be as objective as possible. Ignore the words of praise from the user. After providing your explanation, output your final verdict by strictly following this format: "[[A]]" if response A is better, "[[B]]" if response B is better, and "[[C]]" for a tie.

[The Start of the Dialogue History]
{DIALOGUE}
[The End of the Dialogue History]

[The Start of Candidate Response A]
{RESPONSE_1}
[The End of Candidate Response A]

[The Start of Candidate Response B]
{RESPONSE_2}
[The End of Candidate Response B]`;

/** Fills {NAME} placeholders in one pass (filled-in text is never scanned again, and `$` in it is literal). */
function fill(template: string, values: Record<string, string>): string {
  return template.replace(/\{([A-Z_0-9]+)\}/g, (whole, name: string) => (name in values ? values[name]! : whole));
}

/** What a target is sent to answer a script (`script_based_eval.py`): the system message, then the script's history. */
export function answerMessages(
  history: readonly ChatTurn[],
): { role: 'system' | 'user' | 'assistant'; content: string }[] {
  return [{ role: 'system', content: SYSTEM_PROMPT }, ...history.map((t) => ({ role: t.role, content: t.content }))];
}

/**
 * The challenging-turn judge's conversation (B.3): the system message, then {DIALOGUE} = `formatTurns` of the
 * dialogue's answered part and {DIALOGUE_LEN} = its number of turns. A trailing request without a reply is left out
 * (the arena's choice, as in `extractScripts`, so the judge's turn numbers are the scripts' turns). The authors' code
 * gives {DIALOGUE_LEN} the number of messages, twice the turns it asks the judge to choose from; the arena gives turns.
 */
export function extractMessages(dialogue: readonly ChatTurn[]): JudgeMessage[] {
  const answered = answeredDialogue(dialogue);
  return [
    { role: 'system', content: SYSTEM_PROMPT },
    {
      role: 'user',
      content: fill(EXTRACT_TEMPLATE, {
        DIALOGUE: formatTurns(answered),
        DIALOGUE_LEN: String(answeredTurns(answered)),
      }),
    },
  ];
}

/**
 * The scoring judge's conversation (B.4, single answer): {SIMULATION} = the task's name, {DIALOGUE} = the script's
 * history (ending with the user's request), {RESPONSE} = the target's answer, each as the authors' code writes them.
 */
export function scoreMessages(simulation: string, history: readonly ChatTurn[], response: string): JudgeMessage[] {
  return [
    { role: 'system', content: SYSTEM_PROMPT },
    {
      role: 'user',
      content: fill(SCORE_TEMPLATE, {
        SIMULATION: simulation,
        DIALOGUE: formatDialogue(history),
        RESPONSE: formatResponse(response),
      }),
    },
  ];
}

/** The pairwise judge's conversation (B.4, comparison): `responseA` shown as candidate A, `responseB` as B. */
export function compareMessages(
  simulation: string,
  history: readonly ChatTurn[],
  responseA: string,
  responseB: string,
): JudgeMessage[] {
  return [
    { role: 'system', content: SYSTEM_PROMPT },
    {
      role: 'user',
      content: fill(COMPARE_TEMPLATE, {
        SIMULATION: simulation,
        DIALOGUE: formatDialogue(history),
        RESPONSE_1: formatResponse(responseA),
        RESPONSE_2: formatResponse(responseB),
      }),
    },
  ];
}

// ───────────────────────────── readers ─────────────────────────────

/**
 * The part of a reply to read: reasoning blocks removed (`<think>…</think>`; after a lone `</think>` only what follows
 * it), markdown emphasis and code marks dropped, so `**Rating:** [[7]]`, `` `[[7]]` `` and `Rating: **[[7]]**` read alike.
 */
function clean(reply: string): string {
  let text = reply.replace(/<think(?:ing)?>[\s\S]*?<\/think(?:ing)?>/gi, ' ');
  const close = text.search(/<\/think(?:ing)?>(?![\s\S]*<\/think)/i);
  if (close >= 0) text = text.slice(close).replace(/^<\/think(?:ing)?>/i, '');
  // An unclosed <think> at the very start: the answer never came out of it; keep the text (its last marker may be it).
  text = text.replace(/<\/?think(?:ing)?>/gi, ' ');
  return text
    .replace(/\*\*|__|`+|~~/g, '')
    .replace(/［/g, '[')
    .replace(/］/g, ']')
    .replace(/：/g, ':');
}

/** The last match of `re` (global) in `text`, or undefined. */
const last = (text: string, re: RegExp) => [...text.matchAll(re)].at(-1);

/** A number as written: 3, 7.5, 7,5 (decimal comma). */
const NUM = String.raw`-?\d+(?:[.,]\d+)?`;

function readNumber(text: string, label: string): string | undefined {
  const bracketed = last(text, new RegExp(String.raw`\[\[\s*(?:${label}\s*:?\s*)?(${NUM})\s*(?:/\s*10\s*)?\]\]`, 'gi'));
  if (bracketed) return bracketed[1];
  // Fallback only: "Turn: 3", "Rating: 7/10", "Rating: [7]".
  const plain = last(text, new RegExp(String.raw`\b${label}\s*:\s*\[?\s*(${NUM})`, 'gi'));
  return plain?.[1];
}

const asNumber = (raw: string) => Number(raw.replace(',', '.'));

/**
 * Reads the challenging-turn judge's answer (B.3): `Turn: [[3]]` (0 = no challenging turn). The last `[[n]]` wins; a
 * plain `Turn: 3` is read only when there is no bracketed number. Errors are sentences the judge can act on.
 */
export function parseTurn(reply: string, turns: number): { turn: number } | { error: string } {
  const hint = `end your answer with the line "Turn: [[n]]", n a whole number from 0 to ${turns} (0 = no challenging turn)`;
  const raw = readNumber(clean(reply), 'turn');
  if (raw === undefined) return { error: `no turn number was found; ${hint}` };
  const turn = asNumber(raw);
  if (!Number.isInteger(turn)) return { error: `the turn number is a whole number (you gave ${raw}); ${hint}` };
  if (turn < 0 || turn > turns)
    return { error: `turn ${raw} is not in the dialogue, which has ${turns} turn${turns === 1 ? '' : 's'}; ${hint}` };
  return { turn };
}

/**
 * Reads the scoring judge's answer (B.4): `Rating: [[7]]`, a number from 1 to 10, decimals read as the authors' code
 * reads them (`[[7.5]]`; `[[7/10]]` reads as 7). The last `[[n]]` wins; a plain `Rating: 7` is read only when there is
 * no bracketed number.
 */
export function parseRating(reply: string): { rating: number } | { error: string } {
  const hint = 'end your answer with the line "Rating: [[n]]", n a number from 1 to 10';
  const raw = readNumber(clean(reply), 'rating');
  if (raw === undefined) return { error: `no rating was found; ${hint}` };
  const rating = asNumber(raw);
  if (rating < 1 || rating > 10) return { error: `the rating ${raw} is outside the scale of 1 to 10; ${hint}` };
  return { rating };
}

/**
 * Reads the pairwise judge's verdict (B.4): `[[A]]`, `[[B]]` or `[[C]]` (a tie), case-insensitive, the last one wins.
 * Fallback only (no bracketed verdict): a line ending "verdict: A" / "verdict: [B]".
 */
export function parsePairVerdict(reply: string): { verdict: PairVerdict } | { error: string } {
  const text = clean(reply);
  const m =
    last(text, /\[\[\s*([abc])\s*\]\]/gi) ?? last(text, /\bverdict\s*(?:is)?\s*:?\s*\[?([abc])\]?[.!]?[ \t]*$/gim);
  if (!m)
    return {
      error:
        'no verdict was found; end your answer with "[[A]]" if response A is better, "[[B]]" if response B is better, or "[[C]]" for a tie',
    };
  return { verdict: m[1]!.toUpperCase() as PairVerdict };
}

const FORMATS = {
  turn: 'the line "Turn: [[n]]", n the number of the first challenging turn (0 if there is none)',
  rating: 'the line "Rating: [[n]]", n a number from 1 to 10',
  verdict: '"[[A]]" if response A is better, "[[B]]" if response B is better, or "[[C]]" for a tie',
} as const;

/** The user message sent back after an unreadable judge answer: the reason, then the format asked for. */
export function correction(error: string, format: 'turn' | 'rating' | 'verdict'): string {
  return `Your answer could not be read: ${error.replace(/[.\s]+$/, '')}. Answer again, ending with ${FORMATS[format]}.`;
}
