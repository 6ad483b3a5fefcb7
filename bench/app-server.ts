import { type ChildProcess, spawn } from 'node:child_process';
import { closeSync, existsSync, openSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { createDatabase, type Database } from '../apps/server/src/db/client.ts';
import { freePort } from '../apps/server/src/db/embedded.ts';
import { runMigrations } from '../apps/server/src/db/migrate.ts';
import type { FileStorage } from '../apps/server/src/lib/storage/file-storage.ts';
import { LocalFileStorage } from '../apps/server/src/lib/storage/local-storage.ts';
import { SERVER_ENV, SERVER_NODE_FLAGS } from '../apps/server/src/node-flags.ts';
import { seedReferenceData } from '../apps/server/src/seed/seed.ts';
import { BenchError, hasExited, track } from './lifecycle.ts';

const ROOT = path.resolve(import.meta.dirname, '..');
const SERVER_MAIN = path.join(ROOT, 'apps/server/src/main.ts');

/** What a benchmark sends to a server. */
export interface HttpRequest {
  /** GET when not given. */
  method?: 'GET' | 'POST';
  /** Request headers, e.g. a cookie a signed-in browser would carry. */
  headers?: Record<string, string>;
  /** The request body (JSON for a POST), the same for every request. */
  body?: string;
  /** Bodies given to the connections in turn in place of `body` (the first of them): each connection sends its own. */
  bodies?: string[];
}

/** The production server a benchmark runs, on loopback. */
export interface AppServer {
  /** Where to send requests: http://127.0.0.1:port. */
  url: string;
  /** The PUBLIC_URL it was given, http://localhost:port: what its pages link to, and what a browser should open. */
  publicUrl: string;
  process: ChildProcess;
  /** Where its output goes. */
  logFile: string;
}

function serverLogTail(file: string): string {
  if (!existsSync(file)) return '';
  const text = readFileSync(file, 'utf8').trimEnd();
  return text ? `\n--- last lines of the server output ---\n${text.split('\n').slice(-20).join('\n')}` : '';
}

/** Waits until `url` answers 2xx, failing early if the process meant to serve it has stopped. */
export async function waitForHttp(
  url: string,
  child: ChildProcess,
  what: string,
  timeoutMs: number,
  { logFile, request = {} }: { logFile?: string; request?: HttpRequest } = {},
) {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (hasExited(child)) {
      throw new BenchError(
        `The ${what} stopped during start (${child.signalCode ?? `exit code ${child.exitCode}`}).${logFile ? serverLogTail(logFile) : ''}`,
      );
    }
    try {
      const { method = 'GET', headers, body } = request;
      const response = await fetch(url, { method, headers, body, signal: AbortSignal.timeout(2000) });
      await response.arrayBuffer();
      if (response.ok) return;
    } catch {
      // Not listening yet.
    }
    await sleep(100);
  }
  throw new BenchError(
    `The ${what} did not answer ${url} within ${timeoutMs / 1000} s.${logFile ? serverLogTail(logFile) : ''}`,
  );
}

export async function fetchOk(url: string, request: HttpRequest = {}): Promise<string> {
  const { method = 'GET', headers, body } = request;
  const response = await fetch(url, { method, headers, body, signal: AbortSignal.timeout(5000) });
  const text = await response.text();
  if (!response.ok) throw new BenchError(`${method} ${url} answered ${response.status}: ${text.slice(0, 300)}`);
  return text;
}

/**
 * Migrates the database and writes the reference data, then what `seed` adds (the catalogue,
 * or the whole demo). Production seeds no demo, so a benchmark seeds before the server starts.
 */
export async function seedDatabase(
  databaseUrl: string,
  uploadsDir: string,
  seed: (db: Database, storage: FileStorage) => Promise<unknown>,
): Promise<void> {
  const db = createDatabase(databaseUrl, { max: 2 });
  try {
    await runMigrations(db);
    await seedReferenceData(db);
    await seed(db, new LocalFileStorage(uploadsDir));
  } finally {
    await db.$client.end();
  }
}

function serverEnv(
  port: number,
  dataDir: string,
  databaseUrl: string,
  logLevel?: string,
  overrides: Record<string, string | undefined> = {},
): NodeJS.ProcessEnv {
  const env = { ...process.env };
  // Whatever the caller's shell configures for the server must not leak into the measurement.
  for (const key of Object.keys(env)) {
    if (
      /^(NODE_ENV|PORT|HOST|DATA_DIR|DATABASE_URL|PUBLIC_URL|SMTP_URL|SEED_DEMO|LOG_LEVEL|WEB_DIST|TRUST_PROXY|STRIPE_.*)$/.test(
        key,
      )
    ) {
      delete env[key];
    }
  }
  const merged: NodeJS.ProcessEnv = {
    ...env,
    ...SERVER_ENV,
    NODE_ENV: 'production',
    HOST: '127.0.0.1',
    PORT: String(port),
    PUBLIC_URL: `http://localhost:${port}`,
    // Nothing listens there: no mail can leave during the run.
    SMTP_URL: 'smtp://127.0.0.1:1',
    // Production requires Stripe; no payment is started during the run, so the keys are never used.
    STRIPE_SECRET_KEY: 'sk_test_bench',
    STRIPE_WEBHOOK_SECRET: 'whsec_bench',
    DATA_DIR: dataDir,
    DATABASE_URL: databaseUrl,
    ...(logLevel ? { LOG_LEVEL: logLevel } : {}),
    ...overrides,
  };
  // An override of undefined leaves the variable out.
  for (const [key, value] of Object.entries(overrides)) if (value === undefined) delete merged[key];
  return merged;
}

/**
 * Starts apps/server/src/main.ts as production runs it (NODE_ENV=production, SERVER_NODE_FLAGS)
 * on a free port, its output appended to `logFile`, and waits until it answers /api/health.
 */
export async function startAppServer(options: {
  dataDir: string;
  databaseUrl: string;
  logFile: string;
  /** Node flags added to SERVER_NODE_FLAGS, e.g. to write a CPU profile. */
  nodeFlags?: string[];
  logLevel?: string;
  /** Variables set over the production ones (undefined removes one), e.g. the load test's test gateway. */
  env?: Record<string, string | undefined>;
}): Promise<AppServer> {
  const port = await freePort();
  const logFd = openSync(options.logFile, 'a');
  const child = track(
    spawn(process.execPath, [...SERVER_NODE_FLAGS, ...(options.nodeFlags ?? []), SERVER_MAIN], {
      cwd: ROOT,
      env: serverEnv(port, options.dataDir, options.databaseUrl, options.logLevel, options.env),
      stdio: ['ignore', logFd, logFd],
    }),
  );
  closeSync(logFd);
  const url = `http://127.0.0.1:${port}`;
  await waitForHttp(`${url}/api/health`, child, 'app server', 120_000, { logFile: options.logFile });
  return { url, publicUrl: `http://localhost:${port}`, process: child, logFile: options.logFile };
}

/** Fails with the end of the server's output when it has stopped: a run against a dead server measures nothing. */
export function assertRunning(app: AppServer): void {
  const child = app.process;
  if (hasExited(child)) {
    throw new BenchError(
      `The app server stopped during the run (${child.signalCode ?? `exit code ${child.exitCode}`}).${serverLogTail(app.logFile)}`,
    );
  }
}
