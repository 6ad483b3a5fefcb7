import { ADMIN_PRODUCTS_PAGE_SIZE, type TAdminProductsResponse } from '@portal/contracts/admin-catalogue';
import { and, asc, count, desc, eq, ilike, or, type SQL, sql } from 'drizzle-orm';
import type { Database } from '../../../db/client.ts';
import { categories, product_images, products } from '../../../db/schema/index.ts';
import { escapeLike } from '../sponsors/list-sponsors.ts';

export interface ProductListFilter {
  q?: string | undefined;
  categoryId?: number | undefined;
  type?: 'order' | 'inquery' | undefined;
  visibility?: 'listed' | 'hidden' | undefined;
  sort: 'updated_desc' | 'created_desc' | 'created_asc' | 'name_asc' | 'name_desc';
  page: number;
}

/** The first picture's small copy, or the picture itself. */
const firstPicture = sql<string>`coalesce((
  select case when ${product_images.card_url} <> '' then ${product_images.card_url} else ${product_images.url} end
  from ${product_images} where ${product_images.product_id} = ${products.id}
  order by ${product_images.sort_order}, ${product_images.id} limit 1), '')`;

/** A page of products, hidden ones included, by name, slug or brand, category, type and whether listed. */
export async function listAdminProducts(db: Database, filter: ProductListFilter): Promise<TAdminProductsResponse> {
  const conditions: (SQL | undefined)[] = [];
  if (filter.q) {
    const pattern = `%${escapeLike(filter.q)}%`;
    conditions.push(
      or(ilike(products.product_name, pattern), ilike(products.product_slug, pattern), ilike(products.brand, pattern)),
    );
  }
  if (filter.categoryId) conditions.push(eq(products.category_id, filter.categoryId));
  if (filter.type) conditions.push(eq(products.type, filter.type));
  if (filter.visibility) conditions.push(eq(products.status, filter.visibility === 'listed' ? 1 : 0));
  const where = and(...conditions);
  const order = {
    updated_desc: [desc(products.updated_at), desc(products.id)],
    created_desc: [desc(products.created_at), desc(products.id)],
    created_asc: [asc(products.created_at), asc(products.id)],
    name_asc: [asc(products.product_name), asc(products.id)],
    name_desc: [desc(products.product_name), desc(products.id)],
  }[filter.sort];

  const [rows, [total]] = await Promise.all([
    db
      .select({
        id: products.id,
        product_name: products.product_name,
        product_slug: products.product_slug,
        category_id: products.category_id,
        category_name: categories.category_name,
        type: products.type,
        status: products.status,
        login_req: products.login_req,
        price_cents: products.price_cents,
        image: firstPicture,
        created_at: products.created_at,
        updated_at: products.updated_at,
      })
      .from(products)
      .innerJoin(categories, eq(categories.id, products.category_id))
      .where(where)
      .orderBy(...order)
      .limit(ADMIN_PRODUCTS_PAGE_SIZE)
      .offset((filter.page - 1) * ADMIN_PRODUCTS_PAGE_SIZE),
    db.select({ n: count() }).from(products).where(where),
  ]);
  return {
    status: 'success',
    message: 'ok',
    products: rows.map((r) => ({
      ...r,
      created_at: r.created_at.toISOString(),
      updated_at: r.updated_at.toISOString(),
    })),
    total: total?.n ?? 0,
    page: filter.page,
    page_size: ADMIN_PRODUCTS_PAGE_SIZE,
  };
}
