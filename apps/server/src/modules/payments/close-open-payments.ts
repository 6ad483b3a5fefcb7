import { MSG } from '@portal/contracts/messages';
import { and, asc, eq } from 'drizzle-orm';
import type { AppContext } from '../../context.ts';
import { payments } from '../../db/schema/index.ts';
import { conflict } from '../../lib/errors.ts';
import { confirmPayment, markPaymentFailed } from './confirm-payment.ts';

/**
 * Settles the order's card payments still in flight before the order changes under them
 * (a new checkout, an edit, a cancellation): one the gateway says was paid makes the order
 * paid, and the change is refused; one still open is closed at the gateway and marked
 * failed, so that no payment of the old amount can succeed afterwards.
 */
export async function closeOpenPayments(ctx: AppContext, orderId: number): Promise<void> {
  const pending = await ctx.db
    .select({ id: payments.id, key: payments.payment_key, ref: payments.gateway_ref, gateway: payments.gateway })
    .from(payments)
    .where(and(eq(payments.order_id, orderId), eq(payments.status, 'pending')))
    .orderBy(asc(payments.id));
  for (const payment of pending) {
    if ((await confirmPayment(ctx, payment.key)) === 'succeeded') throw conflict(MSG.orderAlreadyPaid);
    if (payment.ref && payment.gateway === ctx.gateway.name) {
      // Best effort: should the payer have paid it meanwhile, its confirmation still counts (confirmPayment).
      await ctx.gateway.expire(payment.ref).catch(() => {});
    }
    await markPaymentFailed(ctx.db, payment.id);
  }
}
