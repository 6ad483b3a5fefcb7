import { OrderConfirmResponse } from '@portal/contracts/checkout';
import Stripe from 'stripe';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer } from '../helpers/accounts.ts';
import type { FakeStripe } from '../helpers/fake-stripe.ts';
import { expectOwedKept } from '../helpers/money-owed.ts';
import { paymentsOf, receiptsTo, startedCardPayment, storedOrder } from '../helpers/orders.ts';
import { createStripeTestApp, type StripeTestApp } from '../helpers/stripe-app.ts';
import { TEST_PUBLIC_URL, type TestApp } from '../helpers/test-app.ts';

const SECRET_KEY = 'sk_test_fake';
const WEBHOOK_SECRET = 'whsec_test_secret';
const WEBHOOK = '/api/payments/stripe/webhook';

let t: TestApp;
let stripeApi: FakeStripe;
/** Stripe's own library, to sign webhooks as Stripe does. */
const stripe = new Stripe(SECRET_KEY);

let app: StripeTestApp;

beforeAll(async () => {
  app = await createStripeTestApp({ secretKey: SECRET_KEY, webhookSecret: WEBHOOK_SECRET });
  ({ t, stripeApi } = app);
});
afterAll(() => app?.close());

/** A school whose finalized order has a Stripe Checkout Session started for it. */
async function startedStripePayment() {
  const started = await startedCardPayment(t);
  return { ...started, sessionId: started.ref };
}

/** Sends an event about a session as Stripe does: JSON, signed, without our anti-forgery header. */
function sendEvent(type: string, sessionId: string, options: { signature?: string; secret?: string } = {}) {
  const payload = JSON.stringify({
    id: `evt_${Math.random().toString(36).slice(2)}`,
    object: 'event',
    type,
    data: { object: stripeApi.sessions.get(sessionId) ?? { id: sessionId, object: 'checkout.session' } },
  });
  const signature =
    options.signature ??
    stripe.webhooks.generateTestHeaderString({ payload, secret: options.secret ?? WEBHOOK_SECRET });
  return t.app.inject({
    method: 'POST',
    url: WEBHOOK,
    headers: { 'content-type': 'application/json; charset=utf-8', 'stripe-signature': signature },
    payload,
  });
}

const confirm = (token: string, orderKey: string, paymentKey?: string, via?: 'success' | 'cancel') =>
  t.api.get(
    `/api/orderconfirm?order_key=${orderKey}${paymentKey ? `&payment_key=${paymentKey}` : ''}${via ? `&return_via=${via}` : ''}`,
    { headers: bearer(token) },
  );

describe('the Stripe gateway', () => {
  it('starts a Checkout Session of the order’s total in dollars, tied to our payment, and sends the school to it', async () => {
    const { school, order, payment, sessionId, answer } = await startedStripePayment();
    expect(answer).toEqual({
      status: 'success',
      message: 'ok',
      type: 'external',
      redirect: `https://checkout.stripe.test/c/pay/${sessionId}`,
    });
    expect(payment).toMatchObject({ gateway: 'stripe', status: 'pending', amount_cents: order.total_cents });
    const create = stripeApi.requests.find(
      (r) =>
        r.method === 'POST' && r.path === '/v1/checkout/sessions' && r.form.client_reference_id === payment.payment_key,
    );
    expect(create?.headers.authorization).toBe(`Bearer ${SECRET_KEY}`);
    expect(create?.headers['idempotency-key']).toBe(`checkout-${payment.payment_key}`);
    expect(create?.form).toMatchObject({
      mode: 'payment',
      'line_items[0][quantity]': '1',
      'line_items[0][price_data][currency]': 'usd',
      'line_items[0][price_data][unit_amount]': String(order.total_cents),
      'line_items[0][price_data][product_data][name]': `Order #${order.id}: Primary Planner — Classic Blue`,
      'metadata[payment_key]': payment.payment_key,
      customer_email: school.email,
      success_url: `${TEST_PUBLIC_URL}/order-confirmed/${school.orderKey}?payment_key=${payment.payment_key}`,
      cancel_url: `${TEST_PUBLIC_URL}/payment-error/${school.orderKey}?payment_key=${payment.payment_key}`,
    });
  });

  it('confirms on the return page only once Stripe says the session is paid', async () => {
    const { school, order, payment, sessionId } = await startedStripePayment();
    const early = await confirm(school.token, school.orderKey, payment.payment_key);
    expect(early.json()).toMatchObject({ order_status: '0', payment_status: 'unpaid' });
    expect(stripeApi.requests.some((r) => r.method === 'GET' && r.path === `/v1/checkout/sessions/${sessionId}`)).toBe(
      true,
    );

    stripeApi.pay(sessionId);
    const paid = OrderConfirmResponse.parse((await confirm(school.token, school.orderKey, payment.payment_key)).json());
    expect(paid).toMatchObject({ order_status: 'Order Placed', payment_status: 'paid', order_type: 'Paid order' });
    expect((await paymentsOf(t, order.id)).map((p) => p.status)).toEqual(['succeeded']);
    expect(await receiptsTo(t, school.email)).toHaveLength(1);
  });

  it('closes the session at Stripe when the payer uses its back link, and answers cancelled', async () => {
    const { school, order, payment, sessionId } = await startedStripePayment();
    const res = await confirm(school.token, school.orderKey, payment.payment_key, 'cancel');
    expect(res.statusCode, res.body).toBe(200);
    expect(OrderConfirmResponse.parse(res.json())).toMatchObject({
      order_status: '0',
      payment_status: 'unpaid',
      payment_result: 'cancelled',
    });
    expect(stripeApi.sessions.get(sessionId)?.status).toBe('expired');
    expect((await paymentsOf(t, order.id)).map((p) => p.status)).toEqual(['failed']);
    // Stripe's own notice of the expiry, which follows, changes nothing more.
    expect((await sendEvent('checkout.session.expired', sessionId)).statusCode).toBe(200);
    expect((await paymentsOf(t, order.id)).map((p) => p.status)).toEqual(['failed']);
  });

  it('names the Checkout Session in the receipt', async () => {
    const { school, order, payment, sessionId } = await startedStripePayment();
    stripeApi.pay(sessionId);
    await confirm(school.token, school.orderKey, payment.payment_key, 'success');
    const [receipt] = await receiptsTo(t, school.email);
    expect(receipt?.text).toContain(`Order: #${order.id}`);
    expect(receipt?.text).toContain(`Payment reference: ${sessionId}`);
  });

  it('expires an unpaid session at Stripe when the school starts another checkout', async () => {
    const first = await startedStripePayment();
    const again = await t.api.post('/api/placeorder', {
      body: { order_key: first.school.orderKey, payment_method: '2', tnc: '1' },
      headers: bearer(first.school.token),
    });
    expect(again.statusCode).toBe(200);
    expect(stripeApi.sessions.get(first.sessionId)?.status).toBe('expired');
    expect((await paymentsOf(t, first.order.id)).map((p) => p.status)).toEqual(['failed', 'pending']);
  });
});

describe('POST /api/payments/stripe/webhook', () => {
  it('confirms a completed session once, however often Stripe sends it, and the return page after it changes nothing', async () => {
    const { school, order, payment, sessionId } = await startedStripePayment();
    stripeApi.pay(sessionId);
    const first = await sendEvent('checkout.session.completed', sessionId);
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json()).toEqual({ status: 'success', message: 'ok' });
    expect((await sendEvent('checkout.session.completed', sessionId)).statusCode).toBe(200);

    expect((await storedOrder(t, school.orderKey)).payment_status).toBe('paid');
    expect((await paymentsOf(t, order.id)).map((p) => p.status)).toEqual(['succeeded']);
    expect(await receiptsTo(t, school.email)).toHaveLength(1);

    const back = await confirm(school.token, school.orderKey, payment.payment_key);
    expect(back.json()).toMatchObject({ order_status: 'Order Placed', payment_status: 'paid' });
    expect(await receiptsTo(t, school.email)).toHaveLength(1);
  });

  it('does not take a completed event’s word for it: a session Stripe says is unpaid stays pending', async () => {
    const { school, order, sessionId } = await startedStripePayment();
    // Completed with a payment method that settles later (a bank debit): not paid yet.
    const session = stripeApi.sessions.get(sessionId);
    if (session) session.status = 'complete';
    expect((await sendEvent('checkout.session.completed', sessionId)).statusCode).toBe(200);
    expect((await paymentsOf(t, order.id)).map((p) => p.status)).toEqual(['pending']);
    expect((await storedOrder(t, school.orderKey)).payment_status).toBe('unpaid');
  });

  it('refuses a bad or missing signature with 400 and changes nothing', async () => {
    const { school, order, sessionId } = await startedStripePayment();
    stripeApi.pay(sessionId);
    const forged = await sendEvent('checkout.session.completed', sessionId, { secret: 'whsec_someone_else' });
    expect(forged.statusCode).toBe(400);
    expect(forged.json()).toEqual({ status: 'error', message: 'The webhook signature does not match.' });
    expect((await sendEvent('checkout.session.completed', sessionId, { signature: 'nonsense' })).statusCode).toBe(400);
    const unsigned = await t.app.inject({
      method: 'POST',
      url: WEBHOOK,
      headers: { 'content-type': 'application/json' },
      payload: '{"type":"checkout.session.completed"}',
    });
    expect(unsigned.statusCode).toBe(400);
    expect((await paymentsOf(t, order.id)).map((p) => p.status)).toEqual(['pending']);
    expect((await storedOrder(t, school.orderKey)).payment_status).toBe('unpaid');
  });

  it('marks the payment failed when an asynchronous payment fails or the session expires; the order stays payable', async () => {
    const failed = await startedStripePayment();
    expect((await sendEvent('checkout.session.async_payment_failed', failed.sessionId)).statusCode).toBe(200);
    expect((await paymentsOf(t, failed.order.id)).map((p) => p.status)).toEqual(['failed']);
    const res = await confirm(failed.school.token, failed.school.orderKey, failed.payment.payment_key);
    expect(res.json()).toMatchObject({ order_status: '0', payment_status: 'unpaid' });
    const checkout = await t.api.get(`/api/checkout?order_key=${failed.school.orderKey}`, {
      headers: bearer(failed.school.token),
    });
    expect(checkout.statusCode).toBe(200);

    const expired = await startedStripePayment();
    expect((await sendEvent('checkout.session.expired', expired.sessionId)).statusCode).toBe(200);
    expect((await paymentsOf(t, expired.order.id)).map((p) => p.status)).toEqual(['failed']);
  });

  it('acknowledges events it has no use for, and sessions it did not start', async () => {
    const ignored = await sendEvent('customer.created', 'cus_1');
    expect(ignored.statusCode).toBe(200);
    expect(ignored.json().message).toBe('ignored');
    const foreign = await sendEvent('checkout.session.completed', 'cs_test_not_ours');
    expect(foreign.statusCode).toBe(200);
    expect(foreign.json().message).toBe('ignored');
  });
});

describe('what is owed, as the database keeps it', () => {
  it('is what the records add up to, after every change the tests above made', () => expectOwedKept(t));
});
