import { MSG } from '@portal/contracts/messages';
import { and, eq, ne, sql } from 'drizzle-orm';
import type { AppContext } from '../../context.ts';
import type { Database } from '../../db/client.ts';
import { orders, payments, users } from '../../db/schema/index.ts';
import { AppError, notFound } from '../../lib/errors.ts';
import { QUEUES } from '../jobs/job-queue.ts';
import type { CheckoutState, CheckoutStatus } from './gateway.ts';
import { insertOrderReceipt } from './payment-receipt.ts';

export type PaymentStatus = 'pending' | 'succeeded' | 'failed';

type PaymentRow = Pick<
  typeof payments.$inferSelect,
  'id' | 'kind' | 'user_id' | 'order_id' | 'amount_cents' | 'gateway' | 'gateway_ref' | 'status'
>;

/** A gateway that cannot be reached: the payer may try again; the cause is logged, never shown. */
export function gatewayUnavailable(cause: unknown): AppError {
  const error = new AppError(503, MSG.paymentStartFailed);
  error.cause = cause;
  return error;
}

/** A payment that will not be paid: only from pending, so that a confirmed one is never undone. */
export async function markPaymentFailed(db: Database, paymentId: number): Promise<boolean> {
  const changed = await db
    .update(payments)
    .set({ status: 'failed' })
    .where(and(eq(payments.id, paymentId), eq(payments.status, 'pending')))
    .returning({ id: payments.id });
  return changed.length > 0;
}

/**
 * Records a payment the gateway says was made, once: the update that marks it succeeded
 * changes a row only the first time, and only then is the order marked paid and the
 * receipt written, all in one transaction. A failed payment may still succeed here: if the
 * gateway took the money (a payer who paid as the checkout was being closed), it counts.
 */
async function recordSucceeded(ctx: AppContext, payment: PaymentRow): Promise<void> {
  const mailId = await ctx.db.transaction(async (tx) => {
    const changed = await tx
      .update(payments)
      .set({ status: 'succeeded', confirmed_at: sql`now()` })
      .where(and(eq(payments.id, payment.id), ne(payments.status, 'succeeded')))
      .returning({ id: payments.id, confirmed_at: payments.confirmed_at });
    const confirmed = changed[0];
    if (!confirmed || payment.kind !== 'order' || payment.order_id === null) return undefined;
    const [order] = await tx
      .update(orders)
      .set({ payment_status: 'paid' })
      .where(eq(orders.id, payment.order_id))
      .returning({ id: orders.id, order_key: orders.order_key });
    const [school] = await tx.select({ email: users.email }).from(users).where(eq(users.id, payment.user_id));
    if (!order || !school) return undefined;
    return insertOrderReceipt(tx, ctx.config.publicUrl, {
      to: school.email,
      amountCents: payment.amount_cents,
      orderId: order.id,
      orderKey: order.order_key,
      gatewayRef: payment.gateway_ref ?? '',
      paidAt: confirmed.confirmed_at ?? new Date(),
    });
  });
  if (mailId !== undefined) await ctx.jobs.send(QUEUES.mail, { id: mailId });
}

export interface Settled {
  status: PaymentStatus;
  /** The gateway's word on the checkout, when it was asked. */
  checkout?: CheckoutStatus;
}

/**
 * Settles a payment with the gateway's own word, never the browser's (D13): paid for the
 * right amount records it (once, however often the return page, the webhook or a replay
 * asks); declined or expired marks it failed and leaves the order payable; open leaves it
 * pending. Answers the payment's status afterwards, and what the gateway said.
 */
export async function settlePayment(ctx: AppContext, paymentKey: string): Promise<Settled> {
  const [payment] = await ctx.db
    .select({
      id: payments.id,
      kind: payments.kind,
      user_id: payments.user_id,
      order_id: payments.order_id,
      amount_cents: payments.amount_cents,
      gateway: payments.gateway,
      gateway_ref: payments.gateway_ref,
      status: payments.status,
    })
    .from(payments)
    .where(eq(payments.payment_key, paymentKey));
  if (!payment) throw notFound();
  if (payment.status === 'succeeded') return { status: 'succeeded', checkout: 'paid' };
  // Never started, or taken by a gateway this server no longer uses: nothing to ask.
  if (!payment.gateway_ref || payment.gateway !== ctx.gateway.name) return { status: payment.status };

  let state: CheckoutState;
  try {
    state = await ctx.gateway.retrieve(payment.gateway_ref);
  } catch (error) {
    throw gatewayUnavailable(error);
  }
  if (state.status === 'paid') {
    // An amount other than the one asked for is not this payment; it stays as it was for staff to look at.
    if (state.amountCents !== payment.amount_cents) return { status: payment.status };
    await recordSucceeded(ctx, payment);
    return { status: 'succeeded', checkout: 'paid' };
  }
  if (state.status === 'declined' || state.status === 'expired') {
    await markPaymentFailed(ctx.db, payment.id);
    return { status: 'failed', checkout: state.status };
  }
  return { status: payment.status, checkout: state.status };
}

/** settlePayment, for callers that need only the payment's status. */
export async function confirmPayment(ctx: AppContext, paymentKey: string): Promise<PaymentStatus> {
  return (await settlePayment(ctx, paymentKey)).status;
}
