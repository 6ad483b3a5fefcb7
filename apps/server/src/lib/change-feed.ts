import { randomUUID } from 'node:crypto';
import pg from 'pg';

/**
 * Why a listener hears from the feed: a table changed, or the feed lost its connection, so
 * that from now until it listens again a change may go untold.
 */
export type ChangeReason = 'changed' | 'lost';
export type ChangeListener = (reason: ChangeReason) => void;

/** How every feed's connection names itself, so that `sync` can count them. */
const FEED_APPLICATION_NAME = 'change-feed';

/**
 * Tells in-process caches that a table changed, whichever process changed it: a trigger
 * on each cached table sends NOTIFY table_changed with the table's name, and this feed
 * relays it. Writers in this process also call `touch` so their own edit is seen at once.
 */
export interface ChangeFeedOptions {
  /** The wait before the first reconnection attempt, doubled after each failed one… */
  firstRetryMs?: number;
  /** …up to this. */
  maxRetryMs?: number;
}

export class ChangeFeed {
  #listeners = new Map<string, Set<ChangeListener>>();
  #client: pg.Client | undefined;
  #url: string | undefined;
  #closed = false;
  #retryTimer: NodeJS.Timeout | undefined;
  #localTouches = 0;
  #syncs = new Map<string, () => void>();
  #firstRetryMs: number;
  #maxRetryMs: number;

  constructor(url?: string, options: ChangeFeedOptions = {}) {
    this.#url = url;
    this.#firstRetryMs = options.firstRetryMs ?? 500;
    this.#maxRetryMs = options.maxRetryMs ?? 10_000;
  }

  on(table: string, listener: ChangeListener): void {
    let set = this.#listeners.get(table);
    if (!set) {
      set = new Set();
      this.#listeners.set(table, set);
    }
    set.add(listener);
  }

  /** A writer of this process changed the table: its caches drop it now. */
  touch(table: string): void {
    this.#localTouches += 1;
    this.#drop(table, 'changed');
  }

  #drop(table: string, reason: ChangeReason): void {
    for (const listener of this.#listeners.get(table) ?? []) listener(reason);
  }

  /**
   * Tells every listener at once: 'changed' drops every cached value (the feed listens again
   * and what was sent meanwhile never reached it); 'lost' lets a cache keep what it holds as
   * stale, to be read again first and served only when the database does not answer.
   */
  touchAll(reason: ChangeReason = 'changed'): void {
    for (const table of this.#listeners.keys()) this.#drop(table, reason);
  }

  /** How many times writers of this process have called `touch`: a request that moved it changed something cached. */
  get localTouches(): number {
    return this.#localTouches;
  }

  /**
   * Waits until every server's feed has dropped what this process changed before the call
   * (decision 023): it counts the feeds connected to the database, sends a token on
   * `feed_sync`, and waits for as many answers on `feed_sync_ack`. Notices reach each feed
   * in commit order, so a feed that answers the token has already been told of every
   * earlier change. Gives up after `timeoutMs` (a feed that went away never answers), and at
   * once when this feed is not listening: a write is never held up for long by the feed.
   */
  async sync(timeoutMs = 1_000): Promise<void> {
    const client = this.#client;
    if (!client) return;
    const token = randomUUID();
    await new Promise<void>((resolve) => {
      let expected = Number.POSITIVE_INFINITY;
      let answers = 0;
      const done = () => {
        clearTimeout(timer);
        this.#syncs.delete(token);
        resolve();
      };
      const timer = setTimeout(done, timeoutMs);
      this.#syncs.set(token, () => {
        answers += 1;
        if (answers >= expected) done();
      });
      client
        .query<{ n: number }>(
          `select count(*)::int as n from pg_stat_activity where datname = current_database() and application_name = $1`,
          [FEED_APPLICATION_NAME],
        )
        .then(async ({ rows }) => {
          expected = rows[0]?.n ?? 0;
          if (expected === 0) return done();
          await client.query(`select pg_notify('feed_sync', $1)`, [token]);
        })
        .catch(done);
    });
  }

  /** Whether the feed is listening now (false while it reconnects). */
  get listening(): boolean {
    return this.#client !== undefined;
  }

  /** Listens, or throws: at boot the database has just been reached, so a failure here is real. */
  async start(): Promise<void> {
    if (!this.#url || this.#closed) return;
    await this.#listen(this.#url);
  }

  async close(): Promise<void> {
    this.#closed = true;
    clearTimeout(this.#retryTimer);
    const client = this.#client;
    this.#client = undefined;
    await client?.end().catch(() => {});
  }

  async #listen(url: string): Promise<void> {
    // A database that stopped answering would otherwise hold a connection attempt forever.
    const client = new pg.Client({
      connectionString: url,
      application_name: FEED_APPLICATION_NAME,
      connectionTimeoutMillis: 10_000,
      keepAlive: true,
    });
    let live = false;
    const lost = () => {
      if (!live) return;
      live = false;
      if (this.#client === client) this.#client = undefined;
      client.end().catch(() => {});
      // What changed from now until the feed listens again is not told: nothing cached may be
      // trusted. The public caches keep their values as stale, for when the database is down too.
      this.touchAll('lost');
      this.#retry(this.#firstRetryMs);
    };
    client.on('notification', (n) => {
      if (n.channel === 'table_changed' && n.payload) this.#drop(n.payload, 'changed');
      // Told of everything committed before the token: answer it.
      else if (n.channel === 'feed_sync' && n.payload) {
        client.query(`select pg_notify('feed_sync_ack', $1)`, [n.payload]).catch(() => {});
      } else if (n.channel === 'feed_sync_ack' && n.payload) this.#syncs.get(n.payload)?.();
    });
    client.on('error', lost);
    client.on('end', lost);
    try {
      await client.connect();
      await client.query('listen table_changed; listen feed_sync; listen feed_sync_ack');
    } catch (error) {
      await client.end().catch(() => {});
      throw error;
    }
    if (this.#closed) {
      await client.end().catch(() => {});
      return;
    }
    this.#client = client;
    live = true;
  }

  /**
   * Tries again until it listens: a process that gave up would serve what it cached for
   * good. The caches are dropped once it listens, since what was sent meanwhile is lost.
   */
  #retry(waitMs: number): void {
    const url = this.#url;
    if (!url || this.#closed) return;
    this.#retryTimer = setTimeout(() => {
      this.#retryTimer = undefined;
      this.#listen(url).then(
        () => this.touchAll(),
        () => this.#retry(Math.min(waitMs * 2, this.#maxRetryMs)),
      );
    }, waitMs);
    this.#retryTimer.unref();
  }
}

/**
 * A value computed from the database once, dropped whenever one of its tables changes. When
 * the feed loses its connection the value is kept but stale: the next read loads it again,
 * and only if that fails (the database is down) is the stale value served.
 */
export class CachedValue<T> {
  #value: Promise<T> | undefined;
  #settled: { value: T } | undefined;
  #stale = false;
  #load: () => Promise<T>;

  constructor(feed: ChangeFeed, tables: string[], load: () => Promise<T>) {
    this.#load = load;
    for (const table of tables) feed.on(table, (reason) => (reason === 'lost' ? this.#markStale() : this.clear()));
  }

  get(): Promise<T> {
    if (!this.#value) {
      const loading = this.#load();
      const kept = this.#stale ? this.#settled : undefined;
      const value = kept ? loading.catch(() => kept.value) : loading;
      this.#value = value;
      loading.then(
        (loaded) => {
          if (this.#value !== value) return;
          this.#settled = { value: loaded };
          this.#stale = false;
        },
        // A failed load is not cached: the next call tries again (and a stale value stays).
        () => {
          if (this.#value === value) this.#value = undefined;
        },
      );
    }
    return this.#value;
  }

  /** The value when it is loaded and still current, without waiting; otherwise undefined. */
  peek(): T | undefined {
    return this.#stale ? undefined : this.#settled?.value;
  }

  /** Whether the value held is one kept from before the feed lost its connection. */
  get stale(): boolean {
    return this.#stale;
  }

  clear(): void {
    this.#value = undefined;
    this.#settled = undefined;
    this.#stale = false;
  }

  #markStale(): void {
    if (!this.#settled) {
      this.clear();
      return;
    }
    this.#value = undefined;
    this.#stale = true;
  }
}

interface Entry<T> {
  promise: Promise<T>;
  settled?: { value: T };
}

/**
 * Values computed per key (a query string, a slug), all dropped whenever one of the
 * tables changes. Holds at most `maxEntries`; past that it starts afresh. When the feed
 * loses its connection, the values loaded so far are kept as stale, as `CachedValue` does.
 */
export class CachedMap<T> {
  #entries = new Map<string, Entry<T>>();
  #stale = new Map<string, { value: T }>();
  #maxEntries: number;

  constructor(feed: ChangeFeed, tables: string[], maxEntries = 1000) {
    this.#maxEntries = maxEntries;
    for (const table of tables) feed.on(table, (reason) => (reason === 'lost' ? this.#markStale() : this.clear()));
  }

  get(key: string, load: () => Promise<T>): Promise<T> {
    const found = this.#entries.get(key);
    if (found) return found.promise;
    if (this.#entries.size >= this.#maxEntries) this.#entries.clear();
    const kept = this.#stale.get(key);
    const loading = load();
    const entry: Entry<T> = { promise: kept ? loading.catch(() => kept.value) : loading };
    this.#entries.set(key, entry);
    loading.then(
      (value) => {
        if (this.#entries.get(key) !== entry) return;
        entry.settled = { value };
        this.#stale.delete(key);
      },
      () => {
        if (this.#entries.get(key) === entry) this.#entries.delete(key);
      },
    );
    return entry.promise;
  }

  /** How many values are held as stale (kept from before the feed lost its connection). */
  get staleCount(): number {
    return this.#stale.size;
  }

  delete(key: string): void {
    this.#entries.delete(key);
    this.#stale.delete(key);
  }

  clear(): void {
    this.#entries.clear();
    this.#stale.clear();
  }

  #markStale(): void {
    for (const [key, entry] of this.#entries) if (entry.settled) this.#stale.set(key, entry.settled);
    this.#entries.clear();
  }
}
