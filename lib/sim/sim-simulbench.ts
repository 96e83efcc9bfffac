// SIMULATED SimulBench judges (B.3 challenging turn, B.4 rating and pairwise) for the fake models of simulated.ts:
// nothing here is a language model.
/**
 * The three judge prompts of lib/simulbench/judge-prompts.ts are recognised by their fixed wording and answered from
 * visible features of the texts they carry (the same features games/simulbench/sim.ts gives its simulated simulator):
 * an empty answer is terrible; one that says "(simulated" and echoes words of the request is good, better when it says
 * "careful"; "Sure!", "I hope this helps" and "sloppy" cost a point each; hedges ("not sure", "cannot") and "off-topic"
 * cost two. Every reply starts "(simulated judge)". A flawed answer leaves out the bracketed field (unreadable), so the
 * retries are exercised.
 */
import { readDialogue, readResponse, readTurns } from '../../games/simulbench/dialogue';
import type { Rng, SimAnswer } from '../engine/types';

const EXTRACT_MARK = 'Please act as a keen observer and a sharp-eyed judge.';
const SCORE_MARK = 'Your job is to evaluate the quality of the **last response**';
const COMPARE_MARK = 'two candidates of the **next response**';
const CORRECTION_MARK = 'Your answer could not be read:';

type Role = 'extract' | 'score' | 'compare';

function roleOf(text: string): Role | null {
  if (!text.startsWith('[Instruction]\n')) return null;
  if (text.includes(EXTRACT_MARK) && text.includes('[The Start of the Dialogue]\n')) return 'extract';
  if (text.includes(SCORE_MARK) && text.includes('[The Start of the Last Response]\n')) return 'score';
  if (text.includes(COMPARE_MARK) && text.includes('[The Start of Candidate Response A]\n')) return 'compare';
  return null;
}

/**
 * The judge prompt the conversation is about: its last user text, or, when that is a correction sent back after an
 * unreadable answer ("Your answer could not be read: …"), the latest prompt before it.
 */
function promptOf(texts: readonly string[]): { role: Role; text: string } | null {
  let k = texts.length - 1;
  while (k >= 0 && texts[k]!.startsWith(CORRECTION_MARK)) k--;
  if (k < 0) return null;
  const role = roleOf(texts[k]!);
  return role ? { role, text: texts[k]! } : null;
}

/** Whether the conversation (its user texts) is one of SimulBench's three judges'. */
export function isSimulbenchJudgeConversation(texts: readonly string[]): boolean {
  return promptOf(texts) !== null;
}

/** The text between two markers (the last `end` after `start`), or '' when absent. */
function between(text: string, start: string, end: string): string {
  const s = text.indexOf(start);
  if (s < 0) return '';
  const e = text.lastIndexOf(end);
  return e < s + start.length ? '' : text.slice(s + start.length, e);
}

const STOP = new Set(
  'the and for you are with that this from what have will your into then them they there their about only also each more than give make show please like want first request next step simulated user'.split(
    ' ',
  ),
);
/** Content words (3+ letters or digits, lowercased, common words left out). */
const words = (text: string) =>
  new Set((text.toLowerCase().match(/[\p{L}\p{N}]{3,}/gu) ?? []).filter((w) => !STOP.has(w)));

/** 32-bit FNV-1a: a deterministic jitter from the answer's own text. */
function hash(s: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < s.length; i++) h = Math.imul(h ^ s.charCodeAt(i), 0x01000193);
  return h >>> 0;
}

/**
 * The simulated judge's reading of an answer to `request`: a 1–10 score and the reasons for it. `jitter` (default
 * true) adds −1, 0 or +1 chosen by a hash of the answer's text, so that answers with equal features do not all get one
 * score; careful answers (8–10) stay above sloppy ones (4–6) either way.
 */
export function featureScore(response: string, request: string, jitter = true): { score: number; reasons: string[] } {
  const r = response.trim();
  if (!r) return { score: 1 + (hash(request) % 2), reasons: ['the response is empty'] };
  const asked = words(request);
  const said = words(r);
  const echoed = [...asked].filter((w) => said.has(w)).length;
  const reasons: string[] = [];
  let score: number;
  if (echoed >= Math.min(2, asked.size)) {
    score = /\(simulated/i.test(r) ? 8 : 6;
    reasons.push(
      /\(simulated/i.test(r) ? 'it answers the request and keeps to the simulation' : 'it answers the request',
    );
  } else if (echoed === 1) {
    score = 5;
    reasons.push('it only touches on the request');
  } else {
    score = 3;
    reasons.push('it has nothing to do with the request');
  }
  if (/careful/i.test(r)) {
    score += 1;
    reasons.push('it is careful');
  }
  for (const [re, why] of [
    [/^sure!/i, 'it opens with chatter ("Sure!")'],
    [/i hope this helps/i, 'it adds chatter ("I hope this helps")'],
    [/sloppy/i, 'it is sloppy'],
  ] as const) {
    if (re.test(r)) {
      score -= 1;
      reasons.push(why);
    }
  }
  if (/not sure|cannot|can't|could you rephrase|off-topic/i.test(r)) {
    score -= 2;
    reasons.push('it hedges or wanders off');
  }
  if (jitter) score += (hash(r) % 3) - 1;
  return { score: Math.max(2, Math.min(10, score)), reasons };
}

/**
 * A turn is challenging to the simulated judge when its reply scores 5 or less without the jitter's help: a missing or
 * off-topic reply, and one with chatter around the output (the sloppy persona), a format error B.3 counts as inaccurate.
 */
const weak = (reply: string | null, request: string) =>
  reply === null || featureScore(reply, request, false).score <= 5;

function extractAnswer(prompt: string, flawed: boolean): SimAnswer {
  const turns = readTurns(between(prompt, '[The Start of the Dialogue]\n', '\n[The End of the Dialogue]'));
  const k = turns.findIndex((t) => weak(t.reply, t.user));
  if (flawed)
    return { content: '(simulated judge) One of the requests looks hard for the assistant, I think.', kind: 'illegal' };
  const why =
    k < 0
      ? `every reply in the ${turns.length} turns answers its request.`
      : `the reply at turn ${k + 1} does not answer its request well.`;
  return { content: `(simulated judge) I looked at each turn: ${why}\nTurn: [[${k + 1}]]`, kind: 'ok' };
}

function lastRequest(prompt: string): string {
  return (
    readDialogue(between(prompt, '[The Start of the Dialogue History]\n', '\n[The End of the Dialogue History]')).at(-1)
      ?.user ?? ''
  );
}

function scoreAnswer(prompt: string, flawed: boolean): SimAnswer {
  const response = readResponse(
    between(prompt, '[The Start of the Last Response]\n', '\n[The End of the Last Response]'),
  );
  const { score, reasons } = featureScore(response, lastRequest(prompt));
  if (flawed) return { content: `(simulated judge) ${reasons.join('; ')}. A fair attempt overall.`, kind: 'illegal' };
  return { content: `(simulated judge) The last response: ${reasons.join('; ')}.\nRating: [[${score}]]`, kind: 'ok' };
}

/** The chance that the simulated pairwise judge simply prefers whichever answer is shown first (position bias). */
export const POSITION_BIAS = 0.05;

function compareAnswer(prompt: string, flawed: boolean, rng: Rng): SimAnswer {
  const a = readResponse(
    between(prompt, '[The Start of Candidate Response A]\n', '\n[The End of Candidate Response A]'),
  );
  const b = readResponse(
    between(prompt, '[The Start of Candidate Response B]\n', '\n[The End of Candidate Response B]'),
  );
  const request = lastRequest(prompt);
  const sa = featureScore(a, request).score;
  const sb = featureScore(b, request).score;
  const biased = rng.next() < POSITION_BIAS;
  if (flawed)
    return { content: '(simulated judge) Both candidates have their merits and their faults.', kind: 'illegal' };
  const verdict = biased ? 'A' : sa > sb ? 'A' : sb > sa ? 'B' : 'C';
  const why = biased
    ? 'response A reads better to me.'
    : verdict === 'C'
      ? `the two responses are about as good (${sa} and ${sb} of 10).`
      : `response ${verdict} is better (${sa} against ${sb} of 10).`;
  return { content: `(simulated judge) Comparing the two: ${why}\n[[${verdict}]]`, kind: 'ok' };
}

/**
 * The simulated SimulBench judge's reply to a conversation's user texts, or null when it is not one of the three judge
 * prompts (or a correction after one). Extraction and rating are deterministic in the texts; the pairwise judge draws
 * its rare position bias from `rng` (one draw per call, flawed or not).
 */
export function simulbenchJudgeReply(texts: string[], flawed: boolean, rng: Rng): SimAnswer | null {
  const p = promptOf(texts);
  if (!p) return null;
  if (p.role === 'extract') return extractAnswer(p.text, flawed);
  if (p.role === 'score') return scoreAnswer(p.text, flawed);
  return compareAnswer(p.text, flawed, rng);
}
