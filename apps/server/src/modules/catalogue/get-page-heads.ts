import { and, asc, eq } from 'drizzle-orm';
import type { AppContext } from '../../context.ts';
import { product_images, products } from '../../db/schema/index.ts';
import { prepareJson } from '../../lib/raw-json.ts';

export interface SeoHead {
  title: string;
  description: string;
  image: string;
}

/** The head of a category page, from its SEO fields; undefined for an unknown category. */
export async function categoryHead(ctx: AppContext, slug: string): Promise<SeoHead | undefined> {
  const category = (await ctx.cache.categories.get()).find((c) => c.category_slug === slug);
  if (!category) return undefined;
  return {
    title: category.category_name_seo || category.category_name,
    description: category.category_description_seo || category.category_description,
    image: category.category_image,
  };
}

/** The head of a product page, from its SEO fields; undefined for an unknown product. */
export async function productHead(ctx: AppContext, slug: string): Promise<SeoHead | undefined> {
  const json = await ctx.cache.listings.get(`head:product:${slug}`, async () => {
    const [row] = await ctx.db
      .select({
        id: products.id,
        name: products.product_name,
        title: products.seo_title,
        description: products.seo_description,
      })
      .from(products)
      .where(and(eq(products.product_slug, slug), eq(products.status, 1)));
    if (!row) return prepareJson(null);
    const [image] = await ctx.db
      .select({ url: product_images.url })
      .from(product_images)
      .where(eq(product_images.product_id, row.id))
      .orderBy(asc(product_images.sort_order), asc(product_images.id))
      .limit(1);
    return prepareJson({ title: row.title || row.name, description: row.description, image: image?.url ?? '' });
  });
  // Kept serialised in the listings cache beside the catalogue's answers, and dropped with them.
  return (JSON.parse(json.identity.toString()) as SeoHead | null) ?? undefined;
}
