import { businessDay } from '@portal/contracts/business-time';

/**
 * A day as the API and the database write it, YYYY-MM-DD: the business's day (Tampa) at the
 * instant `date`, never the server's or UTC's.
 */
export const isoDay = (date: Date): string => businessDay(date);

/** The day `days` after the YYYY-MM-DD day `iso`. */
export { addDays } from '@portal/contracts/business-time';

/** "2026-11-24" as "November 24, 2026", the same whatever the server's time zone. */
export const longDate = (iso: string) =>
  new Date(`${iso}T00:00:00Z`).toLocaleDateString('en-US', {
    year: 'numeric',
    month: 'long',
    day: 'numeric',
    timeZone: 'UTC',
  });
