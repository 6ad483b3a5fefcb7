import type { TAdminOrderTaxBody } from '@portal/contracts/admin-orders';
import { MSG } from '@portal/contracts/messages';
import { type OrderTax, paymentStatusOf, staffMayChange, taxFor } from '@portal/contracts/order-rules';
import { eq, sql } from 'drizzle-orm';
import type { AppContext } from '../../../context.ts';
import { orders } from '../../../db/schema/index.ts';
import { conflict } from '../../../lib/errors.ts';
import { recordChange } from '../../audit/record-change.ts';
import { closeOpenPayments } from '../../orders/settle-order-payments.ts';
import { lockStaffOrder, type StaffActor } from './find-staff-order.ts';
import { mailSchoolOrderNews } from './order-staff-mails.ts';

/**
 * Sets the tax staff worked out on the order (D10): a rate, which the school's later saves
 * work out again on the new subtotal, or an amount, which holds while the subtotal is the one
 * it was set on (taxFor); kept whatever the school answers about exemption
 * (save-order-form.ts), and the total changes by it. The school is e-mailed the new total.
 * An order already paid may still be taxed: what it has received is counted, and a total
 * above it leaves the order unpaid with that balance due, for the school or a pay link to pay;
 * a total below it leaves the difference as the school's credit.
 */
export async function setOrderTax(ctx: AppContext, actor: StaffActor, orderId: number, body: TAdminOrderTaxBody) {
  // A checkout still open for the old total is closed first (one paid meanwhile refuses the change).
  if ((await lockStaffOrder(ctx.db, orderId)).status === 'Order Placed') await closeOpenPayments(ctx, orderId);
  const order = await ctx.db.transaction(async (tx) => {
    const before = await lockStaffOrder(tx, orderId);
    if (!staffMayChange(before)) throw conflict(MSG.orderTaxCancelled);
    if (before.payment_status === 'refunded') throw conflict(MSG.orderTaxRefunded);
    const set: OrderTax =
      body.tax_rate_bp !== undefined
        ? { has_tax: true, tax_cents: 0, tax_rate_bp: body.tax_rate_bp, tax_basis_cents: null }
        : { has_tax: true, tax_cents: body.tax_cents ?? 0, tax_rate_bp: null, tax_basis_cents: before.subtotal_cents };
    const tax = taxFor(set, before.subtotal_cents);
    const taxCents = tax.tax_cents;
    const total = before.subtotal_cents + taxCents;
    // The account decides: a higher total leaves a balance due, a lower one the school's credit.
    const paymentStatus = paymentStatusOf({ ...before, total_cents: total });
    await tx
      .update(orders)
      .set({
        ...tax,
        total_cents: total,
        payment_status: paymentStatus,
        updated_at: sql`now()`,
      })
      .where(eq(orders.id, orderId));
    await recordChange(tx, {
      actorId: actor.userId,
      action: 'tax',
      entity: 'order',
      entityId: orderId,
      before: {
        tax_cents: before.tax_cents,
        tax_rate_bp: before.tax_rate_bp,
        has_tax: before.has_tax,
        total_cents: before.total_cents,
        payment_status: before.payment_status,
      },
      after: {
        tax_cents: taxCents,
        tax_rate_bp: tax.tax_rate_bp,
        has_tax: true,
        total_cents: total,
        payment_status: paymentStatus,
      },
      ip: actor.ip,
    });
    if (before.total_cents !== total || !before.has_tax) {
      const news = {
        kind: 'tax' as const,
        taxCents,
        totalCents: total,
        rateBp: tax.tax_rate_bp,
        wasCents: before.has_tax ? before.tax_cents : null,
      };
      await mailSchoolOrderNews(ctx, tx, before, news);
    }
    return before;
  });
  ctx.cache.orderSnapshots.delete(order.school_user_id, order.order_key);
  return { status: 'success' as const, message: MSG.orderTaxSet };
}
