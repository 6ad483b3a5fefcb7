import { type ChildProcess, spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { watchProcessOutput } from './logged-errors.ts';

const ROOT = path.resolve(import.meta.dirname, '../../../..');

export interface ServerProcess {
  child: ChildProcess;
  /** Everything it printed so far, standard output and errors together. */
  output(): string;
}

/**
 * Runs the server as `npm start` does after building, with these variables on top of ours.
 * Its JSON lines at error level or above fail the test they arrive in, as the in-process
 * server's do (`expectLoggedError`).
 */
export function spawnServer(env: Record<string, string>): ServerProcess {
  const child = spawn(process.execPath, ['apps/server/src/main.ts'], {
    cwd: ROOT,
    env: { ...process.env, HOST: '127.0.0.1', LOG_LEVEL: 'warn', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  const keep = (chunk: Buffer) => {
    output += chunk.toString();
  };
  child.stdout?.on('data', keep);
  child.stderr?.on('data', keep);
  watchProcessOutput(`server process ${child.pid}`, child.stdout);
  watchProcessOutput(`server process ${child.pid} (standard error)`, child.stderr);
  return { child, output: () => output };
}

export interface StartedServer extends ServerProcess {
  port: number;
  url: string;
}

/** Starts the server as `npm start` does after building, on a free port, and waits for its banner. */
export async function startServer(env: Record<string, string>, port: number): Promise<StartedServer> {
  const server = spawnServer({ PORT: String(port), ...env });
  await new Promise<void>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`server did not start:\n${server.output()}`)), 60_000);
    const check = setInterval(() => {
      if (server.output().includes('Press Ctrl-C to stop.')) done();
    }, 100);
    const exited = (code: number | null) => done(new Error(`server exited with ${code}:\n${server.output()}`));
    function done(error?: Error) {
      clearInterval(check);
      clearTimeout(timer);
      server.child.off('exit', exited);
      if (error) reject(error);
      else resolve();
    }
    server.child.once('exit', exited);
  });
  return { ...server, port, url: `http://127.0.0.1:${port}` };
}

/** Ends the process (SIGINT: an orderly stop; SIGKILL: as a crash) and waits until it has gone. */
export async function endServer(server: ServerProcess, signal: NodeJS.Signals = 'SIGINT'): Promise<number | null> {
  if (server.child.exitCode !== null || server.child.signalCode !== null) return server.child.exitCode;
  const exited = new Promise<number | null>((resolve) => server.child.once('exit', resolve));
  server.child.kill(signal);
  return exited;
}

/** The embedded database of a server's DATA_DIR: its postmaster's pid and port (postmaster.pid) and password. */
export function embeddedDatabase(dataDir: string): { pid: number; url: string } {
  const lines = readFileSync(path.join(dataDir, 'postgres/postmaster.pid'), 'utf8').split('\n');
  const password = readFileSync(path.join(dataDir, 'postgres-password'), 'utf8').trim();
  return {
    pid: Number(lines[0]),
    url: `postgres://portal:${password}@127.0.0.1:${Number(lines[3])}/portal`,
  };
}
