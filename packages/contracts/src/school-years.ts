import { businessDay, startOfBusinessDay } from './business-time.ts';

/** School years run from August to July (D11), by the business's days: "2026-2027". */
export function schoolYearOf(date: Date): string {
  const day = businessDay(date);
  const year = Number(day.slice(0, 4));
  const start = Number(day.slice(5, 7)) >= 8 ? year : year - 1;
  return `${start}-${start + 1}`;
}

/** The years a reservation may be for: the current school year and the next (D11). */
export function reservableYears(today: Date): string[] {
  const current = schoolYearOf(today);
  const start = Number(current.slice(0, 4));
  return [current, `${start + 1}-${start + 2}`];
}

/** The cancellation cut-off day (D9, D12) as staff set it, MM-DD: 1 May unless they change it. */
export const DEFAULT_CUTOFF_DAY = '05-01';

/** Month and day of a cut-off day MM-DD; 1 May for anything else. */
function cutoffMonthDay(cutoffDay: string): [number, number] {
  const [, month, day] = /^(\d{2})-(\d{2})$/.exec(cutoffDay) ?? [];
  const m = Number(month);
  const d = Number(day);
  return m >= 1 && m <= 12 && d >= 1 && d <= 31 ? [m - 1, d] : [4, 1];
}

/**
 * The moment from which an order can no longer be changed or cancelled by the school (D12),
 * the first instant of its day in Tampa:
 * the cut-off day (1 May unless staff set another, D9) of the year its school year starts,
 * for a reservation started before then. An order started later, for the year already in
 * progress (a mid-year order) or after the cut-off of the next, has none; nor has an order
 * with no year yet.
 */
export function cutoffOf(schoolYear: string, startedOn: Date, cutoffDay = DEFAULT_CUTOFF_DAY): Date | undefined {
  const start = Number(/^(\d{4})-\d{4}$/.exec(schoolYear)?.[1]);
  if (!Number.isFinite(start) || start <= 0) return undefined;
  const [month, day] = cutoffMonthDay(cutoffDay);
  // The cut-off day begins at midnight in Tampa (a 31 April is 1 May).
  const cutoff = startOfBusinessDay(new Date(Date.UTC(start, month, day)).toISOString().slice(0, 10));
  return startedOn < cutoff ? cutoff : undefined;
}
