import { formatMoney } from '@portal/contracts/money';
import type { TOrderPaymentConfirmResponse } from '@portal/contracts/pay-links';
import { and, eq } from 'drizzle-orm';
import type { AppContext } from '../../context.ts';
import { pay_links, payments } from '../../db/schema/index.ts';
import { notFound } from '../../lib/errors.ts';
import { type ReturnVia, settleReturnedPayment } from '../payments/settle-returned-payment.ts';
import { orderBalance } from './order-pay-link-balance.ts';

/**
 * An order pay-link payment's result page (orderpaymentconfirm), public: its key is known
 * only to whoever started it from the link. It is settled with the gateway first (D13), so
 * the return page, the webhook and any replay record it once. A payment the school started
 * signed in is no pay-link payment and is unknown here (404).
 */
export async function confirmOrderPayLinkPayment(
  ctx: AppContext,
  paymentKey: string,
  via: ReturnVia | undefined,
): Promise<TOrderPaymentConfirmResponse> {
  const [payment] = await ctx.db
    .select({ order_id: payments.order_id, amount_cents: payments.amount_cents })
    .from(payments)
    .innerJoin(pay_links, eq(pay_links.id, payments.pay_link_id))
    .where(and(eq(payments.payment_key, paymentKey), eq(payments.kind, 'order')));
  if (!payment || payment.order_id === null) throw notFound();
  const result = await settleReturnedPayment(ctx, paymentKey, via);
  const { order, balanceCents } = await orderBalance(ctx.db, payment.order_id);
  if (result === 'paid') ctx.cache.orderSnapshots.delete(order.school_user_id, order.order_key);
  return {
    status: 'success',
    message: 'ok',
    order_id: order.id,
    payment_status: order.payment_status,
    payment_result: result,
    amount: payment.amount_cents,
    amount_html: formatMoney(payment.amount_cents),
    left_amount: balanceCents,
    left_amount_html: formatMoney(balanceCents),
  };
}
