import { act } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { addressOf, renderScreenHook } from '../../../test-support/render.tsx';
import { useListParams } from './use-list-params.ts';

afterEach(() => {
  vi.useRealTimers();
});

describe('a staff list’s filters in the address', () => {
  it('reads the filters and the page the address holds, a page that is no page as the first', () => {
    const { result } = renderScreenHook(useListParams, { path: '/admin/orders?status=Paid&page=3' });
    expect(result.current.get('status')).toBe('Paid');
    expect(result.current.get('school')).toBe('');
    expect(result.current.page).toBe(3);

    for (const page of ['abc', '0', '-2', '']) {
      const other = renderScreenHook(useListParams, { path: `/admin/orders?page=${page}` });
      expect(other.result.current.page).toBe(1);
    }
  });

  it('sets the filters given, drops the blank ones, keeps the others, and replaces the address', () => {
    const { result, router } = renderScreenHook(useListParams, {
      path: '/admin/orders?school=9&status=Paid&year=2026',
    });
    act(() => result.current.update({ status: 'Reserved', school: '' }));
    expect(addressOf(router)).toBe('/admin/orders?status=Reserved&year=2026');
    // Back leads to the screen before the list, not through every filter tried.
    expect(router.state.historyAction).toBe('REPLACE');
  });

  it('keeps the first page as the address without one', () => {
    const { result, router } = renderScreenHook(useListParams, { path: '/admin/orders?status=Paid' });
    act(() => result.current.setPage(2));
    expect(addressOf(router)).toBe('/admin/orders?status=Paid&page=2');
    expect(result.current.page).toBe(2);
    act(() => result.current.setPage(1));
    expect(addressOf(router)).toBe('/admin/orders?status=Paid');
  });

  it('puts the search in the address once typing pauses, trimmed, and starts again from the first page', () => {
    vi.useFakeTimers();
    const { result, router } = renderScreenHook(useListParams, { path: '/admin/orders?page=4' });
    act(() => result.current.setWords('  blue pens '));
    act(() => vi.advanceTimersByTime(299));
    expect(addressOf(router)).toBe('/admin/orders?page=4');

    act(() => vi.advanceTimersByTime(1));
    expect(addressOf(router)).toBe('/admin/orders?q=blue+pens');
    expect(result.current.q).toBe('blue pens');
    expect(result.current.words).toBe('  blue pens ');
  });

  it('opens a shared address with its search on the page it names', () => {
    vi.useFakeTimers();
    const { result, router } = renderScreenHook(useListParams, { path: '/admin/orders?q=pens&page=3' });
    act(() => vi.advanceTimersByTime(1000));
    expect(addressOf(router)).toBe('/admin/orders?q=pens&page=3');
    expect(result.current.words).toBe('pens');
    expect(result.current.page).toBe(3);
  });

  it('drops the search from the address when the box is emptied', () => {
    vi.useFakeTimers();
    const { result, router } = renderScreenHook(useListParams, { path: '/admin/orders?q=pens&status=Paid&page=2' });
    act(() => result.current.setWords(''));
    act(() => vi.advanceTimersByTime(300));
    expect(addressOf(router)).toBe('/admin/orders?status=Paid');
  });
});
