import { OrderConfirmResponse } from '@portal/contracts/checkout';
import { MSG } from '@portal/contracts/messages';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { audit_log } from '../../src/db/schema/index.ts';
import { bearer } from '../helpers/accounts.ts';
import { type FakeStripe, sendStripeEvent } from '../helpers/fake-stripe.ts';
import {
  paymentsOf,
  placeByCard,
  receiptsTo,
  schoolWithPlacedOrder,
  startedCardPayment,
  storedOrder,
} from '../helpers/orders.ts';
import { createStripeTestApp, type StripeTestApp } from '../helpers/stripe-app.ts';
import type { TestApp } from '../helpers/test-app.ts';

const SECRET_KEY = 'sk_test_fake';
const WEBHOOK_SECRET = 'whsec_test_faults';
/** Short, so that a slow Stripe is found out quickly; production's is GATEWAY_TIMEOUT_MS. */
const TIMEOUT_MS = 400;

let app: StripeTestApp;
let t: TestApp;
let stripeApi: FakeStripe;

beforeAll(async () => {
  app = await createStripeTestApp({ secretKey: SECRET_KEY, webhookSecret: WEBHOOK_SECRET, timeoutMs: TIMEOUT_MS });
  ({ t, stripeApi } = app);
});
afterAll(() => app?.close());

const completed = (sessionId: string) =>
  sendStripeEvent(t.app, stripeApi, WEBHOOK_SECRET, 'checkout.session.completed', sessionId);

const confirm = (token: string, orderKey: string, paymentKey: string) =>
  t.api.get(`/api/orderconfirm?order_key=${orderKey}&payment_key=${paymentKey}&return_via=success`, {
    headers: bearer(token),
  });

const paidAudits = (paymentId: number) =>
  t.db
    .select()
    .from(audit_log)
    .where(
      and(eq(audit_log.entity, 'payment'), eq(audit_log.entity_id, String(paymentId)), eq(audit_log.action, 'paid')),
    );

async function whileStripeSlow<T>(work: () => Promise<T>): Promise<T> {
  stripeApi.delayMs = TIMEOUT_MS * 3;
  try {
    return await work();
  } finally {
    stripeApi.delayMs = 0;
  }
}

describe('Stripe’s webhook and the return page at the same moment', () => {
  it('records the payment once in each of 5 rounds, the webhook delivered twice: paid once, one receipt, one audit row', async () => {
    for (let round = 0; round < 5; round++) {
      const { school, order, payment, ref } = await startedCardPayment(t);
      stripeApi.pay(ref);
      const [hook, back, redelivered] = await Promise.all([
        completed(ref),
        confirm(school.token, school.orderKey, payment.payment_key),
        completed(ref),
      ]);
      expect([hook.statusCode, redelivered.statusCode], hook.body).toEqual([200, 200]);
      expect(OrderConfirmResponse.parse(back.json())).toMatchObject({ payment_status: 'paid', payment_result: 'paid' });
      expect(
        (await paymentsOf(t, order.id)).map((p) => p.status),
        `round ${round}`,
      ).toEqual(['succeeded']);
      expect((await storedOrder(t, school.orderKey)).payment_status).toBe('paid');
      expect(await receiptsTo(t, school.email), `round ${round}`).toHaveLength(1);
      expect(await paidAudits(payment.id), `round ${round}`).toHaveLength(1);
    }
  }, 60_000);
});

describe('Stripe slow to answer', () => {
  it('gives up on a checkout after one retry with the same idempotency key: 503, a plain message, the next try starts', async () => {
    const school = await schoolWithPlacedOrder(t);
    const order = await storedOrder(t, school.orderKey);
    const place = () => placeByCard(t, school);
    const before = stripeApi.requests.length;
    const slow = await whileStripeSlow(place);
    expect(slow.statusCode).toBe(503);
    expect(slow.json()).toEqual({ status: 'error', message: MSG.paymentGatewayUnavailable });
    const creates = stripeApi.requests
      .slice(before)
      .filter((r) => r.method === 'POST' && r.path === '/v1/checkout/sessions');
    expect(creates).toHaveLength(2);
    const [payment] = await paymentsOf(t, order.id);
    expect(creates.map((r) => r.headers['idempotency-key'])).toEqual([
      `checkout-${payment?.payment_key}`,
      `checkout-${payment?.payment_key}`,
    ]);
    expect((await paymentsOf(t, order.id)).map((p) => p.status)).toEqual(['failed']);

    const again = await place();
    expect(again.statusCode, again.body).toBe(200);
    expect((await paymentsOf(t, order.id)).map((p) => p.status)).toEqual(['failed', 'pending']);
  }, 30_000);

  it('answers pending on the return page meanwhile; the webhook afterwards records the payment once', async () => {
    const { school, order, payment, ref } = await startedCardPayment(t);
    stripeApi.pay(ref);
    const back = await whileStripeSlow(() => confirm(school.token, school.orderKey, payment.payment_key));
    expect(back.statusCode, back.body).toBe(200);
    expect(OrderConfirmResponse.parse(back.json())).toMatchObject({
      order_status: '0',
      payment_status: 'unpaid',
      payment_result: 'pending',
    });
    expect((await paymentsOf(t, order.id)).map((p) => p.status)).toEqual(['pending']);

    expect((await completed(ref)).statusCode).toBe(200);
    expect((await completed(ref)).statusCode).toBe(200);
    expect((await paymentsOf(t, order.id)).map((p) => p.status)).toEqual(['succeeded']);
    expect(await receiptsTo(t, school.email)).toHaveLength(1);
    expect(await paidAudits(payment.id)).toHaveLength(1);
  }, 30_000);
});
