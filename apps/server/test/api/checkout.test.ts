import { CheckoutResponse, OrderConfirmResponse } from '@portal/contracts/checkout';
import { MSG } from '@portal/contracts/messages';
import { formatMoney } from '@portal/contracts/money';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { test_gateway_sessions } from '../../src/db/schema/index.ts';
import type { PaymentGateway } from '../../src/modules/payments/gateway.ts';
import { createTestGateway } from '../../src/modules/payments/test-gateway.ts';
import { bearer, signedInSchool, signedInSponsor } from '../helpers/accounts.ts';
import { createCatalogueApp } from '../helpers/catalogue.ts';
import { CARDS, openHostedPage, submitHostedPage, submitWithoutToken } from '../helpers/hosted-page.ts';
import { expectOwedKept } from '../helpers/money-owed.ts';
import {
  completeOrderForm,
  FREE_ITEMS_ONLY,
  paymentsOf,
  receiptsTo,
  schoolWithOrder,
  schoolWithPlacedOrder,
  storedOrder,
} from '../helpers/orders.ts';
import { TEST_PUBLIC_URL, type TestApp } from '../helpers/test-app.ts';

let t: TestApp;
/** The test gateway, which a test can make fail to start a checkout. */
let gatewayDown = false;

beforeAll(async () => {
  t = await createCatalogueApp({
    gateway: (db): PaymentGateway => {
      const real = createTestGateway(db, TEST_PUBLIC_URL);
      return {
        ...real,
        startCheckout: (request) =>
          gatewayDown ? Promise.reject(new Error('connect ECONNREFUSED')) : real.startCheckout(request),
      };
    },
  });
});
afterAll(() => t?.close());

const checkout = (token: string, orderKey: string) =>
  t.api.get(`/api/checkout?order_key=${orderKey}`, { headers: bearer(token) });
const placeOrder = (token: string, body: Record<string, unknown>) =>
  t.api.post('/api/placeorder', { body, headers: bearer(token) });
const orderConfirm = (token: string, orderKey: string, paymentKey?: string) =>
  t.api.get(`/api/orderconfirm?order_key=${orderKey}${paymentKey ? `&payment_key=${paymentKey}` : ''}`, {
    headers: bearer(token),
  });

/** Starts a card payment and answers the hosted page's address and the payment's key. */
async function startCardPayment(token: string, orderKey: string) {
  const res = await placeOrder(token, { order_key: orderKey, payment_method: '2', tnc: '1' });
  expect(res.statusCode, res.body).toBe(200);
  const { type, redirect } = res.json() as { type: string; redirect: string };
  expect(type).toBe('external');
  const order = await storedOrder(t, orderKey);
  const payment = (await paymentsOf(t, order.id)).at(-1);
  if (!payment) throw new Error('no payment recorded');
  return { url: redirect, paymentKey: payment.payment_key, payment };
}

const successUrl = (orderKey: string, paymentKey: string) =>
  `${TEST_PUBLIC_URL}/order-confirmed/${orderKey}?payment_key=${paymentKey}`;
const cancelUrl = (orderKey: string, paymentKey: string) =>
  `${TEST_PUBLIC_URL}/payment-error/${orderKey}?payment_key=${paymentKey}`;

describe('GET /api/checkout', () => {
  it('shows the school its finalized order: product, price rows in dollars and the total', async () => {
    const school = await schoolWithPlacedOrder(t);
    const res = await checkout(school.token, school.orderKey);
    expect(res.statusCode, res.body).toBe(200);
    const body = CheckoutResponse.parse(res.json());
    const order = await storedOrder(t, school.orderKey);
    expect(order.total_cents).toBeGreaterThan(0);
    expect(body.order).toMatchObject({
      order_id: order.id,
      order_key: school.orderKey,
      order_status: 'Order Placed',
      payment_method: 2,
      payment_status: 'unpaid',
      total_amount: (order.total_cents / 100).toFixed(2),
      total_amount_html: formatMoney(order.total_cents),
      product: { name: 'Primary Planner — Classic Blue', category: 'Student Planners' },
    });
    expect(body.order.custom_price[0]).toMatchObject({ name: 'Planners', qty: 120 });
    expect(body.order.custom_price.at(-1)).toMatchObject({ name: 'Subtotal' });
  });

  it('answers 404 for another school’s order, 403 to a sponsor and 401 without a session', async () => {
    const owner = await schoolWithPlacedOrder(t);
    const other = await signedInSchool(t);
    const sponsor = await signedInSponsor(t);
    const theirs = await checkout(other.token, owner.orderKey);
    expect(theirs.statusCode).toBe(404);
    expect(theirs.json()).toEqual({ status: 'error', message: MSG.orderNotFound });
    expect((await checkout(sponsor.token, owner.orderKey)).statusCode).toBe(403);
    expect((await t.api.get(`/api/checkout?order_key=${owner.orderKey}`)).statusCode).toBe(401);
  });

  it('has nothing to pay for an order that is not finalized, or finalized to be invoiced after delivery', async () => {
    const pending = await schoolWithOrder(t);
    const reserved = await schoolWithPlacedOrder(t, { status: 'Reserved', payment_method: '3' });
    const later = await schoolWithPlacedOrder(t, { payment_method: '4' });
    for (const school of [pending, reserved, later]) {
      const res = await checkout(school.token, school.orderKey);
      expect(res.statusCode).toBe(409);
      expect(res.json()).toEqual({ status: 'error', message: MSG.orderNotPayable });
    }
  });

  it('refuses a missing order key with its message', async () => {
    const school = await signedInSchool(t);
    const res = await t.api.get('/api/checkout', { headers: bearer(school.token) });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ status: 'error', errors: { order_key: MSG.orderKeyRequired } });
  });
});

describe('POST /api/placeorder', () => {
  it('invoices now: records payment option 1 and goes to the confirmation, with no payment started', async () => {
    const school = await schoolWithPlacedOrder(t);
    const res = await placeOrder(school.token, { order_key: school.orderKey, payment_method: 1, tnc: true });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({
      status: 'success',
      message: MSG.orderPlaced,
      type: 'internal',
      redirect: `/order-confirmed/${school.orderKey}`,
    });
    const order = await storedOrder(t, school.orderKey);
    expect(order).toMatchObject({ payment_method: 1, payment_status: 'unpaid' });
    expect(await paymentsOf(t, order.id)).toEqual([]);

    const confirmed = OrderConfirmResponse.parse((await orderConfirm(school.token, school.orderKey)).json());
    expect(confirmed).toMatchObject({
      order_status: 'Order Placed',
      order_type: 'Order',
      payment_status: 'unpaid',
      payment_method: 'Finalize order and invoice now',
      delivery_date: '',
    });
  });

  it('refuses without the terms ticked or a payment option, and changes nothing', async () => {
    const school = await schoolWithPlacedOrder(t);
    const noTerms = await placeOrder(school.token, { order_key: school.orderKey, payment_method: '2' });
    expect(noTerms.statusCode).toBe(400);
    expect(noTerms.json()).toEqual({
      status: 'error',
      message: MSG.acceptToContinue,
      errors: { tnc: MSG.acceptToContinue },
    });
    const noMethod = await placeOrder(school.token, { order_key: school.orderKey, payment_method: '', tnc: '1' });
    expect(noMethod.statusCode).toBe(400);
    expect(noMethod.json().errors).toEqual({ payment_method: MSG.choosePaymentOption });
    const order = await storedOrder(t, school.orderKey);
    expect(await paymentsOf(t, order.id)).toEqual([]);
  });

  it('answers 404 for another school’s order and 409 for one with nothing to pay', async () => {
    const owner = await schoolWithPlacedOrder(t);
    const other = await signedInSchool(t);
    const body = { order_key: owner.orderKey, payment_method: 2, tnc: true };
    expect((await placeOrder(other.token, body)).statusCode).toBe(404);
    const reserved = await schoolWithPlacedOrder(t, { status: 'Reserved', payment_method: '3' });
    const res = await placeOrder(reserved.token, { ...body, order_key: reserved.orderKey });
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe(MSG.orderNotPayable);
  });

  it('pays by card: a pending payment of the total, then the test gateway’s hosted page', async () => {
    const school = await schoolWithPlacedOrder(t);
    const order = await storedOrder(t, school.orderKey);
    const { url, paymentKey, payment } = await startCardPayment(school.token, school.orderKey);
    expect(url).toMatch(new RegExp(`^${TEST_PUBLIC_URL}/pay/test/ts_[\\w-]{40,}$`));
    expect(payment).toMatchObject({
      kind: 'order',
      user_id: school.user.id,
      amount_cents: order.total_cents,
      gateway: 'test',
      status: 'pending',
      gateway_ref: url.split('/').at(-1),
    });
    expect(paymentKey.length).toBeGreaterThanOrEqual(40);
    const [session] = await t.db
      .select()
      .from(test_gateway_sessions)
      .where(eq(test_gateway_sessions.id, payment.gateway_ref ?? ''));
    expect(session).toMatchObject({
      amount_cents: order.total_cents,
      reference: paymentKey,
      success_url: successUrl(school.orderKey, paymentKey),
      cancel_url: cancelUrl(school.orderKey, paymentKey),
      status: 'open',
    });

    const { res } = await openHostedPage(t, url);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/html/);
    expect(res.headers['content-security-policy']).toContain("script-src 'self'");
    for (const label of ['Card number', 'Expiry', 'CVC', 'Name on card']) {
      expect(res.body).toMatch(new RegExp(`<label for="f-\\w+">${label}</label>`));
    }
    expect(res.body).toContain(`Pay ${formatMoney(order.total_cents)}</button>`);
    expect(res.body).toContain(`Order #${order.id}: Primary Planner — Classic Blue`);
    expect(res.body).toContain(`href="${cancelUrl(school.orderKey, paymentKey)}"`);
    expect(res.body).not.toMatch(/<script/i);
  });

  it('starts one payment when the school presses Pay in several tabs at once; the others are told it is under way', async () => {
    const school = await schoolWithPlacedOrder(t);
    const order = await storedOrder(t, school.orderKey);
    const answers = await Promise.all(
      Array.from({ length: 5 }, () =>
        placeOrder(school.token, { order_key: school.orderKey, payment_method: '2', tnc: '1' }),
      ),
    );
    const codes = answers.map((a) => a.statusCode).sort();
    expect(codes.filter((c) => c === 200).length).toBeGreaterThanOrEqual(1);
    for (const a of answers.filter((x) => x.statusCode !== 200)) {
      expect(a.statusCode).toBe(409);
      expect(a.json().message).toBe(MSG.paymentInProgress);
    }
    expect((await paymentsOf(t, order.id)).filter((p) => p.status === 'pending')).toHaveLength(1);
  });

  it('answers 503 with a plain message when the gateway cannot start, leaving no payment in flight', async () => {
    const school = await schoolWithPlacedOrder(t);
    gatewayDown = true;
    try {
      const res = await placeOrder(school.token, { order_key: school.orderKey, payment_method: '2', tnc: '1' });
      expect(res.statusCode).toBe(503);
      expect(res.json()).toEqual({ status: 'error', message: MSG.paymentGatewayUnavailable });
    } finally {
      gatewayDown = false;
    }
    const order = await storedOrder(t, school.orderKey);
    expect((await paymentsOf(t, order.id)).map((p) => p.status)).toEqual(['failed']);
    expect(order.payment_status).toBe('unpaid');
  });

  it('sends an order with nothing to pay straight to the confirmation, never to checkout', async () => {
    const school = await schoolWithOrder(t);
    const finalized = await t.api.post('/api/updatetemporder', {
      body: completeOrderForm(
        school.orderKey,
        { ...FREE_ITEMS_ONLY, status: 'Order Placed', payment_method: '2' },
        t.ctx.clock(),
      ),
      headers: bearer(school.token),
    });
    expect(finalized.statusCode, finalized.body).toBe(200);
    expect(finalized.json()).toMatchObject({ type: 'internal', redirect: `/order-confirmed/${school.orderKey}` });
    expect((await storedOrder(t, school.orderKey)).total_cents).toBe(0);
    const res = await placeOrder(school.token, { order_key: school.orderKey, payment_method: '2', tnc: '1' });
    expect(res.statusCode).toBe(409);
    expect(res.json()).toEqual({ status: 'error', message: MSG.orderNotPayable });
    const order = await storedOrder(t, school.orderKey);
    expect(await paymentsOf(t, order.id)).toEqual([]);
    expect((await orderConfirm(school.token, school.orderKey)).json().order_status).toBe('Order Placed');
  });
});

describe('paying on the test gateway, then GET /api/orderconfirm', () => {
  it('records a paid card once: 303 to the confirmation, the order paid, one payment and one receipt', async () => {
    const school = await schoolWithPlacedOrder(t);
    const { url, paymentKey } = await startCardPayment(school.token, school.orderKey);
    const paid = await submitHostedPage(t, url, { card_number: CARDS.paid });
    expect(paid.statusCode, paid.body).toBe(303);
    expect(paid.headers.location).toBe(successUrl(school.orderKey, paymentKey));

    const res = await orderConfirm(school.token, school.orderKey, paymentKey);
    expect(res.statusCode, res.body).toBe(200);
    const order = await storedOrder(t, school.orderKey);
    expect(OrderConfirmResponse.parse(res.json())).toEqual({
      status: 'success',
      message: 'ok',
      order_id: order.id,
      order_key: school.orderKey,
      order_status: 'Order Placed',
      delivery_date: '',
      order_type: 'Paid order',
      payment_status: 'paid',
      payment_method: 'Finalize and pay now with credit card',
      total_amount_html: formatMoney(order.total_cents),
      payment_result: 'paid',
    });
    const payments = await paymentsOf(t, order.id);
    expect(payments.map((p) => p.status)).toEqual(['succeeded']);
    expect(payments[0]?.confirmed_at).not.toBeNull();
    const receipts = await receiptsTo(t, school.email);
    expect(receipts).toHaveLength(1);
    expect(receipts[0]?.subject).toBe(`Payment received for order #${order.id}`);
    expect(receipts[0]?.text).toContain(formatMoney(order.total_cents));
    expect(receipts[0]?.html).toContain(`/school/order/${school.orderKey}`);
    expect(receipts[0]?.text).toContain(`Order: #${order.id}`);
    expect(receipts[0]?.text).toContain(`Payment reference: ${url.split('/').at(-1)}`);

    // The return page loaded again, and without the key: still one payment, one receipt.
    await orderConfirm(school.token, school.orderKey, paymentKey);
    await orderConfirm(school.token, school.orderKey);
    expect((await paymentsOf(t, order.id)).map((p) => p.status)).toEqual(['succeeded']);
    expect(await receiptsTo(t, school.email)).toHaveLength(1);

    // Paid: nothing more to pay, and the hosted page says so.
    const again = await checkout(school.token, school.orderKey);
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe(MSG.orderAlreadyPaid);
    const twice = await placeOrder(school.token, { order_key: school.orderKey, payment_method: 2, tnc: true });
    expect(twice.statusCode).toBe(409);
    expect(twice.json().message).toBe(MSG.orderAlreadyPaid);
    const page = await openHostedPage(t, url);
    expect(page.res.body).toContain('Already paid');
    expect(page.res.body).toContain(`href="${successUrl(school.orderKey, paymentKey)}"`);
    expect(page.token).toBeUndefined();
  });

  it('leaves a declined card unpaid and payable: 303 to the payment error page, Order Not Confirmed, then a new payment pays', async () => {
    const school = await schoolWithPlacedOrder(t);
    const first = await startCardPayment(school.token, school.orderKey);
    const declined = await submitHostedPage(t, first.url, { card_number: CARDS.declined });
    expect(declined.statusCode).toBe(303);
    expect(declined.headers.location).toBe(cancelUrl(school.orderKey, first.paymentKey));

    const res = await orderConfirm(school.token, school.orderKey, first.paymentKey);
    expect(res.json()).toMatchObject({
      order_status: '0',
      order_type: 'Order',
      payment_status: 'unpaid',
      payment_result: 'declined',
    });
    const order = await storedOrder(t, school.orderKey);
    expect(order.payment_status).toBe('unpaid');
    expect((await paymentsOf(t, order.id)).map((p) => p.status)).toEqual(['failed']);
    expect(await receiptsTo(t, school.email)).toHaveLength(0);
    expect((await checkout(school.token, school.orderKey)).statusCode).toBe(200);

    const second = await startCardPayment(school.token, school.orderKey);
    expect(second.url).not.toBe(first.url);
    expect((await submitHostedPage(t, second.url, {})).statusCode).toBe(303);
    const paid = await orderConfirm(school.token, school.orderKey, second.paymentKey);
    expect(paid.json()).toMatchObject({ order_status: 'Order Placed', payment_status: 'paid' });
    expect((await paymentsOf(t, order.id)).map((p) => p.status)).toEqual(['failed', 'succeeded']);
    expect(await receiptsTo(t, school.email)).toHaveLength(1);
  });

  it('answers Order Not Confirmed to a school that comes back without paying, and keeps the payment open', async () => {
    const school = await schoolWithPlacedOrder(t);
    const { paymentKey } = await startCardPayment(school.token, school.orderKey);
    const res = await orderConfirm(school.token, school.orderKey, paymentKey);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ order_status: '0', payment_status: 'unpaid', payment_result: 'pending' });
    const order = await storedOrder(t, school.orderKey);
    expect((await paymentsOf(t, order.id)).map((p) => p.status)).toEqual(['pending']);
  });

  it('confirms a payment made on the gateway even when the school returns without its key', async () => {
    const school = await schoolWithPlacedOrder(t);
    const { url } = await startCardPayment(school.token, school.orderKey);
    expect((await submitHostedPage(t, url, {})).statusCode).toBe(303);
    const res = await orderConfirm(school.token, school.orderKey);
    expect(res.json()).toMatchObject({ order_status: 'Order Placed', payment_status: 'paid' });
    expect(await receiptsTo(t, school.email)).toHaveLength(1);
  });

  it('closes an earlier unpaid checkout when the school starts another, so only the new one can be paid', async () => {
    const school = await schoolWithPlacedOrder(t);
    const first = await startCardPayment(school.token, school.orderKey);
    const second = await startCardPayment(school.token, school.orderKey);
    const order = await storedOrder(t, school.orderKey);
    expect((await paymentsOf(t, order.id)).map((p) => p.status)).toEqual(['failed', 'pending']);
    const stale = await openHostedPage(t, first.url);
    expect(stale.token).toBeUndefined();
    expect(stale.res.body).toContain('can no longer be made');
    expect((await submitHostedPage(t, second.url, {})).statusCode).toBe(303);
  });

  it('answers 404 for a payment key of another order or school, and for an unknown one', async () => {
    const owner = await schoolWithPlacedOrder(t);
    const { paymentKey } = await startCardPayment(owner.token, owner.orderKey);
    const other = await schoolWithPlacedOrder(t);
    const theirs = await orderConfirm(other.token, other.orderKey, paymentKey);
    expect(theirs.statusCode).toBe(404);
    expect(theirs.json().status).toBe('error');
    expect((await orderConfirm(other.token, other.orderKey, 'no-such-key')).statusCode).toBe(404);
    expect((await orderConfirm(other.token, owner.orderKey, paymentKey)).statusCode).toBe(404);
    const sponsor = await signedInSponsor(t);
    expect((await orderConfirm(sponsor.token, owner.orderKey)).statusCode).toBe(403);
    expect((await t.api.get(`/api/orderconfirm?order_key=${owner.orderKey}`)).statusCode).toBe(401);
  });

  it('answers a reservation with its status and type', async () => {
    const school = await schoolWithPlacedOrder(t, { status: 'Reserved', payment_method: '3' });
    const res = await orderConfirm(school.token, school.orderKey);
    expect(res.json()).toMatchObject({
      order_status: 'Reserved',
      order_type: 'Reservation',
      payment_method: 'Just placing reservation',
    });
  });
});

describe('POST /pay/test/:sessionId', () => {
  it('refuses a form without the page’s token, or with another one, and the session stays open', async () => {
    const school = await schoolWithPlacedOrder(t);
    const { url, payment } = await startCardPayment(school.token, school.orderKey);
    const none = await submitWithoutToken(t, url);
    expect(none.statusCode).toBe(403);
    expect(none.body).toContain('Payment refused');
    const forged = await submitHostedPage(t, url, { form_token: 'x'.repeat(43) });
    expect(forged.statusCode).toBe(403);
    const [session] = await t.db
      .select()
      .from(test_gateway_sessions)
      .where(eq(test_gateway_sessions.id, payment.gateway_ref ?? ''));
    expect(session?.status).toBe('open');
  });

  it('keeps what the payer typed when a field is refused, and takes an expiry typed as digits alone', async () => {
    const school = await schoolWithPlacedOrder(t);
    const { url } = await startCardPayment(school.token, school.orderKey);
    const refused = await submitHostedPage(t, url, { card_number: CARDS.paid, expiry: '13/29', cvc: '321' });
    expect(refused.statusCode).toBe(400);
    expect(refused.body).toContain('The month must be from 01 to 12');
    expect(refused.body).toContain(`value="${CARDS.paid}"`);
    expect(refused.body).toContain('value="321"');
    expect(refused.body).toContain('value="13/29"');
    const paid = await submitHostedPage(t, url, { card_number: CARDS.paid, expiry: '1299' });
    expect(paid.statusCode, paid.body).toBe(303);
    expect((await storedOrder(t, school.orderKey)).payment_status).toBe('paid');
  });

  it('shows the page again with a message per field for an unknown card, a past expiry or empty fields', async () => {
    const school = await schoolWithPlacedOrder(t);
    const { url, payment } = await startCardPayment(school.token, school.orderKey);
    const res = await submitHostedPage(t, url, {
      card_number: '4111 1111 1111 1111',
      expiry: '01/20',
      cvc: '',
      name: ' ',
    });
    expect(res.statusCode).toBe(400);
    expect(res.headers['content-type']).toMatch(/^text\/html/);
    expect(res.body).toContain('Use a test card');
    expect(res.body).toContain('This card has expired');
    expect(res.body).toContain('Enter the CVC.');
    expect(res.body).toContain('Enter the name on the card.');
    expect(res.body.match(/aria-invalid="true"/g)).toHaveLength(4);
    expect(res.body).toMatch(/name="form_token" value="[^"]+"/);
    const [session] = await t.db
      .select()
      .from(test_gateway_sessions)
      .where(eq(test_gateway_sessions.id, payment.gateway_ref ?? ''));
    expect(session?.status).toBe('open');
    expect((await paymentsOf(t, payment.order_id ?? 0)).map((p) => p.status)).toEqual(['pending']);
  });

  it('answers 404 with a page for an unknown session', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/pay/test/ts_nothing-here' });
    expect(res.statusCode).toBe(404);
    expect(res.body).toContain('Payment not found');
  });
});

describe('what is owed, as the database keeps it', () => {
  it('is what the records add up to, after every change the tests above made', () => expectOwedKept(t));
});
