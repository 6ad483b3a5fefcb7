import { z } from 'zod';
import type { ChangeFeed } from './change-feed.ts';
import type { PreparedBody } from './prepared-body.ts';
import { prepareJson } from './raw-json.ts';

export interface AnswerCacheOptions {
  /** Answers kept at most… */
  maxEntries?: number;
  /** …and their bytes at most (as sent uncompressed); beyond either the oldest go. */
  maxBytes?: number;
}

const bytesOf = (body: PreparedBody) =>
  typeof body.identity === 'string' ? Buffer.byteLength(body.identity) : body.identity.length;

/**
 * Answers serialised once (and compressed once per encoding), by a key that names everything
 * the answer depends on: who may see it, what was asked, the day. Bounded in entries and
 * bytes; the oldest made go first (the first pages are read again and again, deep ones once).
 *
 * Every answer is dropped when any of its tables changes, in any process (the change feed:
 * a trigger on each table) or in this one (`feed.touch`). Dropping only the answers concerned
 * would need the feed to tell which rows changed; a change costs one query per answer asked
 * for again, beside the many reads between changes that cost none.
 *
 * An answer read before a change is handed out but not kept. While the feed has lost its
 * connection nothing is kept either, since a change then goes untold; it keeps again from
 * the first notice after it listens again (which drops everything).
 */
export class AnswerCache {
  #answers = new Map<string, PreparedBody>();
  /** Answers being read, shared by the requests that ask for the same one meanwhile. */
  #loading = new Map<string, Promise<PreparedBody>>();
  #bytes = 0;
  /** Renewed by every change: an answer read before it is handed out but not kept. */
  #generation = 0;
  #deaf = false;
  #maxEntries: number;
  #maxBytes: number;

  constructor(feed: ChangeFeed, tables: readonly string[], options: AnswerCacheOptions = {}) {
    this.#maxEntries = options.maxEntries ?? 5_000;
    this.#maxBytes = options.maxBytes ?? 32 * 1024 * 1024;
    for (const table of tables) {
      feed.on(table, (reason) => {
        // A change made here while the feed is away does not make it listen again.
        if (reason === 'lost') this.#deaf = true;
        else if (feed.listening) this.#deaf = false;
        this.clear();
      });
    }
  }

  /** The answer kept for `key`, or the one `load` reads (kept unless something changed meanwhile). */
  get(key: string, load: () => Promise<PreparedBody>): PreparedBody | Promise<PreparedBody> {
    const kept = this.#answers.get(key);
    if (kept) return kept;
    const loading = this.#loading.get(key);
    if (loading) return loading;
    const generation = this.#generation;
    const read = load().then(
      (body) => {
        if (this.#loading.get(key) === read) this.#loading.delete(key);
        if (generation === this.#generation && !this.#deaf) this.#keep(key, body);
        return body;
      },
      (error: unknown) => {
        // A failed read is not kept: the next request tries again.
        if (this.#loading.get(key) === read) this.#loading.delete(key);
        throw error;
      },
    );
    this.#loading.set(key, read);
    return read;
  }

  /**
   * The JSON answer kept for `key`, or the one `load` reads, serialised by the route's response
   * schema's encode, as the route's serializer would: a kept answer is byte for byte the one
   * made per request.
   */
  json<S extends z.ZodType>(key: string, schema: S, load: () => Promise<z.output<S>>) {
    return this.get(key, async () => prepareJson(z.encode(schema, await load())));
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
