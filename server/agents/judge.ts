// The consistency judge: after a match, a judge agent (any LLM agent) scores each statement the game marks judgeable
// (Who is the spy's descriptions) against its speaker's own word. Verdicts go to the judgments table; the calls are
// made and recorded as the players' are (callModel, the match store), with the purpose `judge` and no ply, so they
// count in the tournament's spend. A provider failure (retried first, as for the players) leaves the verdict missing
// with the reason; only a readable reply that is no verdict is corrected. Safe to run again: only missing verdicts are
// asked for.
import { games, getGame, testGames } from '../../games/registry';
import type { Db } from '../../lib/db/client';
import { matchEventOf, movesOf } from '../../lib/engine/events';
import { dealOf, replayStates } from '../../lib/engine/replay';
import { JUDGE_PROMPT_VERSION, judgeMessages, parseVerdict } from '../../lib/consistency-judge-prompt';
import { callModel, clientFor, type ChatReply } from '../llm/clients';
import type { AfterPlayStage } from '../workers/after-play';
import { prismaStore, type CallRow, type MatchStore } from '../workers/store';
import { InfraError, type CallRecord } from './types';

/** Tries per statement: the first answer and two corrections after an unreadable one. */
const ATTEMPTS = 3;

export interface JudgeSummary {
  judged: number;
  failed: number;
  skipped: boolean;
}

/** `store`: where the calls are recorded (the match store; a test may wrap it). */
export async function judgeMatch(
  db: Db,
  matchId: string,
  judgeId: string,
  store: Pick<MatchStore, 'recordCall'> = prismaStore(db),
): Promise<JudgeSummary> {
  const match = await db.match.findUnique({
    where: { id: matchId },
    include: { events: { where: { kind: 'move' }, orderBy: { seq: 'asc' } }, judgments: { where: { judgeId } } },
  });
  const game = match && getGame(match.gameId);
  if (!match || match.status !== 'finished' || !game?.judgeable) return { judged: 0, failed: 0, skipped: true };
  const judge = await db.agent.findUnique({ where: { id: judgeId }, include: { provider: true } });
  if (!judge || judge.kind !== 'llm' || !judge.provider || !judge.model)
    throw new Error(`judge ${judgeId} is not an LLM agent with a provider and a model`);

  const moves = movesOf(match.events.map((e) => matchEventOf(matchId, e)));
  const end = replayStates(game, match.config, dealOf(match), match.numPlayers, moves).at(-1);
  const done = new Set(match.judgments.map((j) => j.item));
  const client = clientFor(judge.provider);
  const summary: JudgeSummary = { judged: 0, failed: 0, skipped: false };

  for (const item of game.judgeable(end).filter((i) => !done.has(i.item))) {
    const messages: { role: 'system' | 'user' | 'assistant'; content: string }[] = judgeMessages(item);
    let verdict: ReturnType<typeof parseVerdict> = { error: 'no answer' };
    // A call's row: the verdict it gave is its parsed action; a readable reply that is no verdict keeps why as its error.
    const row = (call: CallRecord, attempt: number): CallRow => ({
      ...call,
      seat: item.seat,
      ply: null,
      attempt,
      agentId: judgeId,
      parsedAction: call.error || 'error' in verdict ? null : { type: 'judgment', item: item.item, ...verdict },
      error: call.error ?? ('error' in verdict ? verdict.error : null),
    });
    for (let attempt = 0; attempt < ATTEMPTS; attempt++) {
      let reply: ChatReply;
      try {
        // Transport and protocol failures are retried inside (the same policy as the players').
        reply = await callModel(client, {
          purpose: 'judge',
          model: judge.model,
          messages,
          temperature: judge.temperature,
          maxTokens: judge.maxTokens,
          prices: judge.provider,
        });
      } catch (err) {
        if (!(err instanceof InfraError)) throw err;
        // The provider failed, not the judge: no correction is asked for, the verdict is missing with the reason.
        verdict = { error: err.message };
        await store.recordCall(matchId, ...err.calls.map((call) => row(call, attempt)));
        break;
      }
      verdict = parseVerdict(reply.text);
      await store.recordCall(matchId, ...reply.failedCalls.map((call) => row(call, attempt)), row(reply.call, attempt));
      if (!('error' in verdict)) break;
      messages.push(
        { role: 'assistant', content: reply.text },
        { role: 'user', content: `Your answer could not be read: ${verdict.error}\nAnswer again in the three lines.` },
      );
    }
    const fields =
      'error' in verdict
        ? { score: null, consistent: null, reason: null, error: verdict.error }
        : { score: verdict.score, consistent: verdict.consistent, reason: verdict.reason, error: null };
    await db.judgment.upsert({
      where: { matchId_item_judgeId: { matchId, item: item.item, judgeId } },
      create: { matchId, item: item.item, seat: item.seat, judgeId, ...fields },
      update: fields,
    });
    if (fields.error === null) summary.judged++;
    else summary.failed++;
  }
  return summary;
}

/** A game id as an SQL string: the registry's own ids ([a-z0-9-]), never a user's text; anything else is refused. */
function sqlText(id: string): string {
  if (!/^[a-z0-9-]+$/.test(id)) throw new Error(`game id ${JSON.stringify(id)} is not [a-z0-9-]`);
  return `'${id}'`;
}

/** The games whose matches have statements to judge (`judgeable`). */
const JUDGEABLE = [...games, ...testGames].filter((g) => g.judgeable).map((g) => g.id);

/**
 * The consistency judge as a stage after play (server/workers/after-play.ts): it runs after each match of a tournament
 * with a judge (`judgeId`) and a game that has statements to judge among its games.
 */
export const consistencyJudgeStage: AfterPlayStage<{ judgeId: string }> = {
  name: 'judging',
  needs: (config) =>
    typeof config.judgeId === 'string' &&
    Array.isArray(config.gameIds) &&
    config.gameIds.some((id) => JUDGEABLE.includes(id as string))
      ? { judgeId: config.judgeId }
      : null,
  needsSql: `t.config->>'judgeId' IS NOT NULL AND t.config->'gameIds' ?| ARRAY[${JUDGEABLE.map(sqlText).join(', ')}]::text[]`,
  promptVersions: (gameId): Record<string, string> =>
    JUDGEABLE.includes(gameId) ? { consistency: JUDGE_PROMPT_VERSION } : {},
  run: async (db, matchId, _tournamentId, { judgeId }) => {
    const j = await judgeMatch(db, matchId, judgeId);
    return j.failed ? `the judge could not score ${j.failed} statement(s)` : null;
  },
};
