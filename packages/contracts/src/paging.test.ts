import { describe, expect, it } from 'vitest';
import { MSG } from './messages.ts';
import { PagedQuery, pagedYearQuery, yearsSince } from './paging.ts';

describe('pagedYearQuery', () => {
  const query = pagedYearQuery(2024);

  it('reads page 1 of every year when nothing is asked', () => {
    expect(query.parse({})).toEqual({ page: 1, year: undefined });
    expect(query.parse({ year: 'all' })).toEqual({ page: 1, year: undefined });
    expect(query.parse({ page: '2', year: '' })).toEqual({ page: 2, year: undefined });
  });

  it('reads a page and a year from the query string', () => {
    expect(query.parse({ page: '3', year: '2025' })).toEqual({ page: 3, year: 2025 });
  });

  it('refuses a year before the base year, and a page that is not a whole number from 1', () => {
    const early = query.safeParse({ year: '2023' });
    expect(early.success).toBe(false);
    expect(early.error?.issues.map((i) => i.message)).toEqual([MSG.invalidValue]);
    expect(query.safeParse({ page: '0' }).success).toBe(false);
    expect(query.safeParse({ page: '1.5' }).success).toBe(false);
    expect(query.safeParse({ page: '10001' }).success).toBe(false);
  });

  it('leaves the year out of a list without one', () => {
    expect(PagedQuery.parse({ page: '2', year: '2025' })).toEqual({ page: 2 });
  });
});

describe('yearsSince', () => {
  it('runs from this year back to the base year, newest first', () => {
    expect(yearsSince(2024, new Date('2026-11-26T12:00:00Z'))).toEqual([2026, 2025, 2024]);
  });

  it('offers the base year alone before it has come', () => {
    expect(yearsSince(2024, new Date('2023-05-01T00:00:00Z'))).toEqual([2024]);
  });
});
