import { BUSINESS_TIME_ZONE } from '@portal/contracts/business-time';
import { MSG, queryNotNumber } from '@portal/contracts/messages';
import { OrderDocumentLinkResponse } from '@portal/contracts/school-orders';
import {
  SponsorshipDetailsResponse,
  SponsorshipDocumentLinkResponse,
  SponsorshipsResponse,
} from '@portal/contracts/sponsorships';
import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { document_links, states } from '../../src/db/schema/index.ts';
import { createSponsorship, type NewSponsorshipItem } from '../../src/seed/factories.ts';
import { bearer, signedInSchool, signedInSponsor } from '../helpers/accounts.ts';
import { clockedCatalogueApp } from '../helpers/clock.ts';
import { CARDS, submitHostedPage } from '../helpers/hosted-page.ts';
import { schoolWithPlacedOrder } from '../helpers/orders.ts';
import { pageCount, pdfText } from '../helpers/pdf-text.ts';
import { sponsorshipOf, transactionsOf } from '../helpers/sponsorships.ts';
import type { TestApp } from '../helpers/test-app.ts';

const clocked = clockedCatalogueApp();
let t: TestApp;
beforeAll(() => {
  t = clocked.app();
});

const askLink = (token: string | undefined, sponsorshipId: number) =>
  t.api.post('/api/sponsorshipdocumentlink', {
    body: { sponsorship_id: sponsorshipId },
    ...(token ? { headers: bearer(token) } : {}),
  });

async function linkFor(token: string, sponsorshipId: number) {
  const res = await askLink(token, sponsorshipId);
  expect(res.statusCode, res.body).toBe(200);
  const body = SponsorshipDocumentLinkResponse.parse(res.json());
  expect(body.status).toBe('success');
  return body.link;
}

const summary = (token: string | undefined, sponsorshipId: number) =>
  t.api.get(`/api/sponsorshipsummary?sponsorship_id=${sponsorshipId}`, token ? { headers: bearer(token) } : {});

async function summaryText(token: string, sponsorshipId: number) {
  const res = await summary(token, sponsorshipId);
  expect(res.statusCode, res.body.slice(0, 300)).toBe(200);
  return pdfText(res.rawPayload);
}

const linksOf = (sponsorshipId: number) =>
  t.db.select().from(document_links).where(eq(document_links.sponsorship_id, sponsorshipId));

/** The sponsorship of the sponsor's with the two items the summary is read for. */
const LAKEVIEW: NewSponsorshipItem = {
  sponsorship_type: 'Planner ad',
  county: 'Hillsborough',
  book_name: 'Elementary planner',
  school_name: 'Lakeview Elementary',
  adv_size: 'Half page',
  qty: 2,
  rate_cents: 12_345,
  artwork: 'Provided by sponsor',
  comments: 'Back cover if possible',
  artwork_price_cents: 2_501,
};
const BAYSIDE: NewSponsorshipItem = {
  sponsorship_type: 'Bus tag logo',
  county: 'Pinellas',
  book_name: 'Middle school planner',
  school_name: 'Bayside Middle',
  adv_size: 'Quarter page',
  qty: 3,
  rate_cents: 4_999,
};

/** Pays `amount` (dollars) of the sponsorship through the test gateway with `card`. */
async function pay(token: string, sponsorshipId: number, amount: string, card: string) {
  const res = await t.api.post('/api/sponsorshippayment', {
    body: { sponsorship_id: sponsorshipId, amount },
    headers: bearer(token),
  });
  expect(res.statusCode, res.body).toBe(200);
  await submitHostedPage(t, res.json().paymentLink, { card_number: card });
}

describe('POST /api/sponsorshipdocumentlink and GET /api/sponsorshipdocument/{token}', () => {
  it('opens the summary of the sponsor’s own sponsorship without a session, as a PDF for the viewer', async () => {
    const sponsor = await signedInSponsor(t);
    const s = await sponsorshipOf(t, sponsor.user.id, 27_500);
    const link = await linkFor(sponsor.token, s.id);
    expect(link).toMatch(/^\/api\/sponsorshipdocument\/[A-Za-z0-9_-]{43}$/);

    const res = await t.api.get(link);
    expect(res.statusCode, res.body.slice(0, 300)).toBe(200);
    expect(res.headers['content-type']).toBe('application/pdf');
    expect(res.headers['content-disposition']).toBe(`inline; filename="sponsorship-summary-${s.id}.pdf"`);
    expect(res.headers['cache-control']).toBe('private, no-store');
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['content-security-policy']).toBe("frame-ancestors 'none'");
    expect(res.rawPayload.subarray(0, 5).toString('latin1')).toBe('%PDF-');
    expect(pdfText(res.rawPayload)).toContain(`Sponsorship: #${s.id}`);

    // The same document as the API's own address gives today, and again within the link's time.
    const direct = await summary(sponsor.token, s.id);
    expect(direct.rawPayload.equals(res.rawPayload)).toBe(true);
    expect((await t.api.get(link)).rawPayload.equals(res.rawPayload)).toBe(true);

    const [stored] = await linksOf(s.id);
    expect(stored).toMatchObject({ user_id: sponsor.user.id, order_id: null, kind: 'sponsorship-summary' });
    expect(stored?.token_hash).not.toContain(link.slice(link.lastIndexOf('/') + 1));
  });

  it('makes links only for the sponsor’s own sponsorships, and only for sponsors', async () => {
    const sponsor = await signedInSponsor(t);
    const s = await sponsorshipOf(t, sponsor.user.id, 10_000);
    const other = await signedInSponsor(t);

    const theirs = await askLink(other.token, s.id);
    expect(theirs.statusCode).toBe(404);
    expect(theirs.json()).toMatchObject({ status: 'error', message: MSG.notFound });
    expect(theirs.json()).not.toHaveProperty('link');
    expect((await askLink(sponsor.token, 2_000_000_000)).statusCode).toBe(404);

    const school = await signedInSchool(t);
    const refused = await askLink(school.token, s.id);
    expect(refused.statusCode).toBe(403);
    expect(refused.json().message).toBe(MSG.forbidden);
    const signedOut = await askLink(undefined, s.id);
    expect(signedOut.statusCode).toBe(401);
    expect(signedOut.json().message).toBe(MSG.unauthorized);
    expect(await linksOf(s.id)).toEqual([]);
  });

  it('refuses an id that is no whole number, and a request without the anti-forgery header', async () => {
    const sponsor = await signedInSponsor(t);
    const bad = await t.api.post('/api/sponsorshipdocumentlink', {
      body: { sponsorship_id: 'abc' },
      headers: bearer(sponsor.token),
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().errors.sponsorship_id).toBe(queryNotNumber('sponsorship_id'));
    const s = await sponsorshipOf(t, sponsor.user.id, 10_000);
    const forged = await t.api.post('/api/sponsorshipdocumentlink', {
      body: { sponsorship_id: s.id },
      headers: bearer(sponsor.token),
      xsrfHeader: null,
    });
    expect(forged.statusCode).toBe(403);
    expect(await linksOf(s.id)).toEqual([]);
  });

  it('stops opening the summary ten minutes after it was made', async () => {
    const sponsor = await signedInSponsor(t);
    const s = await sponsorshipOf(t, sponsor.user.id, 10_000);
    const link = await linkFor(sponsor.token, s.id);
    clocked.setToday(new Date(Date.now() + 9 * 60_000));
    expect((await t.api.get(link)).statusCode).toBe(200);
    clocked.setToday(new Date(Date.now() + 11 * 60_000));
    const late = await t.api.get(link);
    expect(late.statusCode).toBe(404);
    expect(late.json().message).toBe(MSG.sponsorshipDocumentLinkExpired);
  });

  it('opens nothing for a made-up or malformed link', async () => {
    const unknown = await t.api.get(`/api/sponsorshipdocument/${'A'.repeat(43)}`);
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().message).toBe(MSG.sponsorshipDocumentLinkExpired);
    const short = await t.api.get('/api/sponsorshipdocument/short');
    expect(short.statusCode).toBe(400);
  });

  it('never opens an order with a sponsorship’s link, nor a sponsorship with an order’s', async () => {
    const sponsor = await signedInSponsor(t);
    const s = await sponsorshipOf(t, sponsor.user.id, 10_000);
    const sponsorshipToken = (await linkFor(sponsor.token, s.id)).split('/').at(-1);
    const asOrder = await t.api.get(`/api/orderdocument/${sponsorshipToken}`);
    expect(asOrder.statusCode).toBe(404);
    expect(asOrder.json().message).toBe(MSG.documentLinkExpired);

    const school = await schoolWithPlacedOrder(t, { status: 'Reserved', payment_method: '3' });
    const orderLink = await t.api.post('/api/orderdocumentlink', {
      body: { order_key: school.orderKey, type: 'quote' },
      headers: bearer(school.token),
    });
    expect(orderLink.statusCode, orderLink.body).toBe(200);
    const orderUrl = OrderDocumentLinkResponse.parse(orderLink.json()).url;
    const asSponsorship = await t.api.get(`/api/sponsorshipdocument/${orderUrl.split('/').at(-1)}`);
    expect(asSponsorship.statusCode).toBe(404);
    expect(asSponsorship.json().message).toBe(MSG.sponsorshipDocumentLinkExpired);
    // Each still opens its own document.
    expect((await t.api.get(orderUrl)).statusCode).toBe(200);
    expect((await t.api.get(`/api/sponsorshipdocument/${sponsorshipToken}`)).statusCode).toBe(200);
  });
});

describe('GET /api/sponsorshipsummary', () => {
  it('writes the provider, the sponsorship, the sponsor, the items, the payments received and the balance to the cent', async () => {
    const [florida] = await t.db.select().from(states).where(eq(states.state_code, 'FL'));
    const sponsor = await signedInSponsor(t, {
      business_name: 'Gulf Coast Hardware',
      primary_name: 'Lee Park',
      primary_phone: '7275550191',
      address: '45 Main St',
      city: 'Tampa',
      state_id: florida?.id ?? null,
      zip: '33606',
    });
    const s = await createSponsorship(t.db, {
      sponsorId: sponsor.user.id,
      year: 2026,
      status: 'Approved',
      items: [LAKEVIEW, BAYSIDE],
    });
    // 2 × 123.45 + 25.01 = 271.91, and 3 × 49.99 = 149.97: 421.88 in all.
    await pay(sponsor.token, s.id, '10.00', CARDS.declined);
    await pay(sponsor.token, s.id, '100.01', CARDS.paid);
    const [failed, confirmed] = await transactionsOf(t, s.id);
    expect([failed?.payment_status, confirmed?.payment_status]).toEqual([0, 1]);
    const settings = await t.ctx.cache.settings.get();

    const today = new Date();
    clocked.setToday(today);
    const text = await summaryText(sponsor.token, s.id);
    const issued = today.toLocaleDateString('en-US', {
      year: 'numeric',
      month: 'long',
      day: 'numeric',
      timeZone: BUSINESS_TIME_ZONE,
    });
    const written = text.join(' ').replace(/\s+/g, ' ');
    for (const expected of [
      settings.provider_name,
      settings.postal_address,
      settings.support_email,
      'SPONSORSHIP SUMMARY',
      `Sponsorship: #${s.id}`,
      'School year: 2026-2027',
      'Status: Partial',
      `Issue date: ${issued}`,
      'Gulf Coast Hardware',
      'Lee Park',
      sponsor.email,
      '7275550191',
      '45 Main St',
      'Tampa, FL 33606',
      'Planner ad',
      'Hillsborough',
      'Lakeview Elementary',
      'Half page',
      '$123.45',
      'Provided by sponsor',
      '$25.01',
      '$271.91',
      'Comments: Back cover if possible',
      'Bus tag logo',
      'Pinellas',
      'Bayside Middle',
      'Quarter page',
      '$49.99',
      '$149.97',
      '$421.88',
      'PAYMENTS RECEIVED',
      (confirmed?.payment_date ?? today).toLocaleDateString('en-US', {
        year: 'numeric',
        month: 'long',
        day: 'numeric',
        timeZone: BUSINESS_TIME_ZONE,
      }),
      '$100.01',
      'Amount paid',
      'Balance due',
      '$321.87',
    ]) {
      // A cell's words may wrap within its column: each line is a string of its own.
      expect(written, String(expected)).toContain(expected);
    }
    // The gateway's reference is longer than its column: it breaks where it must, whole.
    expect(text.join(''), 'the confirmed transaction id').toContain(confirmed?.transaction_id);
    // The declined attempt paid nothing and is not listed.
    expect(text.join('')).not.toContain(failed?.transaction_id);
    expect(text).not.toContain('$10.00');
    expect(text).not.toContain('Paid in full');
    // Amount paid and balance due, each beside its label.
    expect(text[text.indexOf('Amount paid') + 1]).toBe('$100.01');
    expect(text[text.indexOf('Balance due') + 1]).toBe('$321.87');
  });

  it('says Paid in full of a Completed sponsorship and asks for nothing', async () => {
    const sponsor = await signedInSponsor(t);
    const s = await sponsorshipOf(t, sponsor.user.id, 15_000);
    await pay(sponsor.token, s.id, '150.00', CARDS.paid);
    const text = await summaryText(sponsor.token, s.id);
    expect(text).toContain('Status: Completed');
    expect(text[text.indexOf('Amount paid') + 1]).toBe('$150.00');
    expect(text[text.indexOf('Balance due') + 1]).toBe('Paid in full');
  });

  it('flows 40 items with a 200-character school name onto further pages, every item written', async () => {
    const sponsor = await signedInSponsor(t);
    const longName = `${'Academy of Science and Arts '.repeat(7)}Lakeview`.slice(0, 200);
    expect(longName).toHaveLength(200);
    const items = Array.from({ length: 40 }, (_, i) => ({
      ...LAKEVIEW,
      book_name: `Book ${i + 1}`,
      school_name: i === 7 ? longName : `School ${i + 1}`,
      comments: i % 4 === 0 ? `Comment for item ${i + 1}` : '',
    }));
    const s = await createSponsorship(t.db, { sponsorId: sponsor.user.id, year: 2025, items });
    const res = await summary(sponsor.token, s.id);
    expect(res.statusCode).toBe(200);
    expect(pageCount(res.rawPayload)).toBeGreaterThan(1);
    const text = pdfText(res.rawPayload);
    expect(text).toContain('School year: 2025-2026');
    for (let i = 1; i <= 40; i++) expect(text).toContain(`Book ${i}`);
    expect(text.filter((line) => /^Comments: Comment for item \d+$/.test(line))).toHaveLength(10);
    // The long name is written whole, a piece a line, within its column.
    const start = text.findIndex((line) => line.startsWith('Academy of'));
    expect(
      text
        .slice(start, start + 20)
        .join(' ')
        .replace(/\s+/g, ' '),
    ).toContain(longName.replace(/\s+/g, ' '));
    // The total of 40 × 271.91.
    expect(text[text.indexOf('Total', text.indexOf('Book 40')) + 1]).toBe('$10,876.40');
    // The column heads again on the further page.
    expect(text.filter((line) => line === 'County').length).toBeGreaterThan(1);
  });

  it('answers 404 for another sponsor’s sponsorship, 403 to a school and 401 signed out', async () => {
    const sponsor = await signedInSponsor(t);
    const s = await sponsorshipOf(t, sponsor.user.id, 10_000);
    const other = await signedInSponsor(t);
    expect((await summary(other.token, s.id)).statusCode).toBe(404);
    const school = await signedInSchool(t);
    expect((await summary(school.token, s.id)).statusCode).toBe(403);
    expect((await summary(undefined, s.id)).statusCode).toBe(401);
  });
});

describe('invoice_link of GET /api/sponsorship and /api/sponsorshipdetails', () => {
  it('points every sponsorship at its summary', async () => {
    const sponsor = await signedInSponsor(t);
    const s = await sponsorshipOf(t, sponsor.user.id, 10_000);
    const link = `/api/sponsorshipsummary?sponsorship_id=${s.id}`;
    const list = SponsorshipsResponse.parse(
      (await t.api.get('/api/sponsorship', { headers: bearer(sponsor.token) })).json(),
    );
    expect(list.sponsorships.map((g) => g.invoice_link)).toEqual([link]);
    const details = SponsorshipDetailsResponse.parse(
      (await t.api.get(`/api/sponsorshipdetails?sponsorship_id=${s.id}`, { headers: bearer(sponsor.token) })).json(),
    );
    expect(details.sponsorship.invoice_link).toBe(link);
    expect((await t.api.get(link, { headers: bearer(sponsor.token) })).headers['content-type']).toBe('application/pdf');
  });
});
