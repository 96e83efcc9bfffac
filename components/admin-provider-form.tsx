// The add/edit provider form: endpoint, API key (write-only: the stored key never reaches the browser, nor a new
// address), models with a "Test connection" that lists what the endpoint serves, request limits, prices and the daily
// budget for people's games.
'use client';

import { useRouter } from 'next/navigation';
import Link from 'next/link';
import { useEffect, useEffectEvent, useRef, useState, useTransition, type RefObject } from 'react';
import { saveProviderAction, testConnectionAction } from '@/lib/actions/admin';
import type { ProviderView } from '@/lib/db/admin-providers';
import {
  checkboxClass,
  Field,
  FormError,
  FormNotice,
  inputClass,
  primaryButtonClass,
  secondaryButtonClass,
  Spinner,
  textareaClass,
} from './admin-form';
import { isInvalid, useFormAction, type ActionResult } from './admin-form-action';

type Saved = { id: string; name: string; created: boolean };

export function AdminProviderForm({ provider }: { provider: ProviderView | null }) {
  const router = useRouter();
  // The action's state lives here, outside the keyed form, so a save's answer survives the form's remount.
  const form = useFormAction(saveProviderAction, null);
  const [notice, setNotice] = useState<string | null>(null);
  const [generation, setGeneration] = useState(0);
  const editingId = provider?.id ?? null;

  // Opening a provider for editing clears the last save's message.
  useEffect(() => {
    if (editingId) setNotice(null);
  }, [editingId]);

  const onSaved = useEffectEvent((s: Saved) => {
    setNotice(s.created ? `Added “${s.name}”.` : `Saved “${s.name}”.`);
    setGeneration((g) => g + 1);
    if (!s.created) router.replace('/admin/providers', { scroll: false });
  });
  useEffect(() => {
    if (form.state?.ok) onSaved(form.state);
  }, [form.state]);

  return (
    <div className="flex flex-col gap-3">
      {notice && <FormNotice testId="provider-notice">{notice}</FormNotice>}
      <ProviderFields key={`${editingId ?? 'new'}:${generation}`} provider={provider} form={form} />
    </div>
  );
}

type FormAction = ReturnType<typeof useFormAction<ActionResult<Saved>>>;
/** Whether the last refusal was about the input named `name` (for aria-invalid). */
type Invalid = (name: string) => true | undefined;
type Provider = ProviderView | null;
type ConnectionTest = Awaited<ReturnType<typeof testConnectionAction>>;

function ProviderFields({ provider: p, form: f }: { provider: Provider; form: FormAction }) {
  const { state, action, pending, onSubmit } = f;
  // An answer from before this form was mounted (for another provider being edited) is not shown.
  const [stale] = useState(state);
  const form = useRef<HTMLFormElement>(null);

  const error = state !== stale && state && !state.ok ? state.error : null;
  const invalid: Invalid = (name) => (state !== stale ? isInvalid(state, name) : undefined);

  return (
    <form
      ref={form}
      action={action}
      onSubmit={onSubmit}
      noValidate
      aria-labelledby="provider-form-heading"
      data-testid="provider-form"
      className="flex flex-col gap-5 rounded-xl border border-zinc-200 bg-white p-4 shadow-sm sm:p-5 dark:border-zinc-800 dark:bg-zinc-900"
    >
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <h2 id="provider-form-heading" className="text-lg font-semibold">
          {p ? `Edit “${p.name}”` : 'Add a provider'}
        </h2>
        {p && (
          <Link
            href="/admin/providers"
            scroll={false}
            className="text-sm text-zinc-500 hover:text-indigo-700 dark:text-zinc-400 dark:hover:text-indigo-300"
          >
            Cancel editing
          </Link>
        )}
      </div>
      {p && <input type="hidden" name="id" value={p.id} />}

      <EndpointFields p={p} invalid={invalid} />
      <ModelsFields p={p} form={form} invalid={invalid} />
      <LimitFields p={p} invalid={invalid} />
      <PriceFields p={p} invalid={invalid} />
      <PeopleBudget p={p} invalid={invalid} />

      <FormError error={error} testId="provider-error" />
      <div className="flex flex-wrap items-center gap-3">
        <button type="submit" disabled={pending} className={primaryButtonClass} data-testid="save-provider">
          {pending && <Spinner />}
          {p ? 'Save changes' : 'Add provider'}
        </button>
      </div>
    </form>
  );
}

/** Name, base URL, the write-only API key, and whether the endpoint is simulated. */
function EndpointFields({ p, invalid }: { p: Provider; invalid: Invalid }) {
  // A stored key is only sent to the address it was saved for (lib/db/admin-providers.ts): a new address needs it typed
  // again.
  const [baseUrl, setBaseUrl] = useState(p?.baseUrl ?? '');
  const moved = !!p?.apiKeyMasked && baseUrl.trim().replace(/\/+$/, '') !== p.baseUrl.replace(/\/+$/, '');
  return (
    <fieldset className="grid gap-4 sm:grid-cols-2">
      <legend className="sr-only">Endpoint</legend>
      <Field label="Name" htmlFor="provider-name">
        <input
          id="provider-name"
          name="name"
          required
          defaultValue={p?.name ?? ''}
          placeholder="e.g. OpenAI"
          className={inputClass}
          aria-invalid={invalid('name')}
        />
      </Field>
      <Field label="Base URL" htmlFor="provider-base-url" hint="OpenAI-compatible, usually ending in /v1.">
        <input
          id="provider-base-url"
          name="baseUrl"
          type="url"
          required
          defaultValue={p?.baseUrl ?? ''}
          onChange={(e) => setBaseUrl(e.target.value)}
          placeholder="https://api.openai.com/v1"
          className={inputClass}
          aria-invalid={invalid('baseUrl')}
          aria-describedby="provider-base-url-hint"
        />
      </Field>
      <ApiKeyField p={p} moved={moved} invalid={invalid} />
      <div className="flex flex-col justify-center gap-2 pt-1 text-sm">
        <label className="flex items-start gap-2">
          <input
            type="checkbox"
            name="simulated"
            defaultChecked={p?.simulated ?? false}
            className={`${checkboxClass} mt-0.5`}
          />
          <span>
            Simulated endpoint
            <span className="block text-xs text-zinc-500 dark:text-zinc-400">
              Its agents are labelled “simulated” everywhere.
            </span>
          </span>
        </label>
        {p?.apiKeyMasked && (
          <label className="flex items-center gap-2">
            <input type="checkbox" name="clearApiKey" className={checkboxClass} />
            Remove the stored key
          </label>
        )}
      </div>
    </fieldset>
  );
}

/** The API key, write-only: the stored one is shown masked, and must be typed again for a new address (`moved`). */
function ApiKeyField({ p, moved, invalid }: { p: Provider; moved: boolean; invalid: Invalid }) {
  const [keyTyped, setKeyTyped] = useState(false);
  return (
    <Field
      label="API key"
      htmlFor="provider-api-key"
      hint={
        p?.apiKeyMasked ? (
          <>
            Stored key: <span className="font-mono">{p.apiKeyMasked}</span>. Leave blank to keep the stored key.
          </>
        ) : p ? (
          'No key stored. Leave blank if the endpoint needs none.'
        ) : (
          'Stored encrypted; never shown again. Leave blank if the endpoint needs none.'
        )
      }
    >
      <input
        id="provider-api-key"
        name="apiKey"
        type="password"
        autoComplete="new-password"
        spellCheck={false}
        placeholder={
          moved
            ? 'enter the key again for the new address'
            : p?.apiKeyMasked
              ? 'leave blank to keep the stored key'
              : 'sk-…'
        }
        onChange={(e) => setKeyTyped(e.target.value.trim() !== '')}
        className={inputClass}
        aria-invalid={invalid('apiKey') ?? (moved && !keyTyped ? true : undefined)}
        aria-describedby="provider-api-key-hint provider-key-again"
      />
      {moved && !keyTyped && (
        <p
          id="provider-key-again"
          role="status"
          data-testid="key-again"
          className="text-xs font-medium text-amber-800 dark:text-amber-300"
        >
          The base URL changed: enter the API key again (or remove the stored key). The stored key is never sent to a
          new address.
        </p>
      )}
    </Field>
  );
}

/** The models agents pick from, and "Test connection", which lists what the endpoint serves (to use instead). */
function ModelsFields({
  p,
  form,
  invalid,
}: {
  p: Provider;
  form: RefObject<HTMLFormElement | null>;
  invalid: Invalid;
}) {
  const [models, setModels] = useState(p ? p.models.join('\n') : '');
  const [test, setTest] = useState<ConnectionTest | null>(null);
  const [testing, startTest] = useTransition();

  const runTest = () => {
    const data = new FormData(form.current!);
    const baseUrl = String(data.get('baseUrl') ?? '');
    const apiKey = String(data.get('apiKey') ?? '');
    startTest(async () => {
      setTest(await testConnectionAction({ baseUrl, apiKey: apiKey || undefined, id: p?.id }));
    });
  };
  const listed = test?.ok ? test.models : null;
  const current = models.split(/[\s,]+/).filter(Boolean);
  const same = listed !== null && listed.length === current.length && listed.every((m) => current.includes(m));

  return (
    <fieldset className="flex flex-col gap-2">
      <legend className="sr-only">Models</legend>
      <Field
        label="Models"
        htmlFor="provider-models"
        hint="One per line (or separated by commas). Agents pick from these."
      >
        <textarea
          id="provider-models"
          name="models"
          rows={4}
          value={models}
          onChange={(e) => setModels(e.target.value)}
          spellCheck={false}
          placeholder={'gpt-4o-mini\ngpt-4o'}
          className={textareaClass}
          aria-invalid={invalid('models')}
          aria-describedby="provider-models-hint"
        />
      </Field>
      <div className="flex flex-wrap items-center gap-2">
        <button
          type="button"
          onClick={runTest}
          disabled={testing}
          className={secondaryButtonClass}
          data-testid="test-connection"
        >
          {testing && <Spinner />}
          Test connection
        </button>
        <span className="text-xs text-zinc-500 dark:text-zinc-400">
          Asks the base URL for its model list (GET /models)
          {p?.apiKeyMasked ? ', with the key typed above or else the stored one (only at its own address)' : ''}.
        </span>
      </div>
      <div aria-live="polite">
        {test && !testing && <TestResult test={test} same={same} onUse={(listed) => setModels(listed.join('\n'))} />}
      </div>
    </fieldset>
  );
}

/** What "Test connection" found: the models the endpoint lists (to use in the models field), or why it failed. */
function TestResult({ test, same, onUse }: { test: ConnectionTest; same: boolean; onUse: (models: string[]) => void }) {
  return (
    <div
      data-testid="test-result"
      className={`rounded-lg border px-3 py-2 text-sm ${test.ok ? 'border-emerald-200 bg-emerald-50 dark:border-emerald-900 dark:bg-emerald-950/30' : 'border-red-200 bg-red-50 text-red-800 dark:border-red-900 dark:bg-red-950/40 dark:text-red-300'}`}
    >
      {test.ok ? (
        <div className="flex flex-col gap-2">
          <p className="font-medium text-emerald-900 dark:text-emerald-200">
            Connected: the endpoint lists {test.models.length} {test.models.length === 1 ? 'model' : 'models'}.
          </p>
          {test.models.length > 0 && (
            <ul data-testid="test-models" className="flex max-h-40 flex-wrap gap-1.5 overflow-y-auto">
              {test.models.map((m) => (
                <li
                  key={m}
                  className="rounded bg-white px-1.5 py-0.5 font-mono text-xs text-zinc-700 ring-1 ring-zinc-200 dark:bg-zinc-900 dark:text-zinc-300 dark:ring-zinc-700"
                >
                  {m}
                </li>
              ))}
            </ul>
          )}
          {test.models.length > 0 && (
            <div>
              <button
                type="button"
                disabled={same}
                onClick={() => onUse(test.models)}
                className={`${secondaryButtonClass} h-8`}
              >
                {same ? 'The models field lists these' : 'Use these models'}
              </button>
            </div>
          )}
        </div>
      ) : (
        <p role="alert">Connection failed: {test.error}</p>
      )}
    </div>
  );
}

/** Requests per minute, tokens per minute, requests at once (blank: no limit). */
function LimitFields({ p, invalid }: { p: Provider; invalid: Invalid }) {
  return (
    <fieldset className="grid grid-cols-2 gap-4 sm:grid-cols-3">
      <legend className="mb-2 text-sm font-medium">
        Request limits <span className="font-normal text-zinc-500 dark:text-zinc-400">(blank = no limit)</span>
      </legend>
      {(
        [
          ['Requests / min', 'provider-rpm', 'rpm'],
          ['Tokens / min', 'provider-tpm', 'tpm'],
          ['Max concurrent', 'provider-concurrent', 'maxConcurrent'],
        ] as const
      ).map(([label, id, name]) => (
        <Field key={name} label={label} htmlFor={id}>
          <input
            id={id}
            name={name}
            type="number"
            min={1}
            step={1}
            inputMode="numeric"
            defaultValue={p?.[name] ?? ''}
            className={inputClass}
            aria-invalid={invalid(name)}
          />
        </Field>
      ))}
    </fieldset>
  );
}

/** Prices per 1,000 tokens, in and out, and per model. */
function PriceFields({ p, invalid }: { p: Provider; invalid: Invalid }) {
  return (
    <fieldset className="grid grid-cols-2 gap-4 sm:grid-cols-3">
      <legend className="mb-2 text-sm font-medium">
        Prices{' '}
        <span className="font-normal text-zinc-500 dark:text-zinc-400">
          (US dollars per 1,000 tokens; blank = free)
        </span>
      </legend>
      {(
        [
          ['Input / 1k', 'provider-price-in', 'priceInPer1k'],
          ['Output / 1k', 'provider-price-out', 'priceOutPer1k'],
        ] as const
      ).map(([label, id, name]) => (
        <Field key={name} label={label} htmlFor={id}>
          <input
            id={id}
            name={name}
            type="number"
            min={0}
            step="any"
            inputMode="decimal"
            defaultValue={p?.[name] || ''}
            placeholder="0"
            className={inputClass}
            aria-invalid={invalid(name)}
          />
        </Field>
      ))}
      <Field
        label="Per-model prices"
        htmlFor="provider-model-prices"
        hint="Optional, one model a line: name, input price, output price."
        className="col-span-2 sm:col-span-1"
      >
        <textarea
          id="provider-model-prices"
          name="modelPrices"
          rows={2}
          spellCheck={false}
          defaultValue={
            p
              ? Object.entries(p.modelPrices)
                  .map(([m, v]) => `${m} ${v.in} ${v.out}`)
                  .join('\n')
              : ''
          }
          placeholder="gpt-4o 0.0025 0.01"
          className={textareaClass}
          aria-invalid={invalid('modelPrices')}
          aria-describedby="provider-model-prices-hint"
        />
      </Field>
    </fieldset>
  );
}

/** What games with a person in a seat may spend on this provider per day. */
function PeopleBudget({ p, invalid }: { p: Provider; invalid: Invalid }) {
  return (
    <fieldset className="grid grid-cols-2 gap-4 sm:grid-cols-3">
      <legend className="mb-2 text-sm font-medium">
        People&apos;s games{' '}
        <span className="font-normal text-zinc-400">(what games with a person in a seat may spend here)</span>
      </legend>
      <Field
        label="Budget / day (USD)"
        htmlFor="provider-people-budget"
        hint="Per UTC day; blank = no cap, 0 = closed to people. Needs prices. Games already in play finish, so a day can overshoot a little."
        className="col-span-2"
      >
        <input
          id="provider-people-budget"
          name="peopleDailyBudgetUsd"
          type="number"
          min={0}
          step="any"
          inputMode="decimal"
          defaultValue={p?.peopleDailyBudgetUsd ?? ''}
          placeholder="no cap"
          className={inputClass}
          aria-invalid={invalid('peopleDailyBudgetUsd')}
          aria-describedby="provider-people-budget-hint"
        />
      </Field>
    </fieldset>
  );
}
