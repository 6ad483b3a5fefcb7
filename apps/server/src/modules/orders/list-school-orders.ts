import { ORDERS_PAGE_SIZE, orderYears, type TOrdersResponse } from '@portal/contracts/school-orders';
import { and, desc, eq, gte, lt } from 'drizzle-orm';
import type { AppContext } from '../../context.ts';
import { orders, products } from '../../db/schema/index.ts';
import { orderProduct, toSchoolOrder } from './school-order.ts';

/**
 * A page of the school's orders (orders), newest first: all of them, or those started in
 * `year`. One row more than a page is read to tell whether another page follows.
 */
export async function listSchoolOrders(
  ctx: AppContext,
  schoolUserId: number,
  { page, year }: { page: number; year?: number | undefined },
): Promise<TOrdersResponse> {
  const inYear =
    year === undefined
      ? undefined
      : and(
          gte(orders.created_at, new Date(Date.UTC(year, 0, 1))),
          lt(orders.created_at, new Date(Date.UTC(year + 1, 0, 1))),
        );
  const rows = await ctx.db
    .select({ order: orders, product: orderProduct })
    .from(orders)
    .innerJoin(products, eq(products.id, orders.product_id))
    .where(and(eq(orders.school_user_id, schoolUserId), inYear))
    .orderBy(desc(orders.created_at), desc(orders.id))
    .limit(ORDERS_PAGE_SIZE + 1)
    .offset((page - 1) * ORDERS_PAGE_SIZE);
  return {
    status: 'success',
    message: 'ok',
    orders: rows.slice(0, ORDERS_PAGE_SIZE).map((r) => toSchoolOrder(r.order, r.product)),
    rangeyear: orderYears(ctx.clock()),
    has_more: rows.length > ORDERS_PAGE_SIZE,
  };
}
