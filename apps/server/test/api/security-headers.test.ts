import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp, WEB_ASSET } from '../helpers/test-app.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t?.close());

type Send = () => ReturnType<TestApp['api']['get']>;

const apiAnswers: [string, Send][] = [
  ['an API answer', () => t.api.get('/api/health')],
  ['an API error', () => t.api.get('/api/page?page_id=abc')],
  ['an unknown API path', () => t.api.get('/api/whatever')],
  ['a refused POST', () => t.api.post('/api/whatever', { xsrfHeader: null })],
];
const documents: [string, Send][] = [
  ['an HTML page', () => t.api.get('/about')],
  ['the HTML of an unknown page', () => t.api.get('/no-such-page')],
  ['a static asset', () => t.api.get(WEB_ASSET)],
  ['the API docs', () => t.api.get('/api/docs/json')],
];

describe('security headers', () => {
  it.each(documents)('let %s run our own scripts only', async (_name, send) => {
    const res = await send();
    const csp = String(res.headers['content-security-policy']);
    expect(csp).toContain("script-src 'self'");
    expect(csp).toContain("frame-ancestors 'none'");
    expect(csp).toContain("object-src 'none'");
    expect(csp).not.toMatch(/script-src[^;]*'unsafe-inline'/);
    expect(res.headers['cross-origin-opener-policy']).toBe('same-origin');
  });

  it.each(apiAnswers)('let %s load nothing at all', async (_name, send) => {
    const res = await send();
    expect(res.headers['content-security-policy']).toBe("default-src 'none'; frame-ancestors 'none'");
  });

  it.each([...apiAnswers, ...documents])('are on %s', async (_name, send) => {
    const res = await send();
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['referrer-policy']).toBe('strict-origin-when-cross-origin');
    expect(res.headers['x-frame-options']).toBe('DENY');
    expect(res.headers['x-request-id']).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/);
  });

  it('give every answer its own request id', async () => {
    const a = await t.api.get('/api/health');
    const b = await t.api.get('/api/health');
    expect(a.headers['x-request-id']).not.toBe(b.headers['x-request-id']);
  });
});

describe('Strict-Transport-Security', () => {
  it('is sent on every answer of a site served over https, and on none over plain http', async () => {
    const secure = await createTestApp({ env: { PUBLIC_URL: 'https://portal.example.com' } });
    try {
      for (const res of [
        await secure.api.get('/api/health'),
        await secure.api.get('/about'),
        await secure.api.post('/api/whatever', { xsrfHeader: null }),
      ]) {
        expect(res.headers['strict-transport-security']).toBe('max-age=31536000; includeSubDomains');
      }
    } finally {
      await secure.close();
    }
    expect((await t.api.get('/api/health')).headers['strict-transport-security']).toBeUndefined();
    expect((await t.api.get('/about')).headers['strict-transport-security']).toBeUndefined();
  });
});
