import { z } from 'zod';

/**
 * A whole number read from a query string. A blank or absent value is "required", text
 * that is not a number says so, and the range message names the bounds.
 */
export function queryInt(name: string, range: { min: number; max?: number }) {
  const bounds = range.max === undefined ? `at least ${range.min}` : `between ${range.min} and ${range.max}`;
  let schema = z
    .number({ error: (issue) => (issue.input === undefined ? `${name} is required` : `${name} must be a number`) })
    .int(`${name} must be a whole number`)
    .min(range.min, `${name} must be ${bounds}`);
  if (range.max !== undefined) schema = schema.max(range.max, `${name} must be ${bounds}`);
  return z.preprocess((value) => {
    if (value === undefined || value === null || value === '') return undefined;
    return typeof value === 'string' ? Number(value) : value;
  }, schema);
}
