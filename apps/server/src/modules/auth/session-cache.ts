import type { ChangeFeed } from '../../lib/change-feed.ts';
import type { SessionUser } from './sessions.ts';

/** How long a resolved session is trusted without asking the database: its expiry slides once a minute anyway. */
export const SESSION_CACHE_MS = 60_000;

/**
 * Sessions resolved in the last minute, by token hash, so that a signed-in user's calls do
 * not each look the session up. Every server drops them all when any session is revoked or
 * an account's access changes (triggers notify the change feed, migration 0007); an entry
 * is never kept past the expiry it is given, which the lookup keeps within the session's
 * idle expiry and its absolute end (`slideExpiry`).
 */
export class SessionCache {
  #entries = new Map<string, { user: SessionUser; until: number }>();
  #maxEntries: number;

  constructor(feed: ChangeFeed, maxEntries = 10_000) {
    this.#maxEntries = maxEntries;
    for (const table of ['sessions', 'users']) feed.on(table, () => this.clear());
  }

  get(tokenHash: string, now = Date.now()): SessionUser | undefined {
    const entry = this.#entries.get(tokenHash);
    if (!entry) return undefined;
    if (entry.until > now) return entry.user;
    this.#entries.delete(tokenHash);
    return undefined;
  }

  /** Keeps `user` until `until` (ms since the epoch). */
  set(tokenHash: string, user: SessionUser, until: number): void {
    if (this.#entries.size >= this.#maxEntries) this.#entries.clear();
    this.#entries.set(tokenHash, { user, until });
  }

  clear(): void {
    this.#entries.clear();
  }
}
