// Submits a <form> to a server action through useActionState without React's automatic form reset, so a refused
// form keeps what the admin typed; the action prop keeps the form working before hydration.
'use client';

import { startTransition, useActionState, type FormEvent } from 'react';

/**
 * What every admin server action answers (for useActionState). A refusal names every problem in `error`; `field` is the
 * first input it is about and `fields` all of them (forms mark them invalid).
 */
export type ActionResult<T extends object = object> = ({ ok: true } & T) | { ok: false; error: string; field?: string; fields?: string[] } | null;

/** Whether a refusal is about the input named `name` (for aria-invalid). */
export function isInvalid(state: ActionResult<object>, name: string): true | undefined {
  if (!state || state.ok) return undefined;
  return state.field === name || state.fields?.includes(name) ? true : undefined;
}

/** Use both returned handlers: `<form action={action} onSubmit={onSubmit}>`. */
export function useFormAction<S>(fn: (prev: Awaited<S>, data: FormData) => Promise<S>, initial: Awaited<S>) {
  const [state, action, pending] = useActionState<S, FormData>(fn, initial);
  const onSubmit = (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    const submitter = (e.nativeEvent as SubmitEvent).submitter;
    const data = new FormData(e.currentTarget, submitter);
    startTransition(() => action(data));
  };
  return { state, action, pending, onSubmit };
}
