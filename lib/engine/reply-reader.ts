// The one reply reader for enumerable turns: finds the legal move a model's reply commits to, whatever it is wrapped in
// (JSON, code fences, bold, quotes, "Final answer:", "I'll play …"). Every game's `prompt.parse` asks it first.

/** The move a reply commits to: the legal action, its index in `legal`, and where in the reply its text ends. */
export interface ReplyMatch<A> {
  action: A;
  index: number;
  /** Offset in the reply just after the move's text (after the whole JSON value, for a move given in JSON). */
  end: number;
}

/** JSON keys that hold the move itself in `{"action": …}`-style answers, most specific first. */
const MOVE_KEYS = ['action', 'move', 'answer', 'final_answer', 'finalanswer', 'choice', 'decision', 'vote', 'play'];

/**
 * Characters that only wrap an answer (markdown emphasis and code, quotes, escapes): never part of a token. Moves
 * written with them still match, since move texts are tokenised the same way.
 */
const DECORATION = /[*_`"'“”‘’«»\\]/u;

interface Token {
  /** Lowercased, for matching. */
  low: string;
  /** As written, to prefer an exact-case match when two moves differ only in case. */
  raw: string;
  /** Offset in the reply just after the token (a JSON value's tokens all end where the JSON ends). */
  end: number;
}

/** Words (letters and digits), single punctuation marks and line breaks; other spacing and decoration dropped. */
function tokenize(text: string, endAt?: number): Token[] {
  const out: Token[] = [];
  for (const m of text.replace(/−/g, '-').matchAll(/\n|[\p{L}\p{N}]+|[^\s\p{L}\p{N}]/gu)) {
    if (DECORATION.test(m[0])) continue;
    out.push({ low: m[0].toLowerCase(), raw: m[0], end: endAt ?? m.index + m[0].length });
  }
  return out;
}

/**
 * Each legal move's spellings as tokens. Tokenising ~100 moves costs more than reading a reply, and every reply to a
 * turn (retries; the conformance suite's one reply per legal move) comes with the same \`legal\` array: its tokens are
 * remembered with the texts they were made from, and used again only when \`text\` writes the same texts.
 */
const listed = new WeakMap<object, { texts: string[][]; tokens: Token[][][] }>();
function listedTokens<A>(legal: readonly A[], text: (a: A) => string | readonly string[]): Token[][][] {
  const texts = legal.map((a) => {
    const s = text(a);
    return typeof s === 'string' ? [s] : [...s];
  });
  const seen = listed.get(legal);
  if (
    seen?.texts.length === texts.length &&
    seen.texts.every((ss, i) => ss.length === texts[i]!.length && ss.every((t, k) => t === texts[i]![k]))
  )
    return seen.tokens;
  const tokens = texts.map((ss) => ss.map((t) => tokenize(t)));
  listed.set(legal, { texts, tokens });
  return tokens;
}

/** Where a balanced `{…}` starting at `from` ends (after its `}`), strings respected; -1 when it does not close. */
function closeOf(text: string, from: number): number {
  let depth = 0;
  let inString = false;
  for (let i = from; i < text.length; i++) {
    const c = text[i];
    if (inString) {
      if (c === '\\') i++;
      else if (c === '"') inString = false;
    } else if (c === '"') inString = true;
    else if (c === '{') depth++;
    else if (c === '}' && --depth === 0) return i + 1;
  }
  return -1;
}

/** The move a JSON object names (`{"action": "X"}`, `{"move": "X"}`, any key's case), or null. */
function jsonMove(source: string): string | null {
  let o: unknown;
  try {
    o = JSON.parse(source);
  } catch {
    return null;
  }
  if (!o || typeof o !== 'object' || Array.isArray(o)) return null;
  const byKey = new Map(Object.entries(o).map(([k, v]) => [k.toLowerCase().replace(/[\s-]/g, '_'), v]));
  for (const key of MOVE_KEYS) {
    const v = byKey.get(key);
    if (typeof v === 'string' || typeof v === 'number') return String(v);
  }
  return null;
}

/** Where a sentence ends, for a move's context. */
const BOUNDARY = new Set(['\n', '.', '!', '?']);

/** The words that may come right before a move in its sentence: a label or "I'll play" (tokens, spaced). */
const COMMITMENT =
  /(?:^|\s)(?:(?:final |my |the )?(?:answer|move|action|decision|choice|reply)(?: is)?(?: :)?|i (?:ll |will |shall |would |d )?(?:play|choose|pick|select|go with|take|do|say)(?: :)?|i (?:ll|will))$/;

/**
 * How the reply writes the move at tokens start..last: `opens` when it begins its sentence or follows a label or a
 * commitment ("Final answer:", "I'll play"), `closes` when it ends its sentence (a question, "Deal?", does not).
 * Committed = both; a move mentioned in prose ("a fair deal", "between A and B") is neither.
 */
function context(tokens: Token[], start: number, last: number): { opens: boolean; closes: boolean } {
  const next = tokens[last + 1];
  const closes = !next || (BOUNDARY.has(next.low) && next.low !== '?');
  let from = start;
  while (from > 0 && !BOUNDARY.has(tokens[from - 1]!.low)) from--;
  const before = tokens
    .slice(from, start)
    .map((t) => t.low)
    .filter((t) => !/^[-#>•]$/.test(t))
    .join(' ');
  return { opens: before === '' || COMMITMENT.test(before), closes };
}

/**
 * The reply as tokens, each JSON object that names a move (`{"action": "X", "reasoning": "…"}`) replaced by that
 * move alone: its other fields (reasoning that names other moves) are not a commitment.
 */
function replyTokens(reply: string): Token[] {
  const out: Token[] = [];
  let at = 0;
  for (let i = reply.indexOf('{'); i >= 0; i = reply.indexOf('{', i + 1)) {
    const end = closeOf(reply, i);
    if (end < 0) break;
    const move = jsonMove(reply.slice(i, end));
    if (move === null) continue;
    out.push(...tokenize(reply.slice(at, i)).map((t) => ({ ...t, end: t.end + at })));
    // The value stands alone, as on a line of its own.
    out.push(...tokenize(`\n${move}\n`, end));
    at = end;
    i = end - 1;
  }
  out.push(...tokenize(reply.slice(at)).map((t) => ({ ...t, end: t.end + at })));
  return out;
}

/** One place a move's text appears in the reply: tokens `start`..`last`. */
interface Mention {
  index: number;
  start: number;
  last: number;
  /** Written in the move's own case. */
  exact: boolean;
  /** Begins its sentence or follows a label or "I'll play" (see `context`). */
  opens: boolean;
  /** Ends its sentence. */
  closes: boolean;
  /** The move's text is one word (Pass, Deal, Check, Stop): a word of prose too. */
  weak: boolean;
}

/** Later first; at the same place the longer text, then the one written in its own case. */
function beats(a: Mention, b: Mention): boolean {
  if (a.last !== b.last) return a.last > b.last;
  const la = a.last - a.start;
  const lb = b.last - b.start;
  return la !== lb ? la > lb : a.exact && !b.exact;
}

/**
 * The legal move a reply commits to. Each move is written `text(a)` (how the game writes it: the exact line its
 * prompt lists under "Legal moves:"; several spellings allowed), and found in the reply as whole tokens ("Ask Blue 2"
 * is not in "Ask Blue 21"), ignoring case, spacing and what wraps it: JSON (`{"action": …}`, `{"move": …}`, in prose
 * or a fenced block: its other fields are not read), code fences, bold, italics, quotes.
 *
 * The reply commits to a move written alone in its sentence or line, or after a label or a commitment ("Final
 * answer:", "Move:", "I'll play", "I choose"), and last in its sentence: of those the LAST one wins ("I considered A,
 * but I'll play B." and "Not A. B." read B), unless a move begun after it goes on in a form not listed ("HUNT:
 * Scavenger\nActually no.\nDIG: Brawler + Shovel": null, for the game's parser). A reply that commits to none is read only when it names a single legal
 * move of more than one word ("I'll play Ask Blue 2 now"); a one-word move (Pass, Deal, Check) is a word of prose
 * too ("a fair deal", "let me check"), so it counts only where the reply commits to it. A move's text inside a longer
 * one's ("Move A to c4" in "Move A to c4, build d5") is the longer one.
 *
 * Null when the reply commits to no legal move (or `legal` is null: an open-ended turn): the game's own parser then
 * reads its other forms or says, in words, what to write.
 */
export function readReply<A>(
  reply: string,
  legal: readonly A[] | null | undefined,
  text: (a: A) => string | readonly string[],
): ReplyMatch<A> | null {
  if (!legal?.length) return null;
  const tokens = replyTokens(reply);
  // Where each token occurs, so a move's text is tried only where its first token is (a turn lists ~100 moves).
  const at = new Map<string, number[]>();
  tokens.forEach((t, i) => {
    const list = at.get(t.low);
    if (list) list.push(i);
    else at.set(t.low, [i]);
  });
  const found: Mention[] = [];
  listedTokens(legal, text).forEach((spellings, index) => {
    for (const want of spellings) {
      if (!want.length) continue;
      const weak = want.length === 1 && /^\p{L}+$/u.test(want[0]!.low);
      for (const start of at.get(want[0]!.low) ?? []) {
        if (start + want.length > tokens.length || !want.every((w, k) => tokens[start + k]!.low === w.low)) continue;
        const last = start + want.length - 1;
        const exact = want.every((w, k) => tokens[start + k]!.raw === w.raw);
        found.push({ index, start, last, exact, weak, ...context(tokens, start, last) });
      }
    }
  });
  // A mention inside a longer one is part of that move's text, not a move of its own.
  const mentions = found.filter(
    (m) => !found.some((o) => o !== m && o.start <= m.start && o.last >= m.last && o.last - o.start > m.last - m.start),
  );
  let best: Mention | null = null;
  for (const m of mentions) if (m.opens && m.closes && (!best || beats(m, best))) best = m;
  // A move begun after it and written on in a form not listed ("DIG: Brawler + Shovel"): the game's parser reads it.
  if (best && mentions.some((m) => m.last > best!.last && m.opens && !m.closes && !m.weak)) return null;
  if (!best) {
    const named = mentions.filter((m) => !m.weak);
    if (new Set(named.map((m) => m.index)).size === 1) for (const m of named) if (!best || beats(m, best)) best = m;
  }
  if (!best) return null;
  return { action: legal[best.index]!, index: best.index, end: tokens[best.last]!.end };
}
