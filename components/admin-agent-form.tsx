// The add/edit agent form: an LLM (provider, model, sampling, scaffold, prompt version, open to people or not) or a
// built-in kind (random, engine with its depth). Saving a change to how an agent plays after it has played makes a new version.
'use client';

import Link from 'next/link';
import { useRouter } from 'next/navigation';
import { useEffect, useEffectEvent, useId, useState, type ReactNode } from 'react';
import { saveAgentAction, type SavedAgent } from '@/lib/actions/admin';
import type { AgentAdminView } from '@/lib/db/admin-agents';
import { PROMPT_VERSION, SCAFFOLD_IDS, SCAFFOLDS } from '@/lib/agents/scaffolds';
import {
  checkboxClass,
  Field,
  FormError,
  FormNotice,
  inputClass,
  labelClass,
  primaryButtonClass,
  Spinner,
} from './admin-form';
import { isInvalid, useFormAction, type ActionResult } from './admin-form-action';

/** What the form needs to know about a provider (never its key). */
export interface ProviderChoice {
  id: string;
  name: string;
  models: string[];
  simulated: boolean;
}

const KINDS = [
  { id: 'llm', label: 'LLM', help: 'A model behind a provider, with a scaffold.' },
  { id: 'random', label: 'Random', help: 'Plays a uniformly random legal move (a baseline).' },
  { id: 'engine', label: 'Engine', help: 'A search engine (a strong baseline).' },
] as const;
type Kind = (typeof KINDS)[number]['id'];

/** An ablation switch a game offers (SpyGame: without word guessing / reasoning). */
export interface SwitchChoice {
  id: string;
  label: string;
  help: string;
}

export function AdminAgentForm({
  agent,
  providers,
  switches = [],
}: {
  agent: AgentAdminView | null;
  providers: ProviderChoice[];
  switches?: SwitchChoice[];
}) {
  const router = useRouter();
  // The action's state lives here, outside the keyed form: the save's answer and the re-rendered page (where the
  // edited agent may now be retired) arrive together, and the form below is remounted for them.
  const form = useFormAction(saveAgentAction, null);
  const [notice, setNotice] = useState<SavedAgent | null>(null);
  const [generation, setGeneration] = useState(0);
  const editingId = agent?.id ?? null;

  // Opening an agent for editing clears the last save's message.
  useEffect(() => {
    if (editingId) setNotice(null);
  }, [editingId]);

  const onSaved = useEffectEvent((s: SavedAgent) => {
    setNotice(s);
    setGeneration((g) => g + 1);
    // After an edit, leave ?edit=… (the edited row may even be retired now): the form goes back to adding.
    if (!s.created) router.replace('/admin/agents', { scroll: false });
  });
  useEffect(() => {
    if (form.state?.ok) onSaved(form.state);
  }, [form.state]);

  return (
    <div className="flex flex-col gap-3">
      {notice && (
        <FormNotice testId="agent-notice">
          {notice.newVersion ? (
            <>
              Saved as version {notice.version} (a new agent, so ratings never mix versions):{' '}
              <Link href={`/agents/${notice.id}`} className="font-medium underline underline-offset-2">
                {notice.name}
              </Link>
              . The previous version is kept with its matches and ratings.
            </>
          ) : (
            <>
              {notice.created ? 'Added' : 'Saved'}{' '}
              <Link href={`/agents/${notice.id}`} className="font-medium underline underline-offset-2">
                {notice.name}
              </Link>
              .
            </>
          )}
        </FormNotice>
      )}
      {notice?.warning && (
        <p
          role="alert"
          data-testid="agent-model-warning"
          className="rounded-lg border border-amber-300 bg-amber-50 px-3 py-2 text-sm text-amber-900 dark:border-amber-800 dark:bg-amber-950/40 dark:text-amber-200"
        >
          <strong className="font-semibold">Check the model:</strong> {notice.warning}
        </p>
      )}
      <AgentFields
        key={`${editingId ?? 'new'}:${generation}`}
        agent={agent}
        providers={providers}
        switches={switches}
        form={form}
      />
    </div>
  );
}

type FormAction = ReturnType<typeof useFormAction<ActionResult<SavedAgent>>>;
/** Whether the last refusal was about the input named `name` (for aria-invalid). */
type Invalid = (name: string) => true | undefined;
type Agent = AgentAdminView | null;

function AgentFields({
  agent: a,
  providers,
  switches,
  form,
}: {
  agent: Agent;
  providers: ProviderChoice[];
  switches: SwitchChoice[];
  form: FormAction;
}) {
  const { state, action, pending, onSubmit } = form;
  // An answer from before this form was mounted (for another agent being edited) is not shown.
  const [stale] = useState(state);
  const [kind, setKind] = useState<Kind>((a?.kind as Kind) ?? 'llm');
  const [scaffold, setScaffold] = useState(a?.scaffold ?? 'base');
  const [providerId, setProviderId] = useState(a?.providerId ?? providers[0]?.id ?? '');
  const datalist = useId();

  const error = state !== stale && state && !state.ok ? state.error : null;
  const invalid: Invalid = (name) => (state !== stale ? isInvalid(state, name) : undefined);

  return (
    <form
      action={action}
      onSubmit={onSubmit}
      noValidate
      aria-labelledby="agent-form-heading"
      data-testid="agent-form"
      className="flex flex-col gap-5 rounded-xl border border-zinc-200 bg-white p-4 shadow-sm sm:p-5 dark:border-zinc-800 dark:bg-zinc-900"
    >
      <Heading a={a} />
      <Identity a={a} kind={kind} setKind={setKind} invalid={invalid} />

      {kind === 'llm' && (
        <fieldset className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
          <legend className="sr-only">Model</legend>
          <ProviderAndModel
            a={a}
            providers={providers}
            providerId={providerId}
            setProviderId={setProviderId}
            datalist={datalist}
            invalid={invalid}
          />
          <ScaffoldField a={a} setScaffold={setScaffold} invalid={invalid} />
          {scaffold === 'rap' && <RapSettings a={a} invalid={invalid} />}
          <SamplingFields a={a} invalid={invalid} />
          <PromptOptions a={a} invalid={invalid} />
          <CheckRow
            id="agent-playable"
            name="playable"
            defaultChecked={a?.playable ?? false}
            testId="agent-playable-checkbox"
            label="Open to people"
            // A hint, not part of the name: a label that said "provider" would answer to the Provider field's name too.
            hint={
              <>
                People may pick it as an opponent on the Play page. Their games spend this provider&apos;s money: set a
                daily budget for people&apos;s games on the provider.
              </>
            }
          />
          {switches.length > 0 && <AblationSwitches a={a} switches={switches} />}
        </fieldset>
      )}

      {kind === 'engine' && <EngineSettings a={a} invalid={invalid} />}

      <FormError error={error} testId="agent-error" />
      <div>
        <button type="submit" disabled={pending} className={primaryButtonClass} data-testid="save-agent">
          {pending && <Spinner />}
          {a ? 'Save changes' : 'Add agent'}
        </button>
      </div>
    </form>
  );
}

/** The form's title, the way back from editing, and what saving an agent that has played does. */
function Heading({ a }: { a: Agent }) {
  return (
    <>
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <h2 id="agent-form-heading" className="text-lg font-semibold">
          {a ? `Edit “${a.name}”` : 'Add an agent'}
        </h2>
        {a && (
          <Link
            href="/admin/agents"
            scroll={false}
            className="text-sm text-zinc-500 hover:text-indigo-700 dark:text-zinc-400 dark:hover:text-indigo-300"
          >
            Cancel editing
          </Link>
        )}
      </div>
      {a && <input type="hidden" name="id" value={a.id} />}
      {a && a.matches > 0 && (
        <p className="rounded-lg bg-zinc-50 px-3 py-2 text-sm text-zinc-600 dark:bg-zinc-800/60 dark:text-zinc-300">
          This agent has {a.matches} {a.matches === 1 ? 'match' : 'matches'}. Renaming it keeps it; changing the
          provider, model, sampling, scaffold, prompt version, ablations, vision or depth saves a new version, so
          ratings never mix versions.
        </p>
      )}
    </>
  );
}

/** The agent's name and kind (LLM, Random, Engine). */
function Identity({
  a,
  kind,
  setKind,
  invalid,
}: {
  a: Agent;
  kind: Kind;
  setKind: (k: Kind) => void;
  invalid: Invalid;
}) {
  return (
    <div className="grid gap-4 sm:grid-cols-2">
      <Field label="Name" htmlFor="agent-name">
        <input
          id="agent-name"
          name="name"
          required
          defaultValue={a?.name ?? ''}
          placeholder="e.g. gpt-4o · cot"
          className={inputClass}
          aria-invalid={invalid('name')}
        />
      </Field>
      <fieldset className="flex min-w-0 flex-col gap-1">
        <legend className={`${labelClass} mb-1`}>Kind</legend>
        <div className="inline-flex w-fit rounded-lg border border-zinc-300 bg-zinc-50 p-0.5 dark:border-zinc-700 dark:bg-zinc-950">
          {KINDS.map((k) => (
            <label key={k.id} className="relative" title={k.help}>
              <input
                type="radio"
                name="kind"
                value={k.id}
                checked={kind === k.id}
                onChange={() => setKind(k.id)}
                className="peer absolute inset-0 h-full w-full cursor-pointer appearance-none rounded-md focus-visible:outline-2 focus-visible:outline-offset-1 focus-visible:outline-indigo-500"
              />
              <span className="pointer-events-none block whitespace-nowrap rounded-md px-3 py-1 text-sm text-zinc-600 transition-colors peer-checked:bg-indigo-600 peer-checked:font-medium peer-checked:text-white peer-checked:shadow-sm peer-hover:text-zinc-900 peer-checked:peer-hover:text-white dark:text-zinc-300 dark:peer-hover:text-white">
                {k.label}
              </span>
            </label>
          ))}
        </div>
        <p className="text-xs text-zinc-500 dark:text-zinc-400">{KINDS.find((k) => k.id === kind)?.help}</p>
      </fieldset>
    </div>
  );
}

/** An LLM agent's provider, and its model (suggested from the models the provider lists). */
function ProviderAndModel({
  a,
  providers,
  providerId,
  setProviderId,
  datalist,
  invalid,
}: {
  a: Agent;
  providers: ProviderChoice[];
  providerId: string;
  setProviderId: (id: string) => void;
  datalist: string;
  invalid: Invalid;
}) {
  const provider = providers.find((p) => p.id === providerId);
  return (
    <>
      <Field
        label="Provider"
        htmlFor="agent-provider"
        hint={
          providers.length === 0 ? (
            <>
              No provider yet:{' '}
              <Link href="/admin/providers" className="text-indigo-700 underline dark:text-indigo-300">
                add one first
              </Link>
              .
            </>
          ) : provider?.simulated ? (
            'A simulated endpoint: this agent will be labelled simulated.'
          ) : undefined
        }
      >
        <select
          id="agent-provider"
          name="providerId"
          value={providerId}
          onChange={(e) => setProviderId(e.target.value)}
          className={inputClass}
          aria-invalid={invalid('providerId')}
        >
          {providers.length === 0 && <option value="">No providers</option>}
          {providers.map((p) => (
            <option key={p.id} value={p.id}>
              {p.name}
              {p.simulated ? ' (simulated)' : ''}
            </option>
          ))}
        </select>
      </Field>
      <Field
        label="Model"
        htmlFor="agent-model"
        hint={
          provider && provider.models.length > 0
            ? `Suggestions: the ${provider.models.length} models this provider lists.`
            : 'Type the model id the endpoint expects.'
        }
      >
        <input
          id="agent-model"
          name="model"
          required
          list={datalist}
          defaultValue={a?.model ?? ''}
          autoComplete="off"
          spellCheck={false}
          placeholder={provider?.models[0] ?? 'model id'}
          className={`${inputClass} font-mono`}
          aria-invalid={invalid('model')}
          aria-describedby="agent-model-hint"
        />
        <datalist id={datalist}>
          {provider?.models.map((m) => (
            <option key={m} value={m} />
          ))}
        </datalist>
      </Field>
    </>
  );
}

/** How the agent plays: base, chain of thought, or GameBench's RAP search (lib/agents/scaffolds.ts). */
function ScaffoldField({ a, setScaffold, invalid }: { a: Agent; setScaffold: (s: string) => void; invalid: Invalid }) {
  return (
    <Field label="Scaffold" htmlFor="agent-scaffold">
      <select
        id="agent-scaffold"
        name="scaffold"
        defaultValue={a?.scaffold ?? 'base'}
        onChange={(e) => setScaffold(e.target.value)}
        className={inputClass}
        aria-invalid={invalid('scaffold')}
      >
        {SCAFFOLD_IDS.map((s) => (
          <option key={s} value={s}>
            {s} — {SCAFFOLDS[s].label}
          </option>
        ))}
      </select>
    </Field>
  );
}

/** The RAP scaffold's search: depth, iterations, candidates per node (blank: GameBench's). */
function RapSettings({ a, invalid }: { a: Agent; invalid: Invalid }) {
  return (
    <fieldset
      className="grid gap-3 rounded-lg border border-zinc-200 p-3 sm:col-span-2 sm:grid-cols-3 lg:col-span-3 dark:border-zinc-700"
      data-testid="rap-settings"
    >
      <legend className="px-1 text-xs font-medium text-zinc-500 dark:text-zinc-400">
        RAP search (blank = GameBench’s: depth 2, 10 iterations; the arena keeps the 4 most intuitive actions per node).
        Each move costs roughly iterations × depth × (candidates + 4) model calls.
      </legend>
      {(
        [
          ['rapDepth', 'Depth', 'depth', '1 to 4', 2],
          ['rapIterations', 'Iterations', 'iterations', '1 to 50', 10],
          ['rapCandidates', 'Candidates per node', 'candidates', '2 to 10', 4],
        ] as const
      ).map(([name, label, key, range, fallback]) => (
        <Field key={name} label={label} htmlFor={`agent-${name}`} hint={`${range}; default ${fallback}.`}>
          <input
            id={`agent-${name}`}
            name={name}
            inputMode="numeric"
            defaultValue={a?.rap?.[key] ?? ''}
            placeholder={String(fallback)}
            className={inputClass}
            aria-invalid={invalid(name)}
          />
        </Field>
      ))}
    </fieldset>
  );
}

/** Sampling (temperature, max tokens) and the prompt version. */
function SamplingFields({ a, invalid }: { a: Agent; invalid: Invalid }) {
  return (
    <>
      <Field label="Temperature" htmlFor="agent-temperature" hint="0 to 2; blank = the endpoint’s default.">
        <input
          id="agent-temperature"
          name="temperature"
          type="number"
          min={0}
          max={2}
          step="any"
          inputMode="decimal"
          defaultValue={a?.temperature ?? ''}
          placeholder="default"
          className={inputClass}
          aria-invalid={invalid('temperature')}
          aria-describedby="agent-temperature-hint"
        />
      </Field>
      <Field label="Max tokens" htmlFor="agent-max-tokens" hint="Per reply; blank = the endpoint’s default.">
        <input
          id="agent-max-tokens"
          name="maxTokens"
          type="number"
          min={1}
          step={1}
          inputMode="numeric"
          defaultValue={a?.maxTokens ?? ''}
          placeholder="default"
          className={inputClass}
          aria-invalid={invalid('maxTokens')}
          aria-describedby="agent-max-tokens-hint"
        />
      </Field>
      <Field label="Prompt version" htmlFor="agent-prompt-version" hint={`The current prompts are ${PROMPT_VERSION}.`}>
        <input
          id="agent-prompt-version"
          name="promptVersion"
          defaultValue={a?.promptVersion ?? PROMPT_VERSION}
          spellCheck={false}
          className={`${inputClass} font-mono`}
          aria-invalid={invalid('promptVersion')}
          aria-describedby="agent-prompt-version-hint"
        />
      </Field>
    </>
  );
}

/** What each turn's prompt carries besides the text: the board as an image, every rules topic up front. */
function PromptOptions({ a, invalid }: { a: Agent; invalid: Invalid }) {
  return (
    <>
      <CheckRow
        id="agent-vision"
        name="vision"
        defaultChecked={a?.vision ?? false}
        invalid={invalid('vision')}
        testId="agent-vision-checkbox"
        label="Send the board as an image (vision)"
        hint={
          <>
            Each turn also carries a picture of the board (a PNG drawn on the server), as GameBench gave Hive to models.
            Only games that draw their board send one; in the others this agent reads the text alone. The model must
            accept images.
          </>
        }
      />
      <CheckRow
        id="agent-rules-upfront"
        name="rulesUpfront"
        defaultChecked={a?.rulesUpfront ?? false}
        invalid={invalid('rulesUpfront')}
        label="Full rules up front (no Explain)"
        hint={
          <>
            By default (prompt version v2) the model sees each game’s rules summary and the names of its rules topics,
            and reads a topic by answering Explain(&lt;topic&gt;), as in GameBench. Checked, every topic’s text is in
            the prompt instead, to measure what withholding changes. Prompt version v1 agents play without topics, as
            they did.
          </>
        }
      />
    </>
  );
}

/** A checkbox across the model settings' width, its label, and a hint under the label. */
function CheckRow({
  id,
  name,
  defaultChecked,
  invalid,
  testId,
  label,
  hint,
}: {
  id: string;
  name: string;
  defaultChecked: boolean;
  invalid?: true;
  testId?: string;
  label: string;
  hint: ReactNode;
}) {
  return (
    <div className="flex items-start gap-2 text-sm sm:col-span-2 lg:col-span-3">
      <input
        id={id}
        type="checkbox"
        name={name}
        defaultChecked={defaultChecked}
        className={`${checkboxClass} mt-0.5`}
        aria-describedby={`${id}-hint`}
        aria-invalid={invalid}
        data-testid={testId}
      />
      <div>
        <label htmlFor={id}>{label}</label>
        <p id={`${id}-hint`} className="text-xs text-zinc-500 dark:text-zinc-400">
          {hint}
        </p>
      </div>
    </div>
  );
}

/** The ablation switches the games offer (parts left out of the prompt). */
function AblationSwitches({ a, switches }: { a: Agent; switches: SwitchChoice[] }) {
  return (
    <fieldset className="flex flex-col gap-1.5 sm:col-span-2">
      <legend className="text-sm font-medium">Ablations (optional)</legend>
      <p className="text-xs text-zinc-500 dark:text-zinc-400">
        Leave parts out of the prompt, as in the papers&apos; ablation studies. Only the named game reads each one.
      </p>
      {switches.map((sw) => (
        <label key={sw.id} className="flex items-start gap-2 text-sm">
          <input
            type="checkbox"
            name="promptSwitches"
            value={sw.id}
            defaultChecked={a?.promptSwitches.includes(sw.id) ?? false}
            className="mt-1"
          />
          <span>
            {sw.label}
            <span className="block text-xs text-zinc-500 dark:text-zinc-400">{sw.help}</span>
          </span>
        </label>
      ))}
    </fieldset>
  );
}

/** The engine's search depth. */
function EngineSettings({ a, invalid }: { a: Agent; invalid: Invalid }) {
  return (
    <div className="grid gap-4 sm:grid-cols-3">
      <Field label="Depth" htmlFor="agent-depth" hint="Search depth in plies, 1 to 12.">
        <input
          id="agent-depth"
          name="depth"
          type="number"
          min={1}
          max={12}
          step={1}
          inputMode="numeric"
          defaultValue={a?.depth ?? 4}
          className={inputClass}
          aria-invalid={invalid('depth')}
          aria-describedby="agent-depth-hint"
        />
      </Field>
    </div>
  );
}
