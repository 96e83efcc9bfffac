// Arctic Scavengers prompt: the system text (GameBench's summary, the card list, the worked example replayed through
// the rules), the turn text with `Legal moves:`, and a parser that reads what models write and refuses with a reason.
import { describe, expect, it } from 'vitest';
import { createRng } from '../../lib/engine/rng';
import { generateReply, PERSONAS } from '../../lib/sim/simulated-model';
import { arcticScavengers as game } from '.';
import { EXAMPLE, exampleFinal, exampleStart, format, GAMEBENCH_RULES, parse, parseCards } from './prompt';
import { apply, configSchema, legalActions, view, type ArcAction } from './rules';

const cfg = configSchema.parse({});
const start = exampleStart(cfg);
const legal = legalActions(start, 0);

describe('arctic scavengers prompt', () => {
  it('puts GameBench’s rules summary, every card and the answer format in the system text', () => {
    const sys = game.prompt.system(cfg, 0, 2);
    expect(sys).toContain(GAMEBENCH_RULES);
    expect(game.rules.summary).toBe(GAMEBENCH_RULES);
    expect(sys).toContain('You are playing Arctic Scavengers as Player 1 against Player 2.');
    expect(sys).toContain('Thug: 3 tribe members, DIG 1, FIGHT 3; hire cost 6 food');
    expect(sys).toContain('Shovel: tool/item, no tribe members, DIG 2 (modifier), FIGHT 1 (modifier)');
    expect(sys).toContain('HIRE Scout with Pills');
  });

  it('replays the worked example through the rules', () => {
    let s = start;
    for (const [i, m] of EXAMPLE.entries()) {
      expect(legalActions(s, m.seat)).toContainEqual(m.action);
      s = apply(s, m.seat, m.action, createRng(`arc-example-${i}`));
    }
    const end = exampleFinal(cfg);
    expect(end.tribes[0]!.hand).toEqual(['Scavenger', 'Refugee']);
    expect(end.tribes[0]!.discard).toEqual(['Scavenger', 'Scavenger', 'Brawler', 'Shovel', 'Medkit']);
    expect(end.mercs.Scavenger).toBe(13);
    expect(end.junkyard.slice(-2)).toEqual(['Junk', 'Net']);
    expect(game.activeSeats(end)).toEqual([1]);
    const sys = game.prompt.system(cfg, 0, 2);
    for (const m of EXAMPLE) expect(sys).toContain(`Player 1: ${format(m.action)}`);
  });

  it('writes the turn: hand, tribes, piles, Legal moves', () => {
    const t = game.prompt.turn(view(start, { seat: 0 }), 0, legal, cfg);
    expect(t).toContain('Your hand (5 cards): 1× Refugee, 2× Scavenger, 1× Brawler, 1× Shovel.');
    expect(t).toContain('Junkyard: 42 cards. Contested resources left: 6.');
    expect(t).toContain('Legal moves:\n');
    expect(t).toContain('\n- DIG: Refugee, Shovel\n');
    expect(t).toContain('- HUNT: Scavenger, Scavenger');
    expect(t).toContain('- STOP');
    // The other hand is not shown to Player 2's turn text.
    const t2 = game.prompt.turn(view(start, { seat: 1 }), 1, [], cfg);
    expect(t2).not.toContain('Shovel.');
    expect(t2).toContain('hand 5 cards;');
  });

  it('parses reasoning first, bold, code fences, JSON, GameBench lists, quotes, lower case; the last move wins', () => {
    const dig: ArcAction = { type: 'dig', cards: ['Brawler', 'Shovel'] };
    const cases: [string, ArcAction][] = [
      ['DIG: Brawler, Shovel', dig],
      ['I want junkyard cards.\n\n**DIG: Shovel, Brawler**', dig],
      ['```\nDIG: Brawler, Shovel\n```', dig],
      ['["DIG", ["Brawler", "Shovel"]]', dig],
      ['{"action": "DIG", "cards": ["Brawler", "Shovel"]}', dig],
      ['Final answer: "dig: brawler, shovel"', dig],
      ['HUNT: Scavenger\nActually no.\nDIG: Brawler + Shovel', dig],
      ['I could HUNT or DRAW, but I will STOP.', { type: 'stop' }],
      ['HUNT: 2x Scavenger', { type: 'hunt', cards: ['Scavenger', 'Scavenger'] }],
      ['TRASH: Refugee', { type: 'trash', cards: ['Refugee'] }],
      ['["STOP", []]', { type: 'stop' }],
    ];
    for (const [reply, action] of cases) expect(parse(reply, 0, legal), reply).toEqual({ action });
    const hunted = apply(start, 0, { type: 'hunt', cards: ['Scavenger'] }, createRng('h'));
    expect(parse('My move: HIRE Scavenger', 0, legalActions(hunted, 0))).toEqual({
      action: { type: 'hire', merc: 'Scavenger', cards: [] },
    });
    expect(parse('["HIRE", [], "Scavenger"]', 0, legalActions(hunted, 0))).toEqual({
      action: { type: 'hire', merc: 'Scavenger', cards: [] },
    });
    const dug = apply(start, 0, dig, createRng('d'));
    expect(parse('I keep the **Medkit**: KEEP Medkit', 0, legalActions(dug, 0))).toEqual({
      action: { type: 'keep', card: 'Medkit' },
    });
    expect(parseCards('Group Leaders, multi-tool and 2 Pills')).toEqual([
      'Group Leaders',
      'Multitool',
      'Pills',
      'Pills',
    ]);
  });

  it('refuses with a reason a model can act on', () => {
    expect(parse('I am not sure what to do.', 0, legal)).toEqual({ error: expect.stringContaining('No move found') });
    expect(parse('DIG', 0, legal)).toEqual({ error: expect.stringContaining('Name the cards') });
    expect(parse('DIG: Shovel', 0, legal)).toEqual({ error: expect.stringContaining('is not a legal move') });
    expect(parse('HIRE Thug', 0, legal)).toEqual({ error: expect.stringContaining('HIRE is not possible now') });
    expect(parse('SNIPE Brawler', 0, legal)).toEqual({ error: expect.stringContaining('SNIPE is not possible now') });
    expect(parse('HIRE', 0, legal)).toEqual({ error: expect.stringContaining('Name the mercenary') });
  });

  it('parse(format(a)) is a for every legal move', () => {
    for (const a of legal) expect(parse(format(a), 0, legal)).toEqual({ action: a });
  });

  it('is played by the simulated endpoint: every well-formed reply reads as the move it meant, careful ones legal', () => {
    let ok = 0;
    let careful = 0;
    let carefulLegal = 0;
    for (let m = 0; m < 4; m++) {
      const rng = createRng(`arc-sim-${m}`);
      let st = game.setup({ numPlayers: 2, config: { rounds: 2 }, rng });
      for (let seat = game.activeSeats(st)[0]; seat !== undefined; seat = game.activeSeats(st)[0]) {
        const lg = game.legalActions(st, seat)!;
        const vw = game.view(st, { seat });
        const messages = [
          { role: 'system', content: `${game.prompt.system(st.config, seat, 2)}\nThink step by step.` },
          { role: 'user', content: game.prompt.turn(vw, seat, lg, st.config) },
        ];
        for (const persona of [PERSONAS['sim-careful']!, PERSONAS['sim-sloppy']!]) {
          const reply = generateReply(messages as never, persona, rng);
          const parsed = game.prompt.parse(reply.content, seat, lg, vw);
          if (persona.id === 'sim-careful') {
            careful++;
            if ('action' in parsed && game.reject(st, seat, parsed.action) === null) carefulLegal++;
          }
          if (reply.kind !== 'ok') continue;
          expect(parsed, reply.content).toEqual({ action: lg.find((a) => format(a) === reply.intended) });
          ok++;
        }
        st = game.apply(st, seat, rng.pick(lg), rng);
      }
    }
    expect(ok).toBeGreaterThan(20);
    expect(carefulLegal / careful).toBeGreaterThan(0.9);
  });
});
