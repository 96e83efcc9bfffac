// The RAP scaffold (Reasoning via Planning, as GameBench ran it): before each move with enumerable legal moves, a
// Monte Carlo tree search (lib/agents/rap.ts) in which the model predicts the other players' actions, the next
// observation and the actions there (world model), and rates actions and positions (reward). Every model call is
// recorded with its purpose (rap-expand, rap-simulate, rap-evaluate) and cost; the reply shows the search and the
// tree goes in the transcript. Open-ended turns (free text) are answered as the plain LLM agent answers them.
// The prompts are the arena's wording of GameBench's context templates (agents/rap/context_templates.json).
import {
  between,
  RAP_PROMPTS,
  RAP_SYSTEM,
  rapSearch,
  readActions,
  readIntuitions,
  readYesNo,
  type RapModel,
  type RapResult,
  type RapSettings,
} from '../../lib/agents/rap';
import { rulesTopicsText } from '../../lib/agents/explain';
import type { CallPurpose } from '../../lib/exports';
import { callModel, type ChatMessage } from '../llm/clients';
import { llmAgent, type LlmAgentOptions } from './llm';
import { InfraError, type Agent, type CallRecord } from './types';

/** How many alternatives of the first token to ask for, where the provider gives log-probabilities. */
const TOP_LOGPROBS = 20;

const observed = (observation: string) =>
  `Your observation of the game is between <state> and </state>:\n<state>\n${observation}\n</state>\n\n`;

export function rapAgent(opts: LlmAgentOptions & { rap: Partial<RapSettings> }): Agent {
  const plain = llmAgent(opts);
  return {
    kind: 'llm',
    async act(ctx) {
      const legal = ctx.legal;
      // Free text cannot be searched over: answered as the plain agent answers it. One legal move needs no search.
      if (!legal || legal.length === 0) return plain.act(ctx);
      const format = (a: { type: string }) => ctx.game.prompt.format(a, ctx.seat, ctx.view);
      if (legal.length === 1) return { ok: true, action: legal[0]!, text: `Only one legal move: ${format(legal[0]!)}` };

      const calls: CallRecord[] = [];
      const topics = rulesTopicsText(ctx.game.rules.topics, 'upfront');
      const system = `${ctx.game.prompt.system(ctx.config, ctx.seat, ctx.numPlayers, { switches: opts.switches ?? [] })}${topics ? `\n\n${topics}` : ''}\n\n${RAP_SYSTEM}`;
      const ask = async (purpose: CallPurpose, observation: string, question: string, logprobs = false) => {
        const messages: ChatMessage[] = [
          { role: 'system', content: system },
          { role: 'user', content: `${observed(observation)}${question}` },
        ];
        try {
          const reply = await callModel(
            opts.client,
            {
              purpose,
              model: opts.model,
              messages,
              temperature: opts.temperature,
              maxTokens: opts.maxTokens,
              prices: opts.prices,
              ...(logprobs ? { topLogprobs: TOP_LOGPROBS } : {}),
            },
            { signal: ctx.signal, abortedMessage: 'move timed out' },
          );
          calls.push(...reply.failedCalls, reply.call);
          return reply;
        } catch (err) {
          // The search's calls so far are recorded with the failure.
          if (err instanceof InfraError) throw new InfraError(err.message, { calls: [...calls, ...err.calls] });
          throw err;
        }
      };
      const model: RapModel = {
        actions: async (obs) => readActions((await ask('rap-expand', obs, RAP_PROMPTS.actions)).text),
        others: async (obs) =>
          between((await ask('rap-simulate', obs, RAP_PROMPTS.others)).text, 'others') ||
          'no information about the others’ actions',
        next: async (obs, action, others) =>
          between((await ask('rap-simulate', obs, RAP_PROMPTS.next(action, others))).text, 'state') ||
          'no information about the new state',
        intuitions: async (obs, actions) => {
          const r = await ask('rap-evaluate', obs, RAP_PROMPTS.intuitions(actions), true);
          return readIntuitions(r.text, r.topLogprobs, actions.length);
        },
        selfEval: async (obs, action) => {
          const r = await ask('rap-evaluate', obs, RAP_PROMPTS.selfEval(action), true);
          return readYesNo(r.text, r.topLogprobs) ?? 0.5;
        },
        win: async (obs) => {
          const r = await ask('rap-evaluate', obs, RAP_PROMPTS.win, true);
          return readYesNo(r.text, r.topLogprobs) ?? 0.5;
        },
      };
      const observation = ctx.game.prompt.turn(ctx.view, ctx.seat, legal, ctx.config, {
        switches: opts.switches ?? [],
      });
      const names = legal.map(format);
      const result = await rapSearch(model, observation, names, opts.rap);
      return {
        ok: true,
        action: legal[result.chosen]!,
        text: summary(result, names, calls),
        searchCalls: calls,
        search: result,
      };
    },
  };
}

/** The reply the transcript shows for a RAP move: the search in a few lines, then the move. */
export function summary(r: RapResult, names: readonly string[], calls: readonly CallRecord[]): string {
  const count = (p: CallPurpose) => calls.filter((c) => c.purpose === p).length;
  const s = r.settings;
  const lines = [
    `Planned with RAP: ${s.iterations} iterations, depth ${s.depth}, ${s.candidates} candidates per node; ${calls.length} model calls (${count('rap-expand')} expand, ${count('rap-simulate')} simulate, ${count('rap-evaluate')} evaluate).`,
    ...r.tree.children.map(
      (c) => `- ${c.action}: value ${c.value.toFixed(2)}, ${c.visits} visit${c.visits === 1 ? '' : 's'}`,
    ),
    r.total === null
      ? 'No line reached the depth limit: the most promising first move is taken.'
      : `Best line's total reward ${r.total.toFixed(2)}.`,
    names[r.chosen]!,
  ];
  return lines.join('\n');
}
