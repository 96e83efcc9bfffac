// Tests of the export formatting: GameBench JSON records, CSV escaping and rows, JSONL records, the streamed JSON array.
import { describe, expect, it } from 'vitest';
import {
  CSV_COLUMNS,
  CSV_HEADER,
  csvEscape,
  csvLine,
  csvRows,
  exportScope,
  gameBenchRecord,
  jsonArrayChunks,
  jsonlRecord,
  textStream,
  type ExportMatch,
  type ExportSeat,
} from './exports';

function seat(over: Partial<ExportSeat> & Pick<ExportSeat, 'seat' | 'agentId' | 'agentName'>): ExportSeat {
  return {
    agentKind: 'llm',
    model: 'sim-careful',
    scaffold: 'cot',
    promptVersion: 'v1',
    simulated: true,
    score: 0.5,
    outcome: 'draw',
    illegalCount: 0,
    forfeitCount: 0,
    ...over,
  };
}

const PROTOCOL = {
  game: 'tictactoe',
  version: 1,
  preset: 'defaults',
  agents: ['cot/v1', 'engine'],
  generator: 'hmac-sha256-chacha20',
  data: {},
  judges: {},
};

function match(seats: ExportSeat[], over: Partial<ExportMatch> = {}): ExportMatch {
  return {
    id: 'm1',
    gameId: 'tictactoe',
    tournamentId: 't1',
    tournamentName: 'Demo round robin',
    seed: 'abc',
    status: 'finished',
    config: {},
    result: { scores: seats.map((s) => s.score), reason: 'draw', winner: null },
    failureReason: null,
    createdAt: new Date('2025-01-01T10:00:00Z'),
    startedAt: new Date('2025-01-01T10:00:01Z'),
    finishedAt: new Date('2025-01-01T10:01:00Z'),
    seats,
    protocol: PROTOCOL,
    protocolKey: 'k1',
    ...over,
  };
}

async function collect(it: AsyncIterable<string>): Promise<string> {
  let out = '';
  for await (const chunk of it) out += chunk;
  return out;
}

async function* batches<T>(...bs: T[][]): AsyncGenerator<T[]> {
  for (const b of bs) yield b;
}

describe('exportScope', () => {
  const at = (q: string) => exportScope(`http://arena.test/api/export/matches.json${q}`);
  const nine = [
    'sea-battle',
    'two-rooms',
    'are-you-the-traitor',
    'air-land-sea',
    'santorini',
    'hive',
    'pit',
    'codenames',
    'arctic-scavengers',
  ];

  it("suite=gamebench is GameBench's nine games, with a category too, named in the file name", () => {
    const all = at('?suite=gamebench');
    expect('games' in all && all.games).toHaveLength(9);
    for (const g of nine) expect('games' in all && all.games).toContain(g);
    expect('games' in all && all.games).not.toContain('tictactoe');
    expect(all).toMatchObject({ protocol: 'current', suffix: '-gamebench' });
    const strategy = at('?suite=gamebench&category=abstract-strategy');
    expect('games' in strategy && strategy.games).toEqual(expect.arrayContaining(['sea-battle', 'santorini', 'hive']));
    expect('games' in strategy && strategy.games).not.toContain('connect-four');
    expect(strategy).toMatchObject({ suffix: '-abstract-strategy-gamebench' });
  });

  it('every game without a filter; a bad suite is refused in words', () => {
    expect(at('')).toEqual({ protocol: 'current', suffix: '' });
    expect(at('?suite=all')).toEqual({ protocol: 'current', suffix: '' });
    expect(at('?suite=paper')).toEqual({
      error: 'suite: "paper" is not valid (one of all, gamebench: GameBench\'s nine games)',
    });
  });
});

describe('gameBenchRecord', () => {
  it('has the game and one numeric key per agent holding its score', () => {
    const m = match([
      seat({ seat: 0, agentId: 'a', agentName: 'Random', score: 0, outcome: 'loss' }),
      seat({ seat: 1, agentId: 'b', agentName: 'Engine', score: 1, outcome: 'win' }),
    ]);
    expect(gameBenchRecord(m)).toEqual({ game: 'tictactoe', Random: 0, Engine: 1 });
  });

  it('sums the scores of an agent that holds several seats', () => {
    const m = match([
      seat({ seat: 0, agentId: 'a', agentName: 'Random', score: 0.25 }),
      seat({ seat: 1, agentId: 'a', agentName: 'Random', score: 0.25 }),
      seat({ seat: 2, agentId: 'b', agentName: 'Engine', score: 0.5 }),
    ]);
    expect(gameBenchRecord(m)).toEqual({ game: 'tictactoe', Random: 0.5, Engine: 0.5 });
  });

  it('does not let an agent named "game" overwrite the game key', () => {
    const m = match([
      seat({ seat: 0, agentId: 'x', agentName: 'game', score: 1 }),
      seat({ seat: 1, agentId: 'b', agentName: 'Engine', score: 0 }),
    ]);
    expect(gameBenchRecord(m)).toEqual({ game: 'tictactoe', 'game (agent x)': 1, Engine: 0 });
  });
});

describe('CSV', () => {
  it('leaves plain fields alone and writes null as empty', () => {
    expect(csvEscape('Random')).toBe('Random');
    expect(csvEscape(0.5)).toBe('0.5');
    expect(csvEscape(true)).toBe('true');
    expect(csvEscape(null)).toBe('');
    expect(csvEscape(undefined)).toBe('');
    expect(csvEscape(' spaced ')).toBe(' spaced ');
  });

  it('quotes fields with commas, quotes and line breaks, doubling the quotes (RFC 4180)', () => {
    expect(csvEscape('a,b')).toBe('"a,b"');
    expect(csvEscape('say "hi"')).toBe('"say ""hi"""');
    expect(csvEscape('two\nlines')).toBe('"two\nlines"');
    expect(csvEscape('cr\rhere')).toBe('"cr\rhere"');
    expect(csvEscape('"')).toBe('""""');
  });

  it('ends every record with CRLF', () => {
    expect(csvLine(['a', 'b,c', null, 1])).toBe('a,"b,c",,1\r\n');
    expect(CSV_HEADER).toBe(`${CSV_COLUMNS.join(',')}\r\n`);
    expect(CSV_HEADER.startsWith('match_id,game,tournament,seed,finished_at,seat,agent_id,agent_name')).toBe(true);
  });

  it('writes one row per seat in column order', () => {
    const m = match(
      [
        seat({
          seat: 0,
          agentId: 'a',
          agentName: 'sim-careful · cot (simulated)',
          score: 1,
          outcome: 'win',
          illegalCount: 2,
        }),
        seat({
          seat: 1,
          agentId: 'b',
          agentName: 'Engine',
          agentKind: 'engine',
          model: null,
          scaffold: null,
          promptVersion: null,
          simulated: false,
          score: 0,
          outcome: 'loss',
          forfeitCount: 1,
        }),
      ],
      { tournamentName: 'Round robin, "demo"' },
    );
    const rows = csvRows(m);
    expect(rows).toHaveLength(2);
    expect(rows[0]).toHaveLength(CSV_COLUMNS.length);
    const text = rows.map(csvLine).join('');
    expect(text).toBe(
      'm1,tictactoe,"Round robin, ""demo""",abc,2025-01-01T10:01:00.000Z,0,a,sim-careful · cot (simulated),llm,sim-careful,cot,v1,true,1,win,2,0,k1,"{""game"":""tictactoe"",""version"":1,""preset"":""defaults"",""agents"":[""cot/v1"",""engine""],""generator"":""hmac-sha256-chacha20"",""data"":{},""judges"":{}}",true\r\n' +
        'm1,tictactoe,"Round robin, ""demo""",abc,2025-01-01T10:01:00.000Z,1,b,Engine,engine,,,,false,0,loss,0,1,k1,"{""game"":""tictactoe"",""version"":1,""preset"":""defaults"",""agents"":[""cot/v1"",""engine""],""generator"":""hmac-sha256-chacha20"",""data"":{},""judges"":{}}",true\r\n',
    );
    // Each row names the protocol its match was played under: the key, then the object; empty for a match without.
    expect(csvRows({ ...m, protocol: null, protocolKey: null })[0]!.slice(-3, -1)).toEqual([null, null]);
    // A match that rates no one (a person gave up before a move of their own) says so in its last column.
    expect(CSV_COLUMNS.at(-1)).toBe('rated');
    expect(csvRows({ ...m, rated: false }).map((r) => r.at(-1))).toEqual([false, false]);
  });
});

describe('jsonlRecord', () => {
  it('holds the match, its seats, its events and its model calls, with ISO times, on one JSON line', () => {
    const m = match([seat({ seat: 0, agentId: 'a', agentName: 'A' }), seat({ seat: 1, agentId: 'b', agentName: 'B' })]);
    const at = new Date('2025-01-01T10:00:02Z');
    const rec = jsonlRecord(
      m,
      [{ seq: 1, kind: 'start', seat: null, payload: { seats: [] }, visibleTo: [], at }],
      [
        {
          purpose: 'move',
          seat: 0,
          ply: 0,
          attempt: 0,
          agentId: 'a',
          model: 'sim-careful',
          messages: [{ role: 'user', content: 'hi\nthere' }],
          reply: 'MOVE: 5',
          parsedAction: { type: 'place', cell: 4 },
          tokensIn: 10,
          tokensOut: 3,
          latencyMs: 120,
          error: null,
          at,
        },
      ],
    );
    const line = JSON.stringify(rec);
    expect(line).not.toContain('\n');
    const back = JSON.parse(line);
    expect(back.game).toBe('tictactoe');
    expect(back.tournament).toEqual({ id: 't1', name: 'Demo round robin' });
    expect(back.protocol).toEqual({ key: 'k1', ...PROTOCOL });
    expect(jsonlRecord({ ...m, protocol: null, protocolKey: null }, [], []).protocol).toBeNull();
    expect(back.seats).toHaveLength(2);
    expect(back.events[0]).toEqual({
      seq: 1,
      kind: 'start',
      seat: null,
      payload: { seats: [] },
      visibleTo: [],
      at: '2025-01-01T10:00:02.000Z',
    });
    expect(back.llmCalls[0]).toMatchObject({
      purpose: 'move',
      ply: 0,
      reply: 'MOVE: 5',
      tokensIn: 10,
      latencyMs: 120,
      error: null,
      parsedAction: { cell: 4 },
    });
    expect(back.finishedAt).toBe('2025-01-01T10:01:00.000Z');
  });
});

describe('streaming', () => {
  it('writes a valid JSON array across batches, and [] when there is nothing', async () => {
    expect(JSON.parse(await collect(jsonArrayChunks(batches())))).toEqual([]);
    expect(JSON.parse(await collect(jsonArrayChunks(batches([], [1, 2], [], [3]))))).toEqual([1, 2, 3]);
  });

  it('turns text chunks into a byte stream that reads back whole', async () => {
    async function* chunks() {
      yield 'a,b\r\n';
      yield 'é,"x"\r\n';
    }
    const text = await new Response(textStream(chunks())).text();
    expect(text).toBe('a,b\r\né,"x"\r\n');
  });
});
