// The headless admin CLI: `npm run arena -- tournament create|list|show|pause|resume|cancel …`. It calls the same
// scheduler functions as the admin pages, on the arena's Postgres (DATABASE_URL, or the embedded one while it runs).
import path from 'node:path';
import { parseArgs } from 'node:util';
import pg from 'pg';
import type { PgBoss } from 'pg-boss';
import { AdminError } from '../lib/admin';
import { createDb, type Db } from '../lib/db';
import { tournamentProgress, tournamentStandings } from '../lib/tournament/progress';
import { FORMATS, progressFraction, type TournamentProgress } from '../lib/tournament/spec';
import { readConfig } from './config';
import { embeddedUrl } from './db/embedded';
import { relaySender } from './rooms/relay';
import { startQueue, stopQueue } from './scheduler/queue';
import { cancelTournament, createTournament, pauseTournament, resumeTournament } from './scheduler/tournaments';

const USAGE = `usage: npm run arena -- tournament <command> [options]

commands:
  create --games g1,g2 --agents a,b,c [--format round-robin|gauntlet|host-guest|adaptive]
         [--games-per-pair N] [--baselines x,y] [--hosts x,y] [--players N] [--guest-seat N]
         [--games-per-guest N] [--confidence 0.9|0.95] [--pairs-per-batch N]
         [--max-matches N] [--max-tokens N] [--max-cost USD] [--name "…"] [--seed S]
         [--game-config '{"holdem":{"hands":3}}']
  list
  show <id>
  pause <id> | resume <id> | cancel <id>

Agents are given by name or id. The arena's Postgres is DATABASE_URL, or the embedded one of a running \`npm start\`.`;

class UsageError extends Error {}

const list = (s: string | undefined) => (s ?? '').split(',').map((x) => x.trim()).filter(Boolean);
function num(name: string, s: string | undefined): number | undefined {
  if (s === undefined) return undefined;
  const n = Number(s);
  if (!Number.isFinite(n)) throw new UsageError(`--${name} must be a number, not "${s}"`);
  return n;
}

async function connect(): Promise<{ db: Db; url: string }> {
  const cfg = readConfig();
  // The embedded cluster's app role, with the password the running arena keeps in its data folder (mode 0600).
  const url = cfg.DATABASE_URL ?? (await embeddedUrl(path.join(cfg.ARENA_DATA_DIR, 'pg'), cfg.ARENA_PG_PORT));
  const probe = new pg.Client({ connectionString: url, connectionTimeoutMillis: 3000 });
  try {
    await probe.connect();
  } catch {
    const where = cfg.DATABASE_URL ? 'DATABASE_URL' : `the embedded Postgres on port ${cfg.ARENA_PG_PORT}`;
    throw new Error(`cannot reach ${where}: start the arena first (npm start), or set DATABASE_URL`);
  } finally {
    await probe.end().catch(() => {});
  }
  return { db: createDb(url, 3), url };
}

/** Names or ids → ids (the newest version of a name). */
async function agentIds(db: Db, refs: string[]): Promise<string[]> {
  const rows = await db.agent.findMany({ where: { OR: [{ id: { in: refs } }, { name: { in: refs } }] }, select: { id: true, name: true } });
  return refs.map((r) => {
    const a = rows.find((x) => x.id === r) ?? rows.find((x) => x.name === r);
    if (!a) throw new AdminError(`no agent named "${r}" (see the agents page, or /admin/agents)`);
    return a.id;
  });
}

function line(p: TournamentProgress): string {
  const pct = Math.round(progressFraction(p.counts) * 100);
  const c = p.counts;
  return `${p.id}  ${p.status.padEnd(9)} ${String(pct).padStart(3)}%  ${c.done + c.failed}/${c.total - c.cancelled} done (${c.failed} failed, ${c.running} running, ${c.queued} queued${c.cancelled ? `, ${c.cancelled} cancelled` : ''})  ${p.format}  ${p.name}`;
}

async function main(argv: string[]): Promise<number> {
  const { values, positionals } = parseArgs({
    args: argv,
    allowPositionals: true,
    options: {
      games: { type: 'string' }, agents: { type: 'string' }, format: { type: 'string', default: 'round-robin' },
      'games-per-pair': { type: 'string' }, baselines: { type: 'string' }, hosts: { type: 'string' }, players: { type: 'string' },
      'guest-seat': { type: 'string' }, 'games-per-guest': { type: 'string' }, confidence: { type: 'string' },
      'pairs-per-batch': { type: 'string' }, 'max-matches': { type: 'string' }, 'max-tokens': { type: 'string' },
      'max-cost': { type: 'string' }, name: { type: 'string' }, seed: { type: 'string' }, 'game-config': { type: 'string' }, help: { type: 'boolean', short: 'h' },
    },
  });
  const [area, cmd, id] = positionals;
  if (values.help || area !== 'tournament' || !cmd) {
    console.log(USAGE);
    return values.help ? 0 : 2;
  }
  const { db, url } = await connect();
  let boss: PgBoss | null = null;
  const relay = relaySender(url);
  try {
    const needId = () => {
      if (!id) throw new UsageError(`tournament ${cmd} needs a tournament id (see: tournament list)`);
      return id;
    };
    switch (cmd) {
      case 'list': {
        const all = await tournamentProgress(db);
        console.log(all.length ? all.map(line).join('\n') : 'no tournaments yet');
        return 0;
      }
      case 'show': {
        const [p] = await tournamentProgress(db, [needId()]);
        if (!p) throw new AdminError(`no tournament ${id}`);
        console.log(line(p));
        console.log(`tokens ${p.tokens}, cost $${p.costUsd.toFixed(4)}${p.etaSeconds != null ? `, about ${p.etaSeconds} s left` : ''}${p.stopReason ? `, stopped: ${p.stopReason}` : ''}`);
        for (const s of await tournamentStandings(db, p.id)) {
          const ci = s.lo != null ? ` [${s.lo}, ${s.hi}]` : '';
          console.log(`  #${s.rank} ${s.name.padEnd(32)} ${s.rating}${ci}  ${s.wins}-${s.draws}-${s.losses}`);
        }
        return 0;
      }
      case 'create': {
        const format = values.format!;
        if (!FORMATS.some((f) => f.id === format)) throw new UsageError(`--format is one of ${FORMATS.map((f) => f.id).join(', ')}`);
        const games = list(values.games);
        const agents = await agentIds(db, list(values.agents));
        const budget = Object.fromEntries(
          Object.entries({ maxMatches: num('max-matches', values['max-matches']), maxTokens: num('max-tokens', values['max-tokens']), maxCostUsd: num('max-cost', values['max-cost']) })
            .filter(([, v]) => v !== undefined),
        );
        const spec: Record<string, unknown> = {
          name: values.name ?? `${format} ${games.join(', ')} ${new Date().toISOString().slice(0, 16).replace('T', ' ')}`,
          format, gameIds: games, agentIds: agents, budget, ...(values.seed ? { seed: values.seed } : {}),
        };
        if (values['game-config']) {
          try {
            spec.gameConfigs = JSON.parse(values['game-config']);
          } catch {
            throw new UsageError(`--game-config is JSON, e.g. '{"holdem":{"hands":3}}'`);
          }
        }
        const gpp = num('games-per-pair', values['games-per-pair']);
        if (format !== 'host-guest') spec.gamesPerPair = gpp ?? 2;
        if (format === 'gauntlet') spec.baselineIds = await agentIds(db, list(values.baselines));
        if (format === 'host-guest') {
          spec.hostIds = await agentIds(db, list(values.hosts));
          spec.gamesPerGuest = num('games-per-guest', values['games-per-guest']) ?? 2;
          if (values.players) spec.numPlayers = num('players', values.players);
          if (values['guest-seat']) spec.guestSeat = num('guest-seat', values['guest-seat']);
        }
        if (format === 'adaptive') {
          if (values.confidence) spec.confidence = num('confidence', values.confidence);
          if (values['pairs-per-batch']) spec.pairsPerBatch = num('pairs-per-batch', values['pairs-per-batch']);
        }
        boss = await startQueue(url, { worker: false });
        const r = await createTournament(db, boss, spec);
        console.log(`created tournament ${r.tournament.id} "${r.tournament.name}": ${r.matches} matches queued`);
        return 0;
      }
      case 'pause':
      case 'resume':
      case 'cancel': {
        const tid = needId();
        boss = await startQueue(url, { worker: false });
        await { pause: pauseTournament, resume: resumeTournament, cancel: cancelTournament }[cmd](db, boss, tid);
        relay.tournament(tid);
        const [p] = await tournamentProgress(db, [tid]);
        console.log(line(p!));
        return 0;
      }
      default:
        throw new UsageError(`unknown command "${cmd}"\n\n${USAGE}`);
    }
  } finally {
    if (boss) await stopQueue(boss);
    await relay.close();
    await db.$disconnect();
  }
}

main(process.argv.slice(2)).then(
  (code) => process.exit(code),
  (err: Error) => {
    console.error(`arena: ${err.message}`);
    process.exit(err instanceof UsageError || err instanceof AdminError ? 2 : 1);
  },
);
