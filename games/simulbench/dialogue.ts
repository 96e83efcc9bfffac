// How a SimulBench dialogue is written into a prompt's {DIALOGUE} placeholder (the user agent's B.2 prompt, the
// judges' B.3 and B.4 prompts) — one format, so every role reads the same text. The paper does not print its format;
// this one numbers the turns, because the B.3 judge answers with a turn number.
import type { DialogueTurn } from './types';

/** The dialogue's turns as the prompts show them: "### Turn n" headers over "User:" and "AI assistant:" blocks. */
export function formatDialogue(turns: readonly Pick<DialogueTurn, 'role' | 'content'>[]): string {
  const out: string[] = [];
  let n = 0;
  for (const t of turns) {
    if (t.role === 'user') {
      n++;
      out.push(`### Turn ${n}\nUser: ${t.content}`);
    } else {
      out.push(`AI assistant: ${t.content}`);
    }
  }
  return out.join('\n\n');
}

/** Turns in a dialogue: one per user request (a turn is a request and the simulator's reply to it). */
export function turnCount(turns: readonly Pick<DialogueTurn, 'role'>[]): number {
  return turns.filter((t) => t.role === 'user').length;
}
