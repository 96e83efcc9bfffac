// Text for LLM seats playing Who is the spy: the rules in the SpyGame paper's spirit, the seat's own view, the
// structured answers (GUESS / REASONING / DESCRIPTION, VOTE, the theory-of-mind probes) and a forgiving parser.
import { readReply } from '../../lib/engine/reply-reader';
import type { GamePrompt, ParseResult, PromptOptions, Seat } from '../../lib/engine/types';
import {
  DESCRIPTION_LIMIT,
  GUESS_LIMIT,
  REASONING_LIMIT,
  votingOf,
  type Ballot,
  type Description,
  type Role,
  type RoundResult,
  type SpyAction,
  type SpyConfig,
  type SpyState,
  type SpyView,
} from './types';

// ───────────────────────── limits and names ─────────────────────────

/** Longest description, word guess (also probe words) and reasoning kept: the game's limits (types.ts). */
export const DESCRIPTION_MAX = DESCRIPTION_LIMIT;
export const GUESS_MAX = GUESS_LIMIT;
export const REASONING_MAX = REASONING_LIMIT;

/** The words of the worked example in the system prompt: the keyword set must not contain them. */
export const EXAMPLE_WORDS = ['sundial', 'hourglass'] as const;

const NO_GUESSING = 'spy:no-word-guessing';
const NO_REASONING = 'spy:no-reasoning';

/** Which optional parts of the structured answer the prompt asks for, after the agent's ablation switches. */
export function asks(opts?: PromptOptions): { guess: boolean; reasoning: boolean } {
  const on = opts?.switches ?? [];
  return { guess: !on.includes(NO_GUESSING), reasoning: !on.includes(NO_REASONING) };
}

/** "Player 1" … "Player n": the numbered naming, and the names `format` writes. */
export const numberedNames = (n = 16): string[] => Array.from({ length: n }, (_, i) => `Player ${i + 1}`);
const numbered = (seat: Seat) => `Player ${seat + 1}`;
const isNumbered = (names: readonly string[]) => names.every((x, i) => x === numbered(i));

/** The round limit a config leads to (as the rules read it): absent = the preset's (Undercover 2), null = none. */
function limitOf(cfg: SpyConfig): number | null {
  if (cfg.maxRounds !== undefined) return cfg.maxRounds;
  return cfg.preset === 'undercover' ? 2 : null;
}

const plural = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;
const listText = (items: readonly string[]) =>
  items.length <= 1 ? items.join('') : `${items.slice(0, -1).join(', ')} and ${items[items.length - 1]}`;

// ───────────────────────── answer labels ─────────────────────────

const GUESS_LINE = 'GUESS: <the word you think the other players (or the spy) have>';
const REASONING_LINE = 'REASONING: <who you think the spy is, and whether it might be you>';
const DESCRIPTION_LINE = 'DESCRIPTION: <your description: one or two sentences>';
const VOTE_LINE = 'VOTE: <name>';
/** The second-order probe's labels: what the other players will guess one's own word and role to be. */
const OTHERS_WORD = 'OTHERS THINK MY WORD';
const OTHERS_ROLE = 'OTHERS THINK I AM';

/** The labelled lines of a structured answer, in order, for the optional parts the switches leave in. */
function answerLines(opts: PromptOptions | undefined, last: string): string[] {
  const want = asks(opts);
  return [...(want.guess ? [GUESS_LINE] : []), ...(want.reasoning ? [REASONING_LINE] : []), last];
}

// ───────────────────────── format ─────────────────────────

/**
 * An action written exactly as the prompt asks for it, with the players' names from the view (numbered names,
 * "Player 3", without one):
 * describe → `GUESS: …` / `REASONING: …` (only when present) then `DESCRIPTION: …`; vote → the same optional lines
 * then `VOTE: Player N`; probe → `ME: spy|villager`, `Player N WORD: …` / `Player N ROLE: …` per other player, then
 * `OTHERS THINK MY WORD: …` / `OTHERS THINK I AM: …` (the second-order question, about the other players). Unknown
 * answers are written `?`. A pass (never chosen) is empty.
 */
export function format(a: SpyAction, _seat?: Seat, view?: Partial<SpyView>): string {
  const names = view?.names;
  const nameOf = (seat: number) => names?.[seat] ?? numbered(seat);
  const thoughts = (x: { guess?: string; reasoning?: string }) => [
    ...(x.guess !== undefined ? [`GUESS: ${x.guess}`] : []),
    ...(x.reasoning !== undefined ? [`REASONING: ${x.reasoning}`] : []),
  ];
  switch (a.type) {
    case 'describe':
      return [...thoughts(a), `DESCRIPTION: ${a.text}`].join('\n');
    case 'vote':
      return [...thoughts(a), `VOTE: ${nameOf(a.target)}`].join('\n');
    case 'probe':
      return [
        `ME: ${a.self ?? '?'}`,
        ...(a.others ?? []).flatMap((o) => [
          `${nameOf(o.seat)} WORD: ${o.word ?? '?'}`,
          `${nameOf(o.seat)} ROLE: ${o.role ?? '?'}`,
        ]),
        `${OTHERS_WORD}: ${a.theirGuess?.word ?? '?'}`,
        `${OTHERS_ROLE}: ${a.theirGuess?.role ?? '?'}`,
      ].join('\n');
    case 'pass':
      return '';
  }
}

// ───────────────────────── system ─────────────────────────

/** The worked example: a turn in round 1 of a 4-player game, answered by Player 2 (who holds "sundial"). */
function example(opts: PromptOptions | undefined): string[] {
  const want = asks(opts);
  const [word, other] = EXAMPLE_WORDS;
  return [
    `Example (4 players; names in your game may differ). Player 2 is shown "Your word: ${word}" and, in round 1, hears:`,
    '- Player 3: It tells you the time without any electricity.',
    '- Player 1: You would find it in an old garden or a park.',
    '- Player 4: Sand runs through it.',
    'Player 1 and Player 3 fit a sundial; falling sand does not, so Player 4 probably has a different word. Player 2 answers:',
    ...(want.guess ? [`GUESS: ${other}`] : []),
    ...(want.reasoning
      ? [
          'REASONING: Players 1 and 3 match my word; Player 4 talks about sand, which does not, so Player 4 is probably the spy and I am probably not. I stay vague enough not to give my word away.',
        ]
      : []),
    'DESCRIPTION: It only works when the weather is kind.',
    'Later, when voting, Player 2 answers:',
    ...(want.guess ? [`GUESS: ${other}`] : []),
    ...(want.reasoning ? ['REASONING: Player 4 is the only one whose descriptions do not fit my word.'] : []),
    'VOTE: Player 4',
  ];
}

/** The rules, the strategy advice, the answer format and a worked example; the same text for every seat. */
export function system(cfg: SpyConfig, _seat: Seat, numPlayers: number, opts?: PromptOptions): string {
  const spies = cfg.spies ?? 1;
  const one = spies === 1;
  const spyNoun = one ? 'the spy' : 'the spies';
  const limit = limitOf(cfg);
  const probes = (cfg.probes ?? true) && !cfg.contentFree;
  const sequential = votingOf(cfg) === 'sequential';
  const want = asks(opts);
  const title = cfg.preset === 'undercover' ? '"Who is the spy" (also called Undercover)' : '"Who is the spy"';
  const win = [
    `- The villagers win as soon as every spy has been voted out.`,
    `- ${one ? 'The spy wins' : 'The spies win'} as soon as the spies still in the game are at least as many as the villagers still in${one ? ' (with one spy: when only two players are left)' : ''}.`,
    ...(limit !== null
      ? [
          `- The game lasts at most ${plural(limit, 'round', 'rounds')}: if any spy is still in after round ${limit}, ${one ? 'the spy wins' : 'the spies win'}.`,
        ]
      : ['- Otherwise rounds go on, with no limit.']),
  ];
  const thoughtsNote = [
    ...(want.guess
      ? [
          "GUESS is your guess of the other word in play (the majority's word if you suspect yours is the odd one out, otherwise the spy's word).",
        ]
      : []),
    ...(want.reasoning ? ['REASONING is who you think the spy is, and whether it might be you.'] : []),
  ];
  const privateNote =
    want.guess || want.reasoning
      ? ` ${want.guess && want.reasoning ? 'GUESS and REASONING stay' : want.guess ? 'GUESS stays' : 'REASONING stays'} private: only DESCRIPTION is heard by the others.`
      : '';
  return [
    `You are playing ${title}, a word game for ${numPlayers} players.`,
    '',
    'The words:',
    `- Every player gets a secret word. Most players (the villagers) share the same word; ${one ? 'one player, the spy, has' : `${spies} players, the spies, have`} a different but related word (for example "${EXAMPLE_WORDS[0]}" and "${EXAMPLE_WORDS[1]}").`,
    "- NOBODY is told whether they are the spy. You see only your own word, never your role: you must infer from the other players' descriptions whether your word is the one most players have, or the odd one out.",
    '',
    'How a round goes:',
    '- Speaking: every player still in the game describes their own word once, in an order drawn afresh every round. Everyone hears every description.',
    `- A description is one or two sentences (at most ${DESCRIPTION_MAX} characters). It must not contain your word or any form of it (plural, other endings, inside a longer word, any capitalisation; for a Chinese word, not even one of its characters), and it must not repeat a description anyone has already given. A description that breaks a rule is refused and you are asked again.`,
    ...(cfg.contentFree
      ? ['- In this match the speaking turns are silent: every description is "..." and the players only vote.']
      : []),
    ...(probes
      ? [
          "- Questions: before the first vote, every player privately answers a few questions about what they believe (whether they are the spy, the other players' words and roles, and what the other players will guess their own word and role to be). Only you see your answers; they do not change the game.",
        ]
      : []),
    sequential
      ? "- Voting: every player still in votes for another player still in, the one they believe is the spy. Players vote one at a time, in this round's speaking order, and every vote is shown to all as soon as it is cast, so later voters see the earlier votes. The player with the most votes is out of the game; their word and role are not revealed."
      : '- Voting: every player still in votes for another player still in, the one they believe is the spy. Votes are sealed until everyone has voted, then shown to all. The player with the most votes is out of the game; their word and role are not revealed.',
    '- A tie is voted again, among the tied players only. If it is still tied, nobody is out this round.',
    '',
    'Winning:',
    ...win,
    '',
    'Strategy:',
    "- Compare your word with what the others say. If most descriptions fit your word, you probably share the majority's word; if several point to something related but different, you are probably the odd one out.",
    `- If you suspect you might be the spy: describe ambiguously, something true of your word and of what you think the others' word is, so that you blend in; try to work out the majority's word from their descriptions, and vote with the majority against someone else.`,
    `- If you think you share the majority's word: be specific enough to reassure the other villagers that you have their word, but not so specific that ${spyNoun} learns it; look for descriptions that do not quite fit, and vote for ${one ? 'that player' : 'those players'}.`,
    '- Early on little is known: a safe description that fits your word but is not too revealing is wise.',
    '',
    'Answer format: each turn message says what to answer. Write labelled lines, one per line, in the order asked:',
    '- When it is your turn to speak:',
    ...answerLines(opts, DESCRIPTION_LINE).map((l) => `  ${l}`),
    '- When voting (the VOTE line names one of the listed players, exactly as listed):',
    ...answerLines(opts, VOTE_LINE).map((l) => `  ${l}`),
    ...(probes ? ['- When asked the questions: one labelled answer per line, exactly as the message lists them.'] : []),
    ...(thoughtsNote.length ? [`${thoughtsNote.join(' ')}${privateNote}`] : []),
    'You may think before answering; if you write an answer twice, the last one counts.',
    '',
    ...example(opts),
  ].join('\n');
}

// ───────────────────────── turn ─────────────────────────

const nameIn = (v: SpyView, seat: Seat) => v.names[seat] ?? numbered(seat);

/** "<voter> → <target>" lines of a counted ballot. */
function ballotLines(v: SpyView, b: Ballot): string[] {
  const head = b.kind === 'revote' ? `Re-vote among ${listText(b.candidates.map((x) => nameIn(v, x)))}:` : 'Votes:';
  return [head, ...b.votes.map((x) => `- ${nameIn(v, x.voter)} → ${nameIn(v, x.target)}`)];
}

function resultLine(v: SpyView, r: RoundResult): string {
  if (!r.settled) {
    const last = r.ballots.at(-1);
    const tally = new Map<number, number>();
    for (const x of last?.votes ?? []) tally.set(x.target, (tally.get(x.target) ?? 0) + 1);
    const most = Math.max(0, ...tally.values());
    const tied = [...tally.entries()]
      .filter(([, k]) => k === most)
      .map(([s]) => s)
      .sort((a, b) => a - b);
    return `Tie between ${listText(tied.map((x) => nameIn(v, x)))}: they are voted on again.`;
  }
  if (r.eliminated === null) return `Still tied after the re-vote: nobody was voted out in round ${r.round}.`;
  return `${nameIn(v, r.eliminated)} was voted out in round ${r.round}.`;
}

function descriptionLine(v: SpyView, d: Description): string {
  return `- ${nameIn(v, d.seat)}: ${d.forfeited ? '(said nothing)' : d.text}`;
}

/** Everything said and counted so far, grouped by round in speaking order. */
function history(v: SpyView): string[] {
  const rounds = new Set<number>([...v.descriptions.map((d) => d.round), ...v.rounds.map((r) => r.round)]);
  if (!rounds.size) return ['Nobody has spoken yet.'];
  const out: string[] = ['What has been said so far:'];
  for (const round of [...rounds].sort((a, b) => a - b)) {
    out.push(`Round ${round}:`);
    const said = v.descriptions.filter((d) => d.round === round).sort((a, b) => a.position - b.position);
    out.push(...(said.length ? said.map((d) => descriptionLine(v, d)) : ['(no descriptions)']));
    const result = v.rounds.find((r) => r.round === round);
    if (result) {
      for (const b of result.ballots) out.push(...ballotLines(v, b));
      out.push(resultLine(v, result));
    }
  }
  return out;
}

/** The distinct Chinese characters of a word (each is banned from its holder's descriptions). */
const hanChars = (word: string | null) => [...new Set([...(word ?? '')].filter((c) => /\p{Script=Han}/u.test(c)))];

function speakPrompt(v: SpyView, opts: PromptOptions | undefined): string[] {
  const lines = answerLines(opts, DESCRIPTION_LINE);
  const want = asks(opts);
  const first = !v.descriptions.some((d) => d.round === v.round);
  return [
    `It is your turn to speak${first ? ' (you speak first this round)' : ''}. Describe your word in one or two sentences.`,
    '- Your description must not contain your word or any form of it, and must not repeat a description already given.',
    ...(hanChars(v.yourWord).length
      ? [
          `- Your word is Chinese: none of its characters (${hanChars(v.yourWord).join(', ')}) may appear in your description.`,
        ]
      : []),
    '- Nobody is told who the spy is: judge from the descriptions whether most players have your word, or whether yours is the odd one out.',
    ...(want.guess || want.reasoning
      ? ['- Only the DESCRIPTION is heard by the other players; the other lines stay private.']
      : []),
    lines.length > 1 ? 'Answer with these labelled lines, in this order:' : 'Answer with this labelled line:',
    ...lines,
  ];
}

/**
 * The theory-of-mind questions, in the SpyGame paper's words (§4.3): first order "It is your turn to guess the
 * keywords and identities of all players, including yourself. You must identify only one spy player." (lines
 * 413-414); second order "Based on your description, what do you think other players will guess your keyword and
 * identity to be? Please put yourself in the shoes of other players and guess your own keyword and identity."
 * (line 420). The paper's "keyword" is this prompt's "word".
 */
function probePrompt(v: SpyView, seat: Seat, spies: number): string[] {
  const others = v.alive.flatMap((a, i) => (a && i !== seat ? [i] : []));
  return [
    'Before the first vote, answer these questions about what you believe. Your answers are private (only you see them) and do not change the game: answer honestly.',
    `It is your turn to guess the words and identities of all players, including yourself. You must identify only ${spies === 1 ? 'one spy player' : `${spies} spy players`}.`,
    'Then: based on your description, what do you think the other players will guess your word and identity to be? Put yourself in the shoes of the other players and guess your own word and identity.',
    'Answer one question per line, with exactly these labels (a role is "spy" or "villager"; write "?" if you have no idea):',
    'ME: <spy or villager: what do you believe your own role is?>',
    ...others.flatMap((x) => [
      `${nameIn(v, x)} WORD: <what you think ${nameIn(v, x)}'s word is>`,
      `${nameIn(v, x)} ROLE: <spy or villager>`,
    ]),
    `${OTHERS_WORD}: <the word you think the other players will guess is yours>`,
    `${OTHERS_ROLE}: <spy or villager: what you think the other players will guess you are>`,
  ];
}

function votePrompt(v: SpyView, seat: Seat, legal: SpyAction[] | null, opts: PromptOptions | undefined): string[] {
  const ballot = v.ballot;
  const fromLegal = (legal ?? []).flatMap((a) => (a.type === 'vote' ? [a.target] : []));
  const options =
    ballot?.options ?? (fromLegal.length ? fromLegal : (ballot?.candidates ?? []).filter((x) => x !== seat));
  const revote = ballot?.kind === 'revote';
  const lines = answerLines(opts, VOTE_LINE);
  const sequential = (v.voting ?? 'sealed') === 'sequential';
  // Sequential voting: the votes already cast in this ballot, in the order they were cast (public once cast).
  const cast = sequential ? (ballot?.votes ?? []) : [];
  return [
    revote
      ? `Re-vote: the vote was tied between ${listText((ballot?.candidates ?? []).map((x) => nameIn(v, x)))}. Vote again, for one of the tied players only.`
      : 'Voting: vote for the player you believe is the spy.',
    sequential
      ? 'You cannot vote for yourself. Players vote one at a time, in speaking order, and every vote is shown to all as soon as it is cast; the player with the most votes is out of the game.'
      : 'You cannot vote for yourself. Votes stay sealed until everyone has voted; the player with the most votes is out of the game.',
    ...(sequential
      ? cast.length
        ? [
            `${revote ? 'Re-vote votes' : 'Votes'} cast so far, in order:`,
            ...cast.map((x) => `- ${nameIn(v, x.voter)} → ${nameIn(v, x.target)}`),
          ]
        : [`You are the first to vote${revote ? ' in the re-vote' : ''}.`]
      : []),
    lines.length > 1 ? 'Answer with these labelled lines, in this order:' : 'Answer with this labelled line:',
    ...lines,
    'End with your VOTE line written exactly as one of the legal moves.',
    'Legal moves:',
    ...options.map((x) => `- VOTE: ${nameIn(v, x)}`),
  ];
}

/** The observation (names, who is out, your word, everything said and counted) and the question for the phase. */
export function turn(v: SpyView, seat: Seat, legal: SpyAction[] | null, cfg: SpyConfig, opts?: PromptOptions): string {
  const spies = cfg?.spies ?? 1;
  const outIn = new Map<number, number>();
  for (const r of v.rounds) if (r.eliminated !== null) outIn.set(r.eliminated, r.round);
  const players = v.names.map((name, i) => {
    const marks = [
      ...(i === seat ? ['you'] : []),
      ...(!v.alive[i] ? [outIn.has(i) ? `out: voted out in round ${outIn.get(i)}` : 'out'] : []),
    ];
    return marks.length ? `${name} (${marks.join('; ')})` : name;
  });
  const lines = [
    `You are ${nameIn(v, seat)}.`,
    `Players: ${players.join(', ')}.`,
    `There ${spies === 1 ? 'is 1 spy' : `are ${spies} spies`} among the ${v.names.length} players; nobody is told who.`,
    `Your word: ${v.yourWord ?? ''}`,
    ...history(v),
  ];
  if (v.phase === 'over' || v.result) {
    lines.push(`The game is over: ${v.result?.reason ?? 'it has ended'}.`);
    return lines.join('\n');
  }
  const roundText = v.maxRounds !== null ? `Round ${v.round} of at most ${v.maxRounds}` : `Round ${v.round}`;
  if (!v.alive[seat]) {
    lines.push(`${roundText}. You are out of the game and only watch.`);
    return lines.join('\n');
  }
  if (v.phase === 'speak') {
    if (v.speaker !== seat) {
      lines.push(
        `${roundText}, speaking: waiting for ${v.speaker !== null ? nameIn(v, v.speaker) : 'the next player'} to speak.`,
      );
      return lines.join('\n');
    }
    lines.push(`${roundText}, speaking.`, ...speakPrompt(v, opts));
    return lines.join('\n');
  }
  if (v.phase === 'probe') {
    if (!v.waiting.includes(seat)) {
      lines.push(`${roundText}: questions before the first vote. You have answered; waiting for the others.`);
      return lines.join('\n');
    }
    lines.push(`${roundText}: questions before the first vote.`, ...probePrompt(v, seat, spies));
    return lines.join('\n');
  }
  if (!v.waiting.includes(seat)) {
    lines.push(`${roundText}, voting: you have voted; waiting for the others.`);
    return lines.join('\n');
  }
  lines.push(
    `${roundText}, ${v.ballot?.kind === 'revote' ? 're-vote' : 'voting'}.`,
    ...votePrompt(v, seat, legal, opts),
  );
  return lines.join('\n');
}

// ───────────────────────── parsing: labels ─────────────────────────

type Key =
  'guess' | 'reasoning' | 'description' | 'vote' | 'answer' | 'me' | 'word' | 'role' | 'thinksWord' | 'thinksRole';

/** One labelled answer found in a reply; `at` orders them (the last one of a kind counts). */
interface Entry {
  key: Key;
  /** The player a WORD/ROLE answer is about. */
  seat?: number;
  value: string;
  at: number;
}

/** Keys whose value may run over several lines up to the next label. */
const LONG: ReadonlySet<Key> = new Set(['reasoning']);
const PROBE_KEYS: ReadonlySet<Key> = new Set(['me', 'word', 'role', 'thinksWord', 'thinksRole']);

/** What may follow a label: an optional short parenthesis, then ":" / "：" / "=" / " - " / nothing (a header). */
const SEP = String.raw`(?:\s*\([^()\n]{0,80}\))?\s*(?:[:：=]\s*|\s[-–—]\s*|[-–—]\s+|$)`;
const re = (head: string) => new RegExp(`^(?:${head})${SEP}([\\s\\S]*)$`, 'iu');

/** Fixed labels (tried after the ones naming a player). */
const FIXED: { key: Key; re: RegExp }[] = [
  {
    key: 'thinksWord',
    re: re(String.raw`their\s+guess\s+(?:of\s+my\s+)?word|thinks?\s+(?:that\s+)?my\s+word(?:\s+is)?`),
  },
  {
    key: 'thinksRole',
    re: re(
      String.raw`their\s+guess\s+(?:of\s+my\s+)?role|thinks?\s+(?:that\s+)?(?:i\s*(?:am|'m|’m)|my\s+role(?:\s+is)?)`,
    ),
  },
  {
    key: 'me',
    re: re(String.raw`me|self|myself|my\s+role|(?:do\s+)?(?:am\s+i|i\s+think\s+i\s+am)\s+the\s+spy\??|我|我的身份`),
  },
  {
    key: 'guess',
    re: re(
      String.raw`(?:my\s+)?(?:word\s+)?guess(?:ed\s+word)?(?:\s+word)?|(?:my\s+)?guess\s+of\s+the\s+other\s+word|other\s+word|猜测|猜词|猜的词`,
    ),
  },
  { key: 'reasoning', re: re(String.raw`(?:my\s+)?(?:reasoning|reasons?|thoughts?|thinking|analysis)|推理|分析|理由`) },
  { key: 'description', re: re(String.raw`(?:my\s+)?(?:final\s+)?(?:description|clue)|describe|描述|发言`) },
  { key: 'vote', re: re(String.raw`(?:my\s+)?(?:final\s+)?vote(?:\s+for)?|i\s+vote(?:\s+for)?|投票|我投`) },
  { key: 'answer', re: re(String.raw`(?:my\s+)?(?:final\s+)?(?:answer|move|choice|decision|target|response)`) },
];

/** Labels about one player: "<name> THINKS MY WORD", "<name> THINKS I AM", "<name> WORD", "<name> ROLE". */
const NAMED: { key: Key; re: RegExp }[] = [
  {
    key: 'thinksWord',
    re: new RegExp(String.raw`^(.{1,60}?)\s+thinks?\s+(?:that\s+)?my\s+word(?:\s+is)?${SEP}([\s\S]*)$`, 'iu'),
  },
  {
    key: 'thinksRole',
    re: new RegExp(
      String.raw`^(.{1,60}?)\s+thinks?\s+(?:that\s+)?(?:i\s*(?:am|'m|’m)|my\s+role(?:\s+is)?)${SEP}([\s\S]*)$`,
      'iu',
    ),
  },
  { key: 'word', re: new RegExp(String.raw`^(.{1,60}?)(?:'s|’s|的)?\s*(?:word|词)${SEP}([\s\S]*)$`, 'iu') },
  { key: 'role', re: new RegExp(String.raw`^(.{1,60}?)(?:'s|’s|的)?\s*(?:role|身份)${SEP}([\s\S]*)$`, 'iu') },
];

/** A line without markdown decoration: bullets, headers, quotes, bold, code ticks. */
function cleanLine(line: string): string {
  return line
    .replace(/\*\*|__|`/g, '')
    .replace(/^\s*(?:(?:#{1,6}|>|[-*+•·]|\d{1,2}[.)、])\s*)*/u, '')
    .replace(/^[*_]+/, '')
    .trim();
}

/** Strips decoration and matching quotes around a value. */
function unwrap(value: string): string {
  let t = value.trim();
  for (let i = 0; i < 3; i++) {
    const before = t;
    t = t.replace(/^[*_`\s]+|[*_`\s]+$/g, '');
    const q = /^(["“”'‘’「『«])([\s\S]*)(["“”'‘’」』»])$/u.exec(t);
    if (q && q[2]!.trim() && pairs(q[1]!, q[3]!)) t = q[2]!.trim();
    const angle = /^<([^<>]+)>$/.exec(t);
    if (angle) t = angle[1]!.trim();
    if (t === before) break;
  }
  return t;
}
const pairs = (open: string, close: string) =>
  (open === '"' && close === '"') ||
  (open === "'" && close === "'") ||
  ('“”'.includes(open) && '“”'.includes(close)) ||
  ('‘’'.includes(open) && '‘’'.includes(close)) ||
  (open === '「' && close === '」') ||
  (open === '『' && close === '』') ||
  (open === '«' && close === '»');

/** Text reduced to lowercase letters and digits separated by single spaces, padded with spaces. */
const normText = (text: string) =>
  ` ${text
    .toLowerCase()
    .replace(/[^\p{L}\p{N}]+/gu, ' ')
    .trim()} `;

/** A mention of a player in a text, at a position in its normalized form. */
interface Mention {
  seat: number;
  at: number;
}

/** Every player named in a text, in order: names (any case, punctuation ignored), "Player 3", "player3", "P3". */
function mentions(text: string, names: readonly string[]): Mention[] {
  const norm = normText(text);
  const found: Mention[] = [];
  const firsts = names.map((x) => normText(x).trim().split(' ')[0] ?? '');
  names.forEach((name, seat) => {
    const aliases = new Set([normText(name).trim()]);
    const first = firsts[seat]!;
    if (first && first !== 'player' && firsts.filter((f) => f === first).length === 1 && !isNumbered(names))
      aliases.add(first);
    for (const alias of aliases) {
      if (!alias) continue;
      for (let i = norm.indexOf(` ${alias} `); i >= 0; i = norm.indexOf(` ${alias} `, i + 1))
        found.push({ seat, at: i + 1 });
    }
  });
  for (const m of norm.matchAll(/ (?:player ?|p|玩家 ?)(\d{1,2})(?= )/gu)) {
    const seat = Number(m[1]) - 1;
    if (seat >= 0 && seat < names.length) found.push({ seat, at: m.index + 1 });
  }
  found.sort((a, b) => a.at - b.at);
  return found.filter((m, i) => !found.slice(0, i).some((x) => x.seat === m.seat && x.at === m.at));
}

/** The one player a short text names (the first named), or a bare number for numbered names. */
function namedIn(text: string, names: readonly string[]): number | null {
  const m = mentions(text, names);
  if (m.length) return m[0]!.seat;
  const bare = /^\s*#?(\d{1,2})\s*[.!]?\s*$/.exec(unwrap(text));
  if (bare && isNumbered(names)) {
    const seat = Number(bare[1]) - 1;
    if (seat >= 0 && seat < names.length) return seat;
  }
  return null;
}

/** A label at the start of a (clean) line: its key, the player it names, and the value after it. */
function labelOf(clean: string, names: readonly string[]): { key: Key; seat?: number; value: string } | null {
  if (!clean) return null;
  for (const { key, re: r } of NAMED) {
    const m = r.exec(clean);
    if (!m) continue;
    const who = m[1]!.trim();
    if (key === 'thinksWord' || key === 'thinksRole') return { key, value: m[2]! };
    const ms = mentions(who, names);
    const seats = new Set(ms.map((x) => x.seat));
    // The whole prefix must be the name (with "(me)"-style asides at most), not a sentence mentioning a player.
    if (
      seats.size === 1 &&
      normText(who).trim().split(' ').length <= normText(names[ms[0]!.seat]!).trim().split(' ').length + 2
    ) {
      return { key, seat: ms[0]!.seat, value: m[2]! };
    }
  }
  for (const { key, re: r } of FIXED) {
    const m = r.exec(clean);
    if (m) return { key, value: m[1]! };
  }
  return null;
}

/** Balanced `{…}` JSON objects in a reply, with where they are. */
function jsonObjects(text: string): { start: number; end: number; value: Record<string, unknown> }[] {
  const out: { start: number; end: number; value: Record<string, unknown> }[] = [];
  for (let i = text.indexOf('{'); i >= 0;) {
    let depth = 0;
    let inString = false;
    let end = -1;
    for (let j = i; j < text.length; j++) {
      const c = text[j]!;
      if (inString) {
        if (c === '\\') j++;
        else if (c === '"') inString = false;
      } else if (c === '"') inString = true;
      else if (c === '{') depth++;
      else if (c === '}' && --depth === 0) {
        end = j + 1;
        break;
      }
    }
    if (end < 0) break;
    try {
      const value: unknown = JSON.parse(text.slice(i, end));
      if (value && typeof value === 'object' && !Array.isArray(value)) {
        out.push({ start: i, end, value: value as Record<string, unknown> });
        i = text.indexOf('{', end);
        continue;
      }
    } catch {
      // not JSON: look further on
    }
    i = text.indexOf('{', i + 1);
  }
  return out;
}

/** "theirGuess" / "their_guess" → "their guess". */
const humanKey = (k: string) =>
  k
    .replace(/([a-z])([A-Z])/g, '$1 $2')
    .replace(/[_.]+/g, ' ')
    .trim();

/** The labelled answers inside a JSON object (nested objects and arrays of per-player objects too). */
function jsonEntries(obj: Record<string, unknown>, at: number, names: readonly string[]): Entry[] {
  const out: Entry[] = [];
  const who = (o: Record<string, unknown>): string | null => {
    for (const k of ['player', 'name', 'seat', 'who']) {
      const x = o[k];
      if (typeof x === 'number') return numbered(x - 1);
      if (typeof x === 'string' && x.trim()) return /^\d+$/.test(x.trim()) ? numbered(Number(x) - 1) : x.trim();
    }
    return null;
  };
  const walk = (o: unknown, prefix: string, inArray: boolean) => {
    if (Array.isArray(o)) {
      for (const x of o) walk(x, prefix, true);
      return;
    }
    if (!o || typeof o !== 'object') return;
    const rec = o as Record<string, unknown>;
    const person = inArray ? who(rec) : null;
    const base = person ? `${person} ` : prefix;
    for (const [k, v] of Object.entries(rec)) {
      if (person && ['player', 'name', 'seat', 'who'].includes(k.toLowerCase())) continue;
      const key = `${base}${humanKey(k)}`;
      if (v && typeof v === 'object') walk(v, `${key} `, false);
      else if (typeof v === 'string' || typeof v === 'number' || typeof v === 'boolean') {
        const label = labelOf(`${key}:`, names);
        if (label)
          out.push({ key: label.key, ...(label.seat !== undefined ? { seat: label.seat } : {}), value: String(v), at });
      }
    }
  };
  walk(obj, '', false);
  return out;
}

/** A reply read into labelled answers, plus its lines and which of them no label took (for the fallbacks). */
interface Reading {
  entries: Entry[];
  lines: string[];
  free: boolean[];
}

function read(reply: string, names: readonly string[]): Reading {
  let text = reply.replace(/\r\n?/g, '\n');
  const entries: Entry[] = [];
  // JSON objects first; their text is blanked (line breaks kept) so the line reader does not see it again.
  for (const j of jsonObjects(text)) {
    entries.push(...jsonEntries(j.value, j.start, names));
    text = text.slice(0, j.start) + text.slice(j.start, j.end).replace(/[^\n]/g, ' ') + text.slice(j.end);
  }
  const lines = text.split('\n').map((l) => (/^\s*(?:```|~~~)/.test(l) ? '' : l));
  const offsets: number[] = [];
  let pos = 0;
  for (const l of lines) {
    offsets.push(pos);
    pos += l.length + 1;
  }
  const labels = lines.map((l) => labelOf(cleanLine(l), names));
  const free = lines.map((l, i) => !labels[i] && l.trim() !== '');
  for (let i = 0; i < lines.length; i++) {
    const label = labels[i];
    if (!label) continue;
    const parts = [label.value.trim()];
    let j = i + 1;
    if (LONG.has(label.key)) {
      // Up to the next label.
      for (; j < lines.length && !labels[j]; j++) parts.push(lines[j]!.trim());
    } else if (!parts[0]) {
      // A label alone (a header): the next paragraph.
      while (j < lines.length && !labels[j] && !lines[j]!.trim()) j++;
      for (; j < lines.length && !labels[j] && lines[j]!.trim(); j++) parts.push(lines[j]!.trim());
    }
    for (let k = i + 1; k < j; k++) free[k] = false;
    const value = parts
      .join('\n')
      .replace(/\n{3,}/g, '\n\n')
      .trim();
    entries.push({ key: label.key, ...(label.seat !== undefined ? { seat: label.seat } : {}), value, at: offsets[i]! });
  }
  entries.sort((a, b) => a.at - b.at);
  return { entries, lines, free };
}

const lastOf = (entries: Entry[], ...keys: Key[]) => entries.filter((e) => keys.includes(e.key)).at(-1);

// ───────────────────────── parsing: values ─────────────────────────

/** Cuts at a word boundary when over `max` characters. */
function cut(text: string, max: number): string {
  if (text.length <= max) return text;
  const head = text.slice(0, max + 1);
  const space = head.lastIndexOf(' ');
  return (space > max / 2 ? head.slice(0, space) : text.slice(0, max)).trimEnd();
}

/** Trimmed, whitespace collapsed, quotes and a trailing "(12 words)" count removed, at most 600 characters. */
export function cleanDescription(raw: string): string {
  let t = unwrap(raw.replace(/\s+/g, ' '));
  t = t.replace(/\s*[([](?:~|about|approx\.?|approximately|around)?\s*\d+\s*words?[)\]]\s*$/i, '');
  t = t.replace(/\s*[([]\s*word\s*count\s*[:=]?\s*\d+\s*[)\]]\s*$/i, '');
  return cut(unwrap(t), DESCRIPTION_MAX);
}

const UNKNOWN = /^(?:\?+|-+|—|n\/?a|none|unknown|not sure|no idea|don'?t know|i don'?t know|unsure|不知道|未知)$/iu;

/** A word (a guess, a probe answer): one line, unwrapped, without final punctuation; undefined when unknown. */
function cleanWord(raw: string): string | undefined {
  const t = unwrap(unwrap(raw.replace(/\s+/g, ' ')).replace(/[.!。！]+$/u, ''));
  if (!t || UNKNOWN.test(t)) return undefined;
  return cut(t, GUESS_MAX);
}

/** Reasoning: lines trimmed, at most one blank line in a row, at most 4000 characters. */
function cleanReasoning(raw: string): string | undefined {
  const t = raw
    .split('\n')
    .map((l) => l.replace(/[ \t]+/g, ' ').trim())
    .join('\n')
    .replace(/\n{3,}/g, '\n\n')
    .trim();
  const u = unwrap(t);
  if (!u || UNKNOWN.test(u)) return undefined;
  return cut(u, REASONING_MAX);
}

/** spy / undercover / 卧底 / "the spy" → spy; villager / civilian / 平民 / "not the spy" → villager; else undefined. */
export function readRole(raw: string, yesMeansSpy = false): Role | undefined {
  let t = ` ${raw.toLowerCase()} `;
  t = t
    .replace(/(?:\bnot|n't|n’t|\bnever)\s+(?:a\s+|the\s+|an\s+)?(?:spy|undercover)\b/g, ' villager ')
    .replace(/不是卧底|非卧底/g, '平民');
  const villager = /\b(?:villagers?|civilians?|innocent)\b|平民|村民|好人/.test(t);
  const spy = /\b(?:spy|undercover|imposter|impostor)\b|卧底|间谍/.test(t);
  if (villager !== spy) return villager ? 'villager' : 'spy';
  if (!villager && yesMeansSpy) {
    if (/^\s*(?:yes|y|true|是)(?![a-z])/iu.test(t)) return 'spy';
    if (/^\s*(?:no|n|false|否|不是)(?![a-z])/iu.test(t)) return 'villager';
  }
  return undefined;
}

// ───────────────────────── parsing: actions ─────────────────────────

/** What the parser knows besides the reply: the players' names, and from the seat's view the phase and who is in. */
export interface ParseContext {
  names: readonly string[];
  phase?: SpyView['phase'];
  alive?: readonly boolean[];
}

const DESCRIBE_FORMAT = `Answer with labelled lines, for example:\n${GUESS_LINE}\n${REASONING_LINE}\n${DESCRIPTION_LINE}\n(only the DESCRIPTION is required: one or two sentences that describe your word without saying it).`;
const PROBE_FORMAT = `Answer the questions one per line with the labels from the message, for example "ME: villager", "Player 2 WORD: <a word>", "Player 2 ROLE: spy", "${OTHERS_WORD}: <a word>", "${OTHERS_ROLE}: villager".`;

function thoughtsOf(entries: Entry[]): { guess?: string; reasoning?: string } {
  const g = lastOf(entries, 'guess');
  const r = lastOf(entries, 'reasoning');
  const guess = g ? cleanWord(g.value) : undefined;
  const reasoning = r ? cleanReasoning(r.value) : undefined;
  return { ...(guess !== undefined ? { guess } : {}), ...(reasoning !== undefined ? { reasoning } : {}) };
}

/** The last paragraph of lines no label took; after a line ending in ":" ("Here is my description:") when there is one. */
function lastFreeParagraph(r: Reading): string | null {
  let end = -1;
  for (let i = r.lines.length - 1; i >= 0; i--) {
    if (r.free[i]) {
      end = i;
      break;
    }
  }
  if (end < 0) return null;
  let start = end;
  while (start > 0 && r.free[start - 1]) start--;
  let para = r.lines.slice(start, end + 1).map((l) => cleanLine(l));
  const intro = para
    .slice(0, -1)
    .map((l) => /[:：]\s*$/.test(l))
    .lastIndexOf(true);
  if (intro >= 0) para = para.slice(intro + 1);
  return para.join(' ');
}

function parseDescribe(r: Reading): ParseResult<SpyAction> {
  const d = lastOf(r.entries, 'description', 'answer');
  const labelled = r.entries.some((e) => e.key === 'guess' || e.key === 'reasoning');
  let raw = d?.value ?? null;
  if (raw === null) raw = lastFreeParagraph(r);
  const text = raw === null ? '' : cleanDescription(raw);
  if (!text) {
    const lead = d
      ? 'Your DESCRIPTION line is empty.'
      : labelled
        ? 'Your reply has no DESCRIPTION line.'
        : 'Could not find a description in your reply.';
    return { error: `${lead} ${DESCRIBE_FORMAT}` };
  }
  return { action: { type: 'describe', text, ...thoughtsOf(r.entries) } };
}

function parseProbe(r: Reading, seat: Seat, ctx: ParseContext): ParseResult<SpyAction> {
  const probeEntries = r.entries.filter((e) => PROBE_KEYS.has(e.key));
  if (!probeEntries.length) return { error: `Could not read your answers. ${PROBE_FORMAT}` };
  const me = lastOf(probeEntries, 'me');
  const self = me ? readRole(me.value, true) : undefined;
  const about = new Map<number, { at: number; word?: string; role?: Role; wordSet: boolean; roleSet: boolean }>();
  for (const e of probeEntries) {
    if ((e.key !== 'word' && e.key !== 'role') || e.seat === undefined || e.seat === seat) continue;
    if (ctx.alive && !ctx.alive[e.seat]) continue;
    const cur = about.get(e.seat) ?? { at: e.at, wordSet: false, roleSet: false };
    cur.at = e.at;
    if (e.key === 'word') cur.word = cleanWord(e.value);
    else cur.role = readRole(e.value);
    about.set(e.seat, cur);
  }
  const others = [...about.entries()]
    .sort((a, b) => a[1].at - b[1].at)
    .map(([s, x]) => ({
      seat: s,
      ...(x.word !== undefined ? { word: x.word } : {}),
      ...(x.role !== undefined ? { role: x.role } : {}),
    }));
  const tw = lastOf(probeEntries, 'thinksWord');
  const tr = lastOf(probeEntries, 'thinksRole');
  const word = tw ? cleanWord(tw.value) : undefined;
  const role = tr ? readRole(tr.value) : undefined;
  return {
    action: {
      type: 'probe',
      ...(self ? { self } : {}),
      others,
      theirGuess: { ...(word !== undefined ? { word } : {}), ...(role ? { role } : {}) },
    },
  };
}

/** The player right after the last "I vote for" / "I'll vote" / "my vote is" in the reply, if any. */
function inlineVote(r: Reading, names: readonly string[]): number | null {
  let best: number | null = null;
  for (const line of r.lines) {
    const clean = cleanLine(line);
    const intent =
      /\b(?:i(?:'ll|’ll|'d|’d|\s+will|\s+would|\s+am)?\s+(?:going\s+to\s+)?vot(?:e|ing)|my\s+(?:final\s+)?vote\s+(?:is|goes\s+to))(?:\s+(?:for|out|against))?\s*[:：]?\s*/giu;
    for (const m of clean.matchAll(intent)) {
      const rest = clean.slice(m.index + m[0].length);
      const first = mentions(rest, names)[0];
      if (first && first.at <= 1) best = first.seat;
    }
  }
  return best;
}

function parseVote(r: Reading, seat: Seat, candidates: number[], ctx: ParseContext): ParseResult<SpyAction> {
  const { names } = ctx;
  const nameOf = (x: number) => names[x] ?? numbered(x);
  const offered = listText(candidates.map((x) => `"${nameOf(x)}"`));
  const labelled = lastOf(r.entries, 'vote', 'answer');
  let target: number | null = null;
  if (labelled) {
    target = namedIn(labelled.value, names);
    if (target === null)
      return {
        error: `Could not read the player in your VOTE line. End your reply with a line "VOTE: <name>" naming one of: ${offered}.`,
      };
  }
  target ??= inlineVote(r, names);
  if (target === null) {
    for (let i = r.lines.length - 1; i >= 0 && target === null; i--) {
      const seats = new Set(mentions(r.lines[i]!, names).map((m) => m.seat));
      if (seats.size === 1) target = [...seats][0]!;
    }
  }
  if (target === null)
    return { error: `Could not find your vote. End your reply with a line "VOTE: <name>" naming one of: ${offered}.` };
  if (!candidates.includes(target)) {
    const why =
      target === seat
        ? 'You cannot vote for yourself.'
        : ctx.alive && !ctx.alive[target]
          ? `${nameOf(target)} is already out of the game.`
          : `${nameOf(target)} is not on your ballot.`;
    return { error: `${why} Vote for one of: ${offered} (a line "VOTE: <name>").` };
  }
  return { action: { type: 'vote', target, ...thoughtsOf(r.entries) } };
}

/**
 * Reads a reply with the players' names: a vote when `legal` lists votes, else a probe answer or a description (by
 * the phase when known, else by the labels found). Labels are case-insensitive, with or without markdown, `Label:`
 * or `Label -`, values on the same line or the next; JSON objects and Chinese labels (猜测/推理/描述/投票) are read
 * too; when an answer is given twice the last counts. Players are named by their names or as "Player 3" / "P3"
 * (and "3" with numbered names).
 */
export function parseWithNames(
  reply: string,
  seat: Seat,
  legal: SpyAction[] | null,
  names: readonly string[],
  ctx: Omit<ParseContext, 'names'> = {},
): ParseResult<SpyAction> {
  const full: ParseContext = { ...ctx, names };
  const r = read(reply, names);
  const votes = (legal ?? []).flatMap((a) => (a.type === 'vote' ? [a.target] : []));
  if (votes.length) {
    // The votes as listed ("VOTE: <name>"), however the reply wraps them (lib/engine/reply-reader.ts), with the
    // reply's GUESS and REASONING; the labelled lines and "I vote for …" below for the rest.
    const listed = readReply(reply, legal, (a) => format(a, seat, { names: [...names] }));
    if (listed?.action.type === 'vote') return { action: { ...listed.action, ...thoughtsOf(r.entries) } };
    return parseVote(r, seat, votes, full);
  }
  if (ctx.phase === 'probe') return parseProbe(r, seat, full);
  if (ctx.phase === 'speak') return parseDescribe(r);
  const probeLike = r.entries.some((e) => PROBE_KEYS.has(e.key));
  const describeLike = r.entries.some((e) => e.key === 'description');
  if (probeLike && !describeLike) return parseProbe(r, seat, full);
  if (!reply.trim()) return { error: `Your reply is empty. ${DESCRIBE_FORMAT}` };
  return parseDescribe(r);
}

/** `GamePrompt.parse`: the names, phase and who is in come from the seat's view when given, else numbered names. */
export function parse(
  reply: string,
  seat: Seat,
  legal: SpyAction[] | null,
  v?: Partial<SpyView>,
): ParseResult<SpyAction> {
  const names = Array.isArray(v?.names) && v.names.length ? v.names : numberedNames();
  return parseWithNames(reply, seat, legal, names, {
    ...(v?.phase ? { phase: v.phase } : {}),
    ...(Array.isArray(v?.alive) ? { alive: v.alive } : {}),
  });
}

export const prompt: GamePrompt<SpyState, SpyAction, SpyConfig, SpyView> = { system, turn, parse, format };
