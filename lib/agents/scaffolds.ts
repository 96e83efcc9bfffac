// The prompting scaffolds an LLM agent can use: their ids, labels and the text each adds to a game's system prompt.
// Pure text shared by the admin forms (lib, app) and the LLM player (server/agents/llm.ts).
import { GAMEBENCH_COT_SENTENCE, GAMEBENCH_SYSTEM } from './gamebench-gpt';

/**
 * The version of the text an LLM agent adds around a game's prompts (the scaffolds, the rules topics, Explain's
 * answers, the rejection messages, RAP's questions), bumped whenever that text changes: part of an agent's identity on
 * the leaderboard. server/agents/prompt-version.test.ts pins the text to it by hash. The games' own prompts are
 * versioned by each game's `version` (their golden playthroughs pin them). Adding a scaffold changes no existing text,
 * so it needs no bump (`gamebench-cot` came with v1; agents choose it by its id): its hash joins the current version's
 * (`gamebench-gpt` and `gamebench-gpt-cot` joined v2 so).
 * v2: the system prompt lists the game's rules topics, which the model may read with Explain(<topic>), or gives them
 * all (the `rulesUpfront` setting): lib/agents/explain.ts. Agents of v1 keep playing without them.
 */
export const PROMPT_VERSION = 'v2';

export const SCAFFOLD_IDS = ['base', 'cot', 'gamebench-cot', 'rap', 'gamebench-gpt', 'gamebench-gpt-cot'] as const;
export type Scaffold = (typeof SCAFFOLD_IDS)[number];

/**
 * GameBench's chain-of-thought prompt, verbatim (GameBench paper, appendix: "CoT-scaffolded agents are prompted with
 * '…' after they see the game state and available actions"; Joshuaclymer/GameBench, agents/gpt.py, mode 1).
 */
export const GAMEBENCH_COT_TEXT = GAMEBENCH_COT_SENTENCE;

/**
 * How each scaffold asks for the answer (appended to the game's own system prompt); GameBench's own agent's
 * (`gamebench-gpt`, `gamebench-gpt-cot`) is its system message, which it sends instead of the game's prompts.
 */
export const SCAFFOLDS: Record<Scaffold, { label: string; text: string }> = {
  base: {
    label: 'Base (answer only)',
    text: 'Answer with your move only, exactly in the required format, and nothing else.',
  },
  cot: {
    // The arena's own wording, not a paper's.
    label: "Chain of thought (the arena's own wording)",
    text:
      'Before answering, think step by step: describe the position, the threats and opportunities for both sides, ' +
      'and compare your best candidate moves. Then give your move on the last line, exactly in the required format.',
  },
  // GameBench's sentence only. GameBench appends it to the turn's message and asks for the answer in a second call; the
  // arena appends it to the system prompt, as every scaffold, and reads the move from the same reply (the game's system
  // prompt already says how to write it).
  'gamebench-cot': { label: "Chain of thought (GameBench's wording)", text: GAMEBENCH_COT_TEXT },
  // GameBench's RAP agent: a tree search before each move with enumerable moves (server/agents/rap.ts, lib/agents/rap.ts);
  // an open-ended turn (free text) is answered as the base scaffold answers it.
  rap: {
    label: "RAP: Reasoning via Planning (GameBench's MCTS, the model as world model and reward)",
    text: 'Answer with your move only, exactly in the required format, and nothing else.',
  },
  // GameBench's own agent as agents/gpt.py runs it (lib/agents/gamebench-gpt.ts, server/agents/gamebench-gpt.ts): its
  // messages, its JSON answer read as a Python literal, its 3 tries (an Explain uses one), then a random legal move.
  // A conversation game (SimulBench) is answered as the base scaffold answers it.
  'gamebench-gpt': {
    label: "GameBench's agent (agents/gpt.py: JSON answer, 3 tries)",
    text: GAMEBENCH_SYSTEM,
  },
  'gamebench-gpt-cot': {
    label: "GameBench's CoT agent (agents/gpt.py: reasoning, then a JSON answer)",
    text: GAMEBENCH_SYSTEM,
  },
};
