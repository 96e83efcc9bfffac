// The new-tournament form: name, games, format (with its own settings), agents, budget and seed. The server action
// turns it into a tournament spec, validates it and hands it to the scheduler; refusals appear next to the button.
'use client';

import { useState, type Dispatch, type ReactNode, type SetStateAction } from 'react';
import { createTournamentAction } from '@/lib/actions/admin';
import { FORMATS, type TournamentFormat } from '@/lib/tournament/spec';
import { GAMEBENCH_PRESET, presetConfigs } from '@/lib/presets';
import {
  checkboxClass,
  Field,
  FormError,
  inputClass,
  labelClass,
  primaryButtonClass,
  Spinner,
  textareaClass,
} from './admin-form';
import { useFormAction, isInvalid } from './admin-form-action';
import { KindChip } from './kind-chip';
import { SimulatedBadge } from './simulated-badge';

export interface GameChoice {
  id: string;
  title: string;
  minPlayers: number;
  maxPlayers: number;
  /** A judged evaluation (DEEP): host/guest only, the guests are evaluated and the hosts judge. */
  evaluation?: boolean;
  /** A team game: round robins and gauntlets seat one agent in every seat of a side (Sea Battle). */
  sides?: boolean;
  /** Its statements can be scored by a consistency judge after each match (Who is the spy's descriptions). */
  judgeable?: boolean;
  /** Settings presets offered as one-click buttons, e.g. a content-free calibration run. */
  presets?: { label: string; help: string; config: object }[];
}

export interface AgentChoice {
  id: string;
  name: string;
  kind: string;
  simulated: boolean;
}

export function AdminTournamentForm({ games, agents }: { games: GameChoice[]; agents: AgentChoice[] }) {
  const { state, action, pending, onSubmit } = useFormAction(createTournamentAction, null);
  const [format, setFormat] = useState<TournamentFormat>('round-robin');
  const [gameIds, setGameIds] = useState<string[]>([]);
  const [agentIds, setAgentIds] = useState<string[]>([]);
  const [others, setOthers] = useState<string[]>([]);
  const [gamesPerPair, setGamesPerPair] = useState('2');

  const error = state && !state.ok ? state.error : null;
  const bad: Bad = (name) => isInvalid(state, name) === true;
  const chosenGames = games.filter((g) => gameIds.includes(g.id));

  // How many matches the plan makes (the first batch, for adaptive), when that is simple to tell.
  const gpp = Number(gamesPerPair) || 0;
  const n = agentIds.length;
  const estimate =
    format === 'round-robin'
      ? ((n * (n - 1)) / 2) * gameIds.length * gpp
      : format === 'gauntlet'
        ? agentIds.reduce((s, a) => s + others.filter((b) => b !== a).length, 0) * gameIds.length * gpp
        : format === 'adaptive'
          ? ((n * (n - 1)) / 2) * gameIds.length * 2
          : null;

  return (
    <form
      action={action}
      onSubmit={onSubmit}
      noValidate
      aria-label="New tournament"
      data-testid="tournament-form"
      className="flex flex-col gap-6 rounded-xl border border-zinc-200 bg-white p-4 shadow-sm sm:p-5 dark:border-zinc-800 dark:bg-zinc-900"
    >
      <Field label="Name" htmlFor="tournament-name">
        <input
          id="tournament-name"
          name="name"
          required
          placeholder="e.g. Spring round robin"
          className={`${inputClass} max-w-xl`}
          aria-invalid={bad('name') || undefined}
        />
      </Field>

      <GamePicker games={games} gameIds={gameIds} setGameIds={setGameIds} bad={bad} />

      <FormatPicker
        format={format}
        onChange={(f) => {
          setFormat(f);
          setOthers([]);
        }}
        bad={bad}
      />
      <AgentPickers
        format={format}
        agents={agents}
        agentIds={agentIds}
        setAgentIds={setAgentIds}
        others={others}
        setOthers={setOthers}
        bad={bad}
      />
      <FormatSettings
        format={format}
        chosenGames={chosenGames}
        gamesPerPair={gamesPerPair}
        setGamesPerPair={setGamesPerPair}
        estimate={estimate}
        bad={bad}
      />
      <BudgetSettings format={format} chosenGames={chosenGames} agents={agents} bad={bad} />

      <div className="flex flex-col gap-3 border-t border-zinc-200 pt-4 dark:border-zinc-800">
        <FormError error={error} testId="tournament-error" />
        <div>
          <button type="submit" disabled={pending} className={primaryButtonClass} data-testid="create-tournament">
            {pending && <Spinner />}
            Create and start
          </button>
        </div>
      </div>
    </form>
  );
}

/** Whether the last refusal was about the input named `name`. */
type Bad = (name: string) => boolean;

/** The games the tournament plays (their matches interleaved). */
function GamePicker({
  games,
  gameIds,
  setGameIds,
  bad,
}: {
  games: GameChoice[];
  gameIds: string[];
  setGameIds: Dispatch<SetStateAction<string[]>>;
  bad: Bad;
}) {
  return (
    <Group legend="Games" invalid={bad('gameIds')} hint="Matches of every chosen game are interleaved.">
      <div className="grid gap-2 sm:grid-cols-2 lg:grid-cols-3">
        {games.map((g) => (
          <Check
            key={g.id}
            name="gameIds"
            value={g.id}
            checked={gameIds.includes(g.id)}
            onChange={(on) => setGameIds((ids) => toggle(ids, g.id, on))}
            label={g.title}
            detail={`${g.minPlayers === g.maxPlayers ? `${g.minPlayers} players` : `${g.minPlayers}–${g.maxPlayers} players`}${g.evaluation ? ' · judged: host/guest only (guests describe, hosts judge)' : ''}${g.sides ? ' · round robin and gauntlet: one agent per side' : ''}`}
          />
        ))}
      </div>
    </Group>
  );
}

/** The tournament's format (round robin, gauntlet, host/guest, adaptive…: lib/tournament/spec.ts). */
function FormatPicker({
  format,
  onChange,
  bad,
}: {
  format: TournamentFormat;
  onChange: (f: TournamentFormat) => void;
  bad: Bad;
}) {
  return (
    <Group legend="Format" invalid={bad('format')}>
      <div className="grid gap-2 sm:grid-cols-2 lg:grid-cols-4">
        {FORMATS.map((f) => (
          <label
            key={f.id}
            className="flex cursor-pointer gap-2.5 rounded-lg border border-zinc-200 p-3 text-sm transition-colors has-[:checked]:border-indigo-500 has-[:checked]:bg-indigo-50/70 has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-indigo-500 hover:border-indigo-300 dark:border-zinc-700 dark:has-[:checked]:border-indigo-500 dark:has-[:checked]:bg-indigo-950/40"
          >
            <input
              type="radio"
              name="format"
              value={f.id}
              checked={format === f.id}
              onChange={() => onChange(f.id)}
              className="mt-0.5 h-4 w-4 shrink-0 accent-indigo-600 focus-visible:outline-none"
            />
            <span>
              <span className="block font-medium">{f.label}</span>
              <span className="block text-xs text-zinc-500 dark:text-zinc-400">{f.help}</span>
            </span>
          </label>
        ))}
      </div>
    </Group>
  );
}

/** Who plays: the agents (a host/guest tournament's guests), and a gauntlet's baselines or a host/guest's hosts. */
function AgentPickers({
  format,
  agents,
  agentIds,
  setAgentIds,
  others,
  setOthers,
  bad,
}: {
  format: TournamentFormat;
  agents: AgentChoice[];
  agentIds: string[];
  setAgentIds: (ids: string[]) => void;
  others: string[];
  setOthers: (ids: string[]) => void;
  bad: Bad;
}) {
  return (
    <>
      <Group
        legend={
          format === 'host-guest'
            ? 'Guests (the agents evaluated)'
            : format === 'gauntlet'
              ? 'Agents (each plays every baseline)'
              : 'Agents'
        }
        invalid={bad('agentIds')}
        hint={
          agents.length === 0
            ? 'No agents yet: add some under Agents first.'
            : 'Older versions of edited agents are not offered: they keep their ratings but play no more.'
        }
        actions={
          agents.length > 1 && (
            <span className="flex gap-2 text-xs">
              <button
                type="button"
                className="text-indigo-700 hover:underline dark:text-indigo-300"
                onClick={() => setAgentIds(agents.map((a) => a.id).filter((id) => !others.includes(id)))}
              >
                All
              </button>
              <button
                type="button"
                className="text-indigo-700 hover:underline dark:text-indigo-300"
                onClick={() => setAgentIds([])}
              >
                None
              </button>
            </span>
          )
        }
      >
        <AgentChecks name="agentIds" agents={agents} selected={agentIds} onChange={setAgentIds} />
      </Group>

      {format === 'gauntlet' && (
        <Group
          legend="Baselines (the fixed opponents)"
          invalid={bad('baselineIds')}
          hint="Typically Random and Engine."
        >
          <AgentChecks name="baselineIds" agents={agents} selected={others} onChange={setOthers} />
        </Group>
      )}
      {format === 'host-guest' && (
        <Group
          legend="Hosts (fill the other seats)"
          invalid={bad('hostIds')}
          hint="An agent cannot be a guest and a host at once."
        >
          <AgentChecks name="hostIds" agents={agents} selected={others} onChange={setOthers} />
        </Group>
      )}
    </>
  );
}

/** The chosen format's own settings, and how many matches the plan makes. */
function FormatSettings({
  format,
  chosenGames,
  gamesPerPair,
  setGamesPerPair,
  estimate,
  bad,
}: {
  format: TournamentFormat;
  chosenGames: GameChoice[];
  gamesPerPair: string;
  setGamesPerPair: (v: string) => void;
  estimate: number | null;
  bad: Bad;
}) {
  const formatInfo = FORMATS.find((f) => f.id === format)!;
  const maxPlayers = chosenGames.length ? Math.min(...chosenGames.map((g) => g.maxPlayers)) : 16;
  return (
    <fieldset className="flex flex-col gap-3">
      <legend className="mb-2 text-sm font-semibold">{formatInfo.label} settings</legend>
      <div className="grid grid-cols-2 gap-4 sm:grid-cols-3 lg:grid-cols-4">
        {(format === 'round-robin' || format === 'gauntlet' || format === 'adaptive') && (
          <Field
            label={format === 'adaptive' ? 'Games per pair per batch' : 'Games per pair'}
            htmlFor="tournament-gpp"
            hint="Even: each seed is played twice, seats swapped."
          >
            <input
              id="tournament-gpp"
              name="gamesPerPair"
              type="number"
              min={2}
              step={2}
              inputMode="numeric"
              value={gamesPerPair}
              onChange={(e) => setGamesPerPair(e.target.value)}
              className={inputClass}
              aria-invalid={bad('gamesPerPair') || undefined}
              aria-describedby="tournament-gpp-hint"
            />
          </Field>
        )}
        {format === 'host-guest' && <HostGuestSettings maxPlayers={maxPlayers} bad={bad} />}
        {format === 'adaptive' && <AdaptiveSettings bad={bad} />}
      </div>
      {estimate !== null && estimate > 0 && (
        <p className="text-sm text-zinc-600 dark:text-zinc-400" data-testid="match-estimate">
          {format === 'adaptive' ? 'First batch: ' : 'Plan: '}
          <strong className="font-semibold tabular-nums text-zinc-900 dark:text-zinc-100">
            {estimate.toLocaleString('en-US')}
          </strong>{' '}
          {estimate === 1 ? 'match' : 'matches'}
          {format === 'adaptive' ? ', then batches of the closest pairs' : ''}.
        </p>
      )}
    </fieldset>
  );
}

/** A host/guest tournament's players per match, the guest's seat, and games per guest. */
function HostGuestSettings({ maxPlayers, bad }: { maxPlayers: number; bad: Bad }) {
  return (
    <>
      <Field label="Players per match" htmlFor="tournament-players" hint="Blank = each game’s usual number.">
        <input
          id="tournament-players"
          name="numPlayers"
          type="number"
          min={2}
          max={16}
          step={1}
          inputMode="numeric"
          className={inputClass}
          aria-invalid={bad('numPlayers') || undefined}
          aria-describedby="tournament-players-hint"
        />
      </Field>
      <Field label="Guest seat" htmlFor="tournament-guest-seat">
        <select
          id="tournament-guest-seat"
          name="guestSeat"
          defaultValue=""
          className={inputClass}
          aria-invalid={bad('guestSeat') || undefined}
        >
          <option value="">Rotate over every seat</option>
          {Array.from({ length: maxPlayers }, (_, i) => (
            <option key={i} value={i}>
              Seat {i + 1}
            </option>
          ))}
        </select>
      </Field>
      <Field label="Games per guest" htmlFor="tournament-gpg">
        <input
          id="tournament-gpg"
          name="gamesPerGuest"
          type="number"
          min={1}
          step={1}
          inputMode="numeric"
          defaultValue={2}
          className={inputClass}
          aria-invalid={bad('gamesPerGuest') || undefined}
        />
      </Field>
    </>
  );
}

/** An adaptive tournament's confidence and pairs per batch. */
function AdaptiveSettings({ bad }: { bad: Bad }) {
  return (
    <>
      <fieldset className="flex min-w-0 flex-col gap-1">
        <legend className={`${labelClass} mb-1`}>Confidence</legend>
        <div className="flex h-9 items-center gap-4 text-sm">
          {[0.9, 0.95].map((c) => (
            <label key={c} className="flex items-center gap-1.5">
              <input
                type="radio"
                name="confidence"
                value={c}
                defaultChecked={c === 0.95}
                className="h-4 w-4 accent-indigo-600"
              />
              {Math.round(c * 100)}%
            </label>
          ))}
        </div>
      </fieldset>
      <Field label="Pairs per batch" htmlFor="tournament-ppb">
        <input
          id="tournament-ppb"
          name="pairsPerBatch"
          type="number"
          min={1}
          max={100}
          step={1}
          inputMode="numeric"
          defaultValue={4}
          className={inputClass}
          aria-invalid={bad('pairsPerBatch') || undefined}
        />
      </Field>
    </>
  );
}

/** The budget (matches, tokens, cost), the seed, the games' settings, and a consistency judge where a game has one. */
function BudgetSettings({
  format,
  chosenGames,
  agents,
  bad,
}: {
  format: TournamentFormat;
  chosenGames: GameChoice[];
  agents: AgentChoice[];
  bad: Bad;
}) {
  const judgeable = chosenGames.some((g) => g.judgeable);
  return (
    <fieldset className="flex flex-col gap-3">
      <legend className="mb-2 text-sm font-semibold">
        Budget{' '}
        <span className="font-normal text-zinc-500 dark:text-zinc-400">
          (blank = no limit{format === 'adaptive' ? '; an adaptive tournament needs at least one' : ''}; it stops
          cleanly when one is reached)
        </span>
      </legend>
      <div className="grid grid-cols-2 gap-4 sm:grid-cols-3 lg:grid-cols-4">
        <Field label="Max matches" htmlFor="tournament-max-matches">
          <input
            id="tournament-max-matches"
            name="maxMatches"
            type="number"
            min={1}
            step={1}
            inputMode="numeric"
            className={inputClass}
            aria-invalid={bad('budget') || undefined}
          />
        </Field>
        <Field label="Max tokens" htmlFor="tournament-max-tokens">
          <input
            id="tournament-max-tokens"
            name="maxTokens"
            type="number"
            min={1}
            step={1}
            inputMode="numeric"
            className={inputClass}
            aria-invalid={bad('budget') || undefined}
          />
        </Field>
        <Field label="Max cost (USD)" htmlFor="tournament-max-cost">
          <input
            id="tournament-max-cost"
            name="maxCostUsd"
            type="number"
            min={0}
            step="any"
            inputMode="decimal"
            placeholder="$"
            className={inputClass}
            aria-invalid={bad('budget') || undefined}
          />
        </Field>
        <Field label="Seed" htmlFor="tournament-seed" hint="Optional; random when blank.">
          <input
            id="tournament-seed"
            name="seed"
            spellCheck={false}
            autoComplete="off"
            className={`${inputClass} font-mono`}
            aria-invalid={bad('seed') || undefined}
            aria-describedby="tournament-seed-hint"
          />
        </Field>
        <GameSettingsField chosenGames={chosenGames} bad={bad} />
        {judgeable && <JudgeField agents={agents} bad={bad} />}
      </div>
    </fieldset>
  );
}

/** A consistency judge (an LLM agent) for the games whose statements can be checked (Who is the spy). */
function JudgeField({ agents, bad }: { agents: AgentChoice[]; bad: Bad }) {
  const judges = agents.filter((a) => a.kind === 'llm');
  return (
    <Field
      label="Consistency judge"
      htmlFor="tournament-judge"
      className="sm:col-span-2"
      hint="Optional: an LLM agent that scores, after each match, whether every description is true of its speaker’s own word."
    >
      <select
        id="tournament-judge"
        name="judgeId"
        defaultValue=""
        className={inputClass}
        aria-invalid={bad('judgeId') || undefined}
        aria-describedby="tournament-judge-hint"
      >
        <option value="">No judge</option>
        {judges.map((a) => (
          <option key={a.id} value={a.id}>
            {a.name}
            {a.simulated && !/simulated/i.test(a.name) ? ' (simulated)' : ''}
          </option>
        ))}
      </select>
    </Field>
  );
}

/** The games' settings as JSON, with the chosen games' presets as one-click buttons. */
function GameSettingsField({ chosenGames, bad }: { chosenGames: GameChoice[]; bad: Bad }) {
  const [gameConfigs, setGameConfigs] = useState('');
  const presets = chosenGames.flatMap((g) => (g.presets ?? []).map((p) => ({ ...p, gameId: g.id, title: g.title })));
  // GameBench's protocol for every chosen game that has it, in one click (the CLI's --preset gamebench).
  const gamebench = presetConfigs(
    chosenGames.map((g) => ({ id: g.id, presets: g.presets ?? [] })),
    GAMEBENCH_PRESET,
  );
  const gamebenchGames = Object.keys(gamebench.configs);
  /** Puts games' presets into the settings JSON, keeping the other games' settings. */
  const applyPresets = (configs: Record<string, object>) => {
    let current: Record<string, unknown> = {};
    try {
      const parsed: unknown = JSON.parse(gameConfigs || '{}');
      if (parsed && typeof parsed === 'object' && !Array.isArray(parsed)) current = parsed as Record<string, unknown>;
    } catch {
      // Unreadable JSON is replaced: the preset is what the admin asked for.
    }
    setGameConfigs(JSON.stringify({ ...current, ...configs }));
  };
  return (
    <Field
      label="Game settings (JSON)"
      htmlFor="tournament-game-configs"
      className="sm:col-span-2"
      hint={
        'Optional, per game; checked against each game’s settings. E.g. {"holdem": {"hands": 3, "openCards": true}, "bid": {"auctions": 5}}'
      }
    >
      <textarea
        id="tournament-game-configs"
        name="gameConfigs"
        value={gameConfigs}
        onChange={(e) => setGameConfigs(e.target.value)}
        rows={2}
        spellCheck={false}
        placeholder="{}"
        className={`${textareaClass} font-mono`}
        aria-invalid={bad('gameConfigs') || undefined}
      />
      {presets.length > 0 && (
        <div className="mt-1 flex flex-wrap gap-2">
          {gamebenchGames.length > 0 && (
            <button
              type="button"
              data-testid="gamebench-protocol"
              title={`GameBench’s protocol (each game’s “gamebench” preset) for ${gamebenchGames.join(', ')}${gamebench.missing.length ? `; ${gamebench.missing.join(', ')} ha${gamebench.missing.length === 1 ? 's' : 've'} none and play${gamebench.missing.length === 1 ? 's' : ''} its own settings` : ''}`}
              onClick={() => applyPresets(gamebench.configs)}
              className="rounded-md border border-indigo-300 bg-indigo-50 px-2 py-1 text-xs font-medium text-indigo-800 hover:border-indigo-500 focus-visible:outline-2 focus-visible:outline-indigo-500 dark:border-indigo-700 dark:bg-indigo-950 dark:text-indigo-200"
            >
              GameBench’s protocol ({gamebenchGames.length} game{gamebenchGames.length === 1 ? '' : 's'})
            </button>
          )}
          {presets.map((p) => (
            <button
              key={`${p.gameId}-${p.label}`}
              type="button"
              title={p.help}
              onClick={() => applyPresets({ [p.gameId]: p.config })}
              className="rounded-md border border-zinc-300 px-2 py-1 text-xs hover:border-indigo-400 focus-visible:outline-2 focus-visible:outline-indigo-500 dark:border-zinc-700"
            >
              {p.title}: {p.label}
            </button>
          ))}
        </div>
      )}
    </Field>
  );
}

function toggle(ids: string[], id: string, on: boolean): string[] {
  return on ? (ids.includes(id) ? ids : [...ids, id]) : ids.filter((x) => x !== id);
}

/** A fieldset with a legend, optional actions beside it, a hint, and a red ring when the last error was about it. */
function Group({
  legend,
  hint,
  invalid,
  actions,
  children,
}: {
  legend: string;
  hint?: string;
  invalid?: boolean;
  actions?: ReactNode;
  children: ReactNode;
}) {
  return (
    <fieldset
      className={`flex min-w-0 flex-col gap-2 rounded-lg ${invalid ? 'outline-2 outline-offset-4 outline-red-500' : ''}`}
    >
      <legend className="mb-2 text-sm font-semibold">{legend}</legend>
      {(hint || actions) && (
        <div className="-mt-1 flex flex-wrap items-baseline justify-between gap-x-4 gap-y-1">
          {hint && <p className="text-xs text-zinc-500 dark:text-zinc-400">{hint}</p>}
          {actions}
        </div>
      )}
      {children}
    </fieldset>
  );
}

function Check({
  name,
  value,
  checked,
  onChange,
  label,
  detail,
}: {
  name: string;
  value: string;
  checked: boolean;
  onChange: (on: boolean) => void;
  label: ReactNode;
  detail?: ReactNode;
}) {
  return (
    <label className="flex min-w-0 cursor-pointer items-center gap-2.5 rounded-lg border border-zinc-200 px-3 py-2 text-sm transition-colors has-[:checked]:border-indigo-500 has-[:checked]:bg-indigo-50/70 hover:border-indigo-300 dark:border-zinc-700 dark:has-[:checked]:border-indigo-500 dark:has-[:checked]:bg-indigo-950/40">
      <input
        type="checkbox"
        name={name}
        value={value}
        checked={checked}
        onChange={(e) => onChange(e.target.checked)}
        className={checkboxClass}
      />
      <span className="flex min-w-0 flex-wrap items-center gap-1.5">
        {label}
        {detail && <span className="text-xs text-zinc-500 dark:text-zinc-400">{detail}</span>}
      </span>
    </label>
  );
}

function AgentChecks({
  name,
  agents,
  selected,
  onChange,
}: {
  name: string;
  agents: AgentChoice[];
  selected: string[];
  onChange: (ids: string[]) => void;
}) {
  return (
    <div className="grid gap-2 sm:grid-cols-2 lg:grid-cols-3">
      {agents.map((a) => (
        <Check
          key={a.id}
          name={name}
          value={a.id}
          checked={selected.includes(a.id)}
          onChange={(on) => onChange(toggle(selected, a.id, on))}
          label={
            <>
              <span className="min-w-0 truncate font-medium">{a.name}</span>
              <KindChip kind={a.kind} />
              {a.simulated && <SimulatedBadge />}
            </>
          }
        />
      ))}
    </div>
  );
}
