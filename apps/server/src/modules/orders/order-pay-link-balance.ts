import { MSG } from '@portal/contracts/messages';
import { balanceDue, isPayable } from '@portal/contracts/order-rules';
import { and, eq, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { orders, payments } from '../../db/schema/index.ts';
import { notFound } from '../../lib/errors.ts';

type OrderRow = typeof orders.$inferSelect;

/** What the order's confirmed payments have brought in (D13: only those the gateway confirmed). */
export async function orderPaidCents(db: Executor, orderId: number): Promise<number> {
  const [row] = await db
    .select({ paid: sql<number>`coalesce(sum(${payments.amount_cents}), 0)::int` })
    .from(payments)
    .where(and(eq(payments.order_id, orderId), eq(payments.status, 'succeeded')));
  return row?.paid ?? 0;
}

export interface OrderBalance {
  order: OrderRow;
  paidCents: number;
  /** Total less what was paid (balanceDue); 0 once it is marked paid. */
  balanceCents: number;
  /** Whether a pay link may be sent and paid now (isPayable, the one rule). */
  payable: boolean;
}

/** The order and its balance, as the pay-link rules read them; `lock` holds the order for the caller's transaction. */
export async function orderBalance(db: Executor, orderId: number, lock = false): Promise<OrderBalance> {
  const query = db.select().from(orders).where(eq(orders.id, orderId));
  const [order] = lock ? await query.for('update') : await query;
  if (!order) throw notFound(MSG.orderNotFound);
  const paidCents = await orderPaidCents(db, orderId);
  const state = { ...order, paid_cents: paidCents };
  return { order, paidCents, balanceCents: balanceDue(state), payable: isPayable(state) };
}
