import { asc, eq, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { categories, products } from '../../db/schema/index.ts';

/** Every category with its count of listed products, in the staff's order. */
export async function getCategories(db: Database) {
  return db
    .select({
      id: categories.id,
      category_name: categories.category_name,
      category_slug: categories.category_slug,
      category_name_seo: categories.category_name_seo,
      category_description: categories.category_description,
      category_description_seo: categories.category_description_seo,
      category_image: categories.category_image,
      category_canonical: categories.category_canonical,
      total_products: sql<number>`(select count(*)::int from products p where p.category_id = "categories"."id" and p.status = 1)`,
    })
    .from(categories)
    .orderBy(asc(categories.sort_order), asc(categories.category_name));
}

export type CategoryRow = Awaited<ReturnType<typeof getCategories>>[number];

export async function brandsOf(db: Database, categoryId?: number): Promise<string[]> {
  const rows = await db
    .selectDistinct({ brand: products.brand })
    .from(products)
    .where(
      categoryId === undefined
        ? sql`${products.status} = 1 and ${products.brand} <> ''`
        : sql`${products.status} = 1 and ${products.brand} <> '' and ${eq(products.category_id, categoryId)}`,
    )
    .orderBy(asc(products.brand));
  return rows.map((r) => r.brand);
}
