// SimulBench's stages after a dialogue (seeds/004 Sec. 2.4–2.5), run by the match worker once a dialogue match of a
// SimulBench evaluation is over: the judge finds the first challenging turn and the scripts are frozen (extract); every
// target answers every script (answer); the judge rates each answer 1–10 (score) and, with pairwise on, compares every
// two targets' answers in both orders (compare). Every call is recorded on the dialogue's match (no ply), so it counts
// in the evaluation's spend and shows in the transcript. Safe to run again: only what is missing is asked for. A
// provider failure leaves that row without a result, with the reason — never a low score; an unreadable answer from
// the judge is sent back with the reason (twice), then it is "no score".
import { getGame } from '../../games/registry';
import type { Task } from '../../games/simulbench/types';
import type { Db } from '../../lib/db/client';
import { matchEventOf, movesOf } from '../../lib/engine/events';
import { dealOf, replayStates } from '../../lib/engine/replay';
import type { CallPurpose } from '../../lib/exports';
import { normalizeUtterance } from '../../games/simulbench/dialogue';
import {
  ANSWER_PROMPT_VERSION,
  COMPARE_PROMPT_VERSION,
  EXTRACT_PROMPT_VERSION,
  JUDGE_SAMPLING,
  SCORE_PROMPT_VERSION,
  answerMessages,
  compareMessages,
  correction,
  extractMessages,
  parsePairVerdict,
  parseRating,
  parseTurn,
  scoreMessages,
} from '../../lib/simulbench/judge-prompts';
import { SCRIPT_FILE_VERSION } from '../../lib/simulbench/script-file';
import { extractScripts } from '../../lib/simulbench/scripts';
import type { ChatTurn, PairVerdict } from '../../lib/simulbench/types';
import type { TournamentSpec } from '../../lib/tournament/spec';
import { InfraError, type CallRecord } from '../agents/types';
import { callModel, clientFor, type ChatReply } from '../llm/clients';
import type { AfterPlayStage } from '../workers/after-play';
import { prismaStore, type CallRow, type MatchStore } from '../workers/store';
import { tournamentScriptSet } from '../../lib/db/simulbench/script-sets';

/** Tries per judged question: the first answer and two corrections after an unreadable one. */
export const JUDGE_ATTEMPTS = 3;
/** The seat the calls are recorded under: the simulator's, whose replies the scripts continue. */
const SEAT = 1;

export type SimulbenchSpec = Extract<TournamentSpec, { format: 'simulbench' }>;

interface ModelAgent {
  id: string;
  model: string;
  temperature: number | null;
  maxTokens: number | null;
  provider: Parameters<typeof clientFor>[0] & { priceInPer1k: number; priceOutPer1k: number; modelPrices: unknown };
}

async function modelAgent(db: Db, id: string, role: string): Promise<ModelAgent> {
  const a = await db.agent.findUnique({ where: { id }, include: { provider: true } });
  if (!a || a.kind !== 'llm' || !a.provider || !a.model)
    throw new Error(`the ${role} ${id} is not an LLM agent with a provider and a model`);
  return {
    id: a.id,
    model: a.model,
    temperature: a.temperature,
    maxTokens: a.maxTokens,
    provider: a.provider as ModelAgent['provider'],
  };
}

type Reader<T> = (text: string) => T | { error: string };

/**
 * Asks `agent` until `read` accepts the reply (at most JUDGE_ATTEMPTS, the reason sent back each time), recording every
 * call. Returns the value, or the error that is kept instead of it (the last reason, or the provider's failure).
 */
async function ask<T extends object>(
  store: Pick<MatchStore, 'recordCall'>,
  matchId: string,
  agent: ModelAgent,
  purpose: CallPurpose,
  messages: { role: 'system' | 'user' | 'assistant'; content: string }[],
  read: Reader<T>,
  format: Parameters<typeof correction>[1] | null,
  sampling: { temperature?: number | null; maxTokens?: number | null } = {
    temperature: agent.temperature,
    maxTokens: agent.maxTokens,
  },
): Promise<{ value: T; text: string } | { error: string }> {
  const convo = [...messages];
  let last: { error: string } = { error: 'no answer' };
  const attempts = format === null ? 1 : JUDGE_ATTEMPTS;
  for (let attempt = 0; attempt < attempts; attempt++) {
    const row = (call: CallRecord, parsed: unknown, error: string | null): CallRow => ({
      ...call,
      seat: SEAT,
      ply: null,
      attempt,
      agentId: agent.id,
      parsedAction: parsed,
      error: call.error ?? error,
    });
    let reply: ChatReply;
    try {
      reply = await callModel(clientFor(agent.provider), {
        purpose,
        model: agent.model,
        messages: convo,
        ...sampling,
        prices: agent.provider,
      });
    } catch (err) {
      if (!(err instanceof InfraError)) throw err;
      await store.recordCall(matchId, ...err.calls.map((c) => row(c, null, null)));
      return { error: `the provider failed: ${err.message}` };
    }
    const read1 = read(reply.text);
    const bad = 'error' in read1 ? (read1 as { error: string }) : null;
    await store.recordCall(
      matchId,
      ...reply.failedCalls.map((c) => row(c, null, null)),
      row(reply.call, bad ? null : { type: purpose, ...read1 }, bad?.error ?? null),
    );
    if (!bad) return { value: read1 as T, text: reply.text };
    last = bad;
    if (format)
      convo.push({ role: 'assistant', content: reply.text }, { role: 'user', content: correction(bad.error, format) });
  }
  return last;
}

/** What one run did, for the log and the tests. */
export interface PipelineSummary {
  scripts: number;
  answers: number;
  scored: number;
  compared: number;
  /** Rows left without a result (their reasons are stored with them). */
  problems: number;
}

/** The dialogue a finished SimulBench match holds, its task, and the frozen script's id when it holds one instead. */
export async function dialogueOf(
  db: Db,
  matchId: string,
): Promise<{ task: Task; dialogue: ChatTurn[]; scriptId: string | null } | null> {
  const match = await db.match.findUnique({
    where: { id: matchId },
    include: { events: { where: { kind: 'move' }, orderBy: { seq: 'asc' } } },
  });
  const game = match && getGame(match.gameId);
  if (!match || match.status !== 'finished' || !game || game.id !== 'simulbench') return null;
  const moves = movesOf(match.events.map((e) => matchEventOf(matchId, e)));
  const end = replayStates(game, match.config, dealOf(match), match.numPlayers, moves).at(-1) as {
    task: Task;
    dialogue: { role: 'user' | 'assistant'; content: string }[];
    frozen?: { id: string };
  };
  return {
    task: end.task,
    dialogue: end.dialogue.map((t) => ({ role: t.role, content: t.content })),
    scriptId: end.frozen?.id ?? null,
  };
}

/**
 * SimulBench's stages as one stage after play (server/workers/after-play.ts): they run after each dialogue match of a
 * SimulBench evaluation, with its spec (the judge, the targets, pairwise…).
 */
export const simulbenchStage: AfterPlayStage<SimulbenchSpec> = {
  name: 'SimulBench stages',
  needs: (config) => (config.format === 'simulbench' ? (config as unknown as SimulbenchSpec) : null),
  needsSql: "t.config->>'format' = 'simulbench'",
  promptVersions: () => ({
    'simulbench-answer': ANSWER_PROMPT_VERSION,
    'simulbench-extract': EXTRACT_PROMPT_VERSION,
    'simulbench-score': SCORE_PROMPT_VERSION,
    'simulbench-compare': COMPARE_PROMPT_VERSION,
    'simulbench-scripts': String(SCRIPT_FILE_VERSION),
  }),
  run: async (db, matchId, tournamentId, spec) => {
    const s = await processDialogue(db, matchId, tournamentId, spec);
    return s.problems ? `SimulBench left ${s.problems} answer(s) or comparison(s) without a result` : null;
  },
};

/** Every stage for one finished dialogue match of a SimulBench evaluation. */
export async function processDialogue(
  db: Db,
  matchId: string,
  tournamentId: string,
  spec: SimulbenchSpec,
  store: Pick<MatchStore, 'recordCall'> = prismaStore(db),
): Promise<PipelineSummary> {
  const summary: PipelineSummary = { scripts: 0, answers: 0, scored: 0, compared: 0, problems: 0 };
  const found = await dialogueOf(db, matchId);
  if (!found) return summary;
  const { task, dialogue, scriptId } = found;
  const judge = await modelAgent(db, spec.judgeId, 'judge');
  const setName = tournamentScriptSet(tournamentId);

  // A frozen script (an evaluation that reuses a script set): nothing to extract, its one script to answer.
  // A dialogue: extracted once (its scripts are frozen from then on).
  let scripts = scriptId
    ? await db.simulScript.findMany({ where: { id: scriptId } })
    : await db.simulScript.findMany({ where: { sourceMatchId: matchId, setName }, orderBy: { turn: 'asc' } });
  if (scriptId && scripts.length === 0) throw new Error(`the frozen script ${scriptId} is gone (its set was deleted)`);
  if (scripts.length === 0) {
    const verdict = await ask(
      store,
      matchId,
      judge,
      'simul-extract',
      extractMessages(dialogue),
      (t) => parseTurn(t, turnsOf(dialogue)),
      'turn',
      JUDGE_SAMPLING.extract,
    );
    const judgedTurn = 'error' in verdict ? null : verdict.value.turn;
    const made = extractScripts(dialogue, judgedTurn);
    await db.simulScript.createMany({
      data: made.map((s) => ({
        setName,
        key: `${matchId}:${s.turn}`,
        task: task as object,
        taskId: task.id,
        kind: task.kind,
        type: s.type,
        turn: s.turn,
        history: s.history as object[],
        sourceMatchId: matchId,
        judgedTurn,
        judgeError: 'error' in verdict ? verdict.error : null,
      })),
      skipDuplicates: true,
    });
    scripts = await db.simulScript.findMany({ where: { sourceMatchId: matchId, setName }, orderBy: { turn: 'asc' } });
  }
  summary.scripts = scripts.length;
  const targets = await Promise.all(spec.agentIds.map((id) => modelAgent(db, id, 'target')));
  for (const script of scripts) {
    const r = await scoreScript(
      db,
      store,
      matchId,
      tournamentId,
      { id: script.id, history: script.history as unknown as ChatTurn[], task: script.task as unknown as Task },
      targets,
      judge,
      spec,
    );
    summary.answers += r.answers;
    summary.scored += r.scored;
    summary.compared += r.compared;
    summary.problems += r.problems;
  }
  return summary;
}

const turnsOf = (d: readonly ChatTurn[]) => d.filter((t) => t.role === 'user').length;

/** Answers, ratings and comparisons of one script (only the missing ones). */
export async function scoreScript(
  db: Db,
  store: Pick<MatchStore, 'recordCall'>,
  matchId: string,
  tournamentId: string,
  script: { id: string; history: ChatTurn[]; task: Task },
  targets: ModelAgent[],
  judge: ModelAgent,
  spec: Pick<SimulbenchSpec, 'pairwise' | 'targetSampling'>,
): Promise<Omit<PipelineSummary, 'scripts'>> {
  const out = { answers: 0, scored: 0, compared: 0, problems: 0 };
  const have = await db.simulAnswer.findMany({ where: { tournamentId, scriptId: script.id } });
  // Answer and rate: the targets in parallel (each its own provider's limits), each answer rated once.
  await Promise.all(
    targets.map(async (target) => {
      let row = have.find((a) => a.agentId === target.id);
      if (!row) {
        // A target answers as the next assistant message of the frozen history, after the authors' code's system
        // message, at the evaluation's sampling (the paper: greedy, 1,024 tokens).
        const answer = await ask(
          store,
          matchId,
          target,
          'simul-answer',
          answerMessages(script.history),
          (t) => ({ text: normalizeUtterance(stripThink(t)) }),
          null,
          spec.targetSampling,
        );
        row = await db.simulAnswer.upsert({
          where: { tournamentId_scriptId_agentId: { tournamentId, scriptId: script.id, agentId: target.id } },
          create: {
            tournamentId,
            scriptId: script.id,
            agentId: target.id,
            text: 'error' in answer ? null : answer.value.text,
            error: 'error' in answer ? answer.error : null,
          },
          update: {},
        });
        out.answers++;
      }
      if (row.text === null) {
        out.problems++;
        return;
      }
      if (row.score !== null || row.judgeError !== null) return;
      const rating = await ask(
        store,
        matchId,
        judge,
        'simul-score',
        scoreMessages(script.task.name, script.history, row.text),
        parseRating,
        'rating',
        JUDGE_SAMPLING.score,
      );
      await db.simulAnswer.update({
        where: { id: row.id },
        data:
          'error' in rating
            ? { judgeError: rating.error }
            : { score: rating.value.rating, judgeReason: reasonOf(rating.text) },
      });
      if ('error' in rating) out.problems++;
      else out.scored++;
    }),
  );
  if (!spec.pairwise || targets.length < 2) return out;
  const answers = await db.simulAnswer.findMany({ where: { tournamentId, scriptId: script.id } });
  const done = await db.simulComparison.findMany({
    where: { tournamentId, scriptId: script.id },
    select: { agentA: true, agentB: true },
  });
  const ids = targets.map((t) => t.id).sort();
  for (let i = 0; i < ids.length; i++) {
    for (let j = i + 1; j < ids.length; j++) {
      const [a, b] = [answers.find((x) => x.agentId === ids[i]), answers.find((x) => x.agentId === ids[j])];
      // An answer the provider never gave is not compared (an empty answer is: it can be the right one).
      if (a?.text == null || b?.text == null) continue;
      if (done.some((d) => d.agentA === ids[i] && d.agentB === ids[j])) continue;
      // Both orders, so a position bias shows as a disagreement (the paper, after MT-Bench): A's answer first, then B's.
      const [first, second] = await Promise.all([
        ask(
          store,
          matchId,
          judge,
          'simul-compare',
          compareMessages(script.task.name, script.history, a.text, b.text),
          parsePairVerdict,
          'verdict',
          JUDGE_SAMPLING.compare,
        ),
        ask(
          store,
          matchId,
          judge,
          'simul-compare',
          compareMessages(script.task.name, script.history, b.text, a.text),
          parsePairVerdict,
          'verdict',
          JUDGE_SAMPLING.compare,
        ),
      ]);
      const verdict = (r: typeof first): PairVerdict | null => ('error' in r ? null : r.value.verdict);
      const errors = [first, second].flatMap((r, k) =>
        'error' in r ? [`${k === 0 ? 'first' : 'second'} order: ${r.error}`] : [],
      );
      await db.simulComparison.createMany({
        data: [
          {
            tournamentId,
            scriptId: script.id,
            agentA: ids[i]!,
            agentB: ids[j]!,
            first: verdict(first),
            second: verdict(second),
            error: errors.join('; ') || null,
          },
        ],
        skipDuplicates: true,
      });
      if (errors.length) out.problems++;
      else out.compared++;
    }
  }
  return out;
}

/** A model's answer as the script's next message: its hidden reasoning (a <think> block) removed. */
function stripThink(text: string): string {
  return text.replace(/<think>[\s\S]*?<\/think>/gi, '').trim();
}

/** The judge's explanation: its reply without the rating line, shortened. */
function reasonOf(text: string): string {
  return stripThink(text)
    .replace(/\[\[\s*\d+(?:[.,]\d+)?\s*\]\]/g, '')
    .replace(/rating\s*:\s*$/im, '')
    .trim()
    .slice(0, 600);
}
