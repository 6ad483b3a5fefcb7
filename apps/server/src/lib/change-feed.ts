import pg from 'pg';

export type ChangeListener = () => void;

/**
 * Tells in-process caches that a table changed, whichever process changed it: a trigger
 * on each cached table sends NOTIFY table_changed with the table's name, and this feed
 * relays it. Writers in this process also call `touch` so their own edit is seen at once.
 */
export class ChangeFeed {
  #listeners = new Map<string, Set<ChangeListener>>();
  #client: pg.Client | undefined;
  #url: string | undefined;
  #closed = false;

  constructor(url?: string) {
    this.#url = url;
  }

  on(table: string, listener: ChangeListener): void {
    let set = this.#listeners.get(table);
    if (!set) {
      set = new Set();
      this.#listeners.set(table, set);
    }
    set.add(listener);
  }

  touch(table: string): void {
    for (const listener of this.#listeners.get(table) ?? []) listener();
  }

  /** Drops every cached value (used when the connection was lost and notices may be missed). */
  touchAll(): void {
    for (const table of this.#listeners.keys()) this.touch(table);
  }

  async start(): Promise<void> {
    if (!this.#url || this.#closed) return;
    const client = new pg.Client({ connectionString: this.#url });
    client.on('notification', (n) => {
      if (n.channel === 'table_changed' && n.payload) this.touch(n.payload);
    });
    client.on('error', () => {
      this.touchAll();
      this.#client = undefined;
      if (!this.#closed) setTimeout(() => this.start().catch(() => {}), 1000).unref();
    });
    await client.connect();
    await client.query('listen table_changed');
    this.#client = client;
  }

  async close(): Promise<void> {
    this.#closed = true;
    await this.#client?.end().catch(() => {});
  }
}

/** A value computed from the database once, dropped whenever one of its tables changes. */
export class CachedValue<T> {
  #value: Promise<T> | undefined;
  #settled: { value: T } | undefined;
  #load: () => Promise<T>;

  constructor(feed: ChangeFeed, tables: string[], load: () => Promise<T>) {
    this.#load = load;
    for (const table of tables) feed.on(table, () => this.clear());
  }

  get(): Promise<T> {
    if (!this.#value) {
      const loading = this.#load();
      this.#value = loading;
      loading.then(
        (value) => {
          if (this.#value === loading) this.#settled = { value };
        },
        // A failed load is not cached: the next call tries again.
        () => {
          if (this.#value === loading) this.#value = undefined;
        },
      );
    }
    return this.#value;
  }

  /** The value when it is loaded and still current, without waiting; otherwise undefined. */
  peek(): T | undefined {
    return this.#settled?.value;
  }

  clear(): void {
    this.#value = undefined;
    this.#settled = undefined;
  }
}

/**
 * Values computed per key (a query string, a slug), all dropped whenever one of the
 * tables changes. Holds at most `maxEntries`; past that it starts afresh.
 */
export class CachedMap<T> {
  #values = new Map<string, Promise<T>>();
  #maxEntries: number;

  constructor(feed: ChangeFeed, tables: string[], maxEntries = 1000) {
    this.#maxEntries = maxEntries;
    for (const table of tables) feed.on(table, () => this.clear());
  }

  get(key: string, load: () => Promise<T>): Promise<T> {
    let value = this.#values.get(key);
    if (!value) {
      if (this.#values.size >= this.#maxEntries) this.#values.clear();
      const loading = load();
      value = loading;
      this.#values.set(key, loading);
      loading.catch(() => {
        if (this.#values.get(key) === loading) this.#values.delete(key);
      });
    }
    return value;
  }

  delete(key: string): void {
    this.#values.delete(key);
  }

  clear(): void {
    this.#values.clear();
  }
}
