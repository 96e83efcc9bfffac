// The shipped keyword pairs of Who is the spy (keywords.json, versioned), checked when the module loads.
import { z } from 'zod';
import data from './keywords.json' with { type: 'json' };
import type { KeywordPair } from './types';

const fileSchema = z.object({
  version: z.string().min(1),
  pairs: z
    .array(
      z.object({
        id: z.string().regex(/^[a-z0-9-]+$/, 'pair ids are lower-case kebab-case'),
        domain: z.enum(['science', 'culture', 'food', 'animals', 'technology', 'places']),
        lang: z.enum(['en', 'zh']),
        a: z.string().trim().min(1),
        b: z.string().trim().min(1),
      }),
    )
    .min(1),
});

const parsed = fileSchema.safeParse(data);
if (!parsed.success) {
  const i = parsed.error.issues[0]!;
  throw new Error(`games/spy/keywords.json is invalid at ${i.path.join('.')}: ${i.message}`);
}

export const KEYWORDS_VERSION: string = parsed.data.version;
export const KEYWORD_PAIRS: readonly KeywordPair[] = parsed.data.pairs;

/** The pairs of one language ('any' = all). */
export function pairsFor(lang: 'en' | 'zh' | 'any'): readonly KeywordPair[] {
  return lang === 'any' ? KEYWORD_PAIRS : KEYWORD_PAIRS.filter((p) => p.lang === lang);
}

export function findPair(id: string): KeywordPair | undefined {
  return KEYWORD_PAIRS.find((p) => p.id === id);
}
