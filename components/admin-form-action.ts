// Submits a <form> to a server action through useActionState without React's automatic form reset, so a refused
// form keeps what the admin typed; the action prop keeps the form working before hydration.
'use client';

import { startTransition, useActionState, type FormEvent } from 'react';
import type { ActionResult } from '@/lib/actions/define';

/** What every form's server action answers (lib/actions/define.ts). */
export type { ActionResult };

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
