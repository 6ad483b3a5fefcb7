import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CONTENT_PAGES } from '../../src/seed/content-pages.ts';
import { sqlFromOutside } from '../helpers/sql.ts';
import { createTestApp, TEST_PUBLIC_URL, type TestApp, WEB_ASSET } from '../helpers/test-app.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
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

function escaped(value: string): string {
  return value
    .replaceAll('&', '&amp;')
    .replaceAll('<', '&lt;')
    .replaceAll('>', '&gt;')
    .replaceAll('"', '&quot;')
    .replaceAll("'", '&#39;');
}

const screens: [path: string, pageId: number][] = [
  ['/', 1],
  ['/about', 2],
  ['/contact', 3],
  ['/privacy-policy', 4],
  ['/terms-of-service', 5],
];

describe('GET /<page>', () => {
  it.each(screens)('%s has the head of content page %i', async (path, pageId) => {
    const page = CONTENT_PAGES.find((p) => p.id === pageId);
    if (!page) throw new Error(`no seeded page ${pageId}`);
    const res = await t.api.get(path);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(res.headers['cache-control']).toBe('no-cache');

    const html = res.body;
    const canonical = `${TEST_PUBLIC_URL}${path}`;
    const image = `${TEST_PUBLIC_URL}${page.image_url}`;
    expect(head(html).match(/<title>/g)).toHaveLength(1);
    expect(head(html)).toContain(`<title>${escaped(page.seo_title)}</title>`);
    expect(meta(html, 'name', 'description')).toBe(escaped(page.seo_description));
    expect(head(html)).toContain(`<link rel="canonical" href="${canonical}">`);
    expect(meta(html, 'property', 'og:title')).toBe(escaped(page.seo_title));
    expect(meta(html, 'property', 'og:description')).toBe(escaped(page.seo_description));
    expect(meta(html, 'property', 'og:url')).toBe(canonical);
    expect(meta(html, 'property', 'og:image')).toBe(image);
    expect(meta(html, 'property', 'og:image:width')).toBe('600');
    expect(meta(html, 'property', 'og:image:height')).toBe('600');
    expect(meta(html, 'name', 'twitter:card')).toBe('summary_large_image');
    expect(meta(html, 'name', 'twitter:image')).toBe(image);
    // The rest of the built page is served as it is.
    expect(html).toContain('<div id="root"></div>');
    expect(html).toContain(`<script type="module" crossorigin src="${WEB_ASSET}"></script>`);
    expect(html).not.toContain('<!--app-head-->');
  });

  it('drops a trailing slash from the canonical URL and ignores the query', async () => {
    const res = await t.api.get('/about/?utm_source=newsletter');
    expect(res.statusCode).toBe(200);
    expect(head(res.body)).toContain(`<link rel="canonical" href="${TEST_PUBLIC_URL}/about">`);
  });

  it('answers a path that is no screen with 404 and the app, which shows Page not found', async () => {
    const res = await t.api.get('/no-such-page');
    expect(res.statusCode).toBe(404);
    expect(res.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(head(res.body)).toContain('<title>Page not found</title>');
    expect(res.body).toContain('<div id="root"></div>');
  });

  it('answers an unknown product or category with 404, still the app', async () => {
    for (const path of ['/product/no-such-product', '/category/no-such-category']) {
      const res = await t.api.get(path);
      expect(res.statusCode, path).toBe(404);
      expect(res.body, path).toContain('<div id="root"></div>');
    }
  });

  it('sends a page path typed with capitals to the page it means, keeping the query', async () => {
    for (const [typed, meant] of [
      ['/About', '/about'],
      ['/School/Login?x=1', '/school/login?x=1'],
      ['/PRIVACY-POLICY', '/privacy-policy'],
    ]) {
      const res = await t.api.get(typed!);
      expect(res.statusCode, typed).toBe(301);
      expect(res.headers.location).toBe(meant);
    }
    // A path that is no page in any spelling stays Page not found.
    expect((await t.api.get('/Nowhere')).statusCode).toBe(404);
  });

  it('sends /index.html to the home page rather than the raw template', async () => {
    const res = await t.api.get('/index.html');
    expect(res.statusCode).toBe(301);
    expect(res.headers.location).toBe('/');
  });

  it('serves the screens that have no content page of their own with the app', async () => {
    for (const path of ['/school/login', '/admin/orders/5', '/order-now/abc']) {
      const res = await t.api.get(path);
      expect(res.statusCode, path).toBe(200);
      expect(res.body, path).toContain('<div id="root"></div>');
    }
  });

  it('serves hashed assets with a long cache and never the index for them', async () => {
    const res = await t.api.get(WEB_ASSET);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/javascript/);
    expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(res.body).toContain('document.title');
  });

  it('sends the compressed copy of an asset the browser accepts, brotli first, and says it varies', async () => {
    const plain = await t.api.get(WEB_ASSET, { headers: { 'accept-encoding': 'identity' } });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.headers.vary).toMatch(/accept-encoding/i);
    for (const [accepts, encoding, decode] of [
      ['gzip, deflate, br', 'br', brotliDecompressSync],
      ['gzip', 'gzip', gunzipSync],
    ] as const) {
      const res = await t.api.get(WEB_ASSET, { headers: { 'accept-encoding': accepts } });
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-encoding'], accepts).toBe(encoding);
      expect(res.headers.vary).toMatch(/accept-encoding/i);
      expect(res.headers['content-type']).toMatch(/javascript/);
      expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
      expect(Number(res.headers['content-length'])).toBeLessThan(plain.rawPayload.length / 4);
      expect(decode(res.rawPayload).toString()).toBe(plain.body);
    }
  });

  it('escapes HTML-special characters of a title staff typed', async () => {
    const own = await createTestApp();
    try {
      const title = `Tom & Jerry's "best" </title><script>alert(1)</script>`;
      await sqlFromOutside(own.database.url, 'update content_pages set seo_title = $1 where id = 2', [title]);
      await expect
        .poll(async () => head((await own.api.get('/about')).body), { timeout: 2000, interval: 50 })
        .toContain(`<title>${escaped(title)}</title>`);

      const html = (await own.api.get('/about')).body;
      expect(html).toContain(
        'Tom &amp; Jerry&#39;s &quot;best&quot; &lt;/title&gt;&lt;script&gt;alert(1)&lt;/script&gt;',
      );
      expect(html).not.toContain('<script>alert(1)</script>');
      expect(meta(html, 'property', 'og:title')).toBe(escaped(title));
      expect(head(html).match(/<\/title>/g)).toHaveLength(1);
    } finally {
      await own.close();
    }
  });
});
