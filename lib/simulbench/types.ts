// SimulBench's evaluation data (seeds/004, Sec. 2.4–2.5): test scripts extracted from dialogues, and the judge's
// verdicts on the answers target models give to them.
import type { TaskKind } from '../../games/simulbench/types';

/**
 * How a script was extracted (Appendix A, Table 4's "Script Type"): `last-only` — the last turn of a dialogue in which
 * the judge found no challenging turn; `first-chan` — the first challenging turn the judge found; `subseq-chan` —
 * each turn after it. FirstChan and SubseqChan make SimulBench-Hard; all three make SimulBench-All.
 */
export const SCRIPT_TYPES = ['last-only', 'first-chan', 'subseq-chan'] as const;
export type ScriptType = (typeof SCRIPT_TYPES)[number];

/** One chat message of a script's history. */
export interface ChatTurn {
  role: 'user' | 'assistant';
  content: string;
}

/**
 * A test script: the dialogue up to and including the user's request at `turn` (1-based), which a target model
 * answers as the next assistant message. Frozen once extracted: every target answers exactly this history.
 */
export interface Script {
  turn: number;
  type: ScriptType;
  /** Alternating user / assistant messages, starting with the task description and ending with the request. */
  history: ChatTurn[];
}

/** One target's judged answer to one script, as the tables read it. */
export interface ScoredAnswer {
  scriptId: string;
  agentId: string;
  type: ScriptType;
  kind: TaskKind;
  /** The judge's 1–10 rating; null when it gave no usable one ("no score": left out of the means, counted apart). */
  score: number | null;
}

/** A pairwise verdict as the judge wrote it: A better, B better, or C (a tie). */
export type PairVerdict = 'A' | 'B' | 'C';

/**
 * Two targets' answers to one script, judged in both orders (Sec. 2.5, after MT-Bench): `first` with agent A's answer
 * shown as A, `second` with agent B's answer shown as A. Null where the judge gave no usable verdict.
 */
export interface Comparison {
  scriptId: string;
  agentA: string;
  agentB: string;
  type: ScriptType;
  kind: TaskKind;
  first: PairVerdict | null;
  second: PairVerdict | null;
}
