import { addDays } from '../../lib/dates.ts';

/** The reminders of a payment: 7 days before its due date, on it, and 14 days after. */
export const REMINDER_STEPS = [
  { step: 'before', offsetDays: -7 },
  { step: 'due', offsetDays: 0 },
  { step: 'after', offsetDays: 14 },
] as const;

export type ReminderStep = (typeof REMINDER_STEPS)[number]['step'];

/**
 * The reminder a payment due on `dueDate` has reached on `today` (both YYYY-MM-DD): the
 * latest step whose day has come, or none before the first. A day the job did not run is
 * made up the next day, and a step already sent is never sent again (payment_reminders),
 * so that each step goes once, on its day when the job runs daily.
 */
export function reminderStepOn(dueDate: string, today: string): ReminderStep | undefined {
  let reached: ReminderStep | undefined;
  for (const { step, offsetDays } of REMINDER_STEPS) {
    if (addDays(dueDate, offsetDays) <= today) reached = step;
  }
  return reached;
}
