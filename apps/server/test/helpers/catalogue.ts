import { randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { categories, product_images, products } from '../../src/db/schema/index.ts';
import { DEMO_CATEGORIES, DEMO_PRODUCTS, type DemoProduct } from '../../src/seed/demo-catalogue.ts';
import { seedCatalogue } from '../../src/seed/seed-catalogue.ts';
import { createTestApp, type TestApp, type TestAppOptions } from './test-app.ts';

/** Fixtures for the catalogue tests: the demo catalogue of the seed, plus small inserts for special cases. */

/** The real application with the demo's categories, 87 products, pictures and testimonials. */
export async function createCatalogueApp(options: TestAppOptions = {}): Promise<TestApp> {
  const t = await createTestApp(options);
  try {
    await seedCatalogue(t.db, t.ctx.storage);
    // Anything cached while the app booted predates the catalogue.
    t.ctx.feed.touchAll();
  } catch (error) {
    await t.close();
    throw error;
  }
  return t;
}

export const demoCategory = (slug: string) => {
  const category = DEMO_CATEGORIES.find((c) => c.slug === slug);
  if (!category) throw new Error(`no demo category ${slug}`);
  return category;
};

export const demoProduct = (slug: string): DemoProduct => {
  const product = DEMO_PRODUCTS.find((p) => p.slug === slug);
  if (!product) throw new Error(`no demo product ${slug}`);
  return product;
};

export const demoProductsIn = (categorySlug: string) => DEMO_PRODUCTS.filter((p) => p.category === categorySlug);

export async function productIdOf(t: TestApp, slug: string): Promise<number> {
  const [row] = await t.db.select({ id: products.id }).from(products).where(eq(products.product_slug, slug));
  if (!row) throw new Error(`no product ${slug}`);
  return row.id;
}

const unique = (prefix: string) => `${prefix}-${randomBytes(4).toString('hex')}`;

/** A category of its own, so a test can change it without touching the demo's counts. */
export async function insertCategory(t: TestApp, overrides: Partial<typeof categories.$inferInsert> = {}) {
  const slug = overrides.category_slug ?? unique('test-category');
  const [row] = await t.db
    .insert(categories)
    .values({ category_name: `Category ${slug}`, category_slug: slug, sort_order: 100, ...overrides })
    .returning();
  // As the back office does: this process sees its own write at once, not when the NOTIFY arrives.
  t.ctx.feed.touch('categories');
  return row!;
}

/** A product with one picture; listed ('order', $1.00, no login) unless told otherwise. */
export async function insertProduct(
  t: TestApp,
  categoryId: number,
  overrides: Partial<typeof products.$inferInsert> = {},
) {
  const slug = overrides.product_slug ?? unique('test-product');
  const [row] = await t.db
    .insert(products)
    .values({
      category_id: categoryId,
      product_name: `Product ${slug}`,
      product_slug: slug,
      type: 'order',
      price_cents: 100,
      ...overrides,
    })
    .returning();
  await t.db
    .insert(product_images)
    .values({ product_id: row!.id, url: `/uploads/products/${slug}-1.svg`, width: 800, height: 800, alt: slug });
  t.ctx.feed.touch('products');
  return row!;
}
