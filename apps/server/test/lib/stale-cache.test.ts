import { describe, expect, it } from 'vitest';
import { CachedMap, CachedValue, ChangeFeed } from '../../src/lib/change-feed.ts';
import { SessionCache } from '../../src/modules/auth/session-cache.ts';

const DOWN = Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:5432'), { code: 'ECONNREFUSED' });

/** A load that answers from `source` while the database is up, and fails as a refused connection while it is down. */
function database(initial: string) {
  const state = { up: true, value: initial, loads: 0 };
  const load = async () => {
    state.loads++;
    if (!state.up) throw DOWN;
    return state.value;
  };
  return { state, load };
}

describe('caches while the change feed has lost its connection', () => {
  it('a value keeps what it held as stale: it tries the database first and serves the stale value only when that fails', async () => {
    const feed = new ChangeFeed();
    const db = database('v1');
    const cached = new CachedValue(feed, ['pages'], db.load);
    expect(await cached.get()).toBe('v1');
    expect(db.state.loads).toBe(1);

    db.state.up = false;
    feed.touchAll('lost');
    expect(cached.stale).toBe(true);
    expect(cached.peek()).toBeUndefined();
    expect(await cached.get()).toBe('v1');
    expect(db.state.loads).toBe(2);
    // Each later read tries the database again (reads that arrive together share one try).
    const [a, b] = await Promise.all([cached.get(), cached.get()]);
    expect([a, b]).toEqual(['v1', 'v1']);
    expect(db.state.loads).toBe(3);
    expect(cached.stale).toBe(true);

    // The database answers again before the feed listens: the fresh value replaces the stale one.
    db.state.up = true;
    db.state.value = 'v2';
    expect(await cached.get()).toBe('v2');
    expect(cached.stale).toBe(false);
    expect(cached.peek()).toBe('v2');
    expect(await cached.get()).toBe('v2');
    expect(db.state.loads).toBe(4);

    // The feed listens again: everything is dropped once, so that edits made meanwhile are seen.
    db.state.value = 'v3';
    feed.touchAll('changed');
    expect(cached.peek()).toBeUndefined();
    expect(await cached.get()).toBe('v3');
  });

  it('a value never loaded before the loss is not invented, and a change drops a stale value', async () => {
    const feed = new ChangeFeed();
    const db = database('v1');
    const cached = new CachedValue(feed, ['pages'], db.load);
    db.state.up = false;
    feed.touchAll('lost');
    await expect(cached.get()).rejects.toBe(DOWN);

    db.state.up = true;
    expect(await cached.get()).toBe('v1');
    db.state.up = false;
    feed.touchAll('lost');
    feed.touch('pages');
    expect(cached.stale).toBe(false);
    await expect(cached.get()).rejects.toBe(DOWN);
  });

  it('a map keeps each loaded key as stale, serves it when the database fails, and forgets keys it never loaded', async () => {
    const feed = new ChangeFeed();
    const db = database('listing');
    const map = new CachedMap<string>(feed, ['products']);
    expect(await map.get('category:pens', db.load)).toBe('listing');
    expect(await map.get('category:pens', db.load)).toBe('listing');
    expect(db.state.loads).toBe(1);

    db.state.up = false;
    feed.touchAll('lost');
    expect(map.staleCount).toBe(1);
    expect(await map.get('category:pens', db.load)).toBe('listing');
    expect(db.state.loads).toBe(2);
    await expect(map.get('category:paper', db.load)).rejects.toBe(DOWN);

    db.state.up = true;
    db.state.value = 'fresh listing';
    expect(await map.get('category:pens', db.load)).toBe('fresh listing');
    expect(map.staleCount).toBe(0);

    db.state.up = false;
    feed.touchAll('lost');
    expect(map.staleCount).toBe(1);
    feed.touchAll('changed');
    expect(map.staleCount).toBe(0);
    await expect(map.get('category:pens', db.load)).rejects.toBe(DOWN);
  });

  it('sessions are not kept through the loss: a signed-in call asks the database again', () => {
    const feed = new ChangeFeed();
    const sessions = new SessionCache(feed);
    const until = Date.now() + 60_000;
    sessions.set('hash', { id: 1, type: 'school' } as never, until);
    expect(sessions.get('hash')).toBeDefined();
    feed.touchAll('lost');
    expect(sessions.get('hash')).toBeUndefined();
  });
});
