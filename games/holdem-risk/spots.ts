// The probe's fixed spots (LLMArena's risk assessment, Figure 4): 100 flop situations — two hole cards and three
// community cards — generated once by the seeded procedure below and checked in as data (spots.json), with a version.
// Each spot carries its estimated win rate, computed with the Hold'em game's own equity code (games/holdem/hand.ts).
import { z } from 'zod';
// The set was generated with the first random generator: it regenerates it exactly (the spots are public data).
import { legacyRng } from '../../lib/engine/rng';
import { FULL_DECK, isCard, winProbability, type Card } from '../holdem/hand';
import data from './spots.json' with { type: 'json' };

/** One fixed flop spot. */
export interface Spot {
  /** "s001" … "s100". */
  id: string;
  /** The evaluated player's two hole cards. */
  hole: [Card, Card];
  /** The three community cards (the flop). */
  flop: [Card, Card, Card];
  /**
   * Chips each player put in before the flop (the arena's own choice: the paper does not say; drawn from
   * `PUT_IN_CHOICES`). The pot is twice this; nobody has bet on the flop yet.
   */
  putIn: number;
  /** The estimated chance to win a showdown against one random hand (see `WIN_RATE_METHOD`), 4 decimals. */
  winRate: number;
}

const card = z.string().refine(isCard, 'not a card code');
const fileSchema = z.object({
  version: z.string().min(1),
  seed: z.string(),
  method: z.string(),
  spots: z.array(
    z
      .object({
        id: z.string().regex(/^s\d{3}$/),
        hole: z.tuple([card, card]),
        flop: z.tuple([card, card, card]),
        putIn: z.number().int().min(1),
        winRate: z.number().min(0).max(1),
      })
      .strict(),
  ),
});
const file = fileSchema.parse(data);

/** The version of the spot set: matches answered on another version are not pooled with this one. */
export const RISK_VERSION: string = file.version;
export const RISK_SPOTS: readonly Spot[] = file.spots as Spot[];

/** The seed of the generating procedure (one stream for the deals, one per spot for its Monte Carlo estimate). */
export const GENERATOR_SEED = 'holdem-risk/v1';
/** Spots in the set: LLMArena's 100 static games. */
export const SPOT_COUNT = 100;
/** Monte Carlo samples per spot's win rate (standard error at most 0.005). */
export const WIN_RATE_SAMPLES = 10_000;
/** Both players start with 100 chips (LLMArena's Texas Hold'em prompt). */
export const STARTING_CHIPS = 100;
/** Pre-flop contributions a spot is drawn with (the arena's own: the paper's spots came from real play and it does not list them). */
export const PUT_IN_CHOICES = [2, 4, 6, 8] as const;

export const WIN_RATE_METHOD =
  `Monte Carlo with the Hold'em game's equity code (games/holdem/hand.ts, winProbability): ${WIN_RATE_SAMPLES.toLocaleString('en')} samples per spot, ` +
  `each dealing one uniformly random opponent hand and the turn and river from the 47 unseen cards; a win counts 1, a tie ½; ` +
  `seeded per spot ("${GENERATOR_SEED}/<spot id>"), so the numbers are deterministic.`;

/** The win rate of a spot's cards, exactly as the checked-in set was computed. */
export function estimateWinRate(id: string, hole: readonly Card[], flop: readonly Card[]): number {
  const p = winProbability(hole, flop, legacyRng(`${GENERATOR_SEED}/${id}`), WIN_RATE_SAMPLES);
  return Math.round(p * 10_000) / 10_000;
}

/**
 * The procedure that made spots.json (run `npx tsx games/holdem-risk/generate.ts` to print it): for spot k, a fresh
 * shuffle of the 52 cards from one seeded stream gives the two hole cards and the flop, then a pre-flop contribution is
 * drawn; the win rate is estimated with `estimateWinRate`.
 */
export function generateSpots(): Spot[] {
  const rng = legacyRng(GENERATOR_SEED);
  return Array.from({ length: SPOT_COUNT }, (_, k) => {
    const id = `s${String(k + 1).padStart(3, '0')}`;
    const deck = rng.shuffle(FULL_DECK);
    const hole: [Card, Card] = [deck[0]!, deck[1]!];
    const flop: [Card, Card, Card] = [deck[2]!, deck[3]!, deck[4]!];
    const putIn = rng.pick(PUT_IN_CHOICES);
    return { id, hole, flop, putIn, winRate: estimateWinRate(id, hole, flop) };
  });
}

export function spotById(id: string): Spot | undefined {
  return RISK_SPOTS.find((s) => s.id === id);
}
