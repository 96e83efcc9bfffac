// Imported datasets (issue 21, item 3) on Postgres: import a GameBench-format file under a name (CLI and admin
// upload), list, delete. A dataset is read-only: its name is taken once, its matches never change, and they are rated
// on their own, never mixed with the arena's matches (server/datasets.ts reads them for the leaderboard).
import { datasetNameSchema } from '../datasets';
import type { Db } from './client';
import { UserError } from '../errors';
import { GamebenchFormatError, parseGamebench } from '../imports/gamebench';

/** A refused import or a dataset that is not there, in words the admin can act on. */
export class DatasetError extends UserError {
  override name = 'DatasetError';
}

export interface DatasetSummary {
  id: string;
  name: string;
  format: string;
  source: string | null;
  matchCount: number;
  agents: string[];
  games: string[];
  createdAt: Date;
}

const SUMMARY = {
  id: true,
  name: true,
  format: true,
  source: true,
  matchCount: true,
  agents: true,
  games: true,
  createdAt: true,
} as const;

/** The largest file an import reads (GameBench's own matches.json is 20 kB; 200,000 matches fit). */
export const MAX_IMPORT_BYTES = 32 * 1024 * 1024;

/**
 * Reads a GameBench-format file and stores it as a new dataset. Refuses, with one readable error and nothing stored:
 * a bad name, a name already taken (datasets are read-only: they are never replaced), a file too large, not JSON, or
 * any bad entry (named by its index and game).
 */
export async function importDataset(
  db: Db,
  input: { name: string; text: string; source?: string | null; createdBy?: string | null },
): Promise<DatasetSummary> {
  const name = datasetNameSchema.safeParse(input.name);
  if (!name.success) throw new DatasetError(name.error.issues[0]!.message, { field: 'name' });
  if (Buffer.byteLength(input.text) > MAX_IMPORT_BYTES)
    throw new DatasetError(`the file is larger than ${MAX_IMPORT_BYTES / 1024 / 1024} MB`, { field: 'file' });
  let data;
  try {
    data = parseGamebench(input.text);
  } catch (err) {
    if (err instanceof GamebenchFormatError) throw new DatasetError(err.message, { field: 'file' });
    throw err;
  }
  if (await db.dataset.findUnique({ where: { name: name.data }, select: { id: true } })) throw taken(name.data);
  // Stored as GameBench's format again, entry by entry as read (the same games, names and scores; nothing else kept).
  // Names are the file's: any string, "__proto__" and "constructor" included. Each entry is made with own properties
  // only (Object.fromEntries and spread define them, where `entry[name] = …` would set the prototype instead), and
  // written as JSON text: Prisma's own serialisation of a Json value copies objects by assignment and drops a
  // "__proto__" key (the agent vanished and every view of the dataset failed).
  const entries = data.matches.map((m) => ({
    game: m.gameId,
    ...Object.fromEntries(m.seats.map((s) => [s.agentId, s.score])),
  }));
  try {
    return await db.$transaction(
      async (tx) => {
        const d = await tx.dataset.create({
          data: {
            name: name.data,
            format: 'gamebench',
            source: input.source?.slice(0, 200) ?? null,
            matchCount: entries.length,
            agents: data.agents,
            games: data.games,
            entries: [],
            createdBy: input.createdBy ?? null,
          },
          select: SUMMARY,
        });
        await tx.$executeRaw`UPDATE datasets SET entries = ${JSON.stringify(entries)}::jsonb WHERE id = ${d.id}`;
        return d;
      },
      { timeout: 60_000 },
    );
  } catch (err) {
    // Two imports under one name at once: the second is told the name is taken.
    if ((err as { code?: string }).code === 'P2002') throw taken(name.data);
    throw err;
  }
}

const taken = (name: string) =>
  new DatasetError(
    `a dataset named "${name}" exists already; datasets are read-only, so import under another name (or delete that one first)`,
    { field: 'name' },
  );

export async function listDatasets(db: Db): Promise<DatasetSummary[]> {
  return db.dataset.findMany({ select: SUMMARY, orderBy: { createdAt: 'desc' } });
}

export async function deleteDataset(db: Db, name: string): Promise<void> {
  const { count } = await db.dataset.deleteMany({ where: { name } });
  if (count === 0) throw new DatasetError(`there is no dataset named "${name}"`);
}

/** The datasets with these names (every one must exist: a leaderboard never shows fewer than it was asked for). */
export async function findDatasets(db: Db, names: readonly string[]): Promise<DatasetSummary[]> {
  const found = await db.dataset.findMany({
    where: { name: { in: [...names] } },
    select: SUMMARY,
    orderBy: { name: 'asc' },
  });
  const missing = names.filter((n) => !found.some((d) => d.name === n));
  if (missing.length) throw new DatasetError(`there is no dataset named ${missing.map((n) => `"${n}"`).join(', ')}`);
  return found;
}
