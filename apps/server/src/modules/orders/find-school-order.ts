import { MSG } from '@portal/contracts/messages';
import { and, eq, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { preparedFor } from '../../db/prepared.ts';
import { categories, cost_sheets, orders, products } from '../../db/schema/index.ts';
import { notFound } from '../../lib/errors.ts';
import { firstImage } from '../catalogue/list-products.ts';
import type { CostSheet } from './price-order.ts';

/**
 * The school's own order by its key, with its product and the product's cost sheet.
 * Ownership is part of the query: another school's key is simply not found (D11).
 */
const schoolOrder = preparedFor((db: Database) =>
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
    .where(and(eq(orders.order_key, sql.placeholder('key')), eq(orders.school_user_id, sql.placeholder('school'))))
    .prepare('school_order'),
);

export async function findSchoolOrder(db: Database, schoolUserId: number, orderKey: string) {
  const [row] = await schoolOrder(db).execute({ key: orderKey, school: schoolUserId });
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
