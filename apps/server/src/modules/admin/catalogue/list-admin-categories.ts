import type { TAdminCategoriesResponse } from '@portal/contracts/admin-catalogue';
import { asc, count, eq } from 'drizzle-orm';
import type { Executor } from '../../../db/client.ts';
import { categories, products } from '../../../db/schema/index.ts';

/** Every category in its sort order, with how many products (listed or hidden) it holds. */
export async function listAdminCategories(db: Executor): Promise<TAdminCategoriesResponse['categories']> {
  const rows = await db
    .select({
      id: categories.id,
      category_name: categories.category_name,
      category_slug: categories.category_slug,
      category_image: categories.category_image,
      sort_order: categories.sort_order,
      products: count(products.id),
      updated_at: categories.updated_at,
    })
    .from(categories)
    .leftJoin(products, eq(products.category_id, categories.id))
    .groupBy(categories.id)
    .orderBy(asc(categories.sort_order), asc(categories.category_name), asc(categories.id));
  return rows.map((r) => ({ ...r, updated_at: r.updated_at.toISOString() }));
}
