// The LLM player: builds the conversation for a turn, calls any OpenAI-compatible endpoint, parses the reply.
import OpenAI, { APIError, APIUserAbortError } from 'openai';
import type { PromptOptions } from '../../games/types';
import type { Agent, CallRecord, TurnContext } from './types';
import { InfraError } from './types';
import { callCost, type Prices } from '../../lib/pricing';
import { SCAFFOLDS, type Scaffold } from '../../lib/agents/scaffolds';

export { PROMPT_VERSION, type Scaffold } from '../../lib/agents/scaffolds';

export interface LlmAgentOptions {
  client: OpenAI;
  model: string;
  scaffold: Scaffold;
  temperature?: number | null;
  maxTokens?: number | null;
  /** Provider prices, for each call's cost. */
  prices?: Prices;
  /** The agent's ablation switches (`meta.promptSwitches` ids), passed to every game's prompt. */
  switches?: readonly string[];
}

export function buildMessages(
  ctx: TurnContext, scaffold: Scaffold, opts: PromptOptions = {},
): { role: 'system' | 'user' | 'assistant'; content: string }[] {
  const { game, config, seat, numPlayers } = ctx;
  const messages: { role: 'system' | 'user' | 'assistant'; content: string }[] = [
    { role: 'system', content: `${game.prompt.system(config, seat, numPlayers, opts)}\n\n${SCAFFOLDS[scaffold].text}` },
    { role: 'user', content: game.prompt.turn(ctx.view, seat, ctx.legal, config, opts) },
  ];
  for (const r of ctx.rejections) {
    messages.push({ role: 'assistant', content: r.reply });
    messages.push({
      role: 'user',
      content: `Your answer was rejected: ${r.error}\nAnswer again${ctx.legal ? ' with one of the legal moves' : ''}, in the required format.`,
    });
  }
  return messages;
}

function describeError(err: unknown): string {
  if (err instanceof APIError && err.status) return `provider answered HTTP ${err.status}: ${err.message}`;
  if (err instanceof Error) return `${err.name}: ${err.message}`;
  return String(err);
}

export function llmAgent(opts: LlmAgentOptions): Agent {
  return {
    kind: 'llm',
    async act(ctx) {
      const messages = buildMessages(ctx, opts.scaffold, { switches: opts.switches ?? [] });
      const started = performance.now();
      const call: CallRecord = { model: opts.model, messages, reply: null, error: null, tokensIn: null, tokensOut: null, latencyMs: 0 };
      let completion: OpenAI.Chat.Completions.ChatCompletion;
      try {
        // The SDK retries 429/5xx/timeouts/network errors with backoff (honouring Retry-After).
        completion = await opts.client.chat.completions.create(
          {
            model: opts.model,
            messages,
            ...(opts.temperature != null ? { temperature: opts.temperature } : {}),
            ...(opts.maxTokens != null ? { max_tokens: opts.maxTokens } : {}),
          },
          { signal: ctx.signal },
        );
      } catch (err) {
        call.latencyMs = Math.round(performance.now() - started);
        call.error = err instanceof APIUserAbortError ? 'move timed out' : describeError(err);
        // HTTP errors, refused connections and timeouts are the infrastructure's fault: void the match.
        if (err instanceof APIError) throw new InfraError(call.error, { call });
        // Anything else is a reply we could not read (a 200 with garbage): an illegal answer, the match goes on.
        return { ok: false, error: `your reply could not be read (${call.error})`, text: '', call };
      }
      call.latencyMs = Math.round(performance.now() - started);
      const content: unknown = completion?.choices?.[0]?.message?.content;
      const text = typeof content === 'string' ? content : content == null ? '' : JSON.stringify(content);
      call.reply = text;
      call.tokensIn = completion.usage?.prompt_tokens ?? null;
      call.tokensOut = completion.usage?.completion_tokens ?? null;
      call.costUsd = opts.prices ? callCost(opts.prices, opts.model, call.tokensIn, call.tokensOut) : null;
      const parsed = ctx.game.prompt.parse(text, ctx.seat, ctx.legal, ctx.view);
      if ('error' in parsed) return { ok: false, error: parsed.error, text, call };
      return { ok: true, action: parsed.action, text, call };
    },
  };
}
