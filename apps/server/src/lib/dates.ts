/** A day as the API and the database write it: YYYY-MM-DD, in UTC. */
export const isoDay = (date: Date): string => date.toISOString().slice(0, 10);

/** The day `days` after the YYYY-MM-DD day `iso`. */
export const addDays = (iso: string, days: number): string =>
  isoDay(new Date(Date.parse(`${iso}T00:00:00Z`) + days * 86_400_000));
