import type { PaymentResult, TOrderConfirmResponse } from '@portal/contracts/checkout';
import { formatMoney } from '@portal/contracts/money';
import { awaitsCardPayment } from '@portal/contracts/order-rules';
import { paymentOptionName } from '@portal/contracts/orders';
import { and, asc, eq } from 'drizzle-orm';
import type { AppContext } from '../../context.ts';
import { type orders, payments } from '../../db/schema/index.ts';
import { AppError, notFound } from '../../lib/errors.ts';
import { confirmPayment, type Settled, settlePayment } from '../payments/confirm-payment.ts';
import { findOwnOrder } from './find-school-order.ts';

type OrderRow = typeof orders.$inferSelect;

/** What was done, as the confirmation names it. */
function orderType(order: OrderRow): string {
  if (order.payment_status === 'paid') return 'Paid order';
  return order.status === 'Pending' || order.status === 'Reserved' ? 'Reservation' : 'Order';
}

type ReturnVia = 'success' | 'cancel';

/** The gateway's word on a payment, as the school is told it. */
function resultOf(settled: Settled): PaymentResult {
  if (settled.status === 'succeeded') return 'paid';
  if (settled.status === 'pending') return 'pending';
  // Closed at the gateway without a card refused: the payer left (or a newer checkout replaced it).
  return settled.checkout === 'expired' || settled.checkout === 'open' ? 'cancelled' : 'declined';
}

/**
 * Settles the payment the school came back with (it must be this order's). Back by the
 * cancel address with its checkout still open, the payer left the gateway's page: that
 * checkout is closed at the gateway, so that it cannot be paid behind the school's back,
 * and asked again, which records the payment as not paid (or paid, had the payer just paid).
 */
async function settleReturnedPayment(
  ctx: AppContext,
  orderId: number,
  paymentKey: string,
  via: ReturnVia | undefined,
): Promise<PaymentResult> {
  const [own] = await ctx.db
    .select({ ref: payments.gateway_ref, gateway: payments.gateway })
    .from(payments)
    .where(and(eq(payments.payment_key, paymentKey), eq(payments.order_id, orderId)));
  if (!own) throw notFound();
  let settled = await settlePayment(ctx, paymentKey);
  if (via === 'cancel' && settled.checkout === 'open' && own.ref && own.gateway === ctx.gateway.name) {
    // A checkout the gateway will not close (one already completed, its payment still
    // settling) stays pending; a gateway out of reach fails the question that follows.
    await ctx.gateway.expire(own.ref).catch(() => {});
    settled = await settlePayment(ctx, paymentKey);
  }
  return resultOf(settled);
}

/**
 * Asks the gateway about the order's other payments still in flight. A gateway that cannot
 * be reached leaves them as they are; they are asked again next time.
 */
async function settleOtherPayments(ctx: AppContext, orderId: number, paymentKey: string | undefined) {
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
  via?: ReturnVia,
): Promise<TOrderConfirmResponse> {
  const before = await findOwnOrder(ctx.db, schoolUserId, orderKey);
  const key = paymentKey || undefined;
  const result = key ? await settleReturnedPayment(ctx, before.id, key, via) : null;
  await settleOtherPayments(ctx, before.id, key);
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
    payment_result: result,
  };
}
