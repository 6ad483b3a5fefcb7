import { COUNT_CAP } from '@portal/contracts/paging';
import { type SQL, sql } from 'drizzle-orm';
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
