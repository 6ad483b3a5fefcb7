import { ADMIN_ORDERS_PAGE_SIZE, AdminOrderResponse, AdminOrdersResponse } from '@portal/contracts/admin-orders';
import { USER_TYPE } from '@portal/contracts/constants';
import { MSG } from '@portal/contracts/messages';
import { formatMoney } from '@portal/contracts/money';
import { COUNT_CAP, countLabel } from '@portal/contracts/paging';
import { OrderDetailsResponse } from '@portal/contracts/school-orders';
import { and, asc, eq, inArray, ne } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { audit_log, contact_requests, orders, products, users } from '../../src/db/schema/index.ts';
import { toCostSheet } from '../../src/modules/orders/find-school-order.ts';
import { orderForm, orderRow } from '../../src/seed/order-factory.ts';
import { bearer, mailsTo, signedInSchool, signedInSponsor, signedInStaff, uniqueEmail } from '../helpers/accounts.ts';
import { clockedCatalogueApp } from '../helpers/clock.ts';
import {
  completeOrderForm,
  INVOICED_NOW,
  markOrderPaid,
  paymentsOf,
  schoolWithOrder,
  schoolWithPlacedOrder,
  startedCardPayment,
  storedOrder,
} from '../helpers/orders.ts';
import type { TestApp } from '../helpers/test-app.ts';

const clocked = clockedCatalogueApp();
let t: TestApp;
let admin: Awaited<ReturnType<typeof signedInStaff>>;
beforeAll(async () => {
  t = clocked.app();
  admin = await signedInStaff(t, USER_TYPE.admin);
});

/** A school with an order reserved through the form: 120 planners, picked up, exempt from tax, invoiced later. */
const schoolWithReservedOrder = () => schoolWithPlacedOrder(t, { status: 'Reserved', payment_method: '3' });

const asAdmin = () => bearer(admin.token);
const list = (query: string) => t.api.get(`/api/admin/orders?${query}`, { headers: asAdmin() });
const detail = (id: number) => t.api.get(`/api/admin/orders/${id}`, { headers: asAdmin() });
const move = (id: number, status: string, token = admin.token) =>
  t.api.post(`/api/admin/orders/${id}/status`, { body: { status }, headers: bearer(token) });
/** The order's audit rows written by staff (the school's own changes have theirs too), oldest first. */
const auditOf = async (id: number) =>
  (
    await t.db
      .select({ entry: audit_log })
      .from(audit_log)
      .innerJoin(users, eq(users.id, audit_log.actor_user_id))
      .where(
        and(
          eq(audit_log.entity, 'order'),
          eq(audit_log.entity_id, String(id)),
          inArray(users.usertype, [USER_TYPE.admin, USER_TYPE.salesRep]),
        ),
      )
      .orderBy(asc(audit_log.id))
  ).map((r) => r.entry);
const askToCancel = (school: { token: string; orderKey: string }) =>
  t.api.post('/api/cancelorderenq', {
    body: {
      order_key: school.orderKey,
      schoolname: 'Bayshore Elementary',
      email: uniqueEmail('office'),
      message: 'Enrollment dropped.',
    },
    headers: bearer(school.token),
  });

describe('the orders of the back office: administrators only', () => {
  it('refuses a sales rep, a school and a sponsor (403), and anyone signed out (401), changing nothing', async () => {
    const school = await schoolWithReservedOrder();
    const order = await storedOrder(t, school.orderKey);
    const rep = await signedInStaff(t, USER_TYPE.salesRep);
    const sponsor = await signedInSponsor(t);
    const other = await signedInSchool(t);
    for (const token of [rep.token, sponsor.token, other.token, school.token]) {
      for (const res of [
        await t.api.get('/api/admin/orders', { headers: bearer(token) }),
        await t.api.get(`/api/admin/orders/${order.id}`, { headers: bearer(token) }),
        await move(order.id, 'Order Placed', token),
        await t.api.post(`/api/admin/orders/${order.id}/tax`, { body: { tax_cents: 500 }, headers: bearer(token) }),
      ]) {
        expect(res.statusCode, res.body).toBe(403);
        expect(res.json()).toEqual({ status: 'error', message: MSG.forbidden });
      }
    }
    expect((await t.api.get('/api/admin/orders')).statusCode).toBe(401);
    expect(
      (await t.api.post(`/api/admin/orders/${order.id}/status`, { body: { status: 'Order Placed' } })).statusCode,
    ).toBe(401);
    const after = await storedOrder(t, school.orderKey);
    expect(after.status).toBe('Reserved');
    expect(after.tax_cents).toBe(0);
    expect(await auditOf(order.id)).toHaveLength(0);
  });
});

describe('GET /api/admin/orders', () => {
  it('counts up to 1,000 and then says more, and offers the school years orders are for', async () => {
    const school = await schoolWithReservedOrder();
    const own = await storedOrder(t, school.orderKey);
    const byYear = (rows: { school_year: string }[]) => [...new Set(rows.map((r) => r.school_year))];
    const [catalogue] = await t.db.select({ id: products.id }).from(products).limit(1);
    // Made as the seed makes a region's orders: many to a statement.
    const row = (i: number, year: string) =>
      orderRow({
        schoolUserId: school.user.id,
        productId: catalogue?.id ?? own.product_id,
        costs: toCostSheet(null),
        status: 'Pending',
        values: orderForm({ school_year: year, noprimary_planners: 10 + (i % 5) }),
        at: new Date(Date.UTC(2026, 0, 1) + i * 60_000),
      });
    await t.db.insert(orders).values(Array.from({ length: COUNT_CAP - 1 }, (_, i) => row(i, '2031-2032')));
    const q = `q=${encodeURIComponent(school.email)}`;
    const exactly = AdminOrdersResponse.parse((await list(q)).json());
    expect(exactly).toMatchObject({ total: COUNT_CAP, total_capped: false });
    await t.db.insert(orders).values([row(COUNT_CAP, '2019-2020')]);
    const more = AdminOrdersResponse.parse((await list(q)).json());
    expect(more).toMatchObject({ total: COUNT_CAP + 1, total_capped: true });
    expect(more.orders).toHaveLength(ADMIN_ORDERS_PAGE_SIZE);
    expect(countLabel(more.total, more.total_capped)).toBe('1,000+');
    // The choices are every school year of the orders, newest first, as a plain query finds them.
    const plain = await t.db
      .selectDistinct({ school_year: orders.school_year })
      .from(orders)
      .where(ne(orders.school_year, ''));
    expect(more.school_years).toEqual(byYear(plain).sort().reverse());
    expect(more.school_years).toEqual(expect.arrayContaining(['2031-2032', '2019-2020']));
    // A filter narrows the count as it narrows the rows.
    const one = AdminOrdersResponse.parse((await list(`${q}&school_year=2019-2020`)).json());
    expect(one).toMatchObject({ total: 1, total_capped: false });
  });

  it('pages deep by cursor: rows written between two pages neither shift a page nor repeat, in every sort', async () => {
    const school = await schoolWithReservedOrder();
    const own = await storedOrder(t, school.orderKey);
    // 60 orders a minute apart, their totals in threes, so that the sort by total has ties to break by number.
    const row = (i: number, at: Date) =>
      orderRow({
        schoolUserId: school.user.id,
        productId: own.product_id,
        costs: toCostSheet(null),
        status: 'Pending',
        values: orderForm({ school_year: '2026-2027', noprimary_planners: 10 + Math.floor(i / 3) }),
        at,
      });
    await t.db
      .insert(orders)
      .values(Array.from({ length: 60 }, (_, i) => row(i, new Date(Date.UTC(2025, 0, 1) + i * 60_000))));
    const q = `q=${encodeURIComponent(school.email)}`;
    for (const sort of ['sort=date&dir=desc', 'sort=date&dir=asc', 'sort=total&dir=desc', 'sort=total&dir=asc']) {
      const all = await t.db
        .select({ id: orders.id, at: orders.created_at, total: orders.total_cents })
        .from(orders)
        .where(eq(orders.school_user_id, school.user.id));
      const key = sort.startsWith('sort=date')
        ? (o: (typeof all)[number]) => o.at.getTime()
        : (o: (typeof all)[number]) => o.total;
      const sign = sort.endsWith('asc') ? 1 : -1;
      const expected = all.sort((a, b) => sign * (key(a) - key(b) || a.id - b.id)).map((o) => o.id);

      const first = AdminOrdersResponse.parse((await list(`${q}&${sort}`)).json());
      expect(first.orders.map((o) => o.order_id)).toEqual(expected.slice(0, ADMIN_ORDERS_PAGE_SIZE));
      expect(first.next).toEqual(expect.any(String));
      // Orders written meanwhile at both ends of the list, and one in its middle.
      const written = await t.db
        .insert(orders)
        .values([
          row(0, new Date(Date.UTC(2030, 0, 1))),
          row(200, new Date(Date.UTC(2020, 0, 1))),
          row(30, new Date(Date.UTC(2025, 0, 1) + 30 * 60_000 + 1)),
        ])
        .returning({ id: orders.id });
      const seen = [...first.orders.map((o) => o.order_id)];
      let next = first.next;
      while (next) {
        const page = AdminOrdersResponse.parse((await list(`${q}&${sort}&after=${encodeURIComponent(next)}`)).json());
        seen.push(...page.orders.map((o) => o.order_id));
        next = page.next;
      }
      // Every row once; those written after the cursor's place come where the order puts them.
      expect(new Set(seen).size).toBe(seen.length);
      expect(seen.filter((id) => expected.includes(id))).toEqual(expected);
      const now = await t.db
        .select({ id: orders.id, at: orders.created_at, total: orders.total_cents })
        .from(orders)
        .where(eq(orders.school_user_id, school.user.id));
      const ordered = now.sort((a, b) => sign * (key(a) - key(b) || a.id - b.id)).map((o) => o.id);
      expect(seen).toEqual(ordered.filter((id) => seen.includes(id)));
      await t.db.delete(orders).where(
        inArray(
          orders.id,
          written.map((w) => w.id),
        ),
      );
    }
    const stale = await list(`${q}&after=not-a-cursor`);
    expect(stale.statusCode).toBe(400);
    expect(stale.json()).toMatchObject({ message: MSG.pageCursorInvalid });
    // A date's cursor sent with the sort by total is no total: refused the same way, not handed to PostgreSQL.
    const byDate = AdminOrdersResponse.parse((await list(`${q}&sort=date`)).json());
    const mixed = await list(`${q}&sort=total&after=${encodeURIComponent(byDate.next ?? '')}`);
    expect(mixed.statusCode).toBe(400);
    expect(mixed.json()).toMatchObject({ message: MSG.pageCursorInvalid });
  });

  it('filters by status, payment status and open cancel request, and finds by order number, school and e-mail', async () => {
    const reserved = await schoolWithReservedOrder();
    const placed = await schoolWithPlacedOrder(t, INVOICED_NOW);
    const [a, b] = [await storedOrder(t, reserved.orderKey), await storedOrder(t, placed.orderKey)];

    const byEmail = AdminOrdersResponse.parse((await list(`q=${encodeURIComponent(reserved.email)}`)).json());
    expect(byEmail.orders.map((o) => o.order_id)).toEqual([a.id]);
    expect(byEmail.orders[0]).toMatchObject({
      order_key: a.order_key,
      email: reserved.email,
      status: 'Reserved',
      payment_status: 'unpaid',
      total_cents: a.total_cents,
      school_year: a.school_year,
      cancel_request_open: false,
    });
    expect(byEmail.total).toBe(1);

    const byNumber = AdminOrdersResponse.parse((await list(`q=${b.id}`)).json());
    expect(byNumber.orders.map((o) => o.order_id)).toEqual([b.id]);

    const reservedOnly = AdminOrdersResponse.parse((await list('status=Reserved&page=1')).json());
    expect(reservedOnly.orders.every((o) => o.status === 'Reserved')).toBe(true);
    expect(reservedOnly.orders.map((o) => o.order_id)).toContain(a.id);
    expect(reservedOnly.orders.map((o) => o.order_id)).not.toContain(b.id);
    const both = AdminOrdersResponse.parse((await list('status=Reserved,Order%20Placed')).json());
    expect(both.orders.map((o) => o.order_id)).toEqual(expect.arrayContaining([a.id, b.id]));

    expect(
      AdminOrdersResponse.parse((await list('payment_status=paid')).json()).orders.map((o) => o.order_id),
    ).not.toContain(a.id);

    expect((await askToCancel(placed)).statusCode).toBe(200);
    const asking = AdminOrdersResponse.parse((await list('cancel_request=1')).json());
    expect(asking.orders.map((o) => o.order_id)).toContain(b.id);
    expect(asking.orders.map((o) => o.order_id)).not.toContain(a.id);
    expect(asking.orders.find((o) => o.order_id === b.id)?.cancel_request_open).toBe(true);

    const bad = await list('status=Lost&sort=name');
    expect(bad.statusCode).toBe(400);
    expect(bad.json().errors).toMatchObject({ sort: MSG.invalidValue });
  });

  it('sorts by total and by date, both ways', async () => {
    await schoolWithReservedOrder();
    await schoolWithPlacedOrder(t, { ...INVOICED_NOW, noprimary_planners: '300' });
    const up = AdminOrdersResponse.parse((await list('sort=total&dir=asc')).json()).orders.map((o) => o.total_cents);
    expect(up).toEqual([...up].sort((x, y) => x - y));
    const down = AdminOrdersResponse.parse((await list('sort=date&dir=desc')).json()).orders.map((o) => o.order_date);
    expect(down).toEqual([...down].sort().reverse());
  });
});

describe('GET /api/admin/orders/:id', () => {
  it('shows what the school saw, its payments, and the moves the rules allow', async () => {
    const school = await schoolWithReservedOrder();
    const order = await storedOrder(t, school.orderKey);
    const res = await detail(order.id);
    expect(res.statusCode, res.body).toBe(200);
    const body = AdminOrderResponse.parse(res.json());
    expect(body.order).toMatchObject({
      order_id: order.id,
      order_status: 'Reserved',
      delivery_optn: expect.any(String),
    });
    expect(body.school).toMatchObject({ user_id: school.user.id, email: school.email });
    expect(body.transitions).toEqual(['Order Placed', 'Cancelled']);
    expect(body.total_cents).toBe(order.total_cents);
    expect(body.payments).toEqual([]);
    expect(body.cancel_request).toBeNull();
    expect((await detail(2_000_000)).statusCode).toBe(404);
  });
});

describe('POST /api/admin/orders/:id/status', () => {
  it('moves an order forward by the rules, audits each move and e-mails the school', async () => {
    const school = await schoolWithPlacedOrder(t, INVOICED_NOW);
    const order = await storedOrder(t, school.orderKey);

    const skip = await move(order.id, 'Delivered');
    expect(skip.statusCode).toBe(409);
    expect(skip.json()).toEqual({ status: 'error', message: MSG.orderMoveNotNext });

    expect((await move(order.id, 'In production')).json()).toEqual({
      status: 'success',
      message: MSG.orderStatusChanged,
    });
    // Invoiced now and not paid yet: the school may still pay it while it is made.
    const inProduction = OrderDetailsResponse.parse(
      (await t.api.get(`/api/orderdetails?order_key=${school.orderKey}`, { headers: bearer(school.token) })).json(),
    );
    expect(inProduction.order.payment_link).toBe(`/checkout/${school.orderKey}`);
    expect(inProduction.edit_order).toBe(0);
    // Picked up at the warehouse (delivery option 1): it is not shipped.
    const shipped = await move(order.id, 'Shipped');
    expect(shipped.statusCode).toBe(409);
    expect(shipped.json().message).toBe(MSG.orderMoveWrongDelivery);
    expect((await move(order.id, 'Ready for pickup')).statusCode).toBe(200);
    expect((await move(order.id, 'Delivered')).statusCode).toBe(200);
    const finished = await move(order.id, 'Cancelled');
    expect(finished.statusCode).toBe(409);
    expect(finished.json().message).toBe(MSG.orderMoveFinished);
    expect((await storedOrder(t, school.orderKey)).status).toBe('Delivered');

    const rows = await auditOf(order.id);
    expect(rows.filter((r) => r.action === 'status').map((r) => [r.action, r.actor_user_id, r.changes])).toEqual([
      ['status', admin.user.id, { before: { status: 'Order Placed' }, after: { status: 'In production' } }],
      ['status', admin.user.id, { before: { status: 'In production' }, after: { status: 'Ready for pickup' } }],
      ['status', admin.user.id, { before: { status: 'Ready for pickup' }, after: { status: 'Delivered' } }],
    ]);
    const mails = (await mailsTo(t, school.email)).filter((m) => m.template === 'order-status');
    expect(mails.map((m) => m.subject)).toEqual([
      `Your order #${order.id} is now In production`,
      `Your order #${order.id} is now Ready for pickup`,
      `Your order #${order.id} is now Delivered`,
    ]);
    expect(mails[0]?.text).toContain(school.orderKey);

    const details = OrderDetailsResponse.parse(
      (await t.api.get(`/api/orderdetails?order_key=${school.orderKey}`, { headers: bearer(school.token) })).json(),
    );
    expect(details.order.order_status).toBe('Delivered');
  });

  it('keeps an order waiting for its card payment from production, and a paid one from being cancelled', async () => {
    const school = await schoolWithPlacedOrder(t);
    const order = await storedOrder(t, school.orderKey);
    const res = await move(order.id, 'In production');
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe(MSG.orderMoveAwaitsCard);
    await markOrderPaid(t, school.orderKey);
    const cancel = await move(order.id, 'Cancelled');
    expect(cancel.statusCode).toBe(409);
    expect(cancel.json().message).toBe(MSG.orderCancelPaid);
    expect((await move(order.id, 'In production')).statusCode).toBe(200);
  });

  it('closes the checkout still open before cancelling, as the school’s own cancellation does', async () => {
    const { school, order } = await startedCardPayment(t);
    const res = await move(order.id, 'Cancelled');
    expect(res.statusCode, res.body).toBe(200);
    expect((await storedOrder(t, school.orderKey)).status).toBe('Cancelled');
    expect((await paymentsOf(t, order.id)).map((p) => p.status)).toEqual(['failed']);
    expect(await auditOf(order.id)).toMatchObject([{ action: 'status', changes: { after: { status: 'Cancelled' } } }]);
  });

  it('refuses a status that does not exist, with its field message', async () => {
    const school = await schoolWithReservedOrder();
    const order = await storedOrder(t, school.orderKey);
    const res = await move(order.id, 'Lost');
    expect(res.statusCode).toBe(400);
    expect(res.json().errors).toEqual({ status: MSG.invalidValue });
  });
});

describe('POST /api/admin/orders/:id/delivery-date', () => {
  it('sets the day, audits it and e-mails the school; refuses a day that is not one', async () => {
    const school = await schoolWithPlacedOrder(t, INVOICED_NOW);
    const order = await storedOrder(t, school.orderKey);
    const set = (delivery_date: string) =>
      t.api.post(`/api/admin/orders/${order.id}/delivery-date`, { body: { delivery_date }, headers: asAdmin() });
    const bad = await set('15/08/2027');
    expect(bad.statusCode).toBe(400);
    expect(bad.json().errors).toEqual({ delivery_date: MSG.orderDeliveryDateInvalid });
    const res = await set('2027-08-16');
    expect(res.statusCode, res.body).toBe(200);
    expect((await storedOrder(t, school.orderKey)).delivery_date).toBe('2027-08-16');
    expect(await auditOf(order.id)).toMatchObject([
      { action: 'delivery-date', changes: { before: { delivery_date: null }, after: { delivery_date: '2027-08-16' } } },
    ]);
    const [mail] = (await mailsTo(t, school.email)).filter((m) => m.template === 'order-delivery-date');
    expect(mail?.subject).toBe(`Delivery date for your order #${order.id}`);
    expect(mail?.text).toContain('Monday, August 16, 2027');
  });
});

describe('POST /api/admin/orders/:id/tax', () => {
  const setTax = (id: number, body: Record<string, unknown>) =>
    t.api.post(`/api/admin/orders/${id}/tax`, { body, headers: asAdmin() });
  /** The school saves its completed form again, still answering that it is exempt, with more planners. */
  const saveWithMorePlanners = async (school: { orderKey: string; token: string }, planners: string) => {
    const draft = await t.api.post('/api/updatetemporder', {
      body: completeOrderForm(school.orderKey, { draft: 1, noprimary_planners: planners }, t.ctx.clock()),
      headers: bearer(school.token),
    });
    expect(draft.statusCode, draft.body).toBe(200);
    const save = await t.api.post('/api/updatetemporder', {
      body: completeOrderForm(school.orderKey, { noprimary_planners: planners }, t.ctx.clock()),
      headers: bearer(school.token),
    });
    expect(save.statusCode, save.body).toBe(200);
    return save;
  };

  it('refuses a rate out of range, an amount below 0, and both or neither', async () => {
    const school = await schoolWithReservedOrder();
    const order = await storedOrder(t, school.orderKey);
    const cases: [Record<string, unknown>, Record<string, string>][] = [
      [{ tax_cents: -1 }, { tax_cents: MSG.orderTaxInvalid }],
      [{ tax_rate_bp: 2501 }, { tax_rate_bp: MSG.orderTaxRateInvalid }],
      [{ tax_rate_bp: 7.5 }, { tax_rate_bp: MSG.orderTaxRateInvalid }],
      [{ tax_rate_bp: 750, tax_cents: 100 }, { tax_cents: MSG.orderTaxRateOrAmount }],
      [{}, { tax_cents: MSG.orderTaxRateOrAmount }],
    ];
    for (const [body, errors] of cases) {
      const res = await setTax(order.id, body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(res.json().errors).toEqual(errors);
    }
    expect(await storedOrder(t, school.orderKey)).toMatchObject({ has_tax: false, tax_cents: 0, tax_rate_bp: null });
  });

  it('adds an amount and e-mails the new total; a changed subtotal puts it back to be added, never kept against it', async () => {
    const school = await schoolWithReservedOrder();
    const order = await storedOrder(t, school.orderKey);
    expect(order.custom_fields.tax).toBe(1);
    const subtotal = order.subtotal_cents;
    expect(subtotal).toBeGreaterThan(0);

    const res = await setTax(order.id, { tax_cents: 8_40 });
    expect(res.statusCode, res.body).toBe(200);
    const taxed = await storedOrder(t, school.orderKey);
    expect(taxed).toMatchObject({
      tax_cents: 8_40,
      has_tax: true,
      tax_rate_bp: null,
      tax_basis_cents: subtotal,
      total_cents: subtotal + 8_40,
    });
    const [mail] = (await mailsTo(t, school.email)).filter((m) => m.template === 'order-tax');
    expect(mail?.subject).toBe(`Tax added to your order #${order.id}`);
    expect(mail?.text).toContain(formatMoney(8_40));
    expect(mail?.text).toContain(formatMoney(subtotal + 8_40));
    expect(await auditOf(order.id)).toMatchObject([
      {
        action: 'tax',
        changes: { after: { tax_cents: 8_40, has_tax: true, total_cents: subtotal + 8_40 } },
      },
    ]);

    // Saved again with the same planners, the amount stays.
    await saveWithMorePlanners(school, String(order.custom_fields.noprimary_planners));
    expect(await storedOrder(t, school.orderKey)).toMatchObject({ tax_cents: 8_40, has_tax: true });

    // With more planners, the amount no longer fits: the order's tax is to be added again.
    const save = await saveWithMorePlanners(school, '130');
    expect(save.json()).toMatchObject({ has_tax: false });
    const saved = await storedOrder(t, school.orderKey);
    expect(saved.subtotal_cents).toBeGreaterThan(subtotal);
    expect(saved).toMatchObject({
      tax_cents: 0,
      has_tax: false,
      tax_basis_cents: null,
      total_cents: saved.subtotal_cents,
    });
    const details = OrderDetailsResponse.parse(
      (await t.api.get(`/api/orderdetails?order_key=${school.orderKey}`, { headers: bearer(school.token) })).json(),
    );
    expect(details.order.total_amount_html).toBe(formatMoney(saved.subtotal_cents));
    expect(details.order.tax_amount_html).toBe('');
  });

  it('sets a rate that follows the subtotal as the school changes the order, and tells the school of a change', async () => {
    const school = await schoolWithReservedOrder();
    const order = await storedOrder(t, school.orderKey);
    const subtotal = order.subtotal_cents;

    const res = await setTax(order.id, { tax_rate_bp: 750 });
    expect(res.statusCode, res.body).toBe(200);
    const tax = Math.round(subtotal * 0.075);
    expect(await storedOrder(t, school.orderKey)).toMatchObject({
      has_tax: true,
      tax_rate_bp: 750,
      tax_cents: tax,
      total_cents: subtotal + tax,
    });
    const shown = AdminOrderResponse.parse((await detail(order.id)).json());
    expect(shown).toMatchObject({ has_tax: true, tax_rate_bp: 750, tax_cents: tax });
    const [added] = (await mailsTo(t, school.email)).filter((m) => m.template === 'order-tax');
    expect(added?.text).toContain(`${formatMoney(tax)} (7.5% of the subtotal`);

    const save = await saveWithMorePlanners(school, '130');
    expect(save.json()).toMatchObject({ has_tax: true });
    const saved = await storedOrder(t, school.orderKey);
    expect(saved.subtotal_cents).toBeGreaterThan(subtotal);
    const newTax = Math.round(saved.subtotal_cents * 0.075);
    expect(saved).toMatchObject({
      has_tax: true,
      tax_rate_bp: 750,
      tax_cents: newTax,
      total_cents: saved.subtotal_cents + newTax,
    });
    const details = OrderDetailsResponse.parse(
      (await t.api.get(`/api/orderdetails?order_key=${school.orderKey}`, { headers: bearer(school.token) })).json(),
    );
    expect(details.order.tax_amount_html).toBe(formatMoney(newTax));
    expect(details.order.total_amount_html).toBe(formatMoney(saved.subtotal_cents + newTax));

    // Changed to an amount: the school reads what it was and what it is.
    expect((await setTax(order.id, { tax_cents: 95_00 })).statusCode).toBe(200);
    const changed = (await mailsTo(t, school.email)).filter((m) => m.template === 'order-tax').at(-1);
    expect(changed?.subject).toBe(`Tax changed on your order #${order.id}`);
    expect(changed?.text).toContain(`from ${formatMoney(newTax)} to ${formatMoney(95_00)}`);
    expect(await storedOrder(t, school.orderKey)).toMatchObject({ tax_rate_bp: null, tax_cents: 95_00 });
  });
});

describe('POST /api/admin/orders/:id/cancel-request', () => {
  const answer = (id: number, body: Record<string, unknown>) =>
    t.api.post(`/api/admin/orders/${id}/cancel-request`, { body, headers: asAdmin() });
  const requestOf = async (orderId: number) => {
    const [row] = await t.db.select().from(contact_requests).where(eq(contact_requests.order_id, orderId));
    return row;
  };

  it('approves: cancels the order, marks the request handled, audits it and e-mails the school', async () => {
    const school = await schoolWithPlacedOrder(t, INVOICED_NOW);
    const order = await storedOrder(t, school.orderKey);
    expect((await answer(order.id, { answer: 'approve' })).json()).toEqual({
      status: 'error',
      message: MSG.cancelRequestNotOpen,
    });
    expect((await askToCancel(school)).statusCode).toBe(200);
    const shown = AdminOrderResponse.parse((await detail(order.id)).json());
    expect(shown.cancel_request).toMatchObject({ message: 'Enrollment dropped.', handled_at: null });

    const res = await answer(order.id, { answer: 'approve' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().message).toBe(MSG.cancelRequestApproved);
    expect((await storedOrder(t, school.orderKey)).status).toBe('Cancelled');
    expect(await requestOf(order.id)).toMatchObject({ handled_at: expect.any(Date), handled_by: admin.user.id });
    expect(await auditOf(order.id)).toMatchObject([
      { action: 'cancel-approve', actor_user_id: admin.user.id, changes: { after: { status: 'Cancelled' } } },
    ]);
    const [mail] = (await mailsTo(t, school.email)).filter((m) => m.template === 'order-cancel-approved');
    expect(mail?.subject).toBe(`Your order #${order.id} has been cancelled`);
    const again = await answer(order.id, { answer: 'approve' });
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe(MSG.cancelRequestNotOpen);
  });

  it('declines with a message: the order stays, the school is told why and may ask again', async () => {
    const school = await schoolWithPlacedOrder(t, INVOICED_NOW);
    const order = await storedOrder(t, school.orderKey);
    expect((await askToCancel(school)).statusCode).toBe(200);
    const empty = await answer(order.id, { answer: 'decline', message: '  ' });
    expect(empty.statusCode).toBe(400);
    expect(empty.json().errors).toEqual({ message: MSG.cancelDeclineMessageRequired });
    expect((await requestOf(order.id))?.handled_at).toBeNull();

    const res = await answer(order.id, { answer: 'decline', message: 'Your planners are already printed.' });
    expect(res.statusCode, res.body).toBe(200);
    const after = await storedOrder(t, school.orderKey);
    expect(after).toMatchObject({ status: 'Order Placed', cancel_requested_at: null });
    expect(await requestOf(order.id)).toMatchObject({ handled_by: admin.user.id });
    expect(await auditOf(order.id)).toMatchObject([
      { action: 'cancel-decline', changes: { after: { message: 'Your planners are already printed.' } } },
    ]);
    const [mail] = (await mailsTo(t, school.email)).filter((m) => m.template === 'order-cancel-declined');
    expect(mail?.text).toContain('Your planners are already printed.');
  });
});

describe('GET /api/admin/orders/:id/document', () => {
  it('gives the invoice staff issued, issues none by being read, and refuses one for a Pending order', async () => {
    const school = await schoolWithReservedOrder();
    const order = await storedOrder(t, school.orderKey);
    expect(order.invoice_number).toBeNull();
    const unissued = await t.api.get(`/api/admin/orders/${order.id}/document?type=invoice`, { headers: asAdmin() });
    expect(unissued.statusCode).toBe(409);
    expect(unissued.json().message).toBe(MSG.invoiceNotIssuedYet);
    expect((await storedOrder(t, school.orderKey)).invoice_number).toBeNull();

    const issue = await t.api.post(`/api/admin/orders/${order.id}/invoices`, {
      body: { kind: 'invoice', amount_cents: order.total_cents },
      headers: asAdmin(),
    });
    expect(issue.statusCode, issue.body).toBe(200);
    const res = await t.api.get(`/api/admin/orders/${order.id}/document?type=invoice`, { headers: asAdmin() });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-type']).toBe('application/pdf');
    const numbered = (await storedOrder(t, school.orderKey)).invoice_number;
    expect(numbered).toEqual(expect.any(Number));
    await t.api.get(`/api/admin/orders/${order.id}/document?type=invoice`, { headers: asAdmin() });
    expect((await storedOrder(t, school.orderKey)).invoice_number).toBe(numbered);

    const rep = await signedInStaff(t, USER_TYPE.salesRep);
    const refused = await t.api.get(`/api/admin/orders/${order.id}/document`, { headers: bearer(rep.token) });
    expect(refused.statusCode).toBe(403);

    const pending = await schoolWithOrder(t);
    const pendingOrder = await storedOrder(t, pending.orderKey);
    const notYet = await t.api.get(`/api/admin/orders/${pendingOrder.id}/document?type=invoice`, {
      headers: asAdmin(),
    });
    expect(notYet.statusCode).toBe(409);
    expect((await storedOrder(t, pending.orderKey)).invoice_number).toBeNull();
  });
});
