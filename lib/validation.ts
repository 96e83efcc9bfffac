// Zod failures in plain words — every field's problem, each named as its form labels it — and a parse that throws them
// as the caller's own error class; shared by admin input, people, the Play page, the scheduler and the CLI.
import type { z } from 'zod';

/** Field names as the forms label them (components/admin-*-form.tsx, the Play page), for "Label: what is wrong". */
export const FIELD_LABELS: Record<string, string> = {
  // Sign-in and setup; people.
  username: 'Username',
  password: 'Password',
  confirm: 'Password again',
  // Providers.
  name: 'Name',
  baseUrl: 'Base URL',
  apiKey: 'API key',
  models: 'Models',
  rpm: 'Requests / min',
  tpm: 'Tokens / min',
  maxConcurrent: 'Max concurrent',
  priceInPer1k: 'Input / 1k',
  priceOutPer1k: 'Output / 1k',
  modelPrices: 'Per-model prices',
  peopleDailyBudgetUsd: 'Budget / day (USD)',
  simulated: 'Simulated endpoint',
  clearApiKey: 'Remove the stored key',
  // Agents.
  kind: 'Kind',
  providerId: 'Provider',
  model: 'Model',
  temperature: 'Temperature',
  maxTokens: 'Max tokens',
  scaffold: 'Scaffold',
  rapDepth: 'RAP depth',
  rapIterations: 'RAP iterations',
  rapCandidates: 'RAP candidates',
  promptVersion: 'Prompt version',
  promptSwitches: 'Ablations',
  vision: 'Send the board as an image (vision)',
  playable: 'Open to people',
  depth: 'Depth',
  // Tournaments.
  format: 'Format',
  gameIds: 'Games',
  agentIds: 'Agents',
  baselineIds: 'Baselines',
  hostIds: 'Hosts',
  gamesPerPair: 'Games per pair',
  numPlayers: 'Players per match',
  guestSeat: 'Guest seat',
  gamesPerGuest: 'Games per guest',
  confidence: 'Confidence',
  pairsPerBatch: 'Pairs per batch',
  judgeId: 'Consistency judge',
  budget: 'Budget',
  maxMatches: 'Max matches',
  maxCostUsd: 'Max cost (USD)',
  seed: 'Seed',
  gameConfigs: 'Game settings (JSON)',
  // SimulBench evaluations.
  userAgentId: 'User agent',
  simulatorId: 'Simulator',
  taskIds: 'Tasks',
  tasks: 'Imported tasks',
  dialoguesPerTask: 'Dialogues per task',
  turns: 'Turns per dialogue',
  pairwise: 'Pairwise comparison',
  targetSampling: 'Target sampling',
  // The Play page.
  gameId: 'Game',
  opponentIds: 'Opponents',
  moveSeconds: 'Move timer',
  // Settings.
  peopleFilterDefault: 'People on the leaderboard',
};

type Issue = z.core.$ZodIssue | { code?: string; path: PropertyKey[]; message: string; [k: string]: unknown };

/** Zod's own English messages ("Invalid input: expected number, received NaN"): replaced by plain words. */
const ZOD_DEFAULT = /^(Invalid|Too small|Too big|Unrecognized key)/;

const KIND_WORDS: Record<string, string> = {
  number: 'enter a number',
  int: 'enter a whole number',
  bigint: 'enter a whole number',
  string: 'enter some text',
  boolean: 'should be yes or no',
  array: 'should be a list',
  object: 'should be an object (named fields, as JSON writes them)',
  record: 'should be an object (named settings, as JSON writes them)',
  date: 'enter a date',
};

const list = (xs: readonly unknown[]) => xs.map((x) => (typeof x === 'string' ? x : JSON.stringify(x))).join(', ');

/** One issue's message in plain words: the schema's own message when it wrote one, else words for zod's default. */
export function plainMessage(issue: Issue): string {
  if (!ZOD_DEFAULT.test(issue.message)) return issue.message;
  const i = issue as Record<string, unknown>;
  switch (issue.code) {
    case 'invalid_type':
      if (/received (undefined|null)$/.test(issue.message)) return 'is required';
      return KIND_WORDS[String(i.expected)] ?? `should be ${String(i.expected)}`;
    case 'too_small': {
      const min = Number(i.minimum);
      if (i.origin === 'string') return min <= 1 ? 'cannot be blank' : `needs at least ${min} characters`;
      if (i.origin === 'array' || i.origin === 'set') return min <= 1 ? 'pick at least one' : `pick at least ${min}`;
      return i.inclusive === false ? `must be more than ${min}` : `must be at least ${min}`;
    }
    case 'too_big': {
      const max = Number(i.maximum);
      if (i.origin === 'string') return `has at most ${max} characters`;
      if (i.origin === 'array' || i.origin === 'set') return `takes at most ${max}`;
      return i.inclusive === false ? `must be less than ${max}` : `must be at most ${max}`;
    }
    case 'invalid_value': {
      const values = (i.values as unknown[] | undefined) ?? [];
      return values.length === 1 ? `must be ${list(values)}` : `must be one of ${list(values)}`;
    }
    case 'invalid_union': {
      const options = i.options as unknown[] | undefined;
      return options?.length ? `must be one of ${list(options)}` : 'is not valid';
    }
    case 'unrecognized_keys': {
      const keys = (i.keys as string[] | undefined) ?? [];
      return `${keys.length === 1 ? 'unknown setting' : 'unknown settings'} ${list(keys)}`;
    }
    case 'invalid_format':
      return i.format === 'url'
        ? 'enter a URL such as https://host/v1'
        : i.format === 'email'
          ? 'enter an email address'
          : 'is not in the expected form';
    case 'not_multiple_of':
      return `must be a multiple of ${String(i.divisor)}`;
    case 'invalid_key':
    case 'invalid_element':
      return 'has an entry that is not valid';
    default:
      return 'is not valid';
  }
}

/** Whether a message already names its field ("pick at least one game" names "Games"; "Max cost (USD)" is "max cost"). */
function mentions(message: string, label: string): boolean {
  const m = message.toLowerCase();
  const l = label
    .toLowerCase()
    .replace(/\s*\([^)]*\)\s*/g, ' ')
    .trim();
  return m.includes(l) || (l.endsWith('s') && m.includes(l.slice(0, -1)));
}

/** "Label: message" (the message alone when it already names the field), and the field it is about. */
export function describeIssue(
  issue: Issue,
  labels: Record<string, string> = FIELD_LABELS,
): { message: string; field?: string } {
  const keys = issue.path.filter((p): p is string => typeof p === 'string');
  const field = keys[0];
  const message = plainMessage(issue);
  // The innermost labelled key names the field; keys below it (a game's own setting) follow it, as a path.
  let at = -1;
  for (let k = keys.length - 1; k >= 0; k--)
    if (labels[keys[k]!]) {
      at = k;
      break;
    }
  const own = at >= 0 ? labels[keys[at]!]! : null;
  // Keys below the labelled one (a game's own setting) follow it; list positions say nothing a reader can use.
  const rest = keys.slice(at + 1);
  const label = own ? (rest.length ? `${own} › ${rest.join('.')}` : own) : rest.length ? rest.join('.') : null;
  const named = !label || mentions(message, own ?? label);
  return { message: named ? message : `${label}: ${message}`, ...(field ? { field } : {}) };
}

export interface Described {
  /** Every problem, one per field (the first zod found for it), in plain words. */
  messages: string[];
  /** The messages on one line, "; " between them. */
  message: string;
  /** The top-level fields with a problem, in order (forms mark them invalid). */
  fields: string[];
}

/** Every field's problem in plain words, each named as its form labels it. */
export function describeIssues(issues: readonly Issue[], labels: Record<string, string> = FIELD_LABELS): Described {
  const seen = new Set<string>();
  const messages: string[] = [];
  const fields: string[] = [];
  for (const issue of issues) {
    const at = JSON.stringify(issue.path.map(String));
    if (seen.has(at)) continue; // one problem per field: the first is enough to act on
    seen.add(at);
    const d = describeIssue(issue, labels);
    if (!messages.includes(d.message)) messages.push(d.message);
    if (d.field && !fields.includes(d.field)) fields.push(d.field);
  }
  if (messages.length === 0) messages.push('invalid input');
  return { messages, message: messages.join('; '), fields };
}

/** A zod failure as one line of plain words naming every field with a problem. */
export function issuesText(err: { issues: readonly Issue[] }, labels?: Record<string, string>): string {
  return describeIssues(err.issues, labels).message;
}

/** The parsed value, or `toError(every problem in words)` thrown: an error a person can act on. */
export function parseOr<S extends z.ZodType>(
  schema: S,
  raw: unknown,
  toError: (message: string) => Error,
): z.output<S> {
  const r = schema.safeParse(raw);
  if (!r.success) throw toError(issuesText(r.error));
  return r.data;
}
