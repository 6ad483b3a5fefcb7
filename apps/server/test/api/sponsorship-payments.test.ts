import { MSG } from '@portal/contracts/messages';
import {
  BulkSponsorshipConfirmResponse,
  SponsorshipBulkResponse,
  SponsorshipConfirmResponse,
} from '@portal/contracts/sponsorships';
import { and, asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { audit_log, payments, sponsorships, test_gateway_sessions } from '../../src/db/schema/index.ts';
import { bearer, signedInSchool, signedInSponsor } from '../helpers/accounts.ts';
import { CARDS, submitHostedPage } from '../helpers/hosted-page.ts';
import {
  allocationsOf,
  paymentOfUrl,
  sponsorReceipts,
  sponsorshipOf,
  storedSponsorship,
  transactionsOf,
} from '../helpers/sponsorships.ts';
import { createTestApp, TEST_PUBLIC_URL, type TestApp } from '../helpers/test-app.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t?.close());

type Sponsor = Awaited<ReturnType<typeof signedInSponsor>>;

const pay = (token: string | undefined, sponsorshipId: number, amount: string) =>
  t.api.post('/api/sponsorshippayment', {
    body: { sponsorship_id: String(sponsorshipId), amount },
    ...(token ? { headers: bearer(token) } : {}),
  });

const confirm = (token: string, key: string, via?: 'success' | 'cancel') =>
  t.api.get(`/api/sponsorshipconfirm?payment_key=${key}${via ? `&return_via=${via}` : ''}`, {
    headers: bearer(token),
  });

const bulkConfirm = (token: string, key: string) =>
  t.api.get(`/api/bulksponsorshipconfirm?payment_key=${key}`, { headers: bearer(token) });

/** Starts a single payment and answers the hosted page and our payment. */
async function started(sponsor: Sponsor, sponsorshipId: number, amount: string) {
  const res = await pay(sponsor.token, sponsorshipId, amount);
  expect(res.statusCode, res.body).toBe(200);
  const url = (res.json() as { paymentLink: string }).paymentLink;
  return { url, payment: await paymentOfUrl(t, url) };
}

describe('POST /api/sponsorshippayment', () => {
  it('starts a payment of the amount to the cent, returning to the result pages by the payment key', async () => {
    const sponsor = await signedInSponsor(t);
    const s = await sponsorshipOf(t, sponsor.user.id, 100_000, { paid: 25_000, status: 'Partial' });
    const { url, payment } = await started(sponsor, s.id, '123.45');
    expect(url.startsWith(`${TEST_PUBLIC_URL}/pay/test/`)).toBe(true);
    expect(payment).toMatchObject({ kind: 'sponsorship', amount_cents: 12_345, status: 'pending' });
    expect((await allocationsOf(t, payment.id)).map((a) => [a.sponsorship_id, a.amount_cents])).toEqual([
      [s.id, 12_345],
    ]);
    const [session] = await t.db
      .select()
      .from(test_gateway_sessions)
      .where(eq(test_gateway_sessions.id, payment.gateway_ref ?? ''));
    expect(session?.amount_cents).toBe(12_345);
    expect(session?.success_url).toBe(`${TEST_PUBLIC_URL}/sponsorship-confirmed/${payment.payment_key}`);
    expect(session?.cancel_url).toBe(`${TEST_PUBLIC_URL}/sponsorship-error/${payment.payment_key}`);
  });

  it('refuses an amount that is not digits with up to two decimals, one above what is left, and one under $0.50', async () => {
    const sponsor = await signedInSponsor(t);
    const s = await sponsorshipOf(t, sponsor.user.id, 10_000, { paid: 5_000, status: 'Partial' });
    for (const amount of ['abc', '12.345', '-5', '1e3', '']) {
      const res = await pay(sponsor.token, s.id, amount);
      expect(res.statusCode, amount).toBe(400);
      expect(res.json().message).toBe(MSG.sponsorshipAmountInvalid);
    }
    const over = await pay(sponsor.token, s.id, '50.01');
    expect(over.statusCode).toBe(400);
    expect(over.json().message).toBe('Please enter an amount that does not exceed $ 50.00');
    const small = await pay(sponsor.token, s.id, '0.49');
    expect(small.statusCode).toBe(400);
    expect(small.json().message).toBe(MSG.paymentBelowMinimum);
    expect((await storedSponsorship(t, s.id)).paid_cents).toBe(5_000);
  });

  it('refuses a Completed sponsorship, and answers 404 for another sponsor’s, 403 for a school, 401 signed out', async () => {
    const sponsor = await signedInSponsor(t);
    const other = await signedInSponsor(t);
    const done = await sponsorshipOf(t, sponsor.user.id, 10_000, { paid: 10_000, status: 'Completed' });
    expect((await pay(sponsor.token, done.id, '10.00')).statusCode).toBe(409);
    const theirs = await sponsorshipOf(t, other.user.id, 10_000);
    expect((await pay(sponsor.token, theirs.id, '10.00')).statusCode).toBe(404);
    const school = await signedInSchool(t);
    expect((await pay(school.token, theirs.id, '10.00')).statusCode).toBe(403);
    expect((await pay(undefined, theirs.id, '10.00')).statusCode).toBe(401);
  });

  it('lets only one of two payments of the whole amount left, started at once, start', async () => {
    const sponsor = await signedInSponsor(t);
    const s = await sponsorshipOf(t, sponsor.user.id, 30_000, { paid: 10_000, status: 'Partial' });
    const answers = await Promise.all([pay(sponsor.token, s.id, '200.00'), pay(sponsor.token, s.id, '200.00')]);
    expect(answers.map((a) => a.statusCode).sort()).toEqual([200, 409]);
    expect(answers.find((a) => a.statusCode === 409)?.json().message).toBe(MSG.sponsorshipPaymentInProgress);
    // Even a cent more is refused while the first is in flight.
    expect((await pay(sponsor.token, s.id, '0.50')).statusCode).toBe(409);
    const first = answers.find((a) => a.statusCode === 200);
    const url = (first?.json() as { paymentLink: string } | undefined)?.paymentLink ?? '';
    expect((await submitHostedPage(t, url, { card_number: CARDS.paid })).statusCode).toBe(303);
    const after = await storedSponsorship(t, s.id);
    expect(after).toMatchObject({ paid_cents: 30_000, status: 'Completed' });
    expect(after.total_cents - after.paid_cents).toBe(0);
  });
});

describe('a checkout left open', () => {
  it('holds back its amount for a moment, then is closed when the sponsor starts paying again', async () => {
    const sponsor = await signedInSponsor(t);
    const s = await sponsorshipOf(t, sponsor.user.id, 10_000);
    const { payment } = await started(sponsor, s.id, '100.00');
    // A second click at once starts nothing more.
    const again = await pay(sponsor.token, s.id, '100.00');
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe(MSG.sponsorshipPaymentInProgress);
    // The sponsor pressed Back on the card page, and Pay again a little later.
    await t.db
      .update(payments)
      .set({ created_at: new Date(Date.now() - 31 * 1000) })
      .where(eq(payments.id, payment.id));
    expect((await pay(sponsor.token, s.id, '100.00')).statusCode).toBe(200);
    const [session] = await t.db
      .select()
      .from(test_gateway_sessions)
      .where(eq(test_gateway_sessions.id, payment.gateway_ref ?? ''));
    expect(session?.status).toBe('expired');
    expect((await transactionsOf(t, s.id)).map((x) => [x.payment_status, x.amount_cents])).toEqual([[0, 10_000]]);
  });

  it('closes a bulk checkout left open when the sponsor starts paying them again', async () => {
    const sponsor = await signedInSponsor(t);
    const a = await sponsorshipOf(t, sponsor.user.id, 10_000);
    const b = await sponsorshipOf(t, sponsor.user.id, 20_000);
    const bulk = () => t.api.post('/api/paybulksponsorship', { body: {}, headers: bearer(sponsor.token) });
    const first = await bulk();
    expect(first.statusCode, first.body).toBe(200);
    const firstPayment = await paymentOfUrl(t, first.json().redirect as string);
    await t.db
      .update(payments)
      .set({ created_at: new Date(Date.now() - 31 * 1000) })
      .where(eq(payments.id, firstPayment.id));
    const second = await bulk();
    expect(second.statusCode, second.body).toBe(200);
    expect((await paymentOfUrl(t, first.json().redirect as string)).status).toBe('failed');
    expect((await submitHostedPage(t, second.json().redirect as string, { card_number: CARDS.paid })).statusCode).toBe(
      303,
    );
    expect(await storedSponsorship(t, a.id)).toMatchObject({ paid_cents: 10_000, status: 'Completed' });
    expect(await storedSponsorship(t, b.id)).toMatchObject({ paid_cents: 20_000, status: 'Completed' });
  });
});

describe('GET /api/sponsorshipconfirm', () => {
  it('records a payment once, however often it is confirmed: paid, status, a confirmed transaction and one receipt', async () => {
    const sponsor = await signedInSponsor(t);
    const s = await sponsorshipOf(t, sponsor.user.id, 50_000, { status: 'Requested' });
    const { url, payment } = await started(sponsor, s.id, '500.00');
    expect((await submitHostedPage(t, url, { card_number: CARDS.paid })).statusCode).toBe(303);
    for (let i = 0; i < 3; i++) {
      const res = await confirm(sponsor.token, payment.payment_key, 'success');
      expect(res.statusCode, res.body).toBe(200);
      expect(SponsorshipConfirmResponse.parse(res.json())).toMatchObject({
        sponsorship_id: s.id,
        sponsorship_status: 'Completed',
        payment_result: 'paid',
        left_amount: 0,
      });
    }
    expect((await storedSponsorship(t, s.id)).paid_cents).toBe(50_000);
    const txns = await transactionsOf(t, s.id);
    expect(txns.map((x) => [x.payment_status, x.amount_cents, x.transaction_id])).toEqual([
      [1, 50_000, payment.gateway_ref],
    ]);
    const receipts = await sponsorReceipts(t, sponsor.email);
    expect(receipts).toHaveLength(1);
    expect(receipts[0]?.subject).toBe(`Payment received for sponsorship #${s.id}`);
    expect(receipts[0]?.text).toContain('$500.00');
    expect(receipts[0]?.html).toContain(payment.gateway_ref ?? '-');
  });

  it('leaves a partly paid sponsorship Partial with what is left', async () => {
    const sponsor = await signedInSponsor(t);
    const s = await sponsorshipOf(t, sponsor.user.id, 10_001, { status: 'Approved' });
    const { url, payment } = await started(sponsor, s.id, '0.99');
    await submitHostedPage(t, url, { card_number: CARDS.paid });
    const res = await confirm(sponsor.token, payment.payment_key);
    expect(res.json()).toMatchObject({ sponsorship_status: 'Partial', left_amount: 9_902, left_amount_html: '$99.02' });
  });

  it('records a card paid with the browser closed, from the gateway’s own notice', async () => {
    const sponsor = await signedInSponsor(t);
    const s = await sponsorshipOf(t, sponsor.user.id, 20_000);
    const { url } = await started(sponsor, s.id, '200.00');
    await submitHostedPage(t, url, { card_number: CARDS.paid });
    // Nobody asks sponsorshipconfirm.
    expect(await storedSponsorship(t, s.id)).toMatchObject({ paid_cents: 20_000, status: 'Completed' });
    expect(await sponsorReceipts(t, sponsor.email)).toHaveLength(1);
  });

  it('records a declined card as a failed (0) transaction and leaves the sponsorship as it was', async () => {
    const sponsor = await signedInSponsor(t);
    const s = await sponsorshipOf(t, sponsor.user.id, 20_000);
    const { url, payment } = await started(sponsor, s.id, '150.00');
    await submitHostedPage(t, url, { card_number: CARDS.declined });
    const res = await confirm(sponsor.token, payment.payment_key, 'cancel');
    expect(res.json()).toMatchObject({
      sponsorship_status: 'Approved',
      payment_result: 'declined',
      left_amount: 20_000,
    });
    expect((await transactionsOf(t, s.id)).map((x) => [x.payment_status, x.amount_cents])).toEqual([[0, 15_000]]);
    expect(await sponsorReceipts(t, sponsor.email)).toHaveLength(0);
    // The amount no longer held back: the whole of it can be paid.
    expect((await pay(sponsor.token, s.id, '200.00')).statusCode).toBe(200);
  });

  it('answers 404 for an unknown key and another sponsor’s', async () => {
    const sponsor = await signedInSponsor(t);
    const other = await signedInSponsor(t);
    const s = await sponsorshipOf(t, sponsor.user.id, 20_000);
    const { payment } = await started(sponsor, s.id, '10.00');
    expect((await confirm(sponsor.token, 'no-such-key')).statusCode).toBe(404);
    expect((await confirm(other.token, payment.payment_key)).statusCode).toBe(404);
    // A single payment's key is not a bulk payment's.
    expect((await bulkConfirm(sponsor.token, payment.payment_key)).statusCode).toBe(404);
  });
});

describe('GET /api/sponsorshipbulk and POST /api/paybulksponsorship', () => {
  it('offers the unpaid sponsorships ticked, leaves out the excluded, and totals what is left of the ticked', async () => {
    const sponsor = await signedInSponsor(t);
    const a = await sponsorshipOf(t, sponsor.user.id, 10_000);
    const b = await sponsorshipOf(t, sponsor.user.id, 20_000, { paid: 5_000, status: 'Partial' });
    await sponsorshipOf(t, sponsor.user.id, 30_000, { paid: 30_000, status: 'Completed' });
    const res = await t.api.get(`/api/sponsorshipbulk?exclude_sponsorships=${a.id}`, {
      headers: bearer(sponsor.token),
    });
    expect(res.statusCode, res.body).toBe(200);
    const body = SponsorshipBulkResponse.parse(res.json());
    expect(body.sponsorships.map((s) => [s.sponsorship_id, s.checked, s.total_amount])).toEqual([
      [a.id, 0, 10_000],
      [b.id, 1, 15_000],
    ]);
    expect(body).toMatchObject({ total_bulk_amount: 15_000, total_bulk_amount_html: '$150.00' });
    expect((await t.api.get('/api/sponsorshipbulk')).statusCode).toBe(401);
  });

  it('refuses a bulk payment with none selected', async () => {
    const sponsor = await signedInSponsor(t);
    const a = await sponsorshipOf(t, sponsor.user.id, 10_000);
    const res = await t.api.post('/api/paybulksponsorship', {
      body: { exclude_sponsorships: String(a.id) },
      headers: bearer(sponsor.token),
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe(MSG.selectSponsorship);
    const school = await signedInSchool(t);
    expect((await t.api.post('/api/paybulksponsorship', { body: {}, headers: bearer(school.token) })).statusCode).toBe(
      403,
    );
  });

  it('pays every ticked sponsorship in full in one payment, confirmed once', async () => {
    const sponsor = await signedInSponsor(t);
    const a = await sponsorshipOf(t, sponsor.user.id, 10_000);
    const b = await sponsorshipOf(t, sponsor.user.id, 20_000, { paid: 5_000, status: 'Partial' });
    const c = await sponsorshipOf(t, sponsor.user.id, 7_000);
    const res = await t.api.post('/api/paybulksponsorship', {
      body: { exclude_sponsorships: String(c.id) },
      headers: bearer(sponsor.token),
    });
    expect(res.statusCode, res.body).toBe(200);
    const { redirect } = res.json() as { redirect: string };
    const payment = await paymentOfUrl(t, redirect);
    expect(payment).toMatchObject({ kind: 'bulk', amount_cents: 25_000 });
    const [session] = await t.db
      .select()
      .from(test_gateway_sessions)
      .where(eq(test_gateway_sessions.id, payment.gateway_ref ?? ''));
    expect(session?.success_url).toBe(`${TEST_PUBLIC_URL}/bulksponsorship-confirmed/${payment.payment_key}`);
    await submitHostedPage(t, redirect, { card_number: CARDS.paid });
    for (let i = 0; i < 2; i++) {
      const back = await bulkConfirm(sponsor.token, payment.payment_key);
      expect(BulkSponsorshipConfirmResponse.parse(back.json())).toMatchObject({
        payment_status: 1,
        payment_result: 'paid',
      });
    }
    expect(await storedSponsorship(t, a.id)).toMatchObject({ paid_cents: 10_000, status: 'Completed' });
    expect(await storedSponsorship(t, b.id)).toMatchObject({ paid_cents: 20_000, status: 'Completed' });
    expect(await storedSponsorship(t, c.id)).toMatchObject({ paid_cents: 0, status: 'Approved' });
    expect((await transactionsOf(t, b.id)).map((x) => [x.payment_status, x.amount_cents])).toEqual([[1, 15_000]]);
    const receipts = await sponsorReceipts(t, sponsor.email);
    expect(receipts).toHaveLength(1);
    expect(receipts[0]?.text).toContain('$250.00');
  });

  it('records all of a bulk payment or none: one sponsorship that cannot take it rolls back the others', async () => {
    const sponsor = await signedInSponsor(t);
    const a = await sponsorshipOf(t, sponsor.user.id, 10_000);
    const b = await sponsorshipOf(t, sponsor.user.id, 20_000);
    const res = await t.api.post('/api/paybulksponsorship', { body: {}, headers: bearer(sponsor.token) });
    expect(res.statusCode, res.body).toBe(200);
    const { redirect } = res.json() as { redirect: string };
    const payment = await paymentOfUrl(t, redirect);
    // Staff lower b's total behind the payment's back: paying it in full would pay more than it owes.
    await t.db.update(sponsorships).set({ total_cents: 1_000 }).where(eq(sponsorships.id, b.id));
    expect((await submitHostedPage(t, redirect, { card_number: CARDS.paid })).statusCode).toBe(303);
    const back = await bulkConfirm(sponsor.token, payment.payment_key);
    expect(back.statusCode, back.body).toBe(200);
    expect(back.json()).toMatchObject({ payment_status: 0 });
    expect(await storedSponsorship(t, a.id)).toMatchObject({ paid_cents: 0, status: 'Approved' });
    expect(await storedSponsorship(t, b.id)).toMatchObject({ paid_cents: 0, status: 'Approved' });
    expect(await transactionsOf(t, a.id)).toHaveLength(0);
    expect(await sponsorReceipts(t, sponsor.email)).toHaveLength(0);
    // Staff are told, once, of money taken that could not be recorded.
    await bulkConfirm(sponsor.token, payment.payment_key);
    const notes = await t.db
      .select()
      .from(audit_log)
      .where(and(eq(audit_log.entity, 'payment'), eq(audit_log.entity_id, String(payment.id))))
      .orderBy(asc(audit_log.id));
    expect(notes.map((n) => n.action)).toEqual(['payment-started', 'payment-unrecordable']);
  });
});
