import type { AppContext } from '../../context.ts';
import { QUEUES } from '../jobs/job-queue.ts';
import { sendPaymentReminders } from './send-payment-reminders.ts';

/** Every day at 07:00 UTC; a day missed while no server ran is made up once. */
export const REMINDER_CRON = '0 7 * * *';

/** The daily payment reminders: scheduled once in the database, run by whichever server takes the job. */
export async function workPaymentReminders(ctx: AppContext): Promise<void> {
  await ctx.jobs.work(QUEUES.paymentReminders, async () => {
    await sendPaymentReminders(ctx, ctx.clock());
  });
  await ctx.jobs.schedule(QUEUES.paymentReminders, REMINDER_CRON, {});
}
