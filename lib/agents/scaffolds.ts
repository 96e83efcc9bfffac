// The prompting scaffolds an LLM agent can use: their ids, labels and the text each adds to a game's system prompt.
// Pure text shared by the admin forms (lib, app) and the LLM player (server/agents/llm.ts).

/** Bumped whenever a scaffold's text below changes: part of an agent's identity on the leaderboard. */
export const PROMPT_VERSION = 'v1';

export const SCAFFOLD_IDS = ['base', 'cot'] as const;
export type Scaffold = (typeof SCAFFOLD_IDS)[number];

/** How each scaffold asks for the answer (appended to the game's own system prompt). */
export const SCAFFOLDS: Record<Scaffold, { label: string; text: string }> = {
  base: { label: 'Base (answer only)', text: 'Answer with your move only, exactly in the required format, and nothing else.' },
  cot: {
    label: 'Chain of thought',
    text:
      'Before answering, think step by step: describe the position, the threats and opportunities for both sides, ' +
      'and compare your best candidate moves. Then give your move on the last line, exactly in the required format.',
  },
};
