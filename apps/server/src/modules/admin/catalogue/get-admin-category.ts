import type { TAdminCategoryDetail } from '@portal/contracts/admin-catalogue';
import { count, eq } from 'drizzle-orm';
import type { Executor } from '../../../db/client.ts';
import { products } from '../../../db/schema/index.ts';
import { findCategory } from './find-category.ts';

/** One category as its edit screen shows it. */
export async function getAdminCategory(db: Executor, id: number): Promise<TAdminCategoryDetail> {
  const category = await findCategory(db, id);
  const [used] = await db.select({ n: count() }).from(products).where(eq(products.category_id, id));
  return {
    id: category.id,
    category_name: category.category_name,
    category_slug: category.category_slug,
    category_name_seo: category.category_name_seo,
    category_description: category.category_description,
    category_description_seo: category.category_description_seo,
    category_image: category.category_image,
    category_canonical: category.category_canonical,
    sort_order: category.sort_order,
    products: used?.n ?? 0,
    updated_at: category.updated_at.toISOString(),
    version: category.updated_at.toISOString(),
  };
}
