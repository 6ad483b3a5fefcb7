import { MSG } from '@portal/contracts/messages';
import type { StaffOrderState } from '@portal/contracts/order-rules';
import { eq } from 'drizzle-orm';
import type { Executor } from '../../../db/client.ts';
import { orders } from '../../../db/schema/index.ts';
import { notFound } from '../../../lib/errors.ts';

export type StaffOrder = typeof orders.$inferSelect;

/** Who changes an order from the back office, for its audit row. */
export interface StaffActor {
  userId: number;
  ip: string;
}

/**
 * The order, locked for the rest of the transaction when `tx` is one, so that a change by
 * staff is decided on the order as it is written; 404 when there is none.
 */
export async function lockStaffOrder(tx: Executor, orderId: number): Promise<StaffOrder> {
  const [order] = await tx.select().from(orders).where(eq(orders.id, orderId)).for('update');
  if (!order) throw notFound(MSG.orderNotFound);
  return order;
}

/** What the staff rules read of an order (order-rules.ts), and whether a proof of it waits for the school. */
export function staffState(order: StaffOrder, proofWaiting = false): StaffOrderState {
  const delivery = Number(order.custom_fields.delivery_optn);
  return {
    status: order.status,
    payment_method: order.payment_method,
    payment_status: order.payment_status,
    total_cents: order.total_cents,
    received_cents: order.received_cents,
    refunded_cents: order.refunded_cents,
    delivery_optn: Number.isInteger(delivery) && delivery > 0 ? delivery : null,
    proof_waiting: proofWaiting,
  };
}
