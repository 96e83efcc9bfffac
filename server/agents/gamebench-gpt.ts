// GameBench's own LLM agent as its authors' agents/gpt.py runs it (OpenAITextAgent.take_action), in one `act`: mode 1
// first asks for reasoning (the turn ending in the CoT sentence, no response_format); then up to 3 JSON calls
// (response_format json_object), each reply read as a Python literal and answered as gpt.py answers it (nothing after
// an unreadable reply; the heading's text or the action's description after an Explain, which uses a try; the reason
// after an unusable action). After 3 failures gpt.py returns no action and GameBench's games play a random one: the
// answer is `final`, and the turn policy plays a random legal move at once, recorded as forfeited. The texts, the
// reading and the arena's default presentation of a game are lib/agents/gamebench-gpt.ts.
import {
  answerMessages,
  GAMEBENCH_TRIES,
  gamebenchTurn,
  readReply,
  reasoningMessages,
  type GameBenchMode,
  type GameBenchPresentation,
  type GameBenchTurn,
} from '../../lib/agents/gamebench-gpt';
import { gameRequest } from '../../lib/engine/turn-request';
import { callModel, type ChatMessage, type ChatReply } from '../llm/clients';
import { llmAgent, type LlmAgentOptions } from './llm';
import { InfraError, type Agent, type AnswerStep, type CallRecord } from './types';

/** Why the turn ends without a usable answer: the reason a forfeited move is recorded with. */
export const GAMEBENCH_GAVE_UP = `GameBench's agent (agents/gpt.py) gave no valid action in its ${GAMEBENCH_TRIES} tries`;
/** Why an action it chose that the game refused is not asked again. */
export const GAMEBENCH_REFUSED = "GameBench's agent (agents/gpt.py) answers a turn once, its own tries included";

/**
 * `mode`: 0, GameBench's plain agent; 1, its chain-of-thought agent. `presentation`: how a turn is shown (tests);
 * by default the game's own GameBench presentation, or the arena's (lib/agents/gamebench-gpt.ts, gamebenchTurn).
 */
export function gamebenchGptAgent(
  opts: LlmAgentOptions & { mode: GameBenchMode; presentation?: GameBenchPresentation },
): Agent {
  // A conversation game (SimulBench: its own messages) has no menu to show: answered as the base scaffold answers it.
  const plain = llmAgent({ ...opts, scaffold: 'base' });
  return {
    kind: 'llm',
    async act(ctx) {
      const switches = opts.switches ?? [];
      if (gameRequest(ctx, { switches }).kind === 'conversation' || ctx.legal?.length === 0) return plain.act(ctx);
      const turn = opts.presentation ? opts.presentation(ctx, { switches }) : gamebenchTurn(ctx, { switches });
      const steps: AnswerStep[] = [];
      const calls: CallRecord[] = [];
      const ask = async (messages: ChatMessage[], json: boolean): Promise<ChatReply> => {
        try {
          const reply = await callModel(
            opts.client,
            {
              purpose: 'move',
              model: opts.model,
              messages,
              temperature: opts.temperature,
              maxTokens: opts.maxTokens,
              prices: opts.prices,
              ...(json ? { responseFormat: { type: 'json_object' as const } } : {}),
            },
            { signal: ctx.signal, abortedMessage: 'move timed out' },
          );
          calls.push(...reply.failedCalls, reply.call);
          return reply;
        } catch (err) {
          // The turn's calls so far are recorded with the failure.
          if (err instanceof InfraError) throw new InfraError(err.message, { calls: [...calls, ...err.calls] });
          throw err;
        }
      };

      // One take_action of gpt.py over a menu: its calls, then the chosen id or the reason it gave none. A move whose
      // menu leads to another (GameBench asks twice: Hive's piece, then its move) takes another, as GameBench's does.
      const takeAction = async (menu: GameBenchTurn) => {
        let messages: ChatMessage[];
        if (opts.mode === 1) {
          const reasoning = await ask(reasoningMessages(menu), false);
          steps.push({ text: reasoning.text, call: reasoning.call, failedCalls: reasoning.failedCalls, attempt: 0 });
          messages = answerMessages(menu, 1, reasoning.text);
        } else {
          messages = answerMessages(menu, 0);
        }
        for (let attempt = 0; ; attempt++) {
          const reply = await ask(messages, true);
          const { text, call, failedCalls } = reply;
          const last = attempt === GAMEBENCH_TRIES - 1;
          messages = [...messages, { role: 'assistant', content: text }];
          const verdict = readReply(menu, text);
          if (verdict.kind === 'chosen') return { ...verdict, text, call, failedCalls, attempt };
          // What it could not use, in the arena's words where gpt.py sends nothing back.
          const why =
            verdict.kind === 'unreadable'
              ? `GameBench's agent could not read the reply (${verdict.why})${last ? '' : '; it asks again without a word'}`
              : verdict.kind === 'refused'
                ? verdict.message
                : `asked to explain ${verdict.asked} with its last try`;
          if (last) return { kind: 'gave up' as const, why, text, call, failedCalls, attempt };
          if (verdict.kind === 'explain') {
            steps.push({
              text,
              call,
              failedCalls,
              attempt,
              explain: { asked: verdict.asked, topic: verdict.topic, answer: verdict.message },
            });
            messages = [...messages, { role: 'user', content: verdict.message }];
          } else {
            steps.push({ text, call, failedCalls, attempt, rejected: why });
            if (verdict.kind === 'refused') messages = [...messages, { role: 'user', content: verdict.message }];
          }
        }
      };

      for (let menu = turn; ;) {
        const taken = await takeAction(menu);
        const { text, call, failedCalls, attempt } = taken;
        if (taken.kind === 'gave up')
          return { ok: false, error: taken.why, text, call, failedCalls, steps, attempt, final: GAMEBENCH_GAVE_UP };
        const resolved = menu.resolve(taken.id, taken.openendedResponse);
        if ('next' in resolved) {
          // The first menu's answer is a reply of its own; the move is the next menu's.
          steps.push({ text, call, failedCalls, attempt });
          menu = resolved.next;
          continue;
        }
        if ('error' in resolved)
          return {
            ok: false,
            error: resolved.error,
            text,
            call,
            failedCalls,
            steps,
            attempt,
            final: GAMEBENCH_REFUSED,
          };
        return { ok: true, action: resolved.action, text, call, failedCalls, steps, attempt, final: GAMEBENCH_REFUSED };
      }
    },
  };
}
