import { MSG } from '@portal/contracts/messages';
import { cancelOption } from '@portal/contracts/order-rules';
import { CANCEL_OPTIONS } from '@portal/contracts/school-orders';
import { and, eq, sql } from 'drizzle-orm';
import type { AppContext } from '../../context.ts';
import { orders } from '../../db/schema/index.ts';
import { conflict, notFound } from '../../lib/errors.ts';
import { recordChange } from '../audit/record-change.ts';
import { rowVersion } from './find-school-order.ts';
import { closeOpenPayments } from './settle-order-payments.ts';

/**
 * Cancels the school's order (cancelorder) while D12 lets the school do it itself. A card
 * payment still in flight is closed first (or, paid meanwhile, refuses the cancellation),
 * and the write is made only over the version of the order the rule was checked on, so
 * that a payment or a change by staff landing in between wins and the school is told to
 * ask the team instead.
 */
export async function cancelOrder(ctx: AppContext, schoolUserId: number, orderKey: string, ip?: string) {
  const [found] = await ctx.db
    .select({ order: orders, version: rowVersion })
    .from(orders)
    .where(and(eq(orders.order_key, orderKey), eq(orders.school_user_id, schoolUserId)));
  if (!found) throw notFound(MSG.orderNotFound);
  const { order, version } = found;
  const { cancel_cutoff } = await ctx.cache.settings.get();
  if (cancelOption(order, ctx.clock(), cancel_cutoff) !== CANCEL_OPTIONS.direct)
    throw conflict(MSG.orderNotCancellable);
  if (order.status === 'Order Placed') await closeOpenPayments(ctx, order.id);
  const cancelled = await ctx.db.transaction(async (tx) => {
    const [row] = await tx
      .update(orders)
      .set({ status: 'Cancelled', cancelled_at: sql`now()`, updated_at: sql`now()` })
      .where(and(eq(orders.id, order.id), sql`${orders}.xmin = ${version}::xid`))
      .returning({ id: orders.id, status: orders.status });
    if (!row) return false;
    await recordChange(tx, {
      actorId: schoolUserId,
      action: 'cancel',
      entity: 'order',
      entityId: order.id,
      before: { status: order.status },
      after: { status: row.status },
      ip,
    });
    return true;
  });
  if (!cancelled) throw conflict(MSG.orderNotCancellable);
  return { status: 'success' as const, message: MSG.orderCancelled };
}
