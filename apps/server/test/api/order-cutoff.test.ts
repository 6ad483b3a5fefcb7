import { USER_TYPE } from '@portal/contracts/constants';
import { MSG, orderLockedCutoff } from '@portal/contracts/messages';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { email_outbox, test_gateway_sessions } from '../../src/db/schema/index.ts';
import { bearer, signedInStaff } from '../helpers/accounts.ts';
import { clockedCatalogueApp } from '../helpers/clock.ts';
import { CARDS, submitHostedPage } from '../helpers/hosted-page.ts';
import { completeOrderForm, paymentsOf, schoolWithOrder, storedOrder } from '../helpers/orders.ts';

/**
 * The 1 May cut-off (D12) against the clock: a reservation for a coming school year closes
 * on 1 May before it; an order for the year in progress (a mid-year order) has no cut-off;
 * finalizing and paying are never blocked by it.
 */
const clocked = clockedCatalogueApp();
const t = () => clocked.app();

const on = (iso: string) => new Date(`${iso}T12:00:00Z`);
const save = (token: string, body: Record<string, unknown>) =>
  t().api.post('/api/updatetemporder', { body, headers: bearer(token) });
const rights = async (token: string, orderKey: string) => {
  const res = await t().api.get(`/api/orderdetails?order_key=${orderKey}`, { headers: bearer(token) });
  expect(res.statusCode, res.body).toBe(200);
  const { edit_order, cancel_order, lock_reason } = res.json();
  return { edit_order, cancel_order, lock_reason };
};

/** A school's order reserved on `day` for `schoolYear`, to be invoiced after delivery. */
async function reservedOn(day: string, schoolYear: string) {
  clocked.setToday(on(day));
  const school = await schoolWithOrder(t());
  const res = await save(
    school.token,
    completeOrderForm(school.orderKey, { status: 'Reserved', payment_method: '3', school_year: schoolYear }, on(day)),
  );
  expect(res.statusCode, res.body).toBe(200);
  return school;
}

describe('POST /api/updatetemporder across 1 May', () => {
  it('keeps a reservation for the school year in progress editable and cancellable on both sides of 1 May', async () => {
    const school = await reservedOn('2026-11-26', '2026-2027');
    const open = { edit_order: 1, cancel_order: 1, lock_reason: '' };
    expect(await rights(school.token, school.orderKey)).toEqual(open);
    clocked.setToday(on('2027-04-30'));
    expect(await rights(school.token, school.orderKey)).toEqual(open);
    clocked.setToday(on('2027-05-02'));
    expect(await rights(school.token, school.orderKey)).toEqual(open);
    const update = await save(
      school.token,
      completeOrderForm(school.orderKey, { noprimary_planners: '90', school_year: '2026-2027' }, on('2027-05-02')),
    );
    expect(update.statusCode, update.body).toBe(200);
    expect((await storedOrder(t(), school.orderKey)).custom_fields).toMatchObject({ noprimary_planners: 90 });
  });

  it('lets a mid-year reservation be finalized with a card and paid, before and after 1 May', async () => {
    for (const day of ['2026-11-26', '2027-05-02']) {
      const school = await reservedOn(day, '2026-2027');
      const finalize = await save(
        school.token,
        completeOrderForm(
          school.orderKey,
          { status: 'Order Placed', payment_method: '2', school_year: '2026-2027' },
          on(day),
        ),
      );
      expect(finalize.statusCode, finalize.body).toBe(200);
      expect(finalize.json()).toMatchObject({ order_status: 'Order Placed', redirect: `/checkout/${school.orderKey}` });

      const checkout = await t().api.get(`/api/checkout?order_key=${school.orderKey}`, {
        headers: bearer(school.token),
      });
      expect(checkout.statusCode, checkout.body).toBe(200);
      const place = await t().api.post('/api/placeorder', {
        body: { order_key: school.orderKey, payment_method: '2', tnc: '1' },
        headers: bearer(school.token),
      });
      expect(place.statusCode, place.body).toBe(200);
      const paid = await submitHostedPage(t(), place.json().redirect, { card_number: CARDS.paid });
      expect(paid.statusCode, paid.body).toBe(303);
      const [payment] = await paymentsOf(t(), (await storedOrder(t(), school.orderKey)).id);
      const confirm = await t().api.get(
        `/api/orderconfirm?order_key=${school.orderKey}&payment_key=${payment?.payment_key}`,
        { headers: bearer(school.token) },
      );
      expect(confirm.statusCode, confirm.body).toBe(200);
      expect((await storedOrder(t(), school.orderKey)).payment_status).toBe('paid');
    }
  });

  it('closes a reservation for the next school year on 1 May, saying so, and still lets an order placed for card be paid', async () => {
    const school = await reservedOn('2026-11-26', '2027-2028');
    clocked.setToday(on('2027-04-30'));
    expect(await rights(school.token, school.orderKey)).toEqual({ edit_order: 1, cancel_order: 1, lock_reason: '' });
    const finalize = await save(
      school.token,
      completeOrderForm(
        school.orderKey,
        { status: 'Order Placed', payment_method: '2', school_year: '2027-2028' },
        on('2027-04-30'),
      ),
    );
    expect(finalize.statusCode, finalize.body).toBe(200);

    clocked.setToday(on('2027-05-01'));
    expect(await rights(school.token, school.orderKey)).toEqual({
      edit_order: 0,
      cancel_order: 2,
      lock_reason: orderLockedCutoff('2027-2028', 'April 30, 2027'),
    });
    const refused = await save(
      school.token,
      completeOrderForm(school.orderKey, { school_year: '2027-2028' }, on('2027-05-01')),
    );
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toBe(orderLockedCutoff('2027-2028', 'April 30, 2027'));

    // Paying is never blocked by the cut-off.
    const place = await t().api.post('/api/placeorder', {
      body: { order_key: school.orderKey, payment_method: '2', tnc: '1' },
      headers: bearer(school.token),
    });
    expect(place.statusCode, place.body).toBe(200);
    expect(place.json().type).toBe('external');
  });

  it('lets a reservation past its cut-off be finalized as it was reserved and paid, changing nothing else', async () => {
    const school = await reservedOn('2026-11-26', '2027-2028');
    const before = await storedOrder(t(), school.orderKey);
    clocked.setToday(on('2027-05-03'));
    const details = await t().api.get(`/api/orderdetails?order_key=${school.orderKey}`, {
      headers: bearer(school.token),
    });
    expect(details.json()).toMatchObject({ edit_order: 0, finalize_order: 1 });
    const form = await t().api.get(`/api/temporder?order_key=${school.orderKey}`, { headers: bearer(school.token) });
    expect(form.json().order).toMatchObject({ editable: false, finalize_only: true });

    // Another count sent along is not taken: only how the order is paid.
    const finalize = await save(
      school.token,
      completeOrderForm(
        school.orderKey,
        { status: 'Order Placed', payment_method: '2', noprimary_planners: '999', school_year: '2027-2028' },
        on('2027-05-03'),
      ),
    );
    expect(finalize.statusCode, finalize.body).toBe(200);
    expect(finalize.json()).toMatchObject({ order_status: 'Order Placed', redirect: `/checkout/${school.orderKey}` });
    const after = await storedOrder(t(), school.orderKey);
    expect(after).toMatchObject({ status: 'Order Placed', payment_method: 2, total_cents: before.total_cents });
    expect(after.custom_fields).toMatchObject({ noprimary_planners: 120 });

    const place = await t().api.post('/api/placeorder', {
      body: { order_key: school.orderKey, payment_method: '2', tnc: '1' },
      headers: bearer(school.token),
    });
    expect(place.statusCode, place.body).toBe(200);
    expect(place.json().type).toBe('external');
  });

  it('refuses anything but finalizing on a reservation past its cut-off', async () => {
    const school = await reservedOn('2026-11-26', '2027-2028');
    clocked.setToday(on('2027-05-03'));
    for (const extra of [{ status: 'Reserved' as const }, { status: 'Order Placed' as const, draft: 1 as const }]) {
      const res = await save(
        school.token,
        completeOrderForm(
          school.orderKey,
          { ...extra, payment_method: '2', school_year: '2027-2028' },
          on('2027-05-03'),
        ),
      );
      expect(res.statusCode).toBe(409);
      expect(res.json().message).toBe(orderLockedCutoff('2027-2028', 'April 30, 2027'));
    }
    expect((await storedOrder(t(), school.orderKey)).status).toBe('Reserved');
  });

  it('gives an order started after the next year’s cut-off no cut-off of its own', async () => {
    const school = await reservedOn('2027-06-10', '2027-2028');
    expect(await rights(school.token, school.orderKey)).toEqual({ edit_order: 1, cancel_order: 1, lock_reason: '' });
  });
});

describe('POST /api/cancelorder of an order placed for a card payment', () => {
  it('cancels it while unpaid and closes its open checkout, so that it can no longer be paid', async () => {
    clocked.setToday(on('2026-11-26'));
    const school = await schoolWithOrder(t());
    const finalize = await save(
      school.token,
      completeOrderForm(school.orderKey, { status: 'Order Placed', payment_method: '2' }, on('2026-11-26')),
    );
    expect(finalize.statusCode, finalize.body).toBe(200);
    const place = await t().api.post('/api/placeorder', {
      body: { order_key: school.orderKey, payment_method: '2', tnc: '1' },
      headers: bearer(school.token),
    });
    const sessionId = String(place.json().redirect).split('/').at(-1) ?? '';

    const cancel = await t().api.post('/api/cancelorder', {
      body: { order_key: school.orderKey },
      headers: bearer(school.token),
    });
    expect(cancel.statusCode, cancel.body).toBe(200);
    expect(cancel.json()).toEqual({ status: 'success', message: MSG.orderCancelled });
    const order = await storedOrder(t(), school.orderKey);
    expect(order.status).toBe('Cancelled');
    expect((await paymentsOf(t(), order.id)).map((p) => p.status)).toEqual(['failed']);
    const [session] = await t().db.select().from(test_gateway_sessions).where(eq(test_gateway_sessions.id, sessionId));
    expect(session?.status).toBe('expired');
  });

  it('refuses to cancel once the card payment went through, and the order stays paid', async () => {
    clocked.setToday(on('2026-11-26'));
    const school = await schoolWithOrder(t());
    await save(
      school.token,
      completeOrderForm(school.orderKey, { status: 'Order Placed', payment_method: '2' }, on('2026-11-26')),
    );
    const place = await t().api.post('/api/placeorder', {
      body: { order_key: school.orderKey, payment_method: '2', tnc: '1' },
      headers: bearer(school.token),
    });
    // Paid on the gateway's page; the school's browser never came back.
    expect((await submitHostedPage(t(), place.json().redirect, { card_number: CARDS.paid })).statusCode).toBe(303);
    const cancel = await t().api.post('/api/cancelorder', {
      body: { order_key: school.orderKey },
      headers: bearer(school.token),
    });
    // The gateway told the server of the payment at once: the order is no longer the school's to cancel.
    expect(cancel.statusCode).toBe(409);
    expect(cancel.json().message).toBe(MSG.orderNotCancellable);
    expect(await storedOrder(t(), school.orderKey)).toMatchObject({ status: 'Order Placed', payment_status: 'paid' });
  });
});

describe('the cut-off day staff set in the site settings (D9)', () => {
  it('moves the day reservations close, the message and the e-mail with it', async () => {
    const admin = await signedInStaff(t(), USER_TYPE.admin);
    const setCutoff = async (day: string) => {
      const { settings } = (await t().api.get('/api/admin/settings', { headers: bearer(admin.token) })).json();
      const res = await t().api.post('/api/admin/settings', {
        body: { ...settings, cancel_cutoff: day },
        headers: bearer(admin.token),
      });
      expect(res.statusCode, res.body).toBe(200);
    };
    await setCutoff('06-01');
    try {
      const school = await reservedOn('2026-11-26', '2027-2028');
      const [mail] = (await t().db.select().from(email_outbox).where(eq(email_outbox.to_address, school.email))).filter(
        (m) => m.template === 'order-reserved',
      );
      expect(mail?.text).toContain('You can change it until May 31, 2027.');

      // 1 May is no longer the day: the school may still change and cancel it in May.
      clocked.setToday(on('2027-05-15'));
      expect(await rights(school.token, school.orderKey)).toEqual({ edit_order: 1, cancel_order: 1, lock_reason: '' });
      clocked.setToday(on('2027-06-01'));
      expect(await rights(school.token, school.orderKey)).toEqual({
        edit_order: 0,
        cancel_order: 2,
        lock_reason: orderLockedCutoff('2027-2028', 'May 31, 2027'),
      });
    } finally {
      await setCutoff('05-01');
    }
  });
});
