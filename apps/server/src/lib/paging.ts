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
