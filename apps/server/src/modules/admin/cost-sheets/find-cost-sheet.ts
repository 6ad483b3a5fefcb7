import { MSG } from '@portal/contracts/messages';
import { eq } from 'drizzle-orm';
import type { Executor } from '../../../db/client.ts';
import { categories, cost_sheets, products } from '../../../db/schema/index.ts';
import { notFound } from '../../../lib/errors.ts';

/**
 * An orderable product and its cost sheet (none until first saved). An unknown product is
 * not found; an enquiry-only one has no reservation form, so no sheet. `lock` holds the
 * product's row until the transaction ends, so that two saves of one sheet go one after the other.
 */
export async function findCostSheet(db: Executor, productId: number, lock = false) {
  const query = db
    .select({
      product: {
        id: products.id,
        name: products.product_name,
        slug: products.product_slug,
        type: products.type,
        regular_price_cents: products.price_cents,
      },
      category: categories.category_name,
    })
    .from(products)
    .leftJoin(categories, eq(categories.id, products.category_id))
    .where(eq(products.id, productId));
  const [found] = lock ? await query.for('update', { of: products }) : await query;
  if (!found) throw notFound(MSG.productNotFound);
  if (found.product.type !== 'order') throw notFound(MSG.costSheetNotOrderable);
  const [sheet] = await db.select().from(cost_sheets).where(eq(cost_sheets.product_id, productId));
  return { product: { ...found.product, category: found.category ?? '' }, sheet: sheet ?? null };
}

/** A sheet's version as the edit form sends it back: when it was last changed; '' for none yet. */
export const sheetVersion = (sheet: { updated_at: Date } | null) => sheet?.updated_at.toISOString() ?? '';
