// The preset `gamebench`: Two Rooms and a Boom as GameBench's code plays it — no player is told their card and no card
// is shown — next to the arena's defaults; random play under it against GameBench's own code (rules.ts header).
import { describe, expect, it } from 'vitest';
import { checkConformance } from '../../lib/engine/conformance';
import { createRng } from '../../lib/engine/rng';
import { twoRooms } from '.';
import { randomStats } from './gamebench-random';
import { format, parse, prompt } from './prompt';
import {
  NUM_SEATS,
  activeSeats,
  apply,
  cardLabel,
  configSchema,
  legalActions,
  reject,
  view,
  type TrbConfig,
  type TrbState,
} from './rules';

const preset = twoRooms.meta.settingsPresets.find((p) => p.label === 'gamebench')!;
const gbConfig = twoRooms.parseConfig(preset.config) as TrbConfig;
const defaults = twoRooms.defaultConfig as TrbConfig;

/** Every state of a seeded random match under `config`, up to (not including) the end. */
function states(seed: string, config: unknown): TrbState[] {
  const rng = createRng(seed);
  let s = twoRooms.setup({ numPlayers: NUM_SEATS, config, rng }) as TrbState;
  const out: TrbState[] = [];
  while (activeSeats(s).length) {
    out.push(s);
    const seat = activeSeats(s)[0]!;
    s = apply(s, seat, rng.pick(legalActions(s, seat)), rng);
  }
  return out;
}

describe('the gamebench preset', () => {
  it('parses, and leaves the defaults as they were', () => {
    expect(preset).toBeDefined();
    expect(gbConfig).toEqual({ rounds: 3, cardTold: false, reveals: false });
    expect(defaults).toEqual({ rounds: 3 });
    // Not told but showable is refused: whoever saw the card would know more than its holder.
    expect(configSchema.safeParse({ cardTold: false }).success).toBe(false);
    expect(configSchema.safeParse({ cardTold: false, reveals: true }).success).toBe(false);
    expect(configSchema.safeParse({ reveals: false }).success).toBe(true);
    expect(configSchema.safeParse({ cardTold: 'no' }).success).toBe(false);
    // The defaults' views carry no rule options (the golden playthrough is unchanged).
    const s = twoRooms.setup({ numPlayers: NUM_SEATS, config: {}, rng: createRng('v') }) as TrbState;
    expect(Object.keys(view(s, { seat: 0 }))).not.toContain('cardTold');
    expect(Object.keys(view(s, { seat: 0 }))).not.toContain('reveals');
    const g = twoRooms.setup({ numPlayers: NUM_SEATS, config: preset.config, rng: createRng('v') }) as TrbState;
    expect(view(g, { seat: 0 })).toMatchObject({ cardTold: false, reveals: false, myCard: null });
  });

  it('no seat is told its card under the preset, in its view or its prompt; under the defaults it is', () => {
    for (let m = 0; m < 5; m++) {
      for (const s of states(`gb-views-${m}`, preset.config))
        for (let seat = 0; seat < NUM_SEATS; seat++) {
          const v = view(s, { seat });
          const card = s.cards[seat]!;
          expect(v.myCard).toBeNull();
          expect(v.known).toEqual([]);
          const t = prompt.turn(v, seat, legalActions(s, seat), gbConfig);
          expect(t).toContain('Your card: not told');
          expect(t).not.toContain(cardLabel(card));
          expect(t).not.toMatch(/President|Bomber|plain (Blue|Red) card|show|Show/);
          expect(JSON.stringify(v)).not.toContain(`"${card}"`);
        }
      for (const s of states(`gb-views-${m}`, {}))
        for (let seat = 0; seat < NUM_SEATS; seat++) {
          const v = view(s, { seat });
          expect(v.myCard).toBe(s.cards[seat]);
          expect(prompt.turn(v, seat, legalActions(s, seat), defaults)).toContain(
            `Your card: ${cardLabel(s.cards[seat]!)}.`,
          );
        }
    }
    // The end shows every card, as under the defaults.
    const last = states('gb-end', preset.config).at(-1)!;
    const seat = activeSeats(last)[0]!;
    const end = apply(last, seat, legalActions(last, seat)[0]!, createRng('e'));
    expect(view(end, { seat: 0 }).known).toHaveLength(NUM_SEATS);
  });

  it('the rules text for models does not claim they know their card, and offers no card to show', () => {
    for (let seat = 0; seat < NUM_SEATS; seat++) {
      const sys = prompt.system(gbConfig, seat, NUM_SEATS);
      expect(sys).toContain('No player is told any card, their own included');
      expect(sys).not.toMatch(/You know only your own card|show them your card|Show my card|card shown never lies/);
      expect(sys).toContain('Two teams, Blue and Red, have opposing goals.');
      expect(preset.help).toMatch(/no player is told their card/);
    }
    const def = prompt.system(defaults, 0, NUM_SEATS);
    expect(def).toContain('You know only your own card and the cards shown to you.');
    expect(def).toContain('Show my card to Red 2');
  });

  it('players only talk: no reveal is legal, and one is refused with the reason', () => {
    const [ask, answer] = states('gb-talk', preset.config);
    const asker = activeSeats(ask!)[0]!;
    expect(legalActions(ask!, asker).every((a) => a.type === 'ask')).toBe(true);
    const to = legalActions(ask!, asker)[0]!.type === 'ask' ? (legalActions(ask!, asker)[0] as { to: number }).to : 0;
    expect(reject(ask!, asker, { type: 'reveal', to })).toMatch(/Cards are never shown in this match/);
    const target = activeSeats(answer!)[0]!;
    expect(legalActions(answer!, target)).toEqual([{ type: 'say', text: '' }]);
    expect(reject(answer!, target, { type: 'reveal', to: asker })).toMatch(/Cards are never shown/);
    const reply = parse(format({ type: 'reveal', to: asker }), target, legalActions(answer!, target));
    expect(reply).toMatchObject({ error: expect.stringMatching(/Cards are never shown in this match/) });
  });

  it('keeps the game contract under the preset (the engine talks in words only)', () => {
    expect(checkConformance(twoRooms, { seeds: 10, config: preset.config })).toEqual([]);
  });

  it('random play agrees with GameBench’s own code within sampling error', () => {
    // GameBench's two_rooms.py with its RandomAgent, 20000 matches seeded random.seed(i) (rules.ts header): Red 39.63%,
    // the President and the Bomber start in one room 39.86%, the President a leader 33.17%, the Bomber 33.05%.
    // Exactly: 40%, 40%, 1/3, 1/3. Three standard errors of the difference at 2000 matches here: ~3.3 points.
    const n = 2000;
    const st = randomStats(n, preset.config);
    const within = (k: number, p: number, pRef: number) => {
      const se = Math.sqrt((pRef * (1 - pRef)) / n + (pRef * (1 - pRef)) / 20000);
      expect(Math.abs(k / n - p)).toBeLessThan(3 * se);
    };
    expect(st.red + st.blue).toBe(n);
    within(st.red, 0.3963, 0.4);
    within(st.startTogether, 0.3986, 0.4);
    within(st.presidentLeader, 0.3317, 1 / 3);
    within(st.bomberLeader, 0.3305, 1 / 3);
    // Three rounds of six questions, six answers and two hostages.
    expect(st.meanPlies).toBeCloseTo(42, 9);
  });
});
