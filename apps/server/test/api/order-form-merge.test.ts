import { MSG, unknownFormField } from '@portal/contracts/messages';
import { TempOrderResponse, type TUpdateTempOrderBody } from '@portal/contracts/orders';
import { reservableYears } from '@portal/contracts/school-years';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { orders } from '../../src/db/schema/index.ts';
import { bearer, signedInSchool } from '../helpers/accounts.ts';
import { createCatalogueApp, productIdOf } from '../helpers/catalogue.ts';
import type { TestApp } from '../helpers/test-app.ts';

let t: TestApp;
const PRODUCT = 'primary-planner-classic-blue';
const [, NEXT_YEAR] = reservableYears(new Date()) as [string, string];

beforeAll(async () => {
  t = await createCatalogueApp();
});
afterAll(() => t?.close());

async function schoolWithOrder() {
  const school = await signedInSchool(t);
  const res = await t.api.post('/api/addtocartv2', {
    body: { product_id: await productIdOf(t, PRODUCT) },
    headers: bearer(school.token),
  });
  expect(res.statusCode, res.body).toBe(200);
  return { ...school, orderKey: res.json().order_key as string };
}

const save = (token: string, body: TUpdateTempOrderBody) =>
  t.api.post('/api/updatetemporder', { body, headers: bearer(token) });
const stored = async (orderKey: string) => (await t.db.select().from(orders).where(eq(orders.order_key, orderKey)))[0]!;
const read = async (token: string, orderKey: string) =>
  TempOrderResponse.parse((await t.api.get(`/api/temporder?order_key=${orderKey}`, { headers: bearer(token) })).json());

/** The whole form as a window shows it, empty but for `values`. */
const form = (orderKey: string, values: Partial<TUpdateTempOrderBody> = {}): TUpdateTempOrderBody => ({
  order_key: orderKey,
  draft: 1,
  school_year: '',
  nostandard_planners: '',
  cover_optn: '',
  ...values,
});

/** The answers a complete reservation needs beside the planners and the year. */
const rest = {
  cust_pages: '2',
  vinyl_pockets: '2',
  delivery_optn: '2',
  ss_car_mag_add: '2',
  tax: '0',
  payment_method: '3',
  agreed: true,
} as const;

describe('POST /api/updatetemporder with the fields changed', () => {
  it('keeps both windows’ answers when one saves a change made from an older reading of the form', async () => {
    const school = await schoolWithOrder();
    // Window A enters the planners and the year and saves them.
    const a = await save(
      school.token,
      form(school.orderKey, {
        nostandard_planners: '120',
        school_year: NEXT_YEAR,
        changed: ['nostandard_planners', 'school_year'],
      }),
    );
    expect(a.statusCode, a.body).toBe(200);
    // Window B, still showing the empty form it opened with, picks a cover.
    const b = await save(school.token, form(school.orderKey, { cover_optn: '1', changed: ['cover_optn'] }));
    expect(b.statusCode, b.body).toBe(200);
    expect(b.json().custom_fields).toMatchObject({ nostandard_planners: 120, school_year: NEXT_YEAR, cover_optn: 1 });
    expect(b.json().custom_price.map((r: { name: string }) => r.name)).toContain('Subtotal');
    expect(b.json().total_amount).not.toBe('0.00');

    expect((await stored(school.orderKey)).custom_fields).toMatchObject({
      nostandard_planners: 120,
      school_year: NEXT_YEAR,
      cover_optn: 1,
    });
    expect((await read(school.token, school.orderKey)).order.custom_fields).toMatchObject({
      nostandard_planners: 120,
      cover_optn: 1,
    });
  });

  it('merges over what another server or staff wrote since this server’s last save', async () => {
    const school = await schoolWithOrder();
    const first = await save(school.token, form(school.orderKey, { cover_optn: '1', changed: ['cover_optn'] }));
    expect(first.statusCode, first.body).toBe(200);
    // Written behind this server's back: its snapshot of the order is now out of date.
    const row = await stored(school.orderKey);
    await t.db
      .update(orders)
      .set({ custom_fields: { ...row.custom_fields, nostandard_planners: 40 } })
      .where(eq(orders.id, row.id));

    const next = await save(school.token, form(school.orderKey, { school_year: NEXT_YEAR, changed: ['school_year'] }));
    expect(next.statusCode, next.body).toBe(200);
    expect(next.json().custom_fields).toMatchObject({ nostandard_planners: 40, cover_optn: 1, school_year: NEXT_YEAR });
    expect((await stored(school.orderKey)).custom_fields).toMatchObject({
      nostandard_planners: 40,
      cover_optn: 1,
      school_year: NEXT_YEAR,
    });
  });

  it('keeps every answer of two windows saving at the same time', async () => {
    const school = await schoolWithOrder();
    await save(school.token, form(school.orderKey, { cover_optn: '1', changed: ['cover_optn'] }));
    const results = await Promise.all([
      save(school.token, form(school.orderKey, { nostandard_planners: '60', changed: ['nostandard_planners'] })),
      save(school.token, form(school.orderKey, { school_year: NEXT_YEAR, changed: ['school_year'] })),
      save(school.token, form(school.orderKey, { delivery_optn: '1', changed: ['delivery_optn'] })),
    ]);
    for (const r of results) expect(r.statusCode, r.body).toBe(200);
    expect((await stored(school.orderKey)).custom_fields).toMatchObject({
      cover_optn: 1,
      nostandard_planners: 60,
      school_year: NEXT_YEAR,
      delivery_optn: 1,
    });
  });

  it('completes a stale form on the merged answers: checked and priced with what the other window saved', async () => {
    const school = await schoolWithOrder();
    const a = await save(
      school.token,
      form(school.orderKey, {
        nostandard_planners: '120',
        school_year: NEXT_YEAR,
        changed: ['nostandard_planners', 'school_year'],
      }),
    );
    expect(a.statusCode, a.body).toBe(200);

    // Window B never saw the planners: its cover choice alone would not make them required.
    const incomplete = await save(
      school.token,
      form(school.orderKey, { draft: 0, status: 'Reserved', cover_optn: '1', changed: ['cover_optn'] }),
    );
    expect(incomplete.statusCode).toBe(400);
    expect(incomplete.json().message).toBe(MSG.fillRequiredFields);
    expect(incomplete.json().errors).toMatchObject({ delivery_optn: MSG.required, tax: MSG.required });
    expect((await stored(school.orderKey)).status).toBe('Pending');

    const done = await save(
      school.token,
      form(school.orderKey, {
        draft: 0,
        status: 'Reserved',
        cover_optn: '1',
        ...rest,
        changed: ['cover_optn', ...(Object.keys(rest) as (keyof typeof rest)[])],
      }),
    );
    expect(done.statusCode, done.body).toBe(200);
    expect(done.json()).toMatchObject({ message: MSG.orderReserved, order_status: 'Reserved' });
    const order = await stored(school.orderKey);
    expect(order.status).toBe('Reserved');
    expect(order.school_year).toBe(NEXT_YEAR);
    expect(order.custom_fields).toMatchObject({ nostandard_planners: 120, cover_optn: 1, delivery_optn: 2 });
    expect(order.subtotal_cents).toBeGreaterThan(0);
  });

  it('answers a Reserved order’s preview with the saved answers under the changed ones, writing nothing', async () => {
    const school = await schoolWithOrder();
    const reserved = await save(
      school.token,
      form(school.orderKey, {
        draft: 0,
        status: 'Reserved',
        nostandard_planners: '120',
        school_year: NEXT_YEAR,
        cover_optn: '1',
        ...rest,
      }),
    );
    expect(reserved.statusCode, reserved.body).toBe(200);
    const before = await stored(school.orderKey);
    const preview = await save(school.token, form(school.orderKey, { cover_optn: '3', changed: ['cover_optn'] }));
    expect(preview.statusCode, preview.body).toBe(200);
    expect(preview.json().custom_fields).toMatchObject({ nostandard_planners: 120, cover_optn: 3, delivery_optn: 2 });
    expect((await stored(school.orderKey)).custom_fields).toEqual(before.custom_fields);
  });

  it('refuses a field name the form does not have, saying which', async () => {
    const school = await schoolWithOrder();
    const res = await save(school.token, {
      ...form(school.orderKey, { cover_optn: '1' }),
      changed: ['cover_optn', 'planners'] as never,
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe(unknownFormField('planners'));
    expect((await stored(school.orderKey)).custom_fields).toEqual({});
  });

  it('refuses a list that is not a list of names', async () => {
    const school = await schoolWithOrder();
    const res = await save(school.token, { ...form(school.orderKey), changed: 'cover_optn' as never });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe(MSG.invalidValue);
  });

  it('without a list, saves the whole form as sent, as before', async () => {
    const school = await schoolWithOrder();
    await save(
      school.token,
      form(school.orderKey, {
        nostandard_planners: '120',
        school_year: NEXT_YEAR,
        changed: ['nostandard_planners', 'school_year'],
      }),
    );
    const whole = await save(school.token, form(school.orderKey, { cover_optn: '1' }));
    expect(whole.statusCode, whole.body).toBe(200);
    expect(whole.json().custom_fields).toMatchObject({ nostandard_planners: null, school_year: '', cover_optn: 1 });
    expect((await stored(school.orderKey)).custom_fields).toMatchObject({
      nostandard_planners: null,
      school_year: '',
      cover_optn: 1,
    });
  });
});
