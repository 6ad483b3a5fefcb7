import { COST_SHEETS_PAGE_SIZE, type TCostSheetsResponse } from '@portal/contracts/admin-cost-sheets';
import { and, asc, count, eq, ilike, or, type SQL } from 'drizzle-orm';
import type { Executor } from '../../../db/client.ts';
import { categories, cost_sheets, products } from '../../../db/schema/index.ts';

const escapeLike = (text: string) => text.replace(/[\\%_]/g, (c) => `\\${c}`);

/** Orderable products (type 'order') by name, a page at a time, with their regular, planner and delivery prices. */
export async function listCostSheets(
  db: Executor,
  { q, page }: { q?: string | undefined; page: number },
): Promise<TCostSheetsResponse> {
  const conditions: SQL[] = [eq(products.type, 'order')];
  if (q) {
    const pattern = `%${escapeLike(q)}%`;
    const words = or(ilike(products.product_name, pattern), ilike(categories.category_name, pattern));
    if (words) conditions.push(words);
  }
  const where = and(...conditions);
  const [rows, [total]] = await Promise.all([
    db
      .select({
        product_id: products.id,
        product_name: products.product_name,
        category: categories.category_name,
        product_status: products.status,
        regular_price_cents: products.price_cents,
        planner_price_cents: cost_sheets.planner_price,
        delivery_price_cents: cost_sheets.delivery_price_2,
        updated_at: cost_sheets.updated_at,
      })
      .from(products)
      .leftJoin(categories, eq(categories.id, products.category_id))
      .leftJoin(cost_sheets, eq(cost_sheets.product_id, products.id))
      .where(where)
      .orderBy(asc(products.product_name), asc(products.id))
      .limit(COST_SHEETS_PAGE_SIZE)
      .offset((page - 1) * COST_SHEETS_PAGE_SIZE),
    db.select({ n: count() }).from(products).leftJoin(categories, eq(categories.id, products.category_id)).where(where),
  ]);
  return {
    status: 'success',
    message: 'ok',
    sheets: rows.map((r) => ({ ...r, category: r.category ?? '', updated_at: r.updated_at?.toISOString() ?? null })),
    total: total?.n ?? 0,
    page,
    page_size: COST_SHEETS_PAGE_SIZE,
  };
}
