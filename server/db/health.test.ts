// /api/health's view of the database: a short readable reason, never a driver's message or stack.
import { describe, expect, it } from 'vitest';
import { databaseHealth, setEmbeddedState } from './health';

const prismaError = (message: string) =>
  Object.assign(
    new Error(
      `\nInvalid \`prisma.$queryRaw()\` invocation:\n\n\nRaw query failed. Code: \`N/A\`. Message: \`${message}\``,
    ),
    { name: 'PrismaClientKnownRequestError', code: 'P2010' },
  );

describe('databaseHealth', () => {
  it('says ok, or why not in words', async () => {
    expect(await databaseHealth(async () => 1)).toEqual({ ok: true, database: 'ok' });
    expect(
      await databaseHealth(() => Promise.reject(prismaError("Can't reach database server at 127.0.0.1:54329"))),
    ).toEqual({ ok: false, database: 'unavailable: cannot connect to the database (connection refused)' });
    expect(await databaseHealth(() => Promise.reject(prismaError('the database system is starting up')))).toEqual({
      ok: false,
      database: 'unavailable: the database is starting up',
    });
    expect(
      await databaseHealth(() => Promise.reject(prismaError('password authentication failed for user "arena"'))),
    ).toEqual({ ok: false, database: "unavailable: the database refused the arena's credentials" });
    expect(await databaseHealth(() => new Promise(() => {}), 50)).toEqual({
      ok: false,
      database: 'unavailable: the database did not answer in time',
    });
    const odd = await databaseHealth(() => Promise.reject(prismaError('relation "x" does not exist')));
    expect(odd).toEqual({
      ok: false,
      database: 'unavailable: the database could not be queried (details in the server log)',
    });
  });

  it('says the embedded Postgres is restarting while its supervisor brings it back', async () => {
    setEmbeddedState({ status: 'restarting', since: Date.now() - 4000, attempt: 2, lastError: 'x' });
    expect(await databaseHealth(async () => 1)).toEqual({
      ok: false,
      database: 'unavailable: the embedded Postgres stopped 4 s ago and is restarting, attempt 2',
    });
    setEmbeddedState({ status: 'up' });
    expect(await databaseHealth(async () => 1)).toEqual({ ok: true, database: 'ok' });
  });
});
