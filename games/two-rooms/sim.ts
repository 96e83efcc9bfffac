// SIMULATED play of Two Rooms and a Boom for the fake models of server/llm/simulated.ts: nothing here is a language
// model. When a turn starts with "Two Rooms and a Boom: you are …", the simulated model talks the way a player might:
// on its turn it asks someone of its room a short question from a hand-written list (or asks them to speak, or shows
// its card), and when asked it answers with a short plausible line (a plain card of its team — true or a cover —, a
// deflection or silence), or shows its card back to a teammate. A leader's hostage is left to the endpoint's generic
// pick from the `Legal moves:` list. A flawed answer sends the answer form's placeholder back unfilled (the game
// refuses it). Labelled simulated wherever it appears; here only so the demo and tests exercise the talk path.
import type { GameSim, SimAnswer } from '../../lib/engine/types';
import { ANSWER_FORM, QUESTION_FORM, TURN_HEADER } from './prompt';

const QUESTIONS = [
  'Which card do you hold?',
  'Are you the President?',
  'Are you the Bomber?',
  'Will you show me your card?',
  'Whom should our leader send away?',
  'Why should I trust you?',
  'Who have you talked to so far?',
  'Is the President in this room?',
];
const COVERS = [
  'I hold a plain {team} card.',
  'Just a plain {team} card, nothing special.',
  'I would rather not say yet.',
  'Show me yours first.',
  'I am on your side, trust me.',
  'Ask our leader.',
];

export const twoRoomsSim: GameSim = (t): SimAnswer | null => {
  const text = t.texts.at(-1) ?? '';
  const head = new RegExp(`^${TURN_HEADER} (Blue|Red) ([1-3]) \\((Blue|Red) team\\)`, 'm').exec(text);
  if (!head || !t.legal) return null;
  const team = head[3]!;
  const legal = t.legal;
  const asks = legal.filter((l) => l.endsWith(`: ${QUESTION_FORM}`));
  if (asks.length) {
    if (t.flawed) return { content: asks[0]!, kind: 'illegal' };
    const roll = t.rng.next();
    if (roll < 0.6) {
      const line = t.rng.pick(asks).replace(QUESTION_FORM, t.rng.pick(QUESTIONS));
      return { content: t.careful ? `I want to learn who is who in my room.\n${line}` : line, kind: 'ok' };
    }
    return { content: t.rng.pick(legal.filter((l) => !l.endsWith(`: ${QUESTION_FORM}`))), kind: 'ok' };
  }
  if (legal.includes(`Say: ${ANSWER_FORM}`)) {
    if (t.flawed) return { content: `Say: ${ANSWER_FORM}`, kind: 'illegal' };
    const show = legal.find((l) => l.startsWith('Show my card to '));
    const asker = show?.slice('Show my card to '.length) ?? '';
    // A teammate asking is often shown the card; otherwise a short answer, sometimes silence.
    if (show && asker.startsWith(team) && t.rng.next() < 0.6) return { content: show, kind: 'ok' };
    if (t.rng.next() < 0.15) return { content: 'Say nothing', kind: 'ok' };
    return { content: `Say: ${t.rng.pick(COVERS).replace('{team}', team)}`, kind: 'ok' };
  }
  return null;
};
