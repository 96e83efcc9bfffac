// GameBench-format results (its matches.json, and the arena's own /api/export/matches.json): an array of
// `{ "game": "<game id>", "<agent name>": <score>, … }`, one entry per match, every agent's score in [0, 1].
// Read into the rating library's matches, with one readable error naming the first bad entry. Datasets keep them
// (lib/datasets.ts, server/datasets.ts).
import { z } from 'zod';
import type { RatedMatch } from '../rating/types';

/** Limits on what one file may hold (an import is admin input, but a file can still be anything). */
export const GAMEBENCH_LIMITS = { entries: 200_000, agentsPerEntry: 64, nameLength: 200, gameLength: 64 } as const;

const scoreSchema = z
  .number({ error: 'must be a number' })
  .finite('must be a finite number')
  .min(0, 'must be 0 or more')
  .max(1, 'must be at most 1 (GameBench scores a match in [0, 1])');

export class GamebenchFormatError extends Error {
  override name = 'GamebenchFormatError';
}

/** What a file holds: its matches (ids `<prefix><index>`), and the agent names and games in it. */
export interface GamebenchData {
  matches: RatedMatch[];
  agents: string[];
  games: string[];
}

const describe = (v: unknown) =>
  v === null ? 'null' : Array.isArray(v) ? 'an array' : typeof v === 'string' ? `"${v.slice(0, 40)}"` : typeof v;

/**
 * Parses GameBench-format JSON text. Throws a GamebenchFormatError naming the entry (its index, and its game when it
 * has one) and what is wrong with it; nothing is returned from a file with any bad entry.
 */
export function parseGamebench(text: string, opts: { idPrefix?: string } = {}): GamebenchData {
  let raw: unknown;
  try {
    raw = JSON.parse(text);
  } catch (err) {
    throw new GamebenchFormatError(`the file is not JSON: ${(err as Error).message}`);
  }
  return readGamebench(raw, opts);
}

/** Reads GameBench-format matches already parsed from JSON (a stored dataset's entries); errors as parseGamebench's. */
export function readGamebench(raw: unknown, opts: { idPrefix?: string } = {}): GamebenchData {
  if (!Array.isArray(raw))
    throw new GamebenchFormatError(
      `the file must be a JSON array of matches ({ "game": …, "<agent>": score, … }), not ${describe(raw)}`,
    );
  if (raw.length === 0) throw new GamebenchFormatError('the file holds no matches');
  if (raw.length > GAMEBENCH_LIMITS.entries)
    throw new GamebenchFormatError(
      `the file holds ${raw.length} matches; at most ${GAMEBENCH_LIMITS.entries} can be imported at once`,
    );
  const prefix = opts.idPrefix ?? 'gb-';
  const agents = new Set<string>();
  const games = new Set<string>();
  const matches = raw.map((entry, i): RatedMatch => {
    const where = (game?: string) => `entry ${i}${game ? ` (game "${game}")` : ''}`;
    if (typeof entry !== 'object' || entry === null || Array.isArray(entry))
      throw new GamebenchFormatError(`${where()} must be an object, not ${describe(entry)}`);
    const record = entry as Record<string, unknown>;
    const game = record.game;
    if (typeof game !== 'string' || !game.trim())
      throw new GamebenchFormatError(`${where()} has no "game" (a non-empty string naming the game)`);
    if (game.length > GAMEBENCH_LIMITS.gameLength)
      throw new GamebenchFormatError(
        `${where()}: the game name is longer than ${GAMEBENCH_LIMITS.gameLength} characters`,
      );
    const names = Object.keys(record).filter((k) => k !== 'game');
    if (names.length < 2)
      throw new GamebenchFormatError(
        `${where(game)} has ${names.length === 0 ? 'no agent' : `one agent ("${names[0]}")`}: a match needs two agents or more`,
      );
    if (names.length > GAMEBENCH_LIMITS.agentsPerEntry)
      throw new GamebenchFormatError(
        `${where(game)} has ${names.length} agents; at most ${GAMEBENCH_LIMITS.agentsPerEntry}`,
      );
    const seats = names.map((name) => {
      if (!name.trim() || name.length > GAMEBENCH_LIMITS.nameLength)
        throw new GamebenchFormatError(
          `${where(game)}: an agent name must be 1 to ${GAMEBENCH_LIMITS.nameLength} characters`,
        );
      const score = scoreSchema.safeParse(record[name]);
      if (!score.success)
        throw new GamebenchFormatError(
          `${where(game)}: the score of "${name}" ${score.error.issues[0]!.message} (got ${describe(record[name])})`,
        );
      agents.add(name);
      return { agentId: name, score: score.data };
    });
    games.add(game);
    return { id: `${prefix}${i}`, gameId: game, seats };
  });
  return { matches, agents: [...agents].sort(), games: [...games].sort() };
}
