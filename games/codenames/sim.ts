// SIMULATED play of Codenames for the fake models of server/llm/simulated.ts: nothing here is a language model.
// When a turn starts with "Codenames: you are the …", the simulated model reads the board from the turn's text and plays
// as the engine does, from the shipped association table (games/codenames/associations.json): a spymaster gives the
// table's clue that best points to its team's hidden words ("Clue: OCEAN 2"), an operative guesses the words the clue
// points to, then stops. A flawed answer gives a board word as the clue, or guesses the clue word itself (the game
// refuses both). Labelled simulated wherever it appears; here only so the demo and tests exercise the clue path.
import type { GameSim, SimAnswer } from '../../lib/engine/types';
import { engineClue, engineGuess } from './engine';
import { format, TURN_HEADER } from './prompt';
import { SEAT_NAMES, type CnAction, type CnView, type Color, type Team, type TurnRecord } from './rules';

const KINDS: Record<string, Color> = {
  'Red agent': 'red',
  'Blue agent': 'blue',
  bystander: 'neutral',
  ASSASSIN: 'assassin',
};

/** The board, clue and history as the turn's text shows them: enough of a view for the engine. */
export function readTurn(text: string): { seat: number; view: CnView } | null {
  const head = new RegExp(`^${TURN_HEADER} (.+?) \\((Red|Blue) team\\)\\.`, 'm').exec(text);
  if (!head) return null;
  const seat = SEAT_NAMES.indexOf(head[1] as (typeof SEAT_NAMES)[number]);
  if (seat < 0) return null;
  const words: string[] = [];
  const revealed: (Color | null)[] = [];
  const key: Color[] = [];
  for (const m of text.matchAll(
    /^- ([A-Z]+): (revealed, )?(Red agent|Blue agent|bystander|ASSASSIN|hidden)(?:, hidden)?$/gm,
  )) {
    words.push(m[1]!);
    const kind = KINDS[m[3]!] ?? null;
    revealed.push(m[2] ? kind : null);
    if (kind) key.push(kind);
  }
  const history: TurnRecord[] = [];
  for (const m of text.matchAll(/^- (Red|Blue): ([A-Z]+) (\d+)/gm))
    history.push({ team: m[1] as Team, word: m[2]!, count: Number(m[3]), guesses: [], stopped: false });
  const cur = /^Current clue: ([A-Z]+) (\d+)\. Guesses made on it: (\d+)/m.exec(text);
  const view = {
    you: seat,
    words,
    revealed,
    key: key.length === words.length ? key : null,
    clue: cur ? { team: head[2] as Team, word: cur[1]!, count: Number(cur[2]) } : null,
    guessesMade: cur ? Number(cur[3]) : 0,
    history,
  } as unknown as CnView;
  return { seat, view };
}

const toAction = (line: string): CnAction =>
  line === 'Stop' ? { type: 'stop' } : { type: 'guess', word: line.replace(/^Guess /, '') };

export const codenamesSim: GameSim = (t): SimAnswer | null => {
  // The latest turn of the conversation (a retry's last message is the refusal, after the turn).
  const text = [...t.texts].reverse().find((x) => x.startsWith(TURN_HEADER)) ?? '';
  if (!text) return null;
  const read = readTurn(text);
  if (!read) return null;
  const { seat, view } = read;
  if (/^Reply with your clue/m.test(text) && view.key) {
    if (t.flawed) return { content: `Clue: ${t.rng.pick(view.words)} 2`, kind: 'illegal' };
    const clue = format(engineClue(view, seat, t.rng));
    return {
      content: t.careful ? `I link as many of our words as I can and avoid the assassin.\n${clue}` : clue,
      kind: 'ok',
    };
  }
  if (t.legal && view.clue) {
    if (t.flawed) return { content: `Guess ${view.clue.word}`, kind: 'illegal' };
    const legal = t.legal.filter((l) => l === 'Stop' || l.startsWith('Guess ')).map(toAction);
    if (!legal.length) return null;
    const move = format(engineGuess(view, seat, legal, t.rng));
    return { content: t.careful ? `The clue ${view.clue.word} points to these words.\n${move}` : move, kind: 'ok' };
  }
  return null;
};
