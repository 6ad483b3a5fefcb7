import type { ChildProcess } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import { freePort } from '../../src/db/embedded.ts';
import { spawnServer } from '../helpers/server-process.ts';

const dataDir = mkdtempSync(path.join(os.tmpdir(), 'portal-restart-'));

interface Running {
  child: ChildProcess;
  output: () => string;
  port: number;
}

/** Starts the server as `npm start` does after building, and waits for its banner. */
async function startServer(): Promise<Running> {
  const port = await freePort();
  const { child, output } = spawnServer({ PORT: String(port), DATA_DIR: dataDir, NODE_ENV: 'development' });
  await new Promise<void>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`server did not start:\n${output()}`)), 60_000);
    const check = setInterval(() => {
      if (output().includes('Press Ctrl-C to stop.')) {
        clearInterval(check);
        clearTimeout(timer);
        resolve();
      }
    }, 100);
    child.once('exit', (code) => {
      clearInterval(check);
      clearTimeout(timer);
      reject(new Error(`server exited with ${code}:\n${output()}`));
    });
  });
  return { child, output, port };
}

async function stopServer(server: Running): Promise<number | null> {
  const exited = new Promise<number | null>((resolve) => server.child.once('exit', resolve));
  server.child.kill('SIGINT');
  return exited;
}

/** The embedded cluster writes its port on the fourth line of postmaster.pid. */
function databaseClient(): pg.Client {
  const pid = readFileSync(path.join(dataDir, 'postgres/postmaster.pid'), 'utf8').split('\n');
  const password = readFileSync(path.join(dataDir, 'postgres-password'), 'utf8').trim();
  return new pg.Client({ host: '127.0.0.1', port: Number(pid[3]), user: 'portal', password, database: 'portal' });
}

async function query<T>(sql: string, params: unknown[] = []): Promise<T[]> {
  const client = databaseClient();
  await client.connect();
  try {
    return (await client.query(sql, params)).rows as T[];
  } finally {
    await client.end();
  }
}

afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

describe('npm start twice on one DATA_DIR', () => {
  it('seeds once, keeps what was written, and stops cleanly on Ctrl-C', async () => {
    const first = await startServer();
    expect(first.output()).toContain('just created');
    const health = await fetch(`http://127.0.0.1:${first.port}/api/health`);
    expect(health.status).toBe(200);
    await query("update site_settings set value = 'kept@example.com' where key = 'support_email'");
    const [before] = await query<{ users: number; pages: number }>(
      'select (select count(*)::int from users) as users, (select count(*)::int from content_pages) as pages',
    );
    expect(await stopServer(first)).toBe(0);
    expect(first.output()).toContain('Stopped cleanly.');

    const second = await startServer();
    expect(second.output()).not.toContain('just created');
    const [after] = await query<{ users: number; pages: number }>(
      'select (select count(*)::int from users) as users, (select count(*)::int from content_pages) as pages',
    );
    expect(after).toEqual(before);
    const settings = (await (await fetch(`http://127.0.0.1:${second.port}/api/settings`)).json()) as {
      settings: { support_email: string };
    };
    expect(settings.settings.support_email).toBe('kept@example.com');
    expect(await stopServer(second)).toBe(0);
  }, 120_000);
});
