// Pit's prompt: the system text (GameBench's summary, the worked example replayed through the rules), the turn text
// with `Legal moves:`, and a parser that reads what models write and refuses with a reason.
import { describe, expect, it } from 'vitest';
import { createRng } from '../../lib/engine/rng';
import { generateReply, PERSONAS } from '../../lib/sim/simulated-model';
import { pit } from '.';
import { EXAMPLE, exampleFinal, exampleStart, format, GAMEBENCH_RULES, parse } from './prompt';
import { apply, configSchema, legalActions, view, type PitAction, type PitState } from './rules';

const cfg = configSchema.parse({});
// Player 1 to offer: 3 Wheat, 2 Barley, 2 Corn, 1 Bull, 1 Bear; Player 2 holds 4 Corn, 3 Soybeans, 2 Wheat.
const start: PitState = {
  ...exampleStart(cfg),
  hands: [
    [3, 2, 2, 0, 1, 1],
    [2, 0, 4, 3, 0, 0],
  ],
};
const offerLegal = legalActions(start, 0);
const answering = apply(start, 0, { type: 'offer', card: 'Barley', count: 2, to: 1 }, createRng('p'));
const answerLegal = legalActions(answering, 1);

describe('pit prompt', () => {
  it('puts GameBench’s rules summary in the system text and in rules.summary', () => {
    const sys = pit.prompt.system(cfg, 0, 2);
    expect(sys).toContain(GAMEBENCH_RULES);
    expect(pit.rules.summary).toBe(GAMEBENCH_RULES);
    expect(sys).toContain('Offer 2 Barley to Player 2');
    expect(sys).toContain('Accept, giving Wheat');
    expect(pit.prompt.system(cfg, 2, 3)).toContain('You are playing Pit as Player 3 against Player 1, Player 2.');
  });

  it('replays the worked example through the rules: Player 1 corners Wheat for 100 points', () => {
    for (const [i, m] of EXAMPLE.entries()) {
      const s = EXAMPLE.slice(0, i).reduce(
        (st, x, j) => apply(st, x.seat, x.action, createRng(`pit-example-${j}`)),
        exampleStart(cfg),
      );
      expect(legalActions(s, m.seat)).toContainEqual(m.action);
    }
    const end = exampleFinal(cfg);
    expect(end.points).toEqual([100, 0]);
    expect(end.corners[0]).toMatchObject({ seat: 0, card: 'Wheat', kind: 'corner', points: 100 });
    expect(pit.prompt.system(cfg, 0, 2)).toContain('Player 1 now holds 6 Wheat: a corner on Wheat, +100 points.');
  });

  it('writes the turn: hand, points, the offer to answer, Legal moves', () => {
    const t = pit.prompt.turn(view(start, { seat: 0 }), 0, offerLegal, cfg);
    expect(t).toContain('Your hand (9 cards): 3 Wheat, 2 Barley, 2 Corn, 1 Bull, 1 Bear.');
    expect(t).toContain('Points (target 500): Player 1 (you) 0, Player 2 0.');
    expect(t).toContain('Legal moves:\n- Offer 1 Wheat to Player 2\n');
    const a = pit.prompt.turn(view(answering, { seat: 1 }), 1, answerLegal, cfg);
    expect(a).toContain('Player 1 offers you 2 cards of one kind (you do not know which).');
    expect(a).toContain('- Accept, giving Wheat\n- Accept, giving Corn\n- Accept, giving Soybeans\n- Refuse');
    expect(a).not.toContain('Barley');
  });

  it('reads every listed move back (format round trip)', () => {
    for (const [legal, seat] of [
      [offerLegal, 0],
      [answerLegal, 1],
    ] as const) {
      for (const a of legal) expect(parse(format(a), seat, legal as PitAction[])).toEqual({ action: a });
      expect(legal.length).toBeGreaterThan(0);
    }
  });

  it('accepts what models write: reasoning first, bold, fences, lower case, quotes, JSON, GameBench ids, the last move', () => {
    const offer = (card: string, count: number): PitAction => ({ type: 'offer', card: card as never, count, to: 1 });
    expect(
      parse(
        'I hold 3 Wheat. I could Offer 2 Corn to Player 2, but better:\n**Offer 1 Bear to Player 2**',
        0,
        offerLegal,
      ),
    ).toEqual({ action: offer('Bear', 1) });
    expect(parse('```\noffer 2 barley to player 2\n```', 0, offerLegal)).toEqual({ action: offer('Barley', 2) });
    expect(parse('My move: "Offer two Corn"', 0, offerLegal)).toEqual({ action: offer('Corn', 2) });
    expect(parse('{"action": "offer", "card": "Wheat", "count": 3, "to": 2}', 0, offerLegal)).toEqual({
      action: offer('Wheat', 3),
    });
    expect(parse('Offer_Wheat_2', 0, offerLegal)).toEqual({ action: offer('Wheat', 2) });
    expect(
      parse(
        'Refuse would be safe, yet Accept, giving Corn looks stronger. So my answer is: **Accept, giving Corn**.',
        1,
        answerLegal,
      ),
    ).toEqual({ action: { type: 'accept', card: 'Corn' } });
    expect(parse('I accept the trade and give 2 soybeans.', 1, answerLegal)).toEqual({
      action: { type: 'accept', card: 'Soybeans' },
    });
    expect(parse('Accept, giving Soyabeans', 1, answerLegal)).toEqual({ action: { type: 'accept', card: 'Soybeans' } });
    expect(parse('I will decline.', 1, answerLegal)).toEqual({ action: { type: 'refuse' } });
    expect(parse('{"move": "Refuse"}', 1, answerLegal)).toEqual({ action: { type: 'refuse' } });
  });

  it('refuses with a reason a model can act on', () => {
    expect(parse('I am thinking about it.', 0, offerLegal)).toEqual({
      error: expect.stringMatching(/No move found.*Offer 2 Corn to Player 2/),
    });
    expect(parse('I accept.', 1, answerLegal)).toEqual({
      error:
        'Say which kind you give back, e.g. "Accept, giving Wheat" (you can give: Wheat, Corn, Soybeans), or "Refuse".',
    });
    expect(parse('Offer 3 Barley to Player 2', 0, offerLegal)).toEqual({ error: 'You can offer at most 2 Barley.' });
    expect(parse('Offer 1 Soybeans to Player 2', 0, offerLegal)).toEqual({
      error: 'You hold no Soybeans: offer cards from your hand.',
    });
    expect(parse('Offer 1 Wheat to Player 3', 0, offerLegal)).toEqual({
      error: 'You cannot offer to Player 3: offer to Player 2.',
    });
    expect(parse('Refuse', 0, offerLegal)).toEqual({ error: expect.stringMatching(/Nobody has offered you cards/) });
    expect(parse('Offer 1 Corn to Player 1', 1, answerLegal)).toEqual({
      error: expect.stringMatching(/You must answer the offer made to you/),
    });
    expect(parse('Accept, giving Barley', 1, answerLegal)).toEqual({
      error:
        'You do not hold enough Barley to give back as many cards as offered. You can give: Wheat, Corn, Soybeans.',
    });
  });

  it('asks whom to offer to when there are several other players', () => {
    const three: PitState = { ...start, numPlayers: 3, hands: [...start.hands, [4, 5, 0, 0, 0, 0]], points: [0, 0, 0] };
    const legal = legalActions(three, 0);
    expect(parse('Offer 1 Wheat', 0, legal)).toEqual({
      error: 'Say whom you offer to, e.g. "Offer 1 Wheat to Player 2".',
    });
    expect(parse('Offer 1 Wheat to Player 3', 0, legal)).toEqual({
      action: { type: 'offer', card: 'Wheat', count: 1, to: 2 },
    });
  });

  it('is played by the simulated endpoint: every well-formed reply reads as the move it meant, careful ones legal', () => {
    let ok = 0;
    let careful = 0;
    let carefulLegal = 0;
    for (let m = 0; m < 6; m++) {
      const rng = createRng(`pit-sim-${m}`);
      let st = pit.setup({ numPlayers: 2 + (m % 3), config: { maxTurns: 15 }, rng });
      for (let seat = pit.activeSeats(st)[0]; seat !== undefined; seat = pit.activeSeats(st)[0]) {
        const legal = pit.legalActions(st, seat)!;
        const vw = pit.view(st, { seat });
        const messages = [
          { role: 'system', content: `${pit.prompt.system(st.config, seat, st.numPlayers)}\nThink step by step.` },
          { role: 'user', content: pit.prompt.turn(vw, seat, legal, st.config) },
        ];
        for (const persona of [PERSONAS['sim-careful']!, PERSONAS['sim-sloppy']!]) {
          const reply = generateReply(messages, persona, rng);
          const parsed = pit.prompt.parse(reply.content, seat, legal, vw);
          if (persona.id === 'sim-careful') {
            careful++;
            if ('action' in parsed && pit.reject(st, seat, parsed.action) === null) carefulLegal++;
          }
          if (reply.kind !== 'ok') continue;
          expect(parsed, reply.content).toEqual({ action: legal.find((a) => format(a) === reply.intended) });
          ok++;
        }
        st = pit.apply(st, seat, rng.pick(legal), rng);
      }
    }
    expect(ok).toBeGreaterThan(100);
    expect(carefulLegal / careful).toBeGreaterThan(0.9);
  });
});
