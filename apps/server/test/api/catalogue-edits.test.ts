import type { TProductCard } from '@portal/contracts/catalogue';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createCatalogueApp, insertCategory, insertProduct, productIdOf } from '../helpers/catalogue.ts';
import { sqlFromOutside } from '../helpers/sql.ts';
import type { TestApp } from '../helpers/test-app.ts';

/**
 * The server caches catalogue answers and drops them when a trigger on the catalogue's
 * tables sends NOTIFY. Staff edit from the back office, maybe on another server, so these
 * edits are made over a connection of their own and must show within moments.
 */

let t: TestApp;
beforeAll(async () => {
  t = await createCatalogueApp();
});
afterAll(() => t?.close());

const SEEN_WITHIN = { timeout: 2000, interval: 50 };

async function listing(query: string): Promise<{ total_products: number; products: TProductCard[] }> {
  const res = await t.api.get(`/api/category?${query}`);
  expect(res.statusCode, res.body).toBe(200);
  return res.json();
}

const card = async (categorySlug: string, productSlug: string) =>
  (await listing(`slug=${categorySlug}&limit=96`)).products.find((p) => p.product_slug === productSlug);

describe('GET /api/category after an edit', () => {
  it('shows a product renamed in the database', async () => {
    const slug = 'three-prong-homework-folder';
    expect((await card('homework-folders', slug))?.product_name).toBe('Three-Prong Homework Folder');
    await sqlFromOutside(t.database.url, 'update products set product_name = $1 where product_slug = $2', [
      'Three-Prong Homework Folder (2026 edition)',
      slug,
    ]);
    await expect
      .poll(async () => (await card('homework-folders', slug))?.product_name, SEEN_WITHIN)
      .toBe('Three-Prong Homework Folder (2026 edition)');
  });

  it('shows a new price on the card and on the product page', async () => {
    const slug = 'reflective-dismissal-tag';
    expect((await card('car-rider-dismissal-tags', slug))?.amount).toBe('Free');
    expect((await t.api.get(`/api/productinfo?slug=${slug}`)).json().product.amount).toBe('Free');
    await sqlFromOutside(t.database.url, 'update products set price_cents = 1234 where product_slug = $1', [slug]);
    await expect.poll(async () => (await card('car-rider-dismissal-tags', slug))?.amount, SEEN_WITHIN).toBe('$12.34');
    await expect
      .poll(async () => (await t.api.get(`/api/productinfo?slug=${slug}`)).json().product.amount, SEEN_WITHIN)
      .toBe('$12.34');
  });

  it('shows a product added to the category, first under the newest sort, and counts it', async () => {
    const category = await insertCategory(t);
    const older = await insertProduct(t, category.id, { created_at: new Date(Date.now() - 60_000) });
    const first = await listing(`slug=${category.category_slug}`);
    expect(first.products.map((p) => p.product_slug)).toEqual([older.product_slug]);

    await sqlFromOutside(
      t.database.url,
      "insert into products (category_id, product_name, product_slug, type, price_cents) values ($1, 'Brand New Planner', 'brand-new-planner', 'order', 500)",
      [category.id],
    );
    await expect
      .poll(
        async () => (await listing(`slug=${category.category_slug}`)).products.map((p) => p.product_name),
        SEEN_WITHIN,
      )
      .toEqual(['Brand New Planner', older.product_name]);
    expect((await listing(`slug=${category.category_slug}`)).total_products).toBe(2);
    const all = (await t.api.get('/api/allcategory')).json().categories;
    expect(all.find((c: { category_slug: string }) => c.category_slug === category.category_slug).total_products).toBe(
      2,
    );
  });

  it('drops a product that staff hide (status 0) from the listing, the count, search and its page', async () => {
    const category = await insertCategory(t);
    const kept = await insertProduct(t, category.id, { product_name: 'Kept Folder' });
    const hidden = await insertProduct(t, category.id, { product_name: 'Soon Hidden Folder' });
    expect((await listing(`slug=${category.category_slug}`)).total_products).toBe(2);
    expect((await t.api.get(`/api/productinfo?slug=${hidden.product_slug}`)).statusCode).toBe(200);

    await sqlFromOutside(t.database.url, 'update products set status = 0 where id = $1', [hidden.id]);
    await expect
      .poll(
        async () => (await listing(`slug=${category.category_slug}`)).products.map((p) => p.product_slug),
        SEEN_WITHIN,
      )
      .toEqual([kept.product_slug]);
    expect((await listing(`slug=${category.category_slug}`)).total_products).toBe(1);
    const all = (await t.api.get('/api/allcategory')).json().categories;
    expect(all.find((c: { category_slug: string }) => c.category_slug === category.category_slug).total_products).toBe(
      1,
    );
    expect((await t.api.get('/api/advancesearch?search=Soon%20Hidden')).json().products).toEqual([]);
    expect((await t.api.get(`/api/productinfo?slug=${hidden.product_slug}`)).statusCode).toBe(404);
  });

  it('shows a new first picture on the card', async () => {
    const slug = 'bilingual-dismissal-tag';
    const id = await productIdOf(t, slug);
    expect((await card('car-rider-dismissal-tags', slug))?.product_image).toBe(`/uploads/products/${slug}-1.webp`);
    await sqlFromOutside(
      t.database.url,
      "insert into product_images (product_id, url, width, height, sort_order) values ($1, '/uploads/products/bilingual-new.png', 800, 800, -1)",
      [id],
    );
    await expect
      .poll(async () => (await card('car-rider-dismissal-tags', slug))?.product_image, SEEN_WITHIN)
      .toBe('/uploads/products/bilingual-new.png');
  });

  it('shows a renamed category', async () => {
    const category = await insertCategory(t, { category_name: 'Lanyards' });
    const categoryName = async () =>
      (await t.api.get(`/api/category?slug=${category.category_slug}`)).json().category_name;
    expect(await categoryName()).toBe('Lanyards');
    await sqlFromOutside(t.database.url, "update categories set category_name = 'Lanyards and Badges' where id = $1", [
      category.id,
    ]);
    await expect.poll(categoryName, SEEN_WITHIN).toBe('Lanyards and Badges');
  });
});
