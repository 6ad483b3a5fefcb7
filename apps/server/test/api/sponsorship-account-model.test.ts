import { AdminSponsorshipDetailResponse } from '@portal/contracts/admin-sponsorships';
import { businessDay } from '@portal/contracts/business-time';
import { MIN_CARD_PAYMENT_CENTS, USER_TYPE } from '@portal/contracts/constants';
import { MSG } from '@portal/contracts/messages';
import { centsToDecimal } from '@portal/contracts/money';
import { paidStatus } from '@portal/contracts/sponsorship-rules';
import { and, eq, sql } from 'drizzle-orm';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { payment_allocations, payments, refunds } from '../../src/db/schema/index.ts';
import { settlePayment } from '../../src/modules/payments/confirm-payment.ts';
import { pick, runSequences, share, stepper } from '../helpers/account-model.ts';
import { bearer, signedInSponsor, signedInStaff } from '../helpers/accounts.ts';
import { createCatalogueApp } from '../helpers/catalogue.ts';
import { CARDS, submitHostedPage } from '../helpers/hosted-page.ts';
import { sponsorshipOf, storedSponsorship } from '../helpers/sponsorships.ts';
import type { TestApp } from '../helpers/test-app.ts';

/**
 * Random sequences of the real calls on a sponsor's two sponsorships (card payments in part
 * or in full, checks recorded, refunds to the card and by hand, items changed, the gateway's
 * word replayed), each step's outcome predicted from the sponsorship as it stood before it,
 * and after every step the identity each keeps: paid = what its shares of the payments that
 * succeeded add up to, less the refunds of them; never below 0 nor above its total, with the
 * status that says so. A failing sequence is printed shrunk, with the seed that replays it.
 */
let t: TestApp;
let admin: { token: string };
beforeAll(async () => {
  t = await createCatalogueApp();
  admin = await signedInStaff(t, USER_TYPE.admin);
});
afterAll(() => t?.close());

interface Real {
  sponsorToken: string;
  ids: number[];
}
/** What the sequence expects each sponsorship to hold. */
interface Model {
  paid: number[];
}

const staff = () => ({ headers: bearer(admin.token) });
const detail = async (id: number) => {
  const res = await t.api.get(`/api/admin/sponsorships/${id}`, staff());
  expect(res.statusCode, res.body).toBe(200);
  return AdminSponsorshipDetailResponse.parse(res.json());
};
const post = (path: string, body: unknown) => t.api.post(`/api/admin/${path}`, { body, ...staff() });

async function expectBooksBalance(model: Model, real: Real) {
  for (const [i, id] of real.ids.entries()) {
    const s = await storedSponsorship(t, id);
    const [shares] = await t.db
      .select({ cents: sql<number>`coalesce(sum(${payment_allocations.amount_cents}), 0)::int` })
      .from(payment_allocations)
      .innerJoin(payments, eq(payments.id, payment_allocations.payment_id))
      .where(and(eq(payment_allocations.sponsorship_id, id), eq(payments.status, 'succeeded')));
    const [given] = await t.db
      .select({ cents: sql<number>`coalesce(sum(${refunds.amount_cents}), 0)::int` })
      .from(refunds)
      .where(and(eq(refunds.sponsorship_id, id), eq(refunds.status, 'succeeded')));
    expect(s.paid_cents).toBe(model.paid[i]);
    expect(s.paid_cents).toBe((shares?.cents ?? 0) - (given?.cents ?? 0));
    expect(s.paid_cents).toBeGreaterThanOrEqual(0);
    expect(s.paid_cents).toBeLessThanOrEqual(s.total_cents);
    expect(s.status).toBe(paidStatus(s.paid_cents, s.total_cents));
    const shown = await detail(id);
    expect(shown.sponsorship).toMatchObject({ paid_cents: s.paid_cents, left_cents: s.total_cents - s.paid_cents });
    // The sponsor's list of what was paid adds up to what is paid.
    expect(shown.transactions.reduce((sum, x) => sum + x.amount_cents, 0)).toBe(s.paid_cents);
  }
}

const step = stepper<Model, Real>(expectBooksBalance);

/** What is left to pay, nothing in flight (every checkout of a step is finished within it). */
const leftOf = async (id: number) => {
  const s = await storedSponsorship(t, id);
  return s.total_cents - s.paid_cents;
};

const steps = [
  fc.tuple(pick, share).map(([i, part]) =>
    step(`card(${i}, ${part}%)`, async (model, real) => {
      const id = real.ids[i] as number;
      const left = await leftOf(id);
      const amount = Math.max(1, Math.floor((left * part) / 100));
      const res = await t.api.post('/api/sponsorshippayment', {
        body: { sponsorship_id: String(id), amount: centsToDecimal(amount) },
        headers: bearer(real.sponsorToken),
      });
      if (left <= 0) return void expect(res.statusCode, res.body).not.toBe(200);
      // A card takes no less than the gateway's smallest charge.
      if (amount < MIN_CARD_PAYMENT_CENTS) {
        expect(res.statusCode, res.body).toBe(400);
        return void expect(res.json().message).toBe(MSG.paymentBelowMinimum);
      }
      expect(res.statusCode, res.body).toBe(200);
      const paid = await submitHostedPage(t, res.json().paymentLink, { card_number: CARDS.paid });
      expect(paid.statusCode).toBe(303);
      (model.paid as number[])[i] = (model.paid[i] ?? 0) + amount;
    }),
  ),
  fc.tuple(pick, share).map(([i, part]) =>
    step(`check(${i}, ${part}%)`, async (model, real) => {
      const id = real.ids[i] as number;
      const left = await leftOf(id);
      const amount = Math.max(1, Math.floor((left * part) / 100));
      const res = await post(`sponsorships/${id}/offline-payment`, {
        method: 'check',
        amount: centsToDecimal(amount),
        reference: `${id}-${Date.now()}-${Math.random()}`.slice(0, 40),
        received_on: businessDay(new Date()),
      });
      if (left <= 0) return void expect(res.statusCode, res.body).not.toBe(200);
      expect(res.statusCode, res.body).toBe(200);
      (model.paid as number[])[i] = (model.paid[i] ?? 0) + amount;
    }),
  ),
  fc.tuple(pick, share, fc.boolean()).map(([i, part, byHand]) =>
    step(`refund(${i}, ${part}%, ${byHand ? 'by hand' : 'to the card'})`, async (model, real) => {
      const id = real.ids[i] as number;
      const { transactions } = await detail(id);
      const paid = transactions.find((x) => x.payment_id !== null && x.refundable_cents > 0);
      if (!paid?.payment_id) return;
      const amount = Math.max(1, Math.ceil((paid.refundable_cents * part) / 100));
      const toCard = !byHand && !paid.by_hand;
      const res = await post(`sponsorships/${id}/refund`, {
        payment_id: paid.payment_id,
        method: toCard ? 'card' : 'offline',
        amount: centsToDecimal(amount),
        reference: toCard ? '' : 'Check 7',
        reason: 'The sponsor asked',
      });
      expect(res.statusCode, res.body).toBe(200);
      (model.paid as number[])[i] = (model.paid[i] ?? 0) - amount;
    }),
  ),
  fc.tuple(pick, fc.integer({ min: 1, max: 5 }), fc.integer({ min: 1_00, max: 500_00 })).map(([i, qty, rate]) =>
    step(`items(${i}, ${qty} × ${rate})`, async (_model, real) => {
      const id = real.ids[i] as number;
      const { sponsorship } = await detail(id);
      const res = await post(`sponsorships/${id}/items`, {
        items: [{ sponsorship_type: 'Planner ad', qty, rate: centsToDecimal(rate), artwork_price: '' }],
      });
      // Items change only while nothing is paid: what the sponsor is billed never moves under a payment.
      expect(res.statusCode, res.body).toBe(sponsorship.can_edit ? 200 : 409);
      if (sponsorship.can_edit) expect((await storedSponsorship(t, id)).total_cents).toBe(qty * rate);
    }),
  ),
  pick.map((i) =>
    step(`gatewaySaysAgain(${i})`, async (_model, real) => {
      const id = real.ids[i] as number;
      const made = await t.db
        .select({ key: payments.payment_key, gateway: payments.gateway })
        .from(payments)
        .innerJoin(payment_allocations, eq(payment_allocations.payment_id, payments.id))
        .where(eq(payment_allocations.sponsorship_id, id));
      for (const p of made) {
        if (p.gateway === 'offline') continue;
        await settlePayment(t.ctx, p.key);
        await settlePayment(t.ctx, p.key);
      }
    }),
  ),
];

describe('a sponsorship’s account under any sequence of calls', () => {
  it('always adds up: paid = its shares of the payments less their refunds, within 0 and its total', async () => {
    await runSequences<Model, Real>(steps, { maxCommands: 12, numRuns: 15 }, async () => {
      const sponsor = await signedInSponsor(t);
      const ids = [
        (await sponsorshipOf(t, sponsor.user.id, 400_00)).id,
        (await sponsorshipOf(t, sponsor.user.id, 250_00)).id,
      ];
      const real: Real = { sponsorToken: sponsor.token, ids };
      const model: Model = { paid: ids.map(() => 0) };
      return { model, real };
    });
  }, 120_000);
});
