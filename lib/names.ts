// How a name looks, for telling look-alike names apart: "Ｒandom", "Rаndom" (Cyrillic а) and "RANDOM" are one name.
// Used by people's names (lib/people.ts) against reserved names, other people and agents.
import confusables from 'unicode-confusables';

const map = (ch: string) => confusables.rectifyConfusion(ch);
const isUpper = (ch: string) => ch !== ch.toLowerCase();

/**
 * A name's skeleton (after Unicode UTS #39, case-insensitive): NFKC (fullwidth and styled letters become plain ones),
 * then every character that looks like another is mapped to its prototype with the Unicode consortium's confusables
 * table (Cyrillic а → a, Greek Ι → i, m → rn, 0 → o), and everything is lower-cased. Two names with one skeleton look
 * the same. Letters of other scripts are mapped in their own case first (Cyrillic Н looks like H, its н does not
 * look like h); plain ASCII is lower-cased first, so "ADMIN" and "admin" stay one name.
 */
export function nameSkeleton(name: string): string {
  const chars = [...name.normalize('NFKC').replace(/\s+/g, ' ').trim().normalize('NFD')];
  let s = chars
    .map((ch) => {
      if (ch.charCodeAt(0) < 128) return ch.toLowerCase();
      const m = map(ch);
      // The table's prototype for a capital that looks like "I" is "l" (as it is for "I" itself); case-insensitively
      // that capital reads as "I", the same as "i".
      return isUpper(ch) && m === 'l' ? 'i' : m.toLowerCase();
    })
    .join('');
  // Lower case now: map again (m → rn, 0 → o, Cyrillic and Greek small letters) until nothing changes.
  for (let i = 0; i < 4; i++) {
    const next = [...s.normalize('NFD')].map((ch) => map(ch).toLowerCase()).join('');
    if (next === s) break;
    s = next;
  }
  return s.normalize('NFC');
}
