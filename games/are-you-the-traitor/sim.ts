// SIMULATED play of Are You the Traitor? for the fake models of server/llm/simulated.ts: nothing here is a language
// model. When a turn starts with "Are You the Traitor? You are …", the simulated model talks the way a player might: a
// short line from a hand-written list fitting its role (a claim — true, or a cover for the Evil team —, a question to
// a wizard, a suspicion), sometimes a pass, and — when it may — now and then it shouts Stop and points, more often the
// longer the round has run, at a plausible player for its role (a wizard for the Key Holder, a non-wizard otherwise).
// A flawed answer sends the message form's placeholder back unfilled (the game refuses it). Labelled simulated
// wherever it appears; here only so the demo and the tests exercise the talk path.
import type { GameSim, SimAnswer } from '../../lib/engine/types';
import { SAY_FORM, TURN_HEADER } from './prompt';

const LINES: Record<string, string[]> = {
  Traitor: [
    'I am just a Guard, keeping watch.',
    'I am a Guard. {wizard}, prove you are the good one.',
    'I trust {wizard}, that one seems honest.',
    'Someone here is too quiet for my taste.',
  ],
  'Evil Wizard': [
    'I am the Good Wizard. Bring me the Key.',
    '{other} is the impostor, not me.',
    'Whoever holds the Key, you can trust me.',
    'Guards, who among you holds the Key?',
  ],
  'Good Wizard': [
    'I am the Good Wizard, and I will not take the Key by force.',
    '{other} is the Evil Wizard, do not trust them.',
    'Guards, which of you is hiding something?',
    'The Traitor is one of the three of you.',
  ],
  'Key Holder': [
    'I am a Guard, nothing special.',
    '{wizard}, what would the Good Wizard do with the Key?',
    'I am not sure which wizard to trust yet.',
    'Both wizards sound the same to me.',
  ],
  Guard: [
    'I am a Guard, and I hold the Key. Wizards, convince me.',
    'I am a Guard. One of you two is the Traitor.',
    '{wizard}, why should we trust you?',
    'The Traitor has been very quiet.',
  ],
};

export const aytSim: GameSim = (t): SimAnswer | null => {
  const text = t.texts.at(-1) ?? '';
  const head = new RegExp(
    `^${TURN_HEADER.replace('?', '\\?')} (Player [1-5]), the (Traitor|Evil Wizard|Good Wizard|Key Holder|Guard) \\(`,
    'm',
  ).exec(text);
  if (!head || !t.legal || !t.legal.includes(`Say: ${SAY_FORM}`)) return null;
  const [me, role] = [head[1]!, head[2]!];
  const wiz = /^The wizards are (Player [1-5]) and (Player [1-5])/m.exec(text);
  const wizards = wiz ? [wiz[1]!, wiz[2]!] : [];
  if (t.flawed) return { content: `Say: ${SAY_FORM}`, kind: 'illegal' };
  const stops = t.legal.filter((l) => l.startsWith('Stop: point at '));
  const spoken = (text.match(/^- Player [1-5](: “| passes)/gm) ?? []).length;
  // Stop more often as the round goes on: never before three messages, then about one turn in three.
  if (stops.length && spoken >= 3 && t.rng.next() < Math.min(0.6, 0.12 * spoken)) {
    const wanted = stops.filter((l) => (role === 'Key Holder') === wizards.some((w) => l.endsWith(w)));
    const line = t.rng.pick(wanted.length ? wanted : stops);
    return { content: t.careful ? `I have heard enough to decide.\n${line}` : line, kind: 'ok' };
  }
  if (t.rng.next() < 0.2) return { content: 'Pass', kind: 'ok' };
  const wizard = wizards.find((w) => w !== me) ?? 'Player 1';
  const other = wizards.find((w) => w !== me) ?? wizard;
  const line = t.rng
    .pick(LINES[role]!)
    .replace(
      '{wizard}',
      t.rng.pick(wizards.filter((w) => w !== me).length ? wizards.filter((w) => w !== me) : [wizard]),
    )
    .replace('{other}', other);
  return { content: t.careful ? `Let me keep my cover and learn more.\nSay: ${line}` : `Say: ${line}`, kind: 'ok' };
};
