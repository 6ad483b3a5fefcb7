import { describe, expect, it } from 'vitest';
import { addDays, businessDay, startOfBusinessDay } from './business-time.ts';

describe('the business’s days (America/New_York)', () => {
  it('are Tampa’s calendar days, not UTC’s', () => {
    // 8 pm on 30 April in Tampa is already 1 May in UTC.
    expect(businessDay(new Date('2027-05-01T00:30:00Z'))).toBe('2027-04-30');
    expect(businessDay(new Date('2027-05-01T04:00:00Z'))).toBe('2027-05-01');
    expect(businessDay(new Date('2027-01-15T04:59:00Z'))).toBe('2027-01-14');
    expect(businessDay(new Date('2027-01-15T05:00:00Z'))).toBe('2027-01-15');
  });

  it('begin at Tampa’s midnight, in summer and in winter time, and on the days the clocks change', () => {
    expect(startOfBusinessDay('2027-05-01').toISOString()).toBe('2027-05-01T04:00:00.000Z');
    expect(startOfBusinessDay('2027-01-15').toISOString()).toBe('2027-01-15T05:00:00.000Z');
    expect(startOfBusinessDay('2027-03-14').toISOString()).toBe('2027-03-14T05:00:00.000Z');
    expect(startOfBusinessDay('2027-03-15').toISOString()).toBe('2027-03-15T04:00:00.000Z');
    expect(startOfBusinessDay('2027-11-07').toISOString()).toBe('2027-11-07T04:00:00.000Z');
    expect(startOfBusinessDay('2027-11-08').toISOString()).toBe('2027-11-08T05:00:00.000Z');
    for (const day of ['2027-03-14', '2027-11-07', '2028-02-29', '2026-12-31']) {
      expect(businessDay(startOfBusinessDay(day))).toBe(day);
      expect(businessDay(new Date(startOfBusinessDay(day).getTime() - 1))).toBe(addDays(day, -1));
    }
  });

  it('add up as calendar days', () => {
    expect(addDays('2027-04-30', 1)).toBe('2027-05-01');
    expect(addDays('2027-03-13', 30)).toBe('2027-04-12');
    expect(addDays('2028-03-01', -1)).toBe('2028-02-29');
  });
});
