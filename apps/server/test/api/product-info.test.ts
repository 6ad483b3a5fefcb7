import { ProductInfoResponse } from '@portal/contracts/catalogue';
import { MSG } from '@portal/contracts/messages';
import { formatPrice } from '@portal/contracts/money';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sanitizeHtml } from '../../src/lib/sanitize.ts';
import { DEMO_PRODUCTS } from '../../src/seed/demo-catalogue.ts';
import { bearer, signedInSchool, signedInSponsor } from '../helpers/accounts.ts';
import {
  createCatalogueApp,
  demoProduct,
  demoProductsIn,
  insertCategory,
  insertProduct,
  productIdOf,
} from '../helpers/catalogue.ts';
import type { TestApp } from '../helpers/test-app.ts';

let t: TestApp;
let schoolToken: string;
let sponsorToken: string;
beforeAll(async () => {
  t = await createCatalogueApp();
  schoolToken = (await signedInSchool(t)).token;
  sponsorToken = (await signedInSponsor(t)).token;
});
afterAll(() => t?.close());

async function productInfo(slug: string, headers: Record<string, string> = {}, extra = '') {
  const res = await t.api.get(`/api/productinfo?slug=${encodeURIComponent(slug)}${extra}`, { headers });
  expect(res.statusCode, res.body).toBe(200);
  return { raw: res.json(), body: ProductInfoResponse.parse(res.json()) };
}

const CARD_FIELDS = [
  'amount',
  'login_req',
  'product_id',
  'product_image',
  'product_image_srcset',
  'product_name',
  'product_slug',
  'type',
];

/** The student planners in the seed's order of creation, newest last. */
const PLANNERS = demoProductsIn('student-planners');

describe('GET /api/productinfo', () => {
  it('answers every field of spec §3 for a planner with an overview PDF', async () => {
    const slug = 'primary-planner-classic-blue';
    const seeded = demoProduct(slug);
    const { raw } = await productInfo(slug);
    expect(raw).toEqual({
      status: 'success',
      message: 'ok',
      restricted: false,
      product: {
        product_id: await productIdOf(t, slug),
        product_category: 'Student Planners',
        category_slug: 'student-planners',
        product_name: 'Primary Planner — Classic Blue',
        product_slug: slug,
        seo_title: 'Primary Planner — Classic Blue | School Planner Savings',
        seo_description: expect.stringMatching(/^The primary planner \(grades K–2\) with the Classic Blue cover/),
        image: `/uploads/products/${slug}-1.webp`,
        type: 'order',
        login_req: 0,
        include_overview_btn: '1',
        include_contact_btn: '1',
        overview_pdf: `/uploads/overviews/${slug}.pdf`,
        overview_btn_label: 'Download Product Overview',
        product_desc: sanitizeHtml(seeded.description),
        product_spec: sanitizeHtml(seeded.specification),
        amount: '$3.25',
      },
      product_images: [1, 2, 3].map((view) => ({
        url: `/uploads/products/${slug}-${view}.webp`,
        width: 800,
        height: 800,
        alt: view === 1 ? seeded.name : `${seeded.name}, view ${view}`,
      })),
      similar_products: expect.any(Array),
      offers: [],
    });
    expect(raw.product.seo_description.length).toBeLessThanOrEqual(155);
    expect(raw.product.seo_description).not.toMatch(/[<>]/);
  });

  it('answers the description and specification as HTML', async () => {
    const { body } = await productInfo('primary-planner-classic-blue');
    const product = body.product as { product_desc: string; product_spec: string };
    expect(product.product_desc).toContain('<strong>Classic Blue</strong>');
    expect(product.product_desc).toMatch(/^<p>.*<\/p><ul><li>Your school calendar and policies printed in<\/li>/);
    expect(product.product_spec).toContain('<table><tbody><tr><th>Grades</th><td>K–2</td></tr>');
    expect(product.product_spec).toContain('<tr><th>Pages</th><td>112</td></tr>');
  });

  it('serves the overview PDF it points to', async () => {
    const { body } = await productInfo('primary-planner-classic-blue');
    const pdf = await t.api.get((body.product as { overview_pdf: string }).overview_pdf);
    expect(pdf.statusCode).toBe(200);
    expect(pdf.headers['content-type']).toBe('application/pdf');
    expect(pdf.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
  });

  it('has no overview button for a planner without a PDF', async () => {
    const { raw } = await productInfo('primary-planner-galaxy');
    expect(raw.product).toMatchObject({ include_overview_btn: '0', overview_pdf: '', overview_btn_label: '' });
  });

  it('lists a tag’s single picture and its Free price', async () => {
    const { raw } = await productInfo('happy-car-dismissal-tag-blue');
    expect(raw.product_images).toEqual([
      {
        url: '/uploads/products/happy-car-dismissal-tag-blue-1.webp',
        width: 800,
        height: 800,
        alt: 'Happy Car Dismissal Tag — Blue',
      },
    ]);
    expect(raw.product).toMatchObject({ amount: 'Free', product_category: 'Car Rider Dismissal Tags' });
  });

  it('offers cards the picture’s small copy beside the picture itself, and only the picture when it has no copy', async () => {
    const { body } = await productInfo('happy-car-dismissal-tag-blue');
    expect(body.similar_products.length).toBeGreaterThan(0);
    for (const card of body.similar_products) {
      const picture = `/uploads/products/${card.product_slug}-1`;
      expect(card.product_image_srcset).toBe(`${picture}-card.webp 400w, ${picture}.webp 800w`);
    }
    const tags = await insertCategory(t);
    const plain = await insertProduct(t, tags.id);
    const list = await t.api.get(`/api/category?slug=${tags.category_slug}`);
    expect(list.json().products).toEqual([
      expect.objectContaining({
        product_image: `/uploads/products/${plain.product_slug}-1.svg`,
        product_image_srcset: '',
      }),
    ]);
  });

  it('suggests up to four other products of the same category, newest first, never itself', async () => {
    const slug = 'planner-sponsorship-full-page-ad';
    const { body } = await productInfo(slug);
    const expected = [...PLANNERS]
      .reverse()
      .filter((p) => p.slug !== slug)
      .slice(0, 4);
    expect(body.similar_products.map((p) => p.product_slug)).toEqual(expected.map((p) => p.slug));
    for (const card of body.similar_products) {
      expect(Object.keys(card).sort()).toEqual(CARD_FIELDS);
      expect(card.product_image).toBe(`/uploads/products/${card.product_slug}-1.webp`);
      expect(card.amount).toBe(formatPrice(demoProduct(card.product_slug).price_cents));
    }
  });

  it('keeps similar products within the category', async () => {
    const { body } = await productInfo('reflective-bus-tag');
    const sameCategory = new Set(demoProductsIn('backpack-and-bus-tags').map((p) => p.slug));
    expect(body.similar_products).toHaveLength(4);
    for (const card of body.similar_products) expect(sameCategory.has(card.product_slug), card.product_slug).toBe(true);
    expect(body.similar_products.map((p) => p.product_slug)).not.toContain('reflective-bus-tag');
  });

  it('answers an empty specification as an empty string', async () => {
    const { raw } = await productInfo('dismissal-tag-sponsorship');
    expect(raw.product).toMatchObject({ product_spec: '', type: 'inquery', amount: '$250.00' });
    expect(raw.product.product_desc).toContain('<p>Your logo on every car-rider tag');
  });

  it('answers 404 for an unknown product', async () => {
    const res = await t.api.get('/api/productinfo?slug=no-such-product');
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ status: 'error', message: MSG.productNotFound });
  });

  it('answers 400 without a slug', async () => {
    const res = await t.api.get('/api/productinfo?slug=');
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ status: 'error', message: 'slug is required', errors: { slug: 'slug is required' } });
  });

  describe('a product that requires a login', () => {
    const slug = 'district-custom-planner';

    it.each([
      ['no token', {}],
      ['a token that opens no session', bearer('made-up-token')],
    ])('shows a signed-out visitor (%s) only its card, restricted', async (_, headers) => {
      const { raw } = await productInfo(slug, headers);
      expect(raw).toEqual({
        status: 'success',
        message: 'ok',
        restricted: true,
        product: {
          product_id: await productIdOf(t, slug),
          product_slug: slug,
          product_name: 'District Custom Planner',
          product_image: `/uploads/products/${slug}-1.webp`,
          product_image_srcset: `/uploads/products/${slug}-1-card.webp 400w, /uploads/products/${slug}-1.webp 800w`,
          amount: '$4.50',
          type: 'order',
          login_req: 1,
        },
        product_images: [
          { url: `/uploads/products/${slug}-1.webp`, width: 800, height: 800, alt: 'District Custom Planner' },
        ],
        similar_products: [],
        offers: [],
      });
      expect(JSON.stringify(raw)).not.toMatch(/product_desc|product_spec|overview_pdf|district’s artwork/);
    });

    it.each([
      ['a school, by bearer token', () => ({ headers: bearer(schoolToken), query: '' })],
      [
        'a sponsor, by the spec’s token field',
        () => ({ headers: {}, query: `&token=${encodeURIComponent(sponsorToken)}` }),
      ],
    ])('shows %s the full details', async (_, how) => {
      const { headers, query } = how();
      const { raw } = await productInfo(slug, headers, query);
      expect(raw.restricted).toBe(false);
      expect(raw.product).toMatchObject({
        product_slug: slug,
        login_req: 1,
        include_overview_btn: '1',
        overview_pdf: `/uploads/overviews/${slug}.pdf`,
        product_desc: expect.stringContaining('district’s artwork'),
        product_spec: expect.stringContaining('<th>Cover</th>'),
        amount: '$4.50',
      });
      expect(raw.product_images).toHaveLength(2);
      expect(raw.similar_products).toHaveLength(4);
    });

    it('does not hand a signed-out visitor the details a signed-in one was given (separate cache entries)', async () => {
      await productInfo(slug, bearer(schoolToken));
      expect((await productInfo(slug)).raw.restricted).toBe(true);
      expect((await productInfo(slug, bearer(schoolToken))).raw.restricted).toBe(false);
    });
  });

  it('answers sanitised HTML for every seeded product (D16): no scripts, handlers or javascript: links', async () => {
    for (const { slug } of DEMO_PRODUCTS) {
      const { raw } = await productInfo(slug, bearer(schoolToken));
      for (const field of ['product_desc', 'product_spec'] as const) {
        const html: string = raw.product[field];
        expect(html, `${slug} ${field}`).not.toMatch(/<script|<iframe|\son\w+=|javascript:/i);
        expect(sanitizeHtml(html), `${slug} ${field}`).toBe(html);
      }
      if (raw.product.product_spec === '') expect(raw.product.type, slug).toBe('inquery');
    }
  });
});
