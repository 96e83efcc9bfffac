// DEEP (the SpyGame paper's description test) as a judged match: its settings, state, views and actions.
import { z } from 'zod';

/** The describer always sits in seat 0; seats 1 and 2 are judges (a host/guest tournament seats the guest there). */
export const DESCRIBER = 0;
export const MAX_JUDGES = 2;
/** Word limits of the two descriptions (a Chinese character counts as one word). */
export const AGGRESSIVE_WORDS = 100;
export const CONSERVATIVE_WORDS = 10;
export const MAX_CANDIDATES = 10;
/**
 * Character limits of the free text (the rules refuse longer text with the limit; the board counts down to it): room
 * for the word limits above in any language, and no room for a page-wide string of letters.
 */
export const AGGRESSIVE_CHARS = 1000;
export const CONSERVATIVE_CHARS = 150;
export const CANDIDATE_CHARS = 40;
export const MIN_SCORE = 1;
export const MAX_SCORE = 5;

export const configSchema = z
  .object({
    /** Target words per match. */
    words: z.number().int().min(1).max(12).default(3),
    /** Which part of the word set to draw from. */
    lang: z.enum(['en', 'zh', 'any']).default('any'),
    /** Fixed target words by id (words.json), instead of a seeded draw. */
    wordIds: z.array(z.string().min(1)).min(1).max(12).optional(),
    /** Spectators see only what a judge sees, until the end (a match with a person in it is always blind). */
    blind: z.boolean().default(false),
  })
  .strict();
export type DeepConfig = z.infer<typeof configSchema>;
export const DEFAULT_CONFIG: DeepConfig = configSchema.parse({});

export type Mode = 'aggressive' | 'conservative';
export const MODES: readonly Mode[] = ['aggressive', 'conservative'];

/** One target word and everything written and scored about it. */
export interface Item {
  wordId: string;
  lang: 'en' | 'zh';
  target: string;
  /** The words a judge scores: `[target, ...distractors]` (the canonical order every score array follows). */
  words: string[];
  /** The aggressive description; null until written or when the describer gave none. */
  aggressive: string | null;
  /** The conservative description with the candidate words listed first; null until written or when none. */
  conservative: { candidates: string[]; text: string } | null;
  /**
   * Judges' scores of each description, per judge (index 0 = seat 1), in the canonical word order; null = the judge
   * abstained (gave no acceptable answer); undefined = not judged yet.
   */
  scores: Record<Mode, (number[] | null | undefined)[]>;
}

/** One description waiting for (or past) judgment: the judging order is drawn at setup. */
export interface Judging {
  item: number;
  mode: Mode;
  /** Per judge: the order the words are shown in (indexes into `Item.words`), drawn per judge so no place favours the target. */
  orders: number[][];
}

export interface DeepState {
  cfg: DeepConfig;
  numPlayers: number;
  items: Item[];
  /** `describe`: the describer writes item `step.item` in `step.mode`; `judge`: every judge scores `queue[step.judging]`. */
  phase: 'describe' | 'judge' | 'over';
  step: { item: number; mode: Mode; judging: number };
  /** Every description in the (seeded, shuffled) order it is judged; described-nothing ones are skipped. */
  queue: Judging[];
  /** Judges still to score the current description (they answer at once, sealed until all are in). */
  pending: number[];
}

const scores = z.array(z.number().int().min(MIN_SCORE).max(MAX_SCORE)).min(1).max(8);

export const actionSchema = z.discriminatedUnion('type', [
  /** The describer's clear, detailed description (at most 100 words). */
  z.object({ type: z.literal('aggressive'), text: z.string().max(2000) }).strict(),
  /** The describer's candidate words sharing a characteristic with the target, then their commonality (at most 10 words). */
  z
    .object({
      type: z.literal('conservative'),
      candidates: z.array(z.string().max(60)).max(20),
      text: z.string().max(400),
    })
    .strict(),
  /** A judge's 1–5 scores, one per word in the order this judge was shown them. */
  z.object({ type: z.literal('score'), scores }).strict(),
  /** No answer: a describer's silence or a judge's abstention (the runner's fallback; never offered to players). */
  z.object({ type: z.literal('pass') }).strict(),
]);
export type DeepAction = z.infer<typeof actionSchema>;

/** A finished item as omniscient viewers (spectators of an open match, replays) see it. */
export type ItemView = Item & { index: number };

/** What a judge is asked now: one description and the words in its own order — never which word is the target, nor the mode. */
export interface JudgeTask {
  /** 1-based place in the judging order, of `total`. */
  n: number;
  total: number;
  description: string;
  words: string[];
}

/** What the describer is asked now. */
export interface DescribeTask {
  item: number;
  mode: Mode;
  target: string;
}

export interface DeepView {
  role: 'omniscient' | 'describer' | 'judge' | 'public';
  numJudges: number;
  phase: DeepState['phase'];
  /** Counts for progress bars. */
  progress: { described: number; judged: number; descriptions: number; words: number };
  /** Omniscient: every item; describer: its own targets and descriptions (no distractors, no scores until the end); others: none. */
  items: ItemView[];
  /** The describer's task now (describer and omniscient). */
  describe: DescribeTask | null;
  /** The judge's task now (that judge only), or for omniscient viewers the current description under judgment. */
  judge: (JudgeTask & { item?: number; mode?: Mode; pending?: number[] }) | null;
  /** Which judge this seat is (1 or 2), for judge views. */
  judgeNo?: number;
}
