import { act, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { addressOf, renderScreen, renderScreenHook } from '../../test-support/render.tsx';
import { useYearFilter, YearFilter } from './year-filter.tsx';

const BASE_YEAR = 2025;

describe('the year a list shows, kept in the address', () => {
  it('is the year the address asks for, when a list from the first year could offer it', () => {
    expect(
      renderScreenHook(() => useYearFilter(BASE_YEAR), { path: '/school/orders?year=2026' }).result.current[0],
    ).toBe(2026);
    expect(
      renderScreenHook(() => useYearFilter(BASE_YEAR), { path: '/school/orders?year=2025' }).result.current[0],
    ).toBe(2025);
  });

  it('is all years for an address without one, or with one no list offers', () => {
    for (const asked of ['', '?year=2024', '?year=abc', '?year=2025.5', '?year=']) {
      const { result } = renderScreenHook(() => useYearFilter(BASE_YEAR), { path: `/school/orders${asked}` });
      expect(result.current[0], asked).toBeUndefined();
    }
  });

  it('puts another year in the address, and takes it out for all years, keeping the rest of the address', () => {
    const { result, router } = renderScreenHook(() => useYearFilter(BASE_YEAR), { path: '/sponsorships?tab=paid' });
    act(() => result.current[1](2027));
    expect(addressOf(router)).toBe('/sponsorships?tab=paid&year=2027');
    expect(result.current[0]).toBe(2027);
    // A year is a place Back returns to.
    expect(router.state.historyAction).toBe('PUSH');

    act(() => result.current[1](undefined));
    expect(addressOf(router)).toBe('/sponsorships?tab=paid');
    expect(result.current[0]).toBeUndefined();
  });
});

describe('YearFilter', () => {
  it('offers all years and the server’s years, and the year asked for even when the server does not offer it', () => {
    renderScreen(<YearFilter year={2031} years={[2027, 2026]} onChange={() => undefined} />);
    const select = screen.getByLabelText<HTMLSelectElement>('Year');
    expect([...select.options].map((o) => o.textContent)).toEqual(['All years', '2031', '2027', '2026']);
    expect(select.value).toBe('2031');
  });

  it('says which year was chosen, as a number, or undefined for all years', async () => {
    const onChange = vi.fn();
    renderScreen(<YearFilter year={2027} years={[2027, 2026]} onChange={onChange} />);
    const select = screen.getByLabelText<HTMLSelectElement>('Year');

    await userEvent.selectOptions(select, '2026');
    expect(onChange).toHaveBeenLastCalledWith(2026);
    await userEvent.selectOptions(select, 'All years');
    expect(onChange).toHaveBeenLastCalledWith(undefined);
  });
});
