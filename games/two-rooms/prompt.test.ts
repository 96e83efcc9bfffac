// Two Rooms and a Boom's prompt: the worked example replays through the rules, the turn lists the talk forms and the
// enumerable moves, and the parser reads what models write (reasoning first, bold, fences, JSON, quotes; the last
// move wins) and refuses with a reason.
import { describe, expect, it } from 'vitest';
import { createRng } from '../../lib/engine/rng';
import { EXAMPLE, exampleFinal, exampleStart, format, parse, prompt } from './prompt';
import { activeSeats, apply, configSchema, legalActions, reject, view, type TrbState } from './rules';

const cfg = configSchema.parse({});
const at = (s: TrbState, seat: number) => prompt.turn(view(s, { seat }), seat, legalActions(s, seat), cfg);

describe('two rooms prompt', () => {
  it('the worked example is legal move by move, and the system prompt shows it', () => {
    let s = exampleStart(cfg);
    EXAMPLE.forEach((m, i) => {
      expect(activeSeats(s)).toEqual([m.seat]);
      expect(reject(s, m.seat, m.action)).toBeNull();
      expect(parse(format(m.action), m.seat, legalActions(s, m.seat))).toEqual({ action: m.action });
      s = apply(s, m.seat, m.action, createRng(`ex-${i}`));
    });
    const end = exampleFinal(cfg);
    expect(end.known[0]).toEqual([1]);
    expect(activeSeats(end)).toEqual([4]); // Room 2's first player is next
    const sys = prompt.system(cfg, 0, 6);
    for (const m of EXAMPLE)
      expect(sys).toContain(
        `${['Blue 1', 'Blue 2', 'Blue 3', 'Red 1', 'Red 2', 'Red 3'][m.seat]}: ${format(m.action)}`,
      );
    expect(sys).toContain('Two teams, Blue and Red, have opposing goals.');
  });

  it('the turn shows the card, the rooms, what was heard, and lists the talk forms with the moves', () => {
    let s = exampleStart(cfg);
    let t = at(s, 0);
    expect(t).toMatch(/^Two Rooms and a Boom: you are Blue 1 \(Blue team\)\. Your card: the President\./);
    expect(t).toContain('Rooms: Room 1: Blue 1, Red 1 (leader), Blue 2; Room 2: Red 2, Blue 3 (leader), Red 3.');
    const list = t.slice(t.indexOf('Legal moves:')).split('\n');
    expect(list).toContain('- Ask Red 1: <your question>');
    expect(list).toContain('- Ask Red 1');
    expect(list).toContain('- Show my card to Blue 2');
    s = apply(s, 0, EXAMPLE[0]!.action, createRng('x'));
    t = at(s, 1);
    expect(t).toContain('- Round 1, Room 1: Blue 1 asks Blue 2: “Blue 2, show me your card and I will show you mine.”');
    expect(t).toContain('- Say: <your answer>');
    expect(t).toContain('- Say nothing');
    expect(t).toContain('- Show my card to Blue 1');
    // The other room heard nothing and is not asked to move.
    expect(at(s, 4)).toContain('You have heard nothing yet.');
    expect(at(s, 4)).toContain('It is not your turn.');
    // A card shown appears in the next turn of the one it was shown to.
    s = apply(s, 1, { type: 'reveal', to: 0 }, createRng('y'));
    expect(prompt.turn(view(s, { seat: 0 }), 0, null, cfg)).toContain(
      'Cards shown to you: Blue 2 is a plain Blue card.',
    );
  });

  it('parses every move form, with reasoning first, bold, fences, quotes and JSON; the last move wins', () => {
    const s = exampleStart(cfg);
    const legal = legalActions(s, 0);
    expect(parse('Ask Red 1: Are you the Bomber?', 0, legal)).toEqual({
      action: { type: 'ask', to: 3, text: 'Are you the Bomber?' },
    });
    expect(parse('I think Blue 2 is a friend.\n\n**Ask Blue 2: "Show me your card?"**', 0, legal)).toEqual({
      action: { type: 'ask', to: 1, text: 'Show me your card?' },
    });
    expect(parse('```\nShow my card to Blue 2\n```', 0, legal)).toEqual({ action: { type: 'reveal', to: 1 } });
    expect(parse('Maybe Ask Red 1.\nActually:\nAnswer: Ask Red 1', 0, legal)).toEqual({
      action: { type: 'ask', to: 3, text: '' },
    });
    expect(parse('Show my card to Red 1\nOn second thought:\nAsk Blue 2: hi', 0, legal)).toEqual({
      action: { type: 'ask', to: 1, text: 'hi' },
    });
    expect(parse('{"type": "ask", "to": "Red 1", "text": "Who are you?"}', 0, legal)).toEqual({
      action: { type: 'ask', to: 3, text: 'Who are you?' },
    });
    expect(parse('{"move": "Show my card to Player 2"}', 0, legal)).toEqual({ action: { type: 'reveal', to: 1 } });
    const answer = legalActions(apply(s, 0, { type: 'ask', to: 3, text: 'q' }, createRng('z')), 3);
    expect(parse('- Say: "I am plain Red."', 3, answer)).toEqual({ action: { type: 'say', text: 'I am plain Red.' } });
    expect(parse("'Say nothing'", 3, answer)).toEqual({ action: { type: 'say', text: '' } });
    expect(parse('Reveal my card to Blue 1', 3, answer)).toEqual({ action: { type: 'reveal', to: 0 } });
    expect(
      parse('Send Red 2', 2, [
        { type: 'hostage', seat: 4 },
        { type: 'hostage', seat: 5 },
      ]),
    ).toEqual({ action: { type: 'hostage', seat: 4 } });
    expect(
      parse('{"action": "hostage", "to": "Red 3"}', 2, [
        { type: 'hostage', seat: 4 },
        { type: 'hostage', seat: 5 },
      ]),
    ).toEqual({ action: { type: 'hostage', seat: 5 } });
  });

  it('refuses with a reason a model can act on', () => {
    const s = exampleStart(cfg);
    const legal = legalActions(s, 0);
    expect(parse('I am not sure.', 0, legal)).toEqual({
      error: expect.stringMatching(/No move found.*Ask Red 1: <your question>/),
    });
    expect(parse('Ask Red 1: <your question>', 0, legal)).toEqual({
      error: expect.stringMatching(/own words in place of <your question>/),
    });
    expect(parse('Ask Red 2: hello', 0, legal)).toEqual({ error: expect.stringMatching(/Red 2 is not a choice now/) });
    expect(parse('Say: hello', 0, legal)).toEqual({
      error: expect.stringMatching(/Nobody is waiting for your answer/),
    });
    expect(parse('Send Red 1', 0, legal)).toEqual({ error: expect.stringMatching(/Only a leader/) });
    expect(parse(`Ask Red 1: ${'x'.repeat(400)}`, 0, legal)).toEqual({ error: expect.stringMatching(/too long/) });
    const answer = legalActions(apply(s, 0, { type: 'ask', to: 3, text: 'q' }, createRng('z')), 3);
    expect(parse('Ask Blue 1: and you?', 3, answer)).toEqual({ error: expect.stringMatching(/turn to answer/) });
    expect(parse('Say: <your answer>', 3, answer)).toEqual({ error: expect.stringMatching(/place of <your answer>/) });
  });
});
