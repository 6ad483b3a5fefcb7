import { MSG } from '@portal/contracts/messages';
import { balanceDue, invoiceDueAt } from '@portal/contracts/order-rules';
import { and, eq } from 'drizzle-orm';
import type { AppContext } from '../../context.ts';
import { orders } from '../../db/schema/index.ts';
import { isoDay } from '../../lib/dates.ts';
import { recordChange } from '../audit/record-change.ts';
import { issueInvoiceIn } from '../invoices/issue-invoice.ts';
import { startPayment } from '../payments/start-payment.ts';
import { findSchoolOrder } from './find-school-order.ts';
import { assertPayable } from './get-checkout.ts';
import { closeOpenPayments } from './settle-order-payments.ts';

export interface PlaceOrderInput {
  orderKey: string;
  paymentMethod: 1 | 2;
  /** Where the choice came from, for the audit log. */
  ip?: string | undefined;
}

export interface PlaceOrderAnswer {
  status: 'success';
  message: string;
  type: 'internal' | 'external';
  redirect: string;
}

/**
 * Places a finalized order at checkout (placeorder): invoice now records the choice, issues
 * the order's invoice and goes to the confirmation; pay now records a pending payment of the order's total and
 * sends the school to the gateway's hosted page, which returns to the confirmation (paid)
 * or the payment error page (declined or cancelled). An order with nothing to pay goes
 * straight to the confirmation.
 */
export async function placeOrder(
  ctx: AppContext,
  schoolUserId: number,
  input: PlaceOrderInput,
): Promise<PlaceOrderAnswer> {
  const { order, product } = await findSchoolOrder(ctx.db, schoolUserId, input.orderKey);
  assertPayable(order);
  const confirmation = `/order-confirmed/${order.order_key}`;
  await ctx.db.transaction(async (tx) => {
    const [chosen] = await tx
      .update(orders)
      .set({ payment_method: input.paymentMethod })
      .where(and(eq(orders.id, order.id), eq(orders.payment_status, 'unpaid')))
      .returning();
    if (!chosen) return;
    await recordChange(tx, {
      actorId: schoolUserId,
      action: 'checkout',
      entity: 'order',
      entityId: order.id,
      before: { payment_method: order.payment_method },
      after: { payment_method: chosen.payment_method },
      ip: input.ip,
    });
    // Placed to be invoiced now: its invoice is issued, dated today, and e-mailed with it.
    if (invoiceDueAt(chosen, 'placed')) {
      await issueInvoiceIn(ctx, tx, {
        orderId: order.id,
        kind: 'invoice',
        issued: isoDay(ctx.clock()),
        actor: { userId: schoolUserId, ip: input.ip },
      });
    }
  });
  if (input.paymentMethod === 1) {
    return { status: 'success', message: MSG.orderPlaced, type: 'internal', redirect: confirmation };
  }

  await closeOpenPayments(ctx, order.id);
  // The balance as it stands now (tax added after a payment is such a balance); the payment
  // locks the order and refuses more than it owes then (orderPayments' attach).
  const [now] = await ctx.db
    .select({
      total_cents: orders.total_cents,
      received_cents: orders.received_cents,
      refunded_cents: orders.refunded_cents,
      payment_status: orders.payment_status,
    })
    .from(orders)
    .where(eq(orders.id, order.id));
  const amountCents = now ? balanceDue(now) : 0;
  const back = (path: string) => `${ctx.config.publicUrl}/${path}/${order.order_key}?payment_key={payment_key}`;
  const started = await startPayment(ctx, {
    payerId: schoolUserId,
    kind: 'order',
    allocations: [{ order_id: order.id, amount_cents: amountCents }],
    description: `Order #${order.id}: ${product.name}`,
    successUrl: back('order-confirmed'),
    cancelUrl: back('payment-error'),
    ip: input.ip,
  });
  return { status: 'success', message: 'ok', type: 'external', redirect: started.url };
}
