// Who is the spy rules: a pure state machine for N players (speaking, theory-of-mind probes, voting with one
// re-vote), the two presets (SpyGame, LLMArena's Undercover) and the bias controls (naming, shuffled speaking and
// option orders), all drawn from the match's seeded rng and recorded in the state so a match replays exactly.
//
// The reference is the SpyGame/DEEP paper (line numbers of /work/shared/seeds/001_ffbf1cc809a76b76.txt, the text
// extracted from its PDF). Where the arena follows it:
// - Voting (Algorithm 1, lines 613-621, steps 7-15): the spygame preset votes in turn by default (`voting:
//   'sequential'`): each vote is appended to the shared history before the next player votes, so later voters see
//   the earlier votes. Voters go in the round's speaking order (Algorithm 1 loops over the same players P for
//   speaking and voting).
// - Banned words (§3.1, line 194: players describe their keyword "without revealing any characters in their
//   keyword"): each character of a Chinese keyword is banned, not only the whole word.
// - Probes (§4.3, lines 411-422): asked right before the first vote; the second-order question asks what the other
//   players will guess one's own word and identity to be (line 420), not what one named player thinks.
// - The end (line 213, "the spy wins if it is not voted out until only two participants remain"): checked after
//   every count; with several spies, they win once they are at least as many as the villagers.
// Where it deviates, and why:
// - Ties: Algorithm 1 removes "Max p in V" without saying how a tie breaks; a tie here goes to one re-vote among the
//   tied players and a second tie removes nobody (no coin flip decides who leaves).
// - Sealed voting (`voting: 'sealed'`, the undercover preset's default) is offered besides the paper's, for LLMArena's
//   Undercover and for bias measurements without herding.
// - Presets beyond the paper's 4 players and one spy (3-8 players, up to 4 spies, a round limit) are the arena's own.
// - English keywords: "any characters" cannot mean letters, so an English description is refused for the word or a
//   recognisable form of it (games/words.ts), as before; the character rule applies to Chinese keywords only.
import {
  seatName,
  type JudgeItem,
  type LogLine,
  type Outcome,
  type Rng,
  type Seat,
  type Viewer,
} from '../../lib/engine/types';
import { normalize, wordIn } from '../words';
import { findPair, pairsFor } from './keywords';
import {
  configSchema,
  DESCRIPTION_LIMIT,
  type Ballot,
  type Description,
  type ProbeAnswer,
  type Role,
  type SpyAction,
  type SpyConfig,
  type SpyState,
  type SpyView,
  type Thought,
  type Vote,
  votingOf,
} from './types';

export const MIN_PLAYERS = 3;
export const MAX_PLAYERS = 8;
/** The description every player "gives" in a content-free calibration run. */
export const CONTENT_FREE = '...';

const FULL_FIRST = ['Aaron', 'Barbara', 'Charles', 'Diana', 'Edward', 'Fiona', 'George', 'Helen'];
const NUMBER_WORDS = ['One', 'Two', 'Three', 'Four', 'Five', 'Six', 'Seven', 'Eight'];
/** First names for the `first-names` method: drawn per match so a name is not tied to a seat. */
const FIRST_NAMES = [
  'Jack',
  'Mary',
  'Tom',
  'Lucy',
  'Sam',
  'Anna',
  'Ben',
  'Emma',
  'Leo',
  'Nina',
  'Max',
  'Rosa',
  'Paul',
  'Ivy',
  'Omar',
  'Zoe',
];

/** Display names by seat for a naming method. */
export function namesFor(naming: SpyConfig['naming'], n: number, rng: Rng): string[] {
  if (naming === 'full-names') return Array.from({ length: n }, (_, i) => `${FULL_FIRST[i]} ${NUMBER_WORDS[i]}`);
  if (naming === 'first-names') return rng.shuffle(FIRST_NAMES).slice(0, n);
  return Array.from({ length: n }, (_, i) => `Player ${i + 1}`);
}

/** The preset's round limit unless the config sets one: Undercover plays at most 2 rounds. */
export function roundLimit(cfg: SpyConfig): number | null {
  if (cfg.maxRounds !== undefined) return cfg.maxRounds;
  return cfg.preset === 'undercover' ? 2 : null;
}

const HAN = /\p{Script=Han}/u;

/**
 * The first character of a Chinese keyword that a text contains, or null (the paper's rule, line 194: no character
 * of one's keyword may be revealed). Words without Chinese characters have no banned characters.
 */
export function bannedCharIn(text: string, word: string): string | null {
  if (!HAN.test(word)) return null;
  for (const ch of word) if (HAN.test(ch) && text.includes(ch)) return ch;
  return null;
}

const aliveSeats = (s: SpyState) => s.alive.flatMap((a, i) => (a ? [i] : []));
const nameOf = (s: SpyState, seat: Seat) => seatName(s.names, seat);
const listNames = (s: SpyState, seats: readonly Seat[]) => seats.map((x) => nameOf(s, x)).join(', ');

export function setup(rng: Rng, cfg: SpyConfig, n: number): SpyState {
  if (n < MIN_PLAYERS || n > MAX_PLAYERS)
    throw new Error(`Who is the spy takes ${MIN_PLAYERS}–${MAX_PLAYERS} players, not ${n}`);
  if (cfg.spies * 2 >= n)
    throw new Error(
      `${cfg.spies} ${cfg.spies === 1 ? 'spy' : 'spies'} need more than ${cfg.spies * 2} players (spies must be fewer than half)`,
    );
  if (cfg.spySeats) {
    const seats = [...new Set(cfg.spySeats)];
    if (seats.length !== cfg.spies)
      throw new Error(`spySeats names ${seats.length} seats for ${cfg.spies} ${cfg.spies === 1 ? 'spy' : 'spies'}`);
    if (seats.some((x) => x >= n)) throw new Error(`spySeats names a seat beyond the ${n} players`);
  }
  const pair = cfg.pairId ? findPair(cfg.pairId) : rng.pick(pairsFor(cfg.lang));
  if (!pair) throw new Error(`there is no keyword pair "${cfg.pairId}"`);
  const spyWord = cfg.spyWord ?? (rng.next() < 0.5 ? 'a' : 'b');
  const spies = (
    cfg.spySeats ? [...new Set(cfg.spySeats)] : rng.shuffle(Array.from({ length: n }, (_, i) => i)).slice(0, cfg.spies)
  ).sort((x, y) => x - y);
  const spyText = spyWord === 'a' ? pair.a : pair.b;
  const villagerText = spyWord === 'a' ? pair.b : pair.a;
  const base: SpyState = {
    cfg,
    n,
    names: namesFor(cfg.naming, n, rng),
    pair,
    spyWord,
    words: Array.from({ length: n }, (_, i) => (spies.includes(i) ? spyText : villagerText)),
    spies,
    alive: Array.from({ length: n }, () => true),
    round: 0,
    maxRounds: roundLimit(cfg),
    voting: votingOf(cfg),
    phase: 'speak',
    order: [],
    speakIdx: 0,
    descriptions: [],
    thoughts: [],
    ballot: null,
    probes: [],
    rounds: [],
    result: null,
  };
  return startRound(base, rng);
}

/** A new round: a fresh speaking order (the bias control), or straight to the vote in a content-free run. */
function startRound(s: SpyState, rng: Rng): SpyState {
  const alive = aliveSeats(s);
  const order = s.cfg.shuffleSpeaking ? rng.shuffle(alive) : alive;
  const next: SpyState = { ...s, round: s.round + 1, order, speakIdx: 0, phase: 'speak', ballot: null };
  if (!s.cfg.contentFree) return next;
  const said: Description[] = order.map((seat, position) => ({
    round: next.round,
    seat,
    position,
    text: CONTENT_FREE,
  }));
  return startBallot(
    { ...next, descriptions: [...s.descriptions, ...said], speakIdx: order.length },
    alive,
    'vote',
    rng,
  );
}

/** Opens a ballot: every survivor votes for a candidate other than itself, offered in its own shuffled order. */
function startBallot(s: SpyState, candidates: Seat[], kind: Ballot['kind'], rng: Rng): SpyState {
  const options: Record<number, number[]> = {};
  for (const voter of aliveSeats(s)) {
    const own = candidates.filter((c) => c !== voter);
    options[voter] = s.cfg.shuffleOptions ? rng.shuffle(own) : own;
  }
  return { ...s, phase: 'vote', ballot: { round: s.round, kind, candidates, options, votes: [] } };
}

/** After the last speaker: the probes (before the first vote of the match, when enabled), else the vote. */
function afterSpeaking(s: SpyState, rng: Rng): SpyState {
  if (s.cfg.probes && !s.cfg.contentFree && s.round === 1 && s.probes.length === 0) return { ...s, phase: 'probe' };
  return startBallot(s, aliveSeats(s), 'vote', rng);
}

/**
 * Who votes next in a sequential ballot: the first survivor in this round's speaking order who has not voted yet
 * (Algorithm 1 iterates over the same players for speaking and voting). Null once everyone has voted.
 */
function nextVoter(s: SpyState): Seat | null {
  const voted = new Set(s.ballot!.votes.map((v) => v.voter));
  const order = [...s.order, ...aliveSeats(s).filter((x) => !s.order.includes(x))];
  return order.find((x) => s.alive[x] && !voted.has(x)) ?? null;
}

/** Win conditions, checked after every elimination and at the end of every round. */
function settle(s: SpyState): SpyState['result'] {
  const alive = aliveSeats(s);
  const spies = alive.filter((x) => s.spies.includes(x)).length;
  const villagers = alive.length - spies;
  const spyNoun = s.spies.length === 1 ? 'the spy' : 'the spies';
  if (spies === 0)
    return {
      winners: 'villager',
      reason: `${cap(spyNoun)} ${s.spies.length === 1 ? 'was' : 'were'} voted out in round ${s.round}: the villagers win`,
    };
  if (spies >= villagers)
    return {
      winners: 'spy',
      reason: `Only ${alive.length} players are left and ${spyNoun} ${s.spies.length === 1 ? 'is' : 'are'} among them: ${spyNoun} ${s.spies.length === 1 ? 'wins' : 'win'}`,
    };
  if (s.maxRounds !== null && s.round >= s.maxRounds) {
    return {
      winners: 'spy',
      reason: `${cap(spyNoun)} survived ${s.maxRounds} round${s.maxRounds === 1 ? '' : 's'}: ${spyNoun} ${s.spies.length === 1 ? 'wins' : 'win'}`,
    };
  }
  return null;
}
const cap = (t: string) => t[0]!.toUpperCase() + t.slice(1);

/** Counts a closed ballot: one leader leaves; a first tie goes to a re-vote; a second tie leaves everyone in. */
function count(s: SpyState, rng: Rng): SpyState {
  const ballot = s.ballot!;
  const tally = new Map<number, number>();
  for (const v of ballot.votes) tally.set(v.target, (tally.get(v.target) ?? 0) + 1);
  const most = Math.max(...tally.values());
  const top = [...tally.entries()]
    .filter(([, k]) => k === most)
    .map(([seat]) => seat)
    .sort((x, y) => x - y);
  const done = s.rounds.at(-1)?.round === s.round ? s.rounds.at(-1)! : null;
  const ballots = [...(done?.ballots ?? []), ballot];
  const earlier = done ? s.rounds.slice(0, -1) : s.rounds;
  if (top.length > 1 && ballot.kind === 'vote') {
    // The first tie: recorded (eliminated null, settled false), then a re-vote among the tied players.
    const rounds = [...earlier, { round: s.round, order: s.order, ballots, eliminated: null, settled: false }];
    return startBallot({ ...s, rounds }, top, 'revote', rng);
  }
  const eliminated = top.length === 1 ? top[0]! : null;
  const alive = eliminated === null ? s.alive : s.alive.map((a, i) => a && i !== eliminated);
  const next: SpyState = {
    ...s,
    alive,
    ballot: null,
    rounds: [...earlier, { round: s.round, order: s.order, ballots, eliminated, settled: true }],
  };
  const result = settle(next);
  if (result) return { ...next, phase: 'over', result };
  return startRound(next, rng);
}

export function activeSeats(s: SpyState): Seat[] {
  switch (s.phase) {
    case 'speak':
      return [s.order[s.speakIdx]!];
    case 'probe':
      return aliveSeats(s).filter((x) => !s.probes.some((p) => p.seat === x));
    case 'vote': {
      if (s.voting === 'sequential') {
        const next = nextVoter(s);
        return next === null ? [] : [next];
      }
      return aliveSeats(s).filter((x) => !s.ballot!.votes.some((v) => v.voter === x));
    }
    default:
      return [];
  }
}

export function legalActions(s: SpyState, seat: Seat): SpyAction[] | null {
  if (s.phase === 'vote') return (s.ballot!.options[seat] ?? []).map((target) => ({ type: 'vote', target }));
  return null;
}

export { normalize, wordIn };

/** The earlier description this one repeats (same words once case and punctuation are ignored), if any. */
function repeated(s: SpyState, text: string): Description | undefined {
  const n = normalize(text);
  return s.descriptions.find((d) => !d.forfeited && d.text !== CONTENT_FREE && normalize(d.text) === n);
}

export function reject(s: SpyState, seat: Seat, a: SpyAction): string | null {
  if (a.type === 'pass') return 'you must answer: passing is not a move';
  if (s.phase === 'speak') {
    if (a.type !== 'describe') return 'it is the speaking phase: give a description of your word';
    const text = a.text.trim();
    if (!text) return 'your description is empty: describe your word in a sentence, without saying it';
    if (text.length > DESCRIPTION_LIMIT)
      return `your description is too long (${text.length} characters; at most ${DESCRIPTION_LIMIT}): say it in a sentence`;
    const said = wordIn(text, s.words[seat]!);
    if (said)
      return `your description gives your word away (“${said}” is your word “${s.words[seat]}” or a form of it); describe it without naming it`;
    const char = bannedCharIn(text, s.words[seat]!);
    if (char)
      return `your description contains “${char}”, a character of your word “${s.words[seat]}”; no character of your word may appear in your description`;
    const same = repeated(s, text);
    if (same)
      return `${same.seat === seat ? 'you' : nameOf(s, same.seat)} already said that in round ${same.round}; give a new description`;
    return null;
  }
  if (s.phase === 'probe') {
    if (a.type !== 'probe') return 'answer the questions about the players first (the vote comes next)';
    const bad = a.others.find((o) => o.seat === seat || !s.alive[o.seat]);
    if (bad)
      return `your answers name ${nameOf(s, bad.seat)}, who is ${bad.seat === seat ? 'you' : 'out of the game'}: answer about the other surviving players`;
    return null;
  }
  if (a.type !== 'vote') return 'it is the voting phase: vote for one of the players offered';
  const ballot = s.ballot!;
  if (a.target === seat) return 'you cannot vote for yourself';
  if (!(ballot.options[seat] ?? []).includes(a.target)) {
    const offered = listNames(s, ballot.options[seat] ?? []);
    if (a.target < 0 || a.target >= s.n) return `there is no such player; vote for one of: ${offered}`;
    if (!s.alive[a.target]) return `${nameOf(s, a.target)} is already out; vote for one of: ${offered}`;
    return `this is a re-vote among the tied players; vote for one of: ${offered}`;
  }
  return null;
}

function think(s: SpyState, seat: Seat, phase: Thought['phase'], a: { guess?: string; reasoning?: string }): Thought[] {
  const guess = a.guess?.trim();
  const reasoning = a.reasoning?.trim();
  if (!guess && !reasoning) return s.thoughts;
  return [
    ...s.thoughts,
    { round: s.round, seat, phase, ...(guess ? { guess } : {}), ...(reasoning ? { reasoning } : {}) },
  ];
}

export function apply(s: SpyState, seat: Seat, a: SpyAction, rng: Rng): SpyState {
  if (s.phase === 'speak') {
    const said: Description =
      a.type === 'describe'
        ? { round: s.round, seat, position: s.speakIdx, text: a.text.trim().replace(/\s+/g, ' ') }
        : { round: s.round, seat, position: s.speakIdx, text: '', forfeited: true };
    const next: SpyState = {
      ...s,
      descriptions: [...s.descriptions, said],
      thoughts: a.type === 'describe' ? think(s, seat, 'speak', a) : s.thoughts,
      speakIdx: s.speakIdx + 1,
    };
    return next.speakIdx >= next.order.length ? afterSpeaking(next, rng) : next;
  }
  if (s.phase === 'probe') {
    const answer: ProbeAnswer =
      a.type === 'probe'
        ? { seat, ...(a.self ? { self: a.self } : {}), others: a.others, theirGuess: a.theirGuess }
        : { seat, others: [], theirGuess: {}, forfeited: true };
    const next: SpyState = { ...s, probes: [...s.probes, answer] };
    return activeSeats(next).length === 0 ? startBallot(next, aliveSeats(next), 'vote', rng) : next;
  }
  if (s.phase === 'vote') {
    const ballot = s.ballot!;
    // A vote that cannot stand (a fallback pass) goes to the first option offered, as a random legal move would.
    const target = a.type === 'vote' ? a.target : ballot.options[seat]![0]!;
    const vote: Vote = { voter: seat, target, option: ballot.options[seat]!.indexOf(target) };
    const next: SpyState = {
      ...s,
      ballot: { ...ballot, votes: [...ballot.votes, vote] },
      thoughts: a.type === 'vote' ? think(s, seat, 'vote', a) : s.thoughts,
    };
    return activeSeats(next).length === 0 ? count(next, rng) : next;
  }
  return s;
}

/** The seat's role, for scoring and the probes. */
export const roleOf = (s: SpyState, seat: Seat): Role => (s.spies.includes(seat) ? 'spy' : 'villager');

export function outcome(s: SpyState): Outcome | null {
  if (!s.result) return null;
  const winners = Array.from({ length: s.n }, (_, i) => i).filter((i) => roleOf(s, i) === s.result!.winners);
  const scores = Array.from({ length: s.n }, (_, i) => (winners.includes(i) ? 1 / winners.length : 0));
  return {
    scores,
    reason: `${s.result.reason} (spy word "${s.words[s.spies[0]!]}", villager word "${s.words.find((_, i) => !s.spies.includes(i))}")`,
    rewards: scores.map((x) => (x > 0 ? 1 : 0)),
    winner: winners.length === 1 ? winners[0]! : null,
    teams: Array.from({ length: s.n }, (_, i) => roleOf(s, i)),
    // The winning side as a person says it; pages add its seats ("Villagers win: Player 1, Player 3, Player 4").
    summary:
      s.result.winners === 'villager' ? 'Villagers win' : s.spies.length === 1 ? 'The spy wins' : 'The spies win',
  };
}

/**
 * Hidden-information decisions: a seat sees its own word (never its role), its own thoughts, probe answers and
 * open vote, and what everyone heard (descriptions, counted votes, and in sequential voting every vote as soon as it
 * is cast). Spectators' public view is the same without any word; omniscient viewers — replays, the end of the game,
 * and live spectators of matches that are neither blind nor played by a person (the hub decides) — see everything.
 */
export function view(s: SpyState, v: Viewer): SpyView {
  const all = 'omniscient' in v || s.phase === 'over';
  const you = 'seat' in v ? v.seat : null;
  const mine = <T extends { seat: number }>(xs: T[]) =>
    all ? xs : you === null ? [] : xs.filter((x) => x.seat === you);
  const ballot = s.ballot
    ? {
        round: s.ballot.round,
        kind: s.ballot.kind,
        candidates: s.ballot.candidates,
        options: you !== null ? (s.ballot.options[you] ?? null) : null,
        // Sequential voting: a vote is public once cast (later voters see it). Sealed: only one's own until counted.
        votes: all || s.voting === 'sequential' ? s.ballot.votes : s.ballot.votes.filter((x) => x.voter === you),
      }
    : null;
  return {
    you,
    preset: s.cfg.preset,
    names: s.names,
    alive: s.alive,
    round: s.round,
    maxRounds: s.maxRounds,
    voting: s.voting,
    phase: s.phase,
    order: s.order,
    speaker: s.phase === 'speak' ? s.order[s.speakIdx]! : null,
    waiting: s.phase === 'probe' || s.phase === 'vote' ? activeSeats(s) : [],
    yourWord: you !== null ? s.words[you]! : null,
    words: all ? s.words : null,
    spies: all ? s.spies : null,
    descriptions: s.descriptions,
    thoughts: mine(s.thoughts),
    ballot,
    probes: mine(s.probes),
    rounds: s.rounds,
    result: s.result,
    contentFree: s.cfg.contentFree,
  };
}

export function describe(prev: SpyState, next: SpyState, seat: Seat, a: SpyAction): LogLine[] {
  const who = nameOf(prev, seat);
  const lines: LogLine[] = [];
  if (prev.phase === 'speak') {
    const said = next.descriptions[prev.descriptions.length];
    lines.push({ text: said?.forfeited ? `${who} said nothing` : `${who}: “${said?.text ?? ''}”` });
    if (a.type === 'describe') lines.push(...thoughtLines(who, seat, a));
  } else if (prev.phase === 'probe') {
    lines.push({ text: `${who} answered the probe questions` });
  } else if (prev.phase === 'vote') {
    // As `apply` counts it: a fallback pass goes to the first option offered.
    const target = a.type === 'vote' ? a.target : prev.ballot!.options[seat]![0]!;
    if (prev.voting === 'sequential') {
      // Public once cast: every player (and every later voter's prompt) sees it.
      lines.push({ text: `${who} votes for ${nameOf(prev, target)}` });
      if (a.type === 'vote') lines.push(...thoughtLines(who, seat, a));
    } else {
      lines.push({ text: `${who} has voted` });
      if (a.type === 'vote')
        lines.push(
          { text: `${who} votes for ${nameOf(prev, a.target)}`, visibleTo: [seat] },
          ...thoughtLines(who, seat, a),
        );
    }
  }
  // Counted ballots, eliminations and the next round are public once they happen.
  const counted = countedSince(prev, next);
  for (const b of counted) {
    lines.push({
      text: `${b.kind === 'revote' ? 'Re-vote' : 'Votes'}: ${b.votes.map((x) => `${nameOf(prev, x.voter)} → ${nameOf(prev, x.target)}`).join(', ')}`,
    });
  }
  const settledRound = next.rounds.find((r) => r.settled && !prev.rounds.some((p) => p.round === r.round && p.settled));
  if (settledRound) {
    lines.push({
      text:
        settledRound.eliminated === null
          ? 'Still tied after the re-vote: nobody leaves this round'
          : `${nameOf(prev, settledRound.eliminated)} is voted out`,
    });
  } else if (next.ballot?.kind === 'revote' && prev.ballot?.kind !== 'revote') {
    lines.push({ text: `Tie between ${listNames(prev, next.ballot.candidates)}: re-vote` });
  }
  if (next.result && !prev.result) lines.push({ text: next.result.reason });
  else if (next.round > prev.round)
    lines.push({ text: `Round ${next.round}: ${listNames(next, next.order)} speak in this order` });
  return lines;
}

/** Private thoughts (word guess, reasoning) with a move: only for the seat itself (and omniscient viewers). */
function thoughtLines(who: string, seat: Seat, a: { guess?: string; reasoning?: string }): LogLine[] {
  const out: LogLine[] = [];
  if (a.guess?.trim()) out.push({ text: `${who} guesses the other word is “${a.guess.trim()}”`, visibleTo: [seat] });
  // The player's own words, quoted: whoever reads the line (spectators too) sees they are its words, not the game's.
  if (a.reasoning?.trim()) out.push({ text: `${who} thinks: “${a.reasoning.trim()}”`, visibleTo: [seat] });
  return out;
}

/** Ballots counted by this move (a tie and its re-vote can both close within one round). */
function countedSince(prev: SpyState, next: SpyState): Ballot[] {
  const before = prev.rounds.flatMap((r) => r.ballots).length;
  return next.rounds.flatMap((r) => r.ballots).slice(before);
}

/**
 * Strings private to seats, for the no-leak checks: each word belongs to the seats that hold it (villagers share
 * theirs), as a JSON string value or quoted in a log line. Players' own free text (a description, a guess) may name
 * the other word, so the check runs only on states where no one has written either word.
 */
export function secrets(s: SpyState): { seat: Seat; values: string[]; sharedWith?: Seat[] }[] {
  if (s.phase === 'over') return [];
  const texts = [
    ...s.descriptions.map((d) => d.text),
    ...s.thoughts.flatMap((x) => [x.guess ?? '', x.reasoning ?? '']),
    ...s.probes.flatMap((p) => [...p.others.map((o) => o.word ?? ''), p.theirGuess.word ?? '']),
  ];
  if (texts.some((x) => wordIn(x, s.pair.a) || wordIn(x, s.pair.b))) return [];
  return Array.from({ length: s.n }, (_, seat) => ({
    seat,
    // The word as the views write it, a JSON string (`words`, `yourWord`). Log lines quote only what players said,
    // and a text naming either word already ends the secrets (above).
    values: [`"${s.words[seat]}"`],
    sharedWith: s.words.flatMap((w, i) => (w === s.words[seat] && i !== seat ? [i] : [])),
  }));
}

/** The move played for a seat that gave no acceptable answer: silence when speaking, blank probe answers, the first option offered when voting. */
/** Every description actually said (not silence, not a calibration run's "..."), with its speaker's word. */
export function judgeable(s: SpyState): JudgeItem[] {
  return s.descriptions.flatMap((d, item) =>
    d.forfeited || d.text === CONTENT_FREE ? [] : [{ item, seat: d.seat, word: s.words[d.seat]!, text: d.text }],
  );
}

export function fallback(s: SpyState, seat: Seat): SpyAction {
  if (s.phase === 'vote') return { type: 'vote', target: s.ballot!.options[seat]![0]! };
  return { type: 'pass' };
}

export { configSchema, DESCRIPTION_LIMIT, votingOf };
// The action schema is the definition's too (lib/engine/types.ts, `GameRules`), like the config schema above.
export { actionSchema } from './types';
