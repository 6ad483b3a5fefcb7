import { MSG } from '@portal/contracts/messages';
import { TempOrderResponse, type TUpdateTempOrderBody } from '@portal/contracts/orders';
import { reservableYears } from '@portal/contracts/school-years';
import { and, eq, sql } from 'drizzle-orm';
import type { PoolClient } from 'pg';
import { afterAll, beforeAll, describe, expect, it, type MockInstance, vi } from 'vitest';
import { audit_log, cost_sheets, email_outbox, orders } from '../../src/db/schema/index.ts';
import { bearer, signedInSchool, signedInSponsor } from '../helpers/accounts.ts';
import { createCatalogueApp, productIdOf } from '../helpers/catalogue.ts';
import { markOrderPaid } from '../helpers/orders.ts';
import type { TestApp } from '../helpers/test-app.ts';

let t: TestApp;
let costs: typeof cost_sheets.$inferSelect;
const PRODUCT = 'primary-planner-classic-blue';
const [THIS_YEAR, NEXT_YEAR] = reservableYears(new Date()) as [string, string];

beforeAll(async () => {
  t = await createCatalogueApp();
  const productId = await productIdOf(t, PRODUCT);
  [costs] = (await t.db.select().from(cost_sheets).where(eq(cost_sheets.product_id, productId))) as [
    typeof cost_sheets.$inferSelect,
  ];
});
afterAll(() => t?.close());

/** A school with a new Pending order of the planner, as the product page's Order Now makes it. */
async function schoolWithOrder() {
  const school = await signedInSchool(t);
  const res = await t.api.post('/api/addtocartv2', {
    body: { product_id: await productIdOf(t, PRODUCT) },
    headers: bearer(school.token),
  });
  expect(res.statusCode, res.body).toBe(200);
  return { ...school, orderKey: res.json().order_key as string };
}

const dollars = (cents: number) => (cents / 100).toFixed(2);

/** Counts the runs of one of the server's prepared queries on `db`, from now until restored. */
/** Counts the statements named `name` that `db`'s pool runs, in a transaction or not: each goes through a client it lends. */
function countQueries(db: typeof t.db, name: string) {
  const spies: MockInstance[] = [];
  const watch = (client: PoolClient) => {
    if (!vi.isMockFunction(client.query)) spies.push(vi.spyOn(client, 'query'));
  };
  db.$client.on('acquire', watch);
  return {
    count: () =>
      spies.flatMap((spy) => spy.mock.calls).filter(([q]) => (q as { name?: string } | undefined)?.name === name)
        .length,
    restore: () => {
      db.$client.off('acquire', watch);
      for (const spy of spies) spy.mockRestore();
    },
  };
}

/** The form of a school reserving 120 primary planners, complete but for the button. */
const complete = (orderKey: string, extra: Partial<TUpdateTempOrderBody> = {}): TUpdateTempOrderBody => ({
  order_key: orderKey,
  draft: 0,
  status: 'Reserved',
  school_year: NEXT_YEAR,
  noprimary_planners: '120',
  cust_pages: '2',
  vinyl_pockets: '2',
  cover_optn: '2',
  cover_optn_school_name: 'Bayshore Elementary',
  delivery_optn: '2',
  ss_car_mag_add: '2',
  tax: '0',
  payment_method: '3',
  agreed: true,
  ...extra,
});

const save = (token: string, body: TUpdateTempOrderBody) =>
  t.api.post('/api/updatetemporder', { body, headers: bearer(token) });
const storedOrder = async (orderKey: string) =>
  (await t.db.select().from(orders).where(eq(orders.order_key, orderKey)))[0]!;

describe('GET /api/temporder', () => {
  it('opens a new order with an empty form, the cost sheet in dollars and the two school years', async () => {
    const school = await schoolWithOrder();
    const res = await t.api.get(`/api/temporder?order_key=${school.orderKey}`, { headers: bearer(school.token) });
    expect(res.statusCode, res.body).toBe(200);
    const body = TempOrderResponse.parse(res.json());
    expect(body.isneworder).toBe(true);
    expect(body.rangeyear).toEqual([THIS_YEAR, NEXT_YEAR]);
    expect(body.costs).toMatchObject({
      plannerPrice: dollars(costs.planner_price),
      coverPrice_2: dollars(costs.cover_price_2),
      deliveryPrice_3: 'TBA',
      carMagnetPrice_500: dollars(costs.car_magnet_price_500),
    });
    expect(body.order).toMatchObject({
      order_key: school.orderKey,
      order_status: 'Pending',
      editable: true,
      lock_reason: '',
      finalize_only: false,
      custom_price: [],
      total_amount: '0.00',
      total_amount_html: '$0.00',
      has_tax: false,
      product: { name: 'Primary Planner — Classic Blue', slug: PRODUCT, category: 'Student Planners' },
    });
    expect(body.files).toEqual({
      custom_pages: [],
      cover_optn: [],
      fss_car_mag: [],
      fhomework_folders: [],
      po_document: [],
    });
    expect(body.tax_certificate).toBeNull();
  });

  it('answers 404 for another school’s key, 403 to a sponsor and 401 without a session', async () => {
    const owner = await schoolWithOrder();
    const other = await signedInSchool(t);
    const sponsor = await signedInSponsor(t);
    const url = `/api/temporder?order_key=${owner.orderKey}`;
    expect((await t.api.get(url, { headers: bearer(other.token) })).json()).toEqual({
      status: 'error',
      message: MSG.orderNotFound,
    });
    expect((await t.api.get(url, { headers: bearer(other.token) })).statusCode).toBe(404);
    expect((await t.api.get(url, { headers: bearer(sponsor.token) })).statusCode).toBe(403);
    expect((await t.api.get(url)).statusCode).toBe(401);
  });
});

describe('POST /api/updatetemporder', () => {
  it('saves a draft of a half-filled form, priced by the server, and keeps the order Pending', async () => {
    const school = await schoolWithOrder();
    const res = await save(school.token, {
      order_key: school.orderKey,
      draft: 1,
      noprimary_planners: '100',
      cover_optn: '3',
      delivery_optn: '1',
    });
    expect(res.statusCode, res.body).toBe(200);
    const planners = 100 * costs.planner_price;
    const cover = 100 * costs.cover_price_3;
    const pickup = costs.delivery_price_1;
    expect(res.json()).toMatchObject({
      status: 'success',
      order_status: 'Pending',
      type: '',
      redirect: '',
      custom_price: [
        { name: 'Planners', qty: 100, unit_price: dollars(costs.planner_price), amount: dollars(planners) },
        { name: 'Custom cover', qty: 100, unit_price: dollars(costs.cover_price_3), amount: dollars(cover) },
        { name: 'Pickup at our Tampa warehouse', qty: 1, unit_price: dollars(pickup), amount: dollars(pickup) },
        { name: 'Subtotal', qty: 0, unit_price: '', amount: dollars(planners + cover + pickup) },
      ],
      total_amount: dollars(planners + cover + pickup),
    });
    const stored = await storedOrder(school.orderKey);
    expect(stored.status).toBe('Pending');
    expect(stored.total_cents).toBe(planners + cover + pickup);
    expect(stored.custom_fields).toMatchObject({ noprimary_planners: 100, cover_optn: 3, delivery_optn: 1 });
    expect(stored.custom_price).toHaveLength(4);
    expect(stored.placed_at).toBeNull();

    const reopened = await t.api.get(`/api/temporder?order_key=${school.orderKey}`, { headers: bearer(school.token) });
    expect(reopened.json()).toMatchObject({
      isneworder: false,
      order: { custom_fields: { noprimary_planners: 100 }, total_amount: dollars(planners + cover + pickup) },
    });
    // Each save is dated when it is made.
    await save(school.token, { order_key: school.orderKey, draft: 1, noprimary_planners: '110' });
    expect((await storedOrder(school.orderKey)).updated_at.getTime()).toBeGreaterThan(stored.updated_at.getTime());
  });

  it('refuses a malformed draft with the field’s message and keeps what was saved', async () => {
    const school = await schoolWithOrder();
    const res = await save(school.token, {
      order_key: school.orderKey,
      draft: 1,
      noprimary_planners: '-3',
      nocar_dismissal: '75',
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().errors).toEqual({ noprimary_planners: MSG.wholeNumber, nocar_dismissal: MSG.multiplesOf50 });
    expect((await storedOrder(school.orderKey)).custom_fields).toEqual({});
  });

  it('refuses to complete a form that misses what ordering planners requires, naming each field', async () => {
    const school = await schoolWithOrder();
    const res = await save(
      school.token,
      complete(school.orderKey, { cover_optn: '', tax: '', nocar_dismissal: '100' }),
    );
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({
      status: 'error',
      message: MSG.fillRequiredFields,
      errors: { cover_optn: MSG.required, tax: MSG.required, style_of_tag: MSG.required },
    });
    expect((await storedOrder(school.orderKey)).status).toBe('Pending');
  });

  it('completes a reservation: Reserved, the confirmation next, and e-mails to the school and to staff', async () => {
    const school = await schoolWithOrder();
    const res = await save(school.token, complete(school.orderKey));
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({
      message: MSG.orderReserved,
      order_status: 'Reserved',
      type: 'internal',
      redirect: `/order-confirmed/${school.orderKey}`,
    });
    const stored = await storedOrder(school.orderKey);
    expect(stored).toMatchObject({ status: 'Reserved', school_year: NEXT_YEAR, payment_method: 3 });
    const mails = await t.db.select().from(email_outbox).where(eq(email_outbox.to_address, school.email));
    expect(mails.map((m) => m.template)).toContain('order-reserved');
    expect(mails.find((m) => m.template === 'order-reserved')?.text).toMatch(/^Planners +120 /m);
    const staff = await t.db
      .select()
      .from(email_outbox)
      .where(and(eq(email_outbox.template, 'order-staff-copy')));
    expect(staff.some((m) => m.subject.includes(`#${stored.id}`))).toBe(true);
  });

  it('takes drafts of a Reserved order as a preview only, until the school saves its updates', async () => {
    const school = await schoolWithOrder();
    await save(school.token, complete(school.orderKey));
    const preview = await save(school.token, { ...complete(school.orderKey), draft: 1, noprimary_planners: '500' });
    expect(preview.statusCode).toBe(200);
    expect(preview.json().custom_price[0]).toMatchObject({ name: 'Planners', qty: 500 });
    expect((await storedOrder(school.orderKey)).custom_fields).toMatchObject({ noprimary_planners: 120 });

    const updated = await save(school.token, complete(school.orderKey, { noprimary_planners: '500' }));
    expect(updated.json().order_status).toBe('Reserved');
    expect((await storedOrder(school.orderKey)).custom_fields).toMatchObject({ noprimary_planners: 500 });
  });

  it('will not finalize an order whose payment option is just reserving', async () => {
    const school = await schoolWithOrder();
    const res = await save(school.token, complete(school.orderKey, { status: 'Order Placed', payment_method: '3' }));
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({
      status: 'error',
      message: MSG.changePaymentToFinalize,
      errors: { payment_method: MSG.changePaymentToFinalize },
    });
    expect((await storedOrder(school.orderKey)).status).toBe('Pending');
  });

  it('finalizes an order to be paid by card: Order Placed, checkout next, still the school’s until paid (D12)', async () => {
    const school = await schoolWithOrder();
    const res = await save(school.token, complete(school.orderKey, { status: 'Order Placed', payment_method: '2' }));
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({
      message: MSG.orderReadyForPayment,
      order_status: 'Order Placed',
      type: 'internal',
      redirect: `/checkout/${school.orderKey}`,
    });
    expect((await storedOrder(school.orderKey)).placed_at).not.toBeNull();

    // Saved again with card payment, it stays placed and goes back to checkout for the new amount.
    const more = await save(
      school.token,
      complete(school.orderKey, { noprimary_planners: '150', payment_method: '2' }),
    );
    expect(more.statusCode, more.body).toBe(200);
    expect(more.json()).toMatchObject({ order_status: 'Order Placed', redirect: `/checkout/${school.orderKey}` });
    expect((await storedOrder(school.orderKey)).custom_fields).toMatchObject({ noprimary_planners: 150 });

    await markOrderPaid(t, school.orderKey);
    const again = await save(school.token, complete(school.orderKey));
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe(MSG.orderLockedPaid);
  });

  it('finalizes an order to be invoiced now, after which only the team can change it', async () => {
    const school = await schoolWithOrder();
    const res = await save(school.token, complete(school.orderKey, { status: 'Order Placed', payment_method: '1' }));
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ order_status: 'Order Placed', redirect: `/checkout/${school.orderKey}` });
    const again = await save(school.token, complete(school.orderKey));
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe(MSG.orderLockedPlaced);
  });

  it('keeps the free-products terms accepted on the form, on a draft and on a Reserved order’s preview', async () => {
    const school = await schoolWithOrder();
    const read = async () =>
      TempOrderResponse.parse(
        (await t.api.get(`/api/temporder?order_key=${school.orderKey}`, { headers: bearer(school.token) })).json(),
      ).order;
    expect(await save(school.token, { order_key: school.orderKey, draft: 1, nocar_rider: '100' })).toHaveProperty(
      'statusCode',
      200,
    );
    expect(await read()).toMatchObject({ free_tnc_req: true, free_tnc_accepted: false });
    await save(school.token, { order_key: school.orderKey, draft: 1, nocar_rider: '100', free_tnc_accepted: true });
    expect(await read()).toMatchObject({ free_tnc_req: true, free_tnc_accepted: true });

    const reserved = await schoolWithOrder();
    expect((await save(reserved.token, complete(reserved.orderKey, { nobus_rider: '50' }))).statusCode).toBe(200);
    await save(reserved.token, { order_key: reserved.orderKey, draft: 1, nobus_rider: '50', free_tnc_accepted: '1' });
    expect((await storedOrder(reserved.orderKey)).free_tnc_accepted_at).not.toBeNull();
    expect((await storedOrder(reserved.orderKey)).status).toBe('Reserved');

    // Each draft's acceptance is in its order's history, once, as the school's.
    for (const owner of [school, reserved]) {
      await save(owner.token, { order_key: owner.orderKey, draft: 1, free_tnc_accepted: true });
      const id = (await storedOrder(owner.orderKey)).id;
      const accepted = await t.db
        .select({ actor: audit_log.actor_user_id })
        .from(audit_log)
        .where(
          and(eq(audit_log.entity, 'order'), eq(audit_log.entity_id, String(id)), eq(audit_log.action, 'accept-terms')),
        );
      expect(accepted).toEqual([{ actor: owner.user.id }]);
    }
  });

  it('refuses a school year other than the current and the next', async () => {
    const school = await schoolWithOrder();
    const res = await save(school.token, complete(school.orderKey, { school_year: '2019-2020' }));
    expect(res.statusCode).toBe(400);
    expect(res.json().errors).toEqual({ school_year: MSG.selectSchoolYear });
  });

  it('saves nothing for another school, a sponsor or an unknown key', async () => {
    const owner = await schoolWithOrder();
    const other = await signedInSchool(t);
    const sponsor = await signedInSponsor(t);
    expect((await save(other.token, complete(owner.orderKey))).statusCode).toBe(404);
    expect((await save(sponsor.token, complete(owner.orderKey))).statusCode).toBe(403);
    expect((await save(owner.token, complete('no-such-key'))).statusCode).toBe(404);
    expect((await storedOrder(owner.orderKey)).status).toBe('Pending');
  });

  it('commits a draft without waiting for the disk, and a completed form only once it is on disk', async () => {
    const setting = async (db: typeof t.db) =>
      (await db.execute<{ synchronous_commit: string }>(sql`show synchronous_commit`)).rows[0]?.synchronous_commit;
    expect(await setting(t.ctx.draftDb)).toBe('off');
    expect(await setting(t.ctx.db)).toBe('on');

    const school = await schoolWithOrder();
    const drafts = countQueries(t.ctx.draftDb, 'write_order_forms');
    const completions = countQueries(t.ctx.db, 'write_order_forms');
    try {
      expect(
        (await save(school.token, { order_key: school.orderKey, draft: 1, noprimary_planners: '80' })).statusCode,
      ).toBe(200);
      expect([drafts.count(), completions.count()]).toEqual([1, 0]);
      expect((await save(school.token, complete(school.orderKey))).statusCode).toBe(200);
      expect([drafts.count(), completions.count()]).toEqual([1, 1]);
    } finally {
      drafts.restore();
      completions.restore();
    }
    expect(await storedOrder(school.orderKey)).toMatchObject({ status: 'Reserved' });
  });

  describe('what a save knows of the order from the last one', () => {
    const draft = (orderKey: string, planners: number): TUpdateTempOrderBody => ({
      order_key: orderKey,
      draft: 1,
      noprimary_planners: String(planners),
    });

    it('lets the next save go without reading the order first, for that school alone', async () => {
      const school = await schoolWithOrder();
      const other = await signedInSchool(t);
      const reads = countQueries(t.ctx.db, 'orders_to_save');
      try {
        expect((await save(school.token, draft(school.orderKey, 50))).statusCode).toBe(200);
        expect(reads.count()).toBe(1);
        expect((await save(school.token, draft(school.orderKey, 60))).statusCode).toBe(200);
        expect((await save(school.token, draft(school.orderKey, 70))).statusCode).toBe(200);
        expect(reads.count()).toBe(1);
        expect((await save(other.token, draft(school.orderKey, 999))).statusCode).toBe(404);
      } finally {
        reads.restore();
      }
      expect((await storedOrder(school.orderKey)).custom_fields).toMatchObject({ noprimary_planners: 70 });
    });

    it('reads the order afresh when anyone else changed it meanwhile, and never writes over that change', async () => {
      const school = await schoolWithOrder();
      expect((await save(school.token, draft(school.orderKey, 100))).statusCode).toBe(200);
      // Staff add tax to the order behind the form's back.
      await t.db
        .update(orders)
        .set({ has_tax: true, tax_cents: 1234, tax_basis_cents: 100 * costs.planner_price })
        .where(eq(orders.order_key, school.orderKey));
      const res = await save(school.token, draft(school.orderKey, 100));
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json().total_amount).toBe(dollars(100 * costs.planner_price + 1234));
      expect(await storedOrder(school.orderKey)).toMatchObject({ tax_cents: 1234, has_tax: true });

      // Paid meanwhile: the order is no longer the school's to change.
      await markOrderPaid(t, school.orderKey);
      const locked = await save(school.token, draft(school.orderKey, 500));
      expect(locked.statusCode).toBe(409);
      expect(locked.json().message).toBe(MSG.orderLockedPaid);
      expect((await storedOrder(school.orderKey)).custom_fields).toMatchObject({ noprimary_planners: 100 });
    });

    it('prices at once by a cost sheet changed since the last save', async () => {
      const school = await schoolWithOrder();
      expect((await save(school.token, draft(school.orderKey, 10))).statusCode).toBe(200);
      const dearer = costs.planner_price + 100;
      await t.db.update(cost_sheets).set({ planner_price: dearer }).where(eq(cost_sheets.product_id, costs.product_id));
      try {
        await vi.waitFor(() => expect(t.ctx.cache.orderSnapshots.get(school.user.id, school.orderKey)).toBeUndefined());
        const res = await save(school.token, draft(school.orderKey, 10));
        expect(res.json().custom_price[0]).toMatchObject({ name: 'Planners', amount: dollars(10 * dearer) });
      } finally {
        await t.db
          .update(cost_sheets)
          .set({ planner_price: costs.planner_price })
          .where(eq(cost_sheets.product_id, costs.product_id));
      }
    });
  });

  it('writes the drafts of many schools arriving together each to its own order, whole', async () => {
    const schools = await Promise.all(Array.from({ length: 12 }, () => schoolWithOrder()));
    const draft = (orderKey: string, planners: number) =>
      complete(orderKey, { draft: 1, status: 'Pending', noprimary_planners: String(planners) });
    const [first, second] = schools as [(typeof schools)[0], (typeof schools)[0]];
    const answers = await Promise.all([
      ...schools.map((s, i) => save(s.token, draft(s.orderKey, 100 + i))),
      // The same order saved several times at once: one of the saves is kept, whole.
      ...[201, 202, 203].map((n) => save(first.token, draft(first.orderKey, n))),
      // Another school's key among them is still not found, and changes nothing.
      save(second.token, draft(first.orderKey, 999)),
    ]);
    expect(answers.map((a) => a.statusCode)).toEqual([...schools.map(() => 200), 200, 200, 200, 404]);
    const totalFor = new Map(
      answers.filter((a) => a.statusCode === 200).map((a) => [a.json().custom_price[0].qty, a.json().total_amount]),
    );
    for (const [i, s] of schools.entries()) {
      const stored = await storedOrder(s.orderKey);
      const planners = (stored.custom_fields as { noprimary_planners: number }).noprimary_planners;
      expect(i === 0 ? [100, 201, 202, 203] : [100 + i]).toContain(planners);
      // Its price is the price of those very answers, not another save's.
      expect(dollars(stored.total_cents)).toBe(totalFor.get(planners));
      expect((stored.custom_price as { qty: number }[])[0]?.qty).toBe(planners);
    }
    // And the next save, made after them, is the one kept.
    expect((await save(first.token, draft(first.orderKey, 300))).statusCode).toBe(200);
    expect((await storedOrder(first.orderKey)).custom_fields).toMatchObject({ noprimary_planners: 300 });
  });
});

describe('the reorder delivery row', () => {
  it('is priced TBA and adds nothing to the total', async () => {
    const school = await schoolWithOrder();
    const res = await save(school.token, {
      order_key: school.orderKey,
      draft: 1,
      noprimary_planners: '10',
      delivery_optn: '3',
    });
    expect(res.json().custom_price).toEqual([
      {
        name: 'Planners',
        qty: 10,
        unit_price: dollars(costs.planner_price),
        amount: dollars(10 * costs.planner_price),
      },
      { name: 'Reorder during the school year', qty: 10, unit_price: 'TBA', amount: 'TBA' },
      { name: 'Subtotal', qty: 0, unit_price: '', amount: dollars(10 * costs.planner_price) },
    ]);
    expect(res.json().total_amount).toBe(dollars(10 * costs.planner_price));
  });
});
