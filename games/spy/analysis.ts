// Who-is-the-spy analysis (pure): the SpyGame paper's Table 4 (Win, Round, Voted), Table 7 (theory-of-mind probes)
// and the bias tables of content-free calibration runs (§3.3), from finished matches replayed from their seeds and
// moves. Line numbers refer to the paper's text, /work/shared/seeds/001_ffbf1cc809a76b76.txt.
import { lastState } from '../../lib/engine/replay';
import { MIN_SAMPLES, meanStat, type Stat } from '../../lib/rating/mean-interval';
import { proportionOf, wilsonInterval, type ProportionStat } from '../../lib/rating/proportion';
import { spy } from '.';
import { normalize, roleOf } from './rules';
import type { FinishedMatch } from '../../lib/engine/types';
import type { Role, SpyState, Voting } from './types';

/** One finished match as stored. */
export type SpyMatchRecord = Omit<FinishedMatch, 'seats' | 'judgments'> & {
  seats: Omit<FinishedMatch['seats'][number], 'kind'>[];
  /** The tournament judge's verdicts on the descriptions (by index in the state's `descriptions`), if any. */
  judgments?: FinishedMatch['judgments'];
};

export { MIN_SAMPLES, type ProportionStat, type Stat };

/** Table 4: one agent in one preset (and way of voting) and role. */
export interface OutcomeRow {
  agentId: string;
  agentName: string;
  preset: string;
  voting: Voting;
  role: Role;
  /** Matches it played in this role (an agent in several host seats of one match counts that match once). */
  matches: number;
  /** Seats it held in this role, over those matches: what Round and Voted average over. */
  seats: number;
  /** Share of its matches its side won, with a Wilson interval: one outcome per match, however many seats it held. */
  win: ProportionStat;
  /**
   * Round (§3.4, line 305: "the average number of rounds the guest agent survives"), per seat: the rounds it played,
   * counting the round it was voted out in (voted out in round 2 → 2), or every round of the match when it stayed in.
   */
  round: Stat;
  /** Voted (line 305: "the average number of votes the guest agent receives per round"), per seat: first ballots of the rounds it was in. */
  voted: Stat;
}

/**
 * Table 7 (§4.3, lines 411-422): accuracy of one agent's probe answers in one preset (and way of voting) and role.
 * self: its own role; word1/identity1: each other player's word and role, against the truth; word2/identity2: its
 * guess of what the other players take its word and role for (line 420), against each other player's own first-order
 * answer about it (line 422: "We use the first-order inference of other host agents as ground truth").
 */
export interface ProbeRow {
  agentId: string;
  agentName: string;
  preset: string;
  voting: Voting;
  role: Role;
  /** Probe answers given (one per seat per match). */
  answers: number;
  /** Shares of right answers, each with a Wilson interval over the questions it counts. */
  self: ProportionStat;
  word1: ProportionStat;
  identity1: ProportionStat;
  word2: ProportionStat;
  identity2: ProportionStat;
}

/** How often something was chosen when it was offered, with a Wilson 95% interval. */
export interface Rate {
  chosen: number;
  offered: number;
  rate: number;
  ci95: [number, number];
}

/** Bias of one agent's votes in content-free calibration runs with one naming method and player count. */
export interface BiasRow {
  agentId: string;
  agentName: string;
  naming: string;
  numPlayers: number;
  /** Round-one first ballots this agent cast. */
  ballots: number;
  /** The chance if votes ignored order and names: 1 / (players − 1). */
  uniform: number;
  /** By place in the voter's own (shuffled) list of options, 1st first. */
  byOption: Rate[];
  /** By the candidate's place in the round's speaking order, 1st first. */
  bySpeaking: Rate[];
  /** By the candidate's name. */
  byName: { name: string; rate: Rate }[];
}

/** How consistent one agent's descriptions were with its own word in one role, as one judge scored them. */
export interface ConsistencyRow {
  agentId: string;
  agentName: string;
  role: Role;
  judgeName: string;
  /** Descriptions the judge gave a verdict on. */
  judged: number;
  /** Mean 1–5 score. */
  score: Stat;
  /** Share judged consistent. */
  consistent: Rate;
}

export interface SpyAnalysis {
  /** Matches analysed (content-free calibration runs excluded from Tables 4 and 7). */
  matches: number;
  calibrationMatches: number;
  outcomes: OutcomeRow[];
  probes: ProbeRow[];
  bias: BiasRow[];
  consistency: ConsistencyRow[];
}

/** Means (rounds, votes, scores): bootstrap intervals. Shares of 0/1 outcomes: Wilson intervals (lib/rating/proportion.ts). */
const stat = (values: number[], seed: string): Stat => meanStat(values, seed);
const rate = (chosen: number, offered: number): Rate => ({
  chosen,
  offered,
  rate: offered ? chosen / offered : NaN,
  ci95: wilsonInterval(chosen, offered),
});

/** The final state of a match, or null when its log does not replay to an end. */
export function finalState(m: SpyMatchRecord): SpyState | null {
  const end = lastState(spy, m);
  return end?.phase === 'over' ? end : null;
}

const same = (a: string | undefined, b: string | undefined) => !!a && !!b && normalize(a) === normalize(b);

export function analyseSpy(matches: readonly SpyMatchRecord[]): SpyAnalysis {
  const outcomes = new Map<
    string,
    {
      agentId: string;
      agentName: string;
      preset: string;
      voting: Voting;
      role: Role;
      wins: Map<string, boolean>;
      round: number[];
      voted: number[];
    }
  >();
  const probes = new Map<
    string,
    {
      agentId: string;
      agentName: string;
      preset: string;
      voting: Voting;
      role: Role;
      self: number[];
      word1: number[];
      identity1: number[];
      word2: number[];
      identity2: number[];
    }
  >();
  const bias = new Map<
    string,
    {
      agentId: string;
      agentName: string;
      naming: string;
      n: number;
      ballots: number;
      option: number[];
      optionOffered: number[];
      speak: number[];
      speakOffered: number[];
      names: Map<string, [number, number]>;
    }
  >();
  const consistency = new Map<
    string,
    { agentId: string; agentName: string; role: Role; judgeName: string; scores: number[]; yes: number; n: number }
  >();
  let analysed = 0;
  let calibration = 0;

  for (const m of matches) {
    const s = finalState(m);
    if (!s) continue;
    const agentOf = (seat: number) => m.seats.find((x) => x.seat === seat);
    if (s.cfg.contentFree) {
      calibration++;
      // Round one's first ballot: every player in, each voter offered the n − 1 others in its own order.
      const r1 = s.rounds.find((r) => r.round === 1);
      const ballot = r1?.ballots[0];
      if (!r1 || !ballot) continue;
      for (const v of ballot.votes) {
        const a = agentOf(v.voter);
        if (!a) continue;
        const key = `${a.agentId}\u0000${s.cfg.naming}\u0000${s.n}`;
        let b = bias.get(key);
        if (!b) {
          b = {
            agentId: a.agentId,
            agentName: a.agentName,
            naming: s.cfg.naming,
            n: s.n,
            ballots: 0,
            option: [],
            optionOffered: [],
            speak: [],
            speakOffered: [],
            names: new Map(),
          };
          bias.set(key, b);
        }
        b.ballots++;
        const options = ballot.options[v.voter] ?? [];
        options.forEach((c, i) => {
          b.optionOffered[i] = (b.optionOffered[i] ?? 0) + 1;
          const pos = r1.order.indexOf(c);
          b.speakOffered[pos] = (b.speakOffered[pos] ?? 0) + 1;
          const name = s.names[c]!;
          const cell = b.names.get(name) ?? [0, 0];
          cell[1]++;
          b.names.set(name, cell);
        });
        b.option[v.option] = (b.option[v.option] ?? 0) + 1;
        const pos = r1.order.indexOf(v.target);
        b.speak[pos] = (b.speak[pos] ?? 0) + 1;
        b.names.get(s.names[v.target]!)![0]++;
      }
      continue;
    }
    analysed++;
    for (const j of m.judgments ?? []) {
      const d = s.descriptions[j.item];
      const a = d && agentOf(d.seat);
      if (!a || j.score === null || j.consistent === null) continue;
      const role = roleOf(s, d.seat);
      const key = JSON.stringify([a.agentId, role, j.judgeName]);
      const c = consistency.get(key) ?? {
        agentId: a.agentId,
        agentName: a.agentName,
        role,
        judgeName: j.judgeName,
        scores: [],
        yes: 0,
        n: 0,
      };
      c.scores.push(j.score);
      c.yes += j.consistent ? 1 : 0;
      c.n++;
      consistency.set(key, c);
    }
    const out = new Map<number, number>();
    for (const r of s.rounds) if (r.eliminated !== null) out.set(r.eliminated, r.round);
    for (let seat = 0; seat < s.n; seat++) {
      const a = agentOf(seat);
      if (!a) continue;
      const role = roleOf(s, seat);
      const key = `${a.agentId}\u0000${s.cfg.preset}\u0000${s.voting}\u0000${role}`;
      let o = outcomes.get(key);
      if (!o) {
        o = {
          agentId: a.agentId,
          agentName: a.agentName,
          preset: s.cfg.preset,
          voting: s.voting,
          role,
          wins: new Map(),
          round: [],
          voted: [],
        };
        outcomes.set(key, o);
      }
      // One outcome per match: its seats in one role share their side's result.
      o.wins.set(m.id, s.result!.winners === role);
      // Rounds played, the round it was voted out in included; a player never voted out played every round.
      o.round.push(out.has(seat) ? out.get(seat)! : s.rounds.length);
      // Votes received in the first ballot of every round the player was in at the vote.
      const inAt = s.rounds.filter((r) => !out.has(seat) || r.round <= out.get(seat)!);
      if (inAt.length)
        o.voted.push(
          inAt.reduce((sum, r) => sum + (r.ballots[0]?.votes.filter((v) => v.target === seat).length ?? 0), 0) /
            inAt.length,
        );
    }
    for (const p of s.probes) {
      const a = agentOf(p.seat);
      if (!a) continue;
      const role = roleOf(s, p.seat);
      const key = `${a.agentId}\u0000${s.cfg.preset}\u0000${s.voting}\u0000${role}`;
      let row = probes.get(key);
      if (!row) {
        row = {
          agentId: a.agentId,
          agentName: a.agentName,
          preset: s.cfg.preset,
          voting: s.voting,
          role,
          self: [],
          word1: [],
          identity1: [],
          word2: [],
          identity2: [],
        };
        probes.set(key, row);
      }
      row.self.push(p.self === role ? 1 : 0);
      // First order: about every other player who was in at the probe (unanswered counts as wrong).
      const others = s.probes.map((x) => x.seat).filter((x) => x !== p.seat);
      for (const o of others) {
        const ans = p.others.find((x) => x.seat === o);
        row.word1.push(same(ans?.word, s.words[o]) ? 1 : 0);
        row.identity1.push(ans?.role === roleOf(s, o) ? 1 : 0);
      }
      // Second order: its one guess of what the others take it for, against each other player's own first-order
      // answer about it (a player that gave none cannot score it); an unanswered guess counts as wrong.
      for (const o of others) {
        const theirs = s.probes.find((x) => x.seat === o)?.others.find((x) => x.seat === p.seat);
        if (theirs?.word) row.word2.push(same(p.theirGuess.word, theirs.word) ? 1 : 0);
        if (theirs?.role) row.identity2.push(p.theirGuess.role === theirs.role ? 1 : 0);
      }
    }
  }

  const byName = (x: { agentName: string }, y: { agentName: string }) => x.agentName.localeCompare(y.agentName);
  const byRole = (x: { role: Role }, y: { role: Role }) => (x.role === y.role ? 0 : x.role === 'spy' ? -1 : 1);
  // The paper's way (sequential) before the other.
  const byVoting = (x: { voting: Voting }, y: { voting: Voting }) =>
    x.voting === y.voting ? 0 : x.voting === 'sequential' ? -1 : 1;
  return {
    matches: analysed,
    calibrationMatches: calibration,
    outcomes: [...outcomes.values()]
      .map((o) => ({
        agentId: o.agentId,
        agentName: o.agentName,
        preset: o.preset,
        voting: o.voting,
        role: o.role,
        matches: o.wins.size,
        seats: o.round.length,
        win: proportionOf([...o.wins.values()]),
        round: stat(o.round, `round:${o.agentId}:${o.preset}:${o.voting}:${o.role}`),
        voted: stat(o.voted, `voted:${o.agentId}:${o.preset}:${o.voting}:${o.role}`),
      }))
      .sort(
        (x, y) => x.preset.localeCompare(y.preset) || byVoting(x, y) || x.role.localeCompare(y.role) || byName(x, y),
      ),
    // The guest's table first: spies (the evaluated agent in host/guest play), then villagers; each by preset.
    probes: [...probes.values()]
      .map((p) => ({
        agentId: p.agentId,
        agentName: p.agentName,
        preset: p.preset,
        voting: p.voting,
        role: p.role,
        answers: p.self.length,
        self: proportionOf(p.self),
        word1: proportionOf(p.word1),
        identity1: proportionOf(p.identity1),
        word2: proportionOf(p.word2),
        identity2: proportionOf(p.identity2),
      }))
      .sort((x, y) => byRole(x, y) || x.preset.localeCompare(y.preset) || byVoting(x, y) || byName(x, y)),
    bias: [...bias.values()]
      .map((b) => ({
        agentId: b.agentId,
        agentName: b.agentName,
        naming: b.naming,
        numPlayers: b.n,
        ballots: b.ballots,
        uniform: 1 / (b.n - 1),
        byOption: Array.from({ length: b.n - 1 }, (_, i) => rate(b.option[i] ?? 0, b.optionOffered[i] ?? 0)),
        bySpeaking: Array.from({ length: b.n }, (_, i) => rate(b.speak[i] ?? 0, b.speakOffered[i] ?? 0)),
        byName: [...b.names.entries()]
          .map(([name, [k, n]]) => ({ name, rate: rate(k, n) }))
          .sort((x, y) => x.name.localeCompare(y.name)),
      }))
      .sort((x, y) => byName(x, y) || x.naming.localeCompare(y.naming) || x.numPlayers - y.numPlayers),
    consistency: [...consistency.values()]
      .map((c) => ({
        agentId: c.agentId,
        agentName: c.agentName,
        role: c.role,
        judgeName: c.judgeName,
        judged: c.n,
        score: stat(c.scores, `consistency:${c.agentId}:${c.role}:${c.judgeName}`),
        consistent: rate(c.yes, c.n),
      }))
      .sort((x, y) => x.judgeName.localeCompare(y.judgeName) || byName(x, y) || x.role.localeCompare(y.role)),
  };
}
