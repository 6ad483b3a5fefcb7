import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { categories } from '../../src/db/schema/index.ts';
import { uploadsDir } from '../../src/lib/storage/create-file-storage.ts';
import { DEMO_CATEGORIES, DEMO_PRODUCTS } from '../../src/seed/demo-catalogue.ts';
import { createCatalogueApp, demoCategory, demoProduct, insertProduct } from '../helpers/catalogue.ts';
import { TEST_PUBLIC_URL, type TestApp } from '../helpers/test-app.ts';

/** The pages crawlers read without running JavaScript: catalogue heads, sitemap, robots.txt, pictures. */

let t: TestApp;
let hiddenSlug: string;
beforeAll(async () => {
  t = await createCatalogueApp();
  const [planners] = await t.db
    .select({ id: categories.id })
    .from(categories)
    .where(eq(categories.category_slug, 'student-planners'));
  hiddenSlug = (await insertProduct(t, planners!.id, { product_name: 'Withdrawn Planner', status: 0 })).product_slug;
});
afterAll(() => t?.close());

function head(html: string): string {
  const match = /<head>([\s\S]*)<\/head>/.exec(html);
  if (!match?.[1]) throw new Error(`no <head> in:\n${html}`);
  return match[1];
}

function meta(html: string, attribute: 'name' | 'property', key: string): string | undefined {
  const pattern = new RegExp(`<meta ${attribute}="${key.replace(/[.:]/g, '\\$&')}" content="([^"]*)">`);
  return pattern.exec(head(html))?.[1];
}

const escaped = (value: string) =>
  value
    .replaceAll('&', '&amp;')
    .replaceAll('<', '&lt;')
    .replaceAll('>', '&gt;')
    .replaceAll('"', '&quot;')
    .replaceAll("'", '&#39;');

describe('GET /category/:slug', () => {
  it('has the category’s SEO title, description and canonical URL in the head', async () => {
    const res = await t.api.get('/category/student-planners');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/html; charset=utf-8');
    const category = demoCategory('student-planners');
    expect(head(res.body).match(/<title>/g)).toHaveLength(1);
    expect(head(res.body)).toContain('<title>Student Planners | School Planner Savings</title>');
    expect(meta(res.body, 'name', 'description')).toBe(escaped(category.description));
    expect(meta(res.body, 'property', 'og:title')).toBe('Student Planners | School Planner Savings');
    expect(head(res.body)).toContain(`<link rel="canonical" href="${TEST_PUBLIC_URL}/category/student-planners">`);
    // Social sites show no SVG: the card keeps a bitmap.
    expect(meta(res.body, 'property', 'og:image')).toMatch(/^http:\/\/portal\.test\/.+\.(png|jpe?g|webp)$/);
    expect(res.body).toContain('<div id="root"></div>');
  });

  it.each(DEMO_CATEGORIES.map((c) => c.slug))('/category/%s carries its own title', async (slug) => {
    const res = await t.api.get(`/category/${slug}`);
    expect(res.statusCode).toBe(200);
    expect(head(res.body)).toContain(
      `<title>${escaped(`${demoCategory(slug).name} | School Planner Savings`)}</title>`,
    );
  });

  it('answers an unknown category with 404, still the app', async () => {
    const res = await t.api.get('/category/no-such-category');
    expect(res.statusCode).toBe(404);
    expect(head(res.body)).toContain('<title>Page not found</title>');
    expect(res.body).toContain('<div id="root"></div>');
  });
});

describe('GET /product/:slug', () => {
  it('has the product’s SEO title, description and canonical URL in the head', async () => {
    const slug = 'middle-school-planner-honeycomb';
    const res = await t.api.get(`/product/${slug}`);
    expect(res.statusCode).toBe(200);
    const title = 'Middle School Planner — Honeycomb | School Planner Savings';
    expect(head(res.body)).toContain(`<title>${escaped(title)}</title>`);
    const description = meta(res.body, 'name', 'description');
    expect(description).toMatch(/^The middle school planner \(grades 6–8\) with the Honeycomb cover/);
    expect(description).toBe(escaped(description!.replaceAll('&#39;', "'").replaceAll('&amp;', '&')));
    expect(meta(res.body, 'property', 'og:description')).toBe(description);
    expect(head(res.body)).toContain(`<link rel="canonical" href="${TEST_PUBLIC_URL}/product/${slug}">`);
    expect(meta(res.body, 'property', 'og:url')).toBe(`${TEST_PUBLIC_URL}/product/${slug}`);
  });

  it('gives a login-required product its head too, without its details', async () => {
    const res = await t.api.get('/product/district-custom-planner');
    expect(res.statusCode).toBe(200);
    expect(head(res.body)).toContain('<title>District Custom Planner | School Planner Savings</title>');
    expect(res.body).not.toContain(demoProduct('district-custom-planner').specification);
  });

  it.each([
    ['an unknown product', '/product/no-such-product'],
    ['a hidden product', () => `/product/${hiddenSlug}`],
  ])('answers %s with 404, still the app', async (_, url) => {
    const res = await t.api.get(typeof url === 'string' ? url : url());
    expect(res.statusCode).toBe(404);
    expect(head(res.body)).toContain('<title>Page not found</title>');
    expect(res.body).toContain('<div id="root"></div>');
  });
});

/**
 * A small well-formedness check for the sitemap: one root, every tag closed in order,
 * no raw '<' or stray '&' in text. Enough to catch unescaped slugs or broken markup.
 */
function expectWellFormedXml(xml: string) {
  expect(xml.startsWith('<?xml version="1.0" encoding="UTF-8"?>\n')).toBe(true);
  const body = xml.replace(/^<\?xml[^>]*\?>\s*/, '');
  const stack: string[] = [];
  let roots = 0;
  const tag = /<(\/?)([A-Za-z][\w:.-]*)((?:\s+[\w:.-]+="[^"<]*")*)\s*(\/?)>/g;
  let last = 0;
  for (let m = tag.exec(body); m; m = tag.exec(body)) {
    const text = body.slice(last, m.index);
    expect(text, `text before ${m[0]}`).not.toMatch(/<|&(?!(amp|lt|gt|quot|apos|#\d+);)/);
    last = tag.lastIndex;
    const [, closing, name, , selfClosing] = m;
    if (closing) expect(stack.pop(), `closing ${name}`).toBe(name);
    else if (!selfClosing) {
      if (stack.length === 0) roots++;
      stack.push(name!);
    }
  }
  expect(body.slice(last).trim()).toBe('');
  expect(stack).toEqual([]);
  expect(roots).toBe(1);
}

describe('GET /sitemap.xml', () => {
  it('is well-formed XML of the sitemap protocol', async () => {
    const res = await t.api.get('/sitemap.xml');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/xml; charset=utf-8');
    expectWellFormedXml(res.body);
    expect(res.body).toContain('<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">');
  });

  it('lists the static pages, every category and every listed product, and nothing else', async () => {
    const res = await t.api.get('/sitemap.xml');
    const locs = [...res.body.matchAll(/<loc>([^<]*)<\/loc>/g)].map((m) => m[1]);
    const expected = [
      ...['/', '/about', '/contact', '/products', '/privacy-policy', '/terms-of-service'],
      ...DEMO_CATEGORIES.map((c) => `/category/${c.slug}`),
      ...DEMO_PRODUCTS.map((p) => `/product/${p.slug}`),
    ].map((p) => `${TEST_PUBLIC_URL}${p}`);
    expect([...locs].sort()).toEqual([...expected].sort());
    expect(new Set(locs).size).toBe(locs.length);
    expect(res.body).not.toContain(hiddenSlug);
  });

  it('dates each product with its last change', async () => {
    const res = await t.api.get('/sitemap.xml');
    const entry = new RegExp(
      `<url><loc>${TEST_PUBLIC_URL}/product/primary-planner-galaxy</loc><lastmod>(\\d{4}-\\d{2}-\\d{2})</lastmod></url>`,
    );
    const lastmod = entry.exec(res.body)?.[1];
    expect(lastmod).toBeDefined();
    expect(Math.abs(Date.parse(lastmod!) - Date.now())).toBeLessThan(2 * 24 * 60 * 60 * 1000);
  });
});

describe('GET /robots.txt', () => {
  it('keeps crawlers out of the API and the signed-in areas and points to the sitemap', async () => {
    const res = await t.api.get('/robots.txt');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/plain; charset=utf-8');
    const lines = res.body.split('\n');
    expect(lines[0]).toBe('User-agent: *');
    for (const p of ['/api/', '/school/', '/sponsor/', '/admin', '/order-now/', '/checkout/', '/enquire-now/']) {
      expect(lines, p).toContain(`Disallow: ${p}`);
    }
    expect(lines).toContain(`Sitemap: ${TEST_PUBLIC_URL}/sitemap.xml`);
    // The sign-in and registration pages inside those folders stay open, as does the catalogue.
    for (const p of ['/school/login', '/school/register', '/sponsor/login', '/sponsor/register']) {
      expect(lines, p).toContain(`Allow: ${p}`);
    }
    expect(res.body).not.toMatch(/Disallow: \/(product|category)|Disallow: \/\s*$/m);
  });
});

describe('GET /uploads/*', () => {
  beforeAll(() => {
    const uploads = uploadsDir(t.config);
    writeFileSync(path.join(uploads, '..', 'outside-uploads.txt'), 'TOP-SECRET-OUTSIDE');
    writeFileSync(path.join(uploads, '.env'), 'TOP-SECRET-DOTFILE');
    mkdirSync(path.join(uploads, 'products'), { recursive: true });
    writeFileSync(path.join(uploads, 'products', '.draft.svg'), '<svg>TOP-SECRET-DRAFT</svg>');
  });

  it('serves a product picture as WebP with a year-long immutable cache', async () => {
    const res = await t.api.get('/uploads/products/primary-planner-galaxy-1.webp');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('image/webp');
    expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(res.rawPayload.toString('latin1', 0, 4) + res.rawPayload.toString('latin1', 8, 12)).toBe('RIFFWEBP');
  });

  it('answers HEAD with the headers alone, and a repeat visit with 304 Not Modified', async () => {
    const url = '/uploads/overviews/district-custom-planner.pdf';
    const res = await t.api.get(url);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/pdf');
    expect(res.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
    expect(res.headers['last-modified']).toBeDefined();
    const head = await t.api.request('HEAD', url);
    expect(head.statusCode).toBe(200);
    expect(head.headers['content-length']).toBe(String(res.rawPayload.length));
    expect(head.body).toBe('');
    const again = await t.api.get(url, { headers: { 'if-none-match': String(res.headers.etag) } });
    expect(again.statusCode).toBe(304);
    expect(again.body).toBe('');
  });

  it('does not serve what lies beside the catalogue’s folders', async () => {
    const uploads = uploadsDir(t.config);
    mkdirSync(path.join(uploads, 'order-files'), { recursive: true });
    writeFileSync(path.join(uploads, 'order-files', 'private.pdf'), '%PDF-TOP-SECRET-ORDER');
    writeFileSync(path.join(uploads, 'loose.svg'), '<svg>TOP-SECRET-LOOSE</svg>');
    for (const url of ['/uploads/order-files/private.pdf', '/uploads/loose.svg', '/uploads/products']) {
      const res = await t.api.get(url);
      expect(res.statusCode, url).toBe(404);
      expect(res.body).not.toContain('TOP-SECRET');
    }
  });

  it('serves every picture the catalogue points to, and each one’s copy for cards', async () => {
    for (const p of DEMO_PRODUCTS) {
      for (let view = 1; view <= p.images; view++) {
        for (const file of [`${p.slug}-${view}.webp`, `${p.slug}-${view}-card.webp`]) {
          const res = await t.api.get(`/uploads/products/${file}`);
          expect(res.statusCode, file).toBe(200);
          expect(res.headers['content-type'], file).toBe('image/webp');
        }
      }
    }
    for (const c of DEMO_CATEGORIES) {
      expect((await t.api.get(`/uploads/categories/${c.slug}.webp`)).statusCode, c.slug).toBe(200);
    }
  });

  it('answers 404 for a file that does not exist', async () => {
    const res = await t.api.get('/uploads/products/no-such-file.svg');
    expect(res.statusCode).toBe(404);
    expect(res.headers['cache-control']).not.toMatch(/immutable/);
  });

  it.each([
    '/uploads/../outside-uploads.txt',
    '/uploads/..%2foutside-uploads.txt',
    '/uploads/%2e%2e/outside-uploads.txt',
    '/uploads/%2e%2e%2foutside-uploads.txt',
    '/uploads/products/../../outside-uploads.txt',
    '/uploads/products/..%5c..%5coutside-uploads.txt',
    '/uploads/../../../../../../etc/passwd',
    '/uploads/../package.json',
  ])('refuses to climb out of the uploads folder: %s', async (url) => {
    const res = await t.api.get(url);
    expect([403, 404]).toContain(res.statusCode);
    expect(res.body).not.toContain('TOP-SECRET');
    expect(res.body).not.toMatch(/root:|"name":/);
  });

  it.each(['/uploads/.env', '/uploads/products/.draft.svg', '/uploads/%2eenv'])(
    'does not serve the dotfile %s',
    async (url) => {
      const res = await t.api.get(url);
      expect([403, 404]).toContain(res.statusCode);
      expect(res.body).not.toContain('TOP-SECRET');
    },
  );
});

describe('GET a catalogue URL with a malformed escape', () => {
  it.each(['/category/%E0%A4%A', '/product/%ZZ', '/uploads/products/%ZZ.svg', '/api/productinfo/%ZZ'])(
    '%s answers 400 in the envelope, without echoing the path',
    async (url) => {
      const res = await t.api.get(url);
      expect(res.statusCode).toBe(400);
      expect(res.headers['content-type']).toBe('application/json; charset=utf-8');
      expect(res.json()).toEqual({ status: 'error', message: 'The request could not be read.' });
    },
  );
});
