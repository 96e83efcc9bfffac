// Who is playing: a guest name (kept in this browser's cookie), or an account (name + password) to sign in anywhere;
// keeping a guest name with a password, and signing out (a guest is warned first that the name is lost for good).
'use client';

import { useEffect, useRef, useState } from 'react';
import {
  accountAction,
  guestAction,
  keepNameAction,
  keepNameAndSignOutAction,
  signOutAction,
} from '@/lib/actions/play';
import {
  dangerButtonClass,
  Field,
  FormError,
  FormNotice,
  inputClass,
  primaryButtonClass,
  secondaryButtonClass,
  Spinner,
} from './admin-form';
import { useFormAction } from './admin-form-action';

/** Announced on this page when a guest has set a password: from then on signing out loses nothing. */
const NAME_KEPT = 'arena:name-kept';

export function PlayIdentity() {
  const guest = useFormAction(guestAction, null);
  const account = useFormAction(accountAction, null);
  const guestError = guest.state && !guest.state.ok ? guest.state.error : null;
  const accountError = account.state && !account.state.ok ? account.state.error : null;
  return (
    <div className="grid gap-4 md:grid-cols-2">
      <form action={guest.action} onSubmit={guest.onSubmit} aria-label="Play as a guest" className={card}>
        <h2 className="font-semibold">Play as a guest</h2>
        <p className="text-sm text-zinc-600 dark:text-zinc-400">
          Pick a name. This browser remembers it; set a password later to keep it.
        </p>
        <Field label="Your name" htmlFor="guest-name" hint="2–32 characters: letters, digits, spaces, . _ ' -">
          <input
            id="guest-name"
            name="name"
            required
            minLength={2}
            maxLength={32}
            autoComplete="nickname"
            className={inputClass}
            aria-invalid={!!guestError}
          />
        </Field>
        <FormError error={guestError} testId="guest-error" />
        <button type="submit" disabled={guest.pending} className={primaryButtonClass}>
          {guest.pending && <Spinner />}
          Play as guest
        </button>
      </form>
      <form action={account.action} onSubmit={account.onSubmit} aria-label="Your account" className={card}>
        <h2 className="font-semibold">Your account</h2>
        <p className="text-sm text-zinc-600 dark:text-zinc-400">
          A name with a password: your games and rating follow you to any browser.
        </p>
        <Field label="Name" htmlFor="account-name">
          <input
            id="account-name"
            name="name"
            required
            autoComplete="username"
            className={inputClass}
            aria-invalid={!!accountError}
          />
        </Field>
        <Field label="Password" htmlFor="account-password" hint="At least 8 characters.">
          <input
            id="account-password"
            name="password"
            type="password"
            required
            autoComplete="current-password"
            className={inputClass}
            aria-invalid={!!accountError}
          />
        </Field>
        <FormError error={accountError} testId="account-error" />
        <div className="flex flex-wrap gap-2">
          <button type="submit" name="mode" value="signin" disabled={account.pending} className={primaryButtonClass}>
            {account.pending && <Spinner />}
            Sign in
          </button>
          <button type="submit" name="mode" value="create" disabled={account.pending} className={secondaryButtonClass}>
            Create account
          </button>
        </div>
      </form>
    </div>
  );
}

/** For a guest: set a password to keep the name (and its rating) beyond this browser. */
export function KeepName() {
  const keep = useFormAction(keepNameAction, null);
  const error = keep.state && !keep.state.ok ? keep.state.error : null;
  useEffect(() => {
    if (keep.state?.ok) window.dispatchEvent(new Event(NAME_KEPT));
  }, [keep.state]);
  if (keep.state?.ok)
    return (
      <FormNotice testId="keep-name-done">Saved: sign in with your name and this password from any browser.</FormNotice>
    );
  return (
    <details className="text-sm">
      <summary className="cursor-pointer text-indigo-700 hover:underline dark:text-indigo-300">
        Keep this name: set a password
      </summary>
      <form
        action={keep.action}
        onSubmit={keep.onSubmit}
        aria-label="Set a password"
        className="mt-3 flex max-w-sm flex-col gap-3"
      >
        <Field label="New password" htmlFor="keep-password" hint="At least 8 characters.">
          <input
            id="keep-password"
            name="password"
            type="password"
            required
            minLength={8}
            autoComplete="new-password"
            className={inputClass}
          />
        </Field>
        <FormError error={error} testId="keep-name-error" />
        <button type="submit" disabled={keep.pending} className={secondaryButtonClass}>
          {keep.pending && <Spinner />}
          Set password
        </button>
      </form>
    </details>
  );
}

const signOutClass =
  'text-sm text-zinc-600 underline-offset-2 hover:underline focus-visible:outline-2 focus-visible:outline-indigo-500 dark:text-zinc-400';

/**
 * Sign out. An account just signs out. A guest's name lives only in this browser's cookie (there is no password to
 * sign back in with), so a guest is asked first, in a dialog that says the name will be lost for good and offers to
 * set a password right there (the guest becomes an account, then signs out). Keyboard: Enter opens it, focus starts
 * in the password field, Escape (or "Stay signed in") closes it.
 */
export function SignOut({ guest, name }: { guest: boolean; name: string }) {
  const [kept, setKept] = useState(false);
  const dialog = useRef<HTMLDialogElement>(null);
  const password = useRef<HTMLInputElement>(null);
  const keep = useFormAction(keepNameAndSignOutAction, null);
  const error = keep.state && !keep.state.ok ? keep.state.error : null;
  useEffect(() => {
    const onKept = () => setKept(true);
    window.addEventListener(NAME_KEPT, onKept);
    return () => window.removeEventListener(NAME_KEPT, onKept);
  }, []);

  if (!guest || kept) {
    return (
      <form action={signOutAction}>
        <button type="submit" className={signOutClass}>
          Sign out
        </button>
      </form>
    );
  }
  return (
    <>
      <button
        type="button"
        aria-haspopup="dialog"
        onClick={() => {
          dialog.current?.showModal();
          password.current?.focus();
        }}
        className={signOutClass}
      >
        Sign out
      </button>
      <dialog
        ref={dialog}
        aria-labelledby="sign-out-title"
        aria-describedby="sign-out-warning"
        data-testid="sign-out-dialog"
        className="m-auto w-[calc(100%-2rem)] max-w-md rounded-2xl border border-zinc-200 bg-white p-5 text-zinc-900 shadow-xl backdrop:bg-zinc-950/50 dark:border-zinc-800 dark:bg-zinc-900 dark:text-zinc-100"
      >
        <h2 id="sign-out-title" className="text-lg font-semibold">
          Sign out and lose the name “{name}”?
        </h2>
        <p id="sign-out-warning" className="mt-2 text-sm text-zinc-600 dark:text-zinc-300">
          “{name}” is a guest name: it lives only in this browser, with no password. Once you sign out, nobody can sign
          in as “{name}” again — you neither — and its games and rating stay on the leaderboard under a name no one can
          use. Set a password to keep it: then sign in with your name and password from any browser.
        </p>
        <form
          action={keep.action}
          onSubmit={keep.onSubmit}
          noValidate
          aria-label="Keep my name"
          className="mt-4 flex flex-col gap-3"
        >
          <Field label="Password to keep the name" htmlFor="sign-out-password" hint="At least 8 characters.">
            <input
              id="sign-out-password"
              name="password"
              type="password"
              required
              minLength={8}
              autoComplete="new-password"
              ref={password}
              className={inputClass}
              aria-invalid={!!error}
              aria-describedby="sign-out-password-hint"
            />
          </Field>
          <FormError error={error} testId="sign-out-keep-error" />
          <button type="submit" disabled={keep.pending} className={primaryButtonClass}>
            {keep.pending && <Spinner />}
            Keep my name and sign out
          </button>
        </form>
        <div className="mt-4 flex flex-wrap justify-end gap-2 border-t border-zinc-200 pt-4 dark:border-zinc-800">
          <button type="button" onClick={() => dialog.current?.close()} className={secondaryButtonClass}>
            Stay signed in
          </button>
          <form action={signOutAction}>
            <button type="submit" className={dangerButtonClass}>
              Sign out and lose the name
            </button>
          </form>
        </div>
      </dialog>
    </>
  );
}

const card =
  'flex flex-col gap-3 rounded-2xl border border-zinc-200 bg-white p-5 shadow-sm dark:border-zinc-800 dark:bg-zinc-900';
