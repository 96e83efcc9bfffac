// What a game asks an LLM seat for one turn, from the game alone: its system prompt and turn prompt, or a conversation
// game's own messages. The LLM player (server/agents/llm.ts) adds the agent's rules topics and scaffold around it; the
// golden playthroughs (lib/engine/playthrough.ts) record it as is.
import type { ConversationTurn, GameDef, PromptOptions, Seat } from './types';

/** The game's part of a turn's request: the usual system + turn prompts, or a conversation game's own messages. */
export type GameRequest =
  { kind: 'prompt'; system: string; turn: string } | { kind: 'conversation'; turn: ConversationTurn };

/** A seat's turn as the game's prompt reads it; `config` as the match holds it (parsed). */
export interface RequestContext {
  game: GameDef;
  config: unknown;
  seat: Seat;
  numPlayers: number;
  /** The seat's own view of the state. */
  view: unknown;
  /** Legal actions, or null when the action space is open-ended. */
  legal: { type: string }[] | null;
}

/** The game's request for this turn: its `conversation` when it gives one for the turn, else `system` and `turn`. */
export function gameRequest(ctx: RequestContext, opts: PromptOptions = {}): GameRequest {
  const { game, config, seat, numPlayers, view, legal } = ctx;
  const conversation = game.prompt.conversation?.(view, seat, game.parseConfig(config)) ?? null;
  if (conversation) return { kind: 'conversation', turn: conversation };
  return {
    kind: 'prompt',
    system: game.prompt.system(config, seat, numPlayers, opts),
    turn: game.prompt.turn(view, seat, legal, config, opts),
  };
}
