import { MSG } from '@portal/contracts/messages';
import { eq, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { preparedFor } from '../../db/prepared.ts';
import { categories, cost_sheets, orders, products } from '../../db/schema/index.ts';
import { Batcher } from '../../lib/batcher.ts';
import { notFound } from '../../lib/errors.ts';
import { firstImage } from '../catalogue/list-products.ts';
import type { CostSheet } from './price-order.ts';

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
    .where(
      sql`(${orders.order_key}, ${orders.school_user_id}) in
        (select * from unnest(${sql.placeholder('keys')}::text[], ${sql.placeholder('schools')}::int[]))`,
    )
    .prepare('school_orders'),
);

interface OrderAsked {
  orderKey: string;
  schoolUserId: number;
}

/** The reservation form reads its order on every save: the reads that arrive together go as one query. */
const orderReads = preparedFor(
  (db: Database) =>
    new Batcher(
      async (asked: OrderAsked[]) => {
        const rows = await schoolOrders(db).execute({
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

/** The school's own order by its key, with its product and the product's cost sheet. */
export async function findSchoolOrder(db: Database, schoolUserId: number, orderKey: string) {
  const row = await orderReads(db).run({ orderKey, schoolUserId });
  if (!row) throw notFound(MSG.orderNotFound);
  return { order: row.order, product: row.product, costs: toCostSheet(row.costs) };
}

/** A product's cost sheet row as pricing reads it; a product without one prices at nothing. */
export function toCostSheet(c: typeof cost_sheets.$inferSelect | null): CostSheet {
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
