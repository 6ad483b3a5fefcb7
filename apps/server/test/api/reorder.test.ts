import { MSG } from '@portal/contracts/messages';
import { OrderDetailsResponse, ReorderResponse } from '@portal/contracts/school-orders';
import { reservableYears } from '@portal/contracts/school-years';
import { beforeAll, describe, expect, it } from 'vitest';
import { bearer, signedInSchool, signedInSponsor } from '../helpers/accounts.ts';
import { clockedCatalogueApp } from '../helpers/clock.ts';
import { completeOrderForm, schoolWithOrder, schoolWithPlacedOrder, storedOrder } from '../helpers/orders.ts';
import type { ApiOptions, TestApp } from '../helpers/test-app.ts';
import { uploadOk } from '../helpers/uploads.ts';

const clocked = clockedCatalogueApp();
let t: TestApp;
beforeAll(() => {
  t = clocked.app();
});

const [thisYear = '', nextYear = ''] = reservableYears(new Date());

const askReorder = (token: string, orderKey: string, options: ApiOptions = {}) =>
  t.api.post('/api/reorder', { body: { order_key: orderKey }, headers: bearer(token), ...options });

async function reorderYearOf(token: string, orderKey: string) {
  const res = await t.api.get(`/api/orderdetails?order_key=${orderKey}`, { headers: bearer(token) });
  expect(res.statusCode, res.body).toBe(200);
  return OrderDetailsResponse.parse(res.json()).reorder_year;
}

/** A school with this school year's reservation: 120 planners, a PO number, free tags with their terms accepted. */
const thisYearsReservation = () =>
  schoolWithPlacedOrder(t, {
    status: 'Reserved',
    payment_method: '3',
    school_year: thisYear,
    purchase_order: 'PO-2291',
    nocar_rider: '100',
    free_tnc_accepted: true,
  });

describe('POST /api/reorder', () => {
  it('starts a Pending order for next year with the same counts and options, priced afresh', async () => {
    const school = await thisYearsReservation();
    const before = await storedOrder(t, school.orderKey);
    expect(await reorderYearOf(school.token, school.orderKey)).toBe(nextYear);

    const res = await askReorder(school.token, school.orderKey);
    expect(res.statusCode, res.body).toBe(200);
    const answer = ReorderResponse.parse(res.json());
    expect(answer.message).toBe(MSG.reorderStarted);
    expect(answer.redirect).toBe(`/order-now/${answer.order_key}?from=${before.id}`);

    const copy = await storedOrder(t, answer.order_key);
    expect(copy).toMatchObject({
      status: 'Pending',
      school_year: nextYear,
      product_id: before.product_id,
      school_user_id: before.school_user_id,
      payment_status: 'unpaid',
      purchase_order: '',
      free_tnc_accepted_at: null,
      free_tnc_req: true,
      invoice_number: null,
    });
    expect(copy.custom_fields).toMatchObject({
      school_year: nextYear,
      noprimary_planners: 120,
      nocar_rider: 100,
      cover_optn: 1,
      delivery_optn: 1,
      purchase_order: '',
      agreed: false,
    });
    expect(copy.custom_price).toEqual(before.custom_price);
    expect(copy.total_cents).toBe(before.total_cents);
    // The order it came from is as it was.
    expect(await storedOrder(t, school.orderKey)).toMatchObject({ status: 'Reserved', school_year: thisYear });
  });

  it('leaves the files behind', async () => {
    const school = await schoolWithOrder(t);
    await uploadOk(t, school.token, school.orderKey, 'cover_optn');
    const saved = await t.api.post('/api/updatetemporder', {
      body: completeOrderForm(school.orderKey, { school_year: thisYear, cover_optn: '3' }, t.ctx.clock()),
      headers: bearer(school.token),
    });
    expect(saved.statusCode, saved.body).toBe(200);
    const answer = ReorderResponse.parse((await askReorder(school.token, school.orderKey)).json());
    const form = await t.api.get(`/api/temporder?order_key=${answer.order_key}`, { headers: bearer(school.token) });
    expect(form.json().files.cover_optn).toEqual([]);
  });

  it('is not offered for an order already for next year, nor for one still being filled in', async () => {
    const placed = await schoolWithPlacedOrder(t, { status: 'Reserved', payment_method: '3', school_year: nextYear });
    expect(await reorderYearOf(placed.token, placed.orderKey)).toBe('');
    const refused = await askReorder(placed.token, placed.orderKey);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toBe(MSG.reorderNotOffered);

    const pending = await schoolWithOrder(t);
    expect(await reorderYearOf(pending.token, pending.orderKey)).toBe('');
    expect((await askReorder(pending.token, pending.orderKey)).statusCode).toBe(409);
  });

  it('offers next year from the date the school asks on', async () => {
    const school = await thisYearsReservation();
    const [, yearAfter = ''] = reservableYears(new Date(Date.UTC(Number(thisYear.slice(0, 4)) + 1, 8, 1)));
    clocked.setToday(new Date(Date.UTC(Number(thisYear.slice(0, 4)) + 1, 8, 1)));
    expect(await reorderYearOf(school.token, school.orderKey)).toBe(yearAfter);
  });

  it('copies only the school’s own orders, for schools only, with the anti-forgery header', async () => {
    const school = await thisYearsReservation();
    const other = await signedInSchool(t);
    expect((await askReorder(other.token, school.orderKey)).statusCode).toBe(404);
    expect((await askReorder((await signedInSponsor(t)).token, school.orderKey)).statusCode).toBe(403);
    expect((await askReorder(school.token, school.orderKey, { xsrfHeader: null })).statusCode).toBe(403);
    const listed = await t.api.get('/api/orders', { headers: bearer(other.token) });
    expect(listed.json().orders).toEqual([]);
  });
});
