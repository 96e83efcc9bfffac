// The scaffolds' texts: GameBench's chain of thought is the paper's sentence, verbatim; the arena's own is labelled so.
import { describe, expect, it } from 'vitest';
import { GAMEBENCH_COT_TEXT, PROMPT_VERSION, SCAFFOLD_IDS, SCAFFOLDS } from './scaffolds';

describe('scaffolds', () => {
  it("GameBench's CoT is the paper's sentence, verbatim (appendix; Joshuaclymer/GameBench agents/gpt.py)", () => {
    expect(SCAFFOLD_IDS).toContain('gamebench-cot');
    expect(SCAFFOLDS['gamebench-cot'].text).toBe(
      "First, let's reason out loud about which action you should take to maximize your probability of winning.",
    );
    expect(GAMEBENCH_COT_TEXT).toBe(SCAFFOLDS['gamebench-cot'].text);
    expect(SCAFFOLDS['gamebench-cot'].label).toBe("Chain of thought (GameBench's wording)");
  });

  it("keeps the arena's own CoT text, labelled as the arena's own; v2 is the version that added the rules topics (Explain)", () => {
    expect(SCAFFOLDS.cot.label).toMatch(/the arena's own/);
    expect(SCAFFOLDS.cot.text).toBe(
      'Before answering, think step by step: describe the position, the threats and opportunities for both sides, ' +
        'and compare your best candidate moves. Then give your move on the last line, exactly in the required format.',
    );
    expect(PROMPT_VERSION).toBe('v2');
  });

  it('every scaffold id has a label and a text', () => {
    for (const id of SCAFFOLD_IDS) expect(SCAFFOLDS[id].text.length * SCAFFOLDS[id].label.length).toBeGreaterThan(0);
    expect(Object.keys(SCAFFOLDS).sort()).toEqual([...SCAFFOLD_IDS].sort());
  });
});
