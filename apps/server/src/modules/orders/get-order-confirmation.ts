import type { PaymentResult, TOrderConfirmResponse } from '@portal/contracts/checkout';
import { formatMoney } from '@portal/contracts/money';
import { awaitsCardPayment } from '@portal/contracts/order-rules';
import { paymentOptionName } from '@portal/contracts/orders';
import { and, eq } from 'drizzle-orm';
import type { AppContext } from '../../context.ts';
import { type orders, payments } from '../../db/schema/index.ts';
import { notFound } from '../../lib/errors.ts';
import { type ReturnVia, settleReturnedPayment } from '../payments/settle-returned-payment.ts';
import { findOwnOrder } from './find-school-order.ts';
import { settleOpenPayments } from './settle-order-payments.ts';

type OrderRow = typeof orders.$inferSelect;

/** What was done, as the confirmation names it. */
function orderType(order: OrderRow): string {
  if (order.payment_status === 'paid') return 'Paid order';
  return order.status === 'Pending' || order.status === 'Reserved' ? 'Reservation' : 'Order';
}

/** Settles the payment the school came back with, once it is known to be this order's. */
async function settleOwnPayment(
  ctx: AppContext,
  orderId: number,
  paymentKey: string,
  via: ReturnVia | undefined,
): Promise<PaymentResult> {
  const [own] = await ctx.db
    .select({ id: payments.id })
    .from(payments)
    .where(and(eq(payments.payment_key, paymentKey), eq(payments.order_id, orderId)));
  if (!own) throw notFound();
  return settleReturnedPayment(ctx, paymentKey, via);
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
  const result = key ? await settleOwnPayment(ctx, before.id, key, via) : null;
  // Its other payments in flight: a gateway out of reach leaves them to be asked again next time.
  await settleOpenPayments(ctx, before.id, { close: false, ...(key ? { except: key } : {}) });
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
