import { randomUUID } from 'node:crypto';
import { MSG } from '@portal/contracts/messages';
import { and, eq, like } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { contact_requests, email_outbox } from '../../src/db/schema/index.ts';
import { uniqueEmail, uniqueIp } from '../helpers/accounts.ts';
import { createTestApp, type TestApp } from '../helpers/test-app.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t?.close());

/** A company name of its own per test, to find its requests and mails. */
function fields(company: string) {
  return {
    fullname: 'Jamie Rivera',
    email: uniqueEmail('visitor'),
    phone: '8135550199',
    state: 'Florida',
    city: 'Tampa',
    company,
    message: 'We would like to sponsor planners for two schools.',
  };
}

const stored = (company: string) => t.db.select().from(contact_requests).where(eq(contact_requests.company, company));
const mailed = (template: string, company: string) =>
  t.db
    .select()
    .from(email_outbox)
    .where(and(eq(email_outbox.template, template), like(email_outbox.subject, `%${company}`)));

describe.each([
  { route: '/api/addenquiry', template: 'contact-contact' },
  { route: '/api/addsponsorreq', template: 'contact-sponsor' },
])('POST $route with an idempotency key', ({ route, template }) => {
  it('stores and mails a request sent twice with the same key once, and answers both alike', async () => {
    const company = `Doubled ${randomUUID()}`;
    const body = { ...fields(company), idempotency_key: randomUUID() };
    const first = await t.api.post(route, { remoteAddress: uniqueIp(), body });
    const second = await t.api.post(route, { remoteAddress: uniqueIp(), body });
    expect(first.statusCode).toBe(200);
    expect(second.statusCode).toBe(200);
    expect(second.json()).toEqual(first.json());
    expect(await stored(company)).toHaveLength(1);
    expect(await mailed(template, company)).toHaveLength(1);
  });

  it('keeps one request when the same key arrives several times at once', async () => {
    const company = `Raced ${randomUUID()}`;
    const body = { ...fields(company), idempotency_key: randomUUID() };
    const answers = await Promise.all(
      Array.from({ length: 5 }, () => t.api.post(route, { remoteAddress: uniqueIp(), body })),
    );
    expect(answers.map((a) => a.statusCode)).toEqual([200, 200, 200, 200, 200]);
    expect(await stored(company)).toHaveLength(1);
    expect(await mailed(template, company)).toHaveLength(1);
  });

  it('keeps two requests sent with two keys, or with none', async () => {
    const company = `Twice ${randomUUID()}`;
    await t.api.post(route, { remoteAddress: uniqueIp(), body: { ...fields(company), idempotency_key: randomUUID() } });
    await t.api.post(route, { remoteAddress: uniqueIp(), body: { ...fields(company), idempotency_key: randomUUID() } });
    await t.api.post(route, { remoteAddress: uniqueIp(), body: fields(company) });
    await t.api.post(route, { remoteAddress: uniqueIp(), body: fields(company) });
    expect(await stored(company)).toHaveLength(4);
    expect(await mailed(template, company)).toHaveLength(4);
  });

  it('refuses a malformed key and stores nothing', async () => {
    const company = `Bad key ${randomUUID()}`;
    const res = await t.api.post(route, {
      remoteAddress: uniqueIp(),
      body: { ...fields(company), idempotency_key: 'short' },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().errors).toEqual({ idempotency_key: MSG.invalidInput });
    expect(await stored(company)).toHaveLength(0);
  });
});
