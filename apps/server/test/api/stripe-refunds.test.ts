import { USER_TYPE } from '@portal/contracts/constants';
import { MSG, refundRefused } from '@portal/contracts/messages';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { refunds } from '../../src/db/schema/index.ts';
import { bearer, signedInStaff } from '../helpers/accounts.ts';
import { type FakeStripe, sendStripeRefundEvent } from '../helpers/fake-stripe.ts';
import { storedOrder } from '../helpers/orders.ts';
import { createStripeTestApp, orderPaidOnStripe, type StripeTestApp } from '../helpers/stripe-app.ts';
import type { TestApp } from '../helpers/test-app.ts';

/** Refunds of card payments taken by Stripe Checkout: asked of Stripe's refunds API, settled by its webhook when late. */
const SECRET_KEY = 'sk_test_refunds';
const WEBHOOK_SECRET = 'whsec_test_refunds';

let app: StripeTestApp;
let t: TestApp;
let stripeApi: FakeStripe;
let admin: { token: string };

beforeAll(async () => {
  app = await createStripeTestApp({ secretKey: SECRET_KEY, webhookSecret: WEBHOOK_SECRET });
  ({ t, stripeApi } = app);
  admin = await signedInStaff(t, USER_TYPE.admin);
});
afterAll(() => app?.close());

const paidOnStripe = () => orderPaidOnStripe(app);

const refund = (orderId: number, body: Record<string, unknown>) =>
  t.api.post(`/api/admin/orders/${orderId}/refund`, { body, headers: bearer(admin.token) });

describe('a refund through Stripe', () => {
  it('in part then in full: each is one refund of the charge at Stripe, made under its own idempotency key', async () => {
    const { school, order, payment: p, intent } = await paidOnStripe();
    const part = await refund(order.id, {
      payment_id: p.id,
      method: 'card',
      amount: '12.00',
      reason: 'Fewer planners',
    });
    expect(part.statusCode, part.body).toBe(200);
    const rest = (order.total_cents - 1_200) / 100;
    const full = await refund(order.id, {
      payment_id: p.id,
      method: 'card',
      amount: rest.toFixed(2),
      reason: 'Cancelled',
    });
    expect(full.statusCode, full.body).toBe(200);

    const made = [...stripeApi.refunds.values()].filter((r) => r.payment_intent === intent);
    expect(made.map((r) => r.amount)).toEqual([1_200, order.total_cents - 1_200]);
    const asked = stripeApi.requests.filter((r) => r.path === '/v1/refunds');
    expect(new Set(asked.map((r) => r.headers['idempotency-key'])).size).toBe(2);
    expect((await storedOrder(t, school.orderKey)).refunded_cents).toBe(order.total_cents);
    const rows = await t.db.select().from(refunds).where(eq(refunds.payment_id, p.id));
    expect(rows.map((r) => r.reference)).toEqual(made.map((r) => r.id));
  });

  it('passes on Stripe’s refusal in its words, and counts nothing', async () => {
    const { school, order, payment: p } = await paidOnStripe();
    // Refunded in full at Stripe's dashboard meanwhile.
    stripeApi.refunds.set('re_dashboard', {
      id: 're_dashboard',
      object: 'refund',
      amount: order.total_cents,
      payment_intent: `pi_${p.gateway_ref}`,
      status: 'succeeded',
      failure_reason: null,
      metadata: {},
    });
    const refused = await refund(order.id, { payment_id: p.id, method: 'card', amount: '1.00', reason: 'Goodwill' });
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toBe(
      refundRefused('Refund amount ($1.00) is greater than unrefunded amount on charge ($0.00)'),
    );
    expect((await storedOrder(t, school.orderKey)).refunded_cents).toBe(0);
  });

  it('keeps a refund Stripe leaves pending as asked for, and counts it once its webhook says it succeeded', async () => {
    const { school, order, payment: p } = await paidOnStripe();
    stripeApi.refundStatus = 'pending';
    try {
      const asked = await refund(order.id, {
        payment_id: p.id,
        method: 'card',
        amount: '3.00',
        reason: 'Late delivery',
      });
      expect(asked.statusCode, asked.body).toBe(200);
      expect(asked.json().message).toBe(MSG.adminRefundPending);
    } finally {
      stripeApi.refundStatus = 'succeeded';
    }
    expect((await storedOrder(t, school.orderKey)).refunded_cents).toBe(0);
    const [row] = await t.db.select().from(refunds).where(eq(refunds.payment_id, p.id));
    expect(row).toMatchObject({ status: 'pending' });
    const made = stripeApi.refunds.get(row?.reference ?? '');
    if (!made) throw new Error('no refund at Stripe');
    made.status = 'succeeded';
    for (let i = 0; i < 2; i++) {
      const hook = await sendStripeRefundEvent(t.app, stripeApi, WEBHOOK_SECRET, 'refund.updated', made.id);
      expect(hook.statusCode).toBe(200);
    }
    expect((await storedOrder(t, school.orderKey)).refunded_cents).toBe(300);
    const [after] = await t.db.select().from(refunds).where(eq(refunds.payment_id, p.id));
    expect(after?.status).toBe('succeeded');
  });
});
