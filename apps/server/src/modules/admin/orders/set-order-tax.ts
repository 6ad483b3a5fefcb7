import { MSG } from '@portal/contracts/messages';
import { staffMayChange } from '@portal/contracts/order-rules';
import { eq, sql } from 'drizzle-orm';
import type { AppContext } from '../../../context.ts';
import { orders } from '../../../db/schema/index.ts';
import { conflict } from '../../../lib/errors.ts';
import { recordChange } from '../../audit/record-change.ts';
import { closeOpenPayments } from '../../orders/settle-order-payments.ts';
import { lockStaffOrder, type StaffActor } from './find-staff-order.ts';
import { mailSchoolOrderNews } from './order-staff-mails.ts';

/**
 * Adds the tax staff worked out to the order (D10): kept on the order (has_tax), so that
 * the school's later saves price with it whatever it answers about exemption
 * (save-order-form.ts), and the total changes by it. The school is e-mailed the new total.
 */
export async function setOrderTax(ctx: AppContext, actor: StaffActor, orderId: number, taxCents: number) {
  // A checkout still open for the old total is closed first (one paid meanwhile refuses the change).
  if ((await lockStaffOrder(ctx.db, orderId)).status === 'Order Placed') await closeOpenPayments(ctx, orderId);
  const { order, total } = await ctx.db.transaction(async (tx) => {
    const before = await lockStaffOrder(tx, orderId);
    if (!staffMayChange(before)) throw conflict(MSG.orderTaxCancelled);
    if (before.payment_status !== 'unpaid') throw conflict(MSG.orderTaxPaid);
    const total = before.subtotal_cents + taxCents;
    await tx
      .update(orders)
      .set({ tax_cents: taxCents, has_tax: true, total_cents: total, updated_at: sql`now()` })
      .where(eq(orders.id, orderId));
    await recordChange(tx, {
      actorId: actor.userId,
      action: 'tax',
      entity: 'order',
      entityId: orderId,
      before: { tax_cents: before.tax_cents, has_tax: before.has_tax, total_cents: before.total_cents },
      after: { tax_cents: taxCents, has_tax: true, total_cents: total },
      ip: actor.ip,
    });
    return { order: before, total };
  });
  if (order.total_cents !== total || !order.has_tax) {
    await mailSchoolOrderNews(ctx, order, { kind: 'tax', taxCents, totalCents: total });
  }
  ctx.cache.orderSnapshots.delete(order.school_user_id, order.order_key);
  return { status: 'success' as const, message: MSG.orderTaxSet };
}
