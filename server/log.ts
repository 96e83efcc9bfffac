// The server's logger (pino): one line per event, with a level; JSON lines for log collectors, or short text lines on
// a terminal. Modules that take a `log(message)` callback are handed `logFn(scope)`.
import { Writable } from 'node:stream';
import pino, { type Logger } from 'pino';

export const LOG_LEVELS = ['trace', 'debug', 'info', 'warn', 'error', 'fatal', 'silent'] as const;
export type LogLevel = (typeof LOG_LEVELS)[number];
/** `auto`: JSON when stdout is not a terminal (a container, a service manager, a pipe), text on a terminal. */
export type LogFormat = 'json' | 'text' | 'auto';

export interface LoggingOptions {
  level?: LogLevel;
  format?: LogFormat;
  /** Fields every line carries (e.g. the process's role). */
  base?: Record<string, unknown>;
  /** Where lines go (tests); default stdout, and in text format warnings and errors to stderr. */
  out?: (line: string, level: number) => void;
}

const LEVEL_VALUES: Record<string, number> = { trace: 10, debug: 20, info: 30, warn: 40, error: 50, fatal: 60 };
const SKIP = new Set(['level', 'time', 'pid', 'hostname', 'msg', 'scope', 'role']);

/**
 * A pino line as text: `[arena] message`, `[arena:queue] warn: message key=value` (info lines keep the exact form the
 * arena has always printed, which people and tests read).
 */
export function textLine(json: string): { text: string; level: number } {
  let o: Record<string, unknown>;
  try {
    o = JSON.parse(json) as Record<string, unknown>;
  } catch {
    return { text: json.trimEnd(), level: 30 };
  }
  const name = typeof o.level === 'string' ? o.level : 'info';
  const level = LEVEL_VALUES[name] ?? 30;
  const scope = typeof o.scope === 'string' && o.scope !== 'arena' ? `arena:${o.scope}` : 'arena';
  const extra = Object.entries(o)
    .filter(([k]) => !SKIP.has(k))
    .map(([k, v]) => `${k}=${typeof v === 'string' ? v : JSON.stringify(v)}`)
    .join(' ');
  const tag = level === 30 ? '' : `${name}: `;
  return { text: `[${scope}] ${tag}${String(o.msg ?? '')}${extra ? ` ${extra}` : ''}`, level };
}

/**
 * The reader of the process's output went away (a closed pipe: the parent that read it died). Its lines are dropped
 * from then on: left unhandled, each write's EPIPE was an uncaught exception whose report wrote again, a loop that
 * held a core and kept the process from stopping.
 */
let readerGone = false;
for (const stream of [process.stdout, process.stderr]) {
  stream.on('error', (err: NodeJS.ErrnoException) => {
    if (err.code !== 'EPIPE') throw err;
    readerGone = true;
  });
}

function makeLogger(opts: LoggingOptions): Logger {
  const format = opts.format === 'auto' || !opts.format ? (process.stdout.isTTY ? 'text' : 'json') : opts.format;
  const out =
    opts.out ??
    ((line: string, level: number) =>
      readerGone || (level >= 40 && format === 'text' ? process.stderr : process.stdout).write(line));
  const stream = new Writable({
    write(chunk: Buffer, _enc, done) {
      const json = chunk.toString();
      if (format === 'json') out(json, LEVEL_VALUES[/"level":"(\w+)"/.exec(json)?.[1] ?? 'info'] ?? 30);
      else {
        const { text, level } = textLine(json);
        out(`${text}\n`, level);
      }
      done();
    },
  });
  return pino(
    {
      level: opts.level ?? 'info',
      base: { pid: process.pid, ...opts.base },
      timestamp: pino.stdTimeFunctions.isoTime,
      // Levels by name ("level":"warn"), which log collectors and people read without a table.
      formatters: { level: (label) => ({ level: label }) },
    },
    stream,
  );
}

/**
 * Until start-up configures it, the level and format come straight from the environment (the validated values are
 * the same): Next.js bundles its own copy of this module for the pages and routes, and it must log alike.
 */
const envLevel = LOG_LEVELS.find((l) => l === process.env.ARENA_LOG_LEVEL) ?? 'info';
const envFormat = (['json', 'text', 'auto'] as const).find((f) => f === process.env.ARENA_LOG_FORMAT) ?? 'auto';
let root: Logger = makeLogger({ level: envLevel, format: envFormat });

/** Sets the level and format from the configuration (server/arena.ts, at start-up). */
export function configureLogging(opts: LoggingOptions): void {
  root = makeLogger(opts);
}

type Fields = Record<string, unknown>;

/** The logger; `fields` are structured context (`matchId`, `err`…), kept as JSON keys. */
export const logger = {
  trace: (msg: string, fields?: Fields) => root.trace(fields ?? {}, msg),
  debug: (msg: string, fields?: Fields) => root.debug(fields ?? {}, msg),
  info: (msg: string, fields?: Fields) => root.info(fields ?? {}, msg),
  warn: (msg: string, fields?: Fields) => root.warn(fields ?? {}, msg),
  error: (msg: string, fields?: Fields) => root.error(fields ?? {}, msg),
  fatal: (msg: string, fields?: Fields) => root.fatal(fields ?? {}, msg),
};

/** A `log(message)` callback for modules that take one: info lines under `scope`. */
export function logFn(scope = 'arena', level: 'info' | 'warn' | 'error' = 'info'): (m: string) => void {
  return (m) => logger[level](m, scope === 'arena' ? undefined : { scope });
}
