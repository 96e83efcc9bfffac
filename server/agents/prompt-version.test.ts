// The agent's own prompt text is pinned to PROMPT_VERSION: what an LLM agent adds around a game's prompts (the
// scaffolds, the rules topics in each mode, Explain's answers, the rejection messages, RAP's questions) hashed, one
// hash per version. A change to any of it fails here until PROMPT_VERSION is bumped and its hash recorded. The games'
// own prompts are pinned by their golden playthroughs and game versions (games/playthroughs.test.ts); this test uses a
// stand-in game whose prompts never change, so it sees only the agent's text.
import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { explainAnswer, type RulesMode } from '../../lib/agents/explain';
import {
  answerMessages,
  arenaPresentation,
  INVALID_EXPLAIN,
  invalidActionMessage,
  OPENENDED_MISSING,
} from '../../lib/agents/gamebench-gpt';
import { RAP_PROMPTS, RAP_SYSTEM } from '../../lib/agents/rap';
import { PROMPT_VERSION, SCAFFOLD_IDS, SCAFFOLDS, type Scaffold } from '../../lib/agents/scaffolds';
import { createRng } from '../../lib/engine/rng';
import type { GameDef } from '../../lib/engine/types';
import { buildMessages } from './llm';
import type { TurnContext } from './types';

/**
 * The hashes of the agent's text under each prompt version, as recorded when the version was made: the text common to
 * every scaffold, and each scaffold's own. Bump PROMPT_VERSION (lib/agents/scaffolds.ts, saying what changed) and add
 * the new hashes here; never change a recorded one. A new scaffold changes no existing text: its hash is added to the
 * current version, without a bump.
 */
const RECORDED: Record<string, Record<string, string>> = {
  // Recorded when this test was written, from v2's text as it then stood; GameBench's agent (gamebench-gpt,
  // gamebench-gpt-cot) joined v2 later, as new scaffolds do.
  v2: {
    common: '1b4ac9ddc7589441',
    base: 'f119da596f1f1477',
    cot: '689382c00065b870',
    'gamebench-cot': '4523c4cdfc88a41b',
    rap: '972b96438f13ac61',
    'gamebench-gpt': 'a4a629a7adae66ec',
    'gamebench-gpt-cot': '9a4d00f274a6c40f',
  },
};

const TOPICS = { Moves: 'A move names one square.', Winning: 'Three in a row wins.' };
/** A stand-in game: only what the agent's prompt building reads of a game, with fixed words. */
const standIn = {
  id: 'stand-in',
  meta: { title: 'Stand-in' },
  rules: { summary: 'A stand-in game.', topics: TOPICS },
  parseConfig: (c: unknown) => c,
  prompt: {
    system: () => '[the game system prompt]',
    turn: () => '[the game turn prompt]',
    format: (a: { type: string }) => `[move ${a.type}]`,
  },
} as unknown as GameDef;

function context(rejections: TurnContext['rejections'], legal: TurnContext['legal']): TurnContext {
  return {
    game: standIn,
    config: {},
    matchId: 'm',
    numPlayers: 2,
    seat: 0,
    ply: 0,
    attempt: rejections.length,
    view: {},
    legal,
    rejections,
    rng: createRng('prompt-version'),
    signal: new AbortController().signal,
  };
}

/**
 * What one scaffold makes of a turn, in every rules mode, with and without a list of legal moves, after a rejection;
 * GameBench's own agent: its messages in its mode (the arena's presentation of the stand-in game) and what it sends
 * back after a reply it cannot use.
 */
function scaffoldText(scaffold: Scaffold): string {
  if (scaffold === 'gamebench-gpt' || scaffold === 'gamebench-gpt-cot') {
    const parts: unknown[] = [SCAFFOLDS[scaffold]];
    for (const legal of [[{ type: 'a' }], null]) {
      const turn = arenaPresentation(context([], legal), {});
      parts.push(answerMessages(turn, scaffold === 'gamebench-gpt' ? 0 : 1, '[the reasoning]'));
      parts.push(invalidActionMessage(turn, '[an action]'));
    }
    parts.push(OPENENDED_MISSING, INVALID_EXPLAIN);
    return JSON.stringify(parts);
  }
  const rejected = [{ reply: 'I move to the moon', error: '[the game says why]' }];
  const parts: unknown[] = [SCAFFOLDS[scaffold]];
  for (const rules of ['none', 'explain', 'upfront'] as RulesMode[])
    for (const legal of [[{ type: 'a' }], null])
      parts.push(buildMessages(context(rejected, legal), scaffold, {}, rules));
  return JSON.stringify(parts);
}

/** The agent's text outside the scaffolds: Explain's answers and RAP's questions. */
function commonText(): string {
  return JSON.stringify([
    explainAnswer(TOPICS, 'winning'),
    explainAnswer(TOPICS, 'castling'),
    RAP_SYSTEM,
    {
      actions: RAP_PROMPTS.actions,
      others: RAP_PROMPTS.others,
      next: RAP_PROMPTS.next('[an action]', '[their actions]'),
      intuitions: RAP_PROMPTS.intuitions(['[one]', '[two]']),
      selfEval: RAP_PROMPTS.selfEval('[an action]'),
      win: RAP_PROMPTS.win,
    },
  ]);
}

const hash = (text: string) => createHash('sha256').update(text).digest('hex').slice(0, 16);
/** Every part's hash now. */
const hashes = () =>
  Object.fromEntries([['common', hash(commonText())], ...SCAFFOLD_IDS.map((s) => [s, hash(scaffoldText(s))])]);

describe('the agent prompt version', () => {
  it('names the text an LLM agent adds to a game: a change to it needs a new PROMPT_VERSION', () => {
    const recorded = RECORDED[PROMPT_VERSION] ?? {};
    for (const [part, now] of Object.entries(hashes())) {
      if (recorded[part] === undefined && part !== 'common')
        throw new Error(`the new scaffold ${part}: record its hash ${now} under ${PROMPT_VERSION} in RECORDED`);
      expect(
        recorded[part],
        `the agent's prompt text (${part}) changed (hash ${now}) but PROMPT_VERSION is still ${PROMPT_VERSION}: bump ` +
          'it in lib/agents/scaffolds.ts and record the new hashes in RECORDED',
      ).toBe(now);
    }
  });

  it('sees each part it pins: a scaffold, the topics, a rejection and a RAP question each change a hash', () => {
    const before = hashes();
    const cot = SCAFFOLDS.cot.text;
    const asked = RAP_PROMPTS.actions;
    try {
      (SCAFFOLDS.cot as { text: string }).text = `${cot} `;
      expect(hashes()).toEqual({ ...before, cot: expect.not.stringMatching(before.cot!) as string });
      (SCAFFOLDS.cot as { text: string }).text = cot;
      (RAP_PROMPTS as { actions: string }).actions = `${asked} `;
      expect(hashes()).toEqual({ ...before, common: expect.not.stringMatching(before.common!) as string });
    } finally {
      (SCAFFOLDS.cot as { text: string }).text = cot;
      (RAP_PROMPTS as { actions: string }).actions = asked;
    }
    expect(hashes()).toEqual(before);
    // The rejection message and the topics text are in the messages themselves.
    const text = scaffoldText('base');
    expect(text).toContain('Your answer was rejected: [the game says why]');
    expect(text).toContain('Rules topics you can ask about: Moves, Winning.');
    expect(text).toContain('Rules in detail:');
  });
});
