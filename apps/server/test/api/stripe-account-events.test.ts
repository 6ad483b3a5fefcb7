import { USER_TYPE } from '@portal/contracts/constants';
import { paymentStatusOf } from '@portal/contracts/order-rules';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { payment_disputes, refunds } from '../../src/db/schema/index.ts';
import { bearer, signedInSponsor, signedInStaff } from '../helpers/accounts.ts';
import { sponsorshipAudit } from '../helpers/admin-sponsorships.ts';
import {
  disputeOf,
  type FakeStripe,
  refundAtDashboard,
  sendStripeEvent,
  sendStripeObjectEvent,
} from '../helpers/fake-stripe.ts';
import { orderAudit } from '../helpers/order-pay-links.ts';
import { storedOrder } from '../helpers/orders.ts';
import { paymentOfUrl, sponsorshipOf, storedSponsorship } from '../helpers/sponsorships.ts';
import { createStripeTestApp, orderPaidOnStripe as paidOrder, type StripeTestApp } from '../helpers/stripe-app.ts';
import type { TestApp } from '../helpers/test-app.ts';

/**
 * What Stripe says of a charge's money on its own account: a refund made at its dashboard,
 * a card dispute opened, won or lost. Each is counted once, whatever the number of notices.
 */
const SECRET_KEY = 'sk_test_account_events';
const WEBHOOK_SECRET = 'whsec_test_account_events';

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

const notice = async (type: string, object: unknown) => {
  const res = await sendStripeObjectEvent(t.app, WEBHOOK_SECRET, type, object);
  expect(res.statusCode, res.body).toBe(200);
};

const orderPaidOnStripe = () => paidOrder(app);

/** Two sponsorships of one sponsor paid together on Stripe's page. */
async function bulkPaidOnStripe() {
  const sponsor = await signedInSponsor(t);
  const a = await sponsorshipOf(t, sponsor.user.id, 10_000);
  const b = await sponsorshipOf(t, sponsor.user.id, 20_000);
  const res = await t.api.post('/api/paybulksponsorship', { body: {}, headers: bearer(sponsor.token) });
  expect(res.statusCode, res.body).toBe(200);
  const payment = await paymentOfUrl(t, (res.json() as { redirect: string }).redirect);
  const ref = payment.gateway_ref ?? '';
  stripeApi.pay(ref);
  expect((await sendStripeEvent(t.app, stripeApi, WEBHOOK_SECRET, 'checkout.session.completed', ref)).statusCode).toBe(
    200,
  );
  expect(await storedSponsorship(t, b.id)).toMatchObject({ paid_cents: 20_000, status: 'Completed' });
  return { a, b, payment, intent: `pi_${ref}` };
}

const disputesOf = (paymentId: number) =>
  t.db.select().from(payment_disputes).where(eq(payment_disputes.payment_id, paymentId));
const refundsOf = (paymentId: number) => t.db.select().from(refunds).where(eq(refunds.payment_id, paymentId));

describe('a refund made at Stripe’s dashboard', () => {
  it('counts on the order once, however often Stripe tells it, and the order owes it again', async () => {
    const { school, order, payment, intent } = await orderPaidOnStripe();
    const made = refundAtDashboard(stripeApi, intent, 2_500);
    await notice('refund.created', made);
    await notice('refund.updated', made);
    await notice('refund.created', made);

    const after = await storedOrder(t, school.orderKey);
    expect(after).toMatchObject({ received_cents: order.total_cents, refunded_cents: 2_500 });
    expect(after.payment_status).toBe(paymentStatusOf(after));
    expect(after.payment_status).not.toBe('paid');
    const rows = await refundsOf(payment.id);
    expect(rows.map((r) => [r.amount_cents, r.status, r.method, r.reference])).toEqual([
      [2_500, 'succeeded', 'card', made.id],
    ]);
    // The history says it was the gateway's doing, not a member of staff's.
    const history = (await orderAudit(t, order.id)).filter((r) => r.action === 'refund');
    expect(history).toHaveLength(1);
    expect(history[0]?.actor_user_id).toBeNull();
    // A later refund by staff may give back only what is left.
    const tooMuch = await t.api.post(`/api/admin/orders/${order.id}/refund`, {
      body: {
        payment_id: payment.id,
        method: 'card',
        amount: ((order.total_cents - 2_500 + 1) / 100).toFixed(2),
        reason: 'x',
      },
      headers: bearer(admin.token),
    });
    expect(tooMuch.statusCode).toBe(400);
  });

  it('waits for a pending one to succeed before it counts', async () => {
    const { school, payment, intent } = await orderPaidOnStripe();
    const made = refundAtDashboard(stripeApi, intent, 1_000);
    made.status = 'pending';
    await notice('refund.created', made);
    expect((await storedOrder(t, school.orderKey)).refunded_cents).toBe(0);
    made.status = 'succeeded';
    await notice('refund.updated', made);
    expect((await storedOrder(t, school.orderKey)).refunded_cents).toBe(1_000);
    expect(await refundsOf(payment.id)).toHaveLength(1);
  });

  it('gives a bulk payment’s refund back sponsorship by sponsorship, the first first', async () => {
    const { a, b, payment, intent } = await bulkPaidOnStripe();
    const made = refundAtDashboard(stripeApi, intent, 15_000);
    await notice('refund.created', made);
    await notice('refund.created', made);
    expect(await storedSponsorship(t, a.id)).toMatchObject({ paid_cents: 0, status: 'Approved' });
    expect(await storedSponsorship(t, b.id)).toMatchObject({ paid_cents: 15_000, status: 'Partial' });
    const rows = await refundsOf(payment.id);
    expect(rows.map((r) => [r.sponsorship_id, r.amount_cents]).sort()).toEqual([
      [a.id, 10_000],
      [b.id, 5_000],
    ]);
  });

  it('notes, and does not count, more than the payment has left here', async () => {
    const { school, order, payment, intent } = await orderPaidOnStripe();
    // Staff sent part of it back by check already.
    const check = await t.api.post(`/api/admin/orders/${order.id}/refund`, {
      body: { payment_id: payment.id, method: 'offline', amount: '10.00', reference: 'Check 88', reason: 'Goodwill' },
      headers: bearer(admin.token),
    });
    expect(check.statusCode, check.body).toBe(200);
    const made = refundAtDashboard(stripeApi, intent, order.total_cents);
    await notice('refund.created', made);
    expect((await storedOrder(t, school.orderKey)).refunded_cents).toBe(order.total_cents);
    const note = (await orderAudit(t, order.id)).find((r) => r.action === 'gateway-refund-unrecorded');
    expect(note?.changes).toMatchObject({ after: { amount_cents: 1_000, reference: made.id } });
  });

  it('ignores a charge this portal did not take', async () => {
    const made = refundAtDashboard(stripeApi, 'pi_elsewhere', 500);
    const res = await sendStripeObjectEvent(t.app, WEBHOOK_SECRET, 'refund.created', made);
    expect(res.statusCode).toBe(200);
    expect(await t.db.select().from(refunds).where(eq(refunds.reference, made.id))).toHaveLength(0);
  });
});

describe('a card dispute', () => {
  it('opened, still counts as received; won, nothing changes', async () => {
    const { school, order, payment, intent } = await orderPaidOnStripe();
    const dispute = disputeOf(intent, order.total_cents, 'product_not_received');
    await notice('charge.dispute.created', dispute);
    await notice('charge.dispute.created', dispute);
    expect(await storedOrder(t, school.orderKey)).toMatchObject({ payment_status: 'paid', refunded_cents: 0 });
    const [open] = await disputesOf(payment.id);
    expect(open).toMatchObject({ status: 'open', amount_cents: order.total_cents, reason: 'product_not_received' });
    expect(open?.respond_by?.toISOString()).toBe('2026-12-20T23:59:59.000Z');

    dispute.status = 'won';
    await notice('charge.dispute.closed', dispute);
    expect(await storedOrder(t, school.orderKey)).toMatchObject({ payment_status: 'paid', refunded_cents: 0 });
    expect((await disputesOf(payment.id)).map((d) => d.status)).toEqual(['won']);
    expect((await orderAudit(t, order.id)).map((r) => r.action).filter((a) => a.startsWith('dispute'))).toEqual([
      'dispute-opened',
      'dispute-won',
    ]);
  });

  it('lost, counts as a refund once; a later word of it changes nothing', async () => {
    const { school, order, payment, intent } = await orderPaidOnStripe();
    const dispute = disputeOf(intent, order.total_cents);
    await notice('charge.dispute.created', dispute);
    dispute.status = 'lost';
    await notice('charge.dispute.closed', dispute);
    await notice('charge.dispute.closed', dispute);
    // A later word of it as under review again: lost stays lost here.
    dispute.status = 'under_review';
    await notice('charge.dispute.updated', dispute);

    const after = await storedOrder(t, school.orderKey);
    expect(after.refunded_cents).toBe(order.total_cents);
    expect(after.payment_status).toBe(paymentStatusOf(after));
    const rows = await refundsOf(payment.id);
    expect(rows.map((r) => [r.amount_cents, r.reason])).toEqual([
      [order.total_cents, 'Card dispute lost (fraudulent)'],
    ]);
    const [row] = await disputesOf(payment.id);
    expect(row).toMatchObject({ status: 'lost', refund_id: rows[0]?.id });
    const actions = (await orderAudit(t, order.id)).map((r) => r.action);
    expect(actions.filter((a) => a.startsWith('dispute'))).toEqual(['dispute-opened', 'dispute-lost']);
    expect(actions.filter((a) => a === 'refund')).toHaveLength(1);
  });

  it('lost on a bulk payment, each sponsorship gives back its share and its history says why', async () => {
    const { a, b, payment, intent } = await bulkPaidOnStripe();
    const dispute = { ...disputeOf(intent, 30_000), status: 'lost' as const };
    await notice('charge.dispute.closed', dispute);
    expect(await storedSponsorship(t, a.id)).toMatchObject({ paid_cents: 0, status: 'Approved' });
    expect(await storedSponsorship(t, b.id)).toMatchObject({ paid_cents: 0, status: 'Approved' });
    expect(await refundsOf(payment.id)).toHaveLength(2);
    expect((await sponsorshipAudit(t, b.id)).map((r) => r.action)).toEqual(
      expect.arrayContaining(['dispute-lost', 'refund']),
    );
  });

  it('lists for staff what is open, with the date to answer by, and only for staff', async () => {
    const { order, payment, intent } = await orderPaidOnStripe();
    const dispute = disputeOf(intent, 1_500, 'duplicate');
    await notice('charge.dispute.created', dispute);
    const res = await t.api.get('/api/admin/payment-disputes', { headers: bearer(admin.token) });
    expect(res.statusCode, res.body).toBe(200);
    const found = (res.json().disputes as { id: number; payment_id: number }[]).find(
      (d) => d.payment_id === payment.id,
    );
    expect(found).toMatchObject({
      payment_id: payment.id,
      status: 'open',
      amount_cents: 1_500,
      reason: 'Duplicate',
      respond_by: '2026-12-20T23:59:59.000Z',
      pays: [{ kind: 'order', id: order.id, label: `Order #${order.id}` }],
    });
    const open = (res.json().disputes as { status: string }[]).filter((d) => d.status === 'open').length;
    const start = await t.api.get('/api/admin/dashboard', { headers: bearer(admin.token) });
    expect(open).toBeGreaterThan(0);
    expect(start.json().payment_disputes).toBe(open);
    const sponsor = await signedInSponsor(t);
    expect((await t.api.get('/api/admin/payment-disputes', { headers: bearer(sponsor.token) })).statusCode).toBe(403);
  });
});
