import { SponsorshipDetailsResponse, SponsorshipsResponse } from '@portal/contracts/sponsorships';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sponsorship_transactions } from '../../src/db/schema/index.ts';
import { createSponsorship } from '../../src/seed/factories.ts';
import { bearer, signedInSchool, signedInSponsor } from '../helpers/accounts.ts';
import { CARDS, submitHostedPage } from '../helpers/hosted-page.ts';
import { sponsorshipOf } from '../helpers/sponsorships.ts';
import { createTestApp, type TestApp } from '../helpers/test-app.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t?.close());

const get = (url: string, token?: string) => t.api.get(url, token ? { headers: bearer(token) } : {});

describe('GET /api/sponsorship', () => {
  it('pages the sponsor’s own sponsorships twelve at a time, newest change first, with what is left to pay', async () => {
    const sponsor = await signedInSponsor(t);
    const other = await signedInSponsor(t);
    await sponsorshipOf(t, other.user.id, 5_000);
    const made = [];
    for (let i = 0; i < 13; i++) made.push(await sponsorshipOf(t, sponsor.user.id, 1_000 * (i + 1), { year: 2025 }));
    const done = await sponsorshipOf(t, sponsor.user.id, 9_900, { paid: 9_900, status: 'Completed', year: 2026 });
    const first = SponsorshipsResponse.parse((await get('/api/sponsorship?page=1', sponsor.token)).json());
    expect(first.sponsorships).toHaveLength(12);
    expect(first.has_more).toBe(true);
    expect(first.sponsorships[0]?.sponsorship_grp_id).toBe(done.id);
    const second = SponsorshipsResponse.parse((await get('/api/sponsorship?page=2', sponsor.token)).json());
    expect(second.sponsorships.map((s) => s.sponsorship_grp_id)).toEqual(
      [made[1]?.id, made[0]?.id].filter((id) => id !== undefined),
    );
    expect(second.has_more).toBe(false);
    const last = made[12];
    expect(first).toMatchObject({
      unpaid_sponsorships: 13,
      latest_sponsorship_id: last?.id,
      latest_left_amount: 13_000,
      latest_left_amount_html: '$130.00',
      csv_download_link: '/api/sponsorshipcsv',
      print_download_link: '/api/sponsorshipprint',
    });
    expect(first.rangeyear.at(-1)).toBe(2024);
    expect(first.rangeyear[0]).toBe(new Date().getUTCFullYear());

    const year = SponsorshipsResponse.parse((await get('/api/sponsorship?year=2026', sponsor.token)).json());
    expect(year.sponsorships.map((s) => [s.sponsorship_grp_id, s.status, s.left_amount])).toEqual([
      [done.id, 'Completed', 0],
    ]);
    expect(year).toMatchObject({ unpaid_sponsorships: 0, latest_sponsorship_id: null, latest_left_amount: 0 });
    expect(year.csv_download_link).toBe('/api/sponsorshipcsv?year=2026');
  });

  it('says what is left to pay on a page past the end, and nothing to a sponsor without sponsorships', async () => {
    const none = await signedInSponsor(t);
    expect(SponsorshipsResponse.parse((await get('/api/sponsorship', none.token)).json())).toMatchObject({
      sponsorships: [],
      has_more: false,
      unpaid_sponsorships: 0,
      latest_sponsorship_id: null,
      latest_left_amount: 0,
      latest_left_amount_html: '$0.00',
    });

    const sponsor = await signedInSponsor(t);
    const requested = await sponsorshipOf(t, sponsor.user.id, 4_000, { status: 'Requested', year: 2025 });
    const partial = await sponsorshipOf(t, sponsor.user.id, 10_000, { paid: 2_500, status: 'Partial', year: 2025 });
    await sponsorshipOf(t, sponsor.user.id, 3_000, { paid: 3_000, status: 'Completed', year: 2025 });
    await sponsorshipOf(t, sponsor.user.id, 6_000, { status: 'Approved', year: 2024 });
    const beyond = SponsorshipsResponse.parse((await get('/api/sponsorship?page=5&year=2025', sponsor.token)).json());
    expect(beyond).toMatchObject({
      sponsorships: [],
      has_more: false,
      unpaid_sponsorships: 2,
      latest_sponsorship_id: partial.id,
      latest_left_amount: 7_500,
      latest_left_amount_html: '$75.00',
    });
    const all = SponsorshipsResponse.parse((await get('/api/sponsorship', sponsor.token)).json());
    expect(all.sponsorships).toHaveLength(4);
    expect(all.unpaid_sponsorships).toBe(3);
    expect(all.sponsorships.find((s) => s.sponsorship_grp_id === requested.id)?.left_amount).toBe(4_000);
  });

  it('answers 403 for a school and 401 signed out', async () => {
    const school = await signedInSchool(t);
    expect((await get('/api/sponsorship', school.token)).statusCode).toBe(403);
    expect((await get('/api/sponsorship')).statusCode).toBe(401);
  });
});

describe('GET /api/sponsorshipdetails', () => {
  it('shows the sponsorship, its items and its payment attempts, confirmed and failed', async () => {
    const sponsor = await signedInSponsor(t);
    const s = await createSponsorship(t.db, {
      sponsorId: sponsor.user.id,
      year: 2026,
      status: 'Approved',
      items: [
        {
          sponsorship_type: 'Planner ad',
          county: 'Hillsborough',
          book_name: 'Elementary planner',
          school_name: 'Lakeview Elementary',
          adv_size: 'Half page',
          qty: 2,
          rate_cents: 12_500,
          artwork: 'Provided by sponsor',
          comments: 'Back cover if possible',
          artwork_price_cents: 2_500,
        },
      ],
    });
    const declined = await t.api.post('/api/sponsorshippayment', {
      body: { sponsorship_id: s.id, amount: '10.00' },
      headers: bearer(sponsor.token),
    });
    await submitHostedPage(t, declined.json().paymentLink, { card_number: CARDS.declined });
    const paid = await t.api.post('/api/sponsorshippayment', {
      body: { sponsorship_id: s.id, amount: 100 },
      headers: bearer(sponsor.token),
    });
    expect(paid.statusCode, paid.body).toBe(200);
    await submitHostedPage(t, paid.json().paymentLink, { card_number: CARDS.paid });

    const res = await get(`/api/sponsorshipdetails?sponsorship_id=${s.id}`, sponsor.token);
    expect(res.statusCode, res.body).toBe(200);
    const body = SponsorshipDetailsResponse.parse(res.json());
    expect(body.sponsorship).toMatchObject({
      sponsorship_gr_id: s.id,
      total_qty: 2,
      total_amount: 27_500,
      total_amount_html: '$275.00',
      status: 'Partial',
      left_amount: 17_500,
      left_amount_html: '$175.00',
    });
    expect(body.sponsorship_items).toEqual([
      expect.objectContaining({
        sponsorship_type: 'Planner ad',
        school_name: 'Lakeview Elementary',
        qty: 2,
        rate: 12_500,
        subtotal: 25_000,
        artwork_price: 2_500,
        total_amount: 27_500,
        total_amount_html: '$275.00',
      }),
    ]);
    const txns = await t.db
      .select()
      .from(sponsorship_transactions)
      .where(eq(sponsorship_transactions.sponsorship_id, s.id));
    expect(body.sponsorship_txns.map((x) => [x.payment_status, x.amount_html]).sort()).toEqual([
      [0, '$10.00'],
      [1, '$100.00'],
    ]);
    expect(body.sponsorship_txns.map((x) => x.transaction_id).sort()).toEqual(txns.map((x) => x.transaction_id).sort());
  });

  it('answers 404 for another sponsor’s, 403 for a school, 401 signed out', async () => {
    const sponsor = await signedInSponsor(t);
    const other = await signedInSponsor(t);
    const theirs = await sponsorshipOf(t, other.user.id, 5_000);
    expect((await get(`/api/sponsorshipdetails?sponsorship_id=${theirs.id}`, sponsor.token)).statusCode).toBe(404);
    expect((await get('/api/sponsorshipdetails?sponsorship_id=999999', sponsor.token)).statusCode).toBe(404);
    const school = await signedInSchool(t);
    expect((await get(`/api/sponsorshipdetails?sponsorship_id=${theirs.id}`, school.token)).statusCode).toBe(403);
    expect((await get(`/api/sponsorshipdetails?sponsorship_id=${theirs.id}`)).statusCode).toBe(401);
  });
});

describe('GET /api/sponsorshipcsv', () => {
  it('writes UTF-8 with a BOM, CRLF lines, every field quoted, money as plain numbers and formulas as text', async () => {
    const sponsor = await signedInSponsor(t);
    const s = await createSponsorship(t.db, {
      sponsorId: sponsor.user.id,
      year: 2025,
      status: 'Partial',
      paid_cents: 50_000,
      items: [
        {
          sponsorship_type: 'Planner ad',
          school_name: '=HYPERLINK("http://evil.test","Click")',
          county: '+Pinellas',
          book_name: '-1+2',
          comments: '@SUM(A1) and "quotes", commas\nand a new line',
          adv_size: 'Full page',
          qty: 1,
          rate_cents: 123_456,
        },
      ],
    });
    await sponsorshipOf(t, sponsor.user.id, 1_000, { year: 2024 });
    const res = await get('/api/sponsorshipcsv?year=2025', sponsor.token);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(res.headers['content-disposition']).toBe('attachment; filename="sponsorships-2025-2026.csv"');
    const raw = res.rawPayload;
    expect([...raw.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const text = raw.toString('utf8').slice(1);
    const lines = text.split('\r\n');
    expect(lines.at(-1)).toBe('');
    expect(lines[0]?.startsWith('"Sponsorship ID","School year","Status"')).toBe(true);
    const row = text.slice(text.indexOf('\r\n') + 2);
    expect(row).toContain(`"${s.id}","2025-2026","Partial"`);
    expect(row).toContain('"1234.56","500.00","734.56"');
    expect(row).toContain('"\'=HYPERLINK(""http://evil.test"",""Click"")"');
    expect(row).toContain('"\'+Pinellas"');
    expect(row).toContain('"\'-1+2"');
    expect(row).toContain('"\'@SUM(A1) and ""quotes"", commas\nand a new line"');
    // Only the year asked for, and only one row for the one item.
    expect(lines.filter((l) => l.startsWith('"')).length).toBe(2);
  });

  it('answers 403 for a school and 401 signed out', async () => {
    const school = await signedInSchool(t);
    expect((await get('/api/sponsorshipcsv', school.token)).statusCode).toBe(403);
    expect((await get('/api/sponsorshipcsv')).statusCode).toBe(401);
  });
});

describe('GET /api/sponsorshipprint', () => {
  it('prints the sponsor’s sponsorships with every value escaped', async () => {
    const sponsor = await signedInSponsor(t);
    const s = await sponsorshipOf(t, sponsor.user.id, 4_200);
    const res = await get('/api/sponsorshipprint', sponsor.token);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(res.body).toContain(`#${s.id}`);
    expect(res.body).toContain('$42.00');
  });
});
