// Are You the Traitor?'s prompts: the worked example replays through the rules; the turn lists the free-text form and
// the enumerable moves; the parser reads what models write and refuses with reasons.
import { describe, expect, it } from 'vitest';
import { exampleFinal, exampleStart, EXAMPLE, format, parse, prompt, SAY_FORM } from './prompt';
import { configSchema, legalActions, outcome, reject, view, type AytAction } from './rules';
import { createRng } from '../../lib/engine/rng';
import { apply } from './rules';

const cfg = configSchema.parse({});
const s0 = exampleStart(cfg);
const legal0 = legalActions(s0, 0);

describe('are you the traitor prompt', () => {
  it('the worked example is legal move by move and ends the round as the system prompt says', () => {
    let s = s0;
    EXAMPLE.forEach((m, i) => {
      expect(reject(s, m.seat, m.action)).toBeNull();
      s = apply(s, m.seat, m.action, createRng(`ayt-example-${i}`));
    });
    const f = exampleFinal(cfg);
    expect(f.results[0]).toEqual({ round: 1, stopper: 0, accused: 4, winner: 'Good' });
    expect(f.hands.filter((h) => h.length === 1)).toHaveLength(3);
    expect(outcome(f)).toBeNull();
    const sys = prompt.system(cfg, 0, 5);
    for (const m of EXAMPLE) expect(sys).toContain(format(m.action));
    expect(sys).toContain('the Good team wins the round');
  });

  it('the turn shows the seat its role, target, the wizards and the talk, and lists Say, Pass and the Stops', () => {
    const s = apply(s0, 0, { type: 'say', text: 'Hello wizards.' }, createRng('t'));
    const t = prompt.turn(view(s, { seat: 1 }), 1, legalActions(s, 1), cfg);
    expect(t).toMatch(/^Are You the Traitor\? You are Player 2, the Good Wizard \(Good team\)\./);
    expect(t).toContain('point at the Traitor');
    expect(t).toContain('The wizards are Player 2 and Player 4');
    expect(t).toContain('- Player 1: “Hello wizards.”');
    const after = t.split('\n').slice(t.split('\n').indexOf('Legal moves:') + 1);
    expect(after).toContain(`- Say: ${SAY_FORM}`);
    expect(after).toContain('- Pass');
    expect(after).toContain('- Stop: point at Player 5');
    expect(after).not.toContain('- Stop: point at Player 2');
    expect(t).not.toMatch(/Player 5, the Traitor|Player 3 is the Key Holder/);
    // The Traitor is offered no Stop.
    const tr = { ...s0, first: 4 };
    const tt = prompt.turn(view(tr, { seat: 4 }), 4, legalActions(tr, 4), cfg);
    expect(tt).toContain('You may not shout Stop.');
    expect(tt).not.toContain('- Stop:');
  });

  it('parses reasoning first, bold, code fences, JSON, quotes, and the last answer wins', () => {
    const ok = (reply: string, a: AytAction) => expect(parse(reply, 0, legal0)).toEqual({ action: a });
    ok('Player 5 has been quiet and claimed Guard, but I am the Guard.\nStop: point at Player 5', {
      type: 'stop',
      target: 4,
    });
    ok('**Stop: point at Player 5**', { type: 'stop', target: 4 });
    ok('```\nPass\n```', { type: 'pass' });
    ok('{"type": "stop", "target": "Player 3"}', { type: 'stop', target: 2 });
    ok('{"move": "Say: I am a Guard."}', { type: 'say', text: 'I am a Guard.' });
    ok('"Say: I trust Player 2."', { type: 'say', text: 'I trust Player 2.' });
    ok('Say: "Who holds the key?"', { type: 'say', text: 'Who holds the key?' });
    ok('Final answer: Pass', { type: 'pass' });
    ok('Stop! I point at Player 4', { type: 'stop', target: 3 });
    ok('Point at Player 2', { type: 'stop', target: 1 });
    ok('Maybe: Stop: point at Player 2\nOn second thought:\nPass', { type: 'pass' });
    ok('Pass\nActually no.\nSay: I am the Guard.', { type: 'say', text: 'I am the Guard.' });
  });

  it('refuses with reasons a model can act on', () => {
    const err = (reply: string, legal = legal0) => {
      const r = parse(reply, 0, legal);
      expect('error' in r).toBe(true);
      return (r as { error: string }).error;
    };
    expect(err('I think I will wait.')).toMatch(/No move found.*Pass/);
    expect(err(`Say: ${SAY_FORM}`)).toMatch(/your own words/);
    expect(err('Say:')).toMatch(/empty/);
    expect(err(`Say: ${'x'.repeat(301)}`)).toMatch(/too long/);
    expect(err('Stop: point at Player 1')).toMatch(/cannot point at Player 1/);
    expect(err('Stop: point at Player 1', [{ type: 'pass' }])).toMatch(/Traitor/);
  });

  it('format and parse agree on every legal move', () => {
    for (const a of legal0) expect(parse(format(a), 0, legal0)).toEqual({ action: a });
  });
});
