// DEEP prompts for LLM seats: the describer's two descriptions and the judge's 1–5 scores, and a forgiving parser.
import type { GamePrompt, ParseResult } from '../../lib/engine/types';
import {
  AGGRESSIVE_WORDS,
  CONSERVATIVE_WORDS,
  DESCRIBER,
  MAX_SCORE,
  MIN_SCORE,
  type DeepAction,
  type DeepConfig,
  type DeepState,
  type DeepView,
} from './types';

/** The worked example's word and candidates: not in words.json (a test keeps them out). */
export const EXAMPLE = { target: 'lighthouse', candidates: ['windmill', 'bell tower', 'water tower'] };

const describerSystem = `You are taking DEEP, a description test. For each target word you write two descriptions, one at a time:

- AGGRESSIVE: a clear, detailed description of the target, at most ${AGGRESSIVE_WORDS} words, so that a reader can tell it apart from similar things.
- CONSERVATIVE: first list candidate words that share a characteristic with the target (CANDIDATES), then describe only what they have in common, in at most ${CONSERVATIVE_WORDS} words (DESCRIPTION), so that the target cannot be singled out among them.

Never write the target word itself (or a form of it) in a description. A Chinese character counts as one word. Later, judges who do not know the target score how well each description fits it and some similar words.

Answer format for the aggressive description:
DESCRIPTION: <your description>

Answer format for the conservative description:
CANDIDATES: <word>, <word>, <word>
DESCRIPTION: <at most ${CONSERVATIVE_WORDS} words>

Example, for the target "${EXAMPLE.target}" (conservative):
CANDIDATES: ${EXAMPLE.candidates.join(', ')}
DESCRIPTION: A tall structure that stands out in the landscape`;

const judgeSystem = `You are a judge in DEEP, a description test. Each turn you read one description and a list of words. Score how well the description matches each word, from ${MIN_SCORE} (does not match at all) to ${MAX_SCORE} (matches perfectly). Score every word on its own: several words may fit equally well, or none.

Answer with one line per word, in the order given:
<word>: <score>

Example, for the words windmill, lighthouse:
windmill: 2
lighthouse: 5`;

export const prompt: GamePrompt<DeepState, DeepAction, DeepConfig, DeepView> = {
  system: (_cfg, seat) => (seat === DESCRIBER ? describerSystem : judgeSystem),

  turn(v, seat) {
    if (seat === DESCRIBER) {
      const t = v.describe;
      if (!t) return 'Nothing to write now: wait for the judges.';
      const head = `Word ${t.item + 1} of ${v.progress.words}.\nTarget word: ${t.target}\nMode: ${t.mode}`;
      if (t.mode === 'aggressive') {
        return `${head}\n\nWrite the aggressive description: clear and detailed, at most ${AGGRESSIVE_WORDS} words, without the word "${t.target}".\nDESCRIPTION: <your description>`;
      }
      return `${head}\n\nList candidate words that share a characteristic with "${t.target}", then describe what they have in common in at most ${CONSERVATIVE_WORDS} words, without the word "${t.target}".\nCANDIDATES: <word>, <word>, <word>\nDESCRIPTION: <at most ${CONSERVATIVE_WORDS} words>`;
    }
    const j = v.judge;
    if (!j) return 'Nothing to score now: wait for the next description.';
    return [
      `Description ${j.n} of ${j.total}:`,
      `"${j.description}"`,
      '',
      `Words to score (${MIN_SCORE} = does not match at all, ${MAX_SCORE} = matches perfectly):`,
      ...j.words.map((w) => `- ${w}`),
      '',
      'Answer with one line per word, in this order:',
      ...j.words.map((w) => `${w}: <score>`),
    ].join('\n');
  },

  parse(reply, seat, _legal, v) {
    const text = stripThinking(reply);
    if (seat === DESCRIBER)
      return parseDescription(
        text,
        v?.describe?.mode ?? (/CANDIDATES|候选/i.test(text) ? 'conservative' : 'aggressive'),
      );
    if (!v?.judge) return { error: 'there is no description to score now' };
    return parseScores(text, v.judge.words);
  },

  format(a, seat, view) {
    if (a.type === 'aggressive') return `DESCRIPTION: ${a.text}`;
    if (a.type === 'conservative') return `CANDIDATES: ${a.candidates.join(', ')}\nDESCRIPTION: ${a.text}`;
    if (a.type === 'score') {
      const words = view?.judge?.words ?? a.scores.map((_, i) => `word ${i + 1}`);
      return words.map((w, i) => `${w}: ${a.scores[i]}`).join('\n');
    }
    return seat === DESCRIBER ? 'DESCRIPTION:' : '';
  },
};

/** Drops <think>…</think> blocks some reasoning models emit before the answer. */
function stripThinking(reply: string): string {
  return reply.replace(/<think>[\s\S]*?<\/think>/gi, '').trim();
}

const LABEL = /^[\s>*_#-]*(DESCRIPTION|CANDIDATES|CANDIDATE WORDS|描述|候选词?)[\s*_]*[:：][\s*_]*(.*)$/i;

/** The text after the last occurrence of each label, up to the next label line. */
function labelled(text: string): Map<string, string> {
  const out = new Map<string, string>();
  let current: string | null = null;
  let buf: string[] = [];
  const flush = () => {
    if (current) out.set(current, buf.join('\n').trim());
  };
  for (const line of text.split('\n')) {
    const m = LABEL.exec(line);
    if (m) {
      flush();
      const l = m[1]!.toUpperCase();
      current = l.startsWith('CANDIDATE') || l.startsWith('候选') ? 'CANDIDATES' : 'DESCRIPTION';
      buf = [m[2] ?? ''];
    } else if (current) buf.push(line);
  }
  flush();
  return out;
}

/** A JSON object anywhere in the reply (some models answer `{"description": …}`), or null. */
function jsonObject(text: string): Record<string, unknown> | null {
  const m = /\{[\s\S]*\}/.exec(text.replace(/```(?:json)?/gi, ''));
  if (!m) return null;
  try {
    const o = JSON.parse(m[0]) as unknown;
    return o && typeof o === 'object' && !Array.isArray(o) ? (o as Record<string, unknown>) : null;
  } catch {
    return null;
  }
}

const unquote = (t: string) =>
  t
    .trim()
    .replace(/^\*+|\*+$/g, '')
    .trim()
    .replace(/^["“”'「]+|["“”'」]+$/g, '')
    .trim();

function parseDescription(text: string, mode: 'aggressive' | 'conservative'): ParseResult<DeepAction> {
  const labels = labelled(text);
  const json = labels.size ? null : jsonObject(text);
  let description = labels.get('DESCRIPTION') ?? (typeof json?.description === 'string' ? json.description : undefined);
  const rawCandidates = labels.get('CANDIDATES') ?? json?.candidates;
  if (mode === 'aggressive') {
    // A model that writes just the description, with no label, is taken at its word.
    if (description === undefined && !labels.size && !json) description = text;
    if (!description || !unquote(description)) return { error: 'write the description after "DESCRIPTION:"' };
    return { action: { type: 'aggressive', text: unquote(description) } };
  }
  const candidates = Array.isArray(rawCandidates)
    ? rawCandidates.filter((c): c is string => typeof c === 'string')
    : typeof rawCandidates === 'string'
      ? rawCandidates.split(/[,，、;；\n]|\s+\/\s+/)
      : [];
  const clean = candidates.map((c) => unquote(c.replace(/^\s*(?:[-*•]|\d+[.)])\s*/, ''))).filter(Boolean);
  if (!clean.length)
    return {
      error:
        'start with a "CANDIDATES:" line listing words that share a characteristic with the target, separated by commas',
    };
  if (!description || !unquote(description))
    return {
      error: `after the candidates, write "DESCRIPTION:" and what they have in common in at most ${CONSERVATIVE_WORDS} words`,
    };
  return { action: { type: 'conservative', candidates: clean, text: unquote(description) } };
}

const fold = (t: string) =>
  t
    .normalize('NFKC')
    .toLowerCase()
    .replace(/[*_`"“”'「」]/g, '')
    .replace(/\s+/g, ' ')
    .trim();
const escape = (t: string) => t.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/**
 * Reads one score per word: lines such as `pear: 4`, `**Pear** - 4/5`, `2. pear = 4 (fits well)`, `pear: four`, a
 * markdown table row `| pear | 4 |`, a JSON object, or a bare list of exactly as many numbers. The last score given for a word counts (models often correct themselves).
 */
export function parseScores(text: string, words: readonly string[]): ParseResult<DeepAction> {
  const found = new Map<number, string>();
  const json = jsonObject(text);
  if (json) {
    for (const [k, val] of Object.entries(json)) {
      const i = words.findIndex((w) => fold(w) === fold(k));
      if (i >= 0) found.set(i, String(val));
    }
  }
  // Longer words first, so "water tower" is not read as "tower".
  const byLength = words.map((w, i) => [fold(w), i] as const).sort((a, b) => b[0].length - a[0].length);
  for (const raw of text.split('\n')) {
    // A markdown table row ("| pear | 2 |") reads like "pear: 2"; number words count as numbers.
    const line = fold(raw)
      .replace(/^\s*\|/, '')
      .replace(/\|/g, ':')
      .trim()
      .replace(/^\s*(?:[-•>]|\d+[.)])\s*/, '')
      .replace(/\b(one|two|three|four|five)\b/g, (w) => String(['one', 'two', 'three', 'four', 'five'].indexOf(w) + 1));
    for (const [w, i] of byLength) {
      const m = new RegExp(
        `^${escape(w)}\\s*(?:[:：=\\-–—]|\\bscore\\b|\\(|→|->)\\s*(?:score\\s*[:：]?\\s*)?(-?\\d+(?:[.,]\\d+)?)`,
        'u',
      ).exec(line);
      if (m) {
        found.set(i, m[1]!);
        break;
      }
    }
  }
  if (found.size === 0) {
    // A bare list of numbers ("4, 2, 1, 3") on the last line that has exactly one per word.
    const lines = text
      .split('\n')
      .map((l) => l.trim())
      .filter(Boolean)
      .reverse();
    for (const l of lines) {
      const nums = l.match(/-?\d+(?:[.,]\d+)?/g) ?? [];
      if (nums.length === words.length && /^[\s\d.,;:/|-]+$/.test(l)) {
        nums.forEach((n, i) => found.set(i, n));
        break;
      }
    }
  }
  const missing = words.filter((_, i) => !found.has(i));
  if (missing.length === words.length)
    return {
      error: `no scores found: answer one line per word as "word: score" (${words.map((w) => `${w}: <${MIN_SCORE}-${MAX_SCORE}>`).join(', ')})`,
    };
  if (missing.length)
    return {
      error: `no score for ${missing.join(', ')}: give one line per word as "word: score", every word of the list`,
    };
  const scores: number[] = [];
  for (let i = 0; i < words.length; i++) {
    const raw = found.get(i)!;
    const n = Number(raw.replace(',', '.'));
    if (!Number.isInteger(n))
      return { error: `scores are whole numbers from ${MIN_SCORE} to ${MAX_SCORE} (you gave ${raw} for ${words[i]})` };
    if (n < MIN_SCORE || n > MAX_SCORE)
      return { error: `scores go from ${MIN_SCORE} to ${MAX_SCORE} (you gave ${n} for ${words[i]})` };
    scores.push(n);
  }
  return { action: { type: 'score', scores } };
}
