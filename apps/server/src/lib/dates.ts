import { businessDay } from '@portal/contracts/business-time';

/**
 * A day as the API and the database write it, YYYY-MM-DD: the business's day (Tampa) at the
 * instant `date`, never the server's or UTC's.
 */
export const isoDay = (date: Date): string => businessDay(date);

/** The day `days` after the YYYY-MM-DD day `iso`. */
export { addDays } from '@portal/contracts/business-time';
