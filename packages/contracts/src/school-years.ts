/** School years run from August to July (D11): "2026-2027". */
export function schoolYearOf(date: Date): string {
  const year = date.getUTCFullYear();
  const start = date.getUTCMonth() >= 7 ? year : year - 1;
  return `${start}-${start + 1}`;
}

/** The years a reservation may be for: the current school year and the next (D11). */
export function reservableYears(today: Date): string[] {
  const current = schoolYearOf(today);
  const start = Number(current.slice(0, 4));
  return [current, `${start + 1}-${start + 2}`];
}

/**
 * The day from which an order can no longer be changed or cancelled by the school (D12):
 * 1 May before its school year starts, for a reservation started before then. An order
 * started later, for the year already in progress (a mid-year order) or after the cut-off
 * of the next, has none; nor has an order with no year yet.
 */
export function cutoffOf(schoolYear: string, startedOn: Date): Date | undefined {
  const start = Number(/^(\d{4})-\d{4}$/.exec(schoolYear)?.[1]);
  if (!Number.isFinite(start) || start <= 0) return undefined;
  const cutoff = new Date(Date.UTC(start, 4, 1));
  return startedOn < cutoff ? cutoff : undefined;
}
