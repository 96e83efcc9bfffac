// The browser half of `npm run bench:replay -- --browser`: in headless Chromium, opens a finished match's snapshot the
// way the match page does (parse, replay frames, render, layout) and steps back through its replay, timing each part.
import { createElement } from 'react';
import { flushSync } from 'react-dom';
import { createRoot } from 'react-dom/client';
import { MatchScreen, type MatchScreenProps } from '../components/match-view';
import type { Scoring } from '../lib/engine/types';
import { fromSnapshot, replayFrames } from '../lib/match-log';
import type { MatchSnapshot } from '../lib/protocol';

declare global {
  interface Window {
    /** The snapshot as the socket delivers it (text), and what the page was rendered for. */
    BENCH: { json: string; title: string; scoring: Scoring };
  }
}

const { json, title, scoring } = window.BENCH;
const out: Record<string, number> = {};
const time = (name: string, f: () => void) => {
  const t0 = performance.now();
  f();
  out[name] = performance.now() - t0;
};
/** Forces style and layout, as the browser must before it can paint the frame. */
const layout = () => document.body.getBoundingClientRect().height + document.documentElement.scrollHeight;

let snap!: MatchSnapshot;
time('parse', () => (snap = JSON.parse(json) as MatchSnapshot));
let log!: ReturnType<typeof fromSnapshot>;
let steps = 0;
time('frames', () => {
  log = fromSnapshot(snap);
  steps = replayFrames(log).length;
});
const props = (step: number | null): MatchScreenProps => ({
  matchId: snap.matchId,
  gameId: snap.gameId,
  gameTitle: title,
  scoring,
  tournamentName: 'bench',
  initialStatus: snap.status,
  initialSeats: snap.seats,
  initialOutcome: snap.outcome,
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
const root = createRoot(document.getElementById('root')!);
time('render', () => flushSync(() => root.render(createElement(MatchScreen, props(null)))));
time('layout', layout);
out.elements = document.getElementById('root')!.getElementsByTagName('*').length;
// Stepping back through the replay (what the arrow keys and the play button do), each step rendered and laid out.
const t0 = performance.now();
for (let i = steps - 1; i >= 0; i--) {
  flushSync(() => root.render(createElement(MatchScreen, props(i))));
  layout();
}
out.step = (performance.now() - t0) / steps;
out.steps = steps;
const pre = document.createElement('pre');
pre.id = 'bench-result';
pre.textContent = JSON.stringify(out);
document.body.appendChild(pre);
