import type { TOrderConfirmResponse } from '@portal/contracts/checkout';
import { formatMoney } from '@portal/contracts/money';
import { awaitsCardPayment } from '@portal/contracts/order-rules';
import { paymentOptionName } from '@portal/contracts/orders';
import { and, asc, eq } from 'drizzle-orm';
import type { AppContext } from '../../context.ts';
import { type orders, payments } from '../../db/schema/index.ts';
import { AppError, notFound } from '../../lib/errors.ts';
import { confirmPayment } from '../payments/confirm-payment.ts';
import { findOwnOrder } from './find-school-order.ts';

type OrderRow = typeof orders.$inferSelect;

/** What was done, as the confirmation names it. */
function orderType(order: OrderRow): string {
  if (order.payment_status === 'paid') return 'Paid order';
  return order.status === 'Pending' || order.status === 'Reserved' ? 'Reservation' : 'Order';
}

/**
 * Asks the gateway about the order's payments still in flight: the one the school came
 * back with first (it must be this order's), then any other. A gateway that cannot be
 * reached leaves the others as they are; they are asked again next time.
 */
async function settlePayments(ctx: AppContext, orderId: number, paymentKey: string | undefined) {
  if (paymentKey) {
    const [own] = await ctx.db
      .select({ id: payments.id })
      .from(payments)
      .where(and(eq(payments.payment_key, paymentKey), eq(payments.order_id, orderId)));
    if (!own) throw notFound();
    await confirmPayment(ctx, paymentKey);
  }
  const pending = await ctx.db
    .select({ key: payments.payment_key })
    .from(payments)
    .where(and(eq(payments.order_id, orderId), eq(payments.status, 'pending')))
    .orderBy(asc(payments.id));
  for (const { key } of pending) {
    if (key === paymentKey) continue;
    await confirmPayment(ctx, key).catch((error: unknown) => {
      if (!(error instanceof AppError)) throw error;
    });
  }
}

/** The order confirmation (orderconfirm), after settling its payments with the gateway (D13). */
export async function getOrderConfirmation(
  ctx: AppContext,
  schoolUserId: number,
  orderKey: string,
  paymentKey: string | undefined,
): Promise<TOrderConfirmResponse> {
  const before = await findOwnOrder(ctx.db, schoolUserId, orderKey);
  await settlePayments(ctx, before.id, paymentKey || undefined);
  const order = await findOwnOrder(ctx.db, schoolUserId, orderKey);
  return {
    status: 'success',
    message: 'ok',
    order_id: order.id,
    order_key: order.order_key,
    order_status: awaitsCardPayment(order) ? '0' : order.status,
    delivery_date: order.delivery_date ?? '',
    order_type: orderType(order),
    payment_status: order.payment_status,
    payment_method: paymentOptionName(order.payment_method),
    total_amount_html: formatMoney(order.total_cents),
  };
}
