import type { ChildProcess } from 'node:child_process';
import { chmodSync, mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { type EmbeddedDatabase, startEmbeddedPostgres } from '../apps/server/src/db/embedded.ts';

/**
 * What a benchmark run owns (its temporary directory, its PostgreSQL, the processes it
 * started) and its orderly end: on return, on error and on Ctrl-C, everything is stopped
 * and the temporary data removed.
 */

/** A failure of the run whose message says everything: printed without a stack trace. */
export class BenchError extends Error {}

/** The processes to stop; those that lead a process group of their own are stopped with the whole group. */
const children = new Map<ChildProcess, { group: boolean }>();
let tempDir: string | undefined;
let database: EmbeddedDatabase | undefined;
let cleaning: Promise<void> | undefined;
let interrupted = false;

/**
 * Stops `child` with the others when the run ends. `group`: it was spawned detached, and the
 * processes it starts (Chromium's renderers and services) are stopped with it, so that none
 * is left writing into the temporary directory as it is removed.
 */
export function track<T extends ChildProcess>(child: T, { group = false } = {}): T {
  children.set(child, { group });
  child.once('exit', () => children.delete(child));
  return child;
}

function sendSignal(child: ChildProcess, name: NodeJS.Signals, group: boolean) {
  if (!group || !child.pid) {
    child.kill(name);
    return;
  }
  try {
    process.kill(-child.pid, name);
  } catch {
    // The group has already gone.
  }
}

export function hasExited(child: ChildProcess): boolean {
  return child.exitCode !== null || child.signalCode !== null;
}

async function stopChild(child: ChildProcess, group: boolean, graceMs: number): Promise<void> {
  if (hasExited(child)) return;
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  sendSignal(child, 'SIGTERM', group);
  const timer = setTimeout(() => sendSignal(child, 'SIGKILL', group), graceMs);
  await exited;
  clearTimeout(timer);
}

/** A new temporary directory for the run's data, removed when the run ends. */
export function makeTempDir(prefix: string): string {
  tempDir = mkdtempSync(path.join(os.tmpdir(), prefix));
  // Run as root, PostgreSQL runs as its own user and must be able to reach its cluster inside.
  chmodSync(tempDir, 0o711);
  return tempDir;
}

/** The run's own PostgreSQL, its cluster under `dataDir`; stopped after the processes when the run ends. */
export async function startDatabase(dataDir: string): Promise<EmbeddedDatabase> {
  database = await startEmbeddedPostgres(dataDir);
  return database;
}

function removeTempDir() {
  // Retried: a process that has just exited may have left a file being written.
  if (tempDir) rmSync(tempDir, { recursive: true, force: true, maxRetries: 5 });
}

/** Stops every child, then the database, then removes the temporary directory; safe to call twice. */
function cleanup(): Promise<void> {
  cleaning ??= (async () => {
    // The app gets time to finish in-flight requests and close its pool before the database goes.
    await Promise.all([...children].map(([child, { group }]) => stopChild(child, group, 20_000)));
    await database?.stop().catch(() => {});
    removeTempDir();
  })();
  return cleaning;
}

function onSignal(signal: NodeJS.Signals) {
  if (interrupted) {
    // A second Ctrl-C: stop waiting for anyone.
    for (const [child, { group }] of children) sendSignal(child, 'SIGKILL', group);
    removeTempDir();
    process.exit(130);
  }
  interrupted = true;
  process.stdout.write(`\n${signal}: stopping the servers and removing the temporary data…\n`);
  void cleanup().finally(() => process.exit(130));
}

/**
 * Runs `main`, then cleans up and exits with the code it returned: 1 when it threw (a
 * BenchError's message alone, anything else in full), 130 when interrupted.
 */
export function runBench(main: () => Promise<number>): void {
  process.on('SIGINT', onSignal);
  process.on('SIGTERM', onSignal);
  main()
    .then(
      (code) => ({ code }),
      (error: unknown) => {
        if (interrupted) return { code: 130 };
        console.error(error instanceof BenchError ? error.message : error);
        return { code: 1 };
      },
    )
    .then(async ({ code }) => {
      if (interrupted) return; // The signal handler cleans up and exits.
      await cleanup();
      process.exit(code);
    });
}
