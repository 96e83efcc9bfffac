// Sea Battle prompts: the worked example is what the rules do, every order survives format → parse, the turn lists the
// eight orders and what the ship sees, and the parser reads what models write and refuses with a reason.
import { describe, expect, it } from 'vitest';
import { createRng } from '../../lib/engine/rng';
import { seaBattle } from '.';
import { EXAMPLE_ORDERS, ORDER_TEXTS, exampleAfter, exampleStart, prompt } from './prompt';
import { ALL_ORDERS, apply, configSchema, setup, view, type SeaBattleAction } from './rules';

const cfg = configSchema.parse({});
const o = (move: SeaBattleAction['move'], shoot: SeaBattleAction['shoot']): SeaBattleAction => ({
  type: 'order',
  move,
  shoot,
});
const parsed = (reply: string) => {
  const r = prompt.parse(reply, 0, ALL_ORDERS);
  return 'action' in r ? r.action : r.error;
};

describe('sea battle prompt', () => {
  it('replays the worked example through the rules: Red 1 sails to (6, 6) and trades broadsides with Blue 1; Red 2 hits a rock', () => {
    const after = EXAMPLE_ORDERS.reduce((s, a, seat) => apply(s, seat, a), exampleStart);
    expect(after).toEqual(exampleAfter);
    expect([after.ships[0]!.x, after.ships[0]!.y, after.ships[0]!.heading]).toEqual([6, 6, 'E']);
    expect(after.ships[0]!.damage).toBe(2);
    expect(after.ships[3]!.damage).toBe(2);
    expect(after.ships[1]!.damage).toBe(1);
    const system = prompt.system(cfg, 0, 6);
    expect(system).toContain('- Red 1 is at (5, 5) facing North; it orders "move right then shoot left".');
    expect(system).toContain(
      '- Turn 1: Red 1 orders "move right then shoot left", sails from (5, 5) to (6, 6), now facing East.',
    );
    expect(system).toContain('- Red 1 fires to its left (North): the shot hits Blue 1 at (6, 8) (2 damage).');
    expect(system).toContain('- Blue 1 fires to its left (South): the shot hits Red 1 at (6, 6) (2 damage).');
    expect(system).toContain('- Red 2 runs into the rock at (13, 3) (1 damage).');
    expect(system).toContain("Sink all of your opponent team's ships before they sink all of your team's ships.");
    expect(system).toContain('You command the ship Red 1 of team Red, with Red 2 and Red 3');
  });

  it('parses every order it formats, and the turn lists all eight under "Legal moves:"', () => {
    const s = setup(createRng('prompt'), cfg, 6);
    const v = view(s, { seat: 4 });
    const text = prompt.turn(v, 4, ALL_ORDERS, cfg);
    const list = text.split('\n');
    const at = list.indexOf('Legal moves:');
    expect(at).toBeGreaterThan(0);
    for (const a of ALL_ORDERS) {
      expect(prompt.parse(prompt.format(a, 4), 4, ALL_ORDERS)).toEqual({ action: a });
      expect(list.slice(at + 1)).toContain(`- ${prompt.format(a, 4)}`);
    }
    expect(ORDER_TEXTS).toEqual([
      'move left then shoot left',
      'move left then shoot right',
      'move forward then shoot left',
      'move forward then shoot right',
      'move right then shoot left',
      'move right then shoot right',
      "don't move then shoot left",
      "don't move then shoot right",
    ]);
    const me = s.ships[4]!;
    expect(text).toContain(`Your ship is located at (${me.x}, ${me.y}) facing`);
    expect(text).toContain("An opponent's ship (Red 1) is located at");
    expect(text).toContain('damage unknown');
    expect(text).toContain("A teammate's ship (Blue 1) is located at");
    expect(text).toContain("You've sustained 0 damage. If you reach 10, you will sink.");
    expect(text).toMatch(/- move forward: to \(\d+, \d+\) facing \w+; shoot left fires \w+ over/);
  });

  it('reads what models write: reasoning first, bold, quotes, JSON, other wordings, the last order written', () => {
    expect(parsed('**move left then shoot right**')).toEqual(o('left', 'right'));
    expect(
      parsed(
        "I considered move forward then shoot left, but don't move then shoot right is safer.\nSo my answer is:\nmove right then shoot left",
      ),
    ).toEqual(o('right', 'left'));
    expect(parsed('Final answer: "Don’t move, then shoot left."')).toEqual(o('stay', 'left'));
    expect(parsed('```\nMove Forward and shoot Right\n```')).toEqual(o('forward', 'right'));
    expect(parsed('{"move": "move left then shoot left"}')).toEqual(o('left', 'left'));
    expect(parsed('{"move": "forward", "shoot": "right"}')).toEqual(o('forward', 'right'));
    expect(parsed('stay put and fire to the left')).toEqual(o('stay', 'left'));
    expect(parsed('My move: move left then shoot right.')).toEqual(o('left', 'right'));
  });

  it('refuses with a reason a model can act on', () => {
    expect(parsed('move forward then shoot forward')).toMatch(/fire only to their sides/);
    expect(parsed('move backward then shoot left')).toMatch(/cannot sail backward/);
    expect(parsed('move forward')).toMatch(/movement but no shot/);
    expect(parsed('shoot left')).toMatch(/shot but no movement/);
    expect(parsed('pass')).toMatch(/Could not find an order/);
    expect(parsed('')).toMatch(/Could not find an order/);
  });

  it('passes the conformance checks of the definition', () => {
    expect(seaBattle.prompt.format(o('stay', 'right'), 0)).toBe("don't move then shoot right");
  });
});
