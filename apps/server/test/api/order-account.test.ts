import { AdminOrderResponse } from '@portal/contracts/admin-orders';
import { USER_TYPE } from '@portal/contracts/constants';
import { MSG } from '@portal/contracts/messages';
import { formatMoney } from '@portal/contracts/money';
import { paymentStatusOf } from '@portal/contracts/order-rules';
import { PayOrderPayLinkResponse } from '@portal/contracts/pay-links';
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { orders, payments } from '../../src/db/schema/index.ts';
import { markPaymentFailed, settlePayment } from '../../src/modules/payments/confirm-payment.ts';
import { bearer, mailsTo, signedInStaff } from '../helpers/accounts.ts';
import { createCatalogueApp } from '../helpers/catalogue.ts';
import { faultyTestGateway, healthyGateway, paidAtGatewayOnly } from '../helpers/faulty-gateway.ts';
import { CARDS, submitHostedPage } from '../helpers/hosted-page.ts';
import { linkKeyIn } from '../helpers/order-pay-links.ts';
import {
  completeOrderForm,
  INVOICED_NOW,
  paymentsOf,
  placeByCard,
  receiptsTo,
  schoolWithPlacedOrder,
  startedCardPayment,
  storedOrder,
} from '../helpers/orders.ts';
import { paymentOfUrl } from '../helpers/sponsorships.ts';
import type { TestApp } from '../helpers/test-app.ts';

/**
 * An order's account: what it costs with its tax, less what its confirmed payments brought
 * in. A payment counts for its own amount whatever the order became meanwhile, and the order
 * reads paid only when what it received covers its total.
 */
let t: TestApp;
beforeAll(async () => {
  t = await createCatalogueApp({ gateway: faultyTestGateway(healthyGateway()) });
});
afterAll(() => t?.close());

/** The order's account as the database keeps it, and what the confirmed payments add up to. */
async function account(orderKey: string) {
  const order = await storedOrder(t, orderKey);
  const [sum] = await t.db
    .select({ cents: sql<number>`coalesce(sum(${payments.amount_cents}), 0)::int` })
    .from(payments)
    .where(and(eq(payments.order_id, order.id), eq(payments.status, 'succeeded')));
  return { order, confirmedCents: sum?.cents ?? 0, balance: order.total_cents - order.received_cents };
}

/** The identity every order keeps: received is what confirmed payments brought, the status follows from it. */
async function expectAccountHolds(orderKey: string) {
  const { order, confirmedCents } = await account(orderKey);
  expect(order.received_cents).toBe(confirmedCents);
  expect(order.payment_status).toBe(paymentStatusOf(order));
}

const raiseTotalBy = (orderId: number, cents: number) =>
  t.db
    .update(orders)
    .set({
      subtotal_cents: sql`${orders.subtotal_cents} + ${cents}`,
      total_cents: sql`${orders.total_cents} + ${cents}`,
    })
    .where(eq(orders.id, orderId));

const staffOrder = async (orderId: number, token: string) => {
  const res = await t.api.get(`/api/admin/orders/${orderId}`, { headers: bearer(token) });
  expect(res.statusCode, res.body).toBe(200);
  return AdminOrderResponse.parse(res.json());
};
const setTax = (orderId: number, taxCents: number, token: string) =>
  t.api.post(`/api/admin/orders/${orderId}/tax`, { body: { tax_cents: taxCents }, headers: bearer(token) });
const details = (school: { token: string; orderKey: string }) =>
  t.api.get(`/api/orderdetails?order_key=${school.orderKey}`, { headers: bearer(school.token) });

describe('a payment for an amount the order no longer has', () => {
  it('counts for what it paid when the total rose meanwhile: the order is owed the rest, not paid', async () => {
    const { school, order, url } = await startedCardPayment(t);
    // The school's update raised the total after the checkout was opened for the old one.
    await raiseTotalBy(order.id, order.total_cents);
    expect((await submitHostedPage(t, url, { card_number: CARDS.paid })).statusCode).toBe(303);

    const after = await account(school.orderKey);
    expect(after.order).toMatchObject({ payment_status: 'unpaid', received_cents: order.total_cents });
    expect(after.balance).toBe(order.total_cents);
    await expectAccountHolds(school.orderKey);
    const body = (await details(school)).json();
    expect(body.balance_due_html).toBe(formatMoney(order.total_cents));
    expect(body.lock_reason).toBe(MSG.orderLockedPartlyPaid);
    const [receipt] = await receiptsTo(t, school.email);
    expect(receipt?.text).toContain(`Still to pay on this order: ${formatMoney(order.total_cents)}.`);
  });

  it('keeps the payment and the order in step when a checkout and a larger order race, in each of 20 rounds', async () => {
    for (let round = 0; round < 20; round++) {
      const school = await schoolWithPlacedOrder(t);
      const [placed] = await Promise.all([
        placeByCard(t, school),
        t.api.post('/api/updatetemporder', {
          body: completeOrderForm(
            school.orderKey,
            { status: 'Order Placed', payment_method: '2', noprimary_planners: '240' },
            t.ctx.clock(),
          ),
          headers: bearer(school.token),
        }),
      ]);
      if (placed.statusCode === 200 && placed.json().type === 'external') {
        // The payer pays the checkout if it is still open; a closed one refuses the card.
        await submitHostedPage(t, placed.json().redirect, { card_number: CARDS.paid });
      }
      const { order } = await account(school.orderKey);
      await expectAccountHolds(school.orderKey);
      if (order.payment_status === 'paid') expect(order.received_cents).toBeGreaterThanOrEqual(order.total_cents);
    }
  });

  it('refuses to start a checkout for more than the order owes as it stands, with a plain message', async () => {
    const school = await schoolWithPlacedOrder(t);
    const order = await storedOrder(t, school.orderKey);
    // Lowered after the amount was read: the payment, locking the order, sees the new total.
    const { startPayment } = await import('../../src/modules/payments/start-payment.ts');
    await raiseTotalBy(order.id, -1_000);
    const refused = startPayment(t.ctx, {
      payerId: school.user.id,
      kind: 'order',
      allocations: [{ order_id: order.id, amount_cents: order.total_cents }],
      description: 'test',
      successUrl: 'http://portal.test/ok',
      cancelUrl: 'http://portal.test/no',
    });
    await expect(refused).rejects.toMatchObject({ statusCode: 409, message: MSG.orderPaymentAmountChanged });
    expect(await paymentsOf(t, order.id)).toEqual([]);
  });
});

describe('tax and the account', () => {
  it('does not forgive tax added while a pay link’s checkout for the old balance was open', async () => {
    const school = await schoolWithPlacedOrder(t, INVOICED_NOW);
    const admin = await signedInStaff(t, USER_TYPE.admin);
    const order = await storedOrder(t, school.orderKey);
    expect(
      (
        await t.api.post(`/api/admin/orders/${order.id}/status`, {
          body: { status: 'In production' },
          headers: bearer(admin.token),
        })
      ).statusCode,
    ).toBe(200);
    expect(
      (await t.api.post(`/api/admin/orders/${order.id}/pay-link`, { body: {}, headers: bearer(admin.token) }))
        .statusCode,
    ).toBe(200);
    const mail = (await mailsTo(t, school.email)).filter((m) => m.template === 'order-pay-link').at(-1);
    const started = await t.api.post('/api/orderpaylink', { body: { link_key: linkKeyIn(mail?.text ?? '') } });
    expect(started.statusCode, started.body).toBe(200);
    const url = PayOrderPayLinkResponse.parse(started.json()).payment_link;
    expect((await paymentOfUrl(t, url)).amount_cents).toBe(order.total_cents);

    expect((await setTax(order.id, 1_500, admin.token)).statusCode).toBe(200);
    expect((await submitHostedPage(t, url, { card_number: CARDS.paid })).statusCode).toBe(303);

    const after = await account(school.orderKey);
    expect(after.order).toMatchObject({ payment_status: 'unpaid', received_cents: order.total_cents });
    expect(after.balance).toBe(1_500);
    expect((await staffOrder(order.id, admin.token)).balance_cents).toBe(1_500);
    await expectAccountHolds(school.orderKey);
  });

  it('keeps what a lowered tax leaves over as the school’s credit, shown to staff and to the school', async () => {
    const { school, order, url } = await startedCardPayment(t);
    const admin = await signedInStaff(t, USER_TYPE.admin);
    expect((await submitHostedPage(t, url, { card_number: CARDS.paid })).statusCode).toBe(303);
    expect((await setTax(order.id, 2_000, admin.token)).statusCode).toBe(200);
    expect((await storedOrder(t, school.orderKey)).payment_status).toBe('unpaid');
    const again = await placeByCard(t, school);
    expect(again.statusCode, again.body).toBe(200);
    const second = (await paymentsOf(t, order.id)).at(-1);
    expect(second?.amount_cents).toBe(2_000);
    expect((await submitHostedPage(t, again.json().redirect, { card_number: CARDS.paid })).statusCode).toBe(303);
    expect((await storedOrder(t, school.orderKey)).payment_status).toBe('paid');

    expect((await setTax(order.id, 500, admin.token)).statusCode).toBe(200);
    const after = await account(school.orderKey);
    expect(after.order.payment_status).toBe('paid');
    expect(after.balance).toBe(-1_500);
    expect((await staffOrder(order.id, admin.token)).balance_cents).toBe(-1_500);
    expect((await details(school)).json()).toMatchObject({ credit_html: formatMoney(1_500), balance_due_html: '' });
    await expectAccountHolds(school.orderKey);
  });
});

describe('a payment closed as failed that the gateway then took', () => {
  it('counts once, beside the payment that replaced it: the order is paid and the excess is the school’s credit', async () => {
    const { school, order, payment, ref } = await startedCardPayment(t);
    // Closed as failed while the gateway still had it open (its expiry never reached the gateway).
    expect(await markPaymentFailed(t.db, payment.id)).toBe(true);
    const again = await placeByCard(t, school);
    expect(again.statusCode, again.body).toBe(200);
    expect((await submitHostedPage(t, again.json().redirect, { card_number: CARDS.paid })).statusCode).toBe(303);
    expect((await storedOrder(t, school.orderKey)).payment_status).toBe('paid');

    await paidAtGatewayOnly(t, ref);
    expect((await settlePayment(t.ctx, payment.payment_key)).status).toBe('succeeded');
    expect((await settlePayment(t.ctx, payment.payment_key)).status).toBe('succeeded');

    const after = await account(school.orderKey);
    expect(after.order).toMatchObject({ payment_status: 'paid', received_cents: 2 * order.total_cents });
    expect(after.balance).toBe(-order.total_cents);
    await expectAccountHolds(school.orderKey);
    const receipts = await receiptsTo(t, school.email);
    expect(receipts).toHaveLength(2);
    expect(receipts.at(-1)?.text).toContain(
      `You have paid ${formatMoney(order.total_cents)} more than the order's total`,
    );
  });
});

describe('money received locks what it paid for', () => {
  it('refuses the school a change or a cancellation of a partly paid order, and staff a cancellation before a refund', async () => {
    const { school, order, url } = await startedCardPayment(t);
    await raiseTotalBy(order.id, 5_000);
    expect((await submitHostedPage(t, url, { card_number: CARDS.paid })).statusCode).toBe(303);
    expect((await storedOrder(t, school.orderKey)).received_cents).toBe(order.total_cents);

    const change = await t.api.post('/api/updatetemporder', {
      body: completeOrderForm(
        school.orderKey,
        { status: 'Order Placed', payment_method: '2', noprimary_planners: '60' },
        t.ctx.clock(),
      ),
      headers: bearer(school.token),
    });
    expect(change.statusCode).toBe(409);
    expect(change.json().message).toBe(MSG.orderLockedPartlyPaid);
    const cancel = await t.api.post('/api/cancelorder', {
      body: { order_key: school.orderKey },
      headers: bearer(school.token),
    });
    expect(cancel.statusCode).toBe(409);

    const admin = await signedInStaff(t, USER_TYPE.admin);
    expect((await staffOrder(order.id, admin.token)).transitions).not.toContain('Cancelled');
    const staffCancel = await t.api.post(`/api/admin/orders/${order.id}/status`, {
      body: { status: 'Cancelled' },
      headers: bearer(admin.token),
    });
    expect(staffCancel.statusCode).toBe(409);
    expect(staffCancel.json().message).toBe(MSG.orderCancelPaid);
    expect((await storedOrder(t, school.orderKey)).status).toBe('Order Placed');
  });
});

describe('the database’s own guard of the account', () => {
  it('refuses an order marked paid that has not received its total, and a negative amount received', async () => {
    const school = await schoolWithPlacedOrder(t);
    const order = await storedOrder(t, school.orderKey);
    const check = expect.objectContaining({ cause: expect.objectContaining({ code: '23514' }) });
    await expect(t.db.update(orders).set({ payment_status: 'paid' }).where(eq(orders.id, order.id))).rejects.toEqual(
      check,
    );
    await expect(
      t.db
        .update(orders)
        .set({ payment_status: 'paid', received_cents: order.total_cents - 1 })
        .where(eq(orders.id, order.id)),
    ).rejects.toEqual(check);
    await expect(t.db.update(orders).set({ received_cents: -1 }).where(eq(orders.id, order.id))).rejects.toEqual(check);
    // Received in full and still unpaid is as wrong as paid without the money.
    await expect(
      t.db.update(orders).set({ received_cents: order.total_cents }).where(eq(orders.id, order.id)),
    ).rejects.toEqual(check);
    expect(await storedOrder(t, school.orderKey)).toMatchObject({ payment_status: 'unpaid', received_cents: 0 });
  });
});

describe('money staff received by hand for an order', () => {
  const recordPayment = (orderId: number, token: string, body: Record<string, string>) =>
    t.api.post(`/api/admin/orders/${orderId}/offline-payment`, { body, headers: bearer(token) });
  const check = (reference: string, amount: string) => ({
    method: 'check',
    amount,
    reference,
    received_on: '2026-11-30',
  });

  it('records a check and then a transfer through the payment model: the account adds up, the school gets each receipt', async () => {
    const school = await schoolWithPlacedOrder(t, INVOICED_NOW);
    const admin = await signedInStaff(t, USER_TYPE.admin);
    const order = await storedOrder(t, school.orderKey);
    const part = 10_000;

    const first = await recordPayment(order.id, admin.token, check('1042', '100.00'));
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json().message).toBe(MSG.adminOfflinePaymentRecorded);
    expect(await storedOrder(t, school.orderKey)).toMatchObject({ payment_status: 'unpaid', received_cents: part });
    const [receipt] = await receiptsTo(t, school.email);
    expect(receipt?.text).toContain(`we have received your payment (Check 1042) of ${formatMoney(part)}`);
    expect(receipt?.text).toContain(`Still to pay on this order: ${formatMoney(order.total_cents - part)}.`);

    const rest = ((order.total_cents - part) / 100).toFixed(2);
    const second = await recordPayment(order.id, admin.token, { ...check('WIRE-77', rest), method: 'bank-transfer' });
    expect(second.statusCode, second.body).toBe(200);
    expect(await storedOrder(t, school.orderKey)).toMatchObject({
      payment_status: 'paid',
      received_cents: order.total_cents,
    });
    expect((await staffOrder(order.id, admin.token)).balance_cents).toBe(0);
    await expectAccountHolds(school.orderKey);
    expect((await receiptsTo(t, school.email)).at(-1)?.text).toContain('The order is now paid in full.');
  });

  it('refuses more than the order owes, a check recorded twice for one school, and a day still to come', async () => {
    const school = await schoolWithPlacedOrder(t, INVOICED_NOW);
    const other = await schoolWithPlacedOrder(t, INVOICED_NOW);
    const admin = await signedInStaff(t, USER_TYPE.admin);
    const order = await storedOrder(t, school.orderKey);

    const tooMuch = await recordPayment(order.id, admin.token, check('1', ((order.total_cents + 1) / 100).toFixed(2)));
    expect(tooMuch.statusCode).toBe(400);
    expect(tooMuch.json().errors.amount).toMatch(/^Please enter an amount that does not exceed \$ /);
    const future = await recordPayment(order.id, admin.token, { ...check('2', '1.00'), received_on: '2999-01-01' });
    expect(future.statusCode).toBe(400);
    expect(future.json().errors.received_on).toBe(MSG.adminOfflineDateInFuture);

    expect((await recordPayment(order.id, admin.token, check('5001', '1.00'))).statusCode).toBe(200);
    const twice = await recordPayment(order.id, admin.token, check('5001', '1.00'));
    expect(twice.statusCode).toBe(409);
    expect(twice.json().message).toBe(MSG.adminOfflineDuplicate);
    // Another school's check may carry the same number.
    const otherOrder = await storedOrder(t, other.orderKey);
    expect((await recordPayment(otherOrder.id, admin.token, check('5001', '1.00'))).statusCode).toBe(200);
    expect((await storedOrder(t, school.orderKey)).received_cents).toBe(100);
    await expectAccountHolds(school.orderKey);
  });
});

describe('a delivered order', () => {
  it('offers no cancelling and refuses a request to cancel it, with why', async () => {
    const school = await schoolWithPlacedOrder(t, INVOICED_NOW);
    const order = await storedOrder(t, school.orderKey);
    await t.db.update(orders).set({ status: 'Delivered' }).where(eq(orders.id, order.id));
    expect((await details(school)).json().cancel_order).toBe(0);
    const ask = await t.api.post('/api/cancelorderenq', {
      body: { order_key: school.orderKey, schoolname: 'Bayshore', email: school.email, message: 'Too many.' },
      headers: bearer(school.token),
    });
    expect(ask.statusCode).toBe(409);
    expect(ask.json().message).toBe(MSG.orderDeliveredNotCancellable);
  });
});
