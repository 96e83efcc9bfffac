// The LLM player: builds the conversation for a turn, calls any OpenAI-compatible endpoint, parses the reply.
import type OpenAI from 'openai';
import type { PromptOptions } from '../../lib/engine/types';
import type { Agent, Explained, TurnContext } from './types';
import type { Prices } from '../../lib/pricing';
import { callModel, type ChatMessage, type ChatReply } from '../llm/clients';
import { renderSvgToPng } from '../llm/board-image';
import { pngDataUrl } from '../llm/images';
import { SCAFFOLDS, type Scaffold } from '../../lib/agents/scaffolds';
import { gameRequest } from '../../lib/engine/turn-request';
import { explainAnswer, MAX_EXPLAINS, parseExplain, rulesTopicsText, type RulesMode } from '../../lib/agents/explain';

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
  /**
   * Send the board as a PNG beside the turn's text (the agent's `vision` setting), in games that draw one (their
   * `image` hook); other games get the text alone.
   */
  vision?: boolean;
  /** How the game's rules topics are given (lib/agents/explain.ts; default `none`). */
  rules?: RulesMode;
}

export function buildMessages(
  ctx: TurnContext,
  scaffold: Scaffold,
  opts: PromptOptions = {},
  rules: RulesMode = 'none',
): { role: 'system' | 'user' | 'assistant'; content: string }[] {
  const request = gameRequest(ctx, opts);
  if (request.kind === 'conversation') return [...request.turn.messages, ...rejectionMessages(ctx)];
  const topics = rulesTopicsText(ctx.game.rules.topics, rules);
  const messages: { role: 'system' | 'user' | 'assistant'; content: string }[] = [
    {
      role: 'system',
      content: `${request.system}${topics ? `\n\n${topics}` : ''}\n\n${SCAFFOLDS[scaffold].text}`,
    },
    { role: 'user', content: request.turn },
  ];
  return [...messages, ...rejectionMessages(ctx)];
}

/** Each rejected answer of this turn and the reason sent back, as the conversation continues after the turn's request. */
function rejectionMessages(ctx: TurnContext): { role: 'user' | 'assistant'; content: string }[] {
  return ctx.rejections.flatMap((r) => [
    { role: 'assistant' as const, content: r.reply },
    {
      role: 'user' as const,
      content: `Your answer was rejected: ${r.error}\nAnswer again${ctx.legal ? ' with one of the legal moves' : ''}, in the required format.`,
    },
  ]);
}

/** The sampling of a turn: a conversation game's own (SimulBench's per role), else the agent's. */
function samplingOf(
  ctx: TurnContext,
  opts: Pick<LlmAgentOptions, 'temperature' | 'maxTokens'>,
): { temperature?: number | null; maxTokens?: number | null } {
  const conversation = ctx.game.prompt.conversation?.(ctx.view, ctx.seat, ctx.game.parseConfig(ctx.config)) ?? null;
  return {
    temperature: conversation?.temperature ?? opts.temperature,
    maxTokens: conversation?.maxTokens ?? opts.maxTokens,
  };
}

/**
 * The turn's messages with the board as a picture: the turn's user message (the first; rejections that follow stay
 * text) becomes content parts, its text then the game's `image` of the seat's view rendered to PNG, as a data URL.
 * Unchanged when the game draws no picture of this view.
 */
export async function withBoardImage(ctx: TurnContext, messages: ChatMessage[]): Promise<ChatMessage[]> {
  const svg = ctx.game.image?.(ctx.view, ctx.seat) ?? null;
  if (svg === null) return messages;
  let png: Buffer;
  try {
    ({ png } = await renderSvgToPng(svg));
  } catch (err) {
    throw new Error(
      `the board image of ${ctx.game.id} (seat ${ctx.seat}, ply ${ctx.ply}) could not be made: ${err instanceof Error ? err.message : String(err)}`,
      { cause: err },
    );
  }
  const turnAt = messages.findIndex((m) => m.role === 'user');
  return messages.map((m, i) =>
    i === turnAt && typeof m.content === 'string'
      ? {
          role: 'user',
          content: [
            { type: 'text', text: m.content },
            { type: 'image_url', image_url: { url: pngDataUrl(png) } },
          ],
        }
      : m,
  );
}

/** The rejection sent back for a well-formed reply that is not a move, naming a refusal or a reply cut short. */
function rejection(parseError: string, reply: ChatReply): string {
  if (!reply.text.trim() && reply.refusal)
    return `you declined to answer ("${reply.refusal.slice(0, 200)}"); ${parseError}`;
  if (reply.finishReason === 'length')
    return `${parseError} (your reply was cut off at the token limit: answer more briefly)`;
  return parseError;
}

export function llmAgent(opts: LlmAgentOptions): Agent {
  return {
    kind: 'llm',
    async act(ctx) {
      const rules = opts.rules ?? 'none';
      const turnMessages = buildMessages(ctx, opts.scaffold, { switches: opts.switches ?? [] }, rules);
      let messages: ChatMessage[] = opts.vision ? await withBoardImage(ctx, turnMessages) : turnMessages;
      const explains: Explained[] = [];
      const sampling = samplingOf(ctx, opts);
      for (;;) {
        // Transport and protocol failures are retried inside and end as an InfraError: the runner voids the match.
        const reply = await callModel(
          opts.client,
          { purpose: 'move', model: opts.model, messages, ...sampling, prices: opts.prices },
          { signal: ctx.signal, abortedMessage: 'move timed out' },
        );
        const { text, call, failedCalls } = reply;
        // GameBench's Explain(topic): not a move and not an illegal reply; the topic's text, then the turn again.
        const asked = rules === 'explain' ? parseExplain(text) : null;
        if (asked !== null) {
          if (explains.length >= MAX_EXPLAINS) {
            return {
              ok: false,
              error: `you have read ${MAX_EXPLAINS} topics this turn: answer with your move now`,
              text,
              call,
              failedCalls,
              explains,
            };
          }
          const { topic, answer } = explainAnswer(ctx.game.rules.topics, asked);
          explains.push({ asked, topic, answer, text, call, failedCalls });
          const again =
            explains.length >= MAX_EXPLAINS
              ? `Now answer the turn with your move (no more topics this turn).`
              : 'Now answer the turn.';
          messages = [
            ...messages,
            { role: 'assistant', content: text },
            { role: 'user', content: `${answer}\n\n${again}` },
          ];
          continue;
        }
        // A well-formed reply is the model's answer: one that is not a legal move is an illegal reply.
        const parsed = ctx.game.prompt.parse(text, ctx.seat, ctx.legal, ctx.view);
        if ('error' in parsed)
          return { ok: false, error: rejection(parsed.error, reply), text, call, failedCalls, explains };
        return { ok: true, action: parsed.action, text, call, failedCalls, explains };
      }
    },
  };
}
