// The headless admin CLI: `npm run arena -- tournament create|list|show|pause|resume|cancel …`. It calls the same
// scheduler functions as the admin pages, on the arena's Postgres (DATABASE_URL, or the embedded one while it runs).
import { readFile, stat } from 'node:fs/promises';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { parseArgs } from 'node:util';
import pg from 'pg';
import type { PgBoss } from 'pg-boss';
import { AdminError } from '../lib/admin-input';
import { datasetNameSchema } from '../lib/datasets';
import { DatasetError, deleteDataset, importDataset, listDatasets, MAX_IMPORT_BYTES } from '../lib/db/datasets-store';
import { parseSimulBenchTasks } from '../games/simulbench/import';
import { simulbenchResults } from '../lib/db/simulbench/results';
import {
  exportScriptSet,
  importScriptSet,
  listScriptSets,
  tournamentScriptSet,
} from '../lib/db/simulbench/script-sets';
import { createDb, type Db } from '../lib/db/client';
import { tournamentProgress, tournamentStandings } from '../lib/db/tournament-progress';
import { FORMATS, progressFraction, tournamentVerdict, type TournamentProgress } from '../lib/tournament/spec';
import { games as allGames } from '../games/registry';
import { presetConfigs } from '../lib/presets';
import { readConfig } from './config';
import { APP_ROLE, credentialsFile, postgresUrl, readCredentials } from './db/credentials';
import { postmasterPort, runningArena } from './preflight';
import { relaySender } from './rooms/relay';
import { startQueue, stopQueue } from './scheduler/queue';
import {
  cancelTournament,
  checkGameIds,
  createTournament,
  pauseTournament,
  resumeTournament,
} from './scheduler/tournaments';

const USAGE = `usage: npm run arena -- tournament <command> [options]
       npm run arena -- import gamebench FILE --dataset NAME
       npm run arena -- dataset list | dataset delete NAME
       npm run arena -- simulbench create|show …

commands:
  create --games g1,g2 --agents a,b,c [--format round-robin|gauntlet|host-guest|adaptive]
         [--games-per-pair N] [--baselines x,y] [--hosts x,y] [--players N] [--guest-seat N]
         [--games-per-guest N] [--confidence 0.9|0.95] [--pairs-per-batch N]
         [--max-matches N] [--max-tokens N] [--max-cost USD] [--name "…"] [--seed S]
         [--game-config '{"holdem":{"hands":3}}'] [--preset gamebench]
  list
  show <id>
  pause <id> | resume <id> | cancel <id>

simulbench create --targets a,b --user U --simulator S --judge J [--tasks id1,id2 | --tasks-file FILE [--kind stateless|stateful]]
         [--dialogues N] [--turns N] [--no-pairwise] [--max-tokens N] [--max-cost USD] [--name "…"] [--seed S]
simulbench create --targets a,b --judge J --script-set SET   (score new targets on existing frozen scripts)
simulbench show <id> [--drop-perfect]   (pause, resume and cancel it with the tournament commands: it is scheduled as one)
simulbench export-scripts <id> > FILE     simulbench import-scripts FILE --set NAME     simulbench sets
  --tasks-file reads SimulBench's own task format (task_name, task_description, request_type; JSON or JSON Lines);
  --kind is the kind of the entries that do not say stateless or stateful.

import gamebench reads a file in GameBench's format (a JSON array of { "game": id, "<agent>": score, … }, e.g. its
matches.json or the arena's /api/export/matches.json) into a new, read-only dataset rated on the leaderboard on its
own (/leaderboard?dataset=NAME). Agents are given by name or id. The arena's Postgres is DATABASE_URL, or the embedded one of the arena running from
ARENA_DATA_DIR (default .arena), on whatever ARENA_PG_PORT it was started with. Bad input exits with code 2.`;

class UsageError extends Error {}

/** Where a run of the CLI writes, and the environment it reads: the process' own, or a test's (runCli in-process). */
export interface CliIo {
  /** Writes to standard output as is. */
  write(text: string): void;
  /** Writes to standard error as is. */
  error(text: string): void;
  env: Record<string, string | undefined>;
}

const list = (s: string | undefined) =>
  (s ?? '')
    .split(',')
    .map((x) => x.trim())
    .filter(Boolean);

/** The numeric options and what each accepts (the scheduler's schema checks the rest, e.g. an even games per pair). */
const NUMBERS = {
  'games-per-pair': { whole: true, min: 2, what: 'a whole number of at least 2' },
  players: { whole: true, min: 2, what: 'a whole number of at least 2' },
  'guest-seat': { whole: true, min: 0, what: 'a seat number (0 for the first seat)' },
  'games-per-guest': { whole: true, min: 1, what: 'a whole number of at least 1' },
  confidence: { whole: false, min: 0, what: '0.9 or 0.95', only: [0.9, 0.95] },
  'pairs-per-batch': { whole: true, min: 1, what: 'a whole number of at least 1' },
  'max-matches': { whole: true, min: 1, what: 'a whole number of at least 1' },
  'max-tokens': { whole: true, min: 1, what: 'a whole number of at least 1' },
  'max-cost': { whole: false, min: 0, what: 'an amount in US dollars above 0', above: true },
} as const satisfies Record<
  string,
  { whole: boolean; min: number; what: string; only?: readonly number[]; above?: boolean }
>;
type NumberOption = keyof typeof NUMBERS;

/** A numeric option's value, or a one-line UsageError saying what it takes. */
function num(name: NumberOption, s: string | undefined): number | undefined {
  if (s === undefined) return undefined;
  const rule: { whole: boolean; min: number; what: string; only?: readonly number[]; above?: boolean } = NUMBERS[name];
  const n = s.trim() === '' ? NaN : Number(s);
  const ok =
    Number.isFinite(n) &&
    (!rule.whole || Number.isInteger(n)) &&
    (rule.above ? n > rule.min : n >= rule.min) &&
    (!rule.only || rule.only.includes(n));
  if (!ok) throw new UsageError(`--${name} must be ${rule.what}, not ${JSON.stringify(s)}`);
  return n;
}

/**
 * `--preset LABEL`: each chosen game's config for that preset (`gamebench`: GameBench's protocol), added to
 * `--game-config`'s. A chosen game without the preset, or set by both, is refused: a tournament meant to run under one
 * protocol never plays a game under another silently.
 */
function withPreset(label: string, gameIds: readonly string[], explicit: unknown): Record<string, unknown> {
  const chosen = gameIds.map((id) => allGames.find((g) => g.id === id)!);
  const { configs, missing } = presetConfigs(
    chosen.map((g) => ({ id: g.id, presets: g.meta.settingsPresets })),
    label,
  );
  if (missing.length) {
    const having = allGames.filter((g) => g.meta.settingsPresets.some((p) => p.label === label)).map((g) => g.id);
    throw new UsageError(
      `--preset ${label}: ${missing.join(', ')} ${missing.length === 1 ? 'has' : 'have'} no such preset (${having.length ? `games with it: ${having.join(', ')}` : 'no game has it'})`,
    );
  }
  const own = explicit && typeof explicit === 'object' ? (explicit as Record<string, unknown>) : {};
  const both = Object.keys(own).filter((id) => id in configs);
  if (both.length)
    throw new UsageError(`--preset ${label} and --game-config both set ${both.join(', ')}: choose one for each game`);
  return { ...own, ...configs };
}

/** `--games-per-pair -3`: parseArgs would take "-3" for an option; joined as `--games-per-pair=-3`, num() answers it. */
function joinNegativeNumbers(argv: string[]): string[] {
  const out: string[] = [];
  for (let i = 0; i < argv.length; i++) {
    const a = argv[i]!;
    const next = argv[i + 1];
    if (a.startsWith('--') && !a.includes('=') && a.slice(2) in NUMBERS && next !== undefined && /^-[\d.]/.test(next)) {
      out.push(`${a}=${next}`);
      i++;
    } else out.push(a);
  }
  return out;
}

/** parseArgs' refusals ("Unknown option '--gamez'. To specify a positional argument …") as one line. */
function usageLine(err: { code?: string; message: string }): string {
  const opt = /'(-[^' ]+)/.exec(err.message)?.[1];
  if (err.code === 'ERR_PARSE_ARGS_UNKNOWN_OPTION') return `unknown option ${opt ?? err.message} (see --help)`;
  if (err.code === 'ERR_PARSE_ARGS_INVALID_OPTION_VALUE' && opt) return `${opt} needs a value`;
  return err.message.split('\n')[0]!;
}

/** The Postgres of a running arena: DATABASE_URL, or the embedded one of the arena running from ARENA_DATA_DIR. */
async function connect(env: CliIo['env']): Promise<{ db: Db; url: string }> {
  const cfg = readConfig(env);
  if (cfg.DATABASE_URL) {
    if (!(await reachable(cfg.DATABASE_URL)))
      throw new Error('cannot reach DATABASE_URL: check that its Postgres is running and the URL is right');
    return { db: createDb(cfg.DATABASE_URL, 3), url: cfg.DATABASE_URL };
  }
  const dataDir = path.resolve(cfg.ARENA_DATA_DIR);
  const cluster = path.join(dataDir, 'pg');
  const running = runningArena(dataDir);
  const creds = await readCredentials(cluster);
  if (!creds) {
    throw new Error(
      `no arena has run from ${dataDir} (no ${credentialsFile(cluster)}): start it (npm start), or set ARENA_DATA_DIR to the running arena's data folder, or DATABASE_URL`,
    );
  }
  // Where its Postgres listens: the port the running arena recorded in its lock, the one Postgres itself recorded,
  // then ARENA_PG_PORT (or its default) — so an arena started with another ARENA_PG_PORT is found all the same.
  const ports = [
    ...new Set(
      [running?.pgPort, postmasterPort(cluster), cfg.ARENA_PG_PORT].filter(
        (p): p is number => typeof p === 'number' && p > 0,
      ),
    ),
  ];
  for (const port of ports) {
    const url = postgresUrl({ user: APP_ROLE, password: creds.app, port, database: 'arena' });
    if (await reachable(url)) return { db: createDb(url, 3), url };
  }
  const tried = `port${ports.length === 1 ? '' : 's'} ${ports.join(', ')}`;
  if (running) {
    throw new Error(
      `the arena running from ${dataDir} (pid ${running.pid}) does not answer on its Postgres (${tried}): it may be starting or stopping; try again in a moment`,
    );
  }
  throw new Error(
    `no arena is running from ${dataDir} (nothing answers on ${tried}): start it first (npm start), or set ARENA_DATA_DIR to the running arena's data folder, or DATABASE_URL`,
  );
}

async function reachable(url: string): Promise<boolean> {
  const probe = new pg.Client({ connectionString: url, connectionTimeoutMillis: 3000 });
  try {
    await probe.connect();
    return true;
  } catch {
    return false;
  } finally {
    await probe.end().catch(() => {});
  }
}

/** Names or ids → ids (the newest version of a name). */
async function agentIds(db: Db, refs: string[]): Promise<string[]> {
  const rows = await db.agent.findMany({
    where: { OR: [{ id: { in: refs } }, { name: { in: refs } }] },
    select: { id: true, name: true },
  });
  return refs.map((r) => {
    const a = rows.find((x) => x.id === r) ?? rows.find((x) => x.name === r);
    if (!a) throw new AdminError(`no agent named "${r}" (see the agents page, or /admin/agents)`);
    return a.id;
  });
}

const percent = (p: TournamentProgress) => `${Math.floor(progressFraction(p.counts) * 100 + 1e-9)}%`;

/** One tournament as a sentence (show, pause, resume, cancel). */
function line(p: TournamentProgress): string {
  const c = p.counts;
  return `${p.id}  ${tournamentVerdict(p).label}  ${percent(p)}  ${c.done + c.failed}/${c.total - c.cancelled} done (${c.failed} failed, ${c.running} running, ${c.queued} queued${c.cancelled ? `, ${c.cancelled} cancelled` : ''})  ${p.format}  ${p.name}`;
}

/** The tournaments as a table with a header row; numbers right-aligned. */
function table(all: TournamentProgress[]): string {
  const head = ['ID', 'STATUS', 'PROGRESS', 'ENDED', 'FAILED', 'RUNNING', 'QUEUED', 'CANCELLED', 'FORMAT', 'NAME'];
  const right = new Set([2, 3, 4, 5, 6, 7]);
  const rows = all.map((p) => {
    const c = p.counts;
    return [
      p.id,
      tournamentVerdict(p).label,
      percent(p),
      `${c.done + c.failed}/${c.total - c.cancelled}`,
      c.failed,
      c.running,
      c.queued,
      c.cancelled,
      p.format,
      p.name,
    ].map(String);
  });
  const widths = head.map((h, i) => Math.max(h.length, ...rows.map((r) => r[i]!.length)));
  const fmt = (r: string[]) =>
    r.map((x, i) => (i === r.length - 1 ? x : right.has(i) ? x.padStart(widths[i]!) : x.padEnd(widths[i]!))).join('  ');
  return [fmt(head), ...rows.map(fmt)].join('\n');
}

async function main(argv: string[], io: CliIo): Promise<number> {
  const say = (text: string) => io.write(`${text}\n`);
  let parsed;
  try {
    parsed = parseArgs({
      args: joinNegativeNumbers(argv),
      allowPositionals: true,
      options: {
        games: { type: 'string' },
        agents: { type: 'string' },
        format: { type: 'string', default: 'round-robin' },
        'games-per-pair': { type: 'string' },
        baselines: { type: 'string' },
        hosts: { type: 'string' },
        players: { type: 'string' },
        'guest-seat': { type: 'string' },
        'games-per-guest': { type: 'string' },
        confidence: { type: 'string' },
        'pairs-per-batch': { type: 'string' },
        'max-matches': { type: 'string' },
        'max-tokens': { type: 'string' },
        'max-cost': { type: 'string' },
        name: { type: 'string' },
        seed: { type: 'string' },
        'game-config': { type: 'string' },
        preset: { type: 'string' },
        help: { type: 'boolean', short: 'h' },
        dataset: { type: 'string' },
        targets: { type: 'string' },
        user: { type: 'string' },
        simulator: { type: 'string' },
        judge: { type: 'string' },
        tasks: { type: 'string' },
        'tasks-file': { type: 'string' },
        kind: { type: 'string' },
        dialogues: { type: 'string' },
        turns: { type: 'string' },
        'no-pairwise': { type: 'boolean' },
        'drop-perfect': { type: 'boolean' },
        'script-set': { type: 'string' },
        set: { type: 'string' },
      },
    });
  } catch (err) {
    throw new UsageError(usageLine(err as { code?: string; message: string }));
  }
  const { values, positionals } = parsed;
  const [area, cmd, id] = positionals;
  if (!values.help && (area === 'import' || area === 'dataset')) return datasets(area, cmd, id, values.dataset, io);
  if (!values.help && area === 'simulbench') return simulbench(cmd, id, values, io);
  if (values.help || area !== 'tournament' || !cmd) {
    say(USAGE);
    return values.help ? 0 : 2;
  }
  const commands = ['create', 'list', 'show', 'pause', 'resume', 'cancel'];
  if (!commands.includes(cmd))
    throw new UsageError(`unknown command "${cmd}": the commands are ${commands.join(', ')} (see --help)`);
  if (['show', 'pause', 'resume', 'cancel'].includes(cmd) && !id)
    throw new UsageError(`tournament ${cmd} needs a tournament id (see: tournament list)`);

  // Everything that needs no database is checked first: a typo is answered at once, arena running or not.
  let create: { spec: Record<string, unknown>; agents: string[]; baselines: string[]; hosts: string[] } | null = null;
  if (cmd === 'create') {
    const format = values.format!;
    if (!FORMATS.some((f) => f.id === format))
      throw new UsageError(`--format is one of ${FORMATS.map((f) => f.id).join(', ')}`);
    const games = list(values.games);
    if (games.length === 0)
      throw new UsageError(
        `--games is required: one or more of ${allGames.map((g) => g.id).join(', ')}, separated by commas`,
      );
    checkGameIds(games);
    const budget = Object.fromEntries(
      Object.entries({
        maxMatches: num('max-matches', values['max-matches']),
        maxTokens: num('max-tokens', values['max-tokens']),
        maxCostUsd: num('max-cost', values['max-cost']),
      }).filter(([, v]) => v !== undefined),
    );
    const spec: Record<string, unknown> = {
      name: values.name ?? `${format} ${games.join(', ')} ${new Date().toISOString().slice(0, 16).replace('T', ' ')}`,
      format,
      gameIds: games,
      budget,
      ...(values.seed ? { seed: values.seed } : {}),
    };
    if (values['game-config']) {
      try {
        spec.gameConfigs = JSON.parse(values['game-config']);
      } catch {
        throw new UsageError(`--game-config is JSON, e.g. '{"holdem":{"hands":3}}'`);
      }
    }
    if (values.preset) spec.gameConfigs = withPreset(values.preset, games, spec.gameConfigs);
    const gpp = num('games-per-pair', values['games-per-pair']);
    if (format !== 'host-guest') spec.gamesPerPair = gpp ?? 2;
    if (format === 'host-guest') {
      spec.gamesPerGuest = num('games-per-guest', values['games-per-guest']) ?? 2;
      if (values.players !== undefined) spec.numPlayers = num('players', values.players);
      if (values['guest-seat'] !== undefined) spec.guestSeat = num('guest-seat', values['guest-seat']);
    }
    if (format === 'adaptive') {
      if (values.confidence !== undefined) spec.confidence = num('confidence', values.confidence);
      if (values['pairs-per-batch'] !== undefined)
        spec.pairsPerBatch = num('pairs-per-batch', values['pairs-per-batch']);
    }
    create = { spec, agents: list(values.agents), baselines: list(values.baselines), hosts: list(values.hosts) };
  }

  const { db, url } = await connect(io.env);
  let boss: PgBoss | null = null;
  const relay = relaySender(url);
  try {
    const tid = id!;
    switch (cmd) {
      case 'list': {
        const all = await tournamentProgress(db);
        say(all.length ? table(all) : 'no tournaments yet');
        return 0;
      }
      case 'show': {
        const [p] = await tournamentProgress(db, [tid]);
        if (!p) throw new AdminError(`no tournament ${tid}`);
        say(line(p));
        say(
          `tokens ${p.tokens}, cost $${p.costUsd.toFixed(4)}${p.etaSeconds != null ? `, about ${p.etaSeconds} s left` : ''}${p.stopReason ? `, stopped: ${p.stopReason}` : ''}`,
        );
        if (p.firstFailure) say(`first failure: ${p.firstFailure}`);
        for (const s of await tournamentStandings(db, p.id)) {
          const ci = s.lo != null ? ` [${s.lo}, ${s.hi}]` : '';
          say(`  #${s.rank} ${s.name.padEnd(32)} ${s.rating}${ci}  ${s.wins}-${s.draws}-${s.losses}`);
        }
        return 0;
      }
      case 'create': {
        const { spec, agents, baselines, hosts } = create!;
        spec.agentIds = await agentIds(db, agents);
        if (spec.format === 'gauntlet') spec.baselineIds = await agentIds(db, baselines);
        if (spec.format === 'host-guest') spec.hostIds = await agentIds(db, hosts);
        boss = await startQueue(url, { worker: false });
        const r = await createTournament(db, boss, spec);
        say(`created tournament ${r.tournament.id} "${r.tournament.name}": ${r.matches} matches queued`);
        return 0;
      }
      default: {
        const action = cmd as 'pause' | 'resume' | 'cancel';
        boss = await startQueue(url, { worker: false });
        await { pause: pauseTournament, resume: resumeTournament, cancel: cancelTournament }[action](db, boss, tid);
        relay.tournament(tid);
        const [p] = await tournamentProgress(db, [tid]);
        say(line(p!));
        return 0;
      }
    }
  } finally {
    if (boss) await stopQueue(boss);
    await relay.close();
    await db.$disconnect();
  }
}

/** `simulbench create …` (an evaluation scheduled as a tournament) and `simulbench show <id>` (its stages and tables). */
async function simulbench(
  cmd: string | undefined,
  id: string | undefined,
  values: Record<string, string | boolean | undefined>,
  io: CliIo,
): Promise<number> {
  const say = (text: string) => io.write(`${text}\n`);
  const str = (k: string) => (typeof values[k] === 'string' ? (values[k] as string) : undefined);
  const commands = ['create', 'show', 'export-scripts', 'import-scripts', 'sets'];
  if (!cmd || !commands.includes(cmd))
    throw new UsageError(`simulbench commands are ${commands.join(', ')}${cmd ? ` (not "${cmd}")` : ''} (see --help)`);
  if ((cmd === 'show' || cmd === 'export-scripts') && !id)
    throw new UsageError(`simulbench ${cmd} needs the evaluation id (see: tournament list)`);
  if (cmd === 'import-scripts' && (!id || !str('set')))
    throw new UsageError(
      'simulbench import-scripts needs the file and --set NAME: npm run arena -- simulbench import-scripts FILE --set NAME',
    );
  if (cmd === 'export-scripts' || cmd === 'import-scripts' || cmd === 'sets')
    return scriptSets(cmd, id, str('set'), io);
  let spec: Record<string, unknown> = {};
  if (cmd === 'create') {
    const scriptSet = str('script-set');
    for (const k of scriptSet ? ['targets', 'judge'] : ['targets', 'user', 'simulator', 'judge'])
      if (!str(k)) throw new UsageError(`simulbench create needs --${k}`);
    if (scriptSet && (str('user') || str('simulator') || str('tasks') || str('tasks-file'))) {
      throw new UsageError(
        'with --script-set nothing is collected: leave out --user, --simulator, --tasks and --tasks-file',
      );
    }
    if (str('tasks') && str('tasks-file'))
      throw new UsageError('give --tasks (shipped task ids) or --tasks-file, not both');
    const kind = str('kind');
    if (kind !== undefined && kind !== 'stateless' && kind !== 'stateful')
      throw new UsageError(`--kind is stateless or stateful, not ${JSON.stringify(kind)}`);
    const whole = (k: string, min: number, max: number) => {
      const v = str(k);
      if (v === undefined) return undefined;
      const n = Number(v);
      if (!Number.isInteger(n) || n < min || n > max)
        throw new UsageError(`--${k} must be a whole number from ${min} to ${max}, not ${JSON.stringify(v)}`);
      return n;
    };
    const budget = Object.fromEntries(
      Object.entries({
        maxTokens: num('max-tokens', str('max-tokens')),
        maxCostUsd: num('max-cost', str('max-cost')),
      }).filter(([, v]) => v !== undefined),
    );
    spec = {
      format: 'simulbench',
      name: str('name') ?? `SimulBench ${new Date().toISOString().slice(0, 16).replace('T', ' ')}`,
      budget,
      ...(str('seed') ? { seed: str('seed') } : {}),
      ...(str('tasks') ? { taskIds: list(str('tasks')) } : {}),
      ...(whole('dialogues', 1, 20) !== undefined ? { dialoguesPerTask: whole('dialogues', 1, 20) } : {}),
      ...(whole('turns', 1, 10) !== undefined ? { turns: whole('turns', 1, 10) } : {}),
      ...(values['no-pairwise'] ? { pairwise: false } : {}),
      ...(scriptSet ? { scriptSet } : {}),
    };
    const file = str('tasks-file');
    if (file) {
      let tasksText: string;
      try {
        if ((await stat(file)).size > MAX_IMPORT_BYTES)
          throw new UsageError(`${file} is larger than ${MAX_IMPORT_BYTES / 1024 / 1024} MB`);
        tasksText = await readFile(file, 'utf8');
      } catch (err) {
        if (err instanceof UsageError) throw err;
        throw new UsageError(
          `cannot read ${file}: ${(err as NodeJS.ErrnoException).code === 'ENOENT' ? 'no such file' : (err as Error).message}`,
        );
      }
      const parsed = parseSimulBenchTasks(tasksText, kind ? { defaultKind: kind } : {});
      if ('error' in parsed) throw new UsageError(`${file}: ${parsed.error}`);
      spec.tasks = parsed.tasks;
    }
  }
  const { db, url } = await connect(io.env);
  let boss: PgBoss | null = null;
  try {
    if (cmd === 'create') {
      spec.agentIds = await agentIds(db, list(str('targets')));
      if (str('user')) [spec.userAgentId] = await agentIds(db, [str('user')!]);
      if (str('simulator')) [spec.simulatorId] = await agentIds(db, [str('simulator')!]);
      [spec.judgeId] = await agentIds(db, [str('judge')!]);
      boss = await startQueue(url, { worker: false });
      const r = await createTournament(db, boss, spec);
      say(
        `created SimulBench evaluation ${r.tournament.id} "${r.tournament.name}": ${r.matches} ${spec.scriptSet ? 'frozen scripts' : 'dialogues'} queued`,
      );
      return 0;
    }
    const r = await simulbenchResults(db, id!, { rounds: 1000, dropPerfect: values['drop-perfect'] === true });
    if (!r) throw new AdminError(`no SimulBench evaluation ${id}`);
    say(`${r.tournamentId}  ${r.status}  ${r.name}`);
    say(
      `dialogues ${r.dialogues.finished}/${r.dialogues.total - r.dialogues.cancelled} (${r.dialogues.failed} failed)  scripts ${r.scripts.total} (last-only ${r.scripts['last-only']}, first-chan ${r.scripts['first-chan']}, subseq-chan ${r.scripts['subseq-chan']})  answers rated ${r.answers.scored}/${r.answers.total} (${r.answers.noScore} no score, ${r.answers.failed} not answered)`,
    );
    say(
      r.perfect.dropped
        ? `the ${r.perfect.scripts} script(s) every target answered perfectly are left out, as the paper did`
        : `${r.perfect.scripts} script(s) every target answered perfectly (the paper dropped such scripts: --drop-perfect)`,
    );
    const cell = (x: { n: number; mean: number }) => (x.n ? x.mean.toFixed(2) : '—').padStart(7);
    say(
      `\n${'model'.padEnd(32)} ${['LastOnly', 'FirstChan', 'SubseqChan', 'Stateless', 'Stateful', 'Hard', 'All'].map((h) => h.padStart(7)).join(' ')}`,
    );
    for (const row of r.table4) {
      say(
        `${(r.agents[row.agentId] ?? row.agentId).padEnd(32)} ${[row.lastOnly, row.firstChan, row.subseqChan, row.stateless, row.stateful, row.hard, row.all].map(cell).join(' ')}`,
      );
    }
    if (r.table1.length) {
      say(
        `\npairwise on the Hard scripts, the paper's Table 1 (win / tie / lose, difference)  judge's order disagreement ${r.disagreement.inconsistent}/${r.disagreement.judged}`,
      );
      for (const p of r.table1) {
        say(
          `  ${r.agents[p.agentA] ?? p.agentA} vs ${r.agents[p.agentB] ?? p.agentB}: ${p.win} / ${p.tie} / ${p.lose}${p.n ? `, ${p.difference.toFixed(1)}%` : ''}`,
        );
      }
    }
    for (const s of r.spend)
      say(
        `  ${s.purpose.padEnd(14)} ${String(s.calls).padStart(6)} calls ${String(s.tokens).padStart(9)} tokens  $${s.costUsd.toFixed(4)}`,
      );
    return 0;
  } finally {
    if (boss) await stopQueue(boss);
    await db.$disconnect();
  }
}

/** `simulbench export-scripts <id>` (the file on stdout), `simulbench import-scripts FILE --set NAME`, `simulbench sets`. */
async function scriptSets(
  cmd: 'export-scripts' | 'import-scripts' | 'sets',
  arg: string | undefined,
  set: string | undefined,
  io: CliIo,
): Promise<number> {
  const say = (text: string) => io.write(`${text}\n`);
  let text = '';
  if (cmd === 'import-scripts') {
    try {
      if ((await stat(arg!)).size > MAX_IMPORT_BYTES)
        throw new UsageError(`${arg} is larger than ${MAX_IMPORT_BYTES / 1024 / 1024} MB`);
      text = await readFile(arg!, 'utf8');
    } catch (err) {
      if (err instanceof UsageError) throw err;
      throw new UsageError(
        `cannot read ${arg}: ${(err as NodeJS.ErrnoException).code === 'ENOENT' ? 'no such file' : (err as Error).message}`,
      );
    }
  }
  const { db } = await connect(io.env);
  try {
    if (cmd === 'sets') {
      const sets = await listScriptSets(db);
      say(
        sets.length
          ? sets.map((x) => `${x.setName.padEnd(40)} ${String(x.scripts).padStart(5)} scripts  ${x.label}`).join('\n')
          : 'no script set yet',
      );
      return 0;
    }
    if (cmd === 'import-scripts') {
      const r = await importScriptSet(db, set!, text);
      say(
        `imported ${r.scripts} scripts as ${r.setName}: score targets on them with simulbench create --targets … --judge … --script-set ${r.setName}`,
      );
      return 0;
    }
    const t = await db.tournament.findUnique({ where: { id: arg! }, select: { name: true, config: true } });
    const config = t?.config as { format?: string; scriptSet?: string } | undefined;
    if (!t || config?.format !== 'simulbench') throw new AdminError(`no SimulBench evaluation ${arg}`);
    io.write(
      `${JSON.stringify(await exportScriptSet(db, config.scriptSet ?? tournamentScriptSet(arg!), t.name), null, 1)}\n`,
    );
    return 0;
  } catch (err) {
    // A bad file is the caller's to fix: exit 2 with the reason, as for every other bad input.
    if (err instanceof AdminError && cmd === 'import-scripts') throw new UsageError(err.message);
    throw err;
  } finally {
    await db.$disconnect();
  }
}

/** `import gamebench FILE --dataset NAME`, `dataset list`, `dataset delete NAME`. */
async function datasets(
  area: string,
  cmd: string | undefined,
  arg: string | undefined,
  name: string | undefined,
  io: CliIo,
): Promise<number> {
  const say = (text: string) => io.write(`${text}\n`);
  let text = '';
  if (area === 'import') {
    if (cmd !== 'gamebench')
      throw new UsageError(
        `import reads GameBench's format: npm run arena -- import gamebench FILE --dataset NAME${cmd ? ` (not "${cmd}")` : ''}`,
      );
    if (!arg)
      throw new UsageError(
        'import gamebench needs the file to read: npm run arena -- import gamebench FILE --dataset NAME',
      );
    if (!name)
      throw new UsageError(
        'import gamebench needs --dataset NAME: the name the leaderboard shows it under (e.g. --dataset gamebench-2024)',
      );
    const name_ = datasetNameSchema.safeParse(name);
    if (!name_.success) throw new UsageError(`--dataset: ${name_.error.issues[0]!.message}`);
    try {
      const size = (await stat(arg)).size;
      if (size > MAX_IMPORT_BYTES)
        throw new UsageError(
          `${arg} is ${(size / 1024 / 1024).toFixed(1)} MB; an import reads at most ${MAX_IMPORT_BYTES / 1024 / 1024} MB`,
        );
      text = await readFile(arg, 'utf8');
    } catch (err) {
      if (err instanceof UsageError) throw err;
      throw new UsageError(
        `cannot read ${arg}: ${(err as NodeJS.ErrnoException).code === 'ENOENT' ? 'no such file' : (err as Error).message}`,
      );
    }
  } else if (cmd !== 'list' && cmd !== 'delete')
    throw new UsageError(`dataset commands are list and delete${cmd ? ` (not "${cmd}")` : ''}`);
  else if (cmd === 'delete' && !arg) throw new UsageError('dataset delete needs the dataset name (see: dataset list)');

  const { db } = await connect(io.env);
  try {
    if (area === 'import') {
      const d = await importDataset(db, { name: name!, text, source: path.basename(arg!), createdBy: 'cli' });
      say(
        `imported dataset "${d.name}": ${d.matchCount} matches, ${d.agents.length} agents (${d.agents.join(', ')}), ${d.games.length} games (${d.games.join(', ')})`,
      );
      say(
        `leaderboard: /leaderboard?dataset=${encodeURIComponent(d.name)}   GameBench's tables: /leaderboard/gamebench?dataset=${encodeURIComponent(d.name)}`,
      );
    } else if (cmd === 'list') {
      const all = await listDatasets(db);
      if (all.length === 0) say('no datasets yet (npm run arena -- import gamebench FILE --dataset NAME)');
      for (const d of all)
        say(
          `${d.name}  ${d.matchCount} matches  ${d.agents.length} agents  ${d.games.join(',')}  ${d.source ?? ''}  ${d.createdAt.toISOString().slice(0, 16)}`,
        );
    } else {
      await deleteDataset(db, arg!);
      say(`deleted dataset "${arg}"`);
    }
    return 0;
  } finally {
    await db.$disconnect();
  }
}

/** Runs the CLI on `argv` (the arguments after `arena`) and returns its exit code: 2 for bad input, 1 for a failure. */
export async function runCli(argv: string[], io: CliIo): Promise<number> {
  try {
    return await main(argv, io);
  } catch (err) {
    io.error(`arena: ${(err as Error).message}\n`);
    return err instanceof UsageError || err instanceof AdminError || err instanceof DatasetError ? 2 : 1;
  }
}

// Run as a program (`npm run arena`, `tsx server/cli.ts`), not when a test imports runCli.
if (process.argv[1] && import.meta.url === pathToFileURL(path.resolve(process.argv[1])).href) {
  const io: CliIo = {
    write: (text) => process.stdout.write(text),
    error: (text) => process.stderr.write(text),
    env: process.env,
  };
  void runCli(process.argv.slice(2), io).then((code) => process.exit(code));
}
