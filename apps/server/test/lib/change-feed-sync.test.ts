import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { CachedValue, ChangeFeed } from '../../src/lib/change-feed.ts';
import { createTestDatabase, type TestDatabase } from '../helpers/database.ts';

let database: TestDatabase;
let writer: pg.Client;
const feeds: ChangeFeed[] = [];

/** A feed of its own, as each server has. */
async function feed() {
  const f = new ChangeFeed(database.url);
  await f.start();
  feeds.push(f);
  return f;
}

beforeAll(async () => {
  database = await createTestDatabase();
  writer = new pg.Client({ connectionString: database.url });
  await writer.connect();
});
afterAll(async () => {
  for (const f of feeds) await f.close();
  await writer?.end();
  await database?.drop();
});

describe('ChangeFeed.sync', () => {
  it('returns once every other feed has dropped what was changed before it was called', async () => {
    const [a, b, c] = [await feed(), await feed(), await feed()];
    let loads = 0;
    const cachedOnB = new CachedValue(b, ['content_pages'], async () => ++loads);
    const cachedOnC = new CachedValue(c, ['content_pages'], async () => ++loads);
    expect([await cachedOnB.get(), await cachedOnC.get()]).toEqual([1, 2]);

    // Round after round, with no waiting but the sync itself: B and C have always dropped it.
    for (let round = 0; round < 20; round++) {
      await writer.query(`select pg_notify('table_changed', 'content_pages')`);
      await a.sync();
      expect(cachedOnB.peek(), `round ${round}`).toBeUndefined();
      expect(cachedOnC.peek(), `round ${round}`).toBeUndefined();
      await cachedOnB.get();
      await cachedOnC.get();
    }
  });

  it('counts a local touch, not a notice from elsewhere', async () => {
    const a = await feed();
    const before = a.localTouches;
    await writer.query(`select pg_notify('table_changed', 'content_pages')`);
    await a.sync();
    expect(a.localTouches).toBe(before);
    a.touch('content_pages');
    expect(a.localTouches).toBe(before + 1);
  });

  it('returns at once when the feed is not listening', async () => {
    // The clock stands still: a sync that waited for answers (or for its time limit) would
    // still be pending after the round of the event loop below, and would hold a timer.
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'setInterval', 'clearInterval', 'Date'] });
    try {
      const idle = new ChangeFeed();
      expect(idle.listening).toBe(false);
      const synced = idle.sync(60_000).then(() => 'returned' as const);
      const turn = new Promise<'still waiting'>((resolve) => setImmediate(() => resolve('still waiting')));
      expect(await Promise.race([synced, turn])).toBe('returned');
      expect(vi.getTimerCount()).toBe(0);
    } finally {
      vi.useRealTimers();
    }
  });
});
