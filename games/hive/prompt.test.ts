// Hive prompts: the system text (coordinates, rules, a worked example replayed through the rules), the turn text with
// its `Legal moves:` list, the exact answer format, the forgiving parser, and the simulated endpoint's answers.
import { describe, expect, it } from 'vitest';
import { createRng } from '../../lib/engine/rng';
import { generateReply, PERSONAS } from '../../lib/sim/simulated-model';
import { hive } from '.';
import { EXAMPLE, EXAMPLE_STATES, prompt } from './prompt';
import { apply, legalActions, outcome, setup, view } from './rules';
import { move, place, position } from './test-helpers';

const blue = 0;
const green = 1;
const s = position({ '0,0': 'bQ', '1,0': 'gQ', '-1,0': 'bA', '0,1': 'gB bB' });
const v = view(s);

describe('format and parse', () => {
  it('writes placements, moves (with the bug when the view is given) and passes', () => {
    expect(prompt.format(place('A', 1, -1), blue)).toBe('place Ant at (1,-1)');
    expect(prompt.format(move([-1, 0], [2, 0]), blue, v)).toBe('move Ant (-1,0) to (2,0)');
    expect(prompt.format(move([-1, 0], [2, 0]), blue)).toBe('move (-1,0) to (2,0)');
    expect(prompt.format({ type: 'pass' }, blue)).toBe('pass');
  });

  it.each([
    ['place Ant at (1,-1)'],
    ['**place Ant at (1,-1)**'],
    ['`place ant at (1, -1)`'],
    ['```\nplace Ant at (1,-1)\n```'],
    ['I will place an ant at ( 1 , −1 ).'],
    ['Place soldier ant on [1,-1]'],
    ['place A at (1,-1)'],
    ['place_(1,-1)_Ant'],
    ['{"move": "place Ant at (1,-1)"}'],
  ])('reads %j as placing an Ant at (1,-1)', (reply) => {
    expect(prompt.parse(reply, blue, null, v)).toEqual({ action: place('A', 1, -1) });
  });

  it.each([
    ['move Ant (-1,0) to (2,0)'],
    ['move (-1,0) to (2,0)'],
    ['Move the ant from (-1,0) to (2,0).'],
    ['move ant (-1,0) -> (2,0)'],
    ['move_(-1,0)_(2,0)'],
    ['(-1,0) -> (2,0)'],
  ])('reads %j as moving (-1,0) to (2,0)', (reply) => {
    expect(prompt.parse(reply, blue, null, v)).toEqual({ action: move([-1, 0], [2, 0]) });
  });

  it('takes the last move written, after reasoning and alternatives', () => {
    const reply =
      'I could place Grasshopper at (-2,0), or move Ant (-1,0) to (0,-1).\nBut the Queen matters most.\n\nFinal answer: move Ant (-1,0) to (2,0)';
    expect(prompt.parse(reply, blue, null, v)).toEqual({ action: move([-1, 0], [2, 0]) });
    expect(prompt.parse('Nothing works, so:\npass', blue, null, v)).toEqual({ action: { type: 'pass' } });
    expect(prompt.parse('Answer: pass', blue, null, v)).toEqual({ action: { type: 'pass' } });
  });

  it('does not read "pass" out of a sentence', () => {
    expect(prompt.parse('I will not pass up this chance', blue, null, v)).toEqual({
      error: expect.stringContaining('Could not find a move'),
    });
  });

  it('refuses a move that names the wrong bug, saying what is there', () => {
    expect(prompt.parse('move Spider (-1,0) to (2,0)', blue, null, v)).toEqual({
      error: expect.stringMatching(/^There is a Blue Ant, not a Spider, on top at \(-1,0\)\./),
    });
  });

  it('refuses replies without a move, with examples from the legal list', () => {
    const legal = legalActions(s, blue);
    for (const reply of ['', 'I am not sure.', 'the ant, I think']) {
      const r = prompt.parse(reply, blue, legal, v);
      expect(r).toEqual({ error: expect.stringContaining('Could not find a move in your reply') });
      expect((r as { error: string }).error).toContain(`"${prompt.format(legal[0]!, blue, v)}"`);
    }
    expect(prompt.parse('place Dragon at (1,1)', blue, legal, v)).toEqual({
      error: expect.stringContaining('Could not find a move'),
    });
  });
});

describe('system and turn', () => {
  it('the worked example is replayed through the rules and shown as they print it', () => {
    expect(EXAMPLE_STATES).toHaveLength(EXAMPLE.length + 1);
    const last = EXAMPLE_STATES.at(-1)!;
    expect(outcome(last)).toBeNull();
    const text = prompt.system(hive.defaultConfig, blue, 2);
    expect(text).toContain('You play Blue; your opponent plays Green. Blue moves first.');
    expect(text).toContain('axial coordinates (q,r)');
    expect(text).toContain('E (q+1,r), W (q-1,r), NE (q+1,r-1), NW (q,r-1), SE (q,r+1), SW (q-1,r+1)');
    expect(text).toContain('Green: move Ant (2,0) to (0,1)\nBlue: move Grasshopper (-1,0) to (2,0)');
    expect(text).toContain('- (2,0): Blue Grasshopper');
    expect(text).toContain('Green Queen at (1,0): 3 of 6 neighbours occupied');
    expect(text).toContain('1 Queen, 2 Beetles, 2 Spiders, 3 Grasshoppers and 3 Ants');
    expect(text).toContain('the game ends after 250 turns');
    // GameBench's set: no Beetles, and the Beetle rule is left out.
    const gb = prompt.system(hive.parseConfig({ beetles: 0 }), green, 2);
    expect(gb).toContain('1 Queen, 2 Spiders, 3 Grasshoppers and 3 Ants');
    expect(gb).not.toContain('- Beetle:');
  });

  it('turn lists the pieces with coordinates and stacks, the hands, the Queens, a drawing and the legal moves', () => {
    const legal = legalActions(s, blue);
    const text = prompt.turn(v, blue, legal, hive.defaultConfig);
    expect(text).toContain('- (0,1): Green Beetle under Blue Beetle (a stack of 2; the top one, Blue Beetle, counts)');
    expect(text).toContain('- Blue (you): Beetle x1, Spider x2, Grasshopper x3, Ant x2');
    expect(text).toContain(
      'Blue Queen at (0,0): 3 of 6 neighbours occupied; Green Queen at (1,0): 2 of 6 neighbours occupied.',
    );
    expect(text).toMatch(/r=0 \| .*bA {2}bQ {2}gQ/);
    expect(text).toContain('bB2');
    const lines = text.split('\n');
    const at = lines.indexOf('Legal moves:');
    expect(lines.slice(at + 1, at + 1 + legal.length)).toEqual(legal.map((a) => `- ${prompt.format(a, blue, v)}`));
    expect(lines[at + 1 + legal.length]).toMatch(/^Reply with exactly one move/);
    const fourth = position({ '0,0': 'bA', '1,0': 'gQ' }, { turns: [3, 3] });
    expect(prompt.turn(view(fourth), blue, legalActions(fourth, blue), hive.defaultConfig)).toContain(
      'This is your fourth turn: you must place your Queen now.',
    );
  });

  it('every listed answer parses back to its action, and the simulated models answer from the list', () => {
    let st = setup(null, hive.defaultConfig);
    const rng = createRng('hive-sim');
    let ok = 0;
    for (let ply = 0; ply < 30; ply++) {
      const seat = st.toMove;
      const legal = legalActions(st, seat);
      const vw = view(st);
      for (const a of legal) expect(prompt.parse(prompt.format(a, seat, vw), seat, legal, vw)).toEqual({ action: a });
      const messages = [
        { role: 'system', content: prompt.system(hive.defaultConfig, seat, 2) },
        { role: 'user', content: prompt.turn(vw, seat, legal, hive.defaultConfig) },
      ];
      for (const persona of [PERSONAS['sim-careful']!, PERSONAS['sim-sloppy']!]) {
        const reply = generateReply(messages, persona, rng);
        if (reply.kind !== 'ok') continue;
        const parsed = prompt.parse(reply.content, seat, legal, vw);
        expect(parsed, reply.content).toEqual({
          action: legal.find((a) => prompt.format(a, seat, vw) === reply.intended),
        });
        ok++;
      }
      st = apply(st, seat, rng.pick(legal));
    }
    expect(ok).toBeGreaterThan(30);
  });
});
