// The protocol a match is played under: game version and preset, each seat's agent protocol, the generator,
// the data sets' and judge prompts' versions; a JSON object stored with the match, its short key and a one-line label.
import { createHash } from 'node:crypto';
import { z } from 'zod';
import { promptSwitchesOf, rulesUpfrontOf, visionOf } from './admin-input';
import type { GameDef } from './engine/types';

export const matchProtocolSchema = z.object({
  /** The game's id and its protocol version (`GameDef.version`). */
  game: z.string().min(1),
  version: z.number().int().positive(),
  /** `defaults`, the label of one of the game's settings presets, `demo`, or `custom` (then `config` says which). */
  preset: z.string().min(1),
  /** The config with every default filled in, when it is no named preset. */
  config: z.unknown().optional(),
  /** The agents' protocols, sorted, each once: `cot/v2` (scaffold/prompt version, `+` settings), or a baseline. */
  agents: z.array(z.string().min(1)),
  /** The random generator that dealt the match (lib/engine/rng.ts). */
  generator: z.string().min(1),
  /** The game's data sets' versions (`GameDef.data`). */
  data: z.record(z.string(), z.string()),
  /** The judge prompts' versions of the stages after play that judge the match. */
  judges: z.record(z.string(), z.string()),
});
export type MatchProtocol = z.infer<typeof matchProtocolSchema>;

/** A seat's agent, as the agents table stores it. */
export interface ProtocolAgent {
  kind: string;
  scaffold: string | null;
  promptVersion: string | null;
  settings: unknown;
}

/**
 * An agent's protocol in one word: an LLM's scaffold and prompt version with the settings that change its prompt
 * (`cot/v2+rules-upfront+vision+spy:no-word-guessing`); `person` for a person; `engine` and `random` for the baselines.
 */
export function agentProtocol(a: ProtocolAgent): string {
  if (a.kind === 'human') return 'person';
  if (a.kind !== 'llm') return a.kind;
  const extras = [
    ...(rulesUpfrontOf(a.settings) ? ['rules-upfront'] : []),
    ...(visionOf(a.settings) ? ['vision'] : []),
    ...[...promptSwitchesOf(a.settings)].sort(),
  ];
  return [`${a.scaffold ?? 'base'}/${a.promptVersion ?? 'unversioned'}`, ...extras].join('+');
}

/**
 * Which named settings a config is: `defaults`, a preset's label, `demo`, or `custom` with the config parsed. A
 * host/guest match's config (the named settings placed around the guest, SpyGame's spy seat) counts as those settings.
 */
export function presetOf(game: GameDef, config: unknown, numPlayers: number): { preset: string; config?: unknown } {
  let parsed: unknown;
  try {
    parsed = game.parseConfig(config);
  } catch {
    return { preset: 'custom', config: config ?? {} };
  }
  const text = jsonbText(parsed);
  const named: [string, unknown][] = [
    ['defaults', game.defaultConfig],
    ...game.meta.settingsPresets.map((p): [string, unknown] => [p.label, game.parseConfig(p.config)]),
    ...(game.demoConfig ? [['demo', game.demoConfig] as [string, unknown]] : []),
  ];
  for (const [label, c] of named) {
    if (jsonbText(c) === text) return { preset: label };
    for (let seat = 0; seat < numPlayers; seat++) {
      const placed = game.hostGuest.config(c, seat, numPlayers);
      if (placed !== c && jsonbText(game.parseConfig(placed)) === text) return { preset: label };
    }
  }
  return { preset: 'custom', config: JSON.parse(JSON.stringify(parsed)) as unknown };
}

/** The protocol of a match about to be created. */
export function matchProtocol(p: {
  game: GameDef;
  config: unknown;
  agents: readonly ProtocolAgent[];
  generator: string;
  judges?: Readonly<Record<string, string>>;
}): MatchProtocol {
  return {
    game: p.game.id,
    version: p.game.version,
    ...presetOf(p.game, p.config, p.agents.length),
    agents: [...new Set(p.agents.map(agentProtocol))].sort(),
    generator: p.generator,
    data: { ...p.game.data },
    judges: { ...(p.judges ?? {}) },
  };
}

/**
 * The protocol's short key: the first 16 hex digits of the MD5 of its text as Postgres writes the jsonb value (keys by
 * length, then bytes; `", "` and `": "`), so that the database computes the same key for the stored value
 * (`matches.protocol_key` is generated from `matches.protocol`). An identifier, not a secret: MD5 is enough.
 */
export function protocolKey(p: MatchProtocol): string {
  return shortKey(p);
}

/** The first 16 hex digits of the MD5 of a value's jsonb text: `left(md5(value::text), 16)` in Postgres. */
const shortKey = (v: unknown) => createHash('md5').update(jsonbText(v)).digest('hex').slice(0, 16);

/**
 * The rules a match was played under: its protocol without the agents (each agent is its own row on the leaderboard),
 * the generator (every generator deals alike) and the judges (they act after play, never on who won). Matches under the
 * same rules compare, whoever played them.
 */
export type RulesProtocol = Omit<MatchProtocol, 'agents' | 'generator' | 'judges'>;

export function rulesOf(p: MatchProtocol): RulesProtocol {
  const { agents: _agents, generator: _generator, judges: _judges, ...rules } = p;
  return rules;
}

/** The rules' short key, as Postgres generates `matches.rules_key` from the stored protocol (same text, same MD5). */
export function rulesKey(p: MatchProtocol): string {
  return shortKey(rulesOf(p));
}

/**
 * The rules in a few words: `tictactoe v1 · defaults`, or `… · custom` (the key tells two custom settings apart). A
 * custom config's values are never in it: they may fix a secret (Who is the spy's word pair and the spy's word) that
 * a match under the same settings still being played deals again.
 */
export function rulesLabel(r: RulesProtocol): string {
  return `${r.game} v${r.version} · ${r.preset}`;
}

/** One line: `tictactoe v1 · defaults · cot/v2 · hmac-sha256-chacha20`, and the judges' prompts when judged. */
export function protocolLabel(p: MatchProtocol): string {
  const judges = Object.entries(p.judges).map(([k, v]) => `${k} ${v}`);
  return [
    `${p.game} v${p.version}`,
    p.preset,
    p.agents.join(' + ') || 'no agents',
    p.generator,
    ...(judges.length ? [`judged by ${judges.join(', ')}`] : []),
  ].join(' · ');
}

/**
 * The detail behind the label, one `name: value` line each (the match page's expanded protocol). `hideConfig`: a
 * custom config's values are left out (a match still being played: they may fix its secrets, see `rulesLabel`).
 */
export function protocolDetails(p: MatchProtocol, opts: { hideConfig?: boolean } = {}): string[] {
  const config =
    p.config === undefined ? '' : opts.hideConfig ? ' (shown when the match is over)' : ` ${JSON.stringify(p.config)}`;
  return [
    `game: ${p.game} version ${p.version}`,
    `settings: ${p.preset}${config}`,
    `agents: ${p.agents.join(', ') || 'none'}`,
    `generator: ${p.generator}`,
    ...Object.entries(p.data).map(([k, v]) => `data ${k}: ${v}`),
    ...Object.entries(p.judges).map(([k, v]) => `judge prompt ${k}: ${v}`),
  ];
}

const rulesSchema = matchProtocolSchema.omit({ agents: true, generator: true, judges: true });

/** Stored rules (a protocol without agents, generator and judges) read back; null when they are not. */
export function readRules(stored: unknown): RulesProtocol | null {
  const r = rulesSchema.safeParse(stored);
  return r.success ? r.data : null;
}

/** A stored protocol read back; null when the match has none or it is not one (a readable reason is not needed here). */
export function readProtocol(stored: unknown): MatchProtocol | null {
  const r = matchProtocolSchema.safeParse(stored);
  return r.success ? r.data : null;
}

/** A JSON value's text as Postgres' jsonb output writes it (numbers as JSON.stringify writes them). */
export function jsonbText(v: unknown): string {
  if (v === null || v === undefined) return 'null';
  if (typeof v === 'string') return JSON.stringify(v);
  if (typeof v === 'number' || typeof v === 'boolean') return JSON.stringify(v);
  if (Array.isArray(v)) return `[${v.map((x) => jsonbText(x === undefined ? null : x)).join(', ')}]`;
  const entries = Object.entries(v as Record<string, unknown>).filter(([, x]) => x !== undefined);
  const bytes = (s: string) => Buffer.from(s, 'utf8');
  entries.sort(([a], [b]) => {
    const ba = bytes(a);
    const bb = bytes(b);
    return ba.length - bb.length || Buffer.compare(ba, bb);
  });
  return `{${entries.map(([k, x]) => `${JSON.stringify(k)}: ${jsonbText(x)}`).join(', ')}}`;
}

/** What a page shows of a match's protocol: its key, its label and the detail; null for a match without one. */
export interface ProtocolSummary {
  key: string;
  label: string;
  details: string[];
}

/** A stored protocol as a page shows it (the key as the database computed it, else computed here). */
export function protocolSummary(
  stored: unknown,
  key?: string | null,
  opts: { hideConfig?: boolean } = {},
): ProtocolSummary | null {
  const p = readProtocol(stored);
  return p && { key: key ?? protocolKey(p), label: protocolLabel(p), details: protocolDetails(p, opts) };
}
