// The admin's upload of a GameBench-format file into a new, read-only dataset (/admin/datasets), and the delete button
// of a dataset's row. A file too large for the upload is refused before it is sent, with the CLI command to use.
'use client';

import Link from 'next/link';
import { useState } from 'react';
import { deleteDatasetAction, importDatasetAction } from '@/lib/actions/admin';
import { UPLOAD_LIMIT_BYTES } from '@/lib/datasets';
import { AdminConfirmDelete } from './admin-confirm-delete';
import { Field, FormError, FormNotice, inputClass, primaryButtonClass, Spinner } from './admin-form';
import { isInvalid, useFormAction } from './admin-form-action';

export function AdminDatasetForm() {
  const { state, action, pending, onSubmit } = useFormAction(importDatasetAction, null);
  const [tooLarge, setTooLarge] = useState<string | null>(null);
  const error = tooLarge ?? (state && !state.ok ? state.error : null);
  const imported = state?.ok ? /^Imported (\S+):/.exec(state.done)?.[1] : undefined;
  return (
    <form
      action={action}
      onSubmit={(e) => {
        const file = new FormData(e.currentTarget).get('file');
        if (file instanceof File && file.size > UPLOAD_LIMIT_BYTES) {
          e.preventDefault();
          setTooLarge(
            `the file is ${(file.size / 1024 / 1024).toFixed(1)} MB; the upload takes up to 900 kB: import it with npm run arena -- import gamebench FILE --dataset NAME`,
          );
          return;
        }
        setTooLarge(null);
        onSubmit(e);
      }}
      data-testid="dataset-form"
      aria-labelledby="dataset-upload-heading"
      className="flex flex-col gap-4 rounded-xl border border-zinc-200 bg-white p-4 shadow-sm sm:p-5 dark:border-zinc-800 dark:bg-zinc-900"
    >
      <h2 id="dataset-upload-heading" className="text-lg font-semibold">
        Import results
      </h2>
      <div className="grid gap-3 sm:grid-cols-2">
        <Field
          label="Dataset name"
          htmlFor="dataset-name"
          hint="Letters, digits, dots, dashes, underscores. Taken once: datasets are read-only."
        >
          <input
            id="dataset-name"
            name="name"
            required
            maxLength={64}
            placeholder="gamebench-2024"
            aria-invalid={isInvalid(state, 'name')}
            className={inputClass}
          />
        </Field>
        <Field
          label="File"
          htmlFor="dataset-file"
          hint='GameBench’s format: a JSON array of { "game": id, "<agent>": score, … } (up to 900 kB here).'
        >
          <input
            id="dataset-file"
            name="file"
            type="file"
            required
            accept="application/json,.json"
            aria-invalid={tooLarge || isInvalid(state, 'file') ? true : undefined}
            className={`${inputClass} py-1 file:mr-2 file:rounded file:border-0 file:bg-zinc-100 file:px-2 file:text-xs dark:file:bg-zinc-800 dark:file:text-zinc-200`}
          />
        </Field>
      </div>
      <FormError error={error} testId="dataset-error" />
      {state?.ok && (
        <FormNotice testId="dataset-notice">
          {state.done}{' '}
          {imported && (
            <>
              <Link href={`/leaderboard?dataset=${encodeURIComponent(imported)}`} className="font-medium underline">
                Leaderboard
              </Link>{' '}
              ·{' '}
              <Link
                href={`/leaderboard/gamebench?dataset=${encodeURIComponent(imported)}`}
                className="font-medium underline"
              >
                GameBench’s tables
              </Link>
            </>
          )}
        </FormNotice>
      )}
      <div>
        <button type="submit" disabled={pending} className={primaryButtonClass} data-testid="import-dataset">
          {pending && <Spinner />}
          Import
        </button>
      </div>
    </form>
  );
}

export function AdminDatasetDelete({ name }: { name: string }) {
  return <AdminConfirmDelete action={deleteDatasetAction} fields={{ name }} label={`dataset ${name}`} />;
}
