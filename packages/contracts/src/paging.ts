import { z } from 'zod';
import { successWith } from './envelope.ts';
import { MSG } from './messages.ts';
import { queryInt } from './query.ts';
import './zod-messages.ts';

/**
 * What a signed-in account's lists share (spec §9): the client asks for a page by its
 * number, the answer says whether another follows, and a list filtered by year offers the
 * years from its base year to this one.
 */

/** `page`: a page number, 1 when absent. */
const pageNumber = queryInt('page', { min: 1, max: 10_000 }).default(1);

/** `year`: a year from `baseYear` on; blank or 'all' for every year (undefined). */
function yearFilter(baseYear: number) {
  return z.preprocess(
    (v) =>
      v === undefined || v === null || v === '' || v === 'all' ? undefined : typeof v === 'string' ? Number(v) : v,
    z.number({ error: MSG.invalidValue }).int(MSG.invalidValue).min(baseYear, MSG.invalidValue).max(9999).optional(),
  );
}

/** A list's query: the page asked for. */
export const PagedQuery = z.object({ page: pageNumber });

/** A list's query that also picks a year (from `baseYear` on) or all of them. */
export const pagedYearQuery = (baseYear: number) => PagedQuery.extend({ year: yearFilter(baseYear) });

/** A list's answer: a page of its rows and what else `shape` holds, then whether a next page exists. */
export const pagedResponse = <T extends z.ZodRawShape>(shape: T) => successWith({ ...shape, has_more: z.boolean() });

/** The years a list's filter offers, newest first. */
export const YearRange = z.array(z.number().int());

/** The years from `baseYear` to `today`'s, newest first. */
export function yearsSince(baseYear: number, today: Date): number[] {
  const years: number[] = [];
  for (let y = Math.max(today.getUTCFullYear(), baseYear); y >= baseYear; y--) years.push(y);
  return years;
}

/**
 * How far a back-office list counts its rows: past it, the list says "1,000+" rather than
 * counting a region's every order on every page (an exact count reads every matching row).
 */
export const COUNT_CAP = 1_000;

/** A back-office list's answer says how many rows match, counted up to COUNT_CAP + 1, and whether it went past. */
export const cappedTotal = {
  /** The rows that match, counted up to COUNT_CAP + 1. */
  total: z.number().int(),
  /** More match than COUNT_CAP: the list says "1,000+". */
  total_capped: z.boolean(),
};

/**
 * The longest cursor a list accepts: one names its last row by the sort value, which may be a
 * name or an e-mail address (at most 254 characters) written as UTF-8 and then in base64.
 */
export const CURSOR_MAX_LENGTH = 4_000;

/**
 * `after`: the page after the row a cursor names (the `next` of the page before), for pages
 * deep into a long list; the page number is then not used.
 */
export const afterQuery = z
  .string({ error: MSG.pageCursorInvalid })
  .trim()
  .min(1, MSG.pageCursorInvalid)
  .max(CURSOR_MAX_LENGTH, MSG.pageCursorInvalid)
  .optional();

/** The cursor of the page after this one; null on the last page. */
export const nextCursor = z.string().nullable();

/** A list's row count as the screens say it: "1,000+" when it was counted only that far. */
export const countLabel = (count: number, capped: boolean) =>
  capped ? `${COUNT_CAP.toLocaleString('en-US')}+` : count.toLocaleString('en-US');
