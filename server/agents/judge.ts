// The consistency judge: after a match, a judge agent (any LLM agent) scores each statement the game marks judgeable
// (Who is the spy's descriptions) against its speaker's own word. Verdicts go to the judgments table, the calls to
// llm_calls (ply -1: after the match), so they count in the tournament's spend. Safe to run again: only missing
// verdicts are asked for.
import OpenAI, { APIError } from 'openai';
import { getGame } from '../../games/registry';
import type { Db } from '../../lib/db';
import { replayStates } from '../../lib/engine/replay';
import { judgeMessages, parseVerdict } from '../../lib/judge';
import { callCost } from '../../lib/pricing';
import { clientFor } from '../llm/clients';

/** Tries per statement: the first answer and two corrections after an unreadable one. */
const ATTEMPTS = 3;

export interface JudgeSummary {
  judged: number;
  failed: number;
  skipped: boolean;
}

export async function judgeMatch(db: Db, matchId: string, judgeId: string): Promise<JudgeSummary> {
  const match = await db.match.findUnique({
    where: { id: matchId },
    include: { events: { where: { kind: 'move' }, orderBy: { seq: 'asc' } }, judgments: { where: { judgeId } } },
  });
  const game = match && getGame(match.gameId);
  if (!match || match.status !== 'finished' || !game?.judgeable) return { judged: 0, failed: 0, skipped: true };
  const judge = await db.agent.findUnique({ where: { id: judgeId }, include: { provider: true } });
  if (!judge || judge.kind !== 'llm' || !judge.provider || !judge.model) throw new Error(`judge ${judgeId} is not an LLM agent with a provider and a model`);

  const moves = match.events.map((e) => {
    const p = e.payload as { ply: number; action: { type: string } };
    return { ply: p.ply, seat: e.seat ?? 0, action: p.action };
  });
  const end = replayStates(game, match.config, match.seed, match.numPlayers, moves).at(-1);
  const done = new Set(match.judgments.map((j) => j.item));
  const client = clientFor(judge.provider);
  const summary: JudgeSummary = { judged: 0, failed: 0, skipped: false };

  for (const item of game.judgeable(end).filter((i) => !done.has(i.item))) {
    const messages: { role: 'system' | 'user' | 'assistant'; content: string }[] = judgeMessages(item);
    let verdict: ReturnType<typeof parseVerdict> = { error: 'no answer' };
    for (let attempt = 0; attempt < ATTEMPTS; attempt++) {
      const started = performance.now();
      let reply: string | null = null;
      let error: string | null = null;
      let usage: OpenAI.Completions.CompletionUsage | undefined;
      try {
        const completion = await client.chat.completions.create({
          model: judge.model, messages,
          ...(judge.temperature != null ? { temperature: judge.temperature } : {}),
          ...(judge.maxTokens != null ? { max_tokens: judge.maxTokens } : {}),
        });
        const content: unknown = completion?.choices?.[0]?.message?.content;
        reply = typeof content === 'string' ? content : '';
        usage = completion.usage;
        verdict = parseVerdict(reply);
      } catch (err) {
        error = err instanceof APIError && err.status ? `provider answered HTTP ${err.status}: ${err.message}` : (err as Error).message;
        verdict = { error };
      }
      await db.llmCall.create({
        data: {
          matchId, seat: item.seat, ply: -1, attempt, agentId: judgeId, model: judge.model, messages, reply,
          parsedAction: 'error' in verdict ? undefined : { type: 'judgment', item: item.item, ...verdict },
          error: error ?? ('error' in verdict ? verdict.error : null),
          tokensIn: usage?.prompt_tokens ?? null, tokensOut: usage?.completion_tokens ?? null,
          latencyMs: Math.round(performance.now() - started),
          costUsd: callCost(judge.provider, judge.model, usage?.prompt_tokens ?? null, usage?.completion_tokens ?? null),
        },
      });
      // A provider that fails is not asked again for this statement (the SDK already retried it).
      if (!('error' in verdict) || error) break;
      messages.push({ role: 'assistant', content: reply ?? '' }, { role: 'user', content: `Your answer could not be read: ${verdict.error}\nAnswer again in the three lines.` });
    }
    const fields = 'error' in verdict
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
