// An LLM agent with the `vision` setting, through the arena's own client and the SIMULATED endpoint over HTTP: in a game
// that draws its board (the `image` hook) each turn's user message is the text and the board as a PNG, which arrives
// as a valid PNG of the drawing's size; without vision, or in a game without the hook, the text alone. The stored call
// keeps a placeholder, not the picture.
import { createHash } from 'node:crypto';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { getGame } from '../../games/registry';
import type { GamePrompt, GameRules, Outcome, Seat } from '../../lib/engine/types';
import { defineGame } from '../../lib/engine/define-game';
import { createRng } from '../../lib/engine/rng';
import { currentDeal, initialState } from '../../lib/engine/replay';
import { renderSvgToPng } from '../llm/board-image';
import { clientFor } from '../llm/clients';
import { imagePlaceholder, pngDataUrl, pngInfo } from '../llm/images';
import { startSimulatedEndpoint, type SimulatedEndpoint } from '../llm/simulated';
import { createTestDb, type TestDb } from '../db/test-db';
import { prismaStore } from '../workers/store';
import { createAgent } from './index';
import { llmAgent, withBoardImage, buildMessages } from './llm';
import type { CallRecord, TurnContext } from './types';

// ── A tiny game of its own that draws its board: three lamps in a row, each seat lights one per turn. ──

type LampsAction = { type: 'light'; lamp: number };
interface LampsState {
  lit: (Seat | null)[];
  toMove: Seat;
}
const rules: GameRules<LampsState, LampsAction, Record<string, never>, LampsState> = {
  configSchema: z.object({}).strict() as unknown as z.ZodType<Record<string, never>>,
  actionSchema: z.object({ type: z.literal('light'), lamp: z.number().int().min(0).max(2) }),
  setup: () => ({ lit: [null, null, null], toMove: 0 }),
  activeSeats: (s) => (s.lit.every((l) => l !== null) ? [] : [s.toMove]),
  legalActions: (s, seat) =>
    seat !== s.toMove ? [] : s.lit.flatMap((l, lamp) => (l === null ? [{ type: 'light' as const, lamp }] : [])),
  reject: (s, _seat, a) => (s.lit[a.lamp] === null ? null : `lamp ${a.lamp + 1} is already lit`),
  apply: (s, seat, a) => ({ lit: s.lit.map((l, i) => (i === a.lamp ? seat : l)), toMove: 1 - seat }),
  outcome: (s): Outcome | null => {
    if (s.lit.some((l) => l === null)) return null;
    const mine = s.lit.filter((l) => l === 0).length;
    return { scores: mine >= 2 ? [1, 0] : [0, 1], reason: 'all lamps lit', winner: mine >= 2 ? 0 : 1 };
  },
  view: (s) => ({ lit: [...s.lit], toMove: s.toMove }),
  describe: (_p, _n, seat, a) => [{ text: `Player ${seat + 1} lights lamp ${a.lamp + 1}` }],
};
const prompt: GamePrompt<LampsState, LampsAction, Record<string, never>, LampsState> = {
  system: () => 'Three lamps. Light one per turn; whoever lit more lamps wins. Answer "Lamp: N".',
  turn: (v, _seat, legal) =>
    [
      `Lamps: ${v.lit.map((l) => (l === null ? 'off' : `lit by Player ${l + 1}`)).join(', ')}.`,
      'Legal moves:',
      ...(legal ?? []).map((a) => `- Lamp: ${a.lamp + 1}`),
    ].join('\n'),
  parse: (reply, _seat, legal) => {
    const n = Number(/lamp:\s*([123])\s*\W*$/im.exec(reply.trim().split('\n').at(-1) ?? '')?.[1]) - 1;
    const a = legal?.find((x) => x.lamp === n);
    return a ? { action: a } : { error: 'answer "Lamp: N" with an unlit lamp' };
  },
  format: (a) => `Lamp: ${a.lamp + 1}`,
};
const spec = {
  id: 'lamps',
  version: 1,
  meta: {
    title: 'Lamps',
    blurb: 'Light lamps.',
    minPlayers: 2,
    maxPlayers: 2,
    info: 'perfect' as const,
    chance: false,
    categories: ['abstract-strategy' as const],
  },
  reducer: rules,
  prompt,
  rules: { summary: 'Light more lamps than the other player.', topics: {} },
  publicInformation: 'a perfect-information game: every viewer sees every lamp',
};
/** Draws what the seat sees: the lamps, lit ones in the lighter's colour, labelled. */
function lampsSvg(v: LampsState, seat: Seat): string {
  const lamp = (l: Seat | null, i: number) =>
    `<circle cx="${50 + i * 100}" cy="60" r="36" fill="${l === null ? '#e5e7eb' : l === 0 ? '#f59e0b' : '#3b82f6'}" stroke="#111827" stroke-width="3"/>` +
    `<text x="${50 + i * 100}" y="68" font-family="sans-serif" font-size="22" text-anchor="middle">${i + 1}</text>`;
  return (
    `<svg xmlns="http://www.w3.org/2000/svg" width="300" height="140" viewBox="0 0 300 140"><rect width="300" height="140" fill="#fff"/>${v.lit.map(lamp).join('')}` +
    `<text x="150" y="128" font-family="sans-serif" font-size="14" text-anchor="middle">You are Player ${seat + 1}</text></svg>`
  );
}
const drawn = defineGame({ ...spec, image: lampsSvg });
const undrawn = defineGame(spec);

let sim: SimulatedEndpoint;
let t: TestDb | undefined;
beforeAll(async () => {
  sim = await startSimulatedEndpoint({ seed: 'vision-tests', latencyMs: 0 });
});
afterAll(async () => {
  await sim?.close();
  await t?.drop();
});
afterEach(() => {
  sim.images.length = 0;
});

function turn(game = drawn, seat: Seat = 0): TurnContext {
  const state = initialState(game, {}, currentDeal('seed'), 2);
  const s = seat === 0 ? state : game.apply(state, 0, { type: 'light', lamp: 1 }, createRng('x'));
  return {
    game,
    config: {},
    matchId: 'm',
    numPlayers: 2,
    seat,
    ply: seat,
    attempt: 0,
    view: game.view(s, { seat }),
    legal: game.legalActions(s, seat),
    rejections: [],
    rng: createRng('seed:agent'),
    signal: new AbortController().signal,
  };
}

const provider = () => ({ id: `prov-${Math.random().toString(36).slice(2)}`, baseUrl: sim.url, apiKeyEnc: null });
const player = (vision: boolean) =>
  llmAgent({ client: clientFor(provider()), model: 'sim-careful', scaffold: 'cot', vision });

type Part = { type: string; text?: string; image_url?: { url: string } };
const userParts = (c: CallRecord): Part[] => {
  const content = c.messages.find((m) => m.role === 'user')!.content;
  return typeof content === 'string' ? [{ type: 'text', text: content }] : (content as Part[]);
};

describe('the image hook', () => {
  it('is null by default and passed through by defineGame', () => {
    expect(undrawn.image).toBeNull();
    expect(drawn.image!(turn().view as LampsState, 1)).toContain('You are Player 2');
  });
});

describe('an LLM agent with vision', () => {
  it('sends the board as a PNG beside the text, which the endpoint receives whole; the call keeps a placeholder', async () => {
    const ctx = turn(drawn, 1);
    const expected = await renderSvgToPng(lampsSvg(ctx.view as LampsState, 1));
    const before = sim.stats.images;
    const answer = await player(true).act(ctx);
    expect(answer.ok).toBe(true);
    // What arrived: one image, a valid PNG of the drawing's size, the very bytes the renderer makes of the seat's view.
    expect(sim.stats.images - before).toBe(1);
    expect(sim.images).toHaveLength(1);
    expect(sim.images[0]).toMatchObject({ mime: 'image/png', width: 300, height: 140, bytes: expected.png.length });
    expect(sim.images[0]!.sha256).toBe(createHashHex(expected.png));
    // The simulated model says it looked.
    expect(answer.text).toContain('I looked at the board image as well as the text.');
    // The stored call: the turn's text, then the image as its placeholder (no data URL).
    const parts = userParts(answer.call!);
    expect(parts).toEqual([
      { type: 'text', text: buildMessages(ctx, 'cot')[1]!.content },
      { type: 'image_url', image_url: { url: imagePlaceholder(pngDataUrl(expected.png)) } },
    ]);
    expect(parts[1]!.image_url!.url).toMatch(
      new RegExp(`^\\[image: 300×140 PNG, \\d+ (B|kB), sha256 ${sim.images[0]!.sha256!.slice(0, 16)}\\]$`),
    );
    expect(JSON.stringify(answer.call!.messages)).not.toContain('base64');
  });

  it('sends the image with every try of a turn: a retry keeps it in the turn’s message, the rejection stays text', async () => {
    const ctx = { ...turn(drawn, 0), attempt: 1, rejections: [{ reply: 'Lamp: 9', error: 'there is no lamp 9' }] };
    const messages = await withBoardImage(ctx, buildMessages(ctx, 'cot'));
    expect(
      messages.map((m) => (typeof m.content === 'string' ? 'text' : m.content.map((p) => p.type).join('+'))),
    ).toEqual(['text', 'text+image_url', 'text', 'text']);
    const answer = await player(true).act(ctx);
    expect(answer.ok).toBe(true);
    expect(sim.images).toHaveLength(1);
  });

  it('without vision, or in a game that draws no board, sends the text alone', async () => {
    for (const [vision, ctx] of [
      [false, turn(drawn)],
      [true, turn(undrawn)],
      [true, turn(getGame('tictactoe') as typeof drawn)],
    ] as const) {
      const answer = await player(vision).act(ctx as TurnContext);
      expect(answer.ok).toBe(true);
      expect(answer.call!.messages.every((m) => typeof m.content === 'string')).toBe(true);
      expect(answer.text).not.toContain('board image');
    }
    expect(sim.images).toHaveLength(0);
  });

  it('an agent row with vision in its settings plays with the image (createAgent)', async () => {
    const row = (settings: unknown) => ({
      id: 'a',
      name: 'Sees',
      kind: 'llm',
      model: 'sim-careful',
      temperature: null,
      maxTokens: null,
      scaffold: 'cot',
      settings,
      simulated: true,
      provider: {
        ...provider(),
        simulated: true,
        rpm: null,
        tpm: null,
        maxConcurrent: null,
        priceInPer1k: 0,
        priceOutPer1k: 0,
        modelPrices: null,
      },
    });
    await createAgent(row({ vision: true })).act(turn());
    expect(sim.images).toHaveLength(1);
    await createAgent(row({})).act(turn());
    await createAgent(row({ promptSwitches: [] })).act(turn());
    expect(sim.images).toHaveLength(1);
  });

  it('a board that cannot be drawn is the game’s bug, said plainly (never a silent text-only turn)', async () => {
    const broken = defineGame({
      ...spec,
      image: () => '<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"><rect',
    });
    await expect(player(true).act(turn(broken))).rejects.toThrow(
      /^the board image of lamps \(seat 0, ply 0\) could not be made: the SVG could not be drawn: /,
    );
    // A view with nothing to draw (null) is a text-only turn.
    const none = defineGame({ ...spec, image: () => null });
    const answer = await player(true).act(turn(none));
    expect(answer.call!.messages.every((m) => typeof m.content === 'string')).toBe(true);
  });

  it('the stored call (llm_calls) keeps the placeholder and stays small', async () => {
    t = await createTestDb();
    const p = await t.db.provider.create({
      data: { name: 'Sim', baseUrl: sim.url, models: ['sim-careful'], simulated: true },
    });
    const agent = await t.db.agent.create({
      data: {
        name: 'Sees',
        kind: 'llm',
        providerId: p.id,
        model: 'sim-careful',
        scaffold: 'cot',
        settings: { vision: true },
        simulated: true,
      },
    });
    const m = await t.db.match.create({
      data: {
        gameId: 'lamps',
        seed: 's',
        numPlayers: 2,
        seats: {
          create: [
            { seat: 0, agentId: agent.id },
            { seat: 1, agentId: agent.id },
          ],
        },
      },
    });
    const answer = await player(true).act(turn());
    await prismaStore(t.db).recordCall(m.id, {
      ...answer.call!,
      seat: 0,
      ply: 0,
      attempt: 0,
      agentId: agent.id,
      parsedAction: null,
    });
    const stored = await t.db.llmCall.findFirstOrThrow({ where: { matchId: m.id } });
    expect(stored.messages).toEqual(answer.call!.messages);
    const user = (stored.messages as { role: string; content: Part[] }[]).find((x) => x.role === 'user')!;
    expect(user.content[1]!.image_url!.url).toMatch(/^\[image: 300×140 PNG, \d+ (B|kB), sha256 [0-9a-f]{16}\]$/);
    expect(JSON.stringify(stored.messages).length).toBeLessThan(2000);
  });
});

describe('the simulated endpoint reading images', () => {
  const ask = (content: Part[]) =>
    fetch(`${sim.url}/chat/completions`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ model: 'sim-random', messages: [{ role: 'user', content }] }),
    });
  const text: Part = { type: 'text', text: 'Legal moves:\n- Lamp: 1' };

  it('accepts an image it can read, and counts its tokens', async () => {
    const { png } = await renderSvgToPng(lampsSvg({ lit: [null, 0, null], toMove: 1 }, 1));
    const res = await ask([text, { type: 'image_url', image_url: { url: pngDataUrl(png) } }]);
    expect(res.status).toBe(200);
    const body = (await res.json()) as {
      usage: { prompt_tokens: number };
      choices: { message: { content: string } }[];
    };
    expect(body.choices[0]!.message.content).toBe('Lamp: 1');
    expect(body.usage.prompt_tokens).toBeGreaterThan(85); // the image is billed, roughly as OpenAI bills one
    expect(sim.images).toEqual([
      { mime: 'image/png', width: 300, height: 140, bytes: png.length, sha256: createHashHex(png) },
    ]);
    expect(pngInfo(png)).toEqual({ width: 300, height: 140 });
    // An http(s) URL is accepted, never fetched.
    expect(
      (await ask([text, { type: 'image_url', image_url: { url: 'https://example.invalid/board.png' } }])).status,
    ).toBe(200);
    expect(sim.images.at(-1)).toEqual({ mime: null, width: null, height: null, bytes: null, sha256: null });
  });

  it('refuses an image it cannot read, saying which part and why', async () => {
    const { png } = await renderSvgToPng(lampsSvg({ lit: [null, null, null], toMove: 0 }, 0));
    const cases: [Part, RegExp][] = [
      [
        {
          type: 'image_url',
          image_url: { url: `data:image/png;base64,${Buffer.from('not a png at all').toString('base64')}` },
        },
        /messages\.0\.content\.1\.image_url\.url: the image says image\/png but is not a PNG \(the PNG signature is missing\)/,
      ],
      [
        { type: 'image_url', image_url: { url: pngDataUrl(png.subarray(0, png.length - 12)) } },
        /the image says image\/png but is a PNG cut short \(no IEND chunk at the end\)/,
      ],
      [
        { type: 'image_url', image_url: { url: 'data:image/png;base64,@@@' } },
        /neither a base64 data:image\/… URL nor an http\(s\) URL/,
      ],
      [
        {
          type: 'image_url',
          image_url: { url: `data:image/svg+xml;base64,${Buffer.from('<svg/>').toString('base64')}` },
        },
        /unsupported image type image\/svg\+xml/,
      ],
      [
        { type: 'image_url' },
        /messages\.0\.content\.1\.image_url: an image_url part needs "image_url": \{ "url": … \}/,
      ],
      [{ type: 'text' }, /messages\.0\.content\.1\.text: a text part needs its "text"/],
    ];
    for (const [part, message] of cases) {
      const res = await ask([text, part]);
      expect(res.status, JSON.stringify(part).slice(0, 80)).toBe(400);
      expect(((await res.json()) as { error: { message: string } }).error.message).toMatch(message);
    }
    expect(sim.images).toHaveLength(0);
  });
});

function createHashHex(b: Uint8Array): string {
  return createHash('sha256').update(b).digest('hex');
}
