// SimulBench's blind votes (issue 35, item 4), end to end on a real evaluation: while a pair of answers is open for
// votes, no public page, API, export or match stream ties either answer to the model that wrote it; once voting closes,
// the evaluation's page names them. Pages are rendered as the server renders them (server components, a visitor's or
// an admin's cookie), the APIs through their route handlers, the match streams through the socket hub.
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import type { PgBoss } from 'pg-boss';
import { createElement, type ReactElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { prerender } from 'react-dom/static';
import { Server } from 'socket.io';
import { io as connect } from 'socket.io-client';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { TASKS } from '../../games/simulbench/tasks';
import { createSession, SESSION_COOKIE } from '../../lib/db/admins';
import { createDb, type Db } from '../../lib/db/client';
import { createGuest, createPersonSession } from '../../lib/db/people';
import { PERSON_COOKIE } from '../../lib/people-input';
import type { MatchSnapshot } from '../../lib/protocol';
import { LeaderboardSimulbench } from '../../components/leaderboard-simulbench';
import { drawOpenPair, hiddenAnswers } from '../../lib/db/simulbench/blind';
import { getMatchLogs } from '../../lib/db/match-exports';
import { latestSimulbenchResults } from '../../lib/db/simulbench/results';
import { castVote, drawBallot } from '../../lib/db/simulbench/votes';
import { VOTING_DAYS } from '../../lib/simulbench/voting';
import { createTestDb, type TestDb } from '../db/test-db';
import { startSimulatedEndpoint, type SimulatedEndpoint } from '../llm/simulated';
import { Hub } from '../rooms/hub';
import { startQueue, stopQueue } from '../scheduler/queue';
import { createTournament } from '../scheduler/tournaments';
import { tournamentProgress } from '../../lib/db/tournament-progress';
import { startMatchWorker } from '../workers/match-worker';

// The request a page is rendered for: its cookies (a visitor has none).
const jar = new Map<string, string>();
vi.mock('next/headers', () => ({
  cookies: async () => ({
    get: (name: string) => (jar.has(name) ? { name, value: jar.get(name)! } : undefined),
    set: () => {},
    delete: () => {},
  }),
  headers: async () => new Headers(),
}));
vi.mock('next/navigation', () => ({
  notFound: () => {
    throw new Error('not found');
  },
  redirect: (to: string) => {
    throw new Error(`redirect ${to}`);
  },
  useRouter: () => ({ refresh: () => {}, push: () => {}, replace: () => {} }),
  usePathname: () => '/',
  useSearchParams: () => new URLSearchParams(),
}));

let t: TestDb;
let workerDb: Db;
let boss: PgBoss;
let sim: SimulatedEndpoint;
let server: http.Server;
let hubUrl: string;
let evaluation: string;
let adminToken: string;
let voterToken: string;
let voterId: string;
/** Distinct names, so that a page naming a target is easy to tell. */
const NAMES = {
  careful: 'Zephyr careful target',
  sloppy: 'Quokka sloppy target',
  twin: 'Echo twin of the simulator',
} as const;
const ids = {} as Record<'user' | 'collector' | 'judge' | keyof typeof NAMES, string>;

beforeAll(async () => {
  process.env.ARENA_SECRET ??= 'test-secret-test-secret';
  t = await createTestDb();
  process.env.DATABASE_URL = t.url; // the pages and route handlers read lib/db's client
  workerDb = createDb(t.url, 8);
  boss = await startQueue(t.url);
  sim = await startSimulatedEndpoint({ latencyMs: 0, seed: 'blind' });
  const p = await t.db.provider.create({ data: { name: 'sim', baseUrl: sim.url, simulated: true } });
  const llm = async (name: string, model: string) =>
    (
      await t.db.agent.create({
        data: { name, kind: 'llm', providerId: p.id, model, scaffold: 'base', simulated: true },
      })
    ).id;
  ids.user = await llm('blind user agent', 'sim-careful');
  ids.judge = await llm('blind judge', 'sim-careful');
  ids.collector = await llm('blind collector', 'sim-random');
  ids.careful = await llm(NAMES.careful, 'sim-careful');
  ids.sloppy = await llm(NAMES.sloppy, 'sim-sloppy');
  // Runs the simulator's model: its answers are its replies in the dialogue, so it is never put to a vote.
  ids.twin = await llm(NAMES.twin, 'sim-random');
  await startMatchWorker(boss, workerDb, { concurrency: 4 });

  const { tournament } = await createTournament(t.db, boss, {
    format: 'simulbench',
    name: 'blind evaluation',
    agentIds: [ids.careful, ids.sloppy, ids.twin],
    userAgentId: ids.user,
    simulatorId: ids.collector,
    judgeId: ids.judge,
    taskIds: [TASKS[0]!.id],
    dialoguesPerTask: 1,
    turns: 2,
    seed: 'blind-1',
  });
  evaluation = tournament.id;
  // Played to the end (dialogue, scripts, answers, ratings, comparisons); the limit is a safety net far above the time.
  for (
    const deadline = Date.now() + 90_000;
    (await tournamentProgress(t.db, [evaluation]))[0]!.status !== 'finished';
  ) {
    if (Date.now() > deadline) throw new Error('the evaluation did not finish');
    await new Promise((r) => setTimeout(r, 200));
  }

  const admin = await t.db.admin.create({ data: { username: 'admin', passwordHash: 'x' } });
  adminToken = (await createSession(t.db, admin.id)).token;
  const voter = await createGuest(t.db, { name: 'Blind Voter' });
  voterId = voter.id;
  voterToken = (await createPersonSession(t.db, voter.id)).token;

  const hub = new Hub(() => t.db);
  server = http.createServer();
  hub.attach(new Server(server));
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  hubUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterAll(async () => {
  if (server) await new Promise((r) => server.close(r));
  if (boss) await stopQueue(boss);
  await workerDb?.$disconnect();
  await sim?.close();
  await t?.drop();
});

/** A page as the server renders it, for a visitor, a signed-in person or an admin. */
async function page(
  load: () => Promise<{ default: (props: never) => unknown }>,
  props: object,
  as: 'visitor' | 'person' | 'admin' = 'visitor',
): Promise<string> {
  jar.clear();
  if (as === 'admin') jar.set(SESSION_COOKIE, adminToken);
  if (as === 'person') jar.set(PERSON_COOKIE, voterToken);
  const Page = (await load()).default as (p: object) => Promise<ReactElement>;
  // Prerendered to the end: the page's async parts (a ballot drawn, a list read) are awaited as the server awaits them.
  const { prelude } = await prerender(await Page(props));
  return (await new Response(prelude).text()).replace(/<!-- -->/g, ''); // React's markers between adjacent texts
}

const params = (p: object, q: object = {}) => ({ params: Promise.resolve(p), searchParams: Promise.resolve(q) });

/** What a spectator of a match receives on joining it. */
async function snapshot(matchId: string): Promise<MatchSnapshot> {
  const c = connect(hubUrl, { transports: ['websocket'], forceNew: true });
  try {
    const got = new Promise<MatchSnapshot>((resolve) => c.once('match:snapshot', resolve));
    c.emit('match:join', { matchId });
    return await got;
  } finally {
    c.close();
  }
}

const get = async (
  load: () => Promise<{ GET: (req: Request, ctx: never) => Promise<Response> }>,
  url: string,
  ctx?: object,
) => (await (await load()).GET(new Request(`http://arena.test${url}`), ctx as never)).text();

/**
 * Every public page, API, export and match stream that could show an evaluation's answers, as text: the evaluation's
 * page, the SimulBench list, the vote page, the leaderboard's SimulBench section, the exports, the scripts file, and each of its
 * matches (the page and what a spectator receives).
 */
async function publicSurfaces(): Promise<{ where: string; text: string }[]> {
  const matches = await t.db.match.findMany({ where: { tournamentId: evaluation }, select: { id: true } });
  const out = [
    {
      where: `/simulbench/${evaluation}`,
      text: await page(() => import('../../app/simulbench/[id]/page'), params({ id: evaluation })),
    },
    { where: '/simulbench', text: await page(() => import('../../app/simulbench/page'), {}) },
    { where: '/', text: await page(() => import('../../app/(lobby)/page'), params({})) },
    {
      where: `/tournaments/${evaluation}`,
      text: await page(() => import('../../app/tournaments/[id]/page'), params({ id: evaluation })),
    },
    ...(await Promise.all(
      [ids.careful, ids.sloppy].map(async (id) => ({
        where: `/agents/${id}`,
        text: await page(() => import('../../app/agents/[id]/page'), params({ id })),
      })),
    )),
    {
      where: '/simulbench/vote (a signed-in person)',
      text: await page(() => import('../../app/simulbench/vote/page'), params({}, { evaluation }), 'person'),
    },
    // The leaderboard page's SimulBench section, as the page renders it (the rest of that page is the rating service's).
    {
      where: '/leaderboard (SimulBench section)',
      text: renderToStaticMarkup(
        createElement(LeaderboardSimulbench, { results: await latestSimulbenchResults(t.db) }),
      ),
    },
    {
      where: '/api/export/matches.jsonl',
      text: await get(() => import('../../app/api/export/matches.jsonl/route'), '/api/export/matches.jsonl'),
    },
    {
      where: '/api/export/matches.json',
      text: await get(() => import('../../app/api/export/matches.json/route'), '/api/export/matches.json'),
    },
    {
      where: '/api/export/matches.csv',
      text: await get(() => import('../../app/api/export/matches.csv/route'), '/api/export/matches.csv'),
    },
    {
      where: `/api/simulbench/${evaluation}/scripts`,
      text: await get(
        () => import('../../app/api/simulbench/[id]/scripts/route'),
        `/api/simulbench/${evaluation}/scripts`,
        { params: Promise.resolve({ id: evaluation }) },
      ),
    },
  ];
  for (const m of matches) {
    out.push({
      where: `/matches/${m.id}`,
      text: await page(() => import('../../app/matches/[id]/page'), params({ id: m.id })),
    });
    out.push({ where: `match:snapshot ${m.id}`, text: JSON.stringify(await snapshot(m.id)) });
  }
  return out;
}

/**
 * The answers of open pairs and their authors. Only texts that are their author's own are searched for: long enough not
 * to turn up by chance, and written by no one else (the simulated sloppy and random models write the same words, and
 * the simulator's replies are in the dialogue): found on a page, such a text can only be that answer.
 */
async function openAnswers() {
  const rows = await t.db.simulAnswer.findMany({
    where: { tournamentId: evaluation, text: { not: null } },
    include: { agent: true },
  });
  const hidden = await hiddenAnswers(t.db, [...new Set(rows.map((r) => r.scriptId))]);
  const elsewhere = JSON.stringify([
    await t.db.simulScript.findMany({ select: { history: true } }),
    await t.db.matchEvent.findMany({ where: { match: { tournamentId: evaluation } }, select: { payload: true } }),
  ]);
  return rows
    .filter((r) => hidden.has(`${r.scriptId}|${r.agentId}`) && r.text!.trim().length >= 12)
    .filter(
      (r) =>
        !rows.some((o) => o !== r && o.text === r.text) && !elsewhere.includes(JSON.stringify(r.text).slice(1, -1)),
    )
    .map((r) => ({ text: r.text!, agentId: r.agentId, name: r.agent.name }));
}

/** Where an answer's text appears together with its author (by name or id): per line of an export, else per page. */
function tiedTo(
  surfaces: { where: string; text: string }[],
  answer: { text: string; agentId: string; name: string },
): string[] {
  // Pages are HTML (text escaped) and JSON (text quoted): look for the text as each writes it.
  const forms = [
    answer.text,
    JSON.stringify(answer.text).slice(1, -1),
    answer.text
      .replace(/&/g, '&amp;')
      .replace(/</g, '&lt;')
      .replace(/>/g, '&gt;')
      .replace(/"/g, '&quot;')
      .replace(/'/g, '&#x27;'),
  ];
  return surfaces.flatMap((s) => {
    const parts = s.where.includes('export') ? s.text.split('\n') : [s.text];
    return parts.some(
      (part) => forms.some((f) => part.includes(f)) && (part.includes(answer.name) || part.includes(answer.agentId)),
    )
      ? [s.where]
      : [];
  });
}

describe('SimulBench blind votes', () => {
  it('while a pair is open for votes, no public page, API, export or match stream ties its answers to their models', async () => {
    const answers = await openAnswers();
    expect(answers.length).toBeGreaterThan(0);
    expect(answers.every((a) => a.agentId === ids.careful || a.agentId === ids.sloppy)).toBe(true);
    const surfaces = await publicSurfaces();
    // The evaluation's page (the paper's tables) and the matches are there, named.
    expect(surfaces.find((s) => s.where === `/simulbench/${evaluation}`)!.text).toContain(NAMES.careful);
    for (const a of answers) expect(tiedTo(surfaces, a), a.text).toEqual([]);
    // Not even without a name: the visitor's evaluation page and the exports do not have the texts at all.
    const evaluationPage = surfaces.find((s) => s.where === `/simulbench/${evaluation}`)!.text;
    const jsonl = surfaces.find((s) => s.where === '/api/export/matches.jsonl')!.text;
    for (const a of answers)
      expect(evaluationPage.includes(a.text) || jsonl.includes(JSON.stringify(a.text).slice(1, -1)), a.text).toBe(
        false,
      );
    expect(evaluationPage).toContain('hidden while people vote');

    // An admin sees every answer with its model at once (so the search above would have found them).
    const asAdmin = await page(() => import('../../app/simulbench/[id]/page'), params({ id: evaluation }), 'admin');
    for (const a of answers) expect(tiedTo([{ where: 'admin', text: asAdmin }], a)).toEqual(['admin']);

    // A voter: the ballot has the answers and no name; the vote's receipt names no one either.
    const ballot = (await drawBallot(t.db, voterId, evaluation))!;
    const pairs = await t.db.simulAnswer.groupBy({
      by: ['scriptId'],
      where: { tournamentId: evaluation, agentId: { in: [ids.careful, ids.sloppy] } },
    });
    const texts = await Promise.all(
      pairs.map(async (p) =>
        (
          await t.db.simulAnswer.findMany({
            where: { tournamentId: evaluation, scriptId: p.scriptId, agentId: { in: [ids.careful, ids.sloppy] } },
          })
        )
          .map((a) => a.text)
          .sort(),
      ),
    );
    expect(texts).toContainEqual([ballot.first, ballot.second].sort());
    const receipt = await castVote(t.db, ballot.token, 'second', voterId);
    for (const x of [...Object.values(NAMES), ids.careful, ids.sloppy])
      expect(JSON.stringify(receipt)).not.toContain(x);
    expect(receipt).toMatchObject({ choice: 'second', evaluationId: evaluation });
  });

  it('a target that runs the simulator’s model is never put to a vote: its answers are its replies in the dialogue', async () => {
    for (let i = 0; i < 20; i++) {
      const p = await drawOpenPair(t.db, `someone-${i}`, evaluation);
      expect([p!.agentA, p!.agentB].sort()).toEqual([ids.careful, ids.sloppy].sort());
    }
    // So its answers are shown with its name at once.
    const html = await page(() => import('../../app/simulbench/[id]/page'), params({ id: evaluation }));
    const twin = await t.db.simulAnswer.findFirstOrThrow({ where: { tournamentId: evaluation, agentId: ids.twin } });
    expect(html).toContain(`${NAMES.twin}: `);
    expect(twin.text).not.toBeNull();
  });

  it(`once voting closes (${VOTING_DAYS} days after the evaluation ends), the answers are named and the exports have them`, async () => {
    const stale = (await drawBallot(t.db, 'late voter', evaluation))!;
    const answers = await openAnswers();
    await t.db.tournament.update({
      where: { id: evaluation },
      data: { finishedAt: new Date(Date.now() - (VOTING_DAYS + 1) * 86_400_000) },
    });
    expect(await drawBallot(t.db, 'late voter', evaluation)).toBeNull();
    await expect(castVote(t.db, stale.token, 'first', 'late voter')).rejects.toThrow(/voting on this pair has closed/);
    expect(await openAnswers()).toEqual([]);
    const html = await page(() => import('../../app/simulbench/[id]/page'), params({ id: evaluation }));
    for (const a of answers) expect(tiedTo([{ where: 'page', text: html }], a), a.text).toEqual(['page']);
    expect(html).toContain('votes on these answers are closed');
    // The export's records (read as matches.jsonl reads them: its file is shared for a moment, lib/db/export-cache.ts).
    const matches = await t.db.match.findMany({ where: { tournamentId: evaluation }, select: { id: true } });
    const calls = [...(await getMatchLogs(matches.map((m) => m.id))).values()].flatMap((l) => l.llmCalls);
    expect(calls.filter((c) => c.purpose === 'simul-answer').map((c) => c.reply)).toEqual(
      expect.arrayContaining(answers.map((a) => a.text)),
    );
  });
});
