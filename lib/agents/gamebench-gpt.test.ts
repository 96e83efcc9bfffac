// GameBench's own agent's texts and reading, against its authors' code. gamebench-gpt.golden.json was written by
// GameBench's agents/gpt.py itself (OpenAITextAgent.take_action, from the Joshuaclymer/GameBench mirror), run by
// python3 with a scripted model in place of OpenAI's client and stub modules for openai, PIL and api.util
// (scripts/reference/gamebench_gpt_golden.py writes it again from a checkout of their repository): each scenario's
// turn (Rules, Observation, AvailableActions), the model's replies, every request gpt.py sent (its messages, whether it
// asked for response_format), and the Action it returned. server/agents/gamebench-gpt.test.ts
// replays the same scenarios through the arena's agent over HTTP.
import { describe, expect, it } from 'vitest';
import { getGame } from '../../games/registry';
import { currentDeal, initialState } from '../engine/replay';
import {
  answerMessages,
  arenaPresentation,
  ARENA_INSTRUCTIONS,
  GAMEBENCH_SYSTEM,
  INVALID_EXPLAIN,
  OPENENDED_MISSING,
  readReply,
  reasoningMessages,
  withoutLegalMoves,
} from './gamebench-gpt';
import { GOLDEN, goldenTurn } from './test-gamebench-golden';

describe("GameBench's agent's messages", () => {
  it.each(GOLDEN.map((s) => [s.name, s] as const))('%s: the first request, word for word', (_name, s) => {
    const turn = goldenTurn(s);
    const first = s.calls[0]!;
    if (s.mode === 1) {
      expect(first.json).toBe(false);
      expect(reasoningMessages(turn)).toEqual(first.messages);
      // The JSON call's messages: the reasoning call's, its reply, then the summary alone.
      expect(answerMessages(turn, 1, s.replies[0])).toEqual(s.calls[1]!.messages);
    } else {
      expect(first.json).toBe(true);
      expect(answerMessages(turn, 0)).toEqual(first.messages);
    }
    expect(first.messages[0]).toEqual({ role: 'system', content: GAMEBENCH_SYSTEM });
  });

  it('pins one turn whole: headings, a quote in an id, the summary', () => {
    const [system, user] = answerMessages(goldenTurn(GOLDEN[0]!), 0);
    expect(system!.content).toBe(
      'You are an agent playing a game. Select the action that maximizes your probability of winning.',
    );
    expect(user!.content).toBe(
      [
        'You are playing a game called Tic-Tac-Toe "classic". The rules are as follows:',
        'Two players take turns.',
        "It's short.",
        'The following are headings with additional information about the rules that you can expand by taking the action Explain(<heading key>).',
        '{',
        '    "H1": "Moves",',
        '    "H2": "Winning \\u00e9\\u4e2d"',
        '}',
        '# Observation',
        'The following describes the current state of the game:',
        'Board:',
        '. . .',
        '. X .',
        '. . O',
        'You play X.',
        '',
        '# Actions',
        'Choose a square.',
        'Return actions in json with the following keys.',
        '{',
        '    "action": str,',
        '}',
        'The following are predefined actions you can take:',
        `['X: (1,1)', 'X: (1,2)', "it's", 'say "hi"\\\\']`,
        '',
        "To summarize, if you choose a predefined action, you must return json with an 'action' key which contains one of the following valid actions:",
        `['X: (1,1)', 'X: (1,2)', "it's", 'say "hi"\\\\']`,
        "Or if you choose an openended action, you must return json with an 'action' key which contains one of the following valid actions and an 'openended_response' key which contains your response to the prompt:",
        '[]',
      ].join('\n'),
    );
  });

  it('pins the CoT turn whole: open-ended actions, a description, no headings', () => {
    const s = GOLDEN[1]!;
    const [, user] = reasoningMessages(goldenTurn(s));
    expect(user!.content).toBe(
      [
        'You are playing a game called Pit. The rules are as follows:',
        'Trade cards.',
        '',
        '# Observation',
        'The following describes the current state of the game:',
        'You hold 3 wheat.',
        'Offers: none.',
        '',
        '# Actions',
        'Make an offer or pass.',
        'Return actions in json with the following keys.',
        '{',
        '    "action": str,',
        '    "openended_response": Optional[str],',
        '}',
        'Include the openended response only if you have chosen an openended action.',
        'The following are openended actions you can take',
        "['offer']",
        'The following are predefined actions you can take:',
        "['pass', 'trade']",
        'Return the action Explain(<action>) to receive additional info about what any of the above actions do.',
        "First, let's reason out loud about which action you should take to maximize your probability of winning.",
      ].join('\n'),
    );
    expect(answerMessages(goldenTurn(s), 1, 'Because.').slice(2)).toEqual([
      { role: 'assistant', content: 'Because.' },
      {
        role: 'user',
        content:
          "\nTo summarize, if you choose a predefined action, you must return json with an 'action' key which contains one of the following valid actions:\n['pass', 'trade']\nOr if you choose an openended action, you must return json with an 'action' key which contains one of the following valid actions and an 'openended_response' key which contains your response to the prompt:\n['offer']",
      },
    ]);
  });
});

describe("GameBench's agent's reading of a reply", () => {
  const tic = goldenTurn(GOLDEN[0]!);
  const pit = goldenTurn(GOLDEN[1]!);
  const edge = goldenTurn(GOLDEN[3]!);

  it('an unreadable reply: not a Python literal, JSON with true or null, no action key, not a dict', () => {
    for (const reply of [
      'I pick (1,1)',
      '{"action": "X: (1,1)", "ok": true}',
      '{"action": "offer", "openended_response": null}',
      '{"move": "X: (1,1)"}',
      '["X: (1,1)"]',
      null,
    ])
      expect(readReply(tic, reply).kind, String(reply)).toBe('unreadable');
  });

  it('an open-ended action without its response', () => {
    expect(readReply(pit, '{"action": "offer"}')).toEqual({ kind: 'refused', message: OPENENDED_MISSING });
  });

  it('Explain(H<n>): the heading, or an invalid Explain when there is none', () => {
    expect(readReply(tic, '{"action": "Explain(H2)"}')).toEqual({
      kind: 'explain',
      asked: 'H2',
      topic: 'Winning é中',
      message: 'Three in a row wins.\nDiagonals count.',
    });
    expect(readReply(tic, '{"action": "Explain(H9)"}')).toEqual({ kind: 'refused', message: INVALID_EXPLAIN });
    expect(readReply(pit, '{"action": "Explain(H1)"}')).toEqual({ kind: 'refused', message: INVALID_EXPLAIN });
  });

  it("Explain(<action>): its description; None raises (an invalid Explain); an unknown one gets ''", () => {
    expect(readReply(pit, '{"action": "Explain(pass)"}')).toEqual({
      kind: 'explain',
      asked: 'pass',
      topic: 'pass',
      message: 'Do nothing this turn.',
    });
    expect(readReply(pit, '{"action": "Explain(trade)"}')).toEqual({ kind: 'refused', message: INVALID_EXPLAIN });
    expect(readReply(edge, '{"action": "Explain(zzz)"}')).toEqual({
      kind: 'explain',
      asked: 'zzz',
      topic: null,
      message: '',
    });
    // A non-string action makes re.findall raise: an invalid Explain; so does an unhashable one here (gpt.py stops).
    expect(readReply(edge, '{"action": 3}')).toEqual({ kind: 'refused', message: INVALID_EXPLAIN });
    expect(readReply(edge, '{"action": ["a"]}')).toEqual({ kind: 'refused', message: INVALID_EXPLAIN });
  });

  it('an action not on the menu, and a valid one with its response', () => {
    expect(readReply(pit, "{'action': 'steal'}")).toEqual({
      kind: 'refused',
      message:
        "steal is not one of the valid actions. As a reminder, the valid actions are as follows:\n['offer', 'pass', 'trade']\nPlease return a json with the key 'action' with the action you choose and (optionally) the key 'openended_response' if you select openended response action.",
    });
    expect(readReply(pit, '  {"action": "offer", "openended_response": "2 for 1"}\n')).toEqual({
      kind: 'chosen',
      id: 'offer',
      openendedResponse: { t: 'str', v: '2 for 1' },
    });
    expect(readReply(pit, "{'action': 'pass'}")).toEqual({ kind: 'chosen', id: 'pass', openendedResponse: undefined });
  });
});

describe("the arena's presentation of a game", () => {
  it("tic-tac-toe: the game's title, summary and topics, its turn prompt without the list, its moves as ids", () => {
    const game = getGame('tictactoe')!;
    const state = initialState(game, {}, currentDeal('seed'), 2);
    const view = game.view(state, { seat: 0 });
    const legal = game.legalActions(state, 0)!;
    const turn = arenaPresentation({ game, config: {}, seat: 0, view, legal }, {});
    expect(turn.source).toBe('arena');
    expect(turn.title).toBe(game.meta.title);
    expect(turn.summary).toBe(game.rules.summary);
    expect(turn.details).toEqual(Object.entries(game.rules.topics));
    expect(turn.observation).not.toContain('Legal moves:');
    expect(turn.observation).toBe(withoutLegalMoves(game.prompt.turn(view, 0, legal, game.defaultConfig)));
    expect(turn.instructions).toBe(ARENA_INSTRUCTIONS.predefined);
    expect(turn.predefined.map((a) => a.id)).toEqual(legal.map((a) => game.prompt.format(a, 0, view)));
    expect(turn.predefined.every((a) => a.description === null)).toBe(true);
    expect(turn.openended).toEqual([]);
    expect(turn.resolve('X: (2,2)', undefined)).toEqual({ action: { type: 'place', row: 2, col: 2 } });
    expect(turn.resolve('X: (9,9)', undefined)).toHaveProperty('error');
  });

  it('a free-text turn: one open-ended action, its response read by the game', () => {
    const game = getGame('spy')!;
    const state = initialState(game, {}, currentDeal('seed'), game.defaultPlayers({}));
    const seat = [0, 1, 2, 3, 4, 5].find((s) => game.legalActions(state, s) === null)!;
    const view = game.view(state, { seat });
    const turn = arenaPresentation({ game, config: {}, seat, view, legal: null }, {});
    expect(turn.predefined).toEqual([]);
    expect(turn.openended).toEqual([{ id: 'answer', description: null }]);
    expect(turn.instructions).toBe(ARENA_INSTRUCTIONS.openended);
    expect(turn.observation).toBe(game.prompt.turn(view, seat, null, game.defaultConfig));
    const reply = 'It is round and you can hold it in one hand.';
    expect(turn.resolve('answer', { t: 'str', v: reply })).toEqual(game.prompt.parse(reply, seat, null, view));
    expect(turn.resolve('answer', undefined)).toEqual({ error: OPENENDED_MISSING });
  });

  it('drops only the list of legal moves', () => {
    expect(withoutLegalMoves('Board\nLegal moves:\n- a\n- b\nReply with one.')).toBe('Board\nReply with one.');
    expect(withoutLegalMoves('Board\nLegal moves:\n\n- a\n')).toBe('Board\n');
    expect(withoutLegalMoves('No list here.')).toBe('No list here.');
  });
});
