import { AdminOrderResponse } from '@portal/contracts/admin-orders';
import { USER_TYPE } from '@portal/contracts/constants';
import { creditAmountTooHigh, MSG, refundAmountTooHigh, refundRefused } from '@portal/contracts/messages';
import { formatMoney } from '@portal/contracts/money';
import { accountBalance, paymentStatusOf } from '@portal/contracts/order-rules';
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { email_outbox, payments, refunds, test_gateway_refunds } from '../../src/db/schema/index.ts';
import { reconcileRefunds } from '../../src/modules/payments/refund-payment.ts';
import { bearer, signedInStaff } from '../helpers/accounts.ts';
import { createCatalogueApp, productIdOf } from '../helpers/catalogue.ts';
import { faultyTestGateway, healthyGateway, whileGatewayDown } from '../helpers/faulty-gateway.ts';
import { CARDS, submitHostedPage } from '../helpers/hosted-page.ts';
import { expectOwedKept } from '../helpers/money-owed.ts';
import { orderAudit } from '../helpers/order-pay-links.ts';
import {
  completeOrderForm,
  issueOrderInvoice,
  PLANNER,
  receiptsTo,
  schoolWithPlacedOrder,
  startedCardPayment,
  storedOrder,
} from '../helpers/orders.ts';
import { pdfText } from '../helpers/pdf-text.ts';
import type { TestApp } from '../helpers/test-app.ts';

/**
 * Money given back of an order's payments: to the card through the gateway (the test
 * gateway refunds as Stripe does) or by a check staff send. The account keeps
 * total − received + refunded = balance, the school is told, the history says who and why.
 */
const faults = healthyGateway();
let t: TestApp;
let admin: { token: string };
beforeAll(async () => {
  t = await createCatalogueApp({ gateway: faultyTestGateway(faults) });
  admin = await signedInStaff(t, USER_TYPE.admin);
});
afterAll(() => t?.close());

const refund = (orderId: number, body: Record<string, unknown>, token = admin.token) =>
  t.api.post(`/api/admin/orders/${orderId}/refund`, { body, headers: bearer(token) });

const staffOrder = async (orderId: number) => {
  const res = await t.api.get(`/api/admin/orders/${orderId}`, { headers: bearer(admin.token) });
  expect(res.statusCode, res.body).toBe(200);
  return AdminOrderResponse.parse(res.json());
};

/** A placed order paid by card on the test gateway: the order, its payment and the school. */
async function paidByCard() {
  const { school, payment, url } = await startedCardPayment(t);
  expect((await submitHostedPage(t, url, { card_number: CARDS.paid })).statusCode).toBe(303);
  return { school, order: await storedOrder(t, school.orderKey), payment };
}

/** The identity the account keeps, read from the database's own rows. */
async function expectAccountHolds(orderKey: string) {
  const order = await storedOrder(t, orderKey);
  const [sums] = await t.db
    .select({
      received: sql<number>`coalesce(sum(${payments.amount_cents}) filter (where ${payments.status} = 'succeeded'), 0)::int`,
    })
    .from(payments)
    .where(eq(payments.order_id, order.id));
  const [given] = await t.db
    .select({ cents: sql<number>`coalesce(sum(${refunds.amount_cents}), 0)::int` })
    .from(refunds)
    .innerJoin(payments, eq(payments.id, refunds.payment_id))
    .where(and(eq(payments.order_id, order.id), eq(refunds.status, 'succeeded')));
  expect(order.received_cents).toBe(sums?.received);
  expect(order.refunded_cents).toBe(given?.cents);
  expect(order.payment_status).toBe(paymentStatusOf(order));
  const staff = await staffOrder(order.id);
  expect(staff.balance_cents).toBe(order.total_cents - order.received_cents + order.refunded_cents);
  return order;
}

const noticesTo = (address: string) =>
  t.db
    .select()
    .from(email_outbox)
    .where(and(eq(email_outbox.to_address, address), eq(email_outbox.template, 'refund-notice')));

describe('a card payment refunded through the gateway', () => {
  it('in part, then the rest: the account counts each, the gateway has each, the school is told each', async () => {
    const { school, order, payment } = await paidByCard();
    const first = await refund(order.id, {
      payment_id: payment.id,
      method: 'card',
      amount: '10.00',
      reason: 'Two planners fewer than ordered',
    });
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json().message).toBe(MSG.adminRefundRecorded);
    let after = await expectAccountHolds(school.orderKey);
    expect(after).toMatchObject({ refunded_cents: 1_000, payment_status: 'unpaid' });
    expect(accountBalance(after)).toBe(1_000);

    const rest = order.total_cents - 1_000;
    const second = await refund(order.id, {
      payment_id: payment.id,
      method: 'card',
      amount: String(rest / 100),
      reason: 'Order not wanted',
    });
    expect(second.statusCode, second.body).toBe(200);
    after = await expectAccountHolds(school.orderKey);
    expect(after.refunded_cents).toBe(order.total_cents);

    const atGateway = await t.db
      .select()
      .from(test_gateway_refunds)
      .where(eq(test_gateway_refunds.session_id, payment.gateway_ref ?? ''));
    expect(atGateway.map((r) => r.amount_cents).sort()).toEqual([1_000, rest].sort());
    const staff = await staffOrder(order.id);
    expect(staff.refunds.map((r) => [r.amount_cents, r.status, r.method])).toEqual([
      [1_000, 'succeeded', 'card'],
      [rest, 'succeeded', 'card'],
    ]);
    expect(staff.refunds[0]?.reference).toMatch(/^tr_/);
    expect(staff.payments[0]?.refundable_cents).toBe(0);

    const notices = await noticesTo(school.email);
    expect(notices.map((n) => n.subject)).toEqual([
      `Refund of ${formatMoney(1_000)} for order #${order.id}`,
      `Refund of ${formatMoney(rest)} for order #${order.id}`,
    ]);
    expect(notices[0]?.text).toContain('Why: Two planners fewer than ordered');
    expect(notices[0]?.text).toContain('back to the card you paid with');
    const history = await orderAudit(t, order.id);
    expect(history.filter((h) => h.action === 'refund')).toHaveLength(2);

    // Nothing of the school's left on it, staff may now cancel it.
    expect(staff.transitions).toContain('Cancelled');
    const cancel = await t.api.post(`/api/admin/orders/${order.id}/status`, {
      body: { status: 'Cancelled' },
      headers: bearer(admin.token),
    });
    expect(cancel.statusCode, cancel.body).toBe(200);
  });

  it('refuses more than is left of the payment, and the amount left is named', async () => {
    const { order, payment } = await paidByCard();
    const tooMuch = await refund(order.id, {
      payment_id: payment.id,
      method: 'card',
      amount: String(order.total_cents / 100 + 1),
      reason: 'Typo',
    });
    expect(tooMuch.statusCode).toBe(400);
    expect(tooMuch.json().errors).toEqual({ amount: refundAmountTooHigh((order.total_cents / 100).toFixed(2)) });
    expect(await t.db.select().from(refunds).where(eq(refunds.payment_id, payment.id))).toEqual([]);
  });

  it('makes two refunds asked at once for the whole payment into one: the other is refused', async () => {
    const { school, order, payment } = await paidByCard();
    const body = {
      payment_id: payment.id,
      method: 'card',
      amount: String(order.total_cents / 100),
      reason: 'Cancelled',
    };
    const answers = await Promise.all([refund(order.id, body), refund(order.id, body)]);
    expect(answers.map((a) => a.statusCode).sort()).toEqual([200, 400]);
    const after = await expectAccountHolds(school.orderKey);
    expect(after.refunded_cents).toBe(order.total_cents);
  });

  it('keeps a refund the gateway could not be asked for as pending, holding its amount, and settles it once asked again', async () => {
    const { school, order, payment } = await paidByCard();
    const down = await whileGatewayDown(faults, () =>
      refund(order.id, { payment_id: payment.id, method: 'card', amount: '5.00', reason: 'Overcharged' }),
    );
    expect(down.statusCode).toBe(503);
    expect(down.json().message).toBe(MSG.adminRefundGatewayDown);
    expect((await storedOrder(t, school.orderKey)).refunded_cents).toBe(0);
    const held = await staffOrder(order.id);
    expect(held.refunds.map((r) => r.status)).toEqual(['pending']);
    expect(held.payments[0]?.refundable_cents).toBe(order.total_cents - 500);

    // Asked again under the same key: made once, counted once, even when asked twice.
    expect(await reconcileRefunds(t.ctx)).toBeGreaterThanOrEqual(1);
    await reconcileRefunds(t.ctx);
    const after = await expectAccountHolds(school.orderKey);
    expect(after.refunded_cents).toBe(500);
    const atGateway = await t.db
      .select()
      .from(test_gateway_refunds)
      .where(eq(test_gateway_refunds.session_id, payment.gateway_ref ?? ''));
    expect(atGateway).toHaveLength(1);
    expect(await noticesTo(school.email)).toHaveLength(1);
  });

  it('marks a refund the gateway refuses as failed, with its words, and counts nothing', async () => {
    const { school, order, payment } = await paidByCard();
    // The charge was refunded at the gateway's own dashboard meanwhile: it has nothing left.
    await t.db.insert(test_gateway_refunds).values({
      id: 'tr_dashboard',
      session_id: payment.gateway_ref ?? '',
      amount_cents: order.total_cents,
      refund_key: 'dashboard',
    });
    const refused = await refund(order.id, {
      payment_id: payment.id,
      method: 'card',
      amount: '1.00',
      reason: 'Goodwill',
    });
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toBe(refundRefused('The refund is more than the charge has left.'));
    const staff = await staffOrder(order.id);
    expect(staff.refunds.map((r) => [r.status, r.failure])).toEqual([
      ['failed', 'The refund is more than the charge has left.'],
    ]);
    expect(staff.payments[0]?.refundable_cents).toBe(order.total_cents);
    expect((await expectAccountHolds(school.orderKey)).refunded_cents).toBe(0);
  });
});

describe('money sent back by hand', () => {
  it('records a check sent for part of a card payment: counted at once, on the invoice as a refund line', async () => {
    const { school, order, payment } = await paidByCard();
    const missing = await refund(order.id, {
      payment_id: payment.id,
      method: 'offline',
      amount: '7.50',
      reason: 'Damaged box',
    });
    expect(missing.statusCode).toBe(400);
    expect(missing.json().errors).toEqual({ reference: MSG.adminOfflineReferenceRequired });

    const sent = await refund(order.id, {
      payment_id: payment.id,
      method: 'offline',
      amount: '7.50',
      reference: 'Check 2001',
      reason: 'Damaged box',
    });
    expect(sent.statusCode, sent.body).toBe(200);
    const after = await expectAccountHolds(school.orderKey);
    expect(after.refunded_cents).toBe(750);
    const [notice] = await noticesTo(school.email);
    expect(notice?.text).toContain('It is sent to you by hand (Check 2001).');
    expect(notice?.text).toContain(`Still to pay on this order: ${formatMoney(750)}.`);

    // The invoice issued now lists what came in and what went back.
    await issueOrderInvoice(t, school.orderKey);
    const pdf = await t.api.get(`/api/admin/orders/${order.id}/document?type=invoice`, {
      headers: bearer(admin.token),
    });
    expect(pdf.statusCode, pdf.body).toBe(200);
    const text = pdfText(pdf.rawPayload).join('\n');
    expect(text).toContain(`Refund of payment ${payment.id}`);
    expect(text).toContain(formatMoney(-750));
  });

  it('refuses to send to a card money that came by check, a payment not received, and another order’s payment', async () => {
    const byCheck = await schoolWithPlacedOrder(t);
    const placed = await storedOrder(t, byCheck.orderKey);
    const check = await t.api.post(`/api/admin/orders/${placed.id}/offline-payment`, {
      body: { method: 'check', amount: '1.00', reference: '77', received_on: '2026-11-30' },
      headers: bearer(admin.token),
    });
    expect(check.statusCode, check.body).toBe(200);
    const [checkPayment] = await t.db.select().from(payments).where(eq(payments.order_id, placed.id));
    const toCard = await refund(placed.id, {
      payment_id: checkPayment?.id,
      method: 'card',
      amount: '1.00',
      reason: 'x',
    });
    expect(toCard.statusCode).toBe(400);
    expect(toCard.json().errors).toEqual({ method: MSG.adminRefundCardOnlyForCard });

    const { payment } = await paidByCard();
    const crossed = await refund(placed.id, { payment_id: payment.id, method: 'card', amount: '1.00', reason: 'x' });
    expect(crossed.statusCode).toBe(404);
    expect(crossed.json().message).toBe(MSG.adminRefundPaymentNotFound);

    const [failed] = await t.db
      .insert(payments)
      .values({
        payment_key: `failed-${placed.id}`,
        kind: 'order',
        user_id: placed.school_user_id,
        order_id: placed.id,
        amount_cents: 100,
        gateway: 'test',
        status: 'failed',
      })
      .returning({ id: payments.id });
    const notReceived = await refund(placed.id, {
      payment_id: failed?.id,
      method: 'card',
      amount: '1.00',
      reason: 'x',
    });
    expect(notReceived.statusCode).toBe(409);
    expect(notReceived.json().message).toBe(MSG.adminRefundNotReceived);
    expect((await expectAccountHolds(byCheck.orderKey)).refunded_cents).toBe(0);
  });

  it('is for administrators only, as is applying a credit: a sales rep and a school are refused', async () => {
    const { school, order, payment } = await paidByCard();
    const rep = await signedInStaff(t, USER_TYPE.salesRep);
    const body = { payment_id: payment.id, method: 'card', amount: '1.00', reason: 'x' };
    expect((await refund(order.id, body, rep.token)).statusCode).toBe(403);
    expect((await refund(order.id, body, school.token)).statusCode).toBe(403);
    for (const token of [rep.token, school.token]) {
      const credit = await t.api.post(`/api/admin/orders/${order.id}/apply-credit`, {
        body: { to_order_id: order.id + 1, amount: '1.00' },
        headers: bearer(token),
      });
      expect(credit.statusCode).toBe(403);
    }
    expect((await storedOrder(t, school.orderKey)).refunded_cents).toBe(0);
  });
});

describe('a credit applied to another of the school’s orders', () => {
  /** A second order of the same school, placed to be invoiced now: owed its total. */
  async function secondOrderOf(school: { token: string }) {
    const res = await t.api.post('/api/addtocartv2', {
      body: { product_id: await productIdOf(t, PLANNER) },
      headers: bearer(school.token),
    });
    expect(res.statusCode, res.body).toBe(200);
    const orderKey = res.json().order_key as string;
    const saved = await t.api.post('/api/updatetemporder', {
      body: completeOrderForm(orderKey, { status: 'Order Placed', payment_method: '1' }, t.ctx.clock()),
      headers: bearer(school.token),
    });
    expect(saved.statusCode, saved.body).toBe(200);
    return storedOrder(t, orderKey);
  }
  const setTax = (orderId: number, taxCents: number) =>
    t.api.post(`/api/admin/orders/${orderId}/tax`, { body: { tax_cents: taxCents }, headers: bearer(admin.token) });
  const apply = (fromId: number, body: Record<string, unknown>) =>
    t.api.post(`/api/admin/orders/${fromId}/apply-credit`, { body, headers: bearer(admin.token) });

  it('moves what the first order was overpaid into the second: both accounts add up, the school gets its receipt', async () => {
    const { school, order: first } = await paidByCard();
    // Tax added after the payment, paid, then lowered: 15.00 paid beyond the total.
    expect((await setTax(first.id, 2_000)).statusCode).toBe(200);
    const again = await t.api.post('/api/placeorder', {
      body: { order_key: school.orderKey, payment_method: '2', tnc: '1' },
      headers: bearer(school.token),
    });
    expect((await submitHostedPage(t, again.json().redirect, { card_number: CARDS.paid })).statusCode).toBe(303);
    expect((await setTax(first.id, 500)).statusCode).toBe(200);
    const second = await secondOrderOf(school);
    const view = await staffOrder(first.id);
    expect(view.balance_cents).toBe(-1_500);
    expect(view.credit_targets).toEqual([
      { order_id: second.id, status: 'Order Placed', balance_cents: second.total_cents },
    ]);

    const tooMuch = await apply(first.id, { to_order_id: second.id, amount: '15.01' });
    expect(tooMuch.statusCode).toBe(400);
    expect(tooMuch.json().errors).toEqual({ amount: creditAmountTooHigh('15.00') });

    const moved = await apply(first.id, { to_order_id: second.id, amount: '15.00' });
    expect(moved.statusCode, moved.body).toBe(200);
    expect(moved.json().message).toBe(MSG.adminCreditApplied);
    const from = await expectAccountHolds(school.orderKey);
    expect(accountBalance(from)).toBe(0);
    const to = await expectAccountHolds(second.order_key);
    expect(to).toMatchObject({ received_cents: 1_500, refunded_cents: 0 });
    expect(accountBalance(to)).toBe(second.total_cents - 1_500);
    // The 15.00 came out of the second payment (the first was spent on the total).
    const fromView = await staffOrder(first.id);
    expect(fromView.refunds.map((r) => [r.method, r.amount_cents, r.reference])).toEqual([
      ['credit', 1_500, `Applied to order #${second.id}`],
    ]);
    expect(fromView.credit_targets).toEqual([]);
    const receipts = await receiptsTo(t, school.email);
    const ofSecond = receipts.filter((r) => r.subject === `Payment received for order #${second.id}`);
    expect(ofSecond).toHaveLength(1);
    expect(ofSecond[0]?.text).toContain(`payment (Credit from order #${first.id}`);
    expect(await noticesTo(school.email)).toEqual([]);
    const history = await orderAudit(t, first.id);
    expect(history.filter((h) => h.action === 'credit-applied')).toHaveLength(1);
  });

  it('refuses another school’s order, an order without credit, and the order itself', async () => {
    const { school, order } = await paidByCard();
    const stranger = await paidByCard();
    const noCredit = await apply(order.id, { to_order_id: (await secondOrderOf(school)).id, amount: '1.00' });
    expect(noCredit.statusCode).toBe(409);
    expect(noCredit.json().message).toBe(MSG.adminCreditNone);
    const elsewhere = await apply(order.id, { to_order_id: stranger.order.id, amount: '1.00' });
    expect(elsewhere.statusCode).toBe(400);
    expect(elsewhere.json().errors).toEqual({ to_order_id: MSG.adminCreditOtherSchool });
    const itself = await apply(order.id, { to_order_id: order.id, amount: '1.00' });
    expect(itself.statusCode).toBe(400);
    expect((await expectAccountHolds(school.orderKey)).refunded_cents).toBe(0);
  });
});

describe('the database’s own guard', () => {
  it('refuses an order that refunded more than it received, and one whose refunds leave it marked paid', async () => {
    const { order } = await paidByCard();
    const refused = (constraint: string) =>
      expect.objectContaining({ cause: expect.objectContaining({ code: '23514', constraint }) });
    await expect(
      t.db.execute(
        sql`update orders set refunded_cents = received_cents + 1, payment_status = 'unpaid' where id = ${order.id}`,
      ),
    ).rejects.toEqual(refused('orders_refunded_within_received'));
    await expect(t.db.execute(sql`update orders set refunded_cents = 1 where id = ${order.id}`)).rejects.toEqual(
      refused('orders_paid_when_covered'),
    );
  });
});

describe('what is owed, as the database keeps it', () => {
  it('is what the records add up to, after every change the tests above made', () => expectOwedKept(t));
});
