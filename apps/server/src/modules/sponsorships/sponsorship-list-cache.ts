import type { ChangeFeed } from '../../lib/change-feed.ts';
import type { PreparedBody } from '../../lib/prepared-body.ts';

/**
 * The tables the list's answers are made from, or that change with what it shows: a
 * sponsorship's items and payments change its totals and status in the same transaction.
 * Triggers on each notify the change feed (migration 0018).
 */
export const SPONSORSHIP_LIST_TABLES = ['sponsorships', 'sponsorship_items', 'sponsorship_transactions'];

/** Answers kept at most, and their bytes at most (as sent uncompressed); beyond either the oldest go. */
export const SPONSORSHIP_LIST_MAX_ENTRIES = 5_000;
export const SPONSORSHIP_LIST_MAX_BYTES = 32 * 1024 * 1024;

export interface SponsorshipListCacheOptions {
  maxEntries?: number;
  maxBytes?: number;
}

/** What a sponsor's list is asked for: the key includes the sponsor, so another sponsor's key finds nothing. */
export interface SponsorshipListKey {
  sponsorId: number;
  year: number | undefined;
  page: number;
  /** The calendar year of today: the answer offers the years up to it. */
  thisYear: number;
}

const keyOf = (k: SponsorshipListKey) => `${k.sponsorId}:${k.year ?? 'all'}:${k.page}:${k.thisYear}`;

const bytesOf = (body: PreparedBody) =>
  typeof body.identity === 'string' ? Buffer.byteLength(body.identity) : body.identity.length;

/**
 * The sponsors' list answers (`GET /api/sponsorship`), serialised once and compressed once
 * per encoding, by sponsor, year and page. Bounded in entries and bytes; the oldest made go
 * first (a sponsor reads the first pages again and again, others once).
 *
 * Every answer is dropped when any of SPONSORSHIP_LIST_TABLES changes, in any process
 * (the change feed) or in this one (`feed.touch` after the write commits). Dropping only the
 * sponsor concerned would need the feed to tell which rows changed; sponsorships change a
 * few times a day beside thousands of reads, so starting afresh costs one query a sponsor.
 */
export class SponsorshipListCache {
  #answers = new Map<string, PreparedBody>();
  /** Answers being read, shared by the requests that ask for the same one meanwhile. */
  #loading = new Map<string, Promise<PreparedBody>>();
  #bytes = 0;
  /** Renewed by every change: an answer read before it is handed out but not kept. */
  #generation = 0;
  #maxEntries: number;
  #maxBytes: number;

  constructor(feed: ChangeFeed, options: SponsorshipListCacheOptions = {}) {
    this.#maxEntries = options.maxEntries ?? SPONSORSHIP_LIST_MAX_ENTRIES;
    this.#maxBytes = options.maxBytes ?? SPONSORSHIP_LIST_MAX_BYTES;
    for (const table of SPONSORSHIP_LIST_TABLES) feed.on(table, () => this.clear());
  }

  /** The answer kept for `key`, or the one `load` reads (kept unless something changed meanwhile). */
  get(key: SponsorshipListKey, load: () => Promise<PreparedBody>): PreparedBody | Promise<PreparedBody> {
    const k = keyOf(key);
    const kept = this.#answers.get(k);
    if (kept) return kept;
    const loading = this.#loading.get(k);
    if (loading) return loading;
    const generation = this.#generation;
    const read = load().then(
      (body) => {
        if (this.#loading.get(k) === read) this.#loading.delete(k);
        if (generation === this.#generation) this.#keep(k, body);
        return body;
      },
      (error: unknown) => {
        // A failed read is not kept: the next request tries again.
        if (this.#loading.get(k) === read) this.#loading.delete(k);
        throw error;
      },
    );
    this.#loading.set(k, read);
    return read;
  }

  clear(): void {
    this.#generation++;
    this.#answers.clear();
    this.#loading.clear();
    this.#bytes = 0;
  }

  get size(): number {
    return this.#answers.size;
  }

  get bytes(): number {
    return this.#bytes;
  }

  #keep(key: string, body: PreparedBody): void {
    const bytes = bytesOf(body);
    if (bytes > this.#maxBytes) return;
    this.#answers.set(key, body);
    this.#bytes += bytes;
    // A Map iterates in insertion order: the first key is the oldest answer.
    for (const [oldest, old] of this.#answers) {
      if (this.#answers.size <= this.#maxEntries && this.#bytes <= this.#maxBytes) break;
      this.#answers.delete(oldest);
      this.#bytes -= bytesOf(old);
    }
  }
}
