// Text for LLM seats playing Are You the Traitor?: GameBench's rules text and role contexts, the arena's turn structure,
// a worked example replayed through the rules by the tests, the turn observation (role, wizards, this round's talk,
// `Legal moves:` with the free-text form) and a forgiving parser.
import { readReply } from '../../lib/engine/reply-reader';
import { cleanAnswerLine as cleanLine, unquote } from '../../lib/engine/reply-text';
import { createRng } from '../../lib/engine/rng';
import { seatName, type GamePrompt, type ParseResult, type Seat } from '../../lib/engine/types';
import {
  apply,
  DECK,
  MAX_TEXT,
  messageText,
  NUM_SEATS,
  SEAT_NAMES,
  type AytAction,
  type AytConfig,
  type AytState,
  type AytView,
  type Role,
  start,
  stopText,
  TARGET_OF,
  TEAM_OF,
  treasureLabel,
  points,
} from './rules';

/** GameBench's rules text for AYT (appendix G; aytt.py `Rules.summary`), verbatim. */
export const GAMEBENCH_RULES =
  'The Good team wants to destroy an Evil Magic Key while the Evil team wants to keep it. The key can be destroyed by giving it to the Good Wizard, but there is an Evil Wizard who looks exactly alike. Use social deduction to find out who is who, but also know that there is a traitor among the guards who have the key.';

/** Each role's aim, after GameBench's role contexts (aytt.py), in the arena's words. */
export const ROLE_AIMS: Record<Role, string> = {
  Traitor:
    'You are on the Evil team. Stay undetected: the Good Wizard and the Guard hunt you. You may never shout Stop. Try to signal discreetly to the Evil Wizard, and steer them towards the Key Holder.',
  'Evil Wizard':
    'You are on the Evil team. Find the Key Holder (a non-wizard on the Good team) and point at them. Pretend to be the Good Wizard so the Key Holder trusts you, and beware: the Traitor is a non-wizard too, on your side.',
  'Good Wizard':
    'You are on the Good team. Convince the Key Holder that you are the true Good Wizard, and find the Traitor (a non-wizard on the Evil team): point at the Traitor.',
  'Key Holder':
    'You are on the Good team and you hold the Evil Magic Key. Find out which wizard is the Good Wizard and point at them, without revealing to the Evil Wizard that you hold the Key.',
  Guard:
    'You are on the Good team. Find the Traitor (a non-wizard on the Evil team) and point at them. Protect the Key Holder: you may even pretend to hold the Key to mislead the Evil Wizard.',
};

/** The first words of every turn: the simulated player (sim.ts) recognises the game by them. */
export const TURN_HEADER = 'Are You the Traitor? You are';
export const SAY_FORM = '<your message>';

export function format(a: AytAction): string {
  if (a.type === 'say') return `Say: ${a.text}`;
  if (a.type === 'pass') return 'Pass';
  return `Stop: point at ${seatName(SEAT_NAMES, a.target)}`;
}

/** The worked example: round 1 of a fixed deal (Player 2 and Player 4 are the wizards; Player 1 speaks first). */
export const EXAMPLE_ROLES: Role[] = ['Guard', 'Good Wizard', 'Key Holder', 'Evil Wizard', 'Traitor'];
export function exampleStart(cfg: AytConfig): AytState {
  return start(cfg, EXAMPLE_ROLES, DECK, 0);
}
export const EXAMPLE: { seat: Seat; action: AytAction }[] = [
  { seat: 0, action: { type: 'say', text: 'Wizards, tell us something only the true Good Wizard would know.' } },
  { seat: 1, action: { type: 'say', text: 'I am the Good Wizard. Player 4 is the impostor.' } },
  { seat: 2, action: { type: 'pass' } },
  { seat: 3, action: { type: 'say', text: 'Nonsense, I am the Good Wizard. Whoever holds the Key, come to me.' } },
  { seat: 4, action: { type: 'say', text: 'I am just a Guard. Player 1 is very eager, suspicious.' } },
  { seat: 0, action: { type: 'stop', target: 4 } },
];
export function exampleFinal(cfg: AytConfig): AytState {
  return EXAMPLE.reduce((s, m, i) => apply(s, m.seat, m.action, createRng(`ayt-example-${i}`)), exampleStart(cfg));
}

function system(cfg: AytConfig, seat: Seat): string {
  return [
    `You are playing Are You the Traitor? as ${seatName(SEAT_NAMES, seat)}. Your role is secret: it is told in each turn.`,
    '',
    'Rules:',
    GAMEBENCH_RULES,
    '',
    'How this arena plays it:',
    `- ${NUM_SEATS} players, one per role: the Good team is the Good Wizard, the Key Holder and a Guard; the Evil team is the Evil Wizard and the Traitor. Roles are drawn at random and kept for the whole match. Everyone knows which two players are the wizards, but not which is good and which is evil. You know only your own role.`,
    '- Whom each role hunts when it shouts Stop: the Good Wizard and the Guard hunt the Traitor; the Key Holder hunts the Good Wizard; the Evil Wizard hunts the Key Holder. The Traitor may never shout Stop.',
    `- Each round, from a first speaker drawn at random, the players talk in turn. On your turn you either say one message that everyone hears (at most ${MAX_TEXT} characters; you may lie), pass, or — unless you are the Traitor — shout "Stop!" and point at another player. That ends the round: if the player you point at holds the role you hunt, your team wins the round; if not, the other team wins it. After ${cfg.talkLaps} turns of every player with no Stop, the round ends and nobody wins it.`,
    `- Every member of the round's winning team draws a Treasure card (Crown Jewels 5 points, Platinum Pyramid 4, Bag of Gold 3, Silver Goblet 2, Chest of Copper 1, Magic Ring 1, Gilded Statue 0). After every round each Magic Ring is used up to take a card from a random player of the other team (their Gilded Statue if they have one). Treasure is private.`,
    `- When a player reaches ${cfg.targetPoints} treasure points, the match ends and their team wins. After ${cfg.maxRounds} rounds (or when the treasure runs out) the team with more treasure points wins.`,
    '',
    'Example (round 1: Player 1 is a Guard, Player 2 and Player 4 are the wizards):',
    ...EXAMPLE.map((m) => `${seatName(SEAT_NAMES, m.seat)}: ${format(m.action)}`),
    'Player 5 is the Traitor, so Player 1, a Guard, was right: the Good team wins the round and its three players each draw a Treasure card.',
    '',
    'Answer format: one move, as listed under "Legal moves:": "Say: <your message>", "Pass", or "Stop: point at Player 3".',
    'You may think first; the last move written in your reply, on a line of its own, is the one played.',
  ].join('\n');
}

function turn(v: AytView, seat: Seat, legal: AytAction[] | null): string {
  const role = v.myRole!;
  const target = TARGET_OF[role];
  const lines = [
    `${TURN_HEADER} ${seatName(SEAT_NAMES, seat)}, the ${role} (${TEAM_OF[role]} team).`,
    ROLE_AIMS[role],
    target ? `When you shout Stop you must point at the ${target}.` : 'You may not shout Stop.',
    `The wizards are ${seatName(SEAT_NAMES, v.wizards[0])} and ${seatName(SEAT_NAMES, v.wizards[1])} (one good, one evil).`,
    `Round ${v.round} (at most ${v.maxRounds}). Your treasure: ${v.myCards.length ? `${v.myCards.map(treasureLabel).join(', ')} = ${points(v.myCards)} points` : 'none'} (a player with ${v.targetPoints} points wins the match for their team).`,
  ];
  const past = v.results.filter((r) => r.round < v.round);
  if (past.length) lines.push(`Earlier rounds: ${past.map(stopText).join('; ')}.`);
  const now = v.messages.filter((m) => m.round === v.round);
  if (now.length) lines.push('The conversation this round:', ...now.map((m) => `- ${messageText(m)}`));
  else lines.push('Nobody has spoken yet this round.');
  if (v.end) return [...lines, `The game is over: ${v.end.reason}.`].join('\n');
  if (v.speaker !== seat) return [...lines, 'It is not your turn.'].join('\n');
  const left = v.talkLaps * NUM_SEATS - v.turns;
  lines.push(`Your turn (${left} turn${left === 1 ? '' : 's'} left in this round before it ends with no winner).`);
  lines.push('Legal moves:', `- Say: ${SAY_FORM}`, ...(legal ?? []).map((a) => `- ${format(a)}`));
  lines.push('Reply with one move, e.g. "Say: <your message>".');
  return lines.join('\n');
}

type Read = { action: AytAction } | { placeholder: string };
const SEAT_RE = 'player\\s*#?\\s*([1-5])\\b';

function readLine(raw: string): Read | null {
  const l = cleanLine(raw);
  let m: RegExpExecArray | null;
  if (
    (m = new RegExp(
      `^(?:stop!?\\s*[:,-]?\\s*(?:(?:and\\s+)?(?:i\\s+)?(?:point|accuse)s?(?:\\s+at)?\\s*)?|(?:point|accuse)s?(?:\\s+at)?\\s+)${SEAT_RE}`,
      'i',
    ).exec(l))
  )
    return { action: { type: 'stop', target: Number(m[1]) - 1 } };
  if (/^pass\b\.?$/i.test(l) || /^pass\s*[.!]?$/i.test(l)) return { action: { type: 'pass' } };
  if ((m = /^say\s*:\s*(.*)$/i.exec(l))) {
    const text = unquote(m[1]!);
    if (/^<[^>]*>$/.test(text)) return { placeholder: text };
    return { action: { type: 'say', text } };
  }
  return null;
}

/** JSON answers: {"move": "Pass"} or {"type": "stop", "target": "Player 3"} or {"type": "say", "text": "hi"}. */
function fromJson(text: string): string[] {
  const out: string[] = [];
  for (const j of text.match(/\{[^{}]*\}/g) ?? []) {
    try {
      const o = JSON.parse(j) as Record<string, unknown>;
      const kind = String(o.type ?? o.action ?? '').toLowerCase();
      const target = o.target ?? o.player ?? o.accuse ?? o.point ?? o.seat;
      const words = String(o.text ?? o.message ?? '');
      const move = o.move ?? o.answer;
      if (kind === 'stop' && target != null)
        out.push(`Stop: point at ${typeof target === 'number' ? `Player ${target}` : String(target)}`);
      else if (kind === 'say') out.push(`Say: ${words}`);
      else if (kind === 'pass') out.push('Pass');
      else if (typeof move === 'string') out.push(move);
    } catch {
      /* not JSON */
    }
  }
  return out;
}

export function parse(reply: string, _seat: Seat, legal: AytAction[] | null): ParseResult<AytAction> {
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
  // Free text (own words after "Say:") is this game's own form, which no listed move carries: it wins when
  // written at or after the listed move the reader found; otherwise the listed move does (the last one named).
  const free = (f: Read) => 'placeholder' in f || f.action.type === 'say';
  if (read && !(found && free(found) && foundEnd >= read.end)) return { action: read.action };
  const moves = legal ?? [];
  const hint = ` Your moves now: Say: <your message> | ${moves.map(format).join(' | ')}.`;
  if (!found)
    return {
      error: `No move found. Write one move on a line of its own, as listed under "Legal moves:".${moves.length ? hint : ''}`,
    };
  if ('placeholder' in found)
    return {
      error: `Write your own words in place of ${found.placeholder}, e.g. "Say: I am a loyal Guard." — or write "Pass".`,
    };
  const a = found.action;
  if (a.type === 'say') {
    if (!a.text) return { error: 'Your message is empty: write "Say: <your message>" with your words, or "Pass".' };
    if (a.text.length > MAX_TEXT) return { error: `Your message is too long: at most ${MAX_TEXT} characters.` };
    return { action: a };
  }
  if (!legal) return { action: a };
  if (moves.some((b) => JSON.stringify(b) === JSON.stringify(a))) return { action: a };
  if (a.type === 'stop' && !moves.some((b) => b.type === 'stop'))
    return { error: `As the Traitor you may never shout Stop: say something or pass.${hint}` };
  if (a.type === 'stop')
    return { error: `You cannot point at ${seatName(SEAT_NAMES, a.target)}: point at another player.${hint}` };
  return { error: `That move is not possible now.${hint}` };
}

export const prompt: GamePrompt<AytState, AytAction, AytConfig, AytView> = {
  system: (cfg, seat) => system(cfg, seat),
  turn: (v, seat, legal) => turn(v, seat, legal),
  parse: (reply, seat, legal) => parse(reply, seat, legal),
  format: (a) => format(a),
};
