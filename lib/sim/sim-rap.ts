// SIMULATED answers to a RAP agent's planning questions (server/agents/rap.ts): nothing here is a language model. The
// simulated endpoint recognises each question by its wording and answers in the format it asks for — predicted
// actions from the observation's legal moves, a stock guess of the others' actions, the observation again as the
// "predicted" state, a number for an action, yes/no with a confidence — with log-probabilities of the first token
// when asked (as OpenAI's API gives them), so the search runs end to end in the demo and the tests.
import type { Rng } from '../engine/types';
import { RAP_PROMPTS } from '../agents/rap';
import { parseLegalMoves } from './simulated-model';

export interface RapSimReply {
  content: string;
  /** The first token's alternatives, for a request that asked for log-probabilities. */
  topLogprobs?: { token: string; logprob: number }[];
}

const OTHERS = [
  'The other players answer my move with the reply that hurts me most.',
  'My opponent takes the best move left to them.',
  'The others play on without changing their plan.',
];

/** The observation: the block after the opening sentence ("… between <state> and </state>:"), up to its </state>. */
const observation = (text: string) => /<\/state>:\n<state>\n([\s\S]*?)\n<\/state>/.exec(text)?.[1] ?? '';

/** A probability drawn for a yes/no question, and its answer with the first token's log-probabilities. */
function yesNo(rng: Rng): RapSimReply {
  const p = 0.15 + 0.7 * rng.next();
  return {
    content: `${p >= 0.5 ? 'yes' : 'no'} ${Math.round(p * 10)}`,
    topLogprobs: [
      { token: 'yes', logprob: Math.log(p) },
      { token: 'no', logprob: Math.log(1 - p) },
    ],
  };
}

/** The simulated answer to a RAP planning question, or null when the text is not one. */
export function rapReply(text: string, rng: Rng): RapSimReply | null {
  if (!text.startsWith('Your observation of the game is between <state> and </state>:')) return null;
  const obs = observation(text);
  if (text.includes(RAP_PROMPTS.actions)) {
    const legal = parseLegalMoves(obs) ?? [];
    const some = rng.shuffle(legal).slice(0, 4);
    return { content: `<actions>\n${some.join('\n')}\n</actions>` };
  }
  if (text.includes(RAP_PROMPTS.others)) return { content: `<others>${rng.pick(OTHERS)}</others>` };
  if (text.includes('predict your new observation of the game after these actions')) {
    const action = /^Your action: (.*)$/m.exec(text)?.[1] ?? 'my move';
    return {
      content: `<state>\n${obs}\n(Predicted: after "${action}" and the others' reply, the game goes on from here.)\n</state>`,
    };
  }
  if (text.includes('Choose an action by writing only its number.')) {
    const n = [...text.matchAll(/^(\d+)\. /gm)].length;
    if (n === 0) return null;
    const weights = Array.from({ length: n }, () => 0.2 + rng.next());
    const sum = weights.reduce((a, b) => a + b, 0);
    const ranked = weights
      .map((w, i) => ({ token: String(i), logprob: Math.log(w / sum) }))
      .sort((a, b) => b.logprob - a.logprob);
    return { content: ranked[0]!.token, topLogprobs: ranked.slice(0, 20) };
  }
  if (text.includes('Is this a good action?') || text.includes('Will you eventually win from this position?'))
    return yesNo(rng);
  return null;
}
