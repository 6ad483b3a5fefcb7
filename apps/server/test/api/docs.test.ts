import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../helpers/test-app.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t?.close());

describe('GET /api/docs', () => {
  it('describes the API as OpenAPI 3.1 generated from the zod schemas', async () => {
    const res = await t.api.get('/api/docs/json');
    expect(res.statusCode).toBe(200);
    const doc = res.json();
    expect(doc.openapi).toBe('3.1.0');
    const page = doc.paths['/api/page'].get;
    expect(page.parameters).toEqual(
      expect.arrayContaining([expect.objectContaining({ name: 'page_id', in: 'query', required: true })]),
    );
    const ok = page.responses['200'].content['application/json'].schema;
    expect(Object.keys(ok.properties)).toEqual(
      expect.arrayContaining(['status', 'message', 'seo_title', 'seo_description', 'slug', 'image_url']),
    );
    expect(doc.paths['/api/login'].post.requestBody).toBeDefined();
  });

  it('documents the order files: the upload as a multipart body ending in its file part', async () => {
    const doc = (await t.api.get('/api/docs/json')).json();
    const upload = doc.paths['/api/uploadorderfiles'].post;
    expect(Object.keys(upload.requestBody.content)).toEqual(['multipart/form-data']);
    const form = upload.requestBody.content['multipart/form-data'].schema;
    expect(Object.keys(form.properties)).toEqual(['order_key', 'file_type', 'expires_on', 'cfile']);
    expect(form.properties.cfile).toMatchObject({ type: 'string', format: 'binary' });
    expect(Object.keys(upload.responses)).toEqual(expect.arrayContaining(['200', '413', '415']));
    expect(doc.paths['/api/removefile'].post.requestBody).toBeDefined();
    expect(doc.paths['/api/orderfile/{name}'].get.parameters).toContainEqual(
      expect.objectContaining({ name: 'name', in: 'path', required: true }),
    );
  });

  it('serves the interactive documentation page', async () => {
    const res = await t.api.get('/api/docs');
    expect([200, 302]).toContain(res.statusCode);
    const page = res.statusCode === 302 ? await t.api.get(String(res.headers.location)) : res;
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toMatch(/text\/html/);
  });
});
