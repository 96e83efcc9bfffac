// Settings presets across games: one name, each game's own config for it. GameBench's protocol is the preset labelled
// `gamebench` in each of GameBench's games (what its authors' code did where that changes results, games/<id>), so a
// tournament plays every chosen game under it with one choice (the tournament form, `--preset gamebench` on the CLI).
// The match's protocol then records `gamebench` as its preset (lib/match-protocol.ts, `presetOf`). Pure.

/** The preset label of GameBench's protocol. */
export const GAMEBENCH_PRESET = 'gamebench';

/** A game with its named presets (a GameDef's `id` and `meta.settingsPresets`, or the form's game choice). */
export interface PresetGame {
  id: string;
  presets: readonly { label: string; config: object }[];
}

/**
 * Each game's config for the preset `label`, for the games that have one; `missing` lists the others (in order), so a
 * caller can say which games would play under their defaults instead.
 */
export function presetConfigs(
  games: readonly PresetGame[],
  label: string,
): { configs: Record<string, object>; missing: string[] } {
  const configs: Record<string, object> = {};
  const missing: string[] = [];
  for (const g of games) {
    const p = g.presets.find((x) => x.label === label);
    if (p) configs[g.id] = p.config;
    else missing.push(g.id);
  }
  return { configs, missing };
}
