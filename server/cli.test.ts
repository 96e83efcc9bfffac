// The headless CLI, run as a real child process against real Postgres: create, list, show, pause, resume, cancel.
import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDb, type TestDb } from './db/test-db';

const root = path.resolve(import.meta.dirname, '..');
let t: TestDb;

function arena(...args: string[]) {
  const r = spawnSync(process.execPath, ['--import', 'tsx', 'server/cli.ts', ...args], {
    cwd: root, env: { ...process.env, DATABASE_URL: t.url }, encoding: 'utf8', timeout: 60_000,
  });
  return { code: r.status, out: r.stdout, err: r.stderr };
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
    const c = arena('tournament', 'create', '--games', 'connect-four,tictactoe', '--agents', 'cli-a,cli-b,cli-c', '--format', 'round-robin', '--games-per-pair', '10', '--name', 'from the cli');
    expect(c.err).toBe('');
    expect(c.code).toBe(0);
    expect(c.out).toMatch(/created tournament \S+ "from the cli": 60 matches queued/);
    const id = /created tournament (\S+)/.exec(c.out)![1]!;
    expect(await t.db.tournament.findUnique({ where: { id } })).toMatchObject({ name: 'from the cli', status: 'running' });
    expect(await t.db.match.count({ where: { tournamentId: id } })).toBe(3 * 2 * 10);
    // The queue holds one job per match (no worker runs here, so they wait).
    const jobs = await t.db.$queryRawUnsafe<{ n: bigint }[]>(`SELECT COUNT(*) AS n FROM pgboss.job WHERE name = 'match-run' AND state = 'created'`);
    expect(Number(jobs[0]!.n)).toBe(60);

    expect(arena('tournament', 'list').out).toMatch(new RegExp(`${id}\\s+running\\s+0%\\s+0/60 done .*from the cli`));
    expect(arena('tournament', 'show', id!).out).toMatch(/tokens 0, cost \$0\.0000/);
    expect(arena('tournament', 'pause', id!).out).toMatch(/paused/);
    expect((await t.db.tournament.findUniqueOrThrow({ where: { id } })).status).toBe('paused');
    const again = arena('tournament', 'pause', id!);
    expect(again.code).toBe(2);
    expect(again.err).toMatch(/^arena: the tournament is paused, so it cannot be paused/);
    expect(arena('tournament', 'resume', id!).out).toMatch(/running/);
    const cancel = arena('tournament', 'cancel', id!);
    expect(cancel.out).toMatch(/cancelled .*60 cancelled/);
    expect(await t.db.match.count({ where: { tournamentId: id, status: 'cancelled' } })).toBe(60);
  });

  it('answers bad input with a readable error and exit code 2', () => {
    const unknownAgent = arena('tournament', 'create', '--games', 'tictactoe', '--agents', 'cli-a,nobody');
    expect(unknownAgent.code).toBe(2);
    expect(unknownAgent.err).toMatch(/no agent named "nobody"/);
    const odd = arena('tournament', 'create', '--games', 'tictactoe', '--agents', 'cli-a,cli-b', '--games-per-pair', '3');
    expect(odd.code).toBe(2);
    expect(odd.err).toMatch(/must be even/);
    const format = arena('tournament', 'create', '--games', 'tictactoe', '--agents', 'cli-a,cli-b', '--format', 'swiss');
    expect(format.err).toMatch(/--format is one of round-robin, gauntlet, host-guest, adaptive/);
    expect(arena('tournament', 'show').err).toMatch(/needs a tournament id/);
    expect(arena('tournament', 'frobnicate').err).toMatch(/unknown command "frobnicate"/);
    expect(arena('nonsense').out).toMatch(/^usage: npm run arena/);
  });
});
