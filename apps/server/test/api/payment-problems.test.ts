import { USER_TYPE } from '@portal/contracts/constants';
import { MSG } from '@portal/contracts/messages';
import { AdminPaymentProblemsResponse } from '@portal/contracts/payment-problems';
import { and, asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  audit_log,
  payments,
  sponsorships,
  test_gateway_refunds,
  test_gateway_sessions,
} from '../../src/db/schema/index.ts';
import { handleGatewayEvent } from '../../src/modules/payments/handle-gateway-event.ts';
import { bearer, signedInSponsor, signedInStaff } from '../helpers/accounts.ts';
import { createCatalogueApp } from '../helpers/catalogue.ts';
import { faultyTestGateway, healthyGateway, paidAtGatewayOnly, whileGatewayDown } from '../helpers/faulty-gateway.ts';
import { placeByCard, receiptsTo, startedCardPayment, storedOrder } from '../helpers/orders.ts';
import { paymentOfUrl, sponsorshipOf, storedSponsorship } from '../helpers/sponsorships.ts';
import type { TestApp } from '../helpers/test-app.ts';

const faults = healthyGateway();
let t: TestApp;
let admin: Awaited<ReturnType<typeof signedInStaff>>;

beforeAll(async () => {
  t = await createCatalogueApp({ gateway: faultyTestGateway(faults) });
  admin = await signedInStaff(t, USER_TYPE.admin);
});
afterAll(async () => {
  await t?.close();
});

const problems = async (token = admin.token) => {
  const res = await t.api.get('/api/admin/payment-problems', { headers: bearer(token) });
  expect(res.statusCode, res.body).toBe(200);
  return AdminPaymentProblemsResponse.parse(res.json()).rows;
};

const resolve = (paymentId: number, body: Record<string, unknown>, token = admin.token) =>
  t.api.post(`/api/admin/payment-problems/${paymentId}/resolve`, { body, headers: bearer(token) });

const paymentRow = async (id: number) => {
  const [row] = await t.db.select().from(payments).where(eq(payments.id, id));
  if (!row) throw new Error(`no payment ${id}`);
  return row;
};

const historyOf = (entity: string, id: number) =>
  t.db
    .select({ action: audit_log.action, actor: audit_log.actor_user_id, changes: audit_log.changes })
    .from(audit_log)
    .where(and(eq(audit_log.entity, entity), eq(audit_log.entity_id, String(id))))
    .orderBy(asc(audit_log.id));

const gatewayRefundsOf = (ref: string) =>
  t.db.select().from(test_gateway_refunds).where(eq(test_gateway_refunds.session_id, ref));

/** The gateway took `cents` on the checkout instead of what the payment asked, and the server heard of it. */
async function paidOtherAmount(ref: string, cents: number) {
  await t.db.update(test_gateway_sessions).set({ amount_cents: cents }).where(eq(test_gateway_sessions.id, ref));
  await paidAtGatewayOnly(t, ref);
  expect(await handleGatewayEvent(t.ctx, 'test', { ref, outcome: 'settle' })).toBe('ok');
}

/** An order whose card payment the gateway took $1.00 short of its total. */
async function orderPaidShort() {
  const started = await startedCardPayment(t);
  await paidOtherAmount(started.ref, started.order.total_cents - 100);
  return started;
}

/** A sponsorship of $300 with $250 paid, whose $50 payment the gateway took as $80. */
async function sponsorshipOverpaid() {
  const sponsor = await signedInSponsor(t);
  const s = await sponsorshipOf(t, sponsor.user.id, 30_000, { paid: 25_000, status: 'Partial' });
  const pay = (amount: string) =>
    t.api.post('/api/sponsorshippayment', {
      body: { sponsorship_id: String(s.id), amount },
      headers: bearer(sponsor.token),
    });
  const res = await pay('50.00');
  expect(res.statusCode, res.body).toBe(200);
  const payment = await paymentOfUrl(t, (res.json() as { paymentLink: string }).paymentLink);
  const ref = payment.gateway_ref ?? '';
  await paidOtherAmount(ref, 8_000);
  return { sponsor, s, payment, ref, pay };
}

describe('the list of problem payments', () => {
  it('shows an administrator who paid, what, what was asked and what the gateway took; to no one else', async () => {
    const { school, order, payment, ref } = await orderPaidShort();
    const rows = await problems();
    const listed = rows.find((p) => p.payment_id === payment.id);
    // The back office's start page counts what the list shows.
    const start = await t.api.get('/api/admin/dashboard', { headers: bearer(admin.token) });
    expect(start.json().payment_problems).toBe(rows.length);
    expect(listed).toMatchObject({
      problem: 'amount-mismatch',
      payer_email: school.email,
      pays: [{ kind: 'order', id: order.id, label: `Order #${order.id}` }],
      amount_cents: order.total_cents,
      gateway_amount_cents: order.total_cents - 100,
      gateway: 'test',
      gateway_ref: ref,
    });

    const rep = await signedInStaff(t, USER_TYPE.salesRep);
    for (const token of [rep.token, school.token]) {
      const res = await t.api.get('/api/admin/payment-problems', { headers: bearer(token) });
      expect([401, 403]).toContain(res.statusCode);
      expect(res.body).not.toContain(ref);
      const act = await resolve(payment.id, { resolution: 'fail', note: 'not mine' }, token);
      expect([401, 403]).toContain(act.statusCode);
    }
    expect((await paymentRow(payment.id)).status).toBe('pending');
  });

  it('refuses a decision without a note or a known resolution, with the form’s words, and changes nothing', async () => {
    const { payment } = await orderPaidShort();
    const noNote = await resolve(payment.id, { resolution: 'record', note: '  ' });
    expect(noNote.statusCode).toBe(400);
    expect(noNote.json().errors).toMatchObject({ note: MSG.paymentProblemNoteRequired });
    const unknown = await resolve(payment.id, { resolution: 'forgive', note: 'why not' });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().errors).toMatchObject({ resolution: MSG.paymentProblemResolutionRequired });
    const notProblem = await resolve(2_000_000_000, { resolution: 'fail', note: 'no such payment' });
    expect(notProblem.statusCode).toBe(409);
    expect(notProblem.json().message).toBe(MSG.paymentProblemNotFound);
    expect(await paymentRow(payment.id)).toMatchObject({ status: 'pending', problem_resolution: null });
  });
});

describe('recording a problem payment', () => {
  it('counts an order’s payment at what the gateway took: the difference stays due, the school gets its receipt, once', async () => {
    const { school, order, payment, ref } = await orderPaidShort();
    const res = await resolve(payment.id, {
      resolution: 'record',
      note: 'The school paid $1 short; we invoice the rest.',
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({
      message: MSG.paymentProblemRecorded,
      resolution: 'record',
      amount_cents: order.total_cents - 100,
    });

    expect(await paymentRow(payment.id)).toMatchObject({
      status: 'succeeded',
      amount_cents: order.total_cents - 100,
      problem_resolution: 'record',
    });
    const after = await storedOrder(t, school.orderKey);
    expect(after.received_cents).toBe(order.total_cents - 100);
    expect(after.payment_status).toBe('unpaid');
    expect(await receiptsTo(t, school.email)).toHaveLength(1);
    expect((await problems()).map((p) => p.payment_id)).not.toContain(payment.id);
    expect((await historyOf('order', order.id)).filter((h) => h.action === 'payment-problem-resolved')).toEqual([
      {
        action: 'payment-problem-resolved',
        actor: admin.user.id,
        changes: expect.objectContaining({
          after: expect.objectContaining({
            payment_id: payment.id,
            resolution: 'record',
            amount_cents: order.total_cents - 100,
          }),
        }),
      },
    ]);

    // A second decision, and the gateway's notice again, change nothing.
    const again = await resolve(payment.id, { resolution: 'refund', note: 'twice' });
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe(MSG.paymentProblemNotFound);
    await handleGatewayEvent(t.ctx, 'test', { ref, outcome: 'settle' });
    expect((await storedOrder(t, school.orderKey)).received_cents).toBe(order.total_cents - 100);
    expect(await gatewayRefundsOf(ref)).toEqual([]);
    expect(await receiptsTo(t, school.email)).toHaveLength(1);
  });

  it('refuses to record what would pay a sponsorship beyond its total, and leaves it for another decision', async () => {
    const { s, payment } = await sponsorshipOverpaid();
    const res = await resolve(payment.id, { resolution: 'record', note: 'count it' });
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe(MSG.paymentProblemOverpays);
    expect(await paymentRow(payment.id)).toMatchObject({
      status: 'pending',
      amount_cents: 5_000,
      problem_resolution: null,
    });
    expect(await storedSponsorship(t, s.id)).toMatchObject({ paid_cents: 25_000, status: 'Partial' });
    expect((await problems()).map((p) => p.payment_id)).toContain(payment.id);
  });

  it('answers 503 when the gateway cannot be asked, and the payment still awaits a decision', async () => {
    const { payment } = await orderPaidShort();
    const res = await whileGatewayDown(faults, () => resolve(payment.id, { resolution: 'record', note: 'count it' }));
    expect(res.statusCode).toBe(503);
    expect(res.json()).toEqual({ status: 'error', message: MSG.paymentGatewayUnavailable });
    expect((await problems()).map((p) => p.payment_id)).toContain(payment.id);
  });
});

describe('refunding a problem payment', () => {
  it('gives all the gateway took back to the card, counts nothing, and frees the sponsorship to be paid again', async () => {
    const { s, payment, ref, pay } = await sponsorshipOverpaid();
    // While it awaits a decision it holds its $50: the sponsor cannot pay the rest again.
    expect((await pay('50.00')).statusCode).toBe(409);

    const res = await resolve(payment.id, { resolution: 'refund', note: 'The sponsor paid $80 for $50 left.' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ message: MSG.paymentProblemRefunded, amount_cents: 8_000 });
    expect((await gatewayRefundsOf(ref)).map((r) => r.amount_cents)).toEqual([8_000]);
    expect(await paymentRow(payment.id)).toMatchObject({ status: 'failed', problem_resolution: 'refund' });
    expect(await storedSponsorship(t, s.id)).toMatchObject({ paid_cents: 25_000, status: 'Partial' });
    expect((await problems()).map((p) => p.payment_id)).not.toContain(payment.id);

    // The gateway's notice of the old payment again does not count money given back.
    await handleGatewayEvent(t.ctx, 'test', { ref, outcome: 'settle' });
    expect((await paymentRow(payment.id)).status).toBe('failed');
    expect((await storedSponsorship(t, s.id)).paid_cents).toBe(25_000);
    const again = await resolve(payment.id, { resolution: 'refund', note: 'twice' });
    expect(again.statusCode).toBe(409);
    expect((await gatewayRefundsOf(ref)).map((r) => r.amount_cents)).toEqual([8_000]);

    // What it held is released.
    expect((await pay('50.00')).statusCode).toBe(200);
  });

  it('with the gateway out of reach, refunds nothing and gives the decision back to staff', async () => {
    const { payment, ref } = await sponsorshipOverpaid();
    const res = await whileGatewayDown(faults, () =>
      resolve(payment.id, { resolution: 'refund', note: 'give it back' }),
    );
    expect(res.statusCode).toBe(503);
    expect(await gatewayRefundsOf(ref)).toEqual([]);
    expect(await paymentRow(payment.id)).toMatchObject({ status: 'pending', problem_resolution: null });
    expect((await problems()).map((p) => p.payment_id)).toContain(payment.id);
  });

  it('two administrators deciding at once: one decision holds, and the money is counted or given back, never both', async () => {
    const { school, order, payment, ref } = await orderPaidShort();
    const other = await signedInStaff(t, USER_TYPE.admin);
    const [recorded, refunded] = await Promise.all([
      resolve(payment.id, { resolution: 'record', note: 'count it' }),
      resolve(payment.id, { resolution: 'refund', note: 'give it back' }, other.token),
    ]);
    expect([recorded.statusCode, refunded.statusCode].sort()).toEqual([200, 409]);
    const row = await paymentRow(payment.id);
    const received = (await storedOrder(t, school.orderKey)).received_cents;
    const givenBack = (await gatewayRefundsOf(ref)).reduce((sum, r) => sum + r.amount_cents, 0);
    if (recorded.statusCode === 200) {
      expect([row.status, received, givenBack]).toEqual(['succeeded', order.total_cents - 100, 0]);
    } else {
      expect([row.status, received, givenBack]).toEqual(['failed', 0, order.total_cents - 100]);
    }
  });
});

describe('marking a problem payment failed', () => {
  it('is final: a payment what it paid refused is not counted later, when it could be', async () => {
    const sponsor = await signedInSponsor(t);
    const s = await sponsorshipOf(t, sponsor.user.id, 30_000);
    const res = await t.api.post('/api/sponsorshippayment', {
      body: { sponsorship_id: String(s.id), amount: '100.00' },
      headers: bearer(sponsor.token),
    });
    expect(res.statusCode, res.body).toBe(200);
    const payment = await paymentOfUrl(t, (res.json() as { paymentLink: string }).paymentLink);
    const ref = payment.gateway_ref ?? '';
    // Staff lower its total behind the payment's back: the $100 paid would pay more than it owes.
    await t.db.update(sponsorships).set({ total_cents: 5_000 }).where(eq(sponsorships.id, s.id));
    await paidAtGatewayOnly(t, ref);
    await handleGatewayEvent(t.ctx, 'test', { ref, outcome: 'settle' });
    expect((await problems()).find((p) => p.payment_id === payment.id)).toMatchObject({
      problem: 'unrecordable',
      amount_cents: 10_000,
      gateway_amount_cents: null,
      pays: [{ kind: 'sponsorship', id: s.id }],
    });

    const failed = await resolve(payment.id, { resolution: 'fail', note: 'Refunded in the gateway’s dashboard.' });
    expect(failed.statusCode, failed.body).toBe(200);
    await t.db.update(sponsorships).set({ total_cents: 30_000 }).where(eq(sponsorships.id, s.id));
    await handleGatewayEvent(t.ctx, 'test', { ref, outcome: 'settle' });
    expect((await paymentRow(payment.id)).status).toBe('failed');
    expect((await storedSponsorship(t, s.id)).paid_cents).toBe(0);
  });

  it('takes staff’s word with their note, counts nothing, and lets the school pay its order afresh', async () => {
    const { school, order, payment } = await orderPaidShort();
    const res = await resolve(payment.id, { resolution: 'fail', note: 'Refunded in the gateway’s dashboard.' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ message: MSG.paymentProblemFailed, amount_cents: 0 });
    expect(await paymentRow(payment.id)).toMatchObject({ status: 'failed', problem_resolution: 'fail' });
    expect((await storedOrder(t, school.orderKey)).received_cents).toBe(0);
    expect(
      (await historyOf('payment', payment.id)).find((h) => h.action === 'payment-problem-resolved')?.changes,
    ).toMatchObject({ after: { resolution: 'fail', note: 'Refunded in the gateway’s dashboard.' } });
    const again = await placeByCard(t, school);
    expect(again.statusCode, again.body).toBe(200);
    expect(order.total_cents).toBeGreaterThan(0);
  });
});
