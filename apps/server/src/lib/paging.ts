import { COUNT_CAP } from '@portal/contracts/paging';
import { type AnyColumn, type SQL, sql } from 'drizzle-orm';
import type { Executor } from '../db/client.ts';
/**
 * A list read a page at a time (spec §9). One row more than a page is read: its presence
 * tells whether another page follows, without counting the whole list.
 */

/** The LIMIT and OFFSET that read page `page` (from 1) and the row after it. */
export const pageWindow = (page: number, size: number) => ({ limit: size + 1, offset: (page - 1) * size });

/** The rows of the page, and whether a next page exists, from what `pageWindow` read. */
export function pageOf<T>(rows: readonly T[], size: number): { rows: T[]; has_more: boolean } {
  return { rows: rows.slice(0, size), has_more: rows.length > size };
}

/**
 * The rows a list's query matches, counted no further than COUNT_CAP + 1: the count a
 * region's year can afford on every page. `capped` when more match than COUNT_CAP.
 */
export async function cappedCount(db: Executor, matching: SQL): Promise<{ total: number; capped: boolean }> {
  const result = await db.execute<{ n: number }>(
    sql`select count(*)::int as n from (${matching} limit ${COUNT_CAP + 1}) as matching`,
  );
  const n = result.rows[0]?.n ?? 0;
  return { total: n, capped: n > COUNT_CAP };
}

/**
 * Keyset paging, for pages deep into a region's list: the page after a row is the rows past
 * it in the list's order, read from the sort's index, however far down; rows written
 * meanwhile neither shift a page nor repeat on the next. A cursor names the last row shown
 * (its sort value exactly as the database holds it, and its id), opaque to the client.
 */
export interface Cursor {
  /** The sort value of the last row as PostgreSQL writes it as text (a timestamp to the microsecond). */
  value: string;
  id: number;
}

export const encodeCursor = (cursor: Cursor): string =>
  Buffer.from(JSON.stringify([cursor.value, cursor.id]), 'utf8').toString('base64url');

/** The cursor a client sent back, or undefined when it is not one this server made. */
export function decodeCursor(text: string): Cursor | undefined {
  try {
    const parsed: unknown = JSON.parse(Buffer.from(text, 'base64url').toString('utf8'));
    if (!Array.isArray(parsed) || parsed.length !== 2) return undefined;
    const [value, id] = parsed;
    if (typeof value !== 'string' || value.length > 100 || !Number.isSafeInteger(id) || id < 1) return undefined;
    return { value, id };
  } catch {
    return undefined;
  }
}

/**
 * The rows past `cursor` in the order (`column`, `id`) `dir`: a row comparison that the
 * index on (column, id) serves in either direction. The value is compared as the column's
 * own type, as the text it was read as.
 */
export function pastCursor(column: SQL | AnyColumn, id: AnyColumn, dir: 'asc' | 'desc', cursor: Cursor): SQL {
  return dir === 'asc'
    ? sql`(${column}, ${id}) > (${cursor.value}, ${cursor.id})`
    : sql`(${column}, ${id}) < (${cursor.value}, ${cursor.id})`;
}
