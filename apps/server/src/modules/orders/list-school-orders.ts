import { ORDERS_PAGE_SIZE, OrdersResponse, orderYears, type TOrdersResponse } from '@portal/contracts/school-orders';
import { and, desc, eq, sql } from 'drizzle-orm';
import type { AppContext } from '../../context.ts';
import type { Database } from '../../db/client.ts';
import { preparedFor } from '../../db/prepared.ts';
import { orders, products } from '../../db/schema/index.ts';
import { isoDay } from '../../lib/dates.ts';
import { pageOf, pageWindow } from '../../lib/paging.ts';
import type { PreparedBody } from '../../lib/prepared-body.ts';
import { orderProduct, toSchoolOrder } from './school-order.ts';

/**
 * The list's query, prepared once per database (for all years, or for one): the school's
 * orders newest first by its index, with their products, a page and the row after it.
 */
function buildListQuery(db: Database, byYear: boolean) {
  const inYear = byYear
    ? // The bounds are made by PostgreSQL: a JavaScript date of the year 10000 (after 9999, the
      // filter's last) would be written '+010000-…', which PostgreSQL cannot read.
      sql`${orders.created_at} >= make_timestamptz(${sql.placeholder('year')}::int, 1, 1, 0, 0, 0, 'UTC')
        and ${orders.created_at} < make_timestamptz(${sql.placeholder('year')}::int + 1, 1, 1, 0, 0, 0, 'UTC')`
    : undefined;
  return db
    .select({ order: orders, product: orderProduct })
    .from(orders)
    .innerJoin(products, eq(products.id, orders.product_id))
    .where(and(eq(orders.school_user_id, sql.placeholder('school')), inYear))
    .orderBy(desc(orders.created_at), desc(orders.id))
    .limit(sql.placeholder('limit'))
    .offset(sql.placeholder('offset'))
    .prepare(byYear ? 'school_order_list_of_year' : 'school_order_list');
}

const listOfAllYears = preparedFor((db: Database) => buildListQuery(db, false));
const listOfYear = preparedFor((db: Database) => buildListQuery(db, true));

/**
 * A page of the school's orders (orders), newest first: all of them, or those started in
 * `year`.
 */
export async function listSchoolOrders(
  ctx: AppContext,
  schoolUserId: number,
  { page, year }: { page: number; year?: number | undefined },
): Promise<TOrdersResponse> {
  const read = await (year === undefined ? listOfAllYears : listOfYear)(ctx.db).execute({
    school: schoolUserId,
    year,
    ...pageWindow(page, ORDERS_PAGE_SIZE),
  });
  const { rows, has_more } = pageOf(read, ORDERS_PAGE_SIZE);
  return {
    status: 'success',
    message: 'ok',
    orders: rows.map((r) => toSchoolOrder(r.order, r.product)),
    rangeyear: orderYears(ctx.clock()),
    has_more,
  };
}

/**
 * The tables a school's list is made from: its orders and their products. A trigger on each
 * tells the change feed (migrations 0004 and 0053).
 */
export const SCHOOL_ORDER_LIST_TABLES = ['orders', 'products'];

/**
 * The list's answer as sent, from memory when this school asked for the same page since the
 * last change of an order (`ctx.cache.schoolOrderLists`); otherwise read and kept. Any successful change a
 * request makes in this server drops these answers before it is answered
 * (`registerChangeSync`), so that a school's next look at its list shows its own save.
 */
export function cachedSchoolOrderList(
  ctx: AppContext,
  schoolUserId: number,
  query: { page: number; year?: number | undefined },
): PreparedBody | Promise<PreparedBody> {
  const key = `${schoolUserId}:${query.year ?? 'all'}:${query.page}:${isoDay(ctx.clock())}`;
  return ctx.cache.schoolOrderLists.json(key, OrdersResponse, () => listSchoolOrders(ctx, schoolUserId, query));
}
