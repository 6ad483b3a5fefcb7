import type { TProductCard } from '@portal/contracts/catalogue';
import { formatPrice } from '@portal/contracts/money';
import { and, asc, desc, eq, ilike, inArray, or, type SQL, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { categories, product_images, products } from '../../db/schema/index.ts';

export type ProductSort = 'newest' | 'name_asc' | 'name_desc' | 'price_asc' | 'price_desc';

export interface ListProductsInput {
  categoryId?: number;
  search?: string;
  brands: string[];
  sort: ProductSort;
  page: number;
  limit: number;
  excludeId?: number;
}

const ORDER: Record<ProductSort, SQL[]> = {
  newest: [desc(products.created_at), desc(products.id)],
  name_asc: [asc(products.product_name), asc(products.id)],
  name_desc: [desc(products.product_name), desc(products.id)],
  price_asc: [asc(products.price_cents), asc(products.product_name), asc(products.id)],
  price_desc: [desc(products.price_cents), asc(products.product_name), asc(products.id)],
};

/**
 * The card's picture: the product's first image. The outer column is spelled out in full:
 * drizzle writes a bare "id" inside select lists, which the subquery would read as its own.
 */
export const firstImage = sql<string>`coalesce((select pi.url from product_images pi where pi.product_id = "products"."id" order by pi.sort_order, pi.id limit 1), '')`;

/** A picture's copies by width, as an img element's srcset: its card copy and itself, or '' when it has no card copy. */
export const pictureSrcset = sql<string>`case when ${product_images.card_url} <> ''
  then ${product_images.card_url} || ' ' || ${product_images.card_width} || 'w, ' || ${product_images.url} || ' ' || ${product_images.width} || 'w'
  else '' end`;

/** The card picture's srcset, of the product's first image. */
const firstImageSrcset = sql<string>`coalesce((select ${pictureSrcset} from ${product_images} where ${product_images.product_id} = "products"."id" order by ${product_images.sort_order}, ${product_images.id} limit 1), '')`;

export const cardColumns = {
  product_id: products.id,
  product_slug: products.product_slug,
  product_name: products.product_name,
  product_image: firstImage,
  product_image_srcset: firstImageSrcset,
  price_cents: products.price_cents,
  type: products.type,
  login_req: products.login_req,
};

export function toCard(row: {
  product_id: number;
  product_slug: string;
  product_name: string;
  product_image: string;
  product_image_srcset: string;
  price_cents: number;
  type: 'order' | 'inquery';
  login_req: number;
}): TProductCard {
  const { price_cents, ...card } = row;
  return { ...card, amount: formatPrice(price_cents) };
}

function escapeLike(term: string) {
  return term.replace(/[\\%_]/g, (c) => `\\${c}`);
}

/** A page of listed products, filtered and sorted, with the total count for the filter. */
export async function listProducts(db: Executor, input: ListProductsInput) {
  const term = input.search?.trim();
  const where = and(
    eq(products.status, 1),
    input.categoryId === undefined ? undefined : eq(products.category_id, input.categoryId),
    input.brands.length ? inArray(products.brand, input.brands) : undefined,
    input.excludeId === undefined ? undefined : sql`${products.id} <> ${input.excludeId}`,
    term
      ? or(
          sql`to_tsvector('english', ${products.product_name}) @@ plainto_tsquery('english', ${term})`,
          ilike(products.product_name, `%${escapeLike(term)}%`),
          ilike(products.brand, `%${escapeLike(term)}%`),
          sql`exists (select 1 from ${categories} c where c.id = "products"."category_id" and c.category_name ilike ${`%${escapeLike(term)}%`})`,
        )
      : undefined,
  );
  const [rows, [count]] = await Promise.all([
    db
      .select(cardColumns)
      .from(products)
      .where(where)
      .orderBy(...ORDER[input.sort])
      .limit(input.limit)
      .offset((input.page - 1) * input.limit),
    db.select({ n: sql<number>`count(*)::int` }).from(products).where(where),
  ]);
  return { total: count?.n ?? 0, products: rows.map(toCard) };
}
