import { and, asc, eq, gt, lt, sql } from 'drizzle-orm';
import type { AppContext } from '../../context.ts';
import { payments } from '../../db/schema/index.ts';
import { AppError } from '../../lib/errors.ts';
import { BACKGROUND_STEP, stepsById } from '../../lib/steps.ts';
import { QUEUES } from '../jobs/job-queue.ts';
import { closePayment } from './close-payment.ts';
import { GatewayUnavailableError, markPaymentFailed, settlePayment } from './confirm-payment.ts';
import { reconcileRefunds } from './refund-payment.ts';
import { withoutProblemNote } from './report-payment-problem.ts';

/** Every five minutes (UTC); an occurrence missed while no server ran is made up once. */
export const RECONCILE_CRON = '*/5 * * * *';

/** A payment still pending this long after it started is asked about: its webhook may have been lost. */
export const RECONCILE_AFTER_MINUTES = 15;

/**
 * How long a checkout may stay open before the reconciliation closes it: Stripe's own
 * default lifetime of a Checkout Session; the test gateway's never expire by themselves.
 */
export const CHECKOUT_LIFETIME_MINUTES = 24 * 60;

export interface Reconciled {
  /** Payments asked about. */
  asked: number;
  succeeded: number;
  failed: number;
  /** Still open at the gateway, or the gateway out of reach: asked again next time. */
  left: number;
}

/** The next step of the payments to ask about, past `afterId`. */
function duePayments(ctx: AppContext, afterId: number, size: number) {
  return ctx.db
    .select({
      id: payments.id,
      key: payments.payment_key,
      ref: payments.gateway_ref,
      expired: sql<boolean>`${payments.created_at} < now() - make_interval(mins => ${CHECKOUT_LIFETIME_MINUTES})`,
    })
    .from(payments)
    .where(
      and(
        eq(payments.status, 'pending'),
        eq(payments.gateway, ctx.gateway.name),
        lt(payments.created_at, sql`now() - make_interval(mins => ${RECONCILE_AFTER_MINUTES})`),
        withoutProblemNote,
        gt(payments.id, afterId),
      ),
    )
    .orderBy(asc(payments.id))
    .limit(size);
}

/**
 * Asks the gateway about every payment still pending RECONCILE_AFTER_MINUTES after it started,
 * through the one settle path (`settlePayment`): paid is recorded once, declined or expired
 * marks it failed, open leaves it, and open past the checkout's lifetime closes it. A payment
 * that never reached the gateway (the server stopped between writing it and opening its
 * checkout) has no page a payer could have paid on, and is marked failed. Payments noted
 * for staff (report-payment-problem.ts) are left to them. A gateway out of reach ends the run:
 * the rest are asked next time. Read BACKGROUND_STEP at a time, each settled in its own
 * transaction, however many there are. Safe on several servers at once:
 * settling is idempotent, so a payment asked about twice is still recorded once.
 */
export async function reconcilePayments(ctx: AppContext): Promise<Reconciled> {
  const result: Reconciled = { asked: 0, succeeded: 0, failed: 0, left: 0 };
  walk: for await (const step of stepsById((afterId, size) => duePayments(ctx, afterId, size), BACKGROUND_STEP)) {
    for (const [i, payment] of step.entries()) {
      result.asked++;
      if (!payment.ref) {
        if (await markPaymentFailed(ctx.db, payment.id)) result.failed++;
        else result.left++;
        continue;
      }
      const settle = payment.expired ? closePayment : settlePayment;
      try {
        const settled = await settle(ctx, payment.key);
        if (settled.status === 'succeeded') result.succeeded++;
        else if (settled.status === 'failed') result.failed++;
        else result.left++;
      } catch (error) {
        if (!(error instanceof AppError)) throw error;
        if (error instanceof GatewayUnavailableError) {
          // The gateway out of reach: this one and the rest are asked again next run.
          result.left += step.length - i;
          result.asked += step.length - i - 1;
          break walk;
        }
        result.left++;
      }
    }
  }
  // A sponsorship one of them paid shows it in the sponsor's list at once.
  if (result.succeeded + result.failed > 0) ctx.feed.touch('sponsorships');
  return result;
}

/** The reconciliation: scheduled once in the database, run by whichever server takes the job. */
export async function workPaymentReconciliation(ctx: AppContext): Promise<void> {
  await ctx.jobs.work(QUEUES.paymentReconciliation, async () => {
    await reconcilePayments(ctx);
    await reconcileRefunds(ctx);
  });
  await ctx.jobs.schedule(QUEUES.paymentReconciliation, RECONCILE_CRON, {});
}
