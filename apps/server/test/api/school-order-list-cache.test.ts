import { XSRF_COOKIE, XSRF_HEADER } from '@portal/contracts/constants';
import { OrdersResponse } from '@portal/contracts/school-orders';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer } from '../helpers/accounts.ts';
import { clockedCatalogueApp } from '../helpers/clock.ts';
import { completeOrderForm, schoolWithOrder } from '../helpers/orders.ts';
import { queriesDuring } from '../helpers/queries-during.ts';
import type { TestApp } from '../helpers/test-app.ts';

const clocked = clockedCatalogueApp();
let t: TestApp;
/** Another server's connection: what it changes reaches this one only through the change feed. */
let elsewhere: pg.Client;

beforeAll(async () => {
  t = clocked.app();
  elsewhere = new pg.Client({ connectionString: t.database.url });
  await elsewhere.connect();
});
afterAll(() => elsewhere?.end());

/** Straight to the app, without the test client's wait for the change feed: as a school's next click. */
const inject = async (method: 'GET' | 'POST', url: string, token: string, payload?: object) => {
  const xsrf = await t.api.xsrfToken();
  return t.app.inject({
    method,
    url,
    headers: { ...bearer(token), ...(method === 'POST' ? { [XSRF_HEADER]: xsrf } : {}) },
    cookies: { [XSRF_COOKIE]: xsrf },
    ...(payload ? { payload } : {}),
  });
};

const listed = async (token: string) => {
  const res = await inject('GET', '/api/orders', token);
  expect(res.statusCode, res.body).toBe(200);
  expect(res.headers['cache-control']).toBe('private, no-store');
  return OrdersResponse.parse(res.json()).orders;
};

describe('GET /api/orders from memory', () => {
  it('answers the same page again without the database, and the school’s own save on its next look', async () => {
    const school = await schoolWithOrder(t);
    // The notice of the new order, heard before the list is read: else it would drop the answer being read.
    await t.ctx.feed.sync();
    const [pending] = await listed(school.token);
    expect(pending?.order_status).toBe('Pending');
    expect(await queriesDuring(t, () => listed(school.token))).toBe(0);

    // The reservation form's save, answered before the feed has told anyone of it.
    const saved = await inject('POST', '/api/updatetemporder', school.token, {
      ...completeOrderForm(school.orderKey, {}, t.ctx.clock()),
    });
    expect(saved.statusCode, saved.body).toBe(200);
    const [reserved] = await listed(school.token);
    expect(reserved?.order_status).toBe('Reserved');
    expect(reserved?.total_amount_html).not.toBe(pending?.total_amount_html);
  });

  it('never answers one school with another’s list', async () => {
    const one = await schoolWithOrder(t);
    const two = await schoolWithOrder(t);
    expect((await listed(one.token)).map((o) => o.order_key)).toEqual([one.orderKey]);
    expect((await listed(two.token)).map((o) => o.order_key)).toEqual([two.orderKey]);
  });

  it('hears another server’s change of an order through the feed', async () => {
    const school = await schoolWithOrder(t);
    expect((await listed(school.token))[0]?.order_status).toBe('Pending');
    await elsewhere.query(`update orders set status = 'Cancelled' where order_key = $1`, [school.orderKey]);
    // Waits until the feed has relayed every notice sent so far (they arrive in commit order).
    await t.ctx.feed.sync();
    expect((await listed(school.token))[0]?.order_status).toBe('Cancelled');
    const told = await t.db.execute<{ n: number }>(
      sql`select count(*)::int as n from pg_trigger where tgname = 'orders_changed' and tgenabled = 'O'`,
    );
    expect(told.rows[0]?.n).toBe(1);
  });
});
