// Text checks shared by the word games (Who is the spy, DEEP): how a text is compared and whether it says a word.

/** Lower case, accents and punctuation gone, spaces collapsed: how descriptions and words are compared. */
export function normalize(text: string): string {
  return text
    .normalize('NFKD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .replace(/[^\p{L}\p{N}]+/gu, ' ')
    .trim();
}

const CJK = /\p{Script=Han}/u;

const ENDINGS = /^(?:s|es|ies|ed|d|ing|er|ers|'s)$/;

/**
 * Where a text says a word or a recognisable form of it, or null: any case or accent; English plural and verb
 * endings ("berries", "baking"); joined or hyphenated for two-word keywords; inside a longer word ("moonlight") for
 * words of 4+ letters, at either end of one ("sunflower", "bobcat") for shorter ones. Chinese words count wherever
 * their characters appear. Returns the words that gave it away, for the rejection message.
 */
export function wordIn(text: string, word: string): string | null {
  const w = normalize(word);
  if (!w) return null;
  const t = normalize(text);
  if (CJK.test(word)) return t.replace(/ /g, '').includes(w.replace(/ /g, '')) ? word : null;
  const tokens = t.split(' ');
  if (w.includes(' ')) {
    const parts = w.split(' ');
    for (let i = 0; i + parts.length <= tokens.length; i++) {
      const span = tokens.slice(i, i + parts.length);
      if (
        span.slice(0, -1).every((x, k) => x === parts[k]) &&
        (span.at(-1) === parts.at(-1) || ENDINGS.test(span.at(-1)!.slice(parts.at(-1)!.length)))
      )
        return span.join(' ');
    }
    const joined = w.replace(/ /g, '');
    return tokens.find((tok) => tok.includes(joined)) ?? null;
  }
  const stems = [w, ...(/[ye]$/.test(w) && w.length > 3 ? [w.slice(0, -1)] : [])];
  return (
    tokens.find((tok) => {
      if (tok === w) return true;
      if (stems.some((b) => tok.startsWith(b) && ENDINGS.test(tok.slice(b.length)))) return true;
      return w.length >= 4 ? tok.includes(w) : tok.startsWith(w) || tok.endsWith(w);
    }) ?? null
  );
}
