// The headless CLI against real Postgres: create, list, show, pause, resume, cancel; bad input answered in one line with
// exit code 2; a running arena's embedded Postgres found on whatever port it uses. Run in this process (runCli, what
// it writes captured), and twice as the real program `npm run arena` starts, to prove the entry point.
import { spawn } from 'node:child_process';
import { chmod, mkdtemp, rm, unlink, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { games } from '../games/registry';
import { TASKS } from '../games/simulbench/tasks';
import { scriptFile } from '../lib/simulbench/script-file';
import { runCli } from './cli';
import type { ArenaConfig } from './config';
import { startEmbeddedPostgres, type EmbeddedDb } from './db/embedded';
import { migrate } from './db/migrate';
import { createTestDb, type TestDb } from './db/test-db';
import { freePort } from './net';
import { lockFile, takeLock } from './preflight';

const root = path.resolve(import.meta.dirname, '..');
let t: TestDb;

type Ran = { code: number | null; out: string; err: string };

/** This process' environment with `env` on top (a key set to undefined is removed). */
function envWith(env: Record<string, string | undefined>): NodeJS.ProcessEnv {
  const merged = {} as NodeJS.ProcessEnv;
  for (const [k, v] of Object.entries({ ...process.env, ...env })) if (v !== undefined) merged[k] = v;
  return merged;
}

/** The CLI run in this process with `env` on top of this process' environment: its exit code and what it wrote. */
async function run(args: string[], env: Record<string, string | undefined>): Promise<Ran> {
  let out = '';
  let err = '';
  const code = await runCli(args, { write: (s) => (out += s), error: (s) => (err += s), env: envWith(env) });
  return { code, out, err };
}

/**
 * The CLI as a program of its own, as `npm run arena` starts it (node, tsx, server/cli.ts): for the entry point, and
 * where the test process must not be the CLI (it stands in for the running arena, whose lock a process ignores when
 * it names itself).
 */
function program(args: string[], env: Record<string, string | undefined>): Promise<Ran> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ['--import', 'tsx', 'server/cli.ts', ...args], {
      cwd: root,
      env: envWith(env),
    });
    let out = '';
    let err = '';
    child.stdout.on('data', (d: Buffer) => (out += d.toString()));
    child.stderr.on('data', (d: Buffer) => (err += d.toString()));
    child.on('error', reject);
    child.on('close', (code) => resolve({ code, out, err }));
  });
}

function arena(...args: string[]) {
  return run(args, { DATABASE_URL: t.url });
}

/** Runs of the CLI that do not depend on each other, side by side. */
function side(...runs: { args: string[]; env?: Record<string, string | undefined> }[]): Promise<Ran[]> {
  return Promise.all(runs.map(({ args, env = { DATABASE_URL: t.url } }) => run(args, env)));
}

beforeAll(async () => {
  t = await createTestDb();
  for (const name of ['cli-a', 'cli-b', 'cli-c']) await t.db.agent.create({ data: { name, kind: 'random' } });
});
afterAll(async () => {
  await t?.drop();
});

describe('arena CLI', () => {
  it('creates a round robin from agent names, then lists, shows, pauses, resumes and cancels it', async () => {
    const c = await arena(
      'tournament',
      'create',
      '--games',
      'connect-four,tictactoe',
      '--agents',
      'cli-a,cli-b,cli-c',
      '--format',
      'round-robin',
      '--games-per-pair',
      '10',
      '--name',
      'from the cli',
    );
    expect(c.err).toBe('');
    expect(c.code).toBe(0);
    expect(c.out).toMatch(/created tournament \S+ "from the cli": 60 matches queued/);
    const id = /created tournament (\S+)/.exec(c.out)![1]!;
    expect(await t.db.tournament.findUnique({ where: { id } })).toMatchObject({
      name: 'from the cli',
      status: 'running',
    });
    expect(await t.db.match.count({ where: { tournamentId: id } })).toBe(3 * 2 * 10);
    // The queue holds one job per match (no worker runs here, so they wait).
    const jobs = await t.db.$queryRawUnsafe<{ n: bigint }[]>(
      `SELECT COUNT(*) AS n FROM pgboss.job WHERE name = 'match-run' AND state = 'created'`,
    );
    expect(Number(jobs[0]!.n)).toBe(60);

    // A table with a header row: the ended/planned matches, then each count in its own column.
    const listed = (await arena('tournament', 'list')).out.split('\n');
    expect(listed[0]).toMatch(
      /^ID\s+STATUS\s+PROGRESS\s+ENDED\s+FAILED\s+RUNNING\s+QUEUED\s+CANCELLED\s+FORMAT\s+NAME$/,
    );
    expect(listed.find((l) => l.startsWith(id!))).toMatch(
      new RegExp(`^${id}\\s+running\\s+0%\\s+0/60\\s+0\\s+0\\s+60\\s+0\\s+round-robin\\s+from the cli$`),
    );
    expect((await arena('tournament', 'show', id!)).out).toMatch(/tokens 0, cost \$0\.0000/);
    expect((await arena('tournament', 'pause', id!)).out).toMatch(/paused/);
    expect((await t.db.tournament.findUniqueOrThrow({ where: { id } })).status).toBe('paused');
    const again = await arena('tournament', 'pause', id!);
    expect(again.code).toBe(2);
    expect(again.err).toMatch(/^arena: the tournament is paused, so it cannot be paused/);
    expect((await arena('tournament', 'resume', id!)).out).toMatch(/running/);
    const cancel = await arena('tournament', 'cancel', id!);
    expect(cancel.out).toMatch(/cancelled .*60 cancelled/);
    expect(await t.db.match.count({ where: { tournamentId: id, status: 'cancelled' } })).toBe(60);
  });

  it('answers bad input with a readable error and exit code 2', async () => {
    const [unknownAgent, odd, format, show, frob, nonsense] = await side(
      { args: ['tournament', 'create', '--games', 'tictactoe', '--agents', 'cli-a,nobody'] },
      { args: ['tournament', 'create', '--games', 'tictactoe', '--agents', 'cli-a,cli-b', '--games-per-pair', '3'] },
      { args: ['tournament', 'create', '--games', 'tictactoe', '--agents', 'cli-a,cli-b', '--format', 'swiss'] },
      { args: ['tournament', 'show'] },
      { args: ['tournament', 'frobnicate'] },
      { args: ['nonsense'] },
    );
    expect(unknownAgent!.code).toBe(2);
    expect(unknownAgent!.err).toMatch(/no agent named "nobody"/);
    expect(odd!.code).toBe(2);
    expect(odd!.err).toMatch(/must be even/);
    expect(format!.err).toMatch(/--format is one of round-robin, gauntlet, host-guest, adaptive/);
    expect(show!.err).toMatch(/needs a tournament id/);
    expect(frob!.err).toMatch(/unknown command "frobnicate"/);
    expect(nonsense!.out).toMatch(/^usage: npm run arena/);
  });

  it('schedules a SimulBench evaluation, imports a script set and scores on it, shows it; bad input exits 2', async () => {
    const p = await t.db.provider.create({
      data: { name: 'cli-sim', baseUrl: 'http://127.0.0.1:9/v1', simulated: true },
    });
    for (const name of ['sb-t1', 'sb-t2', 'sb-user', 'sb-judge'])
      await t.db.agent.create({
        data: { name, kind: 'llm', providerId: p.id, model: 'sim-careful', scaffold: 'base', simulated: true },
      });
    const c = await arena(
      'simulbench',
      'create',
      '--targets',
      'sb-t1,sb-t2',
      '--user',
      'sb-user',
      '--simulator',
      'sb-user',
      '--judge',
      'sb-judge',
      '--tasks',
      TASKS[0]!.id,
      '--dialogues',
      '2',
      '--turns',
      '2',
      '--name',
      'sb cli',
    );
    expect(c.err).toBe('');
    expect(c.out).toMatch(/created SimulBench evaluation \S+ "sb cli": 2 dialogues queued/);
    const id = /evaluation (\S+)/.exec(c.out)![1]!;
    expect((await arena('simulbench', 'show', id)).out).toMatch(new RegExp(`^${id}  running  sb cli\ndialogues 0/2`));
    oneLine(
      await arena('simulbench', 'export-scripts', id),
      'there is no script set "tournament:' + id + '" yet: run an evaluation or import one',
    );

    const dir = await mkdtemp(path.join(tmpdir(), 'arena-cli-'));
    const file = path.join(dir, 'scripts.json');
    const history = [{ role: 'user' as const, content: TASKS[0]!.description }];
    await writeFile(
      file,
      JSON.stringify(scriptFile([{ key: 'k1', task: TASKS[0]!, type: 'last-only', turn: 1, history, judgedTurn: 0 }])),
    );
    expect((await arena('simulbench', 'import-scripts', file, '--set', 'paper-1')).out).toMatch(
      /^imported 1 scripts as import:paper-1/,
    );
    oneLine(
      await arena('simulbench', 'import-scripts', file, '--set', 'paper-1'),
      'the script set "paper-1" exists already: choose another name',
    );
    expect((await arena('simulbench', 'sets')).out).toMatch(/^import:paper-1\s+1 scripts {2}imported set paper-1$/m);
    const scored = await arena(
      'simulbench',
      'create',
      '--targets',
      'sb-t1',
      '--judge',
      'sb-judge',
      '--script-set',
      'import:paper-1',
    );
    expect(scored.out).toMatch(/: 1 frozen scripts queued/);
    await writeFile(file, '{"format": "arena-simulbench-scripts", "version": 1, "scripts": []}');
    oneLine(await arena('simulbench', 'import-scripts', file, '--set', 'paper-2'), 'scripts: the file holds no script');
    await rm(dir, { recursive: true });

    const refused = await side(
      { args: ['simulbench', 'create', '--targets', 'sb-t1', '--user', 'sb-user', '--simulator', 'sb-user'] },
      {
        args: [
          'simulbench',
          'create',
          '--targets',
          'sb-t1',
          '--judge',
          'sb-judge',
          '--script-set',
          'import:paper-1',
          '--user',
          'sb-user',
        ],
      },
      {
        args: [
          'simulbench',
          'create',
          '--targets',
          'sb-t1',
          '--user',
          'sb-user',
          '--simulator',
          'sb-user',
          '--judge',
          'sb-judge',
          '--turns',
          '11',
        ],
      },
      { args: ['simulbench', 'frob'] },
    );
    oneLine(refused[0]!, 'simulbench create needs --judge');
    oneLine(
      refused[1]!,
      'with --script-set nothing is collected: leave out --user, --simulator, --tasks and --tasks-file',
    );
    oneLine(refused[2]!, '--turns must be a whole number from 1 to 10, not "11"');
    oneLine(
      refused[3]!,
      'simulbench commands are create, show, export-scripts, import-scripts, sets (not "frob") (see --help)',
    );
  });

  /** Exit code 2 and exactly one line on stderr, nothing on stdout. */
  const oneLine = (r: Ran, line: string) => {
    expect(r.err).toBe(`arena: ${line}\n`);
    expect(r.out).toBe('');
    expect(r.code).toBe(2);
  };

  it('--preset puts each chosen game under its preset (the protocol records it), and refuses a game without one', async () => {
    const hanabi = games.find((g) => g.id === 'hanabi')!;
    const label = hanabi.meta.settingsPresets[0]!.label;
    const base = ['tournament', 'create', '--agents', 'cli-a,cli-b', '--games-per-pair', '2'];
    const [ok, lacking, both] = await side(
      { args: [...base, '--games', 'hanabi', '--preset', label, '--name', 'preset run'] },
      { args: [...base, '--games', 'hanabi,tictactoe', '--preset', label] },
      { args: [...base, '--games', 'hanabi', '--preset', label, '--game-config', '{"hanabi":{"lives":2}}'] },
    );
    expect(ok!.err).toBe('');
    const id = /created tournament (\S+)/.exec(ok!.out)![1]!;
    const tournament = await t.db.tournament.findUniqueOrThrow({ where: { id } });
    // Stored with every default filled in, as any game config.
    expect((tournament.config as { gameConfigs?: unknown }).gameConfigs).toEqual({
      hanabi: hanabi.parseConfig(hanabi.meta.settingsPresets[0]!.config),
    });
    const matches = await t.db.match.findMany({ where: { tournamentId: id }, select: { protocol: true } });
    expect(matches.length).toBeGreaterThan(0);
    for (const m of matches) expect((m.protocol as { preset: string }).preset).toBe(label);
    oneLine(lacking!, `--preset ${label}: tictactoe has no such preset (games with it: hanabi)`);
    oneLine(both!, `--preset ${label} and --game-config both set hanabi: choose one for each game`);
  });

  it('an unknown game id is answered with the valid ones', async () => {
    const valid = games.map((g) => g.id).join(', ');
    const [one, two, none] = await side(
      { args: ['tournament', 'create', '--games', 'chess,tictactoe', '--agents', 'cli-a,cli-b'] },
      { args: ['tournament', 'create', '--games', 'chess,go', '--agents', 'cli-a,cli-b'] },
      { args: ['tournament', 'create', '--agents', 'cli-a,cli-b'] },
    );
    oneLine(one!, `there is no game "chess": the games are ${valid}`);
    oneLine(two!, `there are no games "chess", "go": the games are ${valid}`);
    oneLine(none!, `--games is required: one or more of ${valid}, separated by commas`);
  });

  it('bad numbers exit 2 with one line saying what the option takes', async () => {
    type Run = { args: string[]; env?: Record<string, string | undefined> };
    const create = (...more: string[]): Run => ({
      args: ['tournament', 'create', '--games', 'tictactoe', '--agents', 'cli-a,cli-b', ...more],
    });
    const cases: [Run, string][] = [
      [create('--games-per-pair', 'abc'), '--games-per-pair must be a whole number of at least 2, not "abc"'],
      [create('--games-per-pair', '-3'), '--games-per-pair must be a whole number of at least 2, not "-3"'],
      [create('--games-per-pair=-3'), '--games-per-pair must be a whole number of at least 2, not "-3"'],
      [create('--games-per-pair', '2.5'), '--games-per-pair must be a whole number of at least 2, not "2.5"'],
      [create('--max-cost', '-1'), '--max-cost must be an amount in US dollars above 0, not "-1"'],
      [create('--max-matches', '0'), '--max-matches must be a whole number of at least 1, not "0"'],
      [
        create('--format', 'adaptive', '--confidence', '0.8', '--max-matches', '4'),
        '--confidence must be 0.9 or 0.95, not "0.8"',
      ],
      [create('--games-per-pair'), '--games-per-pair needs a value'],
      [create('--gamez', 'x'), 'unknown option --gamez (see --help)'],
      // An odd number reaches the scheduler's own check, still one line.
      [
        create('--games-per-pair', '3'),
        'games per pair must be even: each seed is played twice, with the seats swapped',
      ],
      // Checked before looking for the arena: a typo is answered the same with no arena running.
      [
        {
          ...create('--games-per-pair', 'abc'),
          env: { DATABASE_URL: undefined, ARENA_DATA_DIR: path.join(tmpdir(), 'no-arena-here') },
        },
        '--games-per-pair must be a whole number of at least 2, not "abc"',
      ],
    ];
    const ran = await side(...cases.map(([c]) => c));
    cases.forEach(([, line], i) => oneLine(ran[i]!, line));
  });

  it('as the program npm run arena starts, bad input exits 2 with one line on stderr', async () => {
    const r = await program(
      ['tournament', 'create', '--games', 'tictactoe', '--agents', 'cli-a,cli-b', '--max-cost', '-1'],
      {
        DATABASE_URL: undefined,
        ARENA_DATA_DIR: path.join(tmpdir(), 'no-arena-here'),
      },
    );
    oneLine(r, '--max-cost must be an amount in US dollars above 0, not "-1"');
  });
});

describe('the CLI finds a running arena’s embedded Postgres', () => {
  // A data folder as `npm start` leaves it: the cluster in pg/, its passwords beside it, and the running arena's lock
  // (this test process stands in for the arena) naming the Postgres port — not the default 54329.
  let dir: string;
  let dataDir: string;
  let pgPort: number;
  let embedded: EmbeddedDb;
  beforeAll(async () => {
    dir = await mkdtemp(path.join(tmpdir(), 'arena-cli-'));
    await chmod(dir, 0o755); // as root, Postgres runs as the user postgres, which must enter the folder
    dataDir = path.join(dir, 'data');
    pgPort = await freePort();
    embedded = await startEmbeddedPostgres({ dataDir: path.join(dataDir, 'pg'), port: pgPort });
    await migrate(embedded.url);
    takeLock({ ARENA_DATA_DIR: dataDir, PORT: 3999, ARENA_PG_PORT: pgPort } as ArenaConfig);
  });
  afterAll(async () => {
    await unlink(lockFile({ ARENA_DATA_DIR: dataDir })).catch(() => {});
    await embedded?.stop();
    if (dir) await rm(dir, { recursive: true, force: true });
  });

  const only = (env: Record<string, string | undefined>) => ({
    DATABASE_URL: undefined,
    ARENA_PG_PORT: undefined,
    ...env,
  });
  const cli = (env: Record<string, string | undefined>, ...args: string[]) => run(args, only(env));

  it('from the lock in ARENA_DATA_DIR, whatever ARENA_PG_PORT says (unset, or another port)', async () => {
    // As the program `npm run arena` starts: it reads its own environment, writes to stdout and exits 0.
    const otherPort = String(await freePort());
    const [plain, other] = await Promise.all([
      program(['tournament', 'list'], only({ ARENA_DATA_DIR: dataDir })),
      program(['tournament', 'list'], only({ ARENA_DATA_DIR: dataDir, ARENA_PG_PORT: otherPort })),
    ]);
    expect(plain.err).toBe('');
    expect(plain).toMatchObject({ code: 0, out: 'no tournaments yet\n' });
    expect(other).toMatchObject({ code: 0, out: 'no tournaments yet\n', err: '' });
  });

  it('from Postgres’ own pid file when the lock is gone (an arena killed, its Postgres still up)', async () => {
    const lock = lockFile({ ARENA_DATA_DIR: dataDir });
    const { readFile, writeFile } = await import('node:fs/promises');
    const saved = await readFile(lock, 'utf8');
    await unlink(lock);
    try {
      expect(await cli({ ARENA_DATA_DIR: dataDir }, 'tournament', 'list')).toMatchObject({
        code: 0,
        out: 'no tournaments yet\n',
        err: '',
      });
    } finally {
      await writeFile(lock, saved);
    }
  });

  it('says plainly when no arena runs from the data folder, naming it', async () => {
    const empty = path.join(dir, 'empty');
    const r = await cli({ ARENA_DATA_DIR: empty }, 'tournament', 'list');
    expect(r.code).toBe(1);
    expect(r.err).toBe(
      `arena: no arena has run from ${empty} (no ${empty}/pg-credentials.json): start it (npm start), or set ARENA_DATA_DIR to the running arena's data folder, or DATABASE_URL\n`,
    );
    // A data folder whose arena stopped (credentials there, nothing listening).
    await embedded.stop();
    try {
      const stopped = await program(
        ['tournament', 'list'],
        only({ ARENA_DATA_DIR: dataDir, ARENA_PG_PORT: String(pgPort) }),
      );
      expect(stopped.code).toBe(1);
      expect(stopped.err.split('\n')).toHaveLength(2); // one line, then the final newline
      expect(stopped.err).toMatch(
        new RegExp(
          `^arena: the arena running from ${dataDir.replace(/[.]/g, '\\.')} \\(pid ${process.pid}\\) does not answer on its Postgres \\(port ${pgPort}\\)`,
        ),
      );
    } finally {
      embedded = await startEmbeddedPostgres({ dataDir: path.join(dataDir, 'pg'), port: pgPort });
    }
  });
});
