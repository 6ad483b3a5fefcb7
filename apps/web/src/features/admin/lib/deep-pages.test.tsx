import { act, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { addressOf, renderScreen, renderScreenHook } from '../../../test-support/render.tsx';
import { deepPages } from './deep-pages.tsx';
import { useListParams } from './use-list-params.ts';

const capped = { total: 1_001, total_capped: true, next: 'cursor-41' };
type Place = Parameters<typeof deepPages>[0];
const paging = (over: Partial<Place & { answer: typeof capped }> = {}) => {
  const place = { page: 1, after: '', setPage: vi.fn(), showAfter: vi.fn(), ...over };
  return { ...place, answer: over.answer ?? capped };
};
const pagesOf = (p: ReturnType<typeof paging>) => deepPages(p, p.answer, { rows: 25, pageSize: 25 });

describe('a list paged deep into a region’s year', () => {
  it('numbers its first pages up to the 1,000 rows it counts, and says "1,000+"', () => {
    const { pagination, footer } = pagesOf(paging());
    expect(pagination).toMatchObject({ totalRecords: 1_000, recordsPerPage: 25, page: 1 });
    expect('paginationText' in pagination && pagination.paginationText({ from: 1, to: 25 })).toBe('1–25 of 1,000+');
    expect(footer).toBeNull();
    // A list counted to the end has its own count and no further pages.
    const whole = pagesOf(paging({ answer: { total: 40, total_capped: false, next: 'x' }, page: 2 }));
    expect(whole.pagination).toMatchObject({ totalRecords: 40 });
    expect(whole.footer).toBeNull();
  });

  it('goes on past the last numbered page by the cursor of the page shown, and back to the first', async () => {
    const last = paging({ page: 40 });
    renderScreen(pagesOf(last).footer);
    await userEvent.click(screen.getByRole('button', { name: 'Next 25 →' }));
    expect(last.showAfter).toHaveBeenCalledWith('cursor-41', 41);

    const deep = paging({ page: 41, after: 'cursor-41', answer: { ...capped, next: 'cursor-42' } });
    const { pagination, footer } = pagesOf(deep);
    expect(pagination).toEqual({});
    renderScreen(footer);
    expect(screen.getByText('Rows 1,001–1,025 of 1,000+')).toBeTruthy();
    await userEvent.click(screen.getAllByRole('button', { name: 'Next 25 →' }).at(-1) as HTMLElement);
    expect(deep.showAfter).toHaveBeenCalledWith('cursor-42', 42);
    await userEvent.click(screen.getByRole('button', { name: 'First page' }));
    expect(deep.setPage).toHaveBeenCalledWith(1);
  });

  it('keeps the cursor in the address with its page, and leaves it behind when a filter or the page changes', () => {
    const { result, router } = renderScreenHook(useListParams, { path: '/admin/orders?status=Reserved' });
    act(() => result.current.showAfter('cursor-41', 41));
    expect(addressOf(router)).toBe('/admin/orders?status=Reserved&after=cursor-41&page=41');
    expect(result.current).toMatchObject({ after: 'cursor-41', page: 41 });
    act(() => result.current.update({ status: 'Pending', page: '' }));
    expect(addressOf(router)).toBe('/admin/orders?status=Pending');
    act(() => result.current.showAfter('cursor-41', 41));
    act(() => result.current.setPage(1));
    expect(addressOf(router)).toBe('/admin/orders?status=Pending');
  });
});
