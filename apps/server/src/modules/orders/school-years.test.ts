import { describe, expect, it } from 'vitest';
import { canEditOrder } from './order-rules.ts';
import { cutoffOf, reservableYears, schoolYearOf } from './school-years.ts';

const day = (iso: string) => new Date(`${iso}T12:00:00Z`);

describe('school years (D11)', () => {
  it('run from August to July', () => {
    expect(schoolYearOf(day('2026-07-31'))).toBe('2025-2026');
    expect(schoolYearOf(day('2026-08-01'))).toBe('2026-2027');
    expect(schoolYearOf(day('2026-11-23'))).toBe('2026-2027');
  });

  it('offer the current and the next for a reservation', () => {
    expect(reservableYears(day('2026-11-23'))).toEqual(['2026-2027', '2027-2028']);
    expect(reservableYears(day('2027-03-01'))).toEqual(['2026-2027', '2027-2028']);
  });

  it('close for changes on 1 May before the year starts', () => {
    expect(cutoffOf('2027-2028')?.toISOString()).toBe('2027-05-01T00:00:00.000Z');
    expect(cutoffOf('')).toBeUndefined();
  });
});

describe('canEditOrder (D12)', () => {
  const reserved = { status: 'Reserved' as const, payment_status: 'unpaid' as const, school_year: '2027-2028' };

  it('allows a Pending or Reserved unpaid order before the cut-off', () => {
    expect(canEditOrder(reserved, day('2027-04-30'))).toBe(true);
    expect(canEditOrder({ ...reserved, status: 'Pending', school_year: '' }, day('2027-06-01'))).toBe(true);
  });

  it('refuses from the cut-off on, once paid, and once placed or cancelled', () => {
    expect(canEditOrder(reserved, day('2027-05-01'))).toBe(false);
    expect(canEditOrder({ ...reserved, payment_status: 'paid' }, day('2026-12-01'))).toBe(false);
    expect(canEditOrder({ ...reserved, status: 'Order Placed' }, day('2026-12-01'))).toBe(false);
    expect(canEditOrder({ ...reserved, status: 'Cancelled' }, day('2026-12-01'))).toBe(false);
  });
});
