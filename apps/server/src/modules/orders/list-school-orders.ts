import { ORDERS_PAGE_SIZE, orderYears, type TOrdersResponse } from '@portal/contracts/school-orders';
import { and, desc, eq, sql } from 'drizzle-orm';
import type { AppContext } from '../../context.ts';
import { orders, products } from '../../db/schema/index.ts';
import { pageOf, pageWindow } from '../../lib/paging.ts';
import { orderProduct, toSchoolOrder } from './school-order.ts';

/**
 * A page of the school's orders (orders), newest first: all of them, or those started in
 * `year`.
 */
export async function listSchoolOrders(
  ctx: AppContext,
  schoolUserId: number,
  { page, year }: { page: number; year?: number | undefined },
): Promise<TOrdersResponse> {
  const inYear =
    year === undefined
      ? undefined
      : // The bounds are made by PostgreSQL: a JavaScript date of the year 10000 (after 9999, the
        // filter's last) would be written '+010000-…', which PostgreSQL cannot read.
        sql`${orders.created_at} >= make_timestamptz(${year}::int, 1, 1, 0, 0, 0, 'UTC') and ${orders.created_at} < make_timestamptz(${year + 1}::int, 1, 1, 0, 0, 0, 'UTC')`;
  const { limit, offset } = pageWindow(page, ORDERS_PAGE_SIZE);
  const read = await ctx.db
    .select({ order: orders, product: orderProduct })
    .from(orders)
    .innerJoin(products, eq(products.id, orders.product_id))
    .where(and(eq(orders.school_user_id, schoolUserId), inYear))
    .orderBy(desc(orders.created_at), desc(orders.id))
    .limit(limit)
    .offset(offset);
  const { rows, has_more } = pageOf(read, ORDERS_PAGE_SIZE);
  return {
    status: 'success',
    message: 'ok',
    orders: rows.map((r) => toSchoolOrder(r.order, r.product)),
    rangeyear: orderYears(ctx.clock()),
    has_more,
  };
}
