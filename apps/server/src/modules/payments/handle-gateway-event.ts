import { and, eq } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { AppContext } from '../../context.ts';
import { payments } from '../../db/schema/index.ts';
import { QUEUES } from '../jobs/job-queue.ts';
import { confirmPayment, markPaymentFailed } from './confirm-payment.ts';
import type { GatewayEvent } from './gateway.ts';
import { recordDispute, recordGatewayRefund } from './gateway-account-events.ts';
import { settleRefundByKey } from './refund-payment.ts';

export type GatewayEventResult = 'ok' | 'ignored';

/**
 * What a gateway's notification about one checkout does, whichever gateway sent it and
 * however often: a payment that may be settled is confirmed with the gateway itself (the
 * event's word alone never counts, D13), one that will not come is marked failed. The
 * payer's browser plays no part, so a payment counts even when it never comes back.
 */
export async function handleGatewayEvent(
  ctx: AppContext,
  gateway: string,
  event: GatewayEvent,
): Promise<GatewayEventResult> {
  if (event.outcome === 'refund')
    return (await settleRefundByKey(ctx, event.refundKey, event.result)) ? 'ok' : 'ignored';
  if (event.outcome === 'gateway-refund') return recordGatewayRefund(ctx, gateway, event);
  if (event.outcome === 'dispute') return recordDispute(ctx, gateway, event);
  const [payment] = await ctx.db
    .select({ id: payments.id, key: payments.payment_key })
    .from(payments)
    .where(and(eq(payments.gateway, gateway), eq(payments.gateway_ref, event.ref)));
  // A checkout this product did not start (another integration on the same account): nothing to do.
  if (!payment) return 'ignored';
  if (event.outcome === 'failed') await markPaymentFailed(ctx.db, payment.id);
  else await confirmPayment(ctx, payment.key);
  return 'ok';
}

export interface GatewayEventJob {
  gateway: string;
  event: GatewayEvent;
}

/**
 * Hands a gateway's event on at once; should that fail (the database or the gateway out of
 * reach for a moment), the job queue tries again later, as a gateway retries a webhook that
 * was not answered. Never throws: the payer's page goes on, and the return page asks too.
 */
export async function deliverGatewayEvent(
  ctx: AppContext,
  log: FastifyBaseLogger,
  gateway: string,
  event: GatewayEvent,
): Promise<void> {
  try {
    await handleGatewayEvent(ctx, gateway, event);
  } catch (error) {
    log.warn({ err: error }, 'a payment event is left to the job queue');
    const job: GatewayEventJob = { gateway, event };
    await ctx.jobs.send(QUEUES.paymentEvents, job).catch((sendError: unknown) => {
      log.error({ err: sendError }, 'a payment event could not be queued');
    });
  }
}

/** The worker of queued gateway events; a failure is retried with the queue's back-off. */
export function workGatewayEvents(ctx: AppContext): Promise<void> {
  return ctx.jobs.work<GatewayEventJob>(QUEUES.paymentEvents, async ({ gateway, event }) => {
    await handleGatewayEvent(ctx, gateway, event);
  });
}
