import { describe, expect, it } from 'vitest';
import { pageOf, pageWindow } from './paging.ts';

describe('pageWindow and pageOf', () => {
  it('read one row past the page, to tell whether another follows', () => {
    expect(pageWindow(1, 12)).toEqual({ limit: 13, offset: 0 });
    expect(pageWindow(3, 12)).toEqual({ limit: 13, offset: 24 });
  });

  it('keep a page of rows and say whether more follow', () => {
    const rows = Array.from({ length: 13 }, (_, i) => i);
    expect(pageOf(rows, 12)).toEqual({ rows: rows.slice(0, 12), has_more: true });
    expect(pageOf(rows.slice(0, 12), 12)).toEqual({ rows: rows.slice(0, 12), has_more: false });
    expect(pageOf([], 12)).toEqual({ rows: [], has_more: false });
  });
});
