import { MSG } from '@portal/contracts/messages';
import { CANCEL_OPTIONS } from '@portal/contracts/school-orders';
import { and, eq, inArray, sql } from 'drizzle-orm';
import type { AppContext } from '../../context.ts';
import { orders } from '../../db/schema/index.ts';
import { conflict } from '../../lib/errors.ts';
import { findOwnOrder } from './find-school-order.ts';
import { cancelOption } from './order-rules.ts';

/**
 * Cancels the school's order (cancelorder) while D12 lets the school do it itself. The
 * write repeats the state it was allowed from, so a payment or a change by staff landing
 * in between wins, and the school is told to ask the team instead.
 */
export async function cancelOrder(ctx: AppContext, schoolUserId: number, orderKey: string) {
  const order = await findOwnOrder(ctx.db, schoolUserId, orderKey);
  if (cancelOption(order, ctx.clock()) !== CANCEL_OPTIONS.direct) throw conflict(MSG.orderNotCancellable);
  const cancelled = await ctx.db
    .update(orders)
    .set({ status: 'Cancelled', cancelled_at: sql`now()`, updated_at: sql`now()` })
    .where(
      and(
        eq(orders.id, order.id),
        inArray(orders.status, ['Pending', 'Reserved']),
        eq(orders.payment_status, 'unpaid'),
      ),
    )
    .returning({ id: orders.id });
  if (cancelled.length === 0) throw conflict(MSG.orderNotCancellable);
  return { status: 'success' as const, message: MSG.orderCancelled };
}
