// Benchmark of opening a finished match's replay: builds long matches' snapshots as the hub sends them to a spectator,
// then measures their size, the server's work, and the client's work until the page is usable (parse, replay frames,
// first render of the match page at the last move) and per replay step — with react-dom/server, and with `--browser`
// in headless Chromium (the page bundled with esbuild, styled with the app's Tailwind CSS; needs a `chromium` binary).
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { createElement } from 'react';
import { renderToString } from 'react-dom/server';
import { MatchScreen, type MatchScreenProps } from '../components/match-view';
import { games } from '../games/registry';
import type { GameDef, Rng } from '../lib/engine/types';
import { fromSnapshot, replayFrames } from '../lib/match-log';
import { createRng, CURRENT_GENERATOR } from '../lib/engine/rng';
import { applyMove, currentDeal, initialState } from '../lib/engine/replay';
import { applyToEntry, entryFromSetup, snapshotFor, spectatorViewer } from '../server/rooms/hub';
import type { MatchEvent, StoredEvent } from '../lib/engine/events';

const args = process.argv.slice(2);
const BROWSER = args.includes('--browser');
const RUNS = Number(args.find((a) => /^\d+$/.test(a)) ?? 7);
const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const WORDS =
  'the moon is a round bright light in the night sky it changes shape every few days and pulls the tides of the sea'.split(
    ' ',
  );
const prose = (rng: Rng, words: number) => Array.from({ length: words }, () => rng.pick(WORDS)).join(' ');

interface Scenario {
  name: string;
  game: string;
  players: number;
  config: object;
  /** A move for open-ended turns (descriptions, scores); enumerable ones pick from the legal list. */
  free?: (s: never, seat: number, rng: Rng) => { type: string };
  pick?: (legal: { type: string }[], rng: Rng) => { type: string };
}

const scenarios: Scenario[] = [
  { name: 'Tic-Tac-Toe (a short match, for scale)', game: 'tictactoe', players: 2, config: {} },
  {
    name: 'Who is the spy, 8 players',
    game: 'spy',
    players: 8,
    config: { pairId: 'moon-sun' },
    free: (s: { phase: string }, _seat, rng) =>
      s.phase === 'speak'
        ? { type: 'describe', text: `${prose(rng, 14)} ${rng.int(1e6)}`, guess: 'lamp', reasoning: prose(rng, 110) }
        : { type: 'probe', self: 'villager', others: [], theirGuess: {} },
  },
  {
    name: 'DEEP, 12 words, 2 judges',
    game: 'deep',
    players: 3,
    config: { words: 12, lang: 'en' },
    free: (s: { phase: string; step: { mode: string } }, _seat, rng) =>
      s.phase === 'describe'
        ? s.step.mode === 'aggressive'
          ? { type: 'aggressive', text: `${prose(rng, 60)} ${rng.int(1e6)}` }
          : { type: 'conservative', candidates: ['lamp', 'torch'], text: `things that glow ${rng.int(1e6)}` }
        : { type: 'score', scores: [1, 2, 3, 4].map(() => 1 + rng.int(5)) },
  },
  {
    name: "Texas Hold'em, 30 hands",
    game: 'holdem',
    players: 2,
    config: { hands: 30 },
    pick: (legal) => legal.find((a) => a.type === 'check-call') ?? legal[0]!,
  },
  {
    name: 'Hanabi, 5 colours',
    game: 'hanabi',
    players: 2,
    config: { colors: 5, handSize: 4, infoTokens: 8, lifeTokens: 3 },
    pick: (legal, rng) =>
      rng.pick(legal.filter((a) => a.type !== 'play').length ? legal.filter((a) => a.type !== 'play') : legal),
  },
];

/** Plays one match the way the runner records it (a model's reply before every move), into a hub entry. */
function finishedMatch(sc: Scenario) {
  const game = games.find((g) => g.id === sc.game) as GameDef;
  const config = game.configSchema.parse(sc.config);
  const seed = `bench-replay-${sc.game}`;
  const rng = createRng(`${seed}:agents`);
  const agent = { id: 'sim', name: 'sim-careful · cot (simulated)', kind: 'llm', simulated: true } as never;
  const entry = entryFromSetup({
    id: `bench-${sc.game}`,
    gameId: game.id,
    config,
    seed,
    generator: CURRENT_GENERATOR,
    numPlayers: sc.players,
    status: 'running',
    seats: Array.from({ length: sc.players }, (_, seat) => ({ seat, agent })),
  })!;
  let seq = 0;
  const at = new Date('2025-01-01T00:00:00Z');
  const store = (event: MatchEvent, state: unknown, visibleTo: number[] = []) =>
    applyToEntry(entry, { seq: ++seq, ...event, visibleTo, at } satisfies StoredEvent, state);
  let s = initialState(game, config, currentDeal(seed), sc.players);
  store({ kind: 'start', seat: null, payload: { seats: [] } }, s);
  let ply = 0;
  while (game.activeSeats(s).length) {
    for (const seat of game.activeSeats(s)) {
      const legal = game.legalActions(s, seat);
      const action = legal
        ? (sc.pick ?? ((l, r) => r.pick(l)))(legal, rng)
        : (sc.free?.(s as never, seat, rng) ?? game.fallback!(s, seat));
      store(
        {
          kind: 'reply',
          seat,
          payload: { text: prose(rng, 200), attempt: 0, latencyMs: 900, tokensIn: 800, tokensOut: 260 },
        },
        undefined,
        game.meta.info === 'perfect' ? [] : [seat],
      );
      const prev = s;
      s = applyMove(game, s, currentDeal(seed), { ply, seat, action });
      store({ kind: 'move', seat, payload: { ply, action, lines: game.describe(prev, s, seat, action) } }, s);
      ply++;
    }
  }
  const o = game.outcome(s)!;
  store(
    { kind: 'end', seat: null, payload: { ...o, winner: o.winner ?? null, rewards: o.rewards ?? null } },
    undefined,
  );
  return { entry, game, moves: ply, events: seq };
}

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;
function timed<T>(f: () => T): [T, number] {
  const t0 = performance.now();
  const out = f();
  return [out, performance.now() - t0];
}

if (BROWSER) await browserBench();
else nodeBench();

function nodeBench() {
  console.log(
    `Opening a finished match's replay (median of ${RUNS} runs; render = react-dom/server, a lower bound of the browser's work)`,
  );
  for (const sc of scenarios) {
    const { entry, game, moves, events } = finishedMatch(sc);
    const server: number[] = [];
    const parse: number[] = [];
    const frames: number[] = [];
    const first: number[] = [];
    const stepping: number[] = [];
    let bytes = 0;
    let html = '';
    let steps = 0;
    for (let run = 0; run < RUNS; run++) {
      const [json, tServer] = timed(() => JSON.stringify(snapshotFor(entry, spectatorViewer(entry))));
      bytes = json.length;
      const [snap, tParse] = timed(() => JSON.parse(json));
      const [log, tFrames] = timed(() => {
        const l = fromSnapshot(snap);
        replayFrames(l);
        return l;
      });
      const props = (step: number | null): MatchScreenProps => ({
        matchId: entry.id,
        gameId: game.id,
        gameTitle: game.meta.title,
        scoring: game.meta.scoring,
        tournamentName: 'bench',
        initialStatus: 'finished',
        initialSeats: entry.seats,
        initialOutcome: entry.outcome,
        initialFailureReason: null,
        log,
        connected: true,
        error: null,
        clockOffsetMs: 0,
        step,
        onStep: () => {},
        turn: null,
        sentTurn: null,
        moveError: null,
        onAction: () => {},
        onResign: async () => {},
      });
      const [out, tFirst] = timed(() => renderToString(createElement(MatchScreen, props(null))));
      html = out;
      steps = replayFrames(log).length;
      // Stepping back through the whole replay, one render per step (what the arrow keys and the play button do).
      const [, tSteps] = timed(() => {
        for (let i = steps - 1; i >= 0; i--) renderToString(createElement(MatchScreen, props(i)));
      });
      server.push(tServer);
      parse.push(tParse);
      frames.push(tFrames);
      first.push(tFirst);
      stepping.push(tSteps / steps);
    }
    const elements = html.match(/<[a-z]/g)?.length ?? 0;
    const usable = median(parse) + median(frames) + median(first);
    console.log(`\n${sc.name}: ${moves} moves, ${events} events`);
    console.log(
      `  snapshot sent to a spectator: ${(bytes / 1024).toFixed(0)} KB, built and serialised by the hub in ${median(server).toFixed(1)} ms`,
    );
    console.log(
      `  client: JSON.parse ${median(parse).toFixed(1)} ms, log + replay frames ${median(frames).toFixed(1)} ms, first render ${median(first).toFixed(1)} ms (${elements} elements, ${(html.length / 1024).toFixed(0)} KB of HTML)`,
    );
    console.log(
      `  usable after ${usable.toFixed(1)} ms of client work; each replay step re-renders in ${median(stepping).toFixed(2)} ms`,
    );
  }
}

/** The same, in headless Chromium: the match page's client code, bundled, rendering each snapshot into a real DOM. */
async function browserBench() {
  const { build } = await import('esbuild');
  const { default: postcss } = await import('postcss');
  const { default: tailwind } = await import('@tailwindcss/postcss');
  const dir = mkdtempSync(path.join(tmpdir(), 'arena-bench-replay-'));
  try {
    const globals = path.join(ROOT, 'app/globals.css');
    const css = (await postcss([tailwind({ base: ROOT })]).process(readFileSync(globals, 'utf8'), { from: globals }))
      .css;
    // Next's own modules and the server action behind "Play again" stand in as plain stubs outside a Next app.
    const stubs: Record<string, string> = {
      'next/link':
        "import { createElement } from 'react'; export default function Link({ href, prefetch, ...p }) { return createElement('a', { href, ...p }); }",
      'next/navigation':
        'export function useRouter() { return { refresh() {} }; } export function usePathname() { return "/"; }',
      '@/lib/actions/play': 'export async function playAgainAction() { return null; }',
    };
    const bundle = await build({
      entryPoints: [path.join(ROOT, 'bench/replay-browser.tsx')],
      bundle: true,
      write: false,
      format: 'iife',
      platform: 'browser',
      minify: true,
      jsx: 'automatic',
      define: { 'process.env.NODE_ENV': '"production"' },
      alias: { '@': ROOT },
      logLevel: 'error',
      plugins: [
        {
          name: 'stubs',
          setup(b) {
            b.onResolve({ filter: /^(next\/link|next\/navigation|@\/lib\/actions\/play)$/ }, (a) => ({
              path: a.path,
              namespace: 'stub',
            }));
            b.onLoad({ filter: /.*/, namespace: 'stub' }, (a) => ({
              contents: stubs[a.path]!,
              loader: 'js',
              resolveDir: ROOT,
            }));
          },
        },
      ],
    });
    writeFileSync(path.join(dir, 'page.js'), bundle.outputFiles[0]!.text);
    console.log(`Opening a finished match's replay in headless Chromium (1280×900; median of ${RUNS} runs)`);
    for (const sc of scenarios) {
      const { entry, game, moves, events } = finishedMatch(sc);
      const json = JSON.stringify(snapshotFor(entry, spectatorViewer(entry)));
      const bench = { json, title: game.meta.title, scoring: game.meta.scoring };
      writeFileSync(
        path.join(dir, 'page.html'),
        `<!doctype html><html lang="en"><head><meta charset="utf-8"><style>${css}</style></head><body><main class="mx-auto w-full max-w-6xl px-6 py-8"><div id="root"></div></main>` +
          `<script>window.BENCH = ${JSON.stringify(bench).replace(/</g, '\\u003c')};</script><script src="page.js"></script></body></html>`,
      );
      const runs: Record<string, number>[] = [];
      for (let run = 0; run < RUNS; run++) {
        const dom = execFileSync(
          'chromium',
          [
            '--headless=new',
            '--no-sandbox',
            '--disable-gpu',
            '--window-size=1280,900',
            '--dump-dom',
            `file://${path.join(dir, 'page.html')}`,
          ],
          {
            encoding: 'utf8',
            maxBuffer: 256 * 1024 * 1024,
            stdio: ['ignore', 'pipe', 'ignore'],
          },
        );
        const m = /<pre id="bench-result">([^<]*)<\/pre>/.exec(dom);
        if (!m) throw new Error(`the page did not report for ${sc.name}`);
        runs.push(JSON.parse(m[1]!.replace(/&quot;/g, '"')) as Record<string, number>);
      }
      const med = (k: string) => median(runs.map((r) => r[k]!));
      const usable = med('parse') + med('frames') + med('render') + med('layout');
      console.log(`\n${sc.name}: ${moves} moves, ${events} events, snapshot ${(json.length / 1024).toFixed(0)} KB`);
      console.log(
        `  JSON.parse ${med('parse').toFixed(1)} ms, log + frames ${med('frames').toFixed(1)} ms, render ${med('render').toFixed(1)} ms, style + layout ${med('layout').toFixed(1)} ms (${med('elements')} elements)`,
      );
      console.log(
        `  usable after ${usable.toFixed(0)} ms of client work; each replay step renders and lays out in ${med('step').toFixed(1)} ms`,
      );
    }
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
