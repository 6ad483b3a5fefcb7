import { MSG } from '@portal/contracts/messages';
import { and, eq, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { preparedFor } from '../../db/prepared.ts';
import { categories, cost_sheets, orders, products } from '../../db/schema/index.ts';
import type { OrderCostSheet } from '../../db/schema/orders.ts';
import { Batcher } from '../../lib/batcher.ts';
import { notFound } from '../../lib/errors.ts';
import { firstImage } from '../catalogue/list-products.ts';
import type { CostSheet } from './price-order.ts';

/** Which orders a batch asks for: each school's key, as the two arrays the queries unnest. */
const askedOrders = sql`(${orders.order_key}, ${orders.school_user_id}) in
  (select * from unnest(${sql.placeholder('keys')}::text[], ${sql.placeholder('schools')}::int[]))`;

/**
 * Schools' own orders by their keys, with their products and the products' cost sheets.
 * Ownership is part of the query: another school's key is simply not found (D11).
 */
const schoolOrders = preparedFor((db: Database) =>
  db
    .select({
      order: orders,
      product: {
        name: products.product_name,
        slug: products.product_slug,
        price_cents: products.price_cents,
        image: firstImage,
        category: sql<string>`coalesce(${categories.category_name}, '')`,
      },
      costs: cost_sheets,
    })
    .from(orders)
    .innerJoin(products, eq(products.id, orders.product_id))
    .leftJoin(categories, eq(categories.id, products.category_id))
    .leftJoin(cost_sheets, eq(cost_sheets.product_id, orders.product_id))
    .where(askedOrders)
    .prepare('school_orders'),
);

/** The row's version: PostgreSQL renews a row's xmin whenever anyone changes it. */
export const rowVersion = sql<string>`${orders}.xmin::text`;

/** What the order rules read of an order (OrderState in contracts' order-rules). */
export const orderStateColumns = {
  status: orders.status,
  payment_status: orders.payment_status,
  payment_method: orders.payment_method,
  school_year: orders.school_year,
  total_cents: orders.total_cents,
  received_cents: orders.received_cents,
  refunded_cents: orders.refunded_cents,
  created_at: orders.created_at,
};

/** The order's columns that saving its form reads, and writes back into what it knows of the order. */
export const orderToSaveColumns = {
  id: orders.id,
  order_key: orders.order_key,
  school_user_id: orders.school_user_id,
  ...orderStateColumns,
  has_tax: orders.has_tax,
  tax_cents: orders.tax_cents,
  tax_rate_bp: orders.tax_rate_bp,
  tax_basis_cents: orders.tax_basis_cents,
  free_tnc_accepted_at: orders.free_tnc_accepted_at,
  // What a completed save replaces, so that its e-mail can say what changed.
  custom_price: orders.custom_price,
  /** The form's answers, over which a save of only the fields it changed is merged. */
  custom_fields: orders.custom_fields,
};

/**
 * What saving the form needs of a school's order: its state, tax and answers (which a
 * save of changed fields is merged over), not its product, and the cost sheet it is priced from.
 */
const ordersToSave = preparedFor((db: Database) =>
  db
    .select({
      order: orderToSaveColumns,
      costs: cost_sheets,
      kept: orders.cost_sheet,
      version: rowVersion,
    })
    .from(orders)
    .leftJoin(cost_sheets, eq(cost_sheets.product_id, orders.product_id))
    .where(askedOrders)
    .prepare('orders_to_save'),
);

interface OrderAsked {
  orderKey: string;
  schoolUserId: number;
}

/**
 * Reads of schools' orders by key through `query`: the reads that arrive together (the
 * form saves on every pause in typing) go as one query, each answered with its own
 * school's order or nothing.
 */
function batchedReads<TRow extends { order: { order_key: string; school_user_id: number } }>(
  query: (db: Database) => { execute(values: { keys: string[]; schools: number[] }): Promise<TRow[]> },
) {
  return preparedFor(
    (db: Database) =>
      new Batcher(
        async (asked: OrderAsked[]) => {
          const rows = await query(db).execute({
            keys: asked.map((a) => a.orderKey),
            schools: asked.map((a) => a.schoolUserId),
          });
          return asked.map((a) =>
            rows.find((r) => r.order.order_key === a.orderKey && r.order.school_user_id === a.schoolUserId),
          );
        },
        { maxItems: 64, concurrency: 1 },
      ),
  );
}

const orderReads = batchedReads(schoolOrders);
const saveReads = batchedReads(ordersToSave);

/** The school's own order by its key; another school's key is not found (D11). */
export async function findOwnOrder(db: Database, schoolUserId: number, orderKey: string) {
  const [order] = await db
    .select()
    .from(orders)
    .where(and(eq(orders.order_key, orderKey), eq(orders.school_user_id, schoolUserId)));
  if (!order) throw notFound(MSG.orderNotFound);
  return order;
}

/** The school's own order by its key, with its product and the product's cost sheet. */
export async function findSchoolOrder(db: Database, schoolUserId: number, orderKey: string) {
  const row = await orderReads(db).run({ orderKey, schoolUserId });
  if (!row) throw notFound(MSG.orderNotFound);
  return { order: row.order, product: row.product, costs: pricingSheet(row.order, row.costs) };
}

/** A school's order as saving its form knows it: its state, the cost sheet it is priced from, and the row's version. */
export interface OrderToSave {
  order: Pick<typeof orders.$inferSelect, keyof typeof orderToSaveColumns>;
  costs: CostSheet;
  version: string;
}

/** The school's own order by its key, as saving its form reads it, with the cost sheet it is priced from. */
export async function findOrderToSave(db: Database, schoolUserId: number, orderKey: string): Promise<OrderToSave> {
  const row = await saveReads(db).run({ orderKey, schoolUserId });
  if (!row) throw notFound(MSG.orderNotFound);
  const kept = { status: row.order.status, cost_sheet: row.kept };
  return { order: row.order, costs: pricingSheet(kept, row.costs), version: row.version };
}

/**
 * The cost sheet an order is priced from: a Pending order's product's sheet as it is now;
 * the one an order was given when it left Pending (Reserved, placed or later), whatever
 * the product's sheet has become since. An order left without one (none is kept yet) is
 * priced from the product's.
 */
export function pricingSheet(
  order: { status: string; cost_sheet: OrderCostSheet | null },
  current: OrderCostSheet | null,
): CostSheet {
  return toCostSheet(order.status !== 'Pending' && order.cost_sheet ? order.cost_sheet : current);
}

/** A cost sheet as an order keeps it (the price columns of `cost_sheets`, in cents). */
export function toOrderCostSheet(costs: CostSheet): OrderCostSheet {
  return {
    planner_price: costs.plannerPrice,
    cust_page_price: costs.custPagePrice,
    vinyl_price: costs.vinylPrice,
    cover_price_1: costs.coverPrice[1],
    cover_price_2: costs.coverPrice[2],
    cover_price_3: costs.coverPrice[3],
    delivery_price_1: costs.deliveryPrice[1],
    delivery_price_2: costs.deliveryPrice[2],
    delivery_price_3: costs.deliveryPrice[3],
    car_magnet_price_250: costs.carMagnetPrice[250],
    car_magnet_price_500: costs.carMagnetPrice[500],
    car_magnet_price_1000: costs.carMagnetPrice[1000],
  };
}

/** A cost sheet (a product's row, or the one an order kept) as pricing reads it; a product without one prices at nothing. */
export function toCostSheet(c: OrderCostSheet | null | undefined): CostSheet {
  return {
    plannerPrice: c?.planner_price ?? 0,
    custPagePrice: c?.cust_page_price ?? 0,
    vinylPrice: c?.vinyl_price ?? 0,
    coverPrice: { 1: c?.cover_price_1 ?? 0, 2: c?.cover_price_2 ?? 0, 3: c?.cover_price_3 ?? 0 },
    deliveryPrice: { 1: c?.delivery_price_1 ?? 0, 2: c?.delivery_price_2 ?? 0, 3: c?.delivery_price_3 ?? 0 },
    carMagnetPrice: {
      250: c?.car_magnet_price_250 ?? 0,
      500: c?.car_magnet_price_500 ?? 0,
      1000: c?.car_magnet_price_1000 ?? 0,
    },
  };
}
