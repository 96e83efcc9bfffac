// The embedded Postgres' passwords (its superuser's and the app role's): random, generated once, kept in the data folder
// next to the cluster in a file only the arena's own user may read (mode 0600).
import { randomBytes } from 'node:crypto';
import { chmod, readFile, rename, rm, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';

export interface Credentials {
  /** Password of the cluster's superuser `postgres` (start-up only: roles, databases, upgrades; tests). */
  superuser: string;
  /** Password of the app role (`arena`): not a superuser, owns the arena's database. */
  app: string;
}

export const SUPERUSER = 'postgres';
export const APP_ROLE = 'arena';

/** `.arena/pg` → `.arena/pg-credentials.json`. */
export function credentialsFile(dataDir: string): string {
  const d = path.resolve(dataDir);
  return path.join(path.dirname(d), `${path.basename(d)}-credentials.json`);
}

export function newCredentials(): Credentials {
  return { superuser: randomBytes(24).toString('base64url'), app: randomBytes(24).toString('base64url') };
}

/** The stored passwords, or null when there are none yet. A file others may read is narrowed to 0600. */
export async function readCredentials(dataDir: string): Promise<Credentials | null> {
  const file = credentialsFile(dataDir);
  let text: string;
  try {
    text = await readFile(file, 'utf8');
  } catch (err) {
    const code = (err as { code?: string }).code;
    if (code === 'ENOENT') return null;
    if (code === 'EACCES')
      throw new Error(
        `cannot read ${file} (permission denied): run this as the user that started the arena, or set DATABASE_URL`,
        { cause: err },
      );
    throw err;
  }
  let c: Partial<Credentials>;
  try {
    c = JSON.parse(text) as Partial<Credentials>;
  } catch {
    c = {};
  }
  if (typeof c.superuser !== 'string' || typeof c.app !== 'string' || !c.superuser || !c.app) {
    throw new Error(
      `${file} is damaged (expected {"superuser": "…", "app": "…"}): restore it, or move it and ${path.resolve(dataDir)} aside to start with an empty database`,
    );
  }
  if (((await stat(file)).mode & 0o077) !== 0) await chmod(file, 0o600);
  return { superuser: c.superuser, app: c.app };
}

/** Writes the passwords atomically, mode 0600 from the first byte. */
export async function writeCredentials(dataDir: string, c: Credentials): Promise<Credentials> {
  const file = credentialsFile(dataDir);
  const tmp = `${file}.${process.pid}.tmp`;
  await rm(tmp, { force: true });
  await writeFile(tmp, `${JSON.stringify(c, null, 2)}\n`, { mode: 0o600, flag: 'wx' });
  await rename(tmp, file);
  return c;
}

export function postgresUrl(o: { user: string; password: string; port: number; database: string }): string {
  return `postgresql://${encodeURIComponent(o.user)}:${encodeURIComponent(o.password)}@127.0.0.1:${o.port}/${encodeURIComponent(o.database)}`;
}

/** The app role's URL of a running arena's embedded cluster (the CLI), from the password file next to `dataDir`. */
export async function embeddedUrl(dataDir: string, port: number, database = 'arena'): Promise<string> {
  const c = await readCredentials(dataDir);
  if (!c) throw new Error(`no ${credentialsFile(dataDir)} yet: start the arena first (npm start), or set DATABASE_URL`);
  return postgresUrl({ user: APP_ROLE, password: c.app, port, database });
}
