// Text for LLM seats playing Codenames: GameBench's rules text, the arena's turn structure, a worked example the tests
// replay through the rules, the turn observation (the grid as this seat sees it, the clues so far, the clue to follow,
// `Legal moves:` for an operative) and a forgiving parser.
import { readReply } from '../../lib/engine/reply-reader';
import { createRng } from '../../lib/engine/rng';
import { seatName, type GamePrompt, type ParseResult, type Seat } from '../../lib/engine/types';
import {
  apply,
  clueProblem,
  colorName,
  MAX_CLUE_NUMBER,
  roleOf,
  SEAT_NAMES,
  startWith,
  teamOf,
  type CnAction,
  type CnConfig,
  type CnState,
  type CnView,
  type Color,
} from './rules';

/** GameBench's rules text for Codenames (appendix G; config.py `codenames_rules`): the summary. */
export const GAMEBENCH_RULES =
  "A strategic game of guessing and deduction where two teams, Red and Blue, compete to identify their team's words on a grid based on one-word clues given by their Spymasters. The game ends when all words of one team are guessed, or the assassin word is chosen.";

/** GameBench's withheld topics (appendix G's bullets), verbatim but for its typo ("guessioutpg"). */
export const GAMEBENCH_TOPICS: Record<string, string> = {
  Roles:
    "Spymaster: Knows which words correspond to which team / the assassin. Gives one-word clues that relate to any number of their team's words on the board.\nOperative: Guesses words belonging to their team based on the Spymaster's clues. Aims to avoid words not belonging to their team and the assassin word.",
  'Turn Structure':
    "Spymaster's Turn: Give a clue to their operative and a number indicating how many words relate to that clue. Operative's Turn: Guess words, aiming to find all their team's words. After each guess, if the word is not their team's, the turn ends. If the word is their team's, they can guess again. If the word is the assassin word, the game ends and their team loses. An operative can make up to N+1 guesses, where N is the number of cards given by the Spymaster.",
  'Winning Conditions':
    'A team wins by correctly guessing all their words. Game ends immediately if the assassin word is guessed and the team who guessed it loses.',
  'Forbidden Actions':
    'Spymasters cannot use part or any form of the words on the board in their clues. Spymasters cannot use words that sound like words on the board in their clues. Clues must be exactly one word and one number.',
  Scoring:
    'Points are awarded based on the number of correct guesses by each team. If a team guesses the assassin word, they receive a score of 0.',
  'Special Rules':
    "If zero words are related to the clue, the Spymaster can give a clue of '0' and the Operative can guess an unlimited number of words.",
};

/** The first line of every turn (the simulated players recognise their game by it). */
export const TURN_HEADER = 'Codenames: you are the';

export function format(a: CnAction): string {
  if (a.type === 'clue') return `Clue: ${a.word.toUpperCase()} ${a.count}`;
  if (a.type === 'guess') return `Guess ${a.word}`;
  return 'Stop';
}

// ---- the worked example ----

const EX_WORDS = [
  'WHALE',
  'PIANO',
  'LEMON',
  'KING',
  'DOCTOR',
  'SHIP',
  'GUITAR',
  'TIGER',
  'QUEEN',
  'PENCIL',
  'ANCHOR',
  'DRUM',
  'MONKEY',
  'CROWN',
  'DESK',
  'APPLE',
  'BANANA',
  'SNAKE',
  'TOWER',
  'CHALK',
  'RAIN',
  'CLOUD',
  'NURSE',
  'DRAGON',
  'BOMB',
];
const EX_KEY: Color[] = [
  'red',
  'red',
  'blue',
  'red',
  'neutral',
  'red',
  'blue',
  'blue',
  'red',
  'neutral',
  'red',
  'red',
  'blue',
  'blue',
  'neutral',
  'blue',
  'blue',
  'red',
  'red',
  'neutral',
  'neutral',
  'neutral',
  'blue',
  'neutral',
  'assassin',
];
export function exampleStart(cfg: CnConfig): CnState {
  return startWith(cfg, EX_WORDS, EX_KEY);
}
export const EXAMPLE: { seat: Seat; action: CnAction; note: string }[] = [
  {
    seat: 0,
    action: { type: 'clue', word: 'OCEAN', count: 2 },
    note: 'for WHALE and SHIP (ANCHOR is red too, but BOMB is the assassin: keep it simple)',
  },
  { seat: 1, action: { type: 'guess', word: 'WHALE' }, note: 'a Red agent: guess again' },
  { seat: 1, action: { type: 'guess', word: 'SHIP' }, note: 'a Red agent: one more guess is allowed (N+1 = 3)' },
  { seat: 1, action: { type: 'stop' }, note: "Red stops while ahead; Blue's turn" },
  { seat: 2, action: { type: 'clue', word: 'FRUIT', count: 3 }, note: 'for LEMON, APPLE and BANANA' },
  { seat: 3, action: { type: 'guess', word: 'LEMON' }, note: 'a Blue agent' },
  { seat: 3, action: { type: 'guess', word: 'DESK' }, note: "an innocent bystander: Blue's turn ends" },
];
export function exampleFinal(cfg: CnConfig): CnState {
  return EXAMPLE.reduce((s, m, i) => apply(s, m.seat, m.action, createRng(`cn-example-${i}`)), exampleStart(cfg));
}

function system(_cfg: CnConfig, seat: Seat): string {
  const team = teamOf(seat);
  const spy = roleOf(seat) === 'spymaster';
  const mate = seatName(SEAT_NAMES, spy ? seat + 1 : seat - 1);
  return [
    `You are playing Codenames as the ${seatName(SEAT_NAMES, seat)} of the ${team} team; your teammate is the ${mate}. The other team is ${team === 'Red' ? 'Blue' : 'Red'}.`,
    '',
    'Rules:',
    GAMEBENCH_RULES,
    ...Object.entries(GAMEBENCH_TOPICS).map(([k, v]) => `- ${k}: ${v.replace(/\n/g, ' ')}`),
    '',
    'How this arena plays it:',
    '- 25 words on a 5x5 grid: 9 Red agents (Red starts), 8 Blue agents, 7 innocent bystanders and 1 assassin. Only the two spymasters see which is which (the key); operatives see a colour once its word is revealed.',
    `- A clue is exactly one word of letters A-Z and one number from 0 to ${MAX_CLUE_NUMBER}. It may not be a word on the board, contain one, be part of one, or be a form of one (plural, -ing, -ed…), in any case. 0 means unlimited guesses.`,
    '- The operative guesses one word at a time, up to N+1 guesses for a clue of N. A word of the other team or a bystander ends the turn; the assassin ends the match and its team loses. The operative may stop after at least one guess.',
    `- A team wins when all its words are revealed (even by the other team). Score as GameBench: each team's points are its revealed words, 0 for a team that revealed the assassin, +3 for the winner; a team's score is its points over both teams' points.`,
    '',
    'Example (Red: WHALE, SHIP, ANCHOR, …; Blue: LEMON, APPLE, BANANA, …; DESK is a bystander; BOMB the assassin):',
    ...EXAMPLE.map((m) => `${seatName(SEAT_NAMES, m.seat)}: ${format(m.action)}   (${m.note})`),
    '',
    spy
      ? 'Answer format: one line "Clue: <WORD> <NUMBER>", e.g. "Clue: OCEAN 2".'
      : 'Answer format: one move exactly as listed under "Legal moves:", e.g. "Guess WHALE" or "Stop".',
    'You may think first; the last answer written in your reply is the one played.',
  ].join('\n');
}

const KIND: Record<Color, string> = {
  red: 'Red agent',
  blue: 'Blue agent',
  neutral: 'bystander',
  assassin: 'ASSASSIN',
};

function turn(v: CnView, seat: Seat, legal: CnAction[] | null): string {
  const team = teamOf(seat);
  const spy = roleOf(seat) === 'spymaster';
  const lines = [
    `${TURN_HEADER} ${seatName(SEAT_NAMES, seat)} (${team} team).`,
    `Hidden words left: Red ${v.left.Red}, Blue ${v.left.Blue}.`,
    spy ? 'Board, with the key (only spymasters see it):' : 'Board (hidden words show no colour):',
  ];
  v.words.forEach((w, i) => {
    const shown = v.revealed[i];
    if (shown) lines.push(`- ${w}: revealed, ${KIND[shown]}`);
    else lines.push(`- ${w}: ${v.key ? `${KIND[v.key[i]!]}, hidden` : 'hidden'}`);
  });
  if (v.history.length) {
    lines.push('Clues so far:');
    for (const h of v.history) {
      const gs = h.guesses.map((g) => `${g.word} (${colorName(g.color)})`).join(', ');
      lines.push(`- ${h.team}: ${h.word} ${h.count}${gs ? ` → ${gs}` : ''}${h.stopped ? ', then stopped' : ''}`);
    }
  }
  if (v.result) return [...lines, `The game is over: ${v.result}.`].join('\n');
  if (v.toMove !== seat) return [...lines, `It is the ${seatName(SEAT_NAMES, v.toMove!)}'s turn.`].join('\n');
  if (spy) {
    lines.push(
      `Your turn to give ${team} a clue. Your team's hidden words: ${v.words.filter((_, i) => !v.revealed[i] && v.key?.[i] === (team === 'Red' ? 'red' : 'blue')).join(', ')}.`,
    );
    lines.push('Reply with your clue in exactly this format: Clue: <WORD> <NUMBER>');
    return lines.join('\n');
  }
  const c = v.clue!;
  const left =
    v.guessesLeft === null ? 'unlimited guesses' : `${v.guessesLeft} guess${v.guessesLeft === 1 ? '' : 'es'} left`;
  lines.push(`Current clue: ${c.word} ${c.count}. Guesses made on it: ${v.guessesMade} (${left}).`);
  if (legal) lines.push('Legal moves:', ...legal.map((a) => `- ${format(a)}`));
  lines.push(
    v.guessesMade
      ? 'Reply with your move in exactly this format: Guess <WORD> — or: Stop'
      : 'Reply with your move in exactly this format: Guess <WORD>',
  );
  return lines.join('\n');
}

// ---- parsing ----

const NUMBER_WORDS: Record<string, number> = {
  zero: 0,
  one: 1,
  two: 2,
  three: 3,
  four: 4,
  five: 5,
  six: 6,
  seven: 7,
  eight: 8,
  nine: 9,
  ten: 10,
  unlimited: 0,
  infinity: 0,
  infinite: 0,
};
const NUM = '(\\d+|zero|one|two|three|four|five|six|seven|eight|nine|ten|unlimited|infinity|infinite)';
const numOf = (t: string) => (/^\d+$/.test(t) ? Number(t) : NUMBER_WORDS[t.toLowerCase()]!);

/** Markdown, fences and quotes off. */
const clean = (t: string) =>
  t
    .replace(/```[a-z]*\n?/gi, '\n')
    .replace(/[*_`"“”‘’]+/g, ' ')
    .replace(/(?<![A-Za-z])'|'(?![A-Za-z])/g, ' ');

interface Found {
  at: number;
  clue?: { word: string; count: number };
  guess?: string;
  stop?: true;
}

function fromJson(reply: string): Found[] {
  const out: Found[] = [];
  for (const m of reply.matchAll(/\{[^{}]*\}/g)) {
    try {
      const o = JSON.parse(m[0]) as Record<string, unknown>;
      const word = o.clue ?? o.word ?? o.hint;
      const n = o.number ?? o.count ?? o.num ?? o.n;
      const kind = String(o.action ?? o.type ?? o.move ?? '').toLowerCase();
      if (typeof o.guess === 'string') out.push({ at: m.index!, guess: o.guess });
      else if (kind === 'stop' || kind === 'end turn' || kind === 'end_turn' || kind === 'pass')
        out.push({ at: m.index!, stop: true });
      else if (kind === 'guess' && typeof word === 'string') out.push({ at: m.index!, guess: word });
      else if (typeof word === 'string' && n !== undefined)
        out.push({ at: m.index!, clue: { word, count: typeof n === 'number' ? n : (numOf(String(n)) ?? NaN) } });
      else if (kind) out.push(...scan(kind).map((f) => ({ ...f, at: m.index! })));
    } catch {
      /* not JSON */
    }
  }
  return out;
}

function scan(text: string): Found[] {
  const out: Found[] = [];
  const clueRe = new RegExp(
    `\\bclue\\b\\s*(?:is|:|=|-|–)?\\s*([A-Za-z][A-Za-z'-]*(?:[ \\t]+[A-Za-z][A-Za-z'-]*){0,2}?)\\s*(?:,|:|-|–|\\(|\\bfor\\b|[x×])?\\s*${NUM}\\b`,
    'gi',
  );
  for (const m of text.matchAll(clueRe)) out.push({ at: m.index!, clue: { word: m[1]!.trim(), count: numOf(m[2]!) } });
  // GameBench's own format, "word,3", alone on a line.
  for (const m of text.matchAll(/^[ \t>-]*([A-Za-z]+)\s*[,;]\s*(\d+)[ \t.]*$/gm))
    out.push({ at: m.index!, clue: { word: m[1]!, count: Number(m[2]) } });
  for (const m of text.matchAll(/\bguess(?:es|ing)?\b(?:\s+the\s+word)?\s*[:=\-–]?\s*([A-Za-z]+)/gi))
    out.push({ at: m.index!, guess: m[1]! });
  for (const m of text.matchAll(/\b(?:stop(?:s|ping)?(?:\s+guessing)?|end(?:\s+(?:my|the|our))?\s+turn)\b/gi))
    out.push({ at: m.index!, stop: true });
  return out;
}

export function parse(reply: string, _seat: Seat, legal: CnAction[] | null, v?: CnView): ParseResult<CnAction> {
  // The moves as listed, however the reply wraps them (lib/engine/reply-reader.ts); the forms below for the rest.
  const read = readReply(reply, legal, (a) => format(a));
  if (read) return { action: read.action };
  const text = clean(reply);
  const json = fromJson(reply);
  const found = (json.length ? json : scan(text)).sort((a, b) => a.at - b.at);
  if (legal === null) {
    // A spymaster's clue.
    const clues = found.filter((f) => f.clue);
    const last = clues.at(-1)?.clue;
    if (!last)
      return {
        error:
          'No clue found. Answer with one line "Clue: <WORD> <NUMBER>", e.g. "Clue: OCEAN 2": one word, and how many of your words it points to.',
      };
    if (/\s/.test(last.word))
      return {
        error: `A clue is exactly one word: "${last.word}" is ${last.word.split(/\s+/).length} words. Answer "Clue: <WORD> <NUMBER>".`,
      };
    if (!Number.isInteger(last.count) || last.count < 0 || last.count > MAX_CLUE_NUMBER)
      return { error: `The number is a whole number from 0 to ${MAX_CLUE_NUMBER} (0 = unlimited guesses).` };
    if (v) {
      const why = clueProblem(last.word, v.words);
      if (why) return { error: why };
    }
    return { action: { type: 'clue', word: last.word.toUpperCase(), count: last.count } };
  }
  // An operative's guess or stop.
  const hidden = new Set(legal.flatMap((a) => (a.type === 'guess' ? [a.word] : [])));
  const canStop = legal.some((a) => a.type === 'stop');
  const onBoard = new Set(v?.words ?? []);
  // A board word alone on the last line counts as a guess.
  const lastLine = text.trim().split('\n').at(-1)?.trim().replace(/[.!]$/, '').toUpperCase() ?? '';
  if (hidden.has(lastLine)) found.push({ at: text.length, guess: lastLine });
  const moves = found.filter(
    (f) => f.stop || (f.guess && (hidden.has(f.guess.toUpperCase()) || onBoard.has(f.guess.toUpperCase()))),
  );
  const last = moves.at(-1);
  if (!last) {
    const named = found.find((f) => f.guess)?.guess;
    if (named)
      return {
        error: `${named.toUpperCase()} is not a hidden word on the board. Answer with one move exactly as listed under "Legal moves:", e.g. "Guess ${[...hidden][0] ?? 'WORD'}".`,
      };
    if (found.some((f) => f.clue))
      return {
        error: 'You are the operative: guess a word ("Guess <WORD>") or stop ("Stop"); your spymaster gives the clues.',
      };
    return {
      error: `No move found. Answer with one move exactly as listed under "Legal moves:", e.g. "Guess ${[...hidden][0] ?? 'WORD'}"${canStop ? ' or "Stop"' : ''}.`,
    };
  }
  if (last.stop)
    return canStop
      ? { action: { type: 'stop' } }
      : { error: 'Make at least one guess before you stop: answer "Guess <WORD>".' };
  const word = last.guess!.toUpperCase();
  if (!hidden.has(word)) return { error: `${word} is already revealed: guess a hidden word.` };
  return { action: { type: 'guess', word } };
}

export const prompt: GamePrompt<CnState, CnAction, CnConfig, CnView> = {
  system: (cfg, seat) => system(cfg, seat),
  turn: (v, seat, legal) => turn(v, seat, legal),
  parse: (reply, seat, legal, v) => parse(reply, seat, legal, v),
  format: (a) => format(a),
};
