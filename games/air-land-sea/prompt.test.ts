// Air, Land and Sea prompt: the system text (GameBench's summary, the worked example replayed through the rules), the
// turn with `Legal moves:`, and a parser that reads what models write and refuses with a reason.
import { describe, expect, it } from 'vitest';
import { airLandSea } from '.';
import { EXAMPLE, exampleStates, format, GAMEBENCH_RULES, parse } from './prompt';
import { legalActions, theaterStrength, view, type AlsAction } from './rules';
import { cfg, play, position } from './testkit';

const start = position({
  hands: [
    ['A6', 'L3', 'S1', 'A3'],
    ['S6', 'L2'],
  ],
  board: { Land: [['~S4'], ['~L6']], Air: [[], ['A2']] },
  order: ['Air', 'Land', 'Sea'],
});
const legal = legalActions(start, 0);
const maneuver = play(start, { type: 'deploy', card: 'L3', theater: 'Land' });
const flips = legalActions(maneuver, 0);

describe('air-land-sea prompt', () => {
  it('puts GameBench’s rules summary, the deck and the answer format in the system text', () => {
    const sys = airLandSea.prompt.system(cfg, 0, 2);
    expect(sys).toContain(GAMEBENCH_RULES);
    expect(airLandSea.rules.summary).toBe(GAMEBENCH_RULES);
    expect(sys).toContain('You are playing Air, Land and Sea as Player 1 against Player 2.');
    expect(sys).toContain('Containment (Air 5, Ongoing: If any player plays a facedown card, destroy that card)');
    expect(sys).toContain('- Deploy Heavy Bombers (Air 6) to Air');
    expect(Object.keys(airLandSea.rules.topics)).toContain('Supreme Commander Cards');
    expect(airLandSea.rules.topics['Supreme Commander Cards']).toContain(
      '5+ cards = 2 VPs, 3-4 cards = 3 VPs, 2 cards = 4 VPs, 0-1 cards = 6 VPs',
    );
  });

  it('replays the worked example through the rules', () => {
    const states = exampleStates(cfg);
    EXAMPLE.forEach((m, i) => expect(legalActions(states[i]!, m.seat)).toContainEqual(m.action));
    const end = states.at(-1)!;
    expect(theaterStrength(end, 'Air', 0)).toBe(6);
    expect(theaterStrength(end, 'Air', 1)).toBe(2);
    expect(states[2]!.toMove).toBe(0); // Player 2's Maneuver had nothing to flip
    expect(view(end, { seat: 0 }).events.at(-1)).toBe('Player 2 improvises a card facedown to Sea.');
    const sys = airLandSea.prompt.system(cfg, 1, 2);
    for (const m of EXAMPLE) expect(sys).toContain(`${m.seat === 0 ? 'Player 1' : 'Player 2'}: ${format(m.action)}`);
  });

  it('writes the turn: VPs, commander, the theaters as the seat sees them, the hand, the choice, Legal moves', () => {
    const t = airLandSea.prompt.turn(view(start, { seat: 0 }), 0, legal, cfg);
    expect(t).toContain('You are the 1st player this battle (you win tied theaters).');
    expect(t).toContain('Theaters, left to right: Air | Land | Sea (Land is adjacent to both others).');
    expect(t).toContain(
      'Land: you: facedown Redeploy (Sea 4) (strength 2) (last one uncovered); Player 2: facedown card (strength 2) (last one uncovered). Strength 2 against 2: you control it.',
    );
    expect(t).toContain('- Heavy Bombers (Air 6)');
    expect(t).toContain('withdrawing now gives Player 2 2 VPs');
    expect(t).toContain('Legal moves:\n- Deploy Heavy Bombers (Air 6) to Air\n');
    expect(t).not.toContain('Heavy Tanks');
    const other = airLandSea.prompt.turn(view(start, { seat: 1 }), 1, [], cfg);
    expect(other).not.toContain('Redeploy');
    expect(other).toContain("It is Player 1's move.");
    const m = airLandSea.prompt.turn(view(maneuver, { seat: 0 }), 0, flips, cfg);
    expect(m).toContain('Resolving your Maneuver (Land 3): flip an uncovered card in an adjacent theater.');
    expect(m).toContain("Legal moves:\n- Flip Player 2's card in Air\n");
  });

  it('reads every listed move back (format round trip)', () => {
    for (const [moves, seat] of [
      [legal, 0],
      [flips, 0],
    ] as const) {
      expect(moves.length).toBeGreaterThan(0);
      for (const a of moves) expect(parse(format(a), seat, moves as AlsAction[])).toEqual({ action: a });
    }
  });

  it('accepts what models write: reasoning first, bold, fences, quotes, JSON, loose wordings, the last move', () => {
    const dep = (card: string, theater: string) => ({ action: { type: 'deploy', card, theater } });
    expect(
      parse(
        'Air is open. Deploy Maneuver (Air 3) to Air would flip... but better:\n**Deploy Heavy Bombers (Air 6) to Air**',
        0,
        legal,
      ),
    ).toEqual(dep('A6', 'Air'));
    expect(parse('```\ndeploy heavy bombers (air 6) to air\n```', 0, legal)).toEqual(dep('A6', 'Air'));
    expect(parse('My move: "Improvise Transport (Sea 1) facedown to Land"', 0, legal)).toEqual({
      action: { type: 'improvise', card: 'S1', theater: 'Land' },
    });
    expect(parse('{"move": "Deploy Transport (Sea 1) to Sea"}', 0, legal)).toEqual(dep('S1', 'Sea'));
    expect(parse('{"action": "deploy", "card": "Heavy Bombers", "theater": "Air"}', 0, legal)).toEqual(
      dep('A6', 'Air'),
    );
    expect(parse('I play Heavy Bombers face up to the Air theater.', 0, legal)).toEqual(dep('A6', 'Air'));
    expect(parse('Play Air 6 facedown to Sea', 0, legal)).toEqual({
      action: { type: 'improvise', card: 'A6', theater: 'Sea' },
    });
    expect(parse('I will not withdraw. Deploy Heavy Bombers (Air 6) to Air', 0, legal)).toEqual(dep('A6', 'Air'));
    expect(parse('Too weak here, I decide to withdraw.', 0, legal)).toEqual({ action: { type: 'withdraw' } });
    expect(parse("Flip the opponent's card in Air", 0, flips)).toEqual({
      action: { type: 'flip', theater: 'Air', owner: 1 },
    });
    expect(parse('flip player 2 card in air', 0, flips)).toEqual({
      action: { type: 'flip', theater: 'Air', owner: 1 },
    });
  });

  it('refuses with a reason a model can act on', () => {
    const v = view(start, { seat: 0 });
    const why = (r: ReturnType<typeof parse>) => ('error' in r ? r.error : '');
    expect(why(parse('I am not sure.', 0, legal, v))).toMatch(/No move found.*Deploy a card face up/);
    expect(why(parse('Deploy Super Battleship (Sea 6) to Sea', 0, legal, v))).toMatch(
      /Super Battleship \(Sea 6\) is not in your hand\. Your hand: Heavy Bombers/,
    );
    expect(why(parse('Deploy Heavy Bombers (Air 6) to Sea', 0, legal, v))).toMatch(
      /Face up, Heavy Bombers \(Air 6\) may only go to Air/,
    );
    expect(why(parse('Deploy Maneuver to Air', 0, legal, v))).toBe('');
    expect(why(parse("Flip Player 2's card in Sea", 0, flips))).toMatch(
      /not a legal move now.*Answer the ability's choice/,
    );
    expect(why(parse('Withdraw', 0, flips))).toMatch(/not a legal move/);
  });
});
