// Who is the spy (SpyGame / LLMArena's Undercover): config, state, actions and views, shared by rules, prompt and board.
import { z } from 'zod';

/** A player's secret role. Nobody is ever told theirs; the probes ask what they believe. */
export const ROLES = ['spy', 'villager'] as const;
export type Role = (typeof ROLES)[number];

/** How players are named in prompts and the chat (SpyGame found numbered names the least biased). */
export const NAMINGS = ['numbered', 'full-names', 'first-names'] as const;
export type Naming = (typeof NAMINGS)[number];

export const PRESETS = ['spygame', 'undercover'] as const;
export type Preset = (typeof PRESETS)[number];

/**
 * How a ballot is cast. sequential (the SpyGame paper's Algorithm 1, which appends each vote to the shared history
 * before the next player votes): one voter at a time, in the round's speaking order, each vote public as soon as it
 * is cast, so later voters see the earlier votes. sealed: everyone votes at once and the votes are shown when all are in.
 */
export const VOTINGS = ['sequential', 'sealed'] as const;
export type Voting = (typeof VOTINGS)[number];

/** The preset's way of voting unless the config sets one: SpyGame votes in turn (Algorithm 1), Undercover sealed. */
export function votingOf(cfg: { preset?: Preset; voting?: Voting }): Voting {
  if (cfg.voting !== undefined) return cfg.voting;
  return cfg.preset === 'undercover' ? 'sealed' : 'sequential';
}

/**
 * Ablation switches an agent may carry (agent settings `promptSwitches`), as in the SpyGame paper: the turn prompt
 * then leaves out that part of the structured answer.
 */
export const PROMPT_SWITCHES = [
  {
    id: 'spy:no-word-guessing',
    label: 'Who is the spy: without word guessing',
    help: 'The prompt does not ask for a guess of the other word.',
  },
  {
    id: 'spy:no-reasoning',
    label: 'Who is the spy: without reasoning',
    help: 'The prompt does not ask who the spy might be before speaking or voting.',
  },
] as const;

export const configSchema = z
  .object({
    /**
     * spygame: rounds go on until every spy is voted out (villagers win) or the spies are as many as the villagers
     * (with one spy: two players left; the spies win). undercover (LLMArena): the same, but after `maxRounds`
     * (2 by default) the spies win if any is still in.
     */
    preset: z.enum(PRESETS).default('spygame'),
    /** Number of spies; fewer than half the players. */
    spies: z.number().int().min(1).max(4).default(1),
    /** Last round (undercover); null = no limit (spygame). Absent = the preset's default. */
    maxRounds: z.number().int().min(1).max(20).nullable().optional(),
    /** How votes are cast (see `VOTINGS`). Absent = the preset's default: sequential for spygame, sealed for undercover. */
    voting: z.enum(VOTINGS).optional(),
    naming: z.enum(NAMINGS).default('numbered'),
    /** Keyword language: a pair is drawn from this part of the shipped set. */
    lang: z.enum(['en', 'zh', 'any']).default('en'),
    /** A fixed keyword pair (its id in keywords.json) instead of a drawn one. */
    pairId: z.string().min(1).max(64).optional(),
    /** With a fixed pair: which of its words the spies get ("a" or "b"); drawn when absent. */
    spyWord: z.enum(['a', 'b']).optional(),
    /** Fixed spy seats (host/guest tournaments put the evaluated agent here); drawn when absent. */
    spySeats: z.array(z.number().int().min(0).max(15)).max(4).optional(),
    /** Speaking order drawn afresh every round (bias control); false = seat order. */
    shuffleSpeaking: z.boolean().default(true),
    /** Each voter's list of candidates in its own random order (bias control); false = seat order. */
    shuffleOptions: z.boolean().default(true),
    /** Theory-of-mind probes right before the first vote. */
    probes: z.boolean().default(true),
    /** Content-free calibration: every description is "..." (no one speaks), then the votes show pure position/name bias. */
    contentFree: z.boolean().default(false),
    /** Spectators of a running match see only what every player sees (no words, roles or private reasoning). */
    blind: z.boolean().default(false),
  })
  .strict();
export type SpyConfig = z.infer<typeof configSchema>;
export const DEFAULT_CONFIG: SpyConfig = configSchema.parse({});

/** A shipped keyword pair (keywords.json). */
export interface KeywordPair {
  id: string;
  domain: string;
  lang: 'en' | 'zh';
  a: string;
  b: string;
}

/** A description a player gave, public once spoken. */
export interface Description {
  round: number;
  seat: number;
  /** 0-based position in this round's speaking order. */
  position: number;
  text: string;
  /** The player gave no acceptable description (retries or time ran out): recorded as silence. */
  forfeited?: boolean;
}

/** Private words kept with a move: seen by that seat and (unless blind) spectators, never by other players. */
export interface Thought {
  round: number;
  seat: number;
  phase: 'speak' | 'vote';
  /** Word guessing: what the player thinks the other word in play is. */
  guess?: string;
  /** Who the player thinks the spy is, and whether it might be itself. */
  reasoning?: string;
}

/** One vote. `option` is the 0-based place of the target in the voter's shuffled list (for the bias tables). */
export interface Vote {
  voter: number;
  target: number;
  option: number;
}

/** A voting phase: the first vote of a round, or the re-vote among tied players. */
export interface Ballot {
  round: number;
  kind: 'vote' | 'revote';
  candidates: number[];
  /** Each voter's candidates in the order offered to it. */
  options: Record<number, number[]>;
  votes: Vote[];
}

/** What a round came to, public once counted. */
export interface RoundResult {
  round: number;
  order: number[];
  ballots: Ballot[];
  /** Null: nobody left (still tied after the re-vote, or the round is not settled yet). */
  eliminated: number | null;
  /** False while a tied first ballot waits for its re-vote. */
  settled: boolean;
}

/** Answers to the theory-of-mind probes, asked once right before the first vote (the SpyGame paper's §4.3). */
export interface ProbeAnswer {
  seat: number;
  /** Does it think it is the spy? */
  self?: Role;
  /** First order, about every other surviving player: their word and role. */
  others: { seat: number; word?: string; role?: Role }[];
  /** Second order: what it thinks the other players will guess its own word and role to be. */
  theirGuess: { word?: string; role?: Role };
  forfeited?: boolean;
}

export type Phase = 'speak' | 'probe' | 'vote' | 'over';

export interface SpyState {
  cfg: SpyConfig;
  n: number;
  /** Display names by seat. */
  names: string[];
  pair: KeywordPair;
  /** Which of the pair's words the spies hold. */
  spyWord: 'a' | 'b';
  /** Each seat's word. */
  words: string[];
  spies: number[];
  alive: boolean[];
  round: number;
  /** Effective round limit (null = none). */
  maxRounds: number | null;
  /** Effective way of voting (the config's, else the preset's). */
  voting: Voting;
  phase: Phase;
  /** This round's speaking order. */
  order: number[];
  /** Index into `order` of the next speaker. */
  speakIdx: number;
  descriptions: Description[];
  thoughts: Thought[];
  /** The open ballot while voting. */
  ballot: Ballot | null;
  /** The probe answers so far. */
  probes: ProbeAnswer[];
  rounds: RoundResult[];
  result: { winners: Role; reason: string } | null;
}

/** The longest description (characters), word guess (also a probe's word) and reasoning a player may give: the one place. */
export const DESCRIPTION_LIMIT = 600;
export const GUESS_LIMIT = 200;
export const REASONING_LIMIT = 4000;

const text = (max: number) => z.string().max(max);
const role = z.enum(ROLES);

export const actionSchema = z.discriminatedUnion('type', [
  z
    .object({
      type: z.literal('describe'),
      text: text(DESCRIPTION_LIMIT),
      guess: text(GUESS_LIMIT).optional(),
      reasoning: text(REASONING_LIMIT).optional(),
    })
    .strict(),
  z
    .object({
      type: z.literal('vote'),
      target: z.number().int().min(0).max(15),
      guess: text(GUESS_LIMIT).optional(),
      reasoning: text(REASONING_LIMIT).optional(),
    })
    .strict(),
  z
    .object({
      type: z.literal('probe'),
      self: role.optional(),
      others: z
        .array(
          z
            .object({
              seat: z.number().int().min(0).max(15),
              word: text(GUESS_LIMIT).optional(),
              role: role.optional(),
            })
            .strict(),
        )
        .max(15)
        .default([]),
      theirGuess: z
        .object({ word: text(GUESS_LIMIT).optional(), role: role.optional() })
        .strict()
        .default({}),
    })
    .strict(),
  /** Played by the runner for a seat that gave no acceptable answer: silence (speaking) or a blank probe. Never chosen by a player. */
  z.object({ type: z.literal('pass') }).strict(),
]);
export type SpyAction = z.infer<typeof actionSchema>;

/**
 * A viewer's picture. Seats see their own word, their own private thoughts, probes and pending vote, and everything
 * public (descriptions, counted votes). Omniscient viewers (replays, and live spectators unless the match is blind or
 * has a person in it) also see every word, role, thought and probe.
 */
export interface SpyView {
  /** The seat this view belongs to; null for spectators and replays. */
  you: number | null;
  preset: Preset;
  names: string[];
  alive: boolean[];
  round: number;
  maxRounds: number | null;
  /** How votes are cast; always set by `view` (optional only so views built by hand in older tests still type-check). */
  voting?: Voting;
  phase: Phase;
  order: number[];
  /** Who speaks now (speaking phase), else null. */
  speaker: number | null;
  /** Seats that still have to answer in a probe or vote phase. */
  waiting: number[];
  /** The viewer's own word (seats only). */
  yourWord: string | null;
  /** Every seat's word and the spy seats (omniscient viewers only). */
  words: string[] | null;
  spies: number[] | null;
  descriptions: Description[];
  thoughts: Thought[];
  /**
   * The open ballot: candidates, the viewer's own option order, and the votes the viewer may see (sealed: its own;
   * sequential: every vote cast so far, as they are public once cast).
   */
  ballot: {
    round: number;
    kind: 'vote' | 'revote';
    candidates: number[];
    options: number[] | null;
    votes: Vote[];
  } | null;
  probes: ProbeAnswer[];
  rounds: RoundResult[];
  /** Once over: who won and why (the words and roles are then in `words`/`spies`). */
  result: { winners: Role; reason: string } | null;
  contentFree: boolean;
}
