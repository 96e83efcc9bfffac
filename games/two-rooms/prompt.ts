// Text for LLM seats playing Two Rooms and a Boom: GameBench's rules text, the arena's turn structure, a worked
// example replayed through the rules by the tests, the turn observation (card, rooms, what the seat heard,
// `Legal moves:` with the talk forms) and a forgiving parser.
import { readReply } from '../../lib/engine/reply-reader';
import { cleanAnswerLine as cleanLine, unquote } from '../../lib/engine/reply-text';
import { createRng } from '../../lib/engine/rng';
import { seatName, type GamePrompt, type ParseResult, type Seat } from '../../lib/engine/types';
import {
  apply,
  cardLabel,
  MAX_TEXT,
  messageText,
  ROOM_NAMES,
  roomsText,
  SEAT_NAMES,
  start,
  teamOf,
  type TrbAction,
  type TrbConfig,
  type TrbState,
  type TrbView,
} from './rules';

/** GameBench's rules text for TRB (appendix G; two_rooms.py `Rules.summary`), verbatim. */
export const GAMEBENCH_RULES =
  "Two teams, Blue and Red, have opposing goals. At the end of three rounds the Red team wants to have both the President and the Bomber in the same room, while Blue team wants them to be in opposite rooms. Each round will allow the Leader of each room to trade 'hostages' in order to find out who the President and Bomber are and use that info to achieve their team's mission. Find out information by talking to other hostages in your room.";

/** The first line of every turn: the simulated player (sim.ts) recognises the game by it. */
export const TURN_HEADER = 'Two Rooms and a Boom: you are';
export const QUESTION_FORM = '<your question>';
export const ANSWER_FORM = '<your answer>';

export function format(a: TrbAction): string {
  if (a.type === 'ask')
    return a.text ? `Ask ${seatName(SEAT_NAMES, a.to)}: ${a.text}` : `Ask ${seatName(SEAT_NAMES, a.to)}`;
  if (a.type === 'reveal') return `Show my card to ${seatName(SEAT_NAMES, a.to)}`;
  if (a.type === 'say') return a.text ? `Say: ${a.text}` : 'Say nothing';
  return `Send ${seatName(SEAT_NAMES, a.seat)}`;
}

/** The worked example: Room 1's talk in round 1 of a fixed deal (Blue 1 is the President, Red 1 leads Room 1). */
export function exampleStart(cfg: TrbConfig): TrbState {
  return start(
    cfg,
    ['President', 'Blue', 'Blue', 'Red', 'Bomber', 'Red'],
    [
      [0, 3, 1],
      [4, 2, 5],
    ],
    [3, 2],
  );
}
export const EXAMPLE: { seat: Seat; action: TrbAction }[] = [
  { seat: 0, action: { type: 'ask', to: 1, text: 'Blue 2, show me your card and I will show you mine.' } },
  { seat: 1, action: { type: 'reveal', to: 0 } },
  { seat: 3, action: { type: 'ask', to: 0, text: 'Which card do you hold?' } },
  { seat: 0, action: { type: 'say', text: 'Just a plain Blue card.' } },
  { seat: 1, action: { type: 'ask', to: 3, text: 'Whom will you send away?' } },
  { seat: 3, action: { type: 'say', text: '' } },
];
/**
 * The worked example when no card is told or shown (`cardTold: false`, `reveals: false`: the preset `gamebench`): the
 * same deal and turns, in words only.
 */
export const EXAMPLE_TALK_ONLY: { seat: Seat; action: TrbAction }[] = [
  { seat: 0, action: { type: 'ask', to: 1, text: 'Blue 2, whom should our team trust in this room?' } },
  { seat: 1, action: { type: 'say', text: 'Nobody knows their own card, so watch who dodges questions.' } },
  { seat: 3, action: { type: 'ask', to: 0, text: 'Which card do you think you hold?' } },
  { seat: 0, action: { type: 'say', text: 'I was not told, like everyone here.' } },
  { seat: 1, action: { type: 'ask', to: 3, text: 'Whom will you send away?' } },
  { seat: 3, action: { type: 'say', text: '' } },
];
/** The worked example the system prompt shows under this config. */
export const exampleFor = (cfg: TrbConfig): { seat: Seat; action: TrbAction }[] =>
  cfg.reveals === false ? EXAMPLE_TALK_ONLY : EXAMPLE;
export function exampleFinal(cfg: TrbConfig): TrbState {
  return exampleFor(cfg).reduce(
    (s, m, i) => apply(s, m.seat, m.action, createRng(`trb-example-${i}`)),
    exampleStart(cfg),
  );
}

function system(cfg: TrbConfig, seat: Seat): string {
  const told = cfg.cardTold !== false;
  const reveals = cfg.reveals !== false;
  return [
    `You are playing Two Rooms and a Boom as ${seatName(SEAT_NAMES, seat)}, on the ${teamOf(seat)} team.`,
    '',
    'Rules:',
    GAMEBENCH_RULES,
    '',
    'How this arena plays it:',
    `- Six players: Blue 1, Blue 2, Blue 3 (the Blue team) and Red 1, Red 2, Red 3 (the Red team). Everyone knows the teams. One Blue player holds the President card, one Red player the Bomber card; the others hold plain cards of their team. ${
      told
        ? reveals
          ? 'You know only your own card and the cards shown to you.'
          : 'You know only your own card; cards are never shown.'
        : `No player is told any card, their own included: you do not know whether you hold the ${teamOf(seat) === 'Blue' ? 'President' : 'Bomber'} or a plain card, and neither does anyone else${reveals ? '' : '; cards are never shown'}. All cards are revealed when the game ends.`
    }`,
    `- The players are split between ${ROOM_NAMES[0]} and ${ROOM_NAMES[1]}, three in each. Each room has a leader (everyone knows who), who stays leader all game.`,
    reveals
      ? `- Each of the ${cfg.rounds} rounds: the players of ${ROOM_NAMES[0]}, then of ${ROOM_NAMES[1]}, take turns. On your turn you ask one player of your room a question (or just ask them to speak), or show them your card. That player then answers: in words, with silence, or by showing their card back to you. Everyone in the room hears the questions and answers; the other room hears nothing. A card shown is seen only by the player it is shown to; the room sees that a card was shown.`
      : `- Each of the ${cfg.rounds} rounds: the players of ${ROOM_NAMES[0]}, then of ${ROOM_NAMES[1]}, take turns. On your turn you ask one player of your room a question (or just ask them to speak). That player then answers: in words or with silence. Everyone in the room hears the questions and answers; the other room hears nothing.`,
    '- After the talking, each leader chooses one player of their room (not themselves) as a hostage; both leaders choose at the same time and the two hostages swap rooms.',
    `- After round ${cfg.rounds}'s exchange the game ends: Red wins if the Bomber is in the same room as the President, Blue wins if they are in different rooms. Players may lie in words${reveals ? '; a card shown never lies' : ''}.`,
    '',
    ...(reveals
      ? [
          'Example (round 1, Room 1: Blue 1 — the President —, Red 1 — the leader —, Blue 2):',
          ...EXAMPLE.map((m) => `${seatName(SEAT_NAMES, m.seat)}: ${format(m.action)}`),
          `Blue 2 has shown Blue 1 a plain Blue card; Blue 1 hid the President from Red 1.${told ? '' : ' (Here Blue 1 was told their card; in this match nobody is.)'} Later, leader Red 1 might answer "Send Blue 2".`,
        ]
      : [
          'Example (round 1, Room 1: Blue 1, Red 1 — the leader —, Blue 2):',
          ...EXAMPLE_TALK_ONLY.map((m) => `${seatName(SEAT_NAMES, m.seat)}: ${format(m.action)}`),
          'Later, leader Red 1 might answer "Send Blue 2".',
        ]),
    '',
    'Answer format: one move, as listed under "Legal moves:".',
    reveals
      ? `- Your turn to talk: "Ask Red 2: <your question>" (your own words, at most ${MAX_TEXT} characters), "Ask Red 2" (no particular question) or "Show my card to Red 2".`
      : `- Your turn to talk: "Ask Red 2: <your question>" (your own words, at most ${MAX_TEXT} characters) or "Ask Red 2" (no particular question).`,
    reveals
      ? '- Answering someone: "Say: <your answer>", "Say nothing" or "Show my card to <the asker>".'
      : '- Answering someone: "Say: <your answer>" or "Say nothing".',
    '- Choosing a hostage as a leader: "Send Red 2".',
    'You may think first; the last move written in your reply, on a line of its own, is the one played.',
  ].join('\n');
}

function turn(v: TrbView, seat: Seat, legal: TrbAction[] | null): string {
  const me = seatName(SEAT_NAMES, seat);
  const myRoom = v.rooms[0].includes(seat) ? 0 : 1;
  const lines = [
    `${TURN_HEADER} ${me} (${teamOf(seat)} team). Your card: ${v.myCard ? cardLabel(v.myCard) : v.cardTold === false ? 'not told (no player is told their card)' : 'unknown'}.`,
    `Round ${v.round} of ${v.rounds}. You are in ${ROOM_NAMES[myRoom]}${v.leaders[myRoom] === seat ? ', and you are its leader' : ''}.`,
    `Rooms: ${roomsText(v.rooms, v.leaders)}.`,
  ];
  const others = v.known.filter((k) => k.seat !== seat);
  if (others.length)
    lines.push(
      `Cards shown to you: ${others.map((k) => `${seatName(SEAT_NAMES, k.seat)} is ${cardLabel(k.card)}`).join('; ')}.`,
    );
  else if (v.reveals !== false) lines.push('No card has been shown to you yet.');
  if (v.swaps.length)
    lines.push(
      `Hostage exchanges so far: ${v.swaps.map((w) => `round ${w.round}: ${seatName(SEAT_NAMES, w.sent[0])} to ${ROOM_NAMES[1]}, ${seatName(SEAT_NAMES, w.sent[1])} to ${ROOM_NAMES[0]}`).join('; ')}.`,
    );
  if (v.messages.length)
    lines.push(
      'What you heard (your room only):',
      ...v.messages.map((m) => `- Round ${m.round}, ${ROOM_NAMES[m.room]}: ${messageText(m)}`),
    );
  else lines.push('You have heard nothing yet.');
  if (v.result) return [...lines, `The game is over: ${v.result.reason}.`].join('\n');
  if (!v.toAct.includes(seat)) return [...lines, 'It is not your turn.'].join('\n');
  const acts = legal ?? [];
  if (v.phase === 'ask') {
    lines.push(
      v.reveals === false
        ? 'Your turn to talk: ask one player of your room a question (or ask them to speak). They answer next.'
        : 'Your turn to talk: ask one player of your room a question (or ask them to speak), or show them your card. They answer next.',
    );
    lines.push(
      'Legal moves:',
      ...acts.filter((a) => a.type === 'ask').map((a) => `- ${format(a)}: ${QUESTION_FORM}`),
      ...acts.map((a) => `- ${format(a)}`),
    );
    lines.push('Reply with one move, e.g. "Ask Red 2: <your question>".');
  } else if (v.phase === 'answer') {
    const from = seatName(SEAT_NAMES, v.pending!.asker);
    const last = [...v.messages].reverse().find((m) => m.from === v.pending!.asker && m.to === seat);
    lines.push(
      last?.kind === 'reveal'
        ? `${from} has shown you their card and waits for your answer.`
        : `${from} is talking to you: answer.`,
    );
    lines.push('Legal moves:', `- Say: ${ANSWER_FORM}`, ...acts.map((a) => `- ${format(a)}`));
    lines.push('Reply with one move, e.g. "Say: <your answer>".');
  } else {
    lines.push(
      `The talking is over. As leader of ${ROOM_NAMES[myRoom]}, choose the hostage you send to ${ROOM_NAMES[1 - myRoom]} (the other leader chooses at the same time).`,
    );
    lines.push('Legal moves:', ...acts.map((a) => `- ${format(a)}`));
    lines.push('Reply with one move, e.g. "Send Red 2".');
  }
  return lines.join('\n');
}

const SEAT_RE = '(?:(blue|red)\\s*#?\\s*([1-3])|player\\s*([1-6]))';
function seatFrom(m: RegExpExecArray, at: number): Seat {
  if (m[at + 2]) return Number(m[at + 2]) - 1;
  return (m[at]!.toLowerCase() === 'blue' ? 0 : 3) + Number(m[at + 1]) - 1;
}

type Read = { action: TrbAction } | { placeholder: string };

/** One move written at the start of a line, or null. */
function readLine(raw: string): Read | null {
  const l = cleanLine(raw);
  let m: RegExpExecArray | null;
  if ((m = new RegExp(`^(?:show|reveal)\\s+(?:my\\s+|your\\s+)?card\\s+to\\s+${SEAT_RE}\\b`, 'i').exec(l)))
    return { action: { type: 'reveal', to: seatFrom(m, 1) } };
  if ((m = new RegExp(`^(?:send|hostage\\s*:?)\\s+${SEAT_RE}\\b`, 'i').exec(l)))
    return { action: { type: 'hostage', seat: seatFrom(m, 1) } };
  if ((m = new RegExp(`^ask\\s+${SEAT_RE}\\b\\s*(?:[:,-]\\s*(.*))?$`, 'i').exec(l))) {
    const text = unquote(m[4] ?? '');
    if (/^<[^>]*>$/.test(text)) return { placeholder: text };
    return { action: { type: 'ask', to: seatFrom(m, 1), text } };
  }
  if (/^say\s+nothing\b|^(?:stay|remain|keep)\s+silent\b|^silence\.?$/i.test(l))
    return { action: { type: 'say', text: '' } };
  if ((m = /^say\s*:\s*(.*)$/i.exec(l))) {
    const text = unquote(m[1]!);
    if (/^<[^>]*>$/.test(text)) return { placeholder: text };
    return { action: { type: 'say', text } };
  }
  return null;
}

/** JSON answers: {"move": "Ask Red 2: hi"} or {"type": "ask", "to": "Red 2", "text": "hi"}. */
function fromJson(text: string): string[] {
  const out: string[] = [];
  for (const j of text.match(/\{[^{}]*\}/g) ?? []) {
    try {
      const o = JSON.parse(j) as Record<string, unknown>;
      const move = o.move ?? o.answer ?? o.action;
      const kind = String(o.type ?? o.action ?? '').toLowerCase();
      const to = o.to ?? o.player ?? o.target ?? o.seat ?? o.hostage;
      const words = String(o.text ?? o.question ?? o.message ?? o.answer ?? '');
      if (kind === 'ask' && to != null) out.push(`Ask ${String(to)}: ${words}`);
      else if ((kind === 'reveal' || kind === 'show') && to != null) out.push(`Show my card to ${String(to)}`);
      else if (kind === 'say') out.push(words ? `Say: ${words}` : 'Say nothing');
      else if ((kind === 'hostage' || kind === 'send') && to != null) out.push(`Send ${String(to)}`);
      else if (typeof move === 'string') out.push(move);
    } catch {
      /* not JSON */
    }
  }
  return out;
}

export function parse(reply: string, _seat: Seat, legal: TrbAction[] | null): ParseResult<TrbAction> {
  // The moves as listed, however the reply wraps them (lib/engine/reply-reader.ts).
  const read = readReply(reply, legal, format);
  // Fences blanked to the same length, so a line's end is where it ends in the reply.
  const own = reply.replace(/```[a-z]*/gi, (m) => '\n' + ' '.repeat(m.length - 1)).split('\n');
  const lines = [...own, ...fromJson(reply)];
  let found: Read | null = null;
  let foundEnd = reply.length;
  for (let i = lines.length - 1; i >= 0 && !found; i--) {
    // A JSON line is read through fromJson (appended at the end); skip its raw form.
    if (/^\s*\{/.test(lines[i]!)) continue;
    found = readLine(lines[i]!);
    if (found && i < own.length) foundEnd = own.slice(0, i + 1).join('\n').length;
  }
  // Free text (own words after "Say:" or "Ask Blue 2: <question>") is this game's own form, which no listed move carries: it wins when
  // written at or after the listed move the reader found; otherwise the listed move does (the last one named).
  const free = (f: Read) =>
    'placeholder' in f ||
    (f.action.type === 'ask' && f.action.text !== '') ||
    (f.action.type === 'say' && f.action.text !== '');
  if (read && !(found && free(found) && foundEnd >= read.end)) return { action: read.action };
  const moves = legal ?? [];
  const hint = moves.length
    ? ` Your moves now: ${[...new Set(moves.map((a) => (a.type === 'ask' ? `Ask ${seatName(SEAT_NAMES, a.to)}: <your question>` : a.type === 'say' ? 'Say: <your answer>' : format(a))))].join(' | ')}.`
    : '';
  if (!found)
    return { error: `No move found. Write one move on a line of its own, as listed under "Legal moves:".${hint}` };
  if ('placeholder' in found)
    return {
      error: `Write your own words in place of ${found.placeholder}, e.g. "Say: I am on your team." or "Ask Red 2: Which card do you hold?".`,
    };
  const a = found.action;
  if ((a.type === 'ask' || a.type === 'say') && a.text.length > MAX_TEXT)
    return { error: `That is too long: at most ${MAX_TEXT} characters of your own words.` };
  if (!legal) return { action: a };
  const ok =
    a.type === 'ask'
      ? moves.some((b) => b.type === 'ask' && b.to === a.to)
      : a.type === 'say'
        ? moves.some((b) => b.type === 'say')
        : moves.some((b) => JSON.stringify(b) === JSON.stringify(a));
  if (ok) return { action: a };
  if (a.type === 'say') return { error: `Nobody is waiting for your answer now.${hint}` };
  if (a.type === 'reveal' && moves.length && !moves.some((b) => b.type === 'reveal'))
    return { error: `Cards are never shown in this match: talk instead.${hint}` };
  if (a.type === 'hostage' && !moves.some((b) => b.type === 'hostage'))
    return { error: `Only a leader chooses a hostage, after the talking.${hint}` };
  if ((a.type === 'ask' || a.type === 'reveal') && moves.some((b) => b.type === 'say')) {
    if (a.type === 'ask') return { error: `It is your turn to answer, not to ask.${hint}` };
  }
  const who = a.type === 'hostage' ? a.seat : a.to;
  return { error: `${SEAT_NAMES[who] ?? 'That player'} is not a choice now.${hint}` };
}

export const prompt: GamePrompt<TrbState, TrbAction, TrbConfig, TrbView> = {
  system: (cfg, seat) => system(cfg, seat),
  turn: (v, seat, legal) => turn(v, seat, legal),
  parse: (reply, seat, legal) => parse(reply, seat, legal),
  format: (a) => format(a),
};
