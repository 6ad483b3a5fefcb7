import { and, asc, lt, ne, or, sql } from 'drizzle-orm';
import type { AppContext } from '../../context.ts';
import { email_outbox } from '../../db/schema/index.ts';
import { QUEUES } from '../jobs/job-queue.ts';
import { claimable } from './deliver-mail.ts';
import { queueDelivery } from './queue-mail.ts';

/** Every minute. */
export const MAIL_SWEEP_CRON = '* * * * *';

/** A failed message is tried again by the sweep this long after its last attempt (its own job's retries come first). */
const FAILED_PAUSE_MINUTES = 15;
/** After this many attempts a failed message is left for staff to look at (about four hours of a server that cannot send). */
export const MAIL_MAX_ATTEMPTS = 48;
/** Messages queued again in one sweep at most; the next sweep takes the rest. */
const SWEEP_BATCH = 500;

/**
 * Queues a delivery for every message that should be on its way and may have none: queued
 * ones (a job lost with a server, or never written by an older server), claimed ones whose
 * lease ran out (a server stopped mid-send), failed ones whose job's retries ran out. A
 * message that still has a live delivery is not given a second one (the job's key). Answers
 * how many were asked for.
 */
export async function sweepOutbox(ctx: Pick<AppContext, 'db' | 'jobs'>): Promise<number> {
  const rows = await ctx.db
    .select({ id: email_outbox.id })
    .from(email_outbox)
    .where(
      and(
        claimable(),
        or(
          ne(email_outbox.status, 'failed'),
          and(
            lt(email_outbox.attempts, MAIL_MAX_ATTEMPTS),
            lt(email_outbox.updated_at, sql`now() - make_interval(mins => ${FAILED_PAUSE_MINUTES})`),
          ),
        ),
      ),
    )
    .orderBy(asc(email_outbox.id))
    .limit(SWEEP_BATCH);
  for (const { id } of rows) await queueDelivery(ctx.jobs, ctx.db, id);
  return rows.length;
}

/** The sweep, scheduled once in the database and run by whichever server takes it. */
export async function workOutboxSweep(ctx: Pick<AppContext, 'db' | 'jobs'>): Promise<void> {
  await ctx.jobs.work(QUEUES.mailSweep, async () => {
    await sweepOutbox(ctx);
  });
  await ctx.jobs.schedule(QUEUES.mailSweep, MAIL_SWEEP_CRON, {});
}
