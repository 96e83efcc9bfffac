// The new-SimulBench-evaluation form: the targets, the user agent, the simulator and the judge (LLM agents), the tasks
// (shipped ones ticked, or a file in SimulBench's own format), dialogues, turns, pairwise, budget and seed. The server
// action turns it into a spec, validates it and schedules it; refusals appear next to the button.
'use client';

import { useState, type Dispatch, type SetStateAction } from 'react';
import { createSimulbenchAction, importScriptSetAction } from '@/lib/actions/admin';
import { UPLOAD_LIMIT_BYTES } from '@/lib/datasets';
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
import { isInvalid, useFormAction } from './admin-form-action';
import type { AgentChoice } from './admin-tournament-form';
import { SimulatedBadge } from './simulated-badge';

export interface TaskChoice {
  id: string;
  name: string;
  kind: 'stateless' | 'stateful';
}

export function AdminSimulbenchForm({
  agents,
  tasks,
  scriptSets,
}: {
  agents: AgentChoice[];
  tasks: TaskChoice[];
  scriptSets: { setName: string; label: string; scripts: number }[];
}) {
  const { state, action, pending, onSubmit } = useFormAction(createSimulbenchAction, null);
  const [scriptSet, setScriptSet] = useState('');
  const collect = scriptSet === '';
  const [taskIds, setTaskIds] = useState<string[]>(() => tasks.map((t) => t.id));
  const [tooLarge, setTooLarge] = useState<string | null>(null);
  const models = agents.filter((a) => a.kind === 'llm');
  const error = tooLarge ?? (state && !state.ok ? state.error : null);
  const bad: Invalid = (name) => isInvalid(state, name);

  return (
    <form
      action={action}
      onSubmit={(e) => {
        const file = new FormData(e.currentTarget).get('tasksFile');
        if (file instanceof File && file.size > UPLOAD_LIMIT_BYTES) {
          e.preventDefault();
          setTooLarge(
            `the tasks file is ${(file.size / 1024 / 1024).toFixed(1)} MB; the upload takes up to 900 kB: use npm run arena -- simulbench create … --tasks-file FILE`,
          );
          return;
        }
        setTooLarge(null);
        onSubmit(e);
      }}
      data-testid="simulbench-form"
      className="flex flex-col gap-5 rounded-xl border border-zinc-200 bg-white p-4 shadow-sm sm:p-5 dark:border-zinc-800 dark:bg-zinc-900"
    >
      <Field label="Name" htmlFor="sb-name">
        <input
          id="sb-name"
          name="name"
          required
          maxLength={120}
          defaultValue="SimulBench"
          aria-invalid={bad('name')}
          className={inputClass}
        />
      </Field>

      <TargetPicker models={models} />

      <Field
        label="Scripts"
        htmlFor="sb-script-set"
        hint="Collect new dialogues and extract their scripts, or score the targets on a frozen set: an earlier evaluation’s or an imported one (npm run arena -- simulbench import-scripts FILE --set NAME)."
      >
        <select
          id="sb-script-set"
          name="scriptSet"
          value={scriptSet}
          onChange={(e) => setScriptSet(e.target.value)}
          aria-invalid={bad('scriptSet')}
          className={inputClass}
        >
          <option value="">Collect new dialogues</option>
          {scriptSets.map((s) => (
            <option key={s.setName} value={s.setName}>
              {s.label} ({s.scripts} scripts)
            </option>
          ))}
        </select>
      </Field>

      <RolePickers models={models} collect={collect} bad={bad} />

      {collect && <TaskPicker tasks={tasks} taskIds={taskIds} setTaskIds={setTaskIds} bad={bad} />}

      <RunSettings collect={collect} bad={bad} />

      <FormError error={error} testId="simulbench-error" />
      <div>
        <button type="submit" disabled={pending} className={primaryButtonClass} data-testid="create-simulbench">
          {pending && <Spinner />}
          Start the evaluation
        </button>
      </div>
    </form>
  );
}

/** Whether the last refusal was about the input named `name` (for aria-invalid). */
type Invalid = (name: string) => true | undefined;

/** The LLM agents evaluated. */
function TargetPicker({ models }: { models: AgentChoice[] }) {
  return (
    <fieldset className="flex flex-col gap-2">
      <legend className={labelClass}>Targets (the models evaluated)</legend>
      {models.length === 0 && <p className="text-sm text-zinc-500">No LLM agent yet: define one under Agents.</p>}
      <div className="grid gap-1 sm:grid-cols-2">
        {models.map((a) => (
          <label key={a.id} className="flex items-center gap-2 text-sm">
            <input type="checkbox" name="agentIds" value={a.id} className={checkboxClass} />
            <span className="min-w-0 break-words">{a.name}</span>
            {a.simulated && <SimulatedBadge />}
          </label>
        ))}
      </div>
    </fieldset>
  );
}

/** One of the evaluation's roles (user agent, simulator, judge): an LLM agent. */
function ModelPick({
  models,
  name,
  label,
  hint,
  bad,
}: {
  models: AgentChoice[];
  name: string;
  label: string;
  hint: string;
  bad: Invalid;
}) {
  return (
    <Field label={label} htmlFor={`sb-${name}`} hint={hint}>
      <select
        id={`sb-${name}`}
        name={name}
        required
        defaultValue={models[0]?.id ?? ''}
        aria-invalid={bad(name)}
        className={inputClass}
      >
        {models.map((a) => (
          <option key={a.id} value={a.id}>
            {a.name}
            {a.simulated && !/simulated/i.test(a.name) ? ' (simulated)' : ''}
          </option>
        ))}
      </select>
    </Field>
  );
}

/** The tasks to collect dialogues on: shipped ones ticked, or a file in SimulBench's own format. */
function TaskPicker({
  tasks,
  taskIds,
  setTaskIds,
  bad,
}: {
  tasks: TaskChoice[];
  taskIds: string[];
  setTaskIds: Dispatch<SetStateAction<string[]>>;
  bad: Invalid;
}) {
  const kinds = (['stateless', 'stateful'] as const).map((k) => ({
    kind: k,
    ids: tasks.filter((t) => t.kind === k).map((t) => t.id),
  }));
  return (
    <fieldset className="flex flex-col gap-2">
      <legend className={labelClass}>
        Tasks{' '}
        <span className="normal-case tracking-normal">
          ({taskIds.length} of {tasks.length} chosen)
        </span>
      </legend>
      <div className="flex flex-wrap gap-2 text-xs">
        <button
          type="button"
          className="rounded border border-zinc-300 px-2 py-1 dark:border-zinc-700"
          onClick={() => setTaskIds(tasks.map((t) => t.id))}
        >
          All
        </button>
        <button
          type="button"
          className="rounded border border-zinc-300 px-2 py-1 dark:border-zinc-700"
          onClick={() => setTaskIds([])}
        >
          None
        </button>
        {kinds.map((k) => (
          <button
            key={k.kind}
            type="button"
            className="rounded border border-zinc-300 px-2 py-1 dark:border-zinc-700"
            onClick={() => setTaskIds(k.ids)}
          >
            Only {k.kind}
          </button>
        ))}
      </div>
      <div
        className="grid max-h-64 gap-1 overflow-y-auto rounded border border-zinc-200 p-2 sm:grid-cols-2 dark:border-zinc-800"
        aria-invalid={bad('taskIds')}
      >
        {tasks.map((t) => (
          <label key={t.id} className="flex items-center gap-2 text-sm">
            <input
              type="checkbox"
              name="taskIds"
              value={t.id}
              checked={taskIds.includes(t.id)}
              onChange={(e) => setTaskIds((ids) => (e.target.checked ? [...ids, t.id] : ids.filter((x) => x !== t.id)))}
              className={checkboxClass}
            />
            <span className="min-w-0 break-words">{t.name}</span>
            <span className="text-[11px] text-zinc-500">{t.kind}</span>
          </label>
        ))}
      </div>
      <div className="grid gap-3 sm:grid-cols-2">
        <Field
          label="Or import tasks"
          htmlFor="sb-tasks-file"
          hint="SimulBench’s own format (task_name, task_description, request_type; JSON or JSON Lines), up to 900 kB: replaces the ticked tasks."
        >
          <input
            id="sb-tasks-file"
            name="tasksFile"
            type="file"
            accept="application/json,.json,.jsonl"
            aria-invalid={bad('tasksFile')}
            className={`${inputClass} py-1`}
          />
        </Field>
        <Field
          label="Kind of imported tasks"
          htmlFor="sb-kind"
          hint="For entries that do not say stateless or stateful."
        >
          <select id="sb-kind" name="defaultKind" defaultValue="" className={inputClass}>
            <option value="">— they all say —</option>
            <option value="stateless">stateless</option>
            <option value="stateful">stateful</option>
          </select>
        </Field>
      </div>
    </fieldset>
  );
}

/**
 * How many dialogues are collected per task and how many turns each (when collecting), the budget, pairwise
 * comparisons and the seed.
 */
function RunSettings({ collect, bad }: { collect: boolean; bad: Invalid }) {
  return (
    <>
      <div className="grid gap-3 sm:grid-cols-4">
        {collect && (
          <>
            <Field label="Dialogues per task" htmlFor="sb-dialogues" hint="The paper: 3.">
              <input
                id="sb-dialogues"
                name="dialoguesPerTask"
                type="number"
                min={1}
                max={20}
                defaultValue={3}
                aria-invalid={bad('dialoguesPerTask')}
                className={inputClass}
              />
            </Field>
            <Field label="Turns per dialogue" htmlFor="sb-turns" hint="User requests, the task first (the paper: 4).">
              <input
                id="sb-turns"
                name="turns"
                type="number"
                min={1}
                max={10}
                defaultValue={4}
                aria-invalid={bad('turns')}
                className={inputClass}
              />
            </Field>
          </>
        )}
        <Field label="Max tokens" htmlFor="sb-max-tokens" hint="Optional budget.">
          <input
            id="sb-max-tokens"
            name="maxTokens"
            type="number"
            min={1}
            aria-invalid={bad('maxTokens')}
            className={inputClass}
          />
        </Field>
        <Field label="Max cost (USD)" htmlFor="sb-max-cost" hint="Optional budget.">
          <input
            id="sb-max-cost"
            name="maxCostUsd"
            type="number"
            min={0}
            step="any"
            aria-invalid={bad('maxCostUsd')}
            className={inputClass}
          />
        </Field>
      </div>
      <div className="grid gap-3 sm:grid-cols-2">
        <label className="flex items-center gap-2 text-sm">
          <input type="checkbox" name="pairwise" defaultChecked className={checkboxClass} />
          Compare every two targets on every script (both orders)
        </label>
        <Field label="Seed" htmlFor="sb-seed" hint="Optional: drawn and recorded when blank.">
          <input id="sb-seed" name="seed" maxLength={64} className={inputClass} />
        </Field>
      </div>
    </>
  );
}

/** The evaluation's roles, LLM agents: the user agent and the simulator (when collecting), and the judge. */
function RolePickers({ models, collect, bad }: { models: AgentChoice[]; collect: boolean; bad: Invalid }) {
  return (
    <div className="grid gap-3 sm:grid-cols-3">
      {collect && (
        <ModelPick
          models={models}
          name="userAgentId"
          label="User agent"
          hint="Writes the requests (the paper: GPT-3.5-turbo; sampled at temperature 1.2, 300 tokens)."
          bad={bad}
        />
      )}
      {collect && (
        <ModelPick
          models={models}
          name="simulatorId"
          label="Simulator"
          hint="Answers while the dialogues are collected (the paper: GPT-3.5-turbo)."
          bad={bad}
        />
      )}
      <ModelPick
        models={models}
        name="judgeId"
        label="Judge"
        hint="Finds challenging turns, rates answers 1–10 and compares them (the paper: GPT-4)."
        bad={bad}
      />
    </div>
  );
}

/** Imports a script file (as an evaluation's "download the scripts" gives it) as a named set, to score targets on. */
export function AdminScriptSetImport() {
  const { state, action, pending, onSubmit } = useFormAction(importScriptSetAction, null);
  const [tooLarge, setTooLarge] = useState<string | null>(null);
  const error = tooLarge ?? (state && !state.ok ? state.error : null);
  return (
    <form
      action={action}
      onSubmit={(e) => {
        const file = new FormData(e.currentTarget).get('file');
        if (file instanceof File && file.size > UPLOAD_LIMIT_BYTES) {
          e.preventDefault();
          setTooLarge(
            `the file is ${(file.size / 1024 / 1024).toFixed(1)} MB; the upload takes up to 900 kB: use npm run arena -- simulbench import-scripts FILE --set NAME`,
          );
          return;
        }
        setTooLarge(null);
        onSubmit(e);
      }}
      data-testid="script-set-form"
      aria-labelledby="script-set-heading"
      className="flex flex-col gap-3 rounded-xl border border-zinc-200 bg-white p-4 shadow-sm sm:p-5 dark:border-zinc-800 dark:bg-zinc-900"
    >
      <h2 id="script-set-heading" className="text-lg font-semibold">
        Import a script set
      </h2>
      <p className="text-sm text-zinc-600 dark:text-zinc-400">
        Frozen test scripts from another arena (its evaluation’s “download the scripts”), or the SimulBench authors’
        released scripts (their simulbench_all.jsonl): targets scored on them answer exactly the same histories.
      </p>
      <div className="grid gap-3 sm:grid-cols-2">
        <Field
          label="Set name"
          htmlFor="script-set-name"
          hint="Lowercase letters, digits, dots, dashes, underscores; taken once."
        >
          <input
            id="script-set-name"
            name="name"
            required
            maxLength={64}
            placeholder="paper-scripts"
            aria-invalid={isInvalid(state, 'name')}
            className={inputClass}
          />
        </Field>
        <Field
          label="Script file"
          htmlFor="script-set-file"
          hint="The versioned JSON file or the authors’ JSON Lines, up to 900 kB here (the CLI reads larger ones)."
        >
          <input
            id="script-set-file"
            name="file"
            type="file"
            required
            accept="application/json,.json,.jsonl"
            aria-invalid={tooLarge || isInvalid(state, 'file') ? true : undefined}
            className={`${inputClass} py-1`}
          />
        </Field>
      </div>
      <FormError error={error} testId="script-set-error" />
      {state?.ok && <FormNotice testId="script-set-notice">{state.done}</FormNotice>}
      <div>
        <button type="submit" disabled={pending} className={primaryButtonClass} data-testid="import-script-set">
          {pending && <Spinner />}
          Import
        </button>
      </div>
    </form>
  );
}
