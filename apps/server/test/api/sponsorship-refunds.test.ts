import { AdminSponsorshipDetailResponse } from '@portal/contracts/admin-sponsorships';
import { USER_TYPE } from '@portal/contracts/constants';
import { MSG, refundAmountTooHigh } from '@portal/contracts/messages';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { email_outbox, test_gateway_refunds } from '../../src/db/schema/index.ts';
import { bearer, signedInSponsor, signedInStaff } from '../helpers/accounts.ts';
import { CARDS, submitHostedPage } from '../helpers/hosted-page.ts';
import { paymentOfUrl, sponsorshipOf, storedSponsorship, transactionsOf } from '../helpers/sponsorships.ts';
import { createTestApp, type TestApp } from '../helpers/test-app.ts';

/**
 * Money given back of what a payment brought a sponsorship: its whole share of a single
 * payment, or its share of a bulk one; what the sponsorship has paid goes down with its
 * status, the sponsor's list of payments shows what went back, and the sponsor is told.
 */
let t: TestApp;
let admin: { token: string };
beforeAll(async () => {
  t = await createTestApp();
  admin = await signedInStaff(t, USER_TYPE.admin);
});
afterAll(() => t?.close());

const refund = (sponsorshipId: number, body: Record<string, unknown>, token = admin.token) =>
  t.api.post(`/api/admin/sponsorships/${sponsorshipId}/refund`, { body, headers: bearer(token) });
const staffView = async (id: number) => {
  const res = await t.api.get(`/api/admin/sponsorships/${id}`, { headers: bearer(admin.token) });
  expect(res.statusCode, res.body).toBe(200);
  return AdminSponsorshipDetailResponse.parse(res.json());
};
const noticesTo = (address: string) =>
  t.db
    .select()
    .from(email_outbox)
    .where(and(eq(email_outbox.to_address, address), eq(email_outbox.template, 'refund-notice')));

describe('a sponsorship’s payments refunded', () => {
  it('gives back part of a check by hand: paid and status go down, the list shows it, the sponsor is told', async () => {
    const sponsor = await signedInSponsor(t);
    const s = await sponsorshipOf(t, sponsor.user.id, 50_000);
    const check = await t.api.post(`/api/admin/sponsorships/${s.id}/offline-payment`, {
      body: { method: 'check', amount: '500.00', reference: '4410', received_on: '2026-11-30' },
      headers: bearer(admin.token),
    });
    expect(check.statusCode, check.body).toBe(200);
    expect(await storedSponsorship(t, s.id)).toMatchObject({ paid_cents: 50_000, status: 'Completed' });
    const [paid] = (await staffView(s.id)).transactions;
    expect(paid).toMatchObject({ by_hand: true, refundable_cents: 50_000 });

    const toCard = await refund(s.id, { payment_id: paid?.payment_id, method: 'card', amount: '5.00', reason: 'x' });
    expect(toCard.statusCode).toBe(400);
    expect(toCard.json().errors).toEqual({ method: MSG.adminRefundCardOnlyForCard });

    const back = await refund(s.id, {
      payment_id: paid?.payment_id,
      method: 'offline',
      amount: '120.00',
      reference: 'Check 7001',
      reason: 'Half-page ad instead of full',
    });
    expect(back.statusCode, back.body).toBe(200);
    expect(back.json().message).toBe(MSG.adminRefundRecorded);
    expect(await storedSponsorship(t, s.id)).toMatchObject({ paid_cents: 38_000, status: 'Partial' });
    expect((await transactionsOf(t, s.id)).map((x) => [x.payment_status, x.amount_cents, x.transaction_id])).toEqual([
      [1, 50_000, 'Check 4410'],
      [1, -12_000, 'Check 7001'],
    ]);
    // The sponsor's own list names the refund as one, not as a payment confirmed.
    const theirs = await t.api.get(`/api/sponsorshipdetails?sponsorship_id=${s.id}`, {
      headers: bearer(sponsor.token),
    });
    expect(theirs.statusCode, theirs.body).toBe(200);
    expect(
      (theirs.json().sponsorship_txns as { kind: string; amount_html: string }[])
        .map((x) => [x.kind, x.amount_html])
        .sort(),
    ).toEqual([
      ['payment', '$500.00'],
      ['refund', '-$120.00'],
    ]);
    const view = await staffView(s.id);
    expect(view.sponsorship).toMatchObject({ paid_cents: 38_000, left_cents: 12_000 });
    expect(view.transactions.find((x) => x.payment_id === paid?.payment_id)?.refundable_cents).toBe(38_000);
    const [notice] = await noticesTo(sponsor.email);
    expect(notice?.subject).toBe(`Refund of $120.00 for sponsorship #${s.id}`);
    expect(notice?.text).toContain('Still to pay on this sponsorship: $120.00.');
  });

  it('refunds one sponsorship’s share of a bulk card payment to the card, and no more than that share', async () => {
    const sponsor = await signedInSponsor(t);
    const a = await sponsorshipOf(t, sponsor.user.id, 10_000);
    const b = await sponsorshipOf(t, sponsor.user.id, 20_000);
    const other = await sponsorshipOf(t, sponsor.user.id, 7_000);
    const res = await t.api.post('/api/paybulksponsorship', {
      body: { exclude_sponsorships: String(other.id) },
      headers: bearer(sponsor.token),
    });
    expect(res.statusCode, res.body).toBe(200);
    const { redirect } = res.json() as { redirect: string };
    const payment = await paymentOfUrl(t, redirect);
    await submitHostedPage(t, redirect, { card_number: CARDS.paid });
    expect(await storedSponsorship(t, b.id)).toMatchObject({ paid_cents: 20_000, status: 'Completed' });

    const tooMuch = await refund(a.id, { payment_id: payment.id, method: 'card', amount: '100.01', reason: 'x' });
    expect(tooMuch.statusCode).toBe(400);
    expect(tooMuch.json().errors).toEqual({ amount: refundAmountTooHigh('100.00') });
    const notItsOwn = await refund(other.id, { payment_id: payment.id, method: 'card', amount: '1.00', reason: 'x' });
    expect(notItsOwn.statusCode).toBe(404);

    const all = await refund(a.id, {
      payment_id: payment.id,
      method: 'card',
      amount: '100.00',
      reason: 'Ad cancelled',
    });
    expect(all.statusCode, all.body).toBe(200);
    expect(await storedSponsorship(t, a.id)).toMatchObject({ paid_cents: 0, status: 'Approved' });
    expect(await storedSponsorship(t, b.id)).toMatchObject({ paid_cents: 20_000, status: 'Completed' });
    const atGateway = await t.db
      .select()
      .from(test_gateway_refunds)
      .where(eq(test_gateway_refunds.session_id, payment.gateway_ref ?? ''));
    expect(atGateway.map((r) => r.amount_cents)).toEqual([10_000]);
    // b's share is untouched, and a's is spent.
    expect((await staffView(b.id)).transactions[0]?.refundable_cents).toBe(20_000);
    const again = await refund(a.id, { payment_id: payment.id, method: 'card', amount: '0.01', reason: 'x' });
    expect(again.statusCode).toBe(400);
  });

  it('is for administrators only', async () => {
    const sponsor = await signedInSponsor(t);
    const s = await sponsorshipOf(t, sponsor.user.id, 5_000);
    const rep = await signedInStaff(t, USER_TYPE.salesRep);
    const body = { payment_id: 1, method: 'offline', amount: '1.00', reference: 'Check 1', reason: 'x' };
    expect((await refund(s.id, body, rep.token)).statusCode).toBe(403);
    expect((await refund(s.id, body, sponsor.token)).statusCode).toBe(403);
  });
});
