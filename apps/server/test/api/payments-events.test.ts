import { OrderConfirmResponse } from '@portal/contracts/checkout';
import { MSG } from '@portal/contracts/messages';
import { formatMoney } from '@portal/contracts/money';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { test_gateway_sessions } from '../../src/db/schema/index.ts';
import type { PaymentGateway } from '../../src/modules/payments/gateway.ts';
import { createTestGateway } from '../../src/modules/payments/test-gateway.ts';
import { bearer } from '../helpers/accounts.ts';
import { createCatalogueApp } from '../helpers/catalogue.ts';
import { CARDS, openHostedPage, submitHostedPage } from '../helpers/hosted-page.ts';
import { paymentsOf, receiptsTo, startedCardPayment, storedOrder } from '../helpers/orders.ts';
import { TEST_PUBLIC_URL, type TestApp } from '../helpers/test-app.ts';

let t: TestApp;
/** How many of the gateway's next answers fail, as a gateway out of reach for a moment does. */
let unreachable = 0;

beforeAll(async () => {
  t = await createCatalogueApp({
    workers: true,
    gateway: (db): PaymentGateway => {
      const real = createTestGateway(db, TEST_PUBLIC_URL);
      return {
        ...real,
        retrieve: (ref) => {
          if (unreachable <= 0) return real.retrieve(ref);
          unreachable--;
          return Promise.reject(new Error('connect ETIMEDOUT'));
        },
      };
    },
  });
});
afterAll(() => t?.close());

const startedPayment = () => startedCardPayment(t);

const sessionStatus = async (ref: string) =>
  (await t.db.select().from(test_gateway_sessions).where(eq(test_gateway_sessions.id, ref)))[0]?.status;

const confirm = (token: string, orderKey: string, paymentKey: string, via?: 'success' | 'cancel') =>
  t.api.get(`/api/orderconfirm?order_key=${orderKey}&payment_key=${paymentKey}${via ? `&return_via=${via}` : ''}`, {
    headers: bearer(token),
  });

describe('the test gateway’s events, as Stripe’s webhook', () => {
  it('records a payment made on the hosted page although the school’s browser never comes back: paid, one receipt', async () => {
    const { school, order, url } = await startedPayment();
    // Paid from a browser without the school's session, which then closes.
    expect((await submitHostedPage(t, url, { card_number: CARDS.paid })).statusCode).toBe(303);

    expect((await storedOrder(t, school.orderKey)).payment_status).toBe('paid');
    const payments = await paymentsOf(t, order.id);
    expect(payments.map((p) => p.status)).toEqual(['succeeded']);
    expect(payments[0]?.confirmed_at).not.toBeNull();
    expect(await receiptsTo(t, school.email)).toHaveLength(1);

    // The school's return later on changes nothing.
    const back = await confirm(school.token, school.orderKey, payments[0]?.payment_key ?? '', 'success');
    expect(OrderConfirmResponse.parse(back.json())).toMatchObject({
      order_status: 'Order Placed',
      payment_status: 'paid',
      payment_result: 'paid',
    });
    expect(await receiptsTo(t, school.email)).toHaveLength(1);
  });

  it('tries the event again through the job queue when it cannot be handled at once, and records the payment once', async () => {
    const { school, order, url } = await startedPayment();
    unreachable = 1;
    try {
      expect((await submitHostedPage(t, url, { card_number: CARDS.paid })).statusCode).toBe(303);
      // The event was handled at once, and the gateway did not answer.
      expect(unreachable).toBe(0);
    } finally {
      unreachable = 0;
    }
    await expect
      .poll(async () => (await storedOrder(t, school.orderKey)).payment_status, { timeout: 15_000, interval: 200 })
      .toBe('paid');
    expect((await paymentsOf(t, order.id)).map((p) => p.status)).toEqual(['succeeded']);
    expect(await receiptsTo(t, school.email)).toHaveLength(1);
  });

  it('marks the payment failed when the card is declined, the order unpaid and payable, with no receipt', async () => {
    const { school, order, url } = await startedPayment();
    expect((await submitHostedPage(t, url, { card_number: CARDS.declined })).statusCode).toBe(303);
    expect((await paymentsOf(t, order.id)).map((p) => p.status)).toEqual(['failed']);
    expect((await storedOrder(t, school.orderKey)).payment_status).toBe('unpaid');
    expect(await receiptsTo(t, school.email)).toHaveLength(0);
    const checkout = await t.api.get(`/api/checkout?order_key=${school.orderKey}`, { headers: bearer(school.token) });
    expect(checkout.statusCode).toBe(200);
  });
});

describe('the payment receipt', () => {
  it('names the order number, the gateway’s reference, the amount and the date, in HTML and text', async () => {
    const { school, order, url, ref } = await startedPayment();
    await submitHostedPage(t, url, { card_number: CARDS.paid });
    const [receipt] = await receiptsTo(t, school.email);
    const today = new Date().toLocaleDateString('en-US', {
      timeZone: 'America/New_York',
      year: 'numeric',
      month: 'long',
      day: 'numeric',
    });
    for (const part of [receipt?.text ?? '', receipt?.html ?? '']) {
      expect(part).toContain(`Order: #${order.id}`);
      expect(part).toContain(`Payment reference: ${ref}`);
      expect(part).toContain(`Amount paid: ${formatMoney(order.total_cents)}`);
      expect(part).toContain(`Date: ${today}`);
      expect(part).not.toMatch(/Payment reference: \d+\b/);
    }
  });
});

describe('GET /api/orderconfirm: what became of the payment the school came back with', () => {
  it('answers cancelled when the payer left the gateway’s page, and closes that checkout so it cannot be paid', async () => {
    const { school, order, payment, url, ref } = await startedPayment();
    const res = await confirm(school.token, school.orderKey, payment.payment_key, 'cancel');
    expect(res.statusCode, res.body).toBe(200);
    expect(OrderConfirmResponse.parse(res.json())).toMatchObject({
      order_status: '0',
      payment_status: 'unpaid',
      payment_result: 'cancelled',
    });
    expect(await sessionStatus(ref)).toBe('expired');
    expect((await paymentsOf(t, order.id)).map((p) => p.status)).toEqual(['failed']);

    // The closed checkout's page can no longer take the card.
    const { token } = await openHostedPage(t, url);
    expect(token).toBeUndefined();
    const late = await submitHostedPage(t, url, { card_number: CARDS.paid });
    expect(late.statusCode).toBe(403);
    expect((await storedOrder(t, school.orderKey)).payment_status).toBe('unpaid');

    // Loaded again, it still says cancelled; and a later payment starts afresh.
    const again = await confirm(school.token, school.orderKey, payment.payment_key, 'cancel');
    expect(again.json().payment_result).toBe('cancelled');
    const next = await t.api.post('/api/placeorder', {
      body: { order_key: school.orderKey, payment_method: '2', tnc: '1' },
      headers: bearer(school.token),
    });
    expect(next.statusCode).toBe(200);
    expect((await submitHostedPage(t, next.json().redirect, {})).statusCode).toBe(303);
    expect((await paymentsOf(t, order.id)).map((p) => p.status)).toEqual(['failed', 'succeeded']);
  });

  it('answers declined for a card the gateway refused, whichever address the browser came back by', async () => {
    const { school, payment, url } = await startedPayment();
    await submitHostedPage(t, url, { card_number: CARDS.declined });
    for (const via of ['cancel', 'success', undefined] as const) {
      const res = await confirm(school.token, school.orderKey, payment.payment_key, via);
      expect(res.json()).toMatchObject({ order_status: '0', payment_result: 'declined' });
    }
  });

  it('answers pending, and leaves the checkout open, for a school back by the success address before paying', async () => {
    const { school, order, payment, ref } = await startedPayment();
    const res = await confirm(school.token, school.orderKey, payment.payment_key, 'success');
    expect(res.json()).toMatchObject({ order_status: '0', payment_result: 'pending' });
    expect(await sessionStatus(ref)).toBe('open');
    expect((await paymentsOf(t, order.id)).map((p) => p.status)).toEqual(['pending']);
  });

  it('answers paid on a cancel-return when the payer had paid meanwhile (another tab), and closes nothing', async () => {
    const { school, payment, url, ref } = await startedPayment();
    await submitHostedPage(t, url, { card_number: CARDS.paid });
    const res = await confirm(school.token, school.orderKey, payment.payment_key, 'cancel');
    expect(res.json()).toMatchObject({ payment_status: 'paid', payment_result: 'paid' });
    expect(await sessionStatus(ref)).toBe('paid');
  });

  it('answers null without a payment key, and refuses an unknown return address with its message', async () => {
    const { school } = await startedPayment();
    const plain = await t.api.get(`/api/orderconfirm?order_key=${school.orderKey}`, { headers: bearer(school.token) });
    expect(plain.json().payment_result).toBeNull();
    const bad = await t.api.get(`/api/orderconfirm?order_key=${school.orderKey}&return_via=elsewhere`, {
      headers: bearer(school.token),
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toMatchObject({
      status: 'error',
      errors: { return_via: MSG.returnViaInvalid },
    });
  });
});
