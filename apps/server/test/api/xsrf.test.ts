import { XSRF_COOKIE, XSRF_HEADER } from '@portal/contracts/constants';
import { MSG } from '@portal/contracts/messages';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../helpers/test-app.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({
    routes(app) {
      app.post('/api/test/write', async () => ({ status: 'success', message: 'written' }));
    },
  });
});
afterAll(() => t?.close());

const refused = { status: 'error', message: MSG.xsrf };

describe('the XSRF-TOKEN cookie', () => {
  it('is handed out with the app’s page: readable by the page, same-site only, for the whole site', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/' });
    const header = String(res.headers['set-cookie']);
    expect(header).toMatch(new RegExp(`^${XSRF_COOKIE}=[A-Za-z0-9_-]{32}`));
    expect(header).toMatch(/;\s*Path=\/(;|$)/);
    expect(header).toMatch(/;\s*SameSite=Strict/);
    expect(header).not.toMatch(/HttpOnly/i);
    // PUBLIC_URL is plain http in the tests, so a Secure cookie would never come back.
    expect(header).not.toMatch(/;\s*Secure/i);
  });

  it('is not replaced once the browser sends it back', async () => {
    const token = await t.api.xsrfToken();
    const res = await t.app.inject({ method: 'GET', url: '/about', cookies: { [XSRF_COOKIE]: token } });
    expect(res.headers['set-cookie']).toBeUndefined();
  });

  it('is not handed out with API reads, which browsers make only after loading the page', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/health' });
    expect(res.headers['set-cookie']).toBeUndefined();
  });

  it('comes with a refusal, so that a client that lacked it can retry', async () => {
    const refusedRes = await t.app.inject({ method: 'POST', url: '/api/test/write' });
    expect(refusedRes.statusCode).toBe(403);
    const cookie = refusedRes.cookies.find((c) => c.name === XSRF_COOKIE)?.value;
    expect(cookie).toBeTruthy();
    const retry = await t.app.inject({
      method: 'POST',
      url: '/api/test/write',
      cookies: { [XSRF_COOKIE]: cookie! },
      headers: { [XSRF_HEADER]: cookie! },
    });
    expect(retry.statusCode).toBe(200);
  });

  it('differs between visitors', async () => {
    const a = await t.app.inject({ method: 'GET', url: '/' });
    const b = await t.app.inject({ method: 'GET', url: '/' });
    expect(a.cookies[0]?.value).toBeTruthy();
    expect(a.cookies[0]?.value).not.toBe(b.cookies[0]?.value);
  });

  it('is Secure when the site is served over https', async () => {
    const secure = await createTestApp({ env: { PUBLIC_URL: 'https://portal.example.com' } });
    try {
      const res = await secure.app.inject({ method: 'GET', url: '/' });
      expect(String(res.headers['set-cookie'])).toMatch(/;\s*Secure/);
    } finally {
      await secure.close();
    }
  });
});

describe('POST /api/* anti-forgery check', () => {
  it('refuses a POST without the header with 403, before the route runs', async () => {
    for (const url of ['/api/test/write', '/api/whatever']) {
      const res = await t.api.post(url, { body: {}, xsrfHeader: null });
      expect(res.statusCode, url).toBe(403);
      expect(res.json(), url).toEqual(refused);
    }
  });

  it('refuses a header that differs from the cookie', async () => {
    const token = await t.api.xsrfToken();
    const wrong = `${token.slice(0, -1)}${token.endsWith('A') ? 'B' : 'A'}`;
    for (const header of [wrong, 'short', `${token}x`]) {
      const res = await t.api.post('/api/test/write', { body: {}, xsrfHeader: header });
      expect(res.statusCode, header).toBe(403);
      expect(res.json(), header).toEqual(refused);
    }
  });

  it('refuses a header without the cookie (a cross-site page can set headers only with CORS, but not read the cookie)', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/test/write',
      headers: { [XSRF_HEADER]: 'made-up-token' },
      payload: {},
    });
    expect(res.statusCode).toBe(403);
    expect(res.json()).toEqual(refused);
  });

  it('lets a POST through when the header echoes the cookie', async () => {
    const written = await t.api.post('/api/test/write', { body: {} });
    expect(written.statusCode).toBe(200);
    expect(written.json()).toEqual({ status: 'success', message: 'written' });

    const unknown = await t.api.post('/api/whatever', { body: {} });
    expect(unknown.statusCode).toBe(404);
  });

  it.each(['PUT', 'PATCH', 'DELETE'] as const)('guards %s like POST', async (method) => {
    const without = await t.api.request(method, '/api/whatever', { xsrfHeader: null });
    expect(without.statusCode).toBe(403);
    const withHeader = await t.api.request(method, '/api/whatever');
    expect(withHeader.statusCode).toBe(404);
  });

  it('does not apply to reads', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/page?page_id=1' });
    expect(res.statusCode).toBe(200);
  });
});
