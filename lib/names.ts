// How a name looks, for telling look-alike names apart: "Ｒandom", "Rаndom" (Cyrillic а) and "RANDOM" are one name.
// Used by people's names (lib/people-input.ts) against reserved names, other people and agents.
import confusables from 'unicode-confusables';

/**
 * A name as the arena writes and compares it: NFKC (fullwidth and styled letters become plain ones), every run of white
 * space (tabs, several spaces, no-break spaces) one space, trimmed. "Victim  Person", "Victim\tPerson" and "Ｖictim
 * Person" are written "Victim Person"; in lower case this is the key a person is found by (lib/people-input.ts).
 */
export function canonicalName(name: string): string {
  return name.normalize('NFKC').replace(/\s+/g, ' ').trim();
}

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
  const chars = [...canonicalName(name).normalize('NFD')];
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
  // Security decision: names are compared case-insensitively, so a name may be read in any case, and a small "l" reads
  // as a capital "I" ("ENGlNE" is "ENGINE", which is "Engine"): with case folded, i and l (and the I, 1 and | that the
  // table maps to l) are one letter. (Migration 0023 applies this last step to the skeletons already stored.)
  return s.normalize('NFC').replace(/l/g, 'i');
}
