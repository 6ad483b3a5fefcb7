import { MSG } from '@portal/contracts/messages';
import {
  PaySponsorshipPayLinkResponse,
  SponsorshipPayLinkResponse,
  SponsorshipPaymentConfirmResponse,
} from '@portal/contracts/pay-links';
import { SponsorshipConfirmResponse } from '@portal/contracts/sponsorships';
import { and, eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { pay_links, payment_allocations, payments, test_gateway_sessions } from '../../src/db/schema/index.ts';
import { hashToken } from '../../src/lib/tokens.ts';
import { createSponsorshipPayLink } from '../../src/modules/sponsorships/create-sponsorship-pay-link.ts';
import { bearer, createSponsorUser, signedInSponsor } from '../helpers/accounts.ts';
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

const DAY = 24 * 60 * 60 * 1000;

// The app's clock, which a test may move on; it reads the real time again after each test.
let setTo: Date | undefined;
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ clock: () => setTo ?? new Date() });
});
afterEach(() => {
  setTo = undefined;
});
afterAll(() => t?.close());

/** A sponsor (not signed in) with a sponsorship of `cents` and a pay link for it. */
async function linked(
  cents: number,
  options: { paid?: number; status?: 'Requested' | 'Approved' | 'Partial' | 'Completed'; amountCents?: number } = {},
) {
  const sponsor = await createSponsorUser(t, { business_name: 'Sunshine Dental Care' });
  const s = await sponsorshipOf(t, sponsor.user.id, cents, options);
  const link = await createSponsorshipPayLink(t.ctx, {
    sponsorshipId: s.id,
    ...(options.amountCents === undefined ? {} : { amountCents: options.amountCents }),
  });
  return { sponsor, s, link };
}

const read = (key: string) => t.api.get(`/api/sponsorshippaylink?link_key=${encodeURIComponent(key)}`);
const pay = (key: string, options: { xsrfHeader?: null } = {}) =>
  t.api.post('/api/sponsorshippaylink', { body: { link_key: key }, ...options });
const confirm = (key: string, via?: 'success' | 'cancel') =>
  t.api.get(`/api/sponsorshippaymentconfirm?payment_key=${key}${via ? `&return_via=${via}` : ''}`);

/** Starts the link's payment and answers the hosted page and our payment. */
async function started(key: string) {
  const res = await pay(key);
  expect(res.statusCode, res.body).toBe(200);
  const url = PaySponsorshipPayLinkResponse.parse(res.json()).payment_link;
  return { url, payment: await paymentOfUrl(t, url) };
}

describe('createSponsorshipPayLink', () => {
  it('keeps only the hash of a random key, for 30 days, and answers its address', async () => {
    const now = new Date('2026-09-01T12:00:00Z');
    setTo = now;
    const { s, link } = await linked(40_000, { amountCents: 12_550 });
    expect(link.linkKey).toMatch(/^[\w-]{43}$/);
    expect(link.url).toBe(`${TEST_PUBLIC_URL}/sponsorship-pay/${link.linkKey}`);
    const rows = await t.db.select().from(pay_links).where(eq(pay_links.sponsorship_id, s.id));
    expect(rows).toHaveLength(1);
    const [row] = rows;
    expect(row).toMatchObject({ kind: 'sponsorship', sponsorship_id: s.id, amount_cents: 12_550, order_id: null });
    expect(row?.key_hash).toBe(hashToken(link.linkKey));
    expect(JSON.stringify(row)).not.toContain(link.linkKey);
    expect(row?.expires_at.toISOString()).toBe('2026-10-01T12:00:00.000Z');
  });

  it('refuses a sponsorship with nothing left, one Completed, and an amount above what is left', async () => {
    const sponsor = await createSponsorUser(t);
    const done = await sponsorshipOf(t, sponsor.user.id, 10_000, { paid: 10_000, status: 'Completed' });
    await expect(createSponsorshipPayLink(t.ctx, { sponsorshipId: done.id })).rejects.toMatchObject({
      statusCode: 409,
      message: MSG.sponsorshipNothingToPay,
    });
    const s = await sponsorshipOf(t, sponsor.user.id, 10_000, { paid: 4_000, status: 'Partial' });
    await expect(createSponsorshipPayLink(t.ctx, { sponsorshipId: s.id, amountCents: 6_001 })).rejects.toMatchObject({
      statusCode: 400,
      message: 'Please enter an amount that does not exceed $ 60.00',
    });
    await expect(createSponsorshipPayLink(t.ctx, { sponsorshipId: s.id, amountCents: 0 })).rejects.toMatchObject({
      statusCode: 400,
      message: MSG.payLinkAmountInvalid,
    });
    const links = await t.db.select().from(pay_links).where(eq(pay_links.sponsorship_id, s.id));
    expect(links).toHaveLength(0);
  });
});

describe('GET /api/sponsorshippaylink', () => {
  it('answers what the link pays: a set amount, to the cent, without a session', async () => {
    const { s, link } = await linked(100_001, { paid: 25_000, status: 'Partial', amountCents: 12_550 });
    const res = await read(link.linkKey);
    expect(res.statusCode, res.body).toBe(200);
    expect(SponsorshipPayLinkResponse.parse(res.json())).toMatchObject({
      sponsorship_id: s.id,
      year: 2026,
      company_name: 'Sunshine Dental Care',
      total_amount: 100_001,
      total_amount_html: '$1,000.01',
      paid_amount: 25_000,
      paid_amount_html: '$250.00',
      left_amount: 75_001,
      left_amount_html: '$750.01',
      amount: 12_550,
      amount_html: '$125.50',
      paid_in_full: false,
      sponsorship_status: 'Partial',
    });
  });

  it('charges what is left when the link has no amount of its own', async () => {
    const { link } = await linked(33_333, { paid: 3_333, status: 'Partial' });
    expect((await read(link.linkKey)).json()).toMatchObject({ amount: 30_000, amount_html: '$300.00' });
  });

  it('caps a set amount at what is left once a part has been paid', async () => {
    const { s, link } = await linked(20_000, { amountCents: 15_000 });
    const first = await started(link.linkKey);
    await submitHostedPage(t, first.url, { card_number: CARDS.paid });
    expect(await storedSponsorship(t, s.id)).toMatchObject({ paid_cents: 15_000, status: 'Partial' });
    expect((await read(link.linkKey)).json()).toMatchObject({
      paid_amount: 15_000,
      left_amount: 5_000,
      amount: 5_000,
      amount_html: '$50.00',
      paid_in_full: false,
    });
    const second = await started(link.linkKey);
    expect(second.payment.amount_cents).toBe(5_000);
  });

  it('answers a paid sponsorship with nothing to charge, and no error', async () => {
    const { s, link } = await linked(20_000);
    await t.db.execute(`update sponsorships set paid_cents = 20000, status = 'Completed' where id = ${s.id}`);
    const res = await read(link.linkKey);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      amount: 0,
      amount_html: '$0.00',
      left_amount: 0,
      paid_in_full: true,
      sponsorship_status: 'Completed',
    });
    const again = await pay(link.linkKey);
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe(MSG.sponsorshipNothingToPay);
  });

  it('answers 404 for an unknown key, and 410 for a link 30 days old', async () => {
    const unknown = await read('no-such-link');
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toMatchObject({ status: 'error', message: MSG.payLinkNotFound });
    const start = new Date('2026-09-01T12:00:00Z');
    setTo = start;
    const { link } = await linked(20_000);
    setTo = new Date(start.getTime() + 30 * DAY - 1000);
    expect((await read(link.linkKey)).statusCode).toBe(200);
    setTo = new Date(start.getTime() + 30 * DAY);
    const expired = await read(link.linkKey);
    expect(expired.statusCode).toBe(410);
    expect(expired.json()).toMatchObject({
      status: 'error',
      message: 'This payment link has expired. Please ask your sales representative for a new one.',
    });
    const late = await pay(link.linkKey);
    expect(late.statusCode).toBe(410);
    const [stored] = await t.db
      .select()
      .from(pay_links)
      .where(eq(pay_links.key_hash, hashToken(link.linkKey)));
    expect(
      await t.db
        .select()
        .from(payments)
        .where(eq(payments.pay_link_id, stored?.id ?? 0)),
    ).toHaveLength(0);
  });
});

describe('POST /api/sponsorshippaylink', () => {
  it('starts the sponsor’s payment of the link’s amount, tied to the link, returning to the public result pages', async () => {
    const { sponsor, s, link } = await linked(50_000, { amountCents: 12_550 });
    const { url, payment } = await started(link.linkKey);
    expect(url.startsWith(`${TEST_PUBLIC_URL}/pay/test/`)).toBe(true);
    const [stored] = await t.db
      .select()
      .from(pay_links)
      .where(eq(pay_links.key_hash, hashToken(link.linkKey)));
    expect(payment).toMatchObject({
      kind: 'sponsorship',
      user_id: sponsor.user.id,
      amount_cents: 12_550,
      status: 'pending',
      pay_link_id: stored?.id,
    });
    expect((await allocationsOf(t, payment.id)).map((a) => [a.sponsorship_id, a.amount_cents])).toEqual([
      [s.id, 12_550],
    ]);
    const [session] = await t.db
      .select()
      .from(test_gateway_sessions)
      .where(eq(test_gateway_sessions.id, payment.gateway_ref ?? ''));
    expect(session?.success_url).toBe(`${TEST_PUBLIC_URL}/sponsorship-payment-confirmed/${payment.payment_key}`);
    expect(session?.cancel_url).toBe(`${TEST_PUBLIC_URL}/sponsorship-payment-error/${payment.payment_key}`);
  });

  it('is refused without the anti-forgery header, and starts nothing', async () => {
    const { s, link } = await linked(20_000);
    const res = await pay(link.linkKey, { xsrfHeader: null });
    expect(res.statusCode).toBe(403);
    expect(res.json()).toEqual({ status: 'error', message: MSG.xsrf });
    expect(await allocationsOfSponsorship(s.id)).toHaveLength(0);
  });

  it('pays what is left once however often Pay Now is pressed at once: one checkout stays open', async () => {
    const { s, link } = await linked(30_000, { paid: 10_000, status: 'Partial' });
    const answers = await Promise.all([pay(link.linkKey), pay(link.linkKey)]);
    // The second either finds the first still starting (refused) or closes it and starts its own.
    for (const refused of answers.filter((a) => a.statusCode !== 200)) {
      expect(refused.statusCode).toBe(409);
      expect(refused.json().message).toBe(MSG.sponsorshipPaymentInProgress);
    }
    const urls = answers
      .filter((a) => a.statusCode === 200)
      .map((a) => PaySponsorshipPayLinkResponse.parse(a.json()).payment_link);
    expect(urls.length).toBeGreaterThan(0);
    const open = await t.db
      .select({ amount: payments.amount_cents })
      .from(payments)
      .innerJoin(payment_allocations, eq(payment_allocations.payment_id, payments.id))
      .where(and(eq(payment_allocations.sponsorship_id, s.id), eq(payments.status, 'pending')));
    expect(open).toEqual([{ amount: 20_000 }]);
    for (const url of urls) await submitHostedPage(t, url, { card_number: CARDS.paid });
    for (const url of urls) await confirm((await paymentOfUrl(t, url)).payment_key, 'success');
    expect(await storedSponsorship(t, s.id)).toMatchObject({ paid_cents: 30_000, status: 'Completed' });
  });

  it('closes the checkout the link started before when Pay Now is pressed again (back from the gateway)', async () => {
    const { s, link } = await linked(20_000);
    const first = await started(link.linkKey);
    const second = await started(link.linkKey);
    expect(second.payment.amount_cents).toBe(20_000);
    const [closed] = await t.db
      .select({ status: payments.status })
      .from(payments)
      .where(eq(payments.id, first.payment.id));
    expect(closed?.status).toBe('failed');
    const [session] = await t.db
      .select({ status: test_gateway_sessions.status })
      .from(test_gateway_sessions)
      .where(eq(test_gateway_sessions.id, first.payment.gateway_ref ?? ''));
    expect(session?.status).toBe('expired');
    // The earlier page can no longer take the card; the new one pays it all.
    await submitHostedPage(t, first.url, { card_number: CARDS.paid });
    expect(await storedSponsorship(t, s.id)).toMatchObject({ paid_cents: 0 });
    await submitHostedPage(t, second.url, { card_number: CARDS.paid });
    expect((await confirm(second.payment.payment_key, 'success')).json()).toMatchObject({
      sponsorship_status: 'Completed',
      payment_result: 'paid',
    });
    expect(await storedSponsorship(t, s.id)).toMatchObject({ paid_cents: 20_000 });
  });
});

describe('GET /api/sponsorshippaymentconfirm', () => {
  it('records a part paid once however often it is confirmed: Partial, a transaction, one receipt to the sponsor', async () => {
    const { sponsor, s, link } = await linked(50_000, { amountCents: 12_550 });
    const { url, payment } = await started(link.linkKey);
    expect((await submitHostedPage(t, url, { card_number: CARDS.paid })).statusCode).toBe(303);
    for (let i = 0; i < 3; i++) {
      const res = await confirm(payment.payment_key, 'success');
      expect(res.statusCode, res.body).toBe(200);
      expect(SponsorshipPaymentConfirmResponse.parse(res.json())).toEqual({
        status: 'success',
        message: 'ok',
        sponsorship_id: s.id,
        sponsorship_status: 'Partial',
        payment_result: 'paid',
        amount: 12_550,
        amount_html: '$125.50',
        left_amount: 37_450,
        left_amount_html: '$374.50',
      });
      // The link's key is not the server's to give back: it keeps only its hash.
      expect(res.body).not.toContain(link.linkKey);
    }
    expect(await storedSponsorship(t, s.id)).toMatchObject({ paid_cents: 12_550, status: 'Partial' });
    const txns = await transactionsOf(t, s.id);
    expect(txns.map((x) => [x.payment_status, x.amount_cents, x.transaction_id])).toEqual([
      [1, 12_550, payment.gateway_ref],
    ]);
    const receipts = await sponsorReceipts(t, sponsor.email);
    expect(receipts).toHaveLength(1);
    expect(receipts[0]?.subject).toBe(`Payment received for sponsorship #${s.id}`);
    expect(receipts[0]?.text).toContain('$125.50');
  });

  it('pays the rest by the same link: Completed, and the link then has nothing to charge', async () => {
    const { sponsor, s, link } = await linked(20_000, { paid: 5_000, status: 'Partial' });
    const { url, payment } = await started(link.linkKey);
    await submitHostedPage(t, url, { card_number: CARDS.paid });
    expect((await confirm(payment.payment_key, 'success')).json()).toMatchObject({
      sponsorship_status: 'Completed',
      payment_result: 'paid',
      amount: 15_000,
      left_amount: 0,
      left_amount_html: '$0.00',
    });
    expect(await storedSponsorship(t, s.id)).toMatchObject({ paid_cents: 20_000, status: 'Completed' });
    expect(await sponsorReceipts(t, sponsor.email)).toHaveLength(1);
    expect((await read(link.linkKey)).json()).toMatchObject({ paid_in_full: true, amount: 0 });
  });

  it('records a declined card as a failed (0) transaction, after which Pay Now starts afresh', async () => {
    const { sponsor, s, link } = await linked(20_000);
    const { url, payment } = await started(link.linkKey);
    await submitHostedPage(t, url, { card_number: CARDS.declined });
    expect((await confirm(payment.payment_key, 'cancel')).json()).toMatchObject({
      sponsorship_status: 'Approved',
      payment_result: 'declined',
      amount: 20_000,
      left_amount: 20_000,
    });
    expect((await transactionsOf(t, s.id)).map((x) => [x.payment_status, x.amount_cents])).toEqual([[0, 20_000]]);
    expect(await sponsorReceipts(t, sponsor.email)).toHaveLength(0);
    const again = await started(link.linkKey);
    expect(again.payment.amount_cents).toBe(20_000);
    await submitHostedPage(t, again.url, { card_number: CARDS.paid });
    expect((await confirm(again.payment.payment_key, 'success')).json()).toMatchObject({
      sponsorship_status: 'Completed',
      payment_result: 'paid',
    });
    expect((await transactionsOf(t, s.id)).map((x) => [x.payment_status, x.amount_cents])).toEqual([
      [0, 20_000],
      [1, 20_000],
    ]);
  });

  it('answers cancelled for a checkout left by the cancel address, which is then closed', async () => {
    const { link } = await linked(20_000);
    const { payment } = await started(link.linkKey);
    expect((await confirm(payment.payment_key, 'cancel')).json()).toMatchObject({ payment_result: 'cancelled' });
    // The amount is no longer held back.
    expect((await pay(link.linkKey)).statusCode).toBe(200);
  });

  it('answers 404 for an unknown key and for a payment started signed in', async () => {
    expect((await confirm('no-such-key')).statusCode).toBe(404);
    const sponsor = await signedInSponsor(t);
    const s = await sponsorshipOf(t, sponsor.user.id, 20_000);
    const res = await t.api.post('/api/sponsorshippayment', {
      body: { sponsorship_id: String(s.id), amount: '10.00' },
      headers: bearer(sponsor.token),
    });
    const signedIn = await paymentOfUrl(t, res.json().paymentLink);
    const answer = await confirm(signedIn.payment_key, 'success');
    expect(answer.statusCode).toBe(404);
    expect(answer.json()).toMatchObject({ status: 'error', message: MSG.notFound });
  });
});

describe('GET /api/sponsorshipconfirm', () => {
  it('answers the attempt’s amount in dollars and cents, for Pay Now to try again', async () => {
    const sponsor = await signedInSponsor(t);
    const s = await sponsorshipOf(t, sponsor.user.id, 50_000);
    const res = await t.api.post('/api/sponsorshippayment', {
      body: { sponsorship_id: String(s.id), amount: '125.50' },
      headers: bearer(sponsor.token),
    });
    const url = res.json().paymentLink as string;
    const payment = await paymentOfUrl(t, url);
    expect(payment.pay_link_id).toBeNull();
    await submitHostedPage(t, url, { card_number: CARDS.declined });
    const answer = await t.api.get(`/api/sponsorshipconfirm?payment_key=${payment.payment_key}&return_via=cancel`, {
      headers: bearer(sponsor.token),
    });
    expect(SponsorshipConfirmResponse.parse(answer.json())).toEqual({
      status: 'success',
      message: 'ok',
      sponsorship_id: s.id,
      sponsorship_status: 'Approved',
      payment_result: 'declined',
      amount: '125.50',
      left_amount: 50_000,
      left_amount_html: '$500.00',
    });
  });
});

function allocationsOfSponsorship(sponsorshipId: number) {
  return t.db.select().from(payment_allocations).where(eq(payment_allocations.sponsorship_id, sponsorshipId));
}
