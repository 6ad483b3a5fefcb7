import { MSG, orderLockedCutoff } from '@portal/contracts/messages';
import { formatMoney } from '@portal/contracts/money';
import { TempOrderResponse } from '@portal/contracts/orders';
import { OrderDetailsResponse, OrdersResponse } from '@portal/contracts/school-orders';
import { reservableYears } from '@portal/contracts/school-years';
import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { orders } from '../../src/db/schema/index.ts';
import { bearer, signedInSchool, signedInSponsor } from '../helpers/accounts.ts';
import { clockedCatalogueApp } from '../helpers/clock.ts';
import {
  completeOrderForm,
  FREE_ITEMS_ONLY,
  INVOICED_NOW,
  markOrderPaid,
  PLANNER,
  schoolWithOrder,
  schoolWithPlacedOrder,
  schoolWithReservation,
  storedOrder,
} from '../helpers/orders.ts';
import type { ApiOptions, TestApp } from '../helpers/test-app.ts';
import { newOrder, uploadOk } from '../helpers/uploads.ts';

const clocked = clockedCatalogueApp();
/** The year the next school year starts in: a reservation for it closes on 1 May of that year. */
const NEXT_YEAR_START = reservableYears(new Date())[1]?.slice(0, 4);
let t: TestApp;
beforeAll(() => {
  t = clocked.app();
});

const listOrders = async (token: string, query = '') => {
  const res = await t.api.get(`/api/orders${query}`, { headers: bearer(token) });
  expect(res.statusCode, res.body).toBe(200);
  return OrdersResponse.parse(res.json());
};
const keysListed = async (token: string, query = '') => (await listOrders(token, query)).orders.map((o) => o.order_key);
const orderDetails = async (token: string, orderKey: string) => {
  const res = await t.api.get(`/api/orderdetails?order_key=${orderKey}`, { headers: bearer(token) });
  expect(res.statusCode, res.body).toBe(200);
  return OrderDetailsResponse.parse(res.json());
};
const rights = async (token: string, orderKey: string) => {
  const { edit_order, cancel_order } = await orderDetails(token, orderKey);
  return { edit_order, cancel_order };
};
const cancelOrder = (token: string, orderKey: string, options: ApiOptions = {}) =>
  t.api.post('/api/cancelorder', { body: { order_key: orderKey }, headers: bearer(token), ...options });
const setOrder = (orderKey: string, values: Partial<typeof orders.$inferInsert>) =>
  t.db.update(orders).set(values).where(eq(orders.order_key, orderKey));

describe('GET /api/orders', () => {
  it('lists only the signed-in school’s own orders', async () => {
    const school = await signedInSchool(t);
    const other = await signedInSchool(t);
    const mine = [await newOrder(t, school.token), await newOrder(t, school.token)];
    const theirs = await newOrder(t, other.token);
    expect((await keysListed(school.token)).sort()).toEqual([...mine].sort());
    expect(await keysListed(other.token)).toEqual([theirs]);
    expect(await keysListed((await signedInSchool(t)).token)).toEqual([]);
  });

  it('lists the newest first by the date the order was started, and filters by that year', async () => {
    const school = await signedInSchool(t);
    const keys = [];
    for (let i = 0; i < 4; i++) keys.push(await newOrder(t, school.token));
    const [a, b, c, d] = keys as [string, string, string, string];
    await setOrder(a, { created_at: new Date('2026-01-01T00:00:00Z') });
    await setOrder(b, { created_at: new Date('2025-12-31T23:59:59Z') });
    await setOrder(c, { created_at: new Date('2024-06-01T12:00:00Z') });
    await setOrder(d, { created_at: new Date('2025-01-01T00:00:00Z') });

    const all = await listOrders(school.token);
    expect(all.orders.map((o) => o.order_key)).toEqual([a, b, d, c]);
    expect(all.orders.map((o) => o.order_date)).toEqual([
      '2026-01-01T00:00:00.000Z',
      '2025-12-31T23:59:59.000Z',
      '2025-01-01T00:00:00.000Z',
      '2024-06-01T12:00:00.000Z',
    ]);
    expect(await keysListed(school.token, '?year=2025')).toEqual([b, d]);
    expect(await keysListed(school.token, '?year=2024')).toEqual([c]);
    expect(await keysListed(school.token, '?year=2026')).toEqual([a]);
    expect(await keysListed(school.token, '?year=2027')).toEqual([]);
    expect(await keysListed(school.token, '?year=all')).toEqual([a, b, d, c]);
    expect(await keysListed(school.token, '?year=')).toEqual([a, b, d, c]);
    expect(await keysListed(school.token, '?page=1&year=all')).toEqual([a, b, d, c]);
  });

  it('pages by 12: has_more only once a 13th order exists, and page 2 holds the rest', async () => {
    const school = await signedInSchool(t);
    const keys: string[] = [];
    for (let i = 0; i < 12; i++) keys.push(await newOrder(t, school.token));
    const newestFirst = () => [...keys].reverse();

    const twelve = await listOrders(school.token);
    expect(twelve.orders.map((o) => o.order_key)).toEqual(newestFirst());
    expect(twelve.has_more).toBe(false);
    expect(await listOrders(school.token, '?page=2')).toMatchObject({ orders: [], has_more: false });

    keys.push(await newOrder(t, school.token));
    const first = await listOrders(school.token, '?page=1');
    expect(first.orders.map((o) => o.order_key)).toEqual(newestFirst().slice(0, 12));
    expect(first.has_more).toBe(true);
    const second = await listOrders(school.token, '?page=2');
    expect(second.orders.map((o) => o.order_key)).toEqual([keys[0]]);
    expect(second.has_more).toBe(false);
    expect((await listOrders(school.token, '?page=3')).orders).toEqual([]);
  });

  it('offers the years from 2024 to the current year, newest first', async () => {
    const school = await signedInSchool(t);
    clocked.setToday(new Date('2027-04-30T12:00:00Z'));
    expect((await listOrders(school.token)).rangeyear).toEqual([2027, 2026, 2025, 2024]);
    clocked.setToday(new Date('2024-03-01T12:00:00Z'));
    expect((await listOrders(school.token)).rangeyear).toEqual([2024]);
    clocked.setToday(new Date('2028-01-01T00:00:00Z'));
    expect((await listOrders(school.token)).rangeyear).toEqual([2028, 2027, 2026, 2025, 2024]);
  });

  it('shows each order’s amounts in dollars, its options by name and where to pay it', async () => {
    const school = await schoolWithPlacedOrder(t);
    const stored = await storedOrder(t, school.orderKey);
    expect(stored.total_cents).toBeGreaterThan(0);
    const [order] = (await listOrders(school.token)).orders;
    expect(order).toEqual({
      order_id: stored.id,
      order_key: school.orderKey,
      order_date: stored.created_at.toISOString(),
      order_status: 'Order Placed',
      product: { name: 'Primary Planner — Classic Blue', slug: PLANNER },
      order_status_html: 'Order Placed',
      total_amount_html: formatMoney(stored.total_cents),
      tax_amount_html: '',
      school_year: stored.school_year,
      delivery_optn: 'Pickup at our Tampa warehouse',
      payment_method: 'Finalize and pay now with credit card',
      payment_status: 'unpaid',
      payment_link: `/checkout/${school.orderKey}`,
      invoice_link: `/api/orderinvoice?order_key=${school.orderKey}`,
      free_tnc_req: 0,
      free_tnc_accepted: 0,
      cancel_requested: 0,
      custom_price: expect.arrayContaining([expect.objectContaining({ name: 'Planners', qty: 120 })]),
      custom_fields: expect.objectContaining({ noprimary_planners: 120, delivery_optn: 1, payment_method: 2 }),
    });

    await setOrder(school.orderKey, { total_cents: 123450 });
    expect((await listOrders(school.token)).orders[0]?.total_amount_html).toBe('$1,234.50');
  });

  it('shows a new order with no options chosen yet, and nothing to pay', async () => {
    const school = await schoolWithOrder(t);
    expect((await listOrders(school.token)).orders[0]).toMatchObject({
      order_key: school.orderKey,
      order_status: 'Pending',
      order_status_html: 'Pending',
      total_amount_html: '$0.00',
      school_year: '',
      delivery_optn: '',
      payment_method: '',
      payment_status: 'unpaid',
      payment_link: '',
      invoice_link: `/api/orderinvoice?order_key=${school.orderKey}`,
      custom_price: [],
      custom_fields: {},
    });
  });

  it('gives a pay link only to a finalized, unpaid order to be invoiced or paid now, with something to pay', async () => {
    const linkOf = async (school: { token: string; orderKey: string }) => {
      const [order] = (await listOrders(school.token)).orders;
      expect(order?.order_key).toBe(school.orderKey);
      return order?.payment_link;
    };
    const invoiceNow = await schoolWithPlacedOrder(t, { payment_method: '1' });
    expect(await linkOf(invoiceNow)).toBe(`/checkout/${invoiceNow.orderKey}`);

    const reserved = await schoolWithPlacedOrder(t, { status: 'Reserved', payment_method: '3' });
    expect(await linkOf(reserved)).toBe('');
    const afterDelivery = await schoolWithPlacedOrder(t, { payment_method: '4' });
    expect(await linkOf(afterDelivery)).toBe('');
    const free = await schoolWithPlacedOrder(t, FREE_ITEMS_ONLY);
    expect((await storedOrder(t, free.orderKey)).total_cents).toBe(0);
    expect(await linkOf(free)).toBe('');

    const paid = await schoolWithPlacedOrder(t);
    expect(await linkOf(paid)).toBe(`/checkout/${paid.orderKey}`);
    await markOrderPaid(t, paid.orderKey);
    const [order] = (await listOrders(paid.token)).orders;
    expect(order).toMatchObject({ payment_status: 'paid', payment_link: '' });
  });

  it('flags the free products’ terms as 1 or 0: required, and accepted', async () => {
    const none = await schoolWithPlacedOrder(t, { status: 'Reserved', payment_method: '3' });
    const pending = await schoolWithPlacedOrder(t, { status: 'Reserved', payment_method: '3', nobus_rider: '50' });
    const accepted = await schoolWithPlacedOrder(t, {
      status: 'Reserved',
      payment_method: '3',
      nocar_rider: '50',
      free_tnc_accepted: true,
    });
    const flags = async (school: { token: string }) => {
      const [order] = (await listOrders(school.token)).orders;
      return { free_tnc_req: order?.free_tnc_req, free_tnc_accepted: order?.free_tnc_accepted };
    };
    expect(await flags(none)).toEqual({ free_tnc_req: 0, free_tnc_accepted: 0 });
    expect(await flags(pending)).toEqual({ free_tnc_req: 1, free_tnc_accepted: 0 });
    expect(await flags(accepted)).toEqual({ free_tnc_req: 1, free_tnc_accepted: 1 });
  });

  it('shows a cancel request as cancel_requested 1', async () => {
    const school = await schoolWithPlacedOrder(t);
    await setOrder(school.orderKey, { cancel_requested_at: new Date() });
    expect((await listOrders(school.token)).orders[0]?.cancel_requested).toBe(1);
  });

  it('refuses a year before 2024, a page below 1 or text, each with its message', async () => {
    const school = await signedInSchool(t);
    const get = (query: string) => t.api.get(`/api/orders${query}`, { headers: bearer(school.token) });
    for (const query of ['?year=2023', '?year=twenty', '?year=2025.5']) {
      const res = await get(query);
      expect(res.statusCode, query).toBe(400);
      expect(res.json()).toMatchObject({ status: 'error', errors: { year: MSG.invalidValue } });
      expect(res.json().message).toEqual(expect.any(String));
    }
    const page0 = await get('?page=0');
    expect(page0.statusCode).toBe(400);
    expect(page0.json()).toMatchObject({ status: 'error', errors: { page: 'page must be between 1 and 10000' } });
    const notNumber = await get('?page=two');
    expect(notNumber.statusCode).toBe(400);
    expect(notNumber.json().errors).toEqual({ page: 'page must be a number' });
  });

  it('answers 401 without a session and 403 to a sponsor', async () => {
    const sponsor = await signedInSponsor(t);
    const anonymous = await t.api.get('/api/orders');
    expect(anonymous.statusCode).toBe(401);
    expect(anonymous.json().status).toBe('error');
    const res = await t.api.get('/api/orders', { headers: bearer(sponsor.token) });
    expect(res.statusCode).toBe(403);
    expect(res.json()).not.toHaveProperty('orders');
  });
});

describe('GET /api/orderdetails', () => {
  it('shows the order as the list does, what the school may do with it, its files and the school', async () => {
    const school = await signedInSchool(t, { school_name: 'Bayshore Elementary' });
    const orderKey = await newOrder(t, school.token);
    const save = await t.api.post('/api/updatetemporder', {
      body: completeOrderForm(orderKey, {}, t.ctx.clock()),
      headers: bearer(school.token),
    });
    expect(save.statusCode, save.body).toBe(200);

    const details = await orderDetails(school.token, orderKey);
    const [listed] = (await listOrders(school.token)).orders;
    expect(details).toEqual({
      status: 'success',
      message: 'ok',
      order: listed,
      cancel_order: 1,
      edit_order: 1,
      lock_reason: '',
      finalize_order: 0,
      cutoff_date: `${NEXT_YEAR_START}-05-01`,
      balance_due_html: '',
      credit_html: '',
      files: { custom_pages: [], cover_optn: [], fss_car_mag: [], fhomework_folders: [], po_document: [] },
      userinfo: { school_name: 'Bayshore Elementary', user_email: school.email },
      // Already for next year: nothing to order again.
      reorder_year: '',
    });
    expect(details.order).toMatchObject({ order_key: orderKey, order_status: 'Reserved' });
  });

  it('lists the uploaded files by their kind, in the order they came, the purchase order with them', async () => {
    const school = await schoolWithOrder(t);
    const pages1 = await uploadOk(t, school.token, school.orderKey, 'custom_pages');
    const cover = await uploadOk(t, school.token, school.orderKey, 'cover_optn');
    const pages2 = await uploadOk(t, school.token, school.orderKey, 'custom_pages');
    const po = await uploadOk(t, school.token, school.orderKey, 'po_document');
    const entry = (f: typeof cover) => ({
      file_name: f.file_name,
      file_path: f.file_path,
      file_path_raw: f.file_path_raw,
    });
    const { files } = await orderDetails(school.token, school.orderKey);
    expect(files).toEqual({
      custom_pages: [entry(pages1), entry(pages2)],
      cover_optn: [entry(cover)],
      fss_car_mag: [],
      fhomework_folders: [],
      po_document: [entry(po)],
    });
    expect(files.cover_optn[0]?.file_path).toBe(`/api/orderfile/${encodeURIComponent(cover.file_path_raw)}`);
  });

  it('answers 404 and nothing of the order for another school’s key or an unknown one', async () => {
    const owner = await schoolWithPlacedOrder(t);
    const other = await signedInSchool(t);
    for (const key of [owner.orderKey, 'no-such-key']) {
      const res = await t.api.get(`/api/orderdetails?order_key=${key}`, { headers: bearer(other.token) });
      expect(res.statusCode).toBe(404);
      expect(res.json()).toEqual({ status: 'error', message: MSG.orderNotFound });
    }
  });

  it('answers 403 to a sponsor, 401 without a session and 400 without a key', async () => {
    const owner = await schoolWithPlacedOrder(t);
    const sponsor = await signedInSponsor(t);
    const url = `/api/orderdetails?order_key=${owner.orderKey}`;
    const forbidden = await t.api.get(url, { headers: bearer(sponsor.token) });
    expect(forbidden.statusCode).toBe(403);
    expect(forbidden.json()).not.toHaveProperty('order');
    expect((await t.api.get(url)).statusCode).toBe(401);
    const noKey = await t.api.get('/api/orderdetails', { headers: bearer(owner.token) });
    expect(noKey.statusCode).toBe(400);
    expect(noKey.json()).toMatchObject({ status: 'error', errors: { order_key: MSG.orderKeyRequired } });
  });

  it('lets the school edit and cancel a reservation until 1 May of its school year’s start, then only ask', async () => {
    const school = await schoolWithReservation(t, clocked, '2027-2028', new Date('2027-04-30T12:00:00Z'));
    expect(await rights(school.token, school.orderKey)).toEqual({ edit_order: 1, cancel_order: 1 });
    // The last instant of 30 April in Tampa (EDT), and the first of 1 May.
    clocked.setToday(new Date('2027-05-01T03:59:59.999Z'));
    expect(await rights(school.token, school.orderKey)).toEqual({ edit_order: 1, cancel_order: 1 });
    clocked.setToday(new Date('2027-05-01T04:00:00Z'));
    expect(await rights(school.token, school.orderKey)).toEqual({ edit_order: 0, cancel_order: 2 });
    clocked.setToday(new Date('2027-09-15T00:00:00Z'));
    expect(await rights(school.token, school.orderKey)).toEqual({ edit_order: 0, cancel_order: 2 });
  });

  it('reckons the cut-off from each order’s own school year', async () => {
    const school = await schoolWithReservation(t, clocked, '2027-2028', new Date('2027-04-01T12:00:00Z'));
    const later = await schoolWithReservation(t, clocked, '2027-2028', new Date('2027-04-01T12:00:00Z'));
    await setOrder(later.orderKey, { school_year: '2028-2029' });
    clocked.setToday(new Date('2027-05-01T04:00:00Z'));
    expect(await rights(school.token, school.orderKey)).toEqual({ edit_order: 0, cancel_order: 2 });
    expect(await rights(later.token, later.orderKey)).toEqual({ edit_order: 1, cancel_order: 1 });
  });

  it('lets the school only ask to cancel an order placed to be invoiced or a paid one, and says why', async () => {
    const placed = await schoolWithPlacedOrder(t, INVOICED_NOW);
    expect(await rights(placed.token, placed.orderKey)).toEqual({ edit_order: 0, cancel_order: 2 });
    expect((await orderDetails(placed.token, placed.orderKey)).lock_reason).toBe(MSG.orderLockedPlaced);
    const paid = await schoolWithPlacedOrder(t, { status: 'Reserved', payment_method: '3' });
    expect(await rights(paid.token, paid.orderKey)).toEqual({ edit_order: 1, cancel_order: 1 });
    await markOrderPaid(t, paid.orderKey);
    expect(await rights(paid.token, paid.orderKey)).toEqual({ edit_order: 0, cancel_order: 2 });
    expect((await orderDetails(paid.token, paid.orderKey)).lock_reason).toBe(MSG.orderLockedPaid);
  });

  it('leaves an order placed for a card payment not yet made the school’s to edit and cancel (D12)', async () => {
    const school = await schoolWithPlacedOrder(t);
    expect(await rights(school.token, school.orderKey)).toEqual({ edit_order: 1, cancel_order: 1 });
    await markOrderPaid(t, school.orderKey);
    expect(await rights(school.token, school.orderKey)).toEqual({ edit_order: 0, cancel_order: 2 });
  });

  it('says the real reason after the cut-off, naming the school year and its 1 May', async () => {
    const school = await schoolWithReservation(t, clocked, '2027-2028', new Date('2027-04-30T12:00:00Z'));
    clocked.setToday(new Date('2027-05-01T04:00:00Z'));
    expect((await orderDetails(school.token, school.orderKey)).lock_reason).toBe(
      orderLockedCutoff('2027-2028', 'April 30, 2027'),
    );
  });

  it('lets the school edit and cancel a new order, which has no school year yet', async () => {
    const school = await schoolWithOrder(t);
    expect(await rights(school.token, school.orderKey)).toEqual({ edit_order: 1, cancel_order: 1 });
  });
});

describe('POST /api/cancelorder', () => {
  it('cancels a reservation: Cancelled, dated, still listed, and nothing more to do with it', async () => {
    const school = await schoolWithPlacedOrder(t, { status: 'Reserved', payment_method: '3' });
    const before = await storedOrder(t, school.orderKey);
    const res = await cancelOrder(school.token, school.orderKey);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ status: 'success', message: MSG.orderCancelled });

    const after = await storedOrder(t, school.orderKey);
    expect(after.status).toBe('Cancelled');
    expect(after.cancelled_at).toBeInstanceOf(Date);
    expect(after).toMatchObject({
      custom_fields: before.custom_fields,
      total_cents: before.total_cents,
      payment_status: 'unpaid',
    });
    expect((await listOrders(school.token)).orders).toEqual([
      expect.objectContaining({
        order_key: school.orderKey,
        order_status: 'Cancelled',
        order_status_html: 'Cancelled',
        invoice_link: '',
      }),
    ]);
    expect((await orderDetails(school.token, school.orderKey)).order.invoice_link).toBe('');
    expect(await rights(school.token, school.orderKey)).toEqual({ edit_order: 0, cancel_order: 0 });
  });

  it('leaves a cancelled order closed to the reservation form', async () => {
    const school = await schoolWithPlacedOrder(t, { status: 'Reserved', payment_method: '3' });
    expect((await cancelOrder(school.token, school.orderKey)).statusCode).toBe(200);
    const before = await storedOrder(t, school.orderKey);

    const form = await t.api.get(`/api/temporder?order_key=${school.orderKey}`, { headers: bearer(school.token) });
    expect(form.statusCode, form.body).toBe(200);
    expect(TempOrderResponse.parse(form.json()).order).toMatchObject({
      order_status: 'Cancelled',
      editable: false,
      lock_reason: MSG.orderLockedCancelled,
    });

    for (const body of [
      completeOrderForm(school.orderKey, { noprimary_planners: '500' }, t.ctx.clock()),
      { ...completeOrderForm(school.orderKey, { noprimary_planners: '500' }, t.ctx.clock()), draft: 1 as const },
    ]) {
      const res = await t.api.post('/api/updatetemporder', { body, headers: bearer(school.token) });
      expect(res.statusCode).toBe(409);
      expect(res.json()).toEqual({ status: 'error', message: MSG.orderLockedCancelled });
    }
    const after = await storedOrder(t, school.orderKey);
    expect(after).toMatchObject({ status: 'Cancelled', custom_fields: before.custom_fields });
    expect(after.updated_at).toEqual(before.updated_at);
  });

  it('cancels an order still being filled in, and its next draft is refused', async () => {
    const school = await schoolWithOrder(t);
    const draft = (planners: string) =>
      t.api.post('/api/updatetemporder', {
        body: { order_key: school.orderKey, draft: 1, noprimary_planners: planners },
        headers: bearer(school.token),
      });
    expect((await draft('40')).statusCode).toBe(200);
    expect((await cancelOrder(school.token, school.orderKey)).statusCode).toBe(200);
    const res = await draft('80');
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe(MSG.orderLockedCancelled);
    expect(await storedOrder(t, school.orderKey)).toMatchObject({
      status: 'Cancelled',
      custom_fields: expect.objectContaining({ noprimary_planners: 40 }),
    });
  });

  it('refuses a second cancel of the same order', async () => {
    const school = await schoolWithPlacedOrder(t, { status: 'Reserved', payment_method: '3' });
    expect((await cancelOrder(school.token, school.orderKey)).statusCode).toBe(200);
    const cancelledAt = (await storedOrder(t, school.orderKey)).cancelled_at;
    const again = await cancelOrder(school.token, school.orderKey);
    expect(again.statusCode).toBe(409);
    expect(again.json()).toEqual({ status: 'error', message: MSG.orderNotCancellable });
    expect((await storedOrder(t, school.orderKey)).cancelled_at).toEqual(cancelledAt);
  });

  it('cancels once when the school presses Cancel several times at once', async () => {
    const school = await schoolWithPlacedOrder(t, { status: 'Reserved', payment_method: '3' });
    const answers = await Promise.all(Array.from({ length: 5 }, () => cancelOrder(school.token, school.orderKey)));
    expect(answers.map((a) => a.statusCode).sort()).toEqual([200, 409, 409, 409, 409]);
    expect((await storedOrder(t, school.orderKey)).status).toBe('Cancelled');
  });

  it('refuses after the cut-off with the message to contact the team, and leaves the order as it was', async () => {
    const school = await schoolWithReservation(t, clocked, '2027-2028', new Date('2027-04-30T12:00:00Z'));
    const before = await storedOrder(t, school.orderKey);
    clocked.setToday(new Date('2027-05-01T04:00:00Z'));
    const res = await cancelOrder(school.token, school.orderKey);
    expect(res.statusCode).toBe(409);
    expect(res.json()).toEqual({
      status: 'error',
      message: 'This order can no longer be cancelled here. Please contact us to cancel it.',
    });
    expect(await storedOrder(t, school.orderKey)).toEqual(before);
  });

  it('cancels a reservation on the last day before the cut-off', async () => {
    const school = await schoolWithReservation(t, clocked, '2027-2028', new Date('2027-04-01T12:00:00Z'));
    clocked.setToday(new Date('2027-05-01T03:59:59.999Z'));
    expect((await cancelOrder(school.token, school.orderKey)).statusCode).toBe(200);
    expect((await storedOrder(t, school.orderKey)).status).toBe('Cancelled');
  });

  it('refuses an order placed to be invoiced and a paid one, and changes neither', async () => {
    const placed = await schoolWithPlacedOrder(t, INVOICED_NOW);
    const paid = await schoolWithPlacedOrder(t, { status: 'Reserved', payment_method: '3' });
    await markOrderPaid(t, paid.orderKey);
    for (const school of [placed, paid]) {
      const before = await storedOrder(t, school.orderKey);
      const res = await cancelOrder(school.token, school.orderKey);
      expect(res.statusCode).toBe(409);
      expect(res.json().message).toBe(MSG.orderNotCancellable);
      expect(await storedOrder(t, school.orderKey)).toEqual(before);
    }
  });

  it('answers 404 for another school’s key and leaves that order alone', async () => {
    const owner = await schoolWithPlacedOrder(t, { status: 'Reserved', payment_method: '3' });
    const other = await signedInSchool(t);
    const before = await storedOrder(t, owner.orderKey);
    const res = await cancelOrder(other.token, owner.orderKey);
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ status: 'error', message: MSG.orderNotFound });
    expect(await storedOrder(t, owner.orderKey)).toEqual(before);
  });

  it('refuses without the anti-forgery header, a sponsor, no session or no key, and cancels nothing', async () => {
    const school = await schoolWithPlacedOrder(t, { status: 'Reserved', payment_method: '3' });
    const sponsor = await signedInSponsor(t);
    const noHeader = await cancelOrder(school.token, school.orderKey, { xsrfHeader: null });
    expect(noHeader.statusCode).toBe(403);
    expect(noHeader.json()).toEqual({ status: 'error', message: MSG.xsrf });
    expect((await cancelOrder(school.token, school.orderKey, { xsrfHeader: 'forged' })).statusCode).toBe(403);
    expect((await cancelOrder(sponsor.token, school.orderKey)).statusCode).toBe(403);
    const anonymous = await t.api.post('/api/cancelorder', { body: { order_key: school.orderKey } });
    expect(anonymous.statusCode).toBe(401);
    const noKey = await t.api.post('/api/cancelorder', { body: {}, headers: bearer(school.token) });
    expect(noKey.statusCode).toBe(400);
    expect(noKey.json()).toMatchObject({ status: 'error', errors: { order_key: MSG.orderKeyRequired } });
    expect(await storedOrder(t, school.orderKey)).toMatchObject({ status: 'Reserved', cancelled_at: null });
  });
});
