// Named sets of frozen SimulBench scripts: the scripts an evaluation extracted (`tournament:<id>`) and imported ones
// (`import:<name>`). A set is exported as a versioned file and imported whole; a later evaluation can score new targets
// on an existing set, so they answer exactly the same histories.
import type { Task } from '../../../games/simulbench/types';
import { AdminError } from '../../admin-input';
import type { Db } from '../client';
import { parseScriptFile, scriptFile, type ScriptFile } from '../../simulbench/script-file';
import type { ChatTurn, ScriptType } from '../../simulbench/types';

/** The set a tournament's extracted scripts belong to. */
export const tournamentScriptSet = (tournamentId: string) => `tournament:${tournamentId}`;
/** The set an import is stored as. */
export const importedScriptSet = (name: string) => `import:${name}`;

const NAME = /^[a-z0-9][a-z0-9._-]{0,63}$/;

export interface ScriptSetSummary {
  setName: string;
  /** For people: the evaluation's name, or the import's. */
  label: string;
  scripts: number;
}

/** Every script set with its size, newest first. */
export async function listScriptSets(db: Db): Promise<ScriptSetSummary[]> {
  const rows = await db.$queryRaw<{ set_name: string; n: bigint; newest: Date }[]>`
    SELECT set_name, COUNT(*) AS n, MAX(created_at) AS newest FROM simul_scripts GROUP BY set_name ORDER BY newest DESC LIMIT 200`;
  const ids = rows.flatMap((r) =>
    r.set_name.startsWith('tournament:') ? [r.set_name.slice('tournament:'.length)] : [],
  );
  const names = new Map(
    (await db.tournament.findMany({ where: { id: { in: ids } }, select: { id: true, name: true } })).map((t) => [
      t.id,
      t.name,
    ]),
  );
  return rows.map((r) => ({
    setName: r.set_name,
    label: r.set_name.startsWith('tournament:')
      ? `scripts of “${names.get(r.set_name.slice(11)) ?? r.set_name.slice(11)}”`
      : `imported set ${r.set_name.slice('import:'.length)}`,
    scripts: Number(r.n),
  }));
}

export interface StoredScript {
  id: string;
  key: string;
  task: Task;
  type: ScriptType;
  turn: number;
  history: ChatTurn[];
  judgedTurn: number | null;
}

/** A set's scripts in a stable order; an AdminError naming the sets when it does not exist. */
export async function loadScriptSet(db: Db, setName: string): Promise<StoredScript[]> {
  const rows = await db.simulScript.findMany({ where: { setName }, orderBy: [{ createdAt: 'asc' }, { key: 'asc' }] });
  if (rows.length === 0) {
    const sets = (await listScriptSets(db)).map((s) => s.setName);
    throw new AdminError(
      `there is no script set "${setName}"${sets.length ? `: the sets are ${sets.slice(0, 10).join(', ')}` : ' yet: run an evaluation or import one'}`,
    );
  }
  return rows.map((r) => ({
    id: r.id,
    key: r.key,
    task: r.task as unknown as Task,
    type: r.type as ScriptType,
    turn: r.turn,
    history: r.history as unknown as ChatTurn[],
    judgedTurn: r.judgedTurn,
  }));
}

/** A set as the versioned file. */
export async function exportScriptSet(db: Db, setName: string, source?: string): Promise<ScriptFile> {
  return scriptFile(await loadScriptSet(db, setName), { source: source ?? setName, exportedAt: new Date() });
}

/** Stores a script file as the set `import:<name>` (a name is taken once); nothing is stored when the file is bad. */
export async function importScriptSet(
  db: Db,
  name: string,
  text: string,
): Promise<{ setName: string; scripts: number }> {
  if (!NAME.test(name))
    throw new AdminError(
      `a script set's name is lowercase letters, digits, dots, dashes and underscores (at most 64), not ${JSON.stringify(name)}`,
    );
  const parsed = parseScriptFile(text);
  if ('error' in parsed) throw new AdminError(parsed.error);
  const setName = importedScriptSet(name);
  if (await db.simulScript.count({ where: { setName } }))
    throw new AdminError(`the script set "${name}" exists already: choose another name`);
  await db.simulScript.createMany({
    data: parsed.file.scripts.map((s) => ({
      setName,
      key: s.key,
      task: s.task as object,
      taskId: s.task.id,
      kind: s.task.kind,
      type: s.type,
      turn: s.turn,
      history: s.history as object[],
      judgedTurn: s.judgedTurn ?? null,
    })),
  });
  return { setName, scripts: parsed.file.scripts.length };
}
