// Pure formatting of the match exports for machine clients: which games an export covers (`game`, `category`, `suite`:
// the leaderboard's filters), GameBench's JSON records, CSV seat rows (RFC 4180), JSONL match records, and streaming.
import { games, getGame } from '../games/registry';
import type { StoredEvent } from './engine/events';
import { exportViewer, seenEvent, type SeenEvent } from './engine/visibility';
import { CATEGORIES, protocolParamSchema } from './leaderboard-contract';

/**
 * The games an export covers from its `?game=`, `?category=` and `?suite=` (the leaderboard's filters, which its links
 * carry): one game, the games of one reasoning category, GameBench's nine (`suite=gamebench`), any of them together, or
 * all (`games` undefined); and its
 * rules from `?protocol=` (the leaderboard's too): each game's current rules by default, `pooled` for every rules
 * version, or one rules key. An unknown game, category or protocol value is a readable 400.
 */
export function exportScope(url: string): { games?: string[]; protocol: string; suffix: string } | { error: string } {
  const p = new URL(url).searchParams;
  const game = p.get('game') || undefined;
  const category = p.get('category') || undefined;
  const rules = protocolParamSchema.safeParse(p.get('protocol') || undefined);
  if (!rules.success)
    return { error: `protocol: "${p.get('protocol')}" is not valid (${rules.error.issues[0]!.message})` };
  const protocol = rules.data;
  const tag = protocol === 'current' ? '' : `-${protocol}`;
  if (game && !getGame(game)) return { error: `unknown game "${game}"` };
  if (category && !(CATEGORIES as readonly string[]).includes(category))
    return { error: `unknown category "${category}": one of ${CATEGORIES.join(', ')}` };
  const suite = p.get('suite') || 'all';
  if (suite !== 'all' && suite !== 'gamebench')
    return { error: `suite: "${suite}" is not valid (one of all, gamebench: GameBench's nine games)` };
  const gamebench = suite === 'gamebench';
  if (!game && !category && !gamebench) return { protocol, suffix: tag };
  const ids = (game ? [getGame(game)!] : games)
    .filter((g) => !category || (g.meta.categories as readonly string[]).includes(category))
    .filter((g) => !gamebench || g.meta.gamebenchId !== undefined)
    .map((g) => g.id);
  const named = [game, category, gamebench ? 'gamebench' : undefined].filter(Boolean);
  return { games: ids, protocol, suffix: `-${named.join('-')}${tag}` };
}

/** One seat of an exported match, with the agent that played it. */
export interface ExportSeat {
  seat: number;
  agentId: string;
  agentName: string;
  agentKind: string;
  model: string | null;
  scaffold: string | null;
  promptVersion: string | null;
  /** True when the agent or its provider is the simulated LLM endpoint. */
  simulated: boolean;
  /** In [0, 1]; null while unfinished or when the match was void. */
  score: number | null;
  /** win | draw | loss | shared, once finished. */
  outcome: string | null;
  illegalCount: number;
  forfeitCount: number;
}

/** A finished (or void) match as the exports see it. */
export interface ExportMatch {
  id: string;
  gameId: string;
  tournamentId: string | null;
  tournamentName: string | null;
  /** Null while another match dealt from the same seed (its seat-swapped twin) is still to be played. */
  seed: string | null;
  /** finished | failed */
  status: string;
  config: unknown;
  /** { scores, reason, winner, rewards?, unrated? } when finished. */
  result: unknown;
  /** False for a finished match that rates no one (a person gave up before a move of their own); absent = rated. */
  rated?: boolean;
  failureReason: string | null;
  createdAt: Date;
  startedAt: Date | null;
  finishedAt: Date | null;
  seats: ExportSeat[];
  /** The protocol it was played under (lib/match-protocol.ts) and its key; null for a match without one. */
  protocol: unknown;
  protocolKey: string | null;
}

/**
 * One match event as exported (the `id` column is left out: `seq` orders events within a match): every event of an
 * ended match, seat-private ones included with their `visibleTo`, as lib/engine/visibility.ts lets it leave the arena.
 */
export type ExportEvent = SeenEvent & {
  seq: number;
  /** Seats allowed to see it while the match ran; [] = public. */
  visibleTo: number[];
  at: Date;
};

/**
 * A stored event of an ended match of `gameId`, as exported. Hidden-information decision: exports hold ended matches
 * only, which everyone may see whole (the exports' viewer is omniscient), but the rules of visibility.ts still apply:
 * no start event carries the seed (older logs have it there; the match's own `seed` field says it, or not).
 */
export function exportEvent(gameId: string, ev: StoredEvent): ExportEvent {
  const game = getGame(gameId) ?? { meta: { info: 'imperfect' as const } };
  const seen = seenEvent(game, ev, exportViewer)!; // an omniscient viewer sees every event
  return {
    seq: ev.seq,
    kind: seen.kind,
    seat: seen.seat,
    payload: seen.payload,
    visibleTo: ev.visibleTo,
    at: ev.at,
  } as ExportEvent;
}

/**
 * What a model call was for (the `purpose` column of llm_calls): `move`, a player deciding a move (its `ply` is the
 * move's index); `judge`, a consistency judge scoring a statement after the match (no ply: `ply` is null); or one
 * step of a RAP agent's search before its move (lib/agents/rap.ts; the move's ply): `rap-expand` (the actions of a
 * predicted state), `rap-simulate` (the others' actions and the next state), `rap-evaluate` (the rewards: intuition,
 * self-evaluation, win probability); or one of SimulBench's stages after a dialogue (server/simulbench, no ply):
 * `simul-extract` (the judge finds the first challenging turn), `simul-answer` (a target answers a script),
 * `simul-score` (the judge rates an answer 1–10), `simul-compare` (the judge compares two answers).
 */
export type CallPurpose =
  | 'move'
  | 'judge'
  | 'rap-expand'
  | 'rap-simulate'
  | 'rap-evaluate'
  | 'simul-extract'
  | 'simul-answer'
  | 'simul-score'
  | 'simul-compare';

/** One request to a model: what was sent, what came back, what it cost. */
export interface ExportLlmCall {
  purpose: CallPurpose;
  /** The seat it is about: the player's own, or the seat whose statement a judge scored. */
  seat: number;
  /** The move's index for a `move` call; null for calls outside the moves (`judge`). */
  ply: number | null;
  attempt: number;
  agentId: string;
  model: string;
  messages: unknown;
  reply: string | null;
  parsedAction: unknown;
  tokensIn: number | null;
  tokensOut: number | null;
  latencyMs: number;
  error: string | null;
  at: Date;
}

/**
 * GameBench's record for one finished match: `{ "game": "<game id>", "<agent name>": <score>, … }`.
 * An agent that sits in several seats of one match (self-play) gets the sum of its seats' scores, so the
 * record's scores still sum to 1. An agent literally named "game" would clash with the game key: its key
 * becomes `game (agent <id>)` instead.
 */
export function gameBenchRecord(m: Pick<ExportMatch, 'gameId' | 'seats'>): Record<string, string | number> {
  // Summed in a Map and made of own properties (any name, "__proto__" included, is a key like any other).
  const scores = new Map<string, number>();
  for (const s of m.seats) {
    const key = s.agentName === 'game' ? `game (agent ${s.agentId})` : s.agentName;
    scores.set(key, (scores.get(key) ?? 0) + (s.score ?? 0));
  }
  return { game: m.gameId, ...Object.fromEntries(scores) };
}

/** Columns of matches.csv, one row per seat of a finished match. */
export const CSV_COLUMNS = [
  'match_id',
  'game',
  'tournament',
  'seed',
  'finished_at',
  'seat',
  'agent_id',
  'agent_name',
  'agent_kind',
  'model',
  'scaffold',
  'prompt_version',
  'simulated',
  'score',
  'outcome',
  'illegal_count',
  'forfeit_count',
  'protocol_key',
  'protocol',
  'rated',
] as const;

export type CsvValue = string | number | boolean | null | undefined;

/**
 * One field, RFC 4180: a field holding a comma, a double quote, CR or LF is wrapped in double quotes and
 * its quotes doubled; anything else is written as is. null and undefined become the empty field.
 * (Values are not altered to defuse spreadsheet formulas: this is data for analysis tools, kept exact.)
 */
export function csvEscape(value: CsvValue): string {
  if (value === null || value === undefined) return '';
  const text = typeof value === 'string' ? value : String(value);
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

/** One record: escaped fields joined by commas, ended by CRLF (RFC 4180). */
export function csvLine(values: readonly CsvValue[]): string {
  return `${values.map(csvEscape).join(',')}\r\n`;
}

export const CSV_HEADER = csvLine(CSV_COLUMNS);

/** The CSV rows (not yet escaped) of one finished match, one per seat, in CSV_COLUMNS order. */
export function csvRows(m: ExportMatch): CsvValue[][] {
  return m.seats.map((s) => [
    m.id,
    m.gameId,
    m.tournamentName,
    m.seed,
    m.finishedAt?.toISOString(),
    s.seat,
    s.agentId,
    s.agentName,
    s.agentKind,
    s.model,
    s.scaffold,
    s.promptVersion,
    s.simulated,
    s.score,
    s.outcome,
    s.illegalCount,
    s.forfeitCount,
    m.protocolKey,
    m.protocol == null ? null : JSON.stringify(m.protocol),
    ratesSomeone(m),
  ]);
}

/** False for a match that rates no one: a person gave up before a move of their own, or a judged evaluation (DEEP). */
export function ratesSomeone(m: Pick<ExportMatch, 'gameId' | 'rated'>): boolean {
  return m.rated !== false && getGame(m.gameId)?.meta.scoring !== 'evaluation';
}

/** The full record of one match for matches.jsonl: the match, its seats, every event and every model call (dates become ISO strings in JSON). */
export function jsonlRecord(m: ExportMatch, events: ExportEvent[], llmCalls: ExportLlmCall[]) {
  return {
    id: m.id,
    game: m.gameId,
    tournament: m.tournamentId ? { id: m.tournamentId, name: m.tournamentName } : null,
    seed: m.seed,
    status: m.status,
    config: m.config,
    result: m.result,
    rated: ratesSomeone(m),
    failureReason: m.failureReason,
    createdAt: m.createdAt,
    startedAt: m.startedAt,
    finishedAt: m.finishedAt,
    seats: m.seats,
    protocol: m.protocol == null ? null : { key: m.protocolKey, ...(m.protocol as object) },
    events,
    llmCalls,
  };
}

/** A JSON array written piece by piece: `[`, the items separated by commas, `]` (one item a line). */
export async function* jsonArrayChunks(items: AsyncIterable<unknown[]>): AsyncGenerator<string> {
  let first = true;
  yield '[';
  for await (const batch of items) {
    if (batch.length === 0) continue;
    const body = batch.map((item) => JSON.stringify(item)).join(',\n');
    yield `${first ? '\n' : ',\n'}${body}`;
    first = false;
  }
  yield first ? ']\n' : '\n]\n';
}

/**
 * A byte stream pulled from text chunks: the next chunk is produced only when the client reads, so a large
 * export never sits in memory whole; a client that disconnects stops the producer.
 */
export function textStream(chunks: AsyncIterable<string>): ReadableStream<Uint8Array> {
  const encoder = new TextEncoder();
  const it = chunks[Symbol.asyncIterator]();
  return new ReadableStream<Uint8Array>({
    async pull(controller) {
      try {
        const { done, value } = await it.next();
        if (done) controller.close();
        else controller.enqueue(encoder.encode(value));
      } catch (err) {
        controller.error(err);
      }
    },
    async cancel() {
      await it.return?.(undefined);
    },
  });
}
