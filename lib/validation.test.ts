// Refusals in plain words: every field's problem (not the first only), each named as its form labels it, zod's own
// English ("Invalid input: expected number, received NaN") replaced, the schema's own messages kept.
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { describeIssues, issuesText, parseOr, plainMessage } from './validation';

const schema = z
  .object({
    name: z.string().trim().min(1, 'give it a name'),
    rpm: z.number().int().positive(),
    temperature: z.number().min(0).max(2),
    scaffold: z.enum(['base', 'cot']),
    baseUrl: z.string().url(),
    gameIds: z.array(z.string()).min(1),
    budget: z.object({ maxMatches: z.number().int().min(1) }).strict(),
    gameConfigs: z.record(z.string(), z.object({ hands: z.number().int() })),
  })
  .strict();

const issues = (raw: unknown) => schema.safeParse(raw).error!.issues;

describe('describeIssues', () => {
  const raw = {
    name: ' ',
    rpm: 2.5,
    temperature: 3,
    scaffold: 'tree',
    baseUrl: 'not a url',
    gameIds: [],
    budget: { maxMatches: 0, extra: 1 },
    gameConfigs: { holdem: { hands: 'many' } },
    colour: 'red',
  };

  it('lists every field with a problem, in plain words, with the label the form gives it', () => {
    const d = describeIssues(issues(raw));
    expect(d.messages).toEqual([
      'give it a name',
      'Requests / min: enter a whole number',
      'Temperature: must be at most 2',
      'Scaffold: must be one of base, cot',
      'Base URL: enter a URL such as https://host/v1',
      'Games: pick at least one',
      'Max matches: must be at least 1',
      'Budget: unknown setting extra',
      'Game settings (JSON) › holdem.hands: enter a number',
      'unknown setting colour',
    ]);
    expect(d.message).toBe(d.messages.join('; '));
    expect(d.fields).toEqual(['name', 'rpm', 'temperature', 'scaffold', 'baseUrl', 'gameIds', 'budget', 'gameConfigs']);
    expect(d.message).not.toMatch(/Invalid|expected|received|Too (small|big)/);
  });

  it('one problem per field: the first is enough to act on', () => {
    const twice = z.object({
      baseUrl: z
        .string()
        .url('enter a URL')
        .refine((u) => u.startsWith('http'), 'must start with http'),
    });
    expect(issuesText(twice.safeParse({ baseUrl: 'nope' }).error!)).toBe('Base URL: enter a URL');
  });

  it('says "is required" for a missing field, and names unlabelled fields by their path', () => {
    expect(issuesText(z.object({ rpm: z.number() }).safeParse({}).error!)).toBe('Requests / min: is required');
    expect(issuesText(z.object({ hands: z.number() }).safeParse({ hands: 'x' }).error!, {})).toBe(
      'hands: enter a number',
    );
    expect(
      issuesText(z.object({ wholly: z.object({ odd: z.string().min(3) }) }).safeParse({ wholly: { odd: 'a' } }).error!),
    ).toBe('wholly.odd: needs at least 3 characters');
  });

  it('words for each kind of zod default message', () => {
    const m = (s: z.ZodType, v: unknown) => plainMessage(s.safeParse(v).error!.issues[0]!);
    expect(m(z.number().positive(), 0)).toBe('must be more than 0');
    expect(m(z.number().lt(5), 7)).toBe('must be less than 5');
    expect(m(z.string().max(3), 'abcd')).toBe('has at most 3 characters');
    expect(m(z.array(z.string()).max(1), ['a', 'b'])).toBe('takes at most 1');
    expect(m(z.literal('x'), 'y')).toBe('must be x');
    expect(m(z.number().multipleOf(2), 3)).toBe('must be a multiple of 2');
    expect(m(z.boolean(), 'yes')).toBe('should be yes or no');
    expect(
      m(z.discriminatedUnion('kind', [z.object({ kind: z.literal('a') }), z.object({ kind: z.literal('b') })]), {
        kind: 'c',
      }),
    ).toBe('must be one of a, b');
    // A message the schema wrote is kept as written.
    expect(m(z.number().min(2, 'games per pair must be even'), 1)).toBe('games per pair must be even');
  });

  it('parseOr throws every problem as the caller’s own error, on one line', () => {
    class MyError extends Error {}
    let caught: unknown;
    try {
      parseOr(schema, raw, (msg) => new MyError(msg));
    } catch (err) {
      caught = err;
    }
    expect(caught).toBeInstanceOf(MyError);
    expect((caught as Error).message).toContain(
      'give it a name; Requests / min: enter a whole number; Temperature: must be at most 2',
    );
    expect((caught as Error).message).not.toContain('\n');
  });
});
