import { CONTENT_PAGE_COUNT } from '@portal/contracts/constants';
import { PageResponse } from '@portal/contracts/pages';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CONTENT_PAGES } from '../../src/seed/content-pages.ts';
import { sqlFromOutside } from '../helpers/sql.ts';
import { createTestApp, type TestApp } from '../helpers/test-app.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t?.close());

const pageIds = Array.from({ length: CONTENT_PAGE_COUNT }, (_, i) => i + 1);

describe('GET /api/page', () => {
  it.each(pageIds)('answers content page %i with its title, description, slug and social image', async (id) => {
    const seeded = CONTENT_PAGES.find((p) => p.id === id);
    const res = await t.api.get(`/api/page?page_id=${id}`);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^application\/json/);
    const body = PageResponse.parse(res.json());
    expect(body).toEqual({
      status: 'success',
      message: 'ok',
      page_id: id,
      seo_title: seeded?.seo_title,
      seo_description: seeded?.seo_description,
      slug: seeded?.slug,
      image_url: expect.stringMatching(/^\/images\/.+\.png$/),
      image_width: 600,
      image_height: 600,
      body_html: '',
    });
    expect(body.seo_title.length).toBeGreaterThan(0);
    expect(body.seo_description.length).toBeGreaterThan(0);
  });

  it('answers 404 for a page id that is valid but has no row', async () => {
    const own = await createTestApp();
    try {
      await sqlFromOutside(own.database.url, 'delete from content_pages where id = 7');
      await expect
        .poll(async () => (await own.api.get('/api/page?page_id=7')).statusCode, { timeout: 2000, interval: 50 })
        .toBe(404);
      expect((await own.api.get('/api/page?page_id=7')).json()).toEqual({
        status: 'error',
        message: 'Page not found.',
      });
      expect((await own.api.get('/api/page?page_id=8')).statusCode).toBe(200);
    } finally {
      await own.close();
    }
  });

  it('shows an edit made by another process within moments (the cache listens for changes)', async () => {
    const own = await createTestApp();
    try {
      const before = (await own.api.get('/api/page?page_id=3')).json();
      expect(before.seo_title).toBe(CONTENT_PAGES.find((p) => p.id === 3)?.seo_title);

      await sqlFromOutside(
        own.database.url,
        'update content_pages set seo_title = $1, image_width = 1200 where id = 3',
        ['Write to us'],
      );

      await expect
        .poll(async () => (await own.api.get('/api/page?page_id=3')).json(), { timeout: 2000, interval: 50 })
        .toMatchObject({ page_id: 3, seo_title: 'Write to us', image_width: 1200 });
      // Other pages are unaffected.
      expect((await own.api.get('/api/page?page_id=2')).json().seo_title).toBe(
        CONTENT_PAGES.find((p) => p.id === 2)?.seo_title,
      );
    } finally {
      await own.close();
    }
  });
});
