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

/** An order cannot be changed or cancelled after 1 May before its school year starts (D12). */
export function cutoffOf(schoolYear: string): Date | undefined {
  const start = Number(/^(\d{4})-\d{4}$/.exec(schoolYear)?.[1]);
  return Number.isFinite(start) && start > 0 ? new Date(Date.UTC(start, 4, 1)) : undefined;
}
