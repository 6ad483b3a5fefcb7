import { MSG } from '@portal/contracts/messages';
import { balanceDue, heldCents, isPayable } from '@portal/contracts/order-rules';
import { eq } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { orders } from '../../db/schema/index.ts';
import { notFound } from '../../lib/errors.ts';

type OrderRow = typeof orders.$inferSelect;

export interface OrderBalance {
  order: OrderRow;
  /** What the order holds of the school's money: received less refunded (heldCents). */
  paidCents: number;
  /** Total less what was received (balanceDue), never below 0. */
  balanceCents: number;
  /** Whether a pay link may be sent and paid now (isPayable, the one rule). */
  payable: boolean;
}

/** The order and its balance, as the pay-link rules read them; `lock` holds the order for the caller's transaction. */
export async function orderBalance(db: Executor, orderId: number, lock = false): Promise<OrderBalance> {
  const query = db.select().from(orders).where(eq(orders.id, orderId));
  const [order] = lock ? await query.for('update') : await query;
  if (!order) throw notFound(MSG.orderNotFound);
  return { order, paidCents: heldCents(order), balanceCents: balanceDue(order), payable: isPayable(order) };
}
