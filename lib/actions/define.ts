// How every server action is built (the dub pattern): one client per kind of caller — `publicAction` (anyone: sign-in,
// setup, a guest's name), `adminAction` (a signed-in admin), `personAction(…)` (a person with a name) — checks who calls,
// reads and checks the input (zod), runs, and turns any failure into the form's answer: a UserError's words (a
// RateLimitError, an AdminError…) or every zod problem in plain words as they are, anything else one generic sentence
// and a server log line. The actions themselves are in lib/actions/admin.ts and lib/actions/play.ts.
import 'server-only';
import { unstable_rethrow } from 'next/navigation';
import type { z } from 'zod';
import { UserError } from '../errors';
import { currentPerson } from '../db/person-session';
import type { PersonInfo } from '../db/people';
import { requireAdmin, type SessionAdmin } from '../db/admin-session';
import { describeIssues } from '../validation';

/** A refused action: every problem in `error`; `field` is the first input it is about and `fields` all of them (forms mark them invalid). */
export type Failure = { ok: false; error: string; field?: string; fields?: string[] };

/** What a form's action answers (for useActionState): done (with what it reports), refused, or null before the first submission. */
export type ActionResult<T extends object = object> = ({ ok: true } & T) | Failure | null;

/** What anyone is told when an action fails for a reason that is not theirs to fix (the server logs the error). */
export const UNEXPECTED = 'something went wrong on the server; try again';

type Issue = Parameters<typeof describeIssues>[0][number];

/** Every problem of a refused input in plain words (lib/validation.ts), with the fields to mark. */
export function refusal(issues: readonly Issue[]): Failure {
  const d = describeIssues(issues);
  return { ok: false, error: d.message, ...(d.fields[0] ? { field: d.fields[0], fields: d.fields } : {}) };
}

/** A zod failure from any copy of zod (the scheduler runs outside Next's bundle), recognised by its issues. */
function isZodFailure(err: unknown): err is Error & { issues: Issue[] } {
  return err instanceof Error && Array.isArray((err as { issues?: unknown }).issues);
}

/**
 * Any failure as the form's answer: a UserError says its message (on its field, when it names one); a zod failure names
 * every field's problem; anything else is logged under `scope` and answered with UNEXPECTED. Next's own control flow
 * (redirect(), notFound()) is thrown on, never answered.
 */
export function failure(err: unknown, scope: string): Failure {
  unstable_rethrow(err);
  if (err instanceof UserError) return { ok: false, error: err.message, ...(err.field ? { field: err.field } : {}) };
  if (isZodFailure(err)) return refusal(err.issues);
  console.error(`[${scope}] action failed:`, err);
  return { ok: false, error: UNEXPECTED };
}

/** An action that answers a form (useActionState). */
export interface FormSpec<C, S extends z.ZodType, T extends object> {
  /**
   * The form's fields as the raw input (a promise when it reads an uploaded file); a UserError thrown here (a number
   * field that is no number) names its field.
   */
  input: (fd: FormData) => unknown;
  /** Checked before `run`: every problem is answered at once, each on its field. */
  schema: S;
  /** What the action does once the caller may and the input is valid: its answer, or a redirect (Next's redirect()). */
  run: (input: z.output<S>, caller: C, raw: unknown) => Promise<ActionResult<T>>;
}

/** An action called with an object rather than a form. */
export interface CallSpec<C, S extends z.ZodType, R> {
  schema: S;
  run: (input: z.output<S>, caller: C) => Promise<R>;
}

/**
 * The builder of one kind of caller's actions. `caller` says who calls (the admin, the person), or throws a UserError
 * saying why they may not (nothing else runs then); `scope` names the server log lines.
 */
export function actionClient<C>(scope: string, caller: () => Promise<C>) {
  async function answer<R>(work: () => Promise<R>): Promise<R | Failure> {
    try {
      return await work();
    } catch (err) {
      return failure(err, scope);
    }
  }
  return {
    /** `(previous answer, FormData) → ActionResult`: for useFormAction (components/admin-form-action.ts). */
    form<T extends object, S extends z.ZodType>(spec: FormSpec<C, S, T>) {
      return async (_prev: ActionResult<T>, fd: FormData): Promise<ActionResult<T>> =>
        answer(async () => {
          const who = await caller();
          const raw = await spec.input(fd);
          const input = spec.schema.safeParse(raw);
          return input.success ? spec.run(input.data, who, raw) : refusal(input.error.issues);
        });
    },
    /** `(input) → R | Failure`: for a component that calls the action itself. */
    call<S extends z.ZodType, R>(spec: CallSpec<C, S, R>) {
      return async (raw: z.input<S>): Promise<R | Failure> =>
        answer(async () => {
          const who = await caller();
          const input = spec.schema.safeParse(raw);
          return input.success ? spec.run(input.data, who) : refusal(input.error.issues);
        });
    },
  };
}

/** Anyone: signing in, the first admin's setup, a guest's name (rate limited where it matters: lib/db/entry.ts). */
export const publicAction = (scope: string) => actionClient(scope, async () => undefined);

/** A signed-in admin (lib/db/admin-session.ts); anyone else is refused with AdminRequiredError's words. */
export const adminAction = actionClient<SessionAdmin>('admin', requireAdmin);

/** A person with a name (lib/db/person-session.ts); without one, refused with `signedOut`, which says what to do. */
export const personAction = (signedOut: string) =>
  actionClient<PersonInfo>('play', async () => {
    const me = await currentPerson();
    if (!me) throw new UserError(signedOut);
    return me;
  });
