import { OrderConfirmResponse } from '@portal/contracts/checkout';
import { USER_TYPE } from '@portal/contracts/constants';
import { MSG } from '@portal/contracts/messages';
import { SponsorshipConfirmResponse } from '@portal/contracts/sponsorships';
import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { boot } from '../../src/boot.ts';
import { audit_log, payments, test_gateway_sessions } from '../../src/db/schema/index.ts';
import { BACKGROUND_STEP } from '../../src/lib/steps.ts';
import { handleGatewayEvent } from '../../src/modules/payments/handle-gateway-event.ts';
import { RECONCILE_CRON, reconcilePayments } from '../../src/modules/payments/reconcile-payments.ts';
import { bearer, signedInSponsor, signedInStaff } from '../helpers/accounts.ts';
import { createCatalogueApp } from '../helpers/catalogue.ts';
import {
  faultyTestGateway,
  gatewaySession,
  healthyGateway,
  paidAtGatewayOnly,
  startedMinutesAgo,
  whileGatewayDown,
} from '../helpers/faulty-gateway.ts';
import { logSink } from '../helpers/logged-errors.ts';
import { expectOwedKept } from '../helpers/money-owed.ts';
import {
  paymentsOf,
  placeByCard,
  receiptsTo,
  schoolWithPlacedOrder,
  startedCardPayment,
  storedOrder,
} from '../helpers/orders.ts';
import {
  paymentOfUrl,
  sponsorReceipts,
  sponsorshipOf,
  storedSponsorship,
  transactionsOf,
} from '../helpers/sponsorships.ts';
import type { TestApp } from '../helpers/test-app.ts';

const faults = healthyGateway();
let t: TestApp;
/** A second server on the same database, as behind a load balancer. */
let second: Awaited<ReturnType<typeof boot>>;

beforeAll(async () => {
  t = await createCatalogueApp({ gateway: faultyTestGateway(faults) });
  second = await boot(t.config, {
    logStream: logSink('second server'),
    workers: true,
    gateway: faultyTestGateway(faults),
  });
});
afterAll(async () => {
  await second?.shutdown();
  await t?.close();
});

type Sponsor = Awaited<ReturnType<typeof signedInSponsor>>;

const orderConfirm = (token: string, orderKey: string, paymentKey: string, via?: 'success' | 'cancel') =>
  t.api.get(`/api/orderconfirm?order_key=${orderKey}&payment_key=${paymentKey}${via ? `&return_via=${via}` : ''}`, {
    headers: bearer(token),
  });

const sponsorshipConfirm = (token: string, paymentKey: string) =>
  t.api.get(`/api/sponsorshipconfirm?payment_key=${paymentKey}`, { headers: bearer(token) });

const paySponsorship = (token: string, sponsorshipId: number, amount: string) =>
  t.api.post('/api/sponsorshippayment', {
    body: { sponsorship_id: String(sponsorshipId), amount },
    headers: bearer(token),
  });

/** A sponsor's single payment of `amount` started at the gateway. */
async function startedSponsorshipPayment(sponsor: Sponsor, sponsorshipId: number, amount: string) {
  const res = await paySponsorship(sponsor.token, sponsorshipId, amount);
  expect(res.statusCode, res.body).toBe(200);
  const payment = await paymentOfUrl(t, (res.json() as { paymentLink: string }).paymentLink);
  return { payment, ref: payment.gateway_ref ?? '' };
}

const paymentRow = async (id: number) => (await t.db.select().from(payments).where(eq(payments.id, id)))[0];

/** The audit rows of one payment with this action. */
const auditOf = (paymentId: number, action: string) =>
  t.db
    .select()
    .from(audit_log)
    .where(
      and(eq(audit_log.entity, 'payment'), eq(audit_log.entity_id, String(paymentId)), eq(audit_log.action, action)),
    )
    .orderBy(asc(audit_log.id));

describe('the reconciliation of payments still pending', () => {
  it('is scheduled every five minutes, once for all servers', async () => {
    const rows = await t.db.execute<{ name: string; cron: string }>(
      "select name, cron from pgboss.schedule where name = 'payment-reconciliation'",
    );
    expect(rows.rows).toEqual([{ name: 'payment-reconciliation', cron: RECONCILE_CRON }]);
    expect(RECONCILE_CRON).toBe('*/5 * * * *');
  });

  it('records once an order payment whose gateway notice was lost, run twice and on two servers at once', async () => {
    const { school, order, payment, ref } = await startedCardPayment(t);
    await paidAtGatewayOnly(t, ref);

    // Started just now: not asked yet, the webhook may still come.
    await reconcilePayments(t.ctx);
    expect((await paymentRow(payment.id))?.status).toBe('pending');
    expect((await storedOrder(t, school.orderKey)).payment_status).toBe('unpaid');

    await startedMinutesAgo(t, payment.id, 16);
    await Promise.all([reconcilePayments(t.ctx), reconcilePayments(second.ctx), reconcilePayments(t.ctx)]);
    await reconcilePayments(second.ctx);

    expect((await paymentsOf(t, order.id)).map((p) => [p.status, p.amount_cents])).toEqual([
      ['succeeded', order.total_cents],
    ]);
    expect((await storedOrder(t, school.orderKey)).payment_status).toBe('paid');
    expect(await receiptsTo(t, school.email)).toHaveLength(1);
    expect(await auditOf(payment.id, 'paid')).toHaveLength(1);
  });

  it('marks failed what the gateway declined or expired, leaves one still open, and closes one open past its lifetime', async () => {
    const sponsor = await signedInSponsor(t);
    const s = await sponsorshipOf(t, sponsor.user.id, 40_000);
    const declined = await startedSponsorshipPayment(sponsor, s.id, '100.00');
    const open = await startedSponsorshipPayment(sponsor, s.id, '110.00');
    const stale = await startedSponsorshipPayment(sponsor, s.id, '120.00');
    await t.db
      .update(test_gateway_sessions)
      .set({ status: 'declined' })
      .where(eq(test_gateway_sessions.id, declined.ref));
    await startedMinutesAgo(t, declined.payment.id, 20);
    await startedMinutesAgo(t, open.payment.id, 20);
    await startedMinutesAgo(t, stale.payment.id, 25 * 60);

    await reconcilePayments(t.ctx);

    expect((await paymentRow(declined.payment.id))?.status).toBe('failed');
    expect((await paymentRow(open.payment.id))?.status).toBe('pending');
    expect((await gatewaySession(t, open.ref)).status).toBe('open');
    expect((await paymentRow(stale.payment.id))?.status).toBe('failed');
    expect((await gatewaySession(t, stale.ref)).status).toBe('expired');
    expect((await transactionsOf(t, s.id)).map((x) => [x.payment_id, x.payment_status, x.amount_cents])).toEqual([
      [declined.payment.id, 0, 10_000],
      [stale.payment.id, 0, 12_000],
    ]);
    expect(await storedSponsorship(t, s.id)).toMatchObject({ paid_cents: 0, status: 'Approved' });
  });

  it('marks failed a payment left without a checkout (the server stopped before opening it)', async () => {
    const school = await schoolWithPlacedOrder(t);
    const order = await storedOrder(t, school.orderKey);
    const [orphan] = await t.db
      .insert(payments)
      .values({
        payment_key: `orphan-${order.id}`,
        kind: 'order',
        user_id: school.user.id,
        order_id: order.id,
        amount_cents: order.total_cents,
        gateway: 'test',
      })
      .returning();
    if (!orphan) throw new Error('no payment written');
    await reconcilePayments(t.ctx);
    expect((await paymentRow(orphan.id))?.status).toBe('pending');
    await startedMinutesAgo(t, orphan.id, 16);
    await reconcilePayments(t.ctx);
    expect((await paymentRow(orphan.id))?.status).toBe('failed');
    // The school can pay again.
    const res = await t.api.post('/api/placeorder', {
      body: { order_key: school.orderKey, payment_method: '2', tnc: '1' },
      headers: bearer(school.token),
    });
    expect(res.statusCode, res.body).toBe(200);
  });

  it('works through more payments than one step reads, every one asked about once in one run', async () => {
    const sponsor = await signedInSponsor(t);
    const count = 2 * BACKGROUND_STEP + 1;
    const written = await t.db
      .insert(payments)
      .values(
        Array.from({ length: count }, (_, i) => ({
          payment_key: `orphan-${sponsor.user.id}-${i}`,
          kind: 'sponsorship' as const,
          user_id: sponsor.user.id,
          amount_cents: 1000,
          gateway: 'test',
          created_at: new Date(Date.now() - 20 * 60_000),
        })),
      )
      .returning({ id: payments.id });
    // One run (the second server's scheduled one may take some of them too: each is still failed once).
    await reconcilePayments(t.ctx);
    const ids = written.map((p) => p.id);
    const statuses = await t.db
      .select({ status: payments.status, n: sql<number>`count(*)::int` })
      .from(payments)
      .where(inArray(payments.id, ids))
      .groupBy(payments.status);
    expect(statuses).toEqual([{ status: 'failed', n: count }]);
    // Each once: one audit row apiece.
    const [audited] = await t.db
      .select({ n: sql<number>`count(*)::int` })
      .from(audit_log)
      .where(
        and(
          eq(audit_log.entity, 'payment'),
          eq(audit_log.action, 'payment-failed'),
          inArray(
            audit_log.entity_id,
            ids.map((id) => String(id)),
          ),
        ),
      );
    expect(audited?.n).toBe(count);
  });
});

describe('the gateway’s notice and the return page at the same moment', () => {
  it('records an order’s payment once in each of 10 rounds: paid once, one receipt, one audit row', async () => {
    for (let round = 0; round < 10; round++) {
      const { school, order, payment, ref } = await startedCardPayment(t);
      await paidAtGatewayOnly(t, ref);
      const [event, back, again] = await Promise.all([
        handleGatewayEvent(t.ctx, 'test', { ref, outcome: 'settle' }),
        orderConfirm(school.token, school.orderKey, payment.payment_key, 'success'),
        handleGatewayEvent(second.ctx, 'test', { ref, outcome: 'settle' }),
      ]);
      expect([event, again]).toEqual(['ok', 'ok']);
      expect(back.statusCode, back.body).toBe(200);
      expect(OrderConfirmResponse.parse(back.json())).toMatchObject({ payment_status: 'paid', payment_result: 'paid' });
      expect(
        (await paymentsOf(t, order.id)).map((p) => p.status),
        `round ${round}`,
      ).toEqual(['succeeded']);
      expect((await storedOrder(t, school.orderKey)).payment_status).toBe('paid');
      expect(await receiptsTo(t, school.email), `round ${round}`).toHaveLength(1);
      expect(await auditOf(payment.id, 'paid'), `round ${round}`).toHaveLength(1);
    }
  }, 60_000);

  it('records a sponsorship’s payment once in each of 10 rounds: paid_cents once, one transaction, one receipt', async () => {
    for (let round = 0; round < 10; round++) {
      const sponsor = await signedInSponsor(t);
      const s = await sponsorshipOf(t, sponsor.user.id, 50_000, { paid: 10_000, status: 'Partial' });
      const { payment, ref } = await startedSponsorshipPayment(sponsor, s.id, '150.25');
      await paidAtGatewayOnly(t, ref);
      const [event, back] = await Promise.all([
        handleGatewayEvent(t.ctx, 'test', { ref, outcome: 'settle' }),
        sponsorshipConfirm(sponsor.token, payment.payment_key),
        handleGatewayEvent(second.ctx, 'test', { ref, outcome: 'settle' }),
      ]);
      expect(event).toBe('ok');
      expect(back.statusCode, back.body).toBe(200);
      expect(SponsorshipConfirmResponse.parse(back.json()).payment_result).toBe('paid');
      expect(await storedSponsorship(t, s.id), `round ${round}`).toMatchObject({
        paid_cents: 25_025,
        status: 'Partial',
      });
      expect((await transactionsOf(t, s.id)).map((x) => [x.payment_status, x.amount_cents])).toEqual([[1, 15_025]]);
      expect(await sponsorReceipts(t, sponsor.email), `round ${round}`).toHaveLength(1);
      expect(await auditOf(payment.id, 'paid')).toHaveLength(1);
    }
  }, 60_000);
});

describe('a gateway that reports another amount than the payment’s', () => {
  it('refuses an order’s payment: not recorded, the order unpaid, noted once for staff, the reconciliation no different', async () => {
    const { school, order, payment, ref } = await startedCardPayment(t);
    await t.db
      .update(test_gateway_sessions)
      .set({ amount_cents: order.total_cents - 100 })
      .where(eq(test_gateway_sessions.id, ref));
    await paidAtGatewayOnly(t, ref);

    const [event, back] = await Promise.all([
      handleGatewayEvent(t.ctx, 'test', { ref, outcome: 'settle' }),
      orderConfirm(school.token, school.orderKey, payment.payment_key, 'success'),
    ]);
    expect(event).toBe('ok');
    expect(OrderConfirmResponse.parse(back.json())).toMatchObject({
      order_status: '0',
      payment_status: 'unpaid',
      payment_result: 'pending',
    });
    await startedMinutesAgo(t, payment.id, 20);
    await reconcilePayments(t.ctx);

    expect((await paymentsOf(t, order.id)).map((p) => [p.id, p.status, p.confirmed_at])).toEqual([
      [payment.id, 'pending', null],
    ]);
    expect((await storedOrder(t, school.orderKey)).payment_status).toBe('unpaid');
    expect(await receiptsTo(t, school.email)).toHaveLength(0);
    expect(await auditOf(payment.id, 'paid')).toHaveLength(0);
    const notes = await auditOf(payment.id, 'payment-amount-mismatch');
    expect(notes.map((n) => [n.actor_user_id, n.changes])).toEqual([
      [
        school.user.id,
        {
          kind: 'order',
          amount_cents: order.total_cents,
          gateway_amount_cents: order.total_cents - 100,
          gateway: 'test',
          gateway_ref: ref,
        },
      ],
    ]);
    // Staff read it in the back office's audit log.
    const admin = await signedInStaff(t, USER_TYPE.admin);
    const log = await t.api.get(`/api/admin/auditlog?entity=payment&entity_id=${payment.id}`, {
      headers: bearer(admin.token),
    });
    expect(log.statusCode, log.body).toBe(200);
    // Newest first: the note, then the payment's start.
    expect(log.json().entries).toMatchObject([
      {
        action: 'payment-amount-mismatch',
        entity: 'payment',
        entity_id: String(payment.id),
        after: { amount_cents: order.total_cents, gateway_amount_cents: order.total_cents - 100 },
      },
      { action: 'payment-started', entity: 'payment', after: { amount_cents: order.total_cents } },
    ]);
  });

  it('refuses a sponsorship’s payment: paid_cents and status unchanged, no transaction, noted once', async () => {
    const sponsor = await signedInSponsor(t);
    const s = await sponsorshipOf(t, sponsor.user.id, 30_000, { paid: 5_000, status: 'Partial' });
    const { payment, ref } = await startedSponsorshipPayment(sponsor, s.id, '100.00');
    await t.db.update(test_gateway_sessions).set({ amount_cents: 1_000_000 }).where(eq(test_gateway_sessions.id, ref));
    await paidAtGatewayOnly(t, ref);

    await handleGatewayEvent(t.ctx, 'test', { ref, outcome: 'settle' });
    const back = await sponsorshipConfirm(sponsor.token, payment.payment_key);
    await handleGatewayEvent(second.ctx, 'test', { ref, outcome: 'settle' });

    expect(SponsorshipConfirmResponse.parse(back.json()).payment_result).toBe('pending');
    expect((await paymentRow(payment.id))?.status).toBe('pending');
    expect(await storedSponsorship(t, s.id)).toMatchObject({ paid_cents: 5_000, status: 'Partial' });
    expect(await transactionsOf(t, s.id)).toEqual([]);
    expect(await sponsorReceipts(t, sponsor.email)).toHaveLength(0);
    const notes = await auditOf(payment.id, 'payment-amount-mismatch');
    expect(notes.map((n) => n.changes)).toEqual([
      {
        kind: 'sponsorship',
        amount_cents: 10_000,
        gateway_amount_cents: 1_000_000,
        gateway: 'test',
        gateway_ref: ref,
      },
    ]);
  });
});

describe('a gateway slow or out of reach', () => {
  it('answers 503 with a plain message when a checkout cannot be started, and the next try starts one', async () => {
    const school = await schoolWithPlacedOrder(t);
    const order = await storedOrder(t, school.orderKey);
    const place = () => placeByCard(t, school);
    const down = await whileGatewayDown(faults, place);
    expect(down.statusCode).toBe(503);
    expect(down.json()).toEqual({ status: 'error', message: MSG.paymentGatewayUnavailable });

    faults.delayMs = 3_000;
    let slow: Awaited<ReturnType<typeof place>>;
    try {
      slow = await place();
    } finally {
      faults.delayMs = 0;
    }
    expect(slow.statusCode).toBe(503);
    expect(slow.json()).toEqual({ status: 'error', message: MSG.paymentGatewayUnavailable });
    expect((await paymentsOf(t, order.id)).map((p) => p.status)).toEqual(['failed', 'failed']);

    const up = await place();
    expect(up.statusCode, up.body).toBe(200);
    expect((await paymentsOf(t, order.id)).map((p) => p.status)).toEqual(['failed', 'failed', 'pending']);
  }, 30_000);

  it('leaves a sponsorship’s amount free to pay when its checkout could not be started', async () => {
    const sponsor = await signedInSponsor(t);
    const s = await sponsorshipOf(t, sponsor.user.id, 20_000);
    const down = await whileGatewayDown(faults, () => paySponsorship(sponsor.token, s.id, '200.00'));
    expect(down.statusCode).toBe(503);
    expect(down.json()).toEqual({ status: 'error', message: MSG.paymentGatewayUnavailable });
    const { payment } = await startedSponsorshipPayment(sponsor, s.id, '200.00');
    expect(payment).toMatchObject({ status: 'pending', amount_cents: 20_000 });
  });

  it('answers pending on the return page while the gateway is down; a later confirmation records the payment once', async () => {
    const { school, order, payment, ref } = await startedCardPayment(t);
    await paidAtGatewayOnly(t, ref);
    const back = await whileGatewayDown(faults, () =>
      orderConfirm(school.token, school.orderKey, payment.payment_key, 'success'),
    );
    expect(back.statusCode, back.body).toBe(200);
    expect(OrderConfirmResponse.parse(back.json())).toMatchObject({
      order_status: '0',
      payment_status: 'unpaid',
      payment_result: 'pending',
    });
    // Nor does the reconciliation record anything while the gateway is out of reach.
    await startedMinutesAgo(t, payment.id, 20);
    const meanwhile = await whileGatewayDown(faults, () => reconcilePayments(t.ctx));
    expect(meanwhile.succeeded).toBe(0);
    expect(meanwhile.left).toBeGreaterThanOrEqual(1);
    expect((await paymentsOf(t, order.id)).map((p) => p.status)).toEqual(['pending']);

    // The gateway is back: its notice and the reconciliation both come.
    await Promise.all([handleGatewayEvent(t.ctx, 'test', { ref, outcome: 'settle' }), reconcilePayments(second.ctx)]);
    expect((await paymentsOf(t, order.id)).map((p) => p.status)).toEqual(['succeeded']);
    expect((await storedOrder(t, school.orderKey)).payment_status).toBe('paid');
    expect(await receiptsTo(t, school.email)).toHaveLength(1);
    expect(await auditOf(payment.id, 'paid')).toHaveLength(1);
  });
});

describe('what is owed, as the database keeps it', () => {
  it('is what the records add up to, after every change the tests above made', () => expectOwedKept(t));
});
