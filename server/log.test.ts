import { spawn } from 'node:child_process';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { configureLogging, logFn, logger, textLine } from './log';

function capture(format: 'json' | 'text', level: 'info' | 'warn' = 'info') {
  const lines: { line: string; level: number }[] = [];
  configureLogging({ level, format, base: { role: 'worker' }, out: (line, lvl) => lines.push({ line, level: lvl }) });
  return lines;
}

describe('server logger', () => {
  it('json: one JSON object per line with a named level, the message, the base fields and structured context', () => {
    const lines = capture('json');
    logger.info('arena ready at http://localhost:3000');
    logger.warn('match m1 failed: provider down', { matchId: 'm1' });
    logger.debug('not shown at info');
    expect(lines).toHaveLength(2);
    for (const { line } of lines) expect(line.endsWith('\n') && line.trimEnd().includes('\n')).toBe(false);
    const [a, b] = lines.map((l) => JSON.parse(l.line) as Record<string, unknown>);
    expect(a).toMatchObject({
      level: 'info',
      msg: 'arena ready at http://localhost:3000',
      role: 'worker',
      pid: process.pid,
    });
    expect(typeof a!.time).toBe('string');
    expect(new Date(a!.time as string).toISOString()).toBe(a!.time);
    expect(b).toMatchObject({ level: 'warn', msg: 'match m1 failed: provider down', matchId: 'm1' });
    expect(lines[1]!.level).toBe(40);
  });

  it('text: the arena\'s usual "[arena] …" lines, with the scope, the level when not info, and the context', () => {
    const lines = capture('text');
    logFn()('arena ready at http://localhost:3000');
    logFn('queue', 'warn')('connect ECONNREFUSED 127.0.0.1:5432');
    logger.error('while stopping: boom', { matchId: 'm2', n: 3 });
    expect(lines.map((l) => l.line)).toEqual([
      '[arena] arena ready at http://localhost:3000\n',
      '[arena:queue] warn: connect ECONNREFUSED 127.0.0.1:5432\n',
      '[arena] error: while stopping: boom matchId=m2 n=3\n',
    ]);
    expect(lines.map((l) => l.level)).toEqual([30, 40, 50]);
  });

  it('the level filters: at warn, info lines are dropped', () => {
    const lines = capture('text', 'warn');
    logger.info('quiet');
    logger.warn('loud');
    expect(lines.map((l) => l.line)).toEqual(['[arena] warn: loud\n']);
  });

  it('textLine keeps a line it cannot read as it is', () => {
    expect(textLine('not json\n')).toEqual({ text: 'not json', level: 30 });
  });
});

describe('a log whose reader went away', () => {
  it('drops its lines: no crash and no loop when the pipe it writes to closes (a parent that died)', async () => {
    // A process that logs every few milliseconds for 1.5 s, then says it got there on a channel of its own.
    const script = `
      const { logger } = await import('./server/log.ts');
      const t = setInterval(() => logger.warn('still here'), 3);
      setTimeout(() => {
        clearInterval(t);
        process.send('done');
        process.disconnect();
      }, 1500);`;
    const child = spawn(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', script], {
      cwd: path.resolve(import.meta.dirname, '..'),
      env: { ...process.env, ARENA_LOG_FORMAT: 'json' },
      stdio: ['ignore', 'pipe', 'pipe', 'ipc'],
    });
    // The reader goes away at once.
    child.stdout!.destroy();
    child.stderr!.destroy();
    let done = false;
    child.on('message', () => (done = true));
    const code = await new Promise<number | null>((resolve) => child.on('exit', resolve));
    // It logged to its end and exited cleanly (each write's EPIPE was an uncaught error: exit 1 at the first line;
    // in the server, whose handler for uncaught errors logs, a loop that held a core and ignored SIGTERM).
    expect([code, done]).toEqual([0, true]);
  });
});
