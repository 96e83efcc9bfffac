// One zod failure in words ("field.path: message") and a parse that throws it as the caller's own error class,
// shared by admin input, people, the Play page and the scheduler.
import type { z } from 'zod';

export function firstIssue(err: z.ZodError): string {
  const i = err.issues[0];
  if (!i) return 'invalid input';
  const where = i.path.length ? `${i.path.join('.')}: ` : '';
  return `${where}${i.message}`;
}

/** The parsed value, or `toError(firstIssue)` thrown: an error a person can act on. */
export function parseOr<S extends z.ZodType>(schema: S, raw: unknown, toError: (message: string) => Error): z.output<S> {
  const r = schema.safeParse(raw);
  if (!r.success) throw toError(firstIssue(r.error));
  return r.data;
}
