// The word set of the DEEP description test (words.json, versioned): each target with three distractors, checked when the module loads.
import { z } from 'zod';
import data from './words.json' with { type: 'json' };

/**
 * One DEEP item: the model describes `target`; a judge then picks which of the target and its `distractors` the
 * description fits. The distractors share a characteristic with the target, so a conservative description fits them too.
 */
export interface DeepWord {
  id: string;
  lang: 'en' | 'zh';
  target: string;
  distractors: readonly string[];
}

const wordSchema = z
  .object({
    id: z
      .string()
      .regex(/^[a-z0-9]+(?:-[a-z0-9]+)*$/, 'ids are lower-case kebab-case ASCII (pinyin for Chinese words)'),
    lang: z.enum(['en', 'zh']),
    target: z.string().trim().min(1),
    distractors: z.array(z.string().trim().min(1)).length(3, 'each word has exactly 3 distractors'),
  })
  .strict()
  .superRefine((w, ctx) => {
    const all = [w.target, ...w.distractors].map((x) => x.toLowerCase());
    if (new Set(all).size !== all.length)
      ctx.addIssue({
        code: 'custom',
        path: ['distractors'],
        message: `"${w.id}": the target and its distractors must all differ`,
      });
  });

const fileSchema = z
  .object({ version: z.string().min(1), words: z.array(wordSchema).min(1) })
  .strict()
  .superRefine((f, ctx) => {
    const seen = new Set<string>();
    f.words.forEach((w, i) => {
      if (seen.has(w.id)) ctx.addIssue({ code: 'custom', path: ['words', i, 'id'], message: `duplicate id "${w.id}"` });
      seen.add(w.id);
    });
  });

const parsed = fileSchema.safeParse(data);
if (!parsed.success) {
  const problems = parsed.error.issues.slice(0, 5).map((i) => `${i.path.join('.') || '(root)'}: ${i.message}`);
  throw new Error(`games/deep/words.json is invalid: ${problems.join('; ')}`);
}

/** Version of the DEEP word set, recorded with results so they stay comparable. */
export const DEEP_VERSION: string = parsed.data.version;
/** Every DEEP item, in file order. */
export const DEEP_WORDS: readonly DeepWord[] = Object.freeze(
  parsed.data.words.map((w) => Object.freeze({ ...w, distractors: Object.freeze([...w.distractors]) })),
);

/** The items of one language ('any' = all). */
export function deepWordsFor(lang: 'en' | 'zh' | 'any'): readonly DeepWord[] {
  return lang === 'any' ? DEEP_WORDS : DEEP_WORDS.filter((w) => w.lang === lang);
}
