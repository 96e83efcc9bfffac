// The Are You the Traitor? engine baseline: a heuristic on the seat's own view (never the hidden state).
// - It reads role claims from this round's talk ("I am the Guard", "I am the Key Holder", …; the latest claim of each
//   player counts) and keeps, for the role it hunts, the players that can still hold it: the two wizards for the Good
//   Wizard (less a wizard claiming to be evil), the three non-wizards for the Traitor and the Key Holder (less itself
//   and those who claimed another non-wizard role).
// - Good: it claims its role once, truthfully (the Key Holder only once a Guard has spoken up, so the Evil Wizard learns
//   little); it shouts Stop as soon as exactly one player can hold its target; otherwise it passes. The Good Wizard
//   also stops when a non-wizard stays silent for a whole lap while the other two claim.
// - Evil: the Traitor claims to be the Guard; the Evil Wizard claims to be the Good Wizard and stops only when the
//   Key Holder is known (one non-wizard claims it and is not the one who claimed to be the Guard first, i.e. the
//   Traitor's cover). Otherwise both pass and let the other team guess: a wrong Stop wins the round for the Evil team.
import type { Rng, Seat } from '../../lib/engine/types';
import { NUM_SEATS, TARGET_OF, TEAM_OF, type AytAction, type AytView, type Role } from './rules';

const ROLE_WORDS: [RegExp, Role][] = [
  [/\bgood\s+wizard\b/i, 'Good Wizard'],
  [/\bevil\s+wizard\b/i, 'Evil Wizard'],
  [/\bkey\s*-?\s*holder\b|\bhold(?:ing)?\s+the\s+key\b|\bhave\s+the\s+key\b/i, 'Key Holder'],
  [/\btraitor\b/i, 'Traitor'],
  [/\bguard\b/i, 'Guard'],
];

/** The role a message claims for its speaker ("I am the Guard", "I'm a guard", "I hold the key"), or null. */
export function claimOf(text: string): Role | null {
  const m = /\bi(?:\s+am|'m|\s+hold|\s+have)\b([^.!?]*)/i.exec(text);
  if (!m) return null;
  const rest = m[0];
  for (const [re, role] of ROLE_WORDS) if (re.test(rest)) return role;
  return null;
}

/** Each player's latest claim in this round. */
export function claims(view: AytView): (Role | null)[] {
  const out: (Role | null)[] = Array.from({ length: NUM_SEATS }, () => null);
  for (const m of view.messages) if (m.round === view.round && m.text) out[m.from] = claimOf(m.text) ?? out[m.from]!;
  return out;
}

/** The players who may hold `target` as this seat sees it. */
export function candidates(view: AytView, seat: Seat, target: Role): Seat[] {
  const c = claims(view);
  const wizards = view.wizards as readonly Seat[];
  const all = [0, 1, 2, 3, 4].filter((p) => p !== seat);
  if (target === 'Good Wizard' || target === 'Evil Wizard') {
    const other = target === 'Good Wizard' ? 'Evil Wizard' : 'Good Wizard';
    const w = wizards.filter((p) => p !== seat);
    const pruned = w.filter((p) => c[p] !== other);
    return pruned.length ? pruned : w;
  }
  const non = all.filter((p) => !wizards.includes(p));
  const pruned = non.filter((p) => c[p] === null || c[p] === target);
  const claimed = pruned.filter((p) => c[p] === target);
  // Someone claiming the target role outright is taken at their word only by the Evil Wizard hunting the Key Holder.
  if (target === 'Key Holder' && claimed.length === 1) return claimed;
  return pruned.length ? pruned : non;
}

const said = (view: AytView, seat: Seat) =>
  view.messages.some((m) => m.round === view.round && m.from === seat && m.text);

export function aytEngine(view: AytView, seat: Seat, legal: AytAction[], _rng: Rng): AytAction {
  const role = view.myRole!;
  const team = TEAM_OF[role];
  const target = TARGET_OF[role];
  const c = claims(view);
  const pass: AytAction = { type: 'pass' };
  const stopAt = (p: Seat): AytAction =>
    legal.some((a) => a.type === 'stop' && a.target === p) ? { type: 'stop', target: p } : pass;
  if (team === 'Good') {
    if (target) {
      const cand = candidates(view, seat, target);
      if (cand.length === 1) return stopAt(cand[0]!);
    }
    if (!said(view, seat)) {
      if (role === 'Key Holder' && !c.includes('Guard')) return pass;
      return { type: 'say', text: `I am the ${role}.` };
    }
    return pass;
  }
  if (role === 'Traitor') return said(view, seat) ? pass : { type: 'say', text: 'I am the Guard.' };
  // Evil Wizard: the Traitor's cover is the first Guard claim among the non-wizards.
  const cover = view.messages.find(
    (m) => m.round === view.round && m.text && claimOf(m.text) === 'Guard' && !view.wizards.includes(m.from),
  )?.from;
  const holders = [0, 1, 2, 3, 4].filter(
    (p) => p !== seat && p !== cover && !view.wizards.includes(p) && c[p] === 'Key Holder',
  );
  if (holders.length === 1) return stopAt(holders[0]!);
  if (cover !== undefined) {
    const rest = [0, 1, 2, 3, 4].filter(
      (p) => p !== seat && p !== cover && !view.wizards.includes(p) && c[p] !== 'Guard',
    );
    if (rest.length === 1) return stopAt(rest[0]!);
  }
  if (!said(view, seat)) return { type: 'say', text: 'I am the Good Wizard.' };
  return pass;
}
