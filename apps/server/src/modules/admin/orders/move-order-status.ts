import { MSG } from '@portal/contracts/messages';
import { invoiceDueAt, moveRefusal, moveRefusalMessage } from '@portal/contracts/order-rules';
import type { OrderStatus } from '@portal/contracts/orders';
import { eq, sql } from 'drizzle-orm';
import type { AppContext } from '../../../context.ts';
import type { Executor } from '../../../db/client.ts';
import { orders } from '../../../db/schema/index.ts';
import { isoDay } from '../../../lib/dates.ts';
import { conflict } from '../../../lib/errors.ts';
import { recordChange } from '../../audit/record-change.ts';
import { issueInvoiceIn } from '../../invoices/issue-invoice.ts';
import { closeOpenPayments } from '../../orders/settle-order-payments.ts';
import { hasWaitingProof } from '../../proofs/has-waiting-proof.ts';
import { lockStaffOrder, type StaffActor, type StaffOrder, staffState } from './find-staff-order.ts';
import { mailSchoolOrderNews } from './order-staff-mails.ts';

/**
 * Moves an order to the status staff chose, when the order rules allow it (moveRefusal),
 * with its audit row, and tells the school; placed to be invoiced now, or delivered with
 * something owed, and no invoice yet, it is invoiced (invoiceDueAt). Cancelling closes the checkouts still open
 * first, as the school's own cancellation does; one paid meanwhile refuses it.
 */
export async function moveOrderStatus(ctx: AppContext, actor: StaffActor, orderId: number, to: OrderStatus) {
  const refuse = async (tx: Executor, order: StaffOrder) => {
    const refusal = moveRefusal(staffState(order, await hasWaitingProof(tx, order.id)), to);
    if (refusal) throw conflict(moveRefusalMessage(refusal));
  };
  await refuse(ctx.db, await lockStaffOrder(ctx.db, orderId));
  if (to === 'Cancelled') await closeOpenPayments(ctx, orderId);
  await ctx.db.transaction(async (tx) => {
    const before = await lockStaffOrder(tx, orderId);
    await refuse(tx, before);
    await changeStatus(tx, actor, before, to, 'status');
    await mailSchoolOrderNews(ctx, tx, before, { kind: 'status', status: to });
    // Placed by staff to be invoiced now, it is invoiced that day, as the school's own checkout
    // does; invoiced after delivery (spec §4), what it still owes is invoiced the day it arrives.
    const moment = to === 'Delivered' ? 'delivered' : to === 'Order Placed' ? 'placed' : undefined;
    if (moment && invoiceDueAt({ ...before, status: to }, moment)) {
      await issueInvoiceIn(ctx, tx, { orderId, kind: 'invoice', issued: isoDay(ctx.clock()), actor });
    }
  });
  return { status: 'success' as const, message: MSG.orderStatusChanged };
}

/** Writes the new status and its audit row, in the caller's transaction. */
export async function changeStatus(
  tx: Parameters<Parameters<AppContext['db']['transaction']>[0]>[0],
  actor: StaffActor,
  order: StaffOrder,
  to: OrderStatus,
  action: string,
) {
  await tx
    .update(orders)
    .set({
      status: to,
      ...(to === 'Cancelled' ? { cancelled_at: sql`now()` } : {}),
      ...(to === 'Order Placed' && !order.placed_at ? { placed_at: sql`now()` } : {}),
      updated_at: sql`now()`,
    })
    .where(eq(orders.id, order.id));
  await recordChange(tx, {
    actorId: actor.userId,
    action,
    entity: 'order',
    entityId: order.id,
    before: { status: order.status },
    after: { status: to },
    ip: actor.ip,
  });
}
