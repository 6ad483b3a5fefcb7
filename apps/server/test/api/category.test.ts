import { AllCategoryResponse, CategoryResponse, type TProductCard } from '@portal/contracts/catalogue';
import { MSG } from '@portal/contracts/messages';
import { formatPrice } from '@portal/contracts/money';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_CATEGORIES, type DemoProduct } from '../../src/seed/demo-catalogue.ts';
import { createCatalogueApp, demoProduct, demoProductsIn, productIdOf } from '../helpers/catalogue.ts';
import type { TestApp } from '../helpers/test-app.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createCatalogueApp();
});
afterAll(() => t?.close());

const PLANNERS = demoProductsIn('student-planners');

async function category(query: string) {
  const res = await t.api.get(`/api/category?${query}`);
  expect(res.statusCode, res.body).toBe(200);
  return CategoryResponse.parse(res.json());
}

const slugs = (cards: TProductCard[]) => cards.map((c) => c.product_slug);

/** The orders of the demo data, worked out here from the seed's list rather than read back from the server. */
const byName = (a: DemoProduct, b: DemoProduct) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0);
const EXPECTED_ORDER: Record<string, DemoProduct[]> = {
  // The seed creates the products a minute apart, in the list's order.
  newest: [...PLANNERS].reverse(),
  name_asc: [...PLANNERS].sort(byName),
  name_desc: [...PLANNERS].sort(byName).reverse(),
  price_asc: [...PLANNERS].sort((a, b) => a.price_cents - b.price_cents || byName(a, b)),
  price_desc: [...PLANNERS].sort((a, b) => b.price_cents - a.price_cents || byName(a, b)),
};

describe('GET /api/allcategory', () => {
  it('lists the four categories in order with their counts of listed products', async () => {
    const res = await t.api.get('/api/allcategory');
    expect(res.statusCode).toBe(200);
    const body = AllCategoryResponse.parse(res.json());
    expect(body).toEqual({
      status: 'success',
      message: 'ok',
      categories: [
        {
          category_name: 'Student Planners',
          category_slug: 'student-planners',
          category_image: '/uploads/categories/student-planners.webp',
          total_products: 55,
        },
        {
          category_name: 'Car Rider Dismissal Tags',
          category_slug: 'car-rider-dismissal-tags',
          category_image: '/uploads/categories/car-rider-dismissal-tags.webp',
          total_products: 12,
        },
        {
          category_name: 'Homework Folders',
          category_slug: 'homework-folders',
          category_image: '/uploads/categories/homework-folders.webp',
          total_products: 10,
        },
        {
          category_name: 'Backpack and Bus Tags',
          category_slug: 'backpack-and-bus-tags',
          category_image: '/uploads/categories/backpack-and-bus-tags.webp',
          total_products: 10,
        },
      ],
    });
  });
});

describe('GET /api/category', () => {
  it('answers the category’s fields of spec §3 and its first page of products', async () => {
    const res = await t.api.get('/api/category?slug=homework-folders');
    expect(res.statusCode).toBe(200);
    const { products, ...fields } = CategoryResponse.parse(res.json());
    const seeded = DEMO_CATEGORIES.find((c) => c.slug === 'homework-folders');
    expect(fields).toEqual({
      status: 'success',
      message: 'ok',
      category_name: 'Homework Folders',
      category_slug: 'homework-folders',
      category_name_seo: 'Homework Folders | School Planner Savings',
      category_description: seeded?.description,
      category_description_seo: seeded?.description,
      category_image: '/uploads/categories/homework-folders.webp',
      category_canonical: '/category/homework-folders',
      total_products: 10,
    });
    // Nothing internal (the row id, the sort order) leaks next to the spec's fields.
    expect(Object.keys(res.json()).sort()).toEqual([...Object.keys(fields), 'products'].sort());
    expect(products.map((p) => p.product_slug).sort()).toEqual(
      demoProductsIn('homework-folders')
        .map((p) => p.slug)
        .sort(),
    );
  });

  it('pages 55 student planners 24 at a time: 24, 24, 7, then an empty page', async () => {
    const pages = [];
    for (const page of [1, 2, 3, 4]) pages.push(await category(`slug=student-planners&limit=24&page=${page}`));
    expect(pages.map((p) => p.products.length)).toEqual([24, 24, 7, 0]);
    expect(pages.map((p) => p.total_products)).toEqual([55, 55, 55, 55]);

    const seen = pages.flatMap((p) => slugs(p.products));
    expect(new Set(seen).size).toBe(55);
    expect(seen).toEqual(EXPECTED_ORDER.newest?.map((p) => p.slug));
  });

  it('uses the spec’s page size of 24 when no limit is sent, and page 1 when no page is', async () => {
    const body = await category('slug=student-planners');
    expect(body.products).toHaveLength(24);
    expect(slugs(body.products)).toEqual(EXPECTED_ORDER.newest?.slice(0, 24).map((p) => p.slug));
  });

  it('answers a page far past the last with no products, so the client stops loading more', async () => {
    const body = await category('slug=car-rider-dismissal-tags&page=50');
    expect(body.products).toEqual([]);
    expect(body.total_products).toBe(12);
  });

  it.each(Object.keys(EXPECTED_ORDER))('sort=%s orders the whole category', async (sort) => {
    const body = await category(`slug=student-planners&limit=96&sort=${sort}`);
    expect(slugs(body.products)).toEqual(EXPECTED_ORDER[sort]?.map((p) => p.slug));
  });

  it('sorts by name and by price as people read them', async () => {
    const names = (await category('slug=student-planners&limit=96&sort=name_asc')).products.map((p) => p.product_name);
    expect(names[0]).toBe('District Custom Planner');
    expect(names.at(-1)).toBe('Teacher Lesson Planner');
    for (let i = 1; i < names.length; i++)
      expect(names[i - 1]! < names[i]!, `${names[i - 1]} < ${names[i]}`).toBe(true);

    const cheapFirst = (await category('slug=student-planners&limit=96&sort=price_asc')).products;
    expect(cheapFirst[0]?.amount).toBe('$3.25');
    expect(cheapFirst.at(-1)).toMatchObject({ product_slug: 'planner-sponsorship-full-page-ad', amount: '$450.00' });
    const dearFirst = (await category('slug=student-planners&limit=96&sort=price_desc')).products;
    expect(dearFirst.slice(0, 3).map((p) => p.amount)).toEqual(['$450.00', '$12.95', '$4.50']);
    expect(dearFirst.at(-1)?.amount).toBe('$3.25');
  });

  it('gives the first page of the new order when the sort changes back to page 1', async () => {
    await category('slug=student-planners&page=2');
    const body = await category('slug=student-planners&page=1&sort=price_desc');
    expect(slugs(body.products)).toEqual(EXPECTED_ORDER.price_desc?.slice(0, 24).map((p) => p.slug));
    const second = await category('slug=student-planners&page=2&sort=price_desc');
    expect(slugs(second.products)).toEqual(EXPECTED_ORDER.price_desc?.slice(24, 48).map((p) => p.slug));
  });

  it('filters by one brand', async () => {
    const body = await category('slug=student-planners&brands=Designer&limit=96');
    const designer = PLANNERS.filter((p) => p.brand === 'Designer');
    expect(designer).toHaveLength(44);
    expect(body.total_products).toBe(44);
    expect(slugs(body.products).sort()).toEqual(designer.map((p) => p.slug).sort());
  });

  it('filters by several brands, comma separated, and counts only the matches', async () => {
    const body = await category('slug=student-planners&brands=Essentials,Custom&limit=96');
    const expected = PLANNERS.filter((p) => p.brand === 'Essentials' || p.brand === 'Custom');
    expect(expected).toHaveLength(10);
    expect(body.total_products).toBe(10);
    expect(slugs(body.products)).toEqual([...expected].reverse().map((p) => p.slug));

    const paged = await category('slug=student-planners&brands=Essentials,Custom&limit=4&page=3');
    expect(paged.total_products).toBe(10);
    expect(paged.products).toHaveLength(2);
  });

  it('finds nothing for a brand the category does not carry', async () => {
    const body = await category('slug=student-planners&brands=Safe%20Ride');
    expect(body.total_products).toBe(0);
    expect(body.products).toEqual([]);
  });

  it('answers each card with its own id, slug, name, picture, formatted price, type and login flag', async () => {
    for (const { slug } of DEMO_CATEGORIES) {
      const body = await category(`slug=${slug}&limit=96`);
      for (const card of body.products) {
        const seeded = demoProduct(card.product_slug);
        expect(card).toEqual({
          product_id: await productIdOf(t, card.product_slug),
          product_slug: seeded.slug,
          product_name: seeded.name,
          // Each card shows its own product's first picture, and offers its small copy to narrow cards.
          product_image: `/uploads/products/${seeded.slug}-1.webp`,
          product_image_srcset: `/uploads/products/${seeded.slug}-1-card.webp 400w, /uploads/products/${seeded.slug}-1.webp 800w`,
          amount: formatPrice(seeded.price_cents),
          type: seeded.type,
          login_req: seeded.login_req,
        });
      }
    }
  });

  it('formats prices: $3.25 for a primary planner, Free for a sponsored tag', async () => {
    const planners = (await category('slug=student-planners&limit=96')).products;
    expect(planners.find((p) => p.product_slug === 'primary-planner-classic-blue')?.amount).toBe('$3.25');
    expect(planners.find((p) => p.product_slug === 'teacher-lesson-planner')).toMatchObject({
      amount: '$12.95',
      type: 'inquery',
    });
    expect(planners.find((p) => p.product_slug === 'district-custom-planner')?.login_req).toBe(1);
    const tags = (await category('slug=car-rider-dismissal-tags')).products;
    expect(tags.find((p) => p.product_slug === 'happy-car-dismissal-tag-blue')?.amount).toBe('Free');
  });

  it('answers 404 for an unknown category', async () => {
    const res = await t.api.get('/api/category?slug=no-such-category');
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ status: 'error', message: MSG.categoryNotFound });
  });

  it.each([
    ['sort=cheapest', 'sort', /^sort must be one of newest, name_asc/],
    ['page=0', 'page', /^page must be between 1 and/],
    ['page=abc', 'page', /^page must be a number$/],
    ['limit=1000', 'limit', /^limit must be between 1 and 96$/],
    ['limit=0', 'limit', /^limit must be between 1 and 96$/],
  ])('%s answers 400 naming the field', async (query, field, message) => {
    const res = await t.api.get(`/api/category?slug=student-planners&${query}`);
    expect(res.statusCode).toBe(400);
    const body = res.json();
    expect(body).toEqual({ status: 'error', message: body.message, errors: { [field]: body.message } });
    expect(body.message).toMatch(message);
  });

  it('answers 400 without a slug', async () => {
    const res = await t.api.get('/api/category');
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ status: 'error', message: 'slug is required', errors: { slug: 'slug is required' } });
  });
});

describe('GET /api/catbrand', () => {
  it('lists the distinct brands of a category, sorted', async () => {
    const res = await t.api.get('/api/catbrand?slug=student-planners');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      status: 'success',
      message: 'ok',
      brands: ['Custom', 'Designer', 'Essentials', 'Sponsorship'],
    });
  });

  it('lists every brand without a slug', async () => {
    const res = await t.api.get('/api/catbrand');
    expect(res.statusCode).toBe(200);
    expect(res.json().brands).toEqual([
      'Custom',
      'Designer',
      'Essentials',
      'Happy Car',
      'Homework Helpers',
      'Safe Ride',
      'Sponsorship',
      'Vertical Hangers',
    ]);
  });

  it('answers 404 for an unknown category', async () => {
    const res = await t.api.get('/api/catbrand?slug=no-such-category');
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ status: 'error', message: MSG.categoryNotFound });
  });
});
