import { MSG } from '@portal/contracts/messages';
import { lockMessage, lockReason } from '@portal/contracts/order-rules';
import { and, eq } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { orders } from '../../db/schema/index.ts';
import { conflict, notFound } from '../../lib/errors.ts';
import { orderStateColumns } from './find-school-order.ts';

/**
 * The school's own order by its key, when it may still be changed (D12). Another school's
 * key is not found (D11); a locked order is a conflict.
 */
export async function findEditableOrder(
  db: Database,
  schoolUserId: number,
  orderKey: string,
  today: Date,
  cutoffDay: string,
) {
  const [order] = await db
    .select({ id: orders.id, ...orderStateColumns })
    .from(orders)
    .where(and(eq(orders.order_key, orderKey), eq(orders.school_user_id, schoolUserId)));
  if (!order) throw notFound(MSG.orderNotFound);
  const locked = lockReason(order, today, cutoffDay);
  if (locked) throw conflict(lockMessage(locked, order.school_year, cutoffDay));
  return order;
}
