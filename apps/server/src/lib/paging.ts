import { MSG } from '@portal/contracts/messages';
import { COUNT_CAP } from '@portal/contracts/paging';
import { type AnyColumn, asc, desc, type SQL, sql } from 'drizzle-orm';
import type { Executor } from '../db/client.ts';
import { badRequest } from './errors.ts';
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

/** The longest sort value a cursor carries: well past the longest name or e-mail address a list sorts by (254). */
const CURSOR_VALUE_MAX = 1_000;
/** Ids are PostgreSQL integers. */
const ID_MAX = 2_147_483_647;

/** The cursor a client sent back, or undefined when it is not one this server made. */
export function decodeCursor(text: string): Cursor | undefined {
  try {
    const parsed: unknown = JSON.parse(Buffer.from(text, 'base64url').toString('utf8'));
    if (!Array.isArray(parsed) || parsed.length !== 2) return undefined;
    const [value, id] = parsed;
    if (typeof value !== 'string' || value.length > CURSOR_VALUE_MAX) return undefined;
    if (!Number.isSafeInteger(id) || id < 1 || id > ID_MAX) return undefined;
    return { value, id };
  } catch {
    return undefined;
  }
}

/** The PostgreSQL type of a sort's values: the cursor's text is compared as one of it. */
export type SortType = 'integer' | 'smallint' | 'timestamptz' | 'text';

const INTEGER_RANGE = { integer: 2_147_483_647, smallint: 32_767 } as const;

/** A timestamp as PostgreSQL writes one as text: "2026-03-01 14:05:09.123456+00". */
const TIMESTAMP_TEXT =
  /^(\d{4})-(\d{2})-(\d{2}) (\d{2}):(\d{2}):(\d{2})(?:\.\d{1,6})?[+-](\d{2})(?::(\d{2}))?(?::(\d{2}))?$/;

/** A real day and time of day, with an offset PostgreSQL takes (under 16 hours). */
function isTimestampText(value: string): boolean {
  const parts = TIMESTAMP_TEXT.exec(value)?.slice(1);
  if (!parts) return false;
  const [year, month, day, hour, minute, second, offsetHours, offsetMinutes, offsetSeconds] = parts.map((p) =>
    p === undefined ? 0 : Number(p),
  ) as [number, number, number, number, number, number, number, number, number];
  const leap = (year % 4 === 0 && year % 100 !== 0) || year % 400 === 0;
  const days = [31, leap ? 29 : 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31][month - 1] ?? 0;
  return (
    year >= 1 &&
    day >= 1 &&
    day <= days &&
    hour <= 23 &&
    minute <= 59 &&
    second <= 59 &&
    offsetHours <= 15 &&
    offsetMinutes <= 59 &&
    offsetSeconds <= 59
  );
}

/** Whether PostgreSQL reads `value` as a value of `type` without an error. */
function fitsSortType(value: string, type: SortType): boolean {
  switch (type) {
    case 'text':
      // The one character a PostgreSQL text cannot hold.
      return !value.includes('\u0000');
    case 'timestamptz':
      return isTimestampText(value);
    default:
      return /^-?\d{1,10}$/.test(value) && Math.abs(Number(value)) <= INTEGER_RANGE[type];
  }
}

/**
 * The cursor a list's `after` names, undefined when none was sent. One this server did not
 * make, or made for a sort of another type (a date's cursor sent with the sort by total), is
 * refused with the list's message rather than handed to PostgreSQL to fail on.
 */
export function cursorAfter(after: string | undefined, type: SortType): Cursor | undefined {
  if (after === undefined) return undefined;
  const cursor = decodeCursor(after);
  if (!cursor || !fitsSortType(cursor.value, type)) {
    throw badRequest(MSG.pageCursorInvalid, { after: MSG.pageCursorInvalid });
  }
  return cursor;
}

/**
 * The `next` of a page read one row past it: the cursor of its last row shown, or null when
 * no row follows.
 */
export function nextCursorOf<T>(rows: readonly T[], size: number, cursorOf: (row: T) => Cursor): string | null {
  const last = rows[size - 1];
  return rows.length > size && last ? encodeCursor(cursorOf(last)) : null;
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

/**
 * A sort that a cursor pages: its value, the id that breaks its ties, both in the one
 * direction `pastCursor` compares them in, and the value's type. An index on (value, id)
 * serves it both ways.
 */
export interface Keyset {
  value: SQL | AnyColumn;
  id: AnyColumn;
  dir: 'asc' | 'desc';
  type: SortType;
}

/** The ORDER BY of a keyset: its value, then its id, in its direction. */
export const keysetOrder = ({ value, id, dir }: Keyset): SQL[] =>
  dir === 'asc' ? [asc(value), asc(id)] : [desc(value), desc(id)];

/** The rows past `cursor` in the keyset's order. */
export const pastKeyset = ({ value, id, dir }: Keyset, cursor: Cursor): SQL => pastCursor(value, id, dir, cursor);

/** The keyset's value of a row as PostgreSQL writes it as text, for the row's cursor. */
export const keysetText = ({ value }: Keyset) => sql<string>`(${value})::text`;
