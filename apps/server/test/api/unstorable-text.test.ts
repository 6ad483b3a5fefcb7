import { USER_TYPE } from '@portal/contracts/constants';
import { MSG } from '@portal/contracts/messages';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, signedInSchool, signedInSponsor, signedInStaff } from '../helpers/accounts.ts';
import { createTestApp, type TestApp } from '../helpers/test-app.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t?.close());

interface Operation {
  method: 'GET' | 'POST';
  path: string;
  query: string[];
  body: string[];
}

/** Every operation of the OpenAPI document with the names of its query and body fields. */
async function operations(): Promise<Operation[]> {
  const doc = (await t.api.get('/api/docs/json')).json() as {
    paths: Record<string, Record<string, { parameters?: { name: string; in: string }[]; requestBody?: unknown }>>;
  };
  const found: Operation[] = [];
  for (const [path, methods] of Object.entries(doc.paths)) {
    for (const [method, op] of Object.entries(methods)) {
      const body = op.requestBody as
        | { content: Record<string, { schema: { properties?: Record<string, unknown> } }> }
        | undefined;
      const bodySchema = body ? Object.values(body.content)[0]?.schema : undefined;
      found.push({
        method: method.toUpperCase() as Operation['method'],
        // A record's number in the path ({id}) is a valid one, so that the fields are what is read.
        path: path.replace(/\{[^}]+\}/g, '1'),
        query: (op.parameters ?? []).filter((p) => p.in === 'query').map((p) => p.name),
        body: Object.keys(bodySchema?.properties ?? {}),
      });
    }
  }
  return found;
}

const BAD = { nul: 'a\u0000b', surrogate: 'x\ud800y' };

describe('text PostgreSQL cannot store', () => {
  it('is refused with 400 and a message per field by every operation, for every caller, never a 5xx', async () => {
    const ops = await operations();
    expect(ops.length).toBeGreaterThan(30);
    const school = await signedInSchool(t);
    const sponsor = await signedInSponsor(t);
    const admin = await signedInStaff(t, USER_TYPE.admin);
    const callers: Record<string, string>[] = [{}, bearer(school.token), bearer(sponsor.token), bearer(admin.token)];
    const failures: string[] = [];

    for (const op of ops) {
      for (const headers of callers) {
        // The staff session must outlive the loop: the back office checks it before the input.
        if (op.path === '/api/logout' && headers === callers[3]) continue;
        for (const [kind, value] of Object.entries(BAD)) {
          const fields = op.method === 'GET' ? op.query : op.body;
          const names = fields.length ? fields : ['extra'];
          const values = Object.fromEntries(names.map((n) => [n, value]));
          const res =
            op.method === 'GET'
              ? await t.api.get(`${op.path}?${new URLSearchParams(values)}`, { headers })
              : await t.api.post(op.path, { headers, body: values });
          const label = `${op.method} ${op.path} (${kind}, ${headers.authorization ? 'signed in' : 'anonymous'})`;
          if (res.statusCode >= 500) failures.push(`${label}: ${res.statusCode}`);
          // A query value that is no text at all (a NUL in a URL) cannot travel in a form body either way;
          // every operation that reads fields must name the bad one.
          // The back office refuses anyone but staff before it reads the input.
          const keptOut = op.path.startsWith('/api/admin/') && op.path !== '/api/admin/login' && headers !== callers[3];
          if (keptOut) {
            if (![401, 403].includes(res.statusCode)) failures.push(`${label}: ${res.statusCode}, not kept out`);
          } else if (fields.length && kind === 'nul') {
            const answer = res.json() as { message: string; errors?: Record<string, string> };
            if (res.statusCode !== 400 || answer.message !== MSG.unstorableText) {
              failures.push(`${label}: ${res.statusCode} ${answer.message}`);
            }
          }
        }
      }
    }
    expect(failures).toEqual([]);
  }, 60_000);

  it.each([
    ['/api/advancesearch?search=%00', 'search'],
    ['/api/advancesearch?search=planner&brands=%00', 'brands'],
    ['/api/productinfo?slug=%00', 'slug'],
    ['/api/recentproduct?cart_id=%00', 'cart_id'],
  ])('GET %s answers 400 naming the field', async (url, field) => {
    const res = await t.api.get(url);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({
      status: 'error',
      message: MSG.unstorableText,
      errors: { [field]: MSG.unstorableText },
    });
  });

  it('refuses a broken character in a JSON body, and a form body alike', async () => {
    const json = await t.api.post('/api/addenquiry', {
      body: { fullname: 'Ann \ud83d', email: 'ann@example.com' },
    });
    expect(json.statusCode).toBe(400);
    expect(json.json().errors.fullname).toBe(MSG.unstorableText);

    const form = await t.api.post('/api/addenquiry', {
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: 'fullname=Ann%00Lee&email=ann%40example.com',
    });
    expect(form.statusCode).toBe(400);
    expect(form.json().errors.fullname).toBe(MSG.unstorableText);
  });

  it('answers page paths that carry a NUL with the Page not found page', async () => {
    for (const url of ['/product/%00', '/category/%00', '/uploads/%00', '/%00']) {
      const res = await t.api.get(url);
      // No such page: the app's Page not found, as for any other unknown path.
      expect(res.statusCode, url).toBe(404);
      expect(res.headers['content-type'], url).toMatch(/^text\/html/);
      expect(res.body, url).toContain('<title>Page not found');
    }
  });
});
