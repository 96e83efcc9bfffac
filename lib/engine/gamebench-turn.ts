// A turn as GameBench's own code shows it to its agents (Joshuaclymer/GameBench, api/classes.py): its `Rules`, the
// `Observation`'s text and the `AvailableActions` menu, with the way back from a chosen id to the arena's action. A game
// that shows its turns as GameBench's code did gives its definition a `gamebench` hook making one (issue 38, items 1–2);
// GameBench's own agent (lib/agents/gamebench-gpt.ts) reads it, and so does GameBench's random baseline under the
// `gamebench` preset (lib/engine/gamebench-random.ts). Pure.
import type { PyValue } from '../python-literal';

/** One action of a menu: GameBench's id (what the model returns) and its description (None: none). */
export interface GameBenchAction {
  id: string;
  description: string | null;
}

/** Where a chosen id leads: the arena's action, a further menu of the same move (Hive: a piece, then its move), or why not. */
export type GameBenchChoice = { action: { type: string } } | { next: GameBenchTurn } | { error: string };

/**
 * A turn as GameBench's agents read it: `Rules` (title, summary, additional_details), `Observation.text` and
 * `AvailableActions` (instructions, predefined, openended), in their order (lists, as Python's dicts keep insertion
 * order and an object would not), and the way back from the chosen id to the arena's action.
 */
export interface GameBenchTurn {
  /** Who wrote it: `arena`, the default made from any arena game; `gamebench`, a game's own GameBench presentation. */
  source: 'arena' | 'gamebench';
  title: string;
  summary: string;
  /** `additional_details`: heading → text, shown as H1, H2… (null: None, no headings line). */
  details: ReadonlyArray<readonly [string, string]> | null;
  observation: string;
  instructions: string;
  predefined: readonly GameBenchAction[];
  openended: readonly GameBenchAction[];
  /**
   * What the chosen id (and the reply's `openended_response`, undefined when absent) means: the arena action, a further
   * menu GameBench asks for in a second `take_action` of the same move, or why it cannot be played.
   */
  resolve(id: string, openendedResponse: PyValue | undefined): GameBenchChoice;
}
