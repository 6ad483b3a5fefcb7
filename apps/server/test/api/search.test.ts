import { AdvanceSearchResponse, SearchProductResponse, type TProductCard } from '@portal/contracts/catalogue';
import { tooLong } from '@portal/contracts/messages';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_PRODUCTS } from '../../src/seed/demo-catalogue.ts';
import { createCatalogueApp, demoProductsIn, insertCategory, insertProduct } from '../helpers/catalogue.ts';
import { createTestApp, type TestApp } from '../helpers/test-app.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createCatalogueApp();
});
afterAll(() => t?.close());

async function search(query: string, app = t) {
  const res = await app.api.get(`/api/advancesearch?${query}`);
  expect(res.statusCode, res.body).toBe(200);
  return AdvanceSearchResponse.parse(res.json());
}

const slugs = (cards: TProductCard[]) => cards.map((c) => c.product_slug);
const GALAXY = ['primary', 'elementary', 'middle-school', 'high-school'].map((band) => `${band}-planner-galaxy`);

describe('GET /api/advancesearch', () => {
  it('lists all 87 products, newest first, 24 a page, when the search is empty', async () => {
    const pages = [];
    for (const page of [1, 2, 3, 4, 5]) pages.push(await search(`search=&page=${page}`));
    expect(pages.map((p) => p.products.length)).toEqual([24, 24, 24, 15, 0]);
    expect(pages.map((p) => p.total_products)).toEqual([87, 87, 87, 87, 87]);
    const seen = pages.flatMap((p) => slugs(p.products));
    expect(new Set(seen).size).toBe(87);
    expect(seen).toEqual([...DEMO_PRODUCTS].reverse().map((p) => p.slug));
  });

  it('lists all products without any query at all', async () => {
    const body = await search('');
    expect(body.total_products).toBe(87);
    expect(body.products).toHaveLength(24);
  });

  it('finds the four Galaxy planners', async () => {
    const body = await search('search=galaxy');
    expect(body.total_products).toBe(4);
    expect(slugs(body.products).sort()).toEqual([...GALAXY].sort());
    expect(body.products.every((p) => p.product_name.endsWith('— Galaxy'))).toBe(true);
  });

  it.each(['GALAXY', 'Galaxy', 'gAlAx', '  galaxy  '])('matches %j regardless of case and spaces', async (term) => {
    const body = await search(`search=${encodeURIComponent(term)}`);
    expect(slugs(body.products).sort()).toEqual([...GALAXY].sort());
  });

  it('matches the category name and the brand as well as the product name', async () => {
    const folders = await search('search=homework%20folders&limit=96');
    expect(slugs(folders.products).sort()).toEqual(
      demoProductsIn('homework-folders')
        .map((p) => p.slug)
        .sort(),
    );
    const safeRide = await search('search=safe%20ride&limit=96');
    expect(safeRide.total_products).toBe(DEMO_PRODUCTS.filter((p) => p.brand === 'Safe Ride').length);
  });

  it('filters the results by brand and sorts them', async () => {
    const body = await search('brands=Sponsorship&sort=price_desc');
    expect(body.products.map((p) => [p.product_slug, p.amount])).toEqual([
      ['planner-sponsorship-full-page-ad', '$450.00'],
      ['homework-folder-sponsorship', '$300.00'],
      ['dismissal-tag-sponsorship', '$250.00'],
      ['backpack-tag-sponsorship', '$200.00'],
    ]);
  });

  it.each([
    ['%', 'a bare %'],
    ['_', 'a bare _'],
    ['Gal%y', '% inside a word'],
    ['Pri_ary', '_ inside a word'],
  ])('takes %j (%s) literally: no product name contains it', async (term) => {
    const body = await search(`search=${encodeURIComponent(term)}`);
    expect(body.products).toEqual([]);
    expect(body.total_products).toBe(0);
  });

  it('finds a name that does contain % or _, and only that one', async () => {
    const own = await createTestApp();
    try {
      const category = await insertCategory(own);
      await insertProduct(own, category.id, { product_name: '100% Cotton Tote' });
      await insertProduct(own, category.id, { product_name: '1000 Count Tags' });
      await insertProduct(own, category.id, { product_name: 'Tag A_1' });
      await insertProduct(own, category.id, { product_name: 'Tag AB1' });
      expect((await search('search=100%25', own)).products.map((p) => p.product_name)).toEqual(['100% Cotton Tote']);
      expect((await search('search=A_1', own)).products.map((p) => p.product_name)).toEqual(['Tag A_1']);
    } finally {
      await own.close();
    }
  });

  it('answers 400 naming the field for a bad page or limit', async () => {
    for (const [query, field] of [
      ['page=0', 'page'],
      ['limit=1000', 'limit'],
      ['sort=random', 'sort'],
    ] as const) {
      const res = await t.api.get(`/api/advancesearch?search=planner&${query}`);
      expect(res.statusCode, query).toBe(400);
      expect(Object.keys(res.json().errors), query).toEqual([field]);
    }
  });

  it('answers 400 with the limit for a search of more than 200 characters', async () => {
    const res = await t.api.get(`/api/advancesearch?search=${'a'.repeat(201)}`);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ status: 'error', message: tooLong(200), errors: { search: tooLong(200) } });
  });
});

describe('GET /api/searchproduct', () => {
  it('suggests up to 8 homework folders for "homew", sorted by name, with only what a suggestion shows', async () => {
    const res = await t.api.get('/api/searchproduct?search_term=homew');
    expect(res.statusCode).toBe(200);
    const body = SearchProductResponse.parse(res.json());
    const names = demoProductsIn('homework-folders')
      .map((p) => p.name)
      .sort();
    expect(body.products.map((p) => p.product_name)).toEqual(names.slice(0, 8));
    for (const product of res.json().products) {
      expect(Object.keys(product).sort()).toEqual([
        'product_id',
        'product_image',
        'product_image_srcset',
        'product_name',
        'product_slug',
      ]);
      expect(product.product_image).toBe(`/uploads/products/${product.product_slug}-1.webp`);
      expect(product.product_image_srcset).toContain(`/uploads/products/${product.product_slug}-1-card.webp 400w`);
    }
  });

  it('suggests nothing for a one-character term, a blank one or none', async () => {
    for (const url of [
      '/api/searchproduct?search_term=h',
      '/api/searchproduct?search_term=%20%20',
      '/api/searchproduct',
    ]) {
      const res = await t.api.get(url);
      expect(res.statusCode, url).toBe(200);
      expect(res.json(), url).toEqual({ status: 'success', message: 'ok', products: [] });
    }
  });

  it('suggests nothing for a term that matches no product', async () => {
    const res = await t.api.get('/api/searchproduct?search_term=xylophone');
    expect(res.json().products).toEqual([]);
  });
});
