import { randomUUID } from 'node:crypto';
import os from 'node:os';
import { MSG } from '@portal/contracts/messages';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../src/app.ts';
import { createCaches } from '../../src/boot.ts';
import type { AppContext } from '../../src/context.ts';
import { createDatabase } from '../../src/db/client.ts';
import { freePort } from '../../src/db/embedded.ts';
import { server_instances } from '../../src/db/schema/index.ts';
import { ChangeFeed } from '../../src/lib/change-feed.ts';
import { uploadsDir } from '../../src/lib/storage/create-file-storage.ts';
import { JobQueue } from '../../src/modules/jobs/job-queue.ts';
import { createTestGateway } from '../../src/modules/payments/test-gateway.ts';
import { startServerHeartbeat } from '../../src/modules/servers/server-heartbeat.ts';
import { sinkLogger } from '../helpers/logged-errors.ts';
import { createApiClient, createTestApp, type TestApp } from '../helpers/test-app.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t?.close());

/** The app wired to a PostgreSQL address where nothing listens, as when the database is down. */
async function appWithUnreachableDatabase() {
  const url = `postgres://portal:secret@127.0.0.1:${await freePort()}/portal`;
  const db = createDatabase(url);
  const feed = new ChangeFeed();
  const ctx: AppContext = {
    config: t.config,
    log: sinkLogger('server without a database'),
    clock: () => new Date(),
    db,
    draftDb: db,
    feed,
    jobs: new JobQueue(url, sinkLogger('server without a database')),
    gateway: createTestGateway(db, t.config.publicUrl),
    storage: t.ctx.storage,
    cache: createCaches(db, feed),
  };
  const app = await buildApp(ctx);
  return {
    app,
    async close() {
      await app.close();
      await db.$client.end();
    },
  };
}

describe('GET /api/health', () => {
  it('answers that the process is up', async () => {
    const res = await t.api.get('/api/health');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^application\/json/);
    expect(res.json()).toMatchObject({ status: 'success', message: 'ok', uptime_s: expect.any(Number) });
  });
});

describe('GET /api/ready', () => {
  it('answers that the database is up', async () => {
    const res = await t.api.get('/api/ready');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ status: 'success', message: 'ok', database: 'up', storage: 'folder', servers: 1 });
  });

  it('answers 503 with the unavailable message when the database cannot be reached', async () => {
    const down = await appWithUnreachableDatabase();
    try {
      const api = createApiClient(down.app);
      const ready = await api.get('/api/ready');
      expect(ready.statusCode).toBe(503);
      expect(ready.json()).toEqual({ status: 'error', message: MSG.databaseUnavailable });

      // The process itself is still up: health does not touch the database.
      expect((await api.get('/api/health')).statusCode).toBe(200);
    } finally {
      await down.close();
    }
  });
});

/** A row of another server, as its heartbeat writes it, last seen `secondsAgo` seconds ago. */
async function otherServer(storage: 'bucket' | 'folder', filesAt: string, secondsAgo = 0) {
  const id = randomUUID();
  await t.db.insert(server_instances).values({
    id,
    host: 'portal-2',
    storage,
    files_at: filesAt,
    seen_at: sql`now() - make_interval(secs => ${secondsAgo})`,
  });
  return { remove: () => t.db.delete(server_instances).where(eq(server_instances.id, id)) };
}

describe('the servers sharing the database', () => {
  it('each running server keeps a row of its own, with its host and where it keeps files', async () => {
    const rows = await t.db.select().from(server_instances);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      host: os.hostname(),
      storage: 'folder',
      files_at: `${os.hostname()}:${uploadsDir(t.config)}`,
    });
    expect(Date.now() - (rows[0]?.seen_at.getTime() ?? 0)).toBeLessThan(60_000);
  });

  it('a heartbeat writes its row again on each beat and deletes it when stopped', async () => {
    const heartbeat = await startServerHeartbeat(
      t.db,
      { storage: 'bucket', filesAt: 's3://portal-files' },
      { intervalMs: 20 },
    );
    const seen = async () =>
      (await t.db.select().from(server_instances).where(eq(server_instances.id, heartbeat.id)))[0]?.seen_at;
    const first = await seen();
    expect(first).toBeInstanceOf(Date);
    await expect
      .poll(async () => (await seen())?.getTime(), { timeout: 10_000 })
      .toBeGreaterThan(first?.getTime() ?? 0);
    await heartbeat.stop();
    expect(await seen()).toBeUndefined();
    expect(await t.db.select().from(server_instances)).toHaveLength(1);
  });

  it('answers 503 when another server runs on the database while this one keeps files in a folder', async () => {
    const other = await otherServer('bucket', 's3://portal-files');
    try {
      const res = await t.api.get('/api/ready');
      expect(res.statusCode).toBe(503);
      expect(res.json()).toEqual({ status: 'error', message: MSG.serversShareFolder });
      expect(MSG.serversShareFolder).toBe(
        'Several servers share this database but this one keeps files in a local folder: set S3_BUCKET so that every server reads the same files.',
      );
      // Alive all the same: the balancer's liveness check is not its readiness.
      expect((await t.api.get('/api/health')).statusCode).toBe(200);
    } finally {
      await other.remove();
    }
    const after = await t.api.get('/api/ready');
    expect(after.statusCode).toBe(200);
    expect(after.json()).toMatchObject({ storage: 'folder', servers: 1 });
  });

  it("refuses for another machine's folder, not for a server on this folder (a second process, or this one before a crash)", async () => {
    const elsewhere = await otherServer('folder', `portal-2:${uploadsDir(t.config)}`);
    try {
      expect((await t.api.get('/api/ready')).statusCode).toBe(503);
    } finally {
      await elsewhere.remove();
    }
    const sameFolder = await otherServer('folder', `${os.hostname()}:${uploadsDir(t.config)}`, 3);
    try {
      const res = await t.api.get('/api/ready');
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({ status: 'success', message: 'ok', database: 'up', storage: 'folder', servers: 2 });
    } finally {
      await sameFolder.remove();
    }
  });

  it('does not count a server that has not been seen for more than 30 seconds', async () => {
    const gone = await otherServer('bucket', 's3://portal-files', 31);
    const live = await otherServer('bucket', 's3://portal-files', 5);
    try {
      expect((await t.api.get('/api/ready')).statusCode).toBe(503);
      await live.remove();
      const alone = await t.api.get('/api/ready');
      expect(alone.statusCode).toBe(200);
      expect(alone.json()).toEqual({ status: 'success', message: 'ok', database: 'up', storage: 'folder', servers: 1 });
    } finally {
      await gone.remove();
      await live.remove();
    }
  });
});
