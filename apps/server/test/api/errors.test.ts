import { MSG } from '@portal/contracts/messages';
import { sql } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectLoggedError } from '../helpers/logged-errors.ts';
import { createTestApp, type TestApp } from '../helpers/test-app.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({
    routes(app) {
      app.get('/api/test/throw', async () => {
        throw new Error('Cannot read secret_column of /srv/portal/apps/server/src/hidden.ts');
      });
      app.get('/api/test/bad-sql', async () => {
        await t.db.execute(sql`select secret_column from no_such_table`);
        return { status: 'success', message: 'ok' };
      });
      app.post('/api/test/echo', async (request) => ({ status: 'success', message: 'ok', body: request.body }));
    },
  });
});
afterAll(() => t?.close());

/** What must never reach a client: stack frames, SQL, file paths. */
function expectNothingInternal(res: LightMyRequestResponse) {
  expect(res.body).not.toMatch(/\bat .+:\d+:\d+/);
  expect(res.body).not.toMatch(/^\s+at /m);
  expect(res.body).not.toMatch(/stack/i);
  expect(res.body).not.toMatch(/\/(srv|work|home|usr|tmp)\//);
  expect(res.body).not.toMatch(/\.ts\b/);
  expect(res.body).not.toMatch(/select |no_such_table|secret_column/i);
}

describe('GET /api/<unknown>', () => {
  it('answers 404 in the JSON envelope', async () => {
    for (const url of ['/api/whatever', '/api/whatever/deeper?x=1', '/api']) {
      const res = await t.api.get(url);
      expect(res.statusCode, url).toBe(404);
      expect(res.headers['content-type'], url).toMatch(/^application\/json/);
      expect(res.json(), url).toEqual({ status: 'error', message: MSG.apiNotFound });
    }
  });

  it('answers 404 for an unknown POST too, once the anti-forgery check passes', async () => {
    const res = await t.api.post('/api/whatever', { body: { a: 1 } });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ status: 'error', message: MSG.apiNotFound });
  });
});

describe('GET /api/page (invalid input)', () => {
  it.each([
    ['abc', 'page_id must be a number'],
    ['1.5', 'page_id must be a whole number'],
    ['0', 'page_id must be between 1 and 12'],
    ['13', 'page_id must be between 1 and 12'],
  ])('page_id=%j answers 400 naming the field', async (value, message) => {
    const res = await t.api.get(`/api/page?page_id=${value}`);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ status: 'error', message, errors: { page_id: message } });
  });

  it.each(['/api/page', '/api/page?page_id='])('%s answers 400: page_id is required', async (url) => {
    const res = await t.api.get(url);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({
      status: 'error',
      message: 'page_id is required',
      errors: { page_id: 'page_id is required' },
    });
  });

  it.each(['/api/page?page_id=1e9'])('%s answers 400 naming the field', async (url) => {
    const res = await t.api.get(url);
    expect(res.statusCode).toBe(400);
    const body = res.json();
    expect(body).toEqual({ status: 'error', message: expect.any(String), errors: { page_id: body.message } });
    expect(body.message).toMatch(/^page_id /);
  });
});

describe('unexpected errors', () => {
  it('answer 500 with the generic message and nothing of the error itself', async () => {
    expectLoggedError('Cannot read secret_column');
    const res = await t.api.get('/api/test/throw');
    expect(res.statusCode).toBe(500);
    expect(res.json()).toEqual({ status: 'error', message: MSG.genericError });
    expectNothingInternal(res);
  });

  it('hide the SQL and the database error of a failed query', async () => {
    expectLoggedError(/relation "no_such_table" does not exist/);
    const res = await t.api.get('/api/test/bad-sql');
    expect(res.statusCode).toBe(500);
    expect(res.json()).toEqual({ status: 'error', message: MSG.genericError });
    expectNothingInternal(res);
  });

  it('carry the request id, so that the logged error can be found', async () => {
    expectLoggedError('Cannot read secret_column');
    const res = await t.api.get('/api/test/throw');
    expect(res.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
  });
});

describe('unreadable request bodies', () => {
  it('answer 400 without the parser message for malformed JSON', async () => {
    const res = await t.api.post('/api/test/echo', {
      headers: { 'content-type': 'application/json' },
      body: '{"a": 1,,, /srv/x.ts',
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ status: 'error', message: 'The request could not be read.' });
    expect(res.body).not.toMatch(/JSON|Unexpected|position/);
  });

  it('answer 413 with the size message for a body over the limit', async () => {
    const res = await t.api.post('/api/test/echo', {
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ text: 'x'.repeat(1_100_000) }),
    });
    expect(res.statusCode).toBe(413);
    expect(res.json()).toEqual({ status: 'error', message: MSG.fileTooBig });
  });

  it('answer 415 for a content type the server does not read', async () => {
    const res = await t.api.post('/api/test/echo', {
      headers: { 'content-type': 'application/x-unknown' },
      body: 'hello',
    });
    expect(res.statusCode).toBe(415);
    expect(res.json()).toEqual({ status: 'error', message: 'Unsupported content type.' });
  });

  it('still reads a well-formed JSON body', async () => {
    const res = await t.api.post('/api/test/echo', { body: { a: 1 } });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ status: 'success', message: 'ok', body: { a: 1 } });
  });
});
