import { MSG } from '@portal/contracts/messages';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../src/app.ts';
import { createCaches } from '../../src/boot.ts';
import type { AppContext } from '../../src/context.ts';
import { createDatabase } from '../../src/db/client.ts';
import { freePort } from '../../src/db/embedded.ts';
import { ChangeFeed } from '../../src/lib/change-feed.ts';
import { JobQueue } from '../../src/modules/jobs/job-queue.ts';
import { createTestGateway } from '../../src/modules/payments/test-gateway.ts';
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
    clock: () => new Date(),
    db,
    draftDb: db,
    feed,
    jobs: new JobQueue(url),
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
    expect(res.json()).toEqual({ status: 'success', message: 'ok', database: 'up' });
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
