// Every game reads every legal move in the styles real chat models write it (JSON, fences, bold, labels, "I'll play X.",
// alternatives named first…): seeded random playouts, each enumerable turn's moves written 16 ways and parsed back.
import { isDeepStrictEqual } from 'node:util';
import { describe, expect, it } from 'vitest';
import { games } from './registry';
import { areYouTheTraitor } from './are-you-the-traitor';
import { hive } from './hive';
import { spy } from './spy';
import { twoRooms } from './two-rooms';
import { createRng } from '../lib/engine/rng';
import { applyMove, currentDeal, initialState } from '../lib/engine/replay';
import type { GameDef, Seat } from '../lib/engine/types';
import { scaled } from '../lib/test-scale';

const REASONING = 'Let me think this through carefully.\nAfter weighing the options, ';

/** The move's text `x` as chat models write it; `other` is another legal move's text, named before the chosen one. */
export function replyStyles(x: string, other: string | null): [string, string][] {
  const styles: [string, string][] = [
    ['plain', x],
    ['JSON {"action": …}', JSON.stringify({ action: x })],
    ['JSON {"move": …} with reasoning', JSON.stringify({ reasoning: 'This is the strongest option.', move: x })],
    ['JSON in prose', `Here is my move: ${JSON.stringify({ action: x })} Good luck!`],
    ['fenced json', '```json\n' + JSON.stringify({ action: x }, null, 2) + '\n```'],
    ['fenced plain', '```\n' + x + '\n```'],
    ['bold', `**${x}**`],
    ['italic', `*${x}*`],
    ['quoted', `"${x}"`],
    ['Final answer:', `${REASONING}here is what I do.\n\nFinal answer: ${x}`],
    ['Move:', `Move: ${x}`],
    ["I'll play X.", `I'll play ${x}.`],
    ['I choose X, reasoning first', `${REASONING}I choose ${x}`],
    ['trailing punctuation', `${x}!`],
    ['lowercase', x.toLowerCase()],
  ];
  if (other !== null && other !== x)
    styles.push(
      ['alternative first', `I considered ${other}, but I'll play ${x}.`],
      ['not A. B.', `Not ${other}. ${x}.`],
      ['JSON after an alternative', `Maybe ${other}? No.\n${JSON.stringify({ action: x })}`],
    );
  return styles;
}

/**
 * The parsed action is the legal move: the same on every field the move has (the parser may add what the reply's own
 * words gave besides the move, such as Who is the spy's GUESS and REASONING).
 */
function sameMove(parsed: object, move: object): boolean {
  return Object.entries(move).every(([k, v]) => isDeepStrictEqual((parsed as Record<string, unknown>)[k], v));
}

/** Every style of every sampled move that is not read back as that move, as readable lines. */
function misreadings(game: GameDef, seed: string, numPlayers: number, config: unknown): string[] {
  const bad: string[] = [];
  const deal = currentDeal(seed);
  const rng = createRng(`${seed}:styles`);
  let state = initialState(game, config, deal, numPlayers);
  let checked = 0;
  for (let ply = 0; ply < 400 && game.outcome(state) === null && checked < 40;) {
    const chosen: { seat: Seat; action: { type: string } }[] = [];
    for (const seat of game.activeSeats(state)) {
      const legal = game.legalActions(state, seat);
      if (legal === null) {
        const own = game.fallback(state, seat);
        if (!own) return bad;
        chosen.push({ seat, action: own });
        continue;
      }
      // Every turn with a single legal move (Hive's forced pass), and every third turn otherwise.
      if (legal.length === 1 || ply % 3 === 0) {
        checked++;
        const view = game.view(state, { seat });
        const texts = legal.map((a) => game.prompt.format(a, seat, view));
        const sample = legal.length <= 2 ? legal.map((_, i) => i) : [rng.int(legal.length), rng.int(legal.length)];
        for (const i of sample) {
          const lowerUnique = texts.filter((t) => t.toLowerCase() === texts[i]!.toLowerCase()).length === 1;
          const other = legal.length > 1 ? texts[(i + 1) % legal.length]! : null;
          for (const [style, reply] of replyStyles(texts[i]!, other)) {
            if (style === 'lowercase' && !lowerUnique) continue;
            const parsed = game.prompt.parse(reply, seat, legal, view);
            if (!('action' in parsed) || !sameMove(parsed.action, legal[i]!))
              bad.push(
                `${style}: ${JSON.stringify(reply)} → ${'action' in parsed ? JSON.stringify(parsed.action) : parsed.error}`,
              );
          }
        }
      }
      chosen.push({ seat, action: rng.pick(legal) });
    }
    for (const { seat, action } of chosen.sort((a, b) => a.seat - b.seat)) {
      state = applyMove(game, state, deal, { ply, seat, action });
      ply++;
    }
  }
  return bad;
}

const playouts = scaled(10, 2);

describe.each(games.map((g) => [g.id, g] as const))('%s', (_id, game) => {
  it(`reads every sampled legal move in every reply style over ${playouts} seeded playouts`, () => {
    const bad = new Set<string>();
    const counts = [...new Set([game.meta.minPlayers, game.meta.maxPlayers])];
    for (let i = 0; i < playouts; i++)
      for (const n of counts)
        for (const line of misreadings(game, `styles-${i}`, n, game.demoConfig ?? game.defaultConfig)) bad.add(line);
    expect([...bad].slice(0, 20)).toEqual([]);
  });
});

describe('the probe’s misreadings', () => {
  it('reads Who is the spy’s vote inside JSON', () => {
    const legal = [
      { type: 'vote' as const, target: 2 },
      { type: 'vote' as const, target: 0 },
    ];
    for (const reply of ['{"action": "VOTE: Player 3"}', 'My vote: {"vote": "VOTE: Player 3"}'])
      expect(spy.prompt.parse(reply, 1, legal), reply).toEqual({ action: { type: 'vote', target: 2 } });
  });

  it('reads Two Rooms and a Boom’s "I\'ll play Ask Blue 2." (not Ask Blue 1, nor a question to anyone)', () => {
    const legal = [
      { type: 'ask' as const, to: 0, text: '' },
      { type: 'ask' as const, to: 1, text: '' },
      { type: 'reveal' as const, to: 1 },
    ];
    expect(twoRooms.prompt.parse("I'll play Ask Blue 2.", 2, legal)).toEqual({ action: legal[1] });
    expect(twoRooms.prompt.parse("I considered Ask Blue 1, but I'll play Ask Blue 2.", 2, legal)).toEqual({
      action: legal[1],
    });
    // The game's own free-text form still carries the question.
    expect(twoRooms.prompt.parse('I will ask.\nAsk Blue 2: which card?', 2, legal)).toEqual({
      action: { type: 'ask', to: 1, text: 'which card?' },
    });
  });

  it('reads Are You the Traitor?’s move in JSON inline', () => {
    const legal = [{ type: 'pass' as const }, { type: 'stop' as const, target: 2 }];
    for (const reply of [
      'Here is my move: {"action": "Stop: point at Player 3"}',
      '{"move": "Stop: point at Player 3"}',
    ])
      expect(areYouTheTraitor.prompt.parse(reply, 0, legal), reply).toEqual({ action: legal[1] });
    expect(areYouTheTraitor.prompt.parse('{"action": "Pass"}', 0, legal)).toEqual({ action: legal[0] });
    expect(areYouTheTraitor.prompt.parse('Say: I would never pass.', 0, legal)).toEqual({
      action: { type: 'say', text: 'I would never pass.' },
    });
  });

  it('reads Hive’s only legal move, pass, in JSON and as "I\'ll play pass."', () => {
    const s = hive.setup({ numPlayers: 2, config: hive.defaultConfig, rng: createRng('pass') });
    const view = hive.view(s, { seat: 0 });
    for (const reply of ['{"action":"pass"}', "I'll play pass.", 'pass', '**pass**'])
      expect(hive.prompt.parse(reply, 0, [{ type: 'pass' }], view)).toEqual({ action: { type: 'pass' } });
  });
});
