import { addDays } from './business-time.ts';

/**
 * The business's payment terms (spec §9): payment is due 30 days after an invoice is issued,
 * and 30 days after a sponsorship is approved. One definition for the invoices, the quotes'
 * validity, the money-owed report and the reminders.
 */
export const PAYMENT_TERM_DAYS = 30;

/** The day payment is due for a document issued (or a sponsorship approved) on `issued`, YYYY-MM-DD. */
export function dueDateOf(issued: string): string {
  return addDays(issued, PAYMENT_TERM_DAYS);
}
