import { z } from 'zod';
import { queryNotNumber, queryNotWhole, queryOutOfRange, queryRequired } from './messages.ts';
import './zod-messages.ts';

/** The largest value of a PostgreSQL integer column (the ids). */
const INT_COLUMN_MAX = 2_147_483_647;

/**
 * A whole number read from a query string. A blank or absent value is "required", text
 * that is not a number says so, and the range message names the bounds.
 */
export function queryInt(name: string, range: { min: number; max?: number }) {
  const outOfRange = queryOutOfRange(name, range.min, range.max);
  let schema = z
    .number({ error: (issue) => (issue.input === undefined ? queryRequired(name) : queryNotNumber(name)) })
    .int(queryNotWhole(name))
    .min(range.min, outOfRange);
  // With no bound of its own, a number names a record: no larger than an integer column holds.
  schema =
    range.max !== undefined
      ? schema.max(range.max, outOfRange)
      : schema.max(INT_COLUMN_MAX, queryOutOfRange(name, range.min, INT_COLUMN_MAX));
  return z.preprocess((value) => {
    if (value === undefined || value === null || value === '') return undefined;
    return typeof value === 'string' ? Number(value) : value;
  }, schema);
}
