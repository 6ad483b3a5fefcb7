import { AdminOrderResponse } from '@portal/contracts/admin-orders';
import { businessDay } from '@portal/contracts/business-time';
import { MIN_CARD_PAYMENT_CENTS, USER_TYPE } from '@portal/contracts/constants';
import { centsToDecimal } from '@portal/contracts/money';
import {
  accountBalance,
  balanceDue,
  heldCents,
  paymentStatusOf,
  TAX_RATE_MAX_BP,
  taxAtRate,
} from '@portal/contracts/order-rules';
import { and, eq, sql } from 'drizzle-orm';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { payments, refunds } from '../../src/db/schema/index.ts';
import { settlePayment } from '../../src/modules/payments/confirm-payment.ts';
import { pick, runSequences, share, stepper } from '../helpers/account-model.ts';
import { bearer, signedInStaff } from '../helpers/accounts.ts';
import { createCatalogueApp } from '../helpers/catalogue.ts';
import { CARDS, submitHostedPage } from '../helpers/hosted-page.ts';
import { paymentsOf, placeByCard, schoolWithPlacedOrder, storedOrder } from '../helpers/orders.ts';
import type { TestApp } from '../helpers/test-app.ts';

/**
 * Random sequences of the real calls on a few orders (tax set or changed, card checkouts
 * paid, checks recorded, refunds to the card and by hand, the gateway's word replayed,
 * cancelling), each step's outcome predicted from the order as it stood before it, and after
 * every step the identity every order keeps: total − received + refunded = balance, with
 * received and refunded what the payments and refunds that succeeded add up to. A failing
 * sequence is printed shrunk, with the seed that replays it.
 */
let t: TestApp;
let admin: { token: string };
beforeAll(async () => {
  t = await createCatalogueApp();
  admin = await signedInStaff(t, USER_TYPE.admin);
});
afterAll(() => t?.close());

interface RealOrder {
  id: number;
  orderKey: string;
  token: string;
}
interface Real {
  orders: RealOrder[];
}
/** What the sequence expects each order to have received and refunded. */
interface Model {
  orders: { received: number; refunded: number }[];
}

const staffOrder = async (orderId: number) => {
  const res = await t.api.get(`/api/admin/orders/${orderId}`, { headers: bearer(admin.token) });
  expect(res.statusCode, res.body).toBe(200);
  return AdminOrderResponse.parse(res.json());
};
const post = (path: string, body: unknown) => t.api.post(`/api/admin/${path}`, { body, headers: bearer(admin.token) });

/** The books of every order against what the sequence expects and what their rows add up to. */
async function expectBooksBalance(model: Model, real: Real) {
  for (const [i, o] of real.orders.entries()) {
    const order = await storedOrder(t, o.orderKey);
    const [paid] = await t.db
      .select({ cents: sql<number>`coalesce(sum(${payments.amount_cents}), 0)::int` })
      .from(payments)
      .where(and(eq(payments.order_id, o.id), eq(payments.status, 'succeeded')));
    const [given] = await t.db
      .select({ cents: sql<number>`coalesce(sum(${refunds.amount_cents}), 0)::int` })
      .from(refunds)
      .innerJoin(payments, eq(payments.id, refunds.payment_id))
      .where(and(eq(payments.order_id, o.id), eq(refunds.status, 'succeeded')));
    expect({ received: order.received_cents, refunded: order.refunded_cents }).toEqual(model.orders[i]);
    expect(order.received_cents).toBe(paid?.cents);
    expect(order.refunded_cents).toBe(given?.cents);
    expect(heldCents(order)).toBeGreaterThanOrEqual(0);
    expect(order.payment_status).toBe(paymentStatusOf(order));
    const staff = await staffOrder(o.id);
    expect(staff.balance_cents).toBe(order.total_cents - order.received_cents + order.refunded_cents);
    for (const p of staff.payments) expect(p.refundable_cents).toBeGreaterThanOrEqual(0);
  }
}

const step = stepper<Model, Real>(expectBooksBalance);

const steps = [
  fc.tuple(pick, fc.integer({ min: 0, max: TAX_RATE_MAX_BP })).map(([i, rateBp]) =>
    step(`taxRate(${i}, ${rateBp})`, async (_model, real) => {
      const o = real.orders[i] as RealOrder;
      const before = await storedOrder(t, o.orderKey);
      const res = await post(`orders/${o.id}/tax`, { tax_rate_bp: rateBp });
      if (before.status === 'Cancelled') return void expect(res.statusCode).toBe(409);
      expect(res.statusCode, res.body).toBe(200);
      const tax = taxAtRate(before.subtotal_cents, rateBp);
      expect(await storedOrder(t, o.orderKey)).toMatchObject({
        tax_cents: tax,
        total_cents: before.subtotal_cents + tax,
      });
    }),
  ),
  fc.tuple(pick, fc.integer({ min: 0, max: 60_00 })).map(([i, cents]) =>
    step(`tax(${i}, ${cents})`, async (_model, real) => {
      const o = real.orders[i] as RealOrder;
      const before = await storedOrder(t, o.orderKey);
      const res = await post(`orders/${o.id}/tax`, { tax_cents: cents });
      if (before.status === 'Cancelled') return void expect(res.statusCode).toBe(409);
      expect(res.statusCode, res.body).toBe(200);
      expect((await storedOrder(t, o.orderKey)).total_cents).toBe(before.subtotal_cents + cents);
    }),
  ),
  pick.map((i) =>
    step(`payByCard(${i})`, async (model, real) => {
      const o = real.orders[i] as RealOrder;
      const before = await storedOrder(t, o.orderKey);
      const owed = before.status === 'Cancelled' ? 0 : balanceDue(before);
      const res = await placeByCard(t, o);
      const started = (await paymentsOf(t, o.id)).filter((p) => p.status === 'pending');
      // Nothing owed, or less than the gateway's smallest charge: no checkout starts.
      if (owed < MIN_CARD_PAYMENT_CENTS) return void expect(started).toEqual([]);
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json().type).toBe('external');
      expect(started.map((p) => p.amount_cents)).toEqual([owed]);
      expect((await submitHostedPage(t, res.json().redirect, { card_number: CARDS.paid })).statusCode).toBe(303);
      (model.orders[i] as Model['orders'][number]).received += owed;
    }),
  ),
  fc.tuple(pick, share).map(([i, part]) =>
    step(`check(${i}, ${part}%)`, async (model, real) => {
      const o = real.orders[i] as RealOrder;
      const before = await storedOrder(t, o.orderKey);
      const owed = before.status === 'Cancelled' ? 0 : balanceDue(before);
      const amount = Math.max(1, Math.floor((owed * part) / 100));
      const res = await post(`orders/${o.id}/offline-payment`, {
        method: 'check',
        amount: centsToDecimal(amount),
        reference: `${o.id}-${Date.now()}-${Math.random()}`.slice(0, 40),
        received_on: businessDay(new Date()),
      });
      if (owed <= 0) return void expect(res.statusCode).toBe(409);
      expect(res.statusCode, res.body).toBe(200);
      (model.orders[i] as Model['orders'][number]).received += amount;
    }),
  ),
  fc.tuple(pick, share, fc.boolean()).map(([i, part, byHand]) =>
    step(`refund(${i}, ${part}%, ${byHand ? 'by hand' : 'to the card'})`, async (model, real) => {
      const o = real.orders[i] as RealOrder;
      const { payments: made } = await staffOrder(o.id);
      const payment = made.find((p) => p.refundable_cents > 0);
      if (!payment) {
        const spent = made.find((p) => p.status === 'succeeded');
        if (!spent) return;
        const refused = await post(`orders/${o.id}/refund`, {
          payment_id: spent.id,
          method: 'offline',
          amount: '0.01',
          reference: 'Check 1',
          reason: 'Nothing left',
        });
        return void expect(refused.statusCode).toBe(400);
      }
      const amount = Math.max(1, Math.ceil((payment.refundable_cents * part) / 100));
      const toCard = !byHand && payment.gateway !== 'offline';
      const res = await post(`orders/${o.id}/refund`, {
        payment_id: payment.id,
        method: toCard ? 'card' : 'offline',
        amount: centsToDecimal(amount),
        reference: toCard ? '' : 'Check 9',
        reason: 'The school asked',
      });
      expect(res.statusCode, res.body).toBe(200);
      (model.orders[i] as Model['orders'][number]).refunded += amount;
    }),
  ),
  pick.map((i) =>
    step(`gatewaySaysAgain(${i})`, async (_model, real) => {
      const o = real.orders[i] as RealOrder;
      for (const p of await paymentsOf(t, o.id)) {
        if (p.gateway === 'offline') continue;
        await settlePayment(t.ctx, p.payment_key);
        await settlePayment(t.ctx, p.payment_key);
      }
    }),
  ),
  pick.map((i) =>
    step(`cancel(${i})`, async (_model, real) => {
      const o = real.orders[i] as RealOrder;
      const before = await storedOrder(t, o.orderKey);
      const res = await post(`orders/${o.id}/status`, { status: 'Cancelled' });
      const allowed = before.status !== 'Cancelled' && heldCents(before) === 0 && before.payment_status !== 'paid';
      expect(res.statusCode, res.body).toBe(allowed ? 200 : 409);
    }),
  ),
];

describe('an order’s account under any sequence of calls', () => {
  it('always adds up: total − received + refunded = balance, never holding less than nothing', async () => {
    await runSequences<Model, Real>(
      steps,
      { maxCommands: 14, numRuns: 20 },
      async () => {
        const real: Real = { orders: [] };
        for (let i = 0; i < 2; i++) {
          const school = await schoolWithPlacedOrder(t);
          const order = await storedOrder(t, school.orderKey);
          real.orders.push({ id: order.id, orderKey: school.orderKey, token: school.token });
        }
        const model: Model = { orders: real.orders.map(() => ({ received: 0, refunded: 0 })) };
        return { model, real };
      },
      async (real) => {
        // And the balance the rules give is the one the rows make.
        for (const o of real.orders) {
          const order = await storedOrder(t, o.orderKey);
          expect(accountBalance(order)).toBe(order.total_cents - order.received_cents + order.refunded_cents);
        }
      },
    );
  }, 120_000);
});
