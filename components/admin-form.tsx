// Form pieces shared by the admin forms (server or client components): input and button styles, labelled fields,
// the inline error and notice boxes. The submit hook is in admin-form-action.ts.
import type { ReactNode } from 'react';

export const inputClass =
  'h-9 w-full min-w-0 rounded-lg border border-zinc-300 bg-white px-2.5 text-sm shadow-sm placeholder:text-zinc-400 focus-visible:outline-2 focus-visible:outline-offset-1 focus-visible:outline-indigo-500 disabled:opacity-60 aria-[invalid=true]:border-red-500 dark:border-zinc-700 dark:bg-zinc-950 dark:placeholder:text-zinc-600';

export const textareaClass =
  'w-full min-w-0 rounded-lg border border-zinc-300 bg-white px-2.5 py-2 font-mono text-xs shadow-sm placeholder:text-zinc-400 focus-visible:outline-2 focus-visible:outline-offset-1 focus-visible:outline-indigo-500 aria-[invalid=true]:border-red-500 dark:border-zinc-700 dark:bg-zinc-950 dark:placeholder:text-zinc-600';

export const checkboxClass =
  'h-4 w-4 shrink-0 rounded border-zinc-300 accent-indigo-600 focus-visible:outline-2 focus-visible:outline-offset-1 focus-visible:outline-indigo-500 dark:border-zinc-600';

export const primaryButtonClass =
  'inline-flex h-9 items-center justify-center gap-2 rounded-lg bg-indigo-600 px-4 text-sm font-medium text-white shadow-sm hover:bg-indigo-500 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-indigo-500 disabled:cursor-not-allowed disabled:opacity-60';

export const secondaryButtonClass =
  'inline-flex h-9 items-center justify-center gap-2 rounded-lg border border-zinc-300 bg-white px-3 text-sm font-medium text-zinc-700 shadow-sm hover:border-indigo-300 hover:text-indigo-700 focus-visible:outline-2 focus-visible:outline-offset-1 focus-visible:outline-indigo-500 disabled:cursor-not-allowed disabled:opacity-60 dark:border-zinc-700 dark:bg-zinc-900 dark:text-zinc-200 dark:hover:text-indigo-300';

export const dangerButtonClass =
  'inline-flex h-9 items-center justify-center gap-2 rounded-lg border border-red-300 bg-white px-3 text-sm font-medium text-red-700 shadow-sm hover:bg-red-50 focus-visible:outline-2 focus-visible:outline-offset-1 focus-visible:outline-red-500 disabled:cursor-not-allowed disabled:opacity-60 dark:border-red-800 dark:bg-zinc-900 dark:text-red-300 dark:hover:bg-red-950/40';

export const labelClass = 'text-xs font-medium uppercase tracking-wide text-zinc-500 dark:text-zinc-400';

/** A label above its control, with an optional hint below. `htmlFor` must match the control's id. */
export function Field({
  label,
  htmlFor,
  hint,
  children,
  className = '',
}: {
  label: string;
  htmlFor: string;
  hint?: ReactNode;
  children: ReactNode;
  className?: string;
}) {
  return (
    <div className={`flex min-w-0 flex-col gap-1 ${className}`}>
      <label htmlFor={htmlFor} className={labelClass}>
        {label}
      </label>
      {children}
      {hint && (
        <p id={`${htmlFor}-hint`} className="text-xs text-zinc-500 dark:text-zinc-400">
          {hint}
        </p>
      )}
    </div>
  );
}

/** The refusal of the last submit, in words; an empty live region otherwise, so screen readers hear the next one. */
export function FormError({ error, testId = 'form-error' }: { error: string | null | undefined; testId?: string }) {
  return (
    <div aria-live="assertive">
      {error && (
        <p
          role="alert"
          data-testid={testId}
          className="rounded-lg border border-red-200 bg-red-50 px-3 py-2 text-sm text-red-800 dark:border-red-900 dark:bg-red-950/40 dark:text-red-300"
        >
          {error}
        </p>
      )}
    </div>
  );
}

/** A success message after a save. */
export function FormNotice({ children, testId = 'form-notice' }: { children: ReactNode; testId?: string }) {
  return (
    <p
      role="status"
      data-testid={testId}
      className="rounded-lg border border-emerald-200 bg-emerald-50 px-3 py-2 text-sm text-emerald-900 dark:border-emerald-900 dark:bg-emerald-950/40 dark:text-emerald-200"
    >
      {children}
    </p>
  );
}

/** A small spinner for buttons while their action runs. */
export function Spinner() {
  return (
    <span
      className="h-3.5 w-3.5 animate-spin rounded-full border-2 border-current border-t-transparent"
      aria-hidden="true"
    />
  );
}
