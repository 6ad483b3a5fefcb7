import { ADMIN_ORDERS_PAGE_SIZE, type TAdminOrderRow, type TAdminOrdersResponse } from '@portal/contracts/admin-orders';
import type { OrderStatus } from '@portal/contracts/orders';
import type { PaymentStatus } from '@portal/contracts/school-orders';
import { and, asc, desc, eq, ilike, inArray, or, type SQL, sql } from 'drizzle-orm';
import type { Database } from '../../../db/client.ts';
import { contact_requests, orders, products, schools, users } from '../../../db/schema/index.ts';
import { cappedCount, cursorAfter, encodeCursor, pastCursor } from '../../../lib/paging.ts';
import { proofWaitingSql } from '../../proofs/has-waiting-proof.ts';
import { schoolsMatching } from '../schools/schools-matching.ts';

export interface AdminOrdersFilter {
  status?: OrderStatus[] | undefined;
  schoolYear?: string | undefined;
  paymentStatus?: PaymentStatus | undefined;
  /** Only orders whose cancel request waits for an answer. */
  cancelRequestOpen?: boolean | undefined;
  /** Only orders with a proof waiting for the school's answer. */
  proofWaiting?: boolean | undefined;
  /** Only orders invoiced and not cancelled. */
  invoiced?: boolean | undefined;
  /** An order number, or words of the school's name or e-mail. */
  q?: string | undefined;
  sort: 'date' | 'total';
  dir: 'asc' | 'desc';
  page: number;
  /** The cursor of the page before (its `next`): the page after it, by keyset, whatever `page` says. */
  after?: string | undefined;
}

const escapeLike = (text: string) => text.replace(/[\\%_]/g, (c) => `\\${c}`);

/** A cancel request of the order that staff have not answered yet. */
const openCancelRequest = sql<boolean>`exists (select 1 from ${contact_requests}
  where ${contact_requests.order_id} = ${orders.id} and ${contact_requests.kind} = 'cancel'
  and ${contact_requests.handled_at} is null)`;

/** Invoiced (numbered on its first invoice) and not cancelled: what a school may owe. */
export const invoicedSql = sql<boolean>`(${orders.invoice_number} is not null and ${orders.status} <> 'Cancelled')`;

/**
 * The school years orders are for, newest first: one step down the school-year index per year
 * (a loose index scan), never a read of every order.
 */
export async function schoolYearsOrdered(db: Database): Promise<string[]> {
  const result = await db.execute<{ year: string }>(sql`
    with recursive years(year) as (
      (select ${orders.school_year} from ${orders} where ${orders.school_year} <> ''
        order by ${orders.school_year} desc limit 1)
      union all
      select (select o.school_year from ${orders} o where o.school_year <> '' and o.school_year < years.year
        order by o.school_year desc limit 1)
      from years where years.year is not null
    )
    select year from years where year is not null`);
  return result.rows.map((r) => r.year);
}

/** Every school's orders, a page at a time, for the back office's list (D15). */
export async function listAdminOrders(db: Database, filter: AdminOrdersFilter): Promise<TAdminOrdersResponse> {
  const conditions: SQL[] = [];
  /** The words are sought in the schools' rows themselves (too many schools hold them to name). */
  let searchesSchools = false;
  if (filter.status?.length) conditions.push(inArray(orders.status, filter.status));
  if (filter.schoolYear) conditions.push(eq(orders.school_year, filter.schoolYear));
  if (filter.paymentStatus) conditions.push(eq(orders.payment_status, filter.paymentStatus));
  if (filter.cancelRequestOpen) conditions.push(openCancelRequest);
  if (filter.proofWaiting) conditions.push(proofWaitingSql);
  if (filter.invoiced) conditions.push(invoicedSql);
  if (filter.q) {
    // A number is an order number ("1042" or "#1042"); other words are sought in the school's name and e-mail.
    const number = /^#?\d{1,9}$/.test(filter.q) ? Number(filter.q.replace('#', '')) : undefined;
    if (number !== undefined) conditions.push(eq(orders.id, number));
    else {
      // The few schools the words name, by their indexes, then their orders by the school's index.
      const matching = await schoolsMatching(db, filter.q, { contactAndCity: false });
      const pattern = `%${escapeLike(filter.q)}%`;
      const words = matching
        ? matching.length
          ? inArray(orders.school_user_id, matching)
          : sql`false`
        : or(ilike(schools.school_name, pattern), ilike(users.email, pattern));
      if (words) conditions.push(words);
      searchesSchools = matching === undefined;
    }
  }
  const column = filter.sort === 'total' ? orders.total_cents : orders.created_at;
  const order = filter.dir === 'asc' ? [asc(column), asc(orders.id)] : [desc(column), desc(orders.id)];
  const cursor = cursorAfter(filter.after, filter.sort === 'total' ? 'integer' : 'timestamptz');
  const where = conditions.length ? and(...conditions) : undefined;
  const page = cursor ? and(where, pastCursor(column, orders.id, filter.dir, cursor)) : where;
  // The page's orders are found first from the sort's index alone, which holds what the filters
  // read (migration 0050); only those rows are then read whole, with their school and product.
  const pageOrders = (
    searchesSchools
      ? db
          .select({ id: orders.id })
          .from(orders)
          .innerJoin(users, eq(users.id, orders.school_user_id))
          .leftJoin(schools, eq(schools.user_id, orders.school_user_id))
      : db.select({ id: orders.id }).from(orders)
  )
    .where(page)
    .orderBy(...order)
    .limit(ADMIN_ORDERS_PAGE_SIZE + 1)
    .offset(cursor ? 0 : (filter.page - 1) * ADMIN_ORDERS_PAGE_SIZE)
    .as('page_orders');

  const [rows, counted, years] = await Promise.all([
    db
      .select({
        order_id: orders.id,
        order_key: orders.order_key,
        created_at: orders.created_at,
        school_name: schools.school_name,
        email: users.email,
        product_name: products.product_name,
        school_year: orders.school_year,
        status: orders.status,
        payment_status: orders.payment_status,
        total_cents: orders.total_cents,
        cancel_request_open: openCancelRequest,
        proof_waiting: proofWaitingSql,
        sort_key: sql<string>`${column}::text`,
      })
      .from(orders)
      .innerJoin(pageOrders, eq(pageOrders.id, orders.id))
      .innerJoin(users, eq(users.id, orders.school_user_id))
      .leftJoin(schools, eq(schools.user_id, orders.school_user_id))
      .innerJoin(products, eq(products.id, orders.product_id))
      .orderBy(...order),
    // Only a search reads the school's name and e-mail: without one the orders alone are counted.
    cappedCount(
      db,
      searchesSchools
        ? db
            .select({ one: sql`1` })
            .from(orders)
            .innerJoin(users, eq(users.id, orders.school_user_id))
            .leftJoin(schools, eq(schools.user_id, orders.school_user_id))
            .where(where)
            .getSQL()
        : db.select({ one: sql`1` }).from(orders).where(where).getSQL(),
    ),
    schoolYearsOrdered(db),
  ]);
  const shown = rows.slice(0, ADMIN_ORDERS_PAGE_SIZE);
  const last = shown.at(-1);
  const list: TAdminOrderRow[] = shown.map(({ created_at, school_name, sort_key: _, ...row }) => ({
    ...row,
    order_date: created_at.toISOString(),
    school_name: school_name ?? '',
    cancel_request_open: Boolean(row.cancel_request_open),
    proof_waiting: Boolean(row.proof_waiting),
  }));
  return {
    status: 'success',
    message: 'ok',
    orders: list,
    total: counted.total,
    total_capped: counted.capped,
    next:
      rows.length > ADMIN_ORDERS_PAGE_SIZE && last ? encodeCursor({ value: last.sort_key, id: last.order_id }) : null,
    page: filter.page,
    page_size: ADMIN_ORDERS_PAGE_SIZE,
    school_years: years,
  };
}
