import net from 'node:net';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CachedValue, ChangeFeed } from '../../src/lib/change-feed.ts';
import { createTestDatabase, type TestDatabase } from '../helpers/database.ts';

/** A TCP relay in front of PostgreSQL that can turn every connection away, as an outage does. */
async function startRelay(target: URL) {
  let down = false;
  let refused = 0;
  const sockets = new Set<net.Socket>();
  const server = net.createServer((socket) => {
    if (down) {
      refused++;
      socket.destroy();
      return;
    }
    const upstream = net.connect(Number(target.port), target.hostname);
    for (const s of [socket, upstream]) {
      sockets.add(s);
      s.on('close', () => sockets.delete(s));
      s.on('error', () => {});
    }
    socket.on('close', () => upstream.destroy());
    upstream.on('close', () => socket.destroy());
    socket.pipe(upstream).pipe(socket);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.address() as net.AddressInfo).port;
  return {
    url(database: string) {
      const url = new URL(target);
      url.host = `127.0.0.1:${port}`;
      url.pathname = `/${database}`;
      return url.toString();
    },
    set down(value: boolean) {
      down = value;
    },
    get refused() {
      return refused;
    },
    close() {
      for (const s of sockets) s.destroy();
      return new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

async function until(check: () => boolean | Promise<boolean>, what: string, timeoutMs = 5_000) {
  const deadline = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`Timed out waiting until ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

let database: TestDatabase;
let admin: pg.Client;
beforeAll(async () => {
  database = await createTestDatabase({ empty: true });
  admin = new pg.Client({ connectionString: database.url });
  await admin.connect();
});
afterAll(async () => {
  await admin?.end();
  await database?.drop();
});

const notify = (table: string) => admin.query(`select pg_notify('table_changed', $1)`, [table]);
const terminateFeed = async () =>
  (
    await admin.query(
      `select pg_terminate_backend(pid) as done from pg_stat_activity
        where application_name = 'change-feed' and datname = current_database()`,
    )
  ).rows.length;

describe('ChangeFeed', () => {
  it('reconnects after an outage of several seconds, drops its caches, and hears later changes', async () => {
    const relay = await startRelay(new URL(database.url));
    const feed = new ChangeFeed(relay.url(database.name), { firstRetryMs: 50, maxRetryMs: 400 });
    let changes = 0;
    feed.on('pages', () => changes++);
    let loads = 0;
    const cached = new CachedValue(feed, ['pages'], async () => ++loads);
    try {
      await feed.start();
      await notify('pages');
      await until(() => changes === 1, 'the first change is heard');

      relay.down = true;
      expect(await terminateFeed()).toBe(1);
      await until(() => !feed.listening, 'the feed notices it lost its connection');
      expect(changes).toBe(2);

      // While it is away, a value is cached that a change it will not hear of could make stale.
      expect(await cached.get()).toBe(1);
      await until(() => relay.refused >= 4, 'the feed has tried again several times');
      await new Promise((resolve) => setTimeout(resolve, 1_200));
      expect(feed.listening).toBe(false);
      expect(cached.peek()).toBe(1);

      relay.down = false;
      await until(() => feed.listening, 'the feed listens again');
      expect(cached.peek()).toBeUndefined();
      const afterReconnect = changes;

      await notify('pages');
      await until(() => changes === afterReconnect + 1, 'a change after the outage is heard');
      expect(await cached.get()).toBe(2);

      // It also survives its connection being cut again.
      expect(await terminateFeed()).toBe(1);
      await until(() => feed.listening && changes >= afterReconnect + 3, 'the feed listens a second time');
      const before = changes;
      await notify('pages');
      await until(() => changes === before + 1, 'a change after the second cut is heard');
    } finally {
      await feed.close();
      await relay.close();
    }
  });

  it('stops trying when closed during an outage', async () => {
    const relay = await startRelay(new URL(database.url));
    const feed = new ChangeFeed(relay.url(database.name), { firstRetryMs: 20, maxRetryMs: 40 });
    try {
      await feed.start();
      relay.down = true;
      expect(await terminateFeed()).toBe(1);
      await until(() => relay.refused >= 2, 'the feed tries again');
      await feed.close();
      const refused = relay.refused;
      relay.down = false;
      await new Promise((resolve) => setTimeout(resolve, 300));
      expect(relay.refused).toBe(refused);
      expect(feed.listening).toBe(false);
      expect(await terminateFeed()).toBe(0);
    } finally {
      await feed.close();
      await relay.close();
    }
  });
});
