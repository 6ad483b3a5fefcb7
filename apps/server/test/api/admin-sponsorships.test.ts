import { AdminSponsorsResponse } from '@portal/contracts/admin-sponsors';
import {
  ADMIN_SPONSORSHIP_SORTS,
  ADMIN_SPONSORSHIPS_PAGE_SIZE,
  AdminSponsorshipDetailResponse,
  type AdminSponsorshipSort,
  AdminSponsorshipsResponse,
  type TCreateAdminSponsorshipBody,
} from '@portal/contracts/admin-sponsorships';
import { MSG, sponsorshipAmountTooHigh } from '@portal/contracts/messages';
import { COUNT_CAP, countLabel } from '@portal/contracts/paging';
import { desc, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pay_links, payments, sponsorship_items, sponsorships } from '../../src/db/schema/index.ts';
import { settleTestSession } from '../../src/modules/payments/test-gateway.ts';
import { bearer, createSponsorUser, mailsTo } from '../helpers/accounts.ts';
import { otherRepsSponsor, sponsorshipAudit, sponsorshipCast } from '../helpers/admin-sponsorships.ts';
import { submitHostedPage } from '../helpers/hosted-page.ts';
import { expectWalked, forgedCursor, idsByCursor, idsByNumber } from '../helpers/keyset.ts';
import { expectOwedKept } from '../helpers/money-owed.ts';
import { linkKeyIn } from '../helpers/order-pay-links.ts';
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
let cast: Awaited<ReturnType<typeof sponsorshipCast>>;
beforeAll(async () => {
  t = await createTestApp();
  cast = await sponsorshipCast(t);
});
afterAll(() => t?.close());

const as = (token: string | undefined) => (token ? { headers: bearer(token) } : {});
const list = (token: string | undefined, query = '') => t.api.get(`/api/admin/sponsorships${query}`, as(token));
const detail = (token: string | undefined, id: number) => t.api.get(`/api/admin/sponsorships/${id}`, as(token));
const create = (token: string | undefined, body: unknown) =>
  t.api.post('/api/admin/sponsorships', { body, ...as(token) });
const editItems = (token: string | undefined, id: number, items: unknown) =>
  t.api.post(`/api/admin/sponsorships/${id}/items`, { body: { items }, ...as(token) });
const approve = (token: string | undefined, id: number) =>
  t.api.post(`/api/admin/sponsorships/${id}/approve`, as(token));
const offline = (token: string | undefined, id: number, body: Record<string, string>) =>
  t.api.post(`/api/admin/sponsorships/${id}/offline-payment`, {
    body: { method: 'check', received_on: '2026-03-02', ...body },
    ...as(token),
  });
const payLink = (token: string | undefined, id: number, body: Record<string, string> = {}) =>
  t.api.post(`/api/admin/sponsorships/${id}/pay-link`, { body, ...as(token) });

const twoItems = (sponsorId: number): TCreateAdminSponsorshipBody => ({
  sponsor_id: sponsorId,
  year: 2026,
  items: [
    {
      sponsorship_type: 'Planner ad',
      county: 'Orange',
      book_name: 'Primary planner',
      school_name: 'Lakeview Elementary',
      adv_size: 'Full page',
      qty: 3,
      rate: '333.33',
      artwork: 'Sponsor provides',
      comments: 'Back cover if possible',
      artwork_price: '10.01',
    },
    { sponsorship_type: 'Bookmark', qty: 7, rate: '0.99', artwork_price: '' },
  ],
});

/** Creates one through the API as the administrator, approved when asked. */
async function created(options: { approved?: boolean } = {}) {
  const res = await create(cast.admin.token, twoItems(cast.sponsor.user.id));
  expect(res.statusCode, res.body).toBe(200);
  const id = res.json().sponsorship_id as number;
  if (options.approved) expect((await approve(cast.admin.token, id)).statusCode).toBe(200);
  return id;
}

describe('who may reach the sponsorships', () => {
  it('lets an administrator and the sponsor’s rep reach every call, and nobody else', async () => {
    const id = await created();
    const foreign = await otherRepsSponsor(t, cast.otherRep.user.id);
    const calls = [
      (token?: string) => list(token),
      (token?: string) => detail(token, id),
      (token?: string) => create(token, twoItems(cast.sponsor.user.id)),
      (token?: string) => editItems(token, id, twoItems(cast.sponsor.user.id).items),
      (token?: string) => payLink(token, id),
      (token?: string) => t.api.get('/api/admin/sponsorships/sponsors?q=Harbor', as(token)),
    ];
    for (const call of calls) {
      expect((await call(undefined)).statusCode).toBe(401);
      expect((await call(cast.school.token)).statusCode).toBe(403);
      expect((await call(cast.outsider.token)).statusCode).toBe(403);
      expect((await call(cast.admin.token)).statusCode).toBe(200);
      expect((await call(cast.rep.token)).statusCode).toBe(200);
    }
    // Another rep: the sponsorship and its sponsor do not exist for them.
    for (const res of [
      await detail(cast.otherRep.token, id),
      await create(cast.otherRep.token, twoItems(cast.sponsor.user.id)),
      await editItems(cast.otherRep.token, id, twoItems(cast.sponsor.user.id).items),
      await approve(cast.otherRep.token, id),
      await offline(cast.otherRep.token, id, { amount: '1.00', reference: '1' }),
      await payLink(cast.otherRep.token, id),
    ]) {
      expect(res.statusCode, res.body).toBe(404);
      expect(res.json().message).toBe(MSG.notFound);
    }
    const theirs = AdminSponsorshipsResponse.parse((await list(cast.otherRep.token)).json());
    expect(theirs.sponsorships.map((s) => s.sponsorship_id)).not.toContain(id);
    expect(theirs.sponsorships.every((s) => s.sponsor_user_id !== cast.sponsor.user.id)).toBe(true);
    const choices = (await t.api.get('/api/admin/sponsorships/sponsors', as(cast.otherRep.token))).json();
    expect(choices.sponsors.map((s: { user_id: number }) => s.user_id)).toEqual([foreign.user.id]);
    // The rep's own list holds it; their choices hold their sponsor and not the other rep's.
    const mine = AdminSponsorshipsResponse.parse((await list(cast.rep.token)).json());
    expect(mine.sponsorships.map((s) => s.sponsorship_id)).toContain(id);
    const repChoices = (await t.api.get('/api/admin/sponsorships/sponsors', as(cast.rep.token))).json();
    expect(repChoices.sponsors.map((s: { user_id: number }) => s.user_id)).toEqual([cast.sponsor.user.id]);
  });
});

describe('POST /api/admin/sponsorships', () => {
  it('prices every item and the group itself, to the cent, whatever the client sends', async () => {
    const body = twoItems(cast.sponsor.user.id);
    const res = await create(cast.rep.token, {
      ...body,
      total_cents: 1,
      items: body.items.map((i) => ({ ...i, subtotal: 1, total_amount: 1 })),
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().message).toBe(MSG.adminSponsorshipCreated);
    const id = res.json().sponsorship_id as number;
    // 3 × $333.33 = $999.99, + $10.01 artwork = $1,010.00; 7 × $0.99 = $6.93.
    expect(await storedSponsorship(t, id)).toMatchObject({
      sponsor_user_id: cast.sponsor.user.id,
      status: 'Requested',
      year: 2026,
      total_qty: 10,
      total_cents: 101_693,
      paid_cents: 0,
      created_by: cast.rep.user.id,
    });
    const items = await t.db.select().from(sponsorship_items).where(eq(sponsorship_items.sponsorship_id, id));
    expect(
      items.map((i) => [
        i.sponsorship_type,
        i.qty,
        i.rate_cents,
        i.subtotal_cents,
        i.artwork_price_cents,
        i.total_cents,
      ]),
    ).toEqual([
      ['Planner ad', 3, 33_333, 99_999, 1_001, 101_000],
      ['Bookmark', 7, 99, 693, 0, 693],
    ]);
    expect(items[0]).toMatchObject({
      county: 'Orange',
      book_name: 'Primary planner',
      school_name: 'Lakeview Elementary',
      adv_size: 'Full page',
      artwork: 'Sponsor provides',
      comments: 'Back cover if possible',
    });
    const [audit] = await sponsorshipAudit(t, id);
    expect(audit).toMatchObject({ action: 'create', actor_user_id: cast.rep.user.id });
    const changes = audit?.changes as { after: { total_cents: number; items: unknown[] } } | undefined;
    expect(changes?.after.total_cents).toBe(101_693);
    expect(changes?.after.items).toHaveLength(2);
  });

  it('refuses bad input with a message per field, and writes nothing', async () => {
    const before = await t.db.select({ id: sponsorships.id }).from(sponsorships);
    const res = await create(cast.admin.token, {
      sponsor_id: cast.sponsor.user.id,
      year: 2026,
      items: [{ sponsorship_type: '', qty: 0, rate: '12.345', artwork_price: 'abc' }],
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().errors).toMatchObject({
      'items.0.sponsorship_type': MSG.adminItemTypeRequired,
      'items.0.qty': MSG.adminItemQtyInvalid,
      'items.0.rate': MSG.sponsorshipAmountInvalid,
      'items.0.artwork_price': MSG.sponsorshipAmountInvalid,
    });
    const none = await create(cast.admin.token, { sponsor_id: cast.sponsor.user.id, year: 2026, items: [] });
    expect(none.statusCode).toBe(400);
    expect(none.json().errors).toMatchObject({ items: MSG.adminItemsRequired });
    expect(await t.db.select({ id: sponsorships.id }).from(sponsorships)).toHaveLength(before.length);
  });
});

describe('GET /api/admin/sponsorships', () => {
  it('filters by status, year, company and what is owed, sorts and pages', async () => {
    const company = await sponsorshipCast(t, 'Quokka Quills');
    const a = await sponsorshipOf(t, company.sponsor.user.id, 10_000, { year: 2025, status: 'Approved' });
    const b = await sponsorshipOf(t, company.sponsor.user.id, 20_000, { paid: 20_000, status: 'Completed' });
    const c = await sponsorshipOf(t, company.sponsor.user.id, 30_000, { paid: 5_000, status: 'Partial' });
    const ids = async (query: string) =>
      AdminSponsorshipsResponse.parse((await list(cast.admin.token, `?q=quokka${query}`)).json()).sponsorships.map(
        (s) => s.sponsorship_id,
      );
    expect(await ids('&sort=id&dir=asc')).toEqual([a.id, b.id, c.id]);
    expect(await ids('&status=Completed')).toEqual([b.id]);
    expect(await ids('&year=2025')).toEqual([a.id]);
    expect(await ids('&owed=1&sort=left&dir=desc')).toEqual([c.id, a.id]);
    const row = AdminSponsorshipsResponse.parse((await list(cast.admin.token, '?q=quokka&status=Partial')).json());
    expect(row).toMatchObject({ total: 1, page: 1, page_size: 25 });
    expect(row.sponsorships[0]).toMatchObject({
      sponsor: 'Quokka Quills',
      year: 2026,
      status: 'Partial',
      total_qty: 1,
      total_cents: 30_000,
      paid_cents: 5_000,
      left_cents: 25_000,
    });
    expect((await list(cast.admin.token, '?status=Nope')).statusCode).toBe(400);
    expect(
      AdminSponsorshipsResponse.parse((await list(cast.admin.token, '?q=quokka&page=2')).json()).sponsorships,
    ).toEqual([]);
  });
});

describe('GET /api/admin/sponsorships, deep by cursor', () => {
  /** Each sort's value as a plain query reads it. */
  const PLAIN_VALUE: Record<AdminSponsorshipSort, ReturnType<typeof sql>> = {
    id: sql`s.id`,
    sponsor: sql`coalesce(nullif(sp.business_name, ''), u.email)`,
    year: sql`s.year`,
    total: sql`s.total_cents`,
    left: sql`(s.total_cents - s.paid_cents)`,
    updated: sql`s.updated_at`,
  };
  const read = (query: string, token: string) => async (after: string | undefined) => {
    const answer = AdminSponsorshipsResponse.parse(
      (await list(token, `?${query}${after ? `&after=${encodeURIComponent(after)}` : ''}`)).json(),
    );
    return { ids: answer.sponsorships.map((s) => s.sponsorship_id), next: answer.next };
  };
  const readPage = (query: string, token: string) => async (page: number) =>
    read(`${query}&page=${page}`, token)(undefined);

  it('walks every sort both ways page after page: each sponsorship once, as the numbered pages and a plain query order them, whatever is set up meanwhile; a rep only their sponsors’', async () => {
    const tag = `Numbat${Date.now()}`;
    // The rep's two sponsors, one known by its e-mail alone, and another rep's.
    const named = await createSponsorUser(t, { business_name: `${tag} Bakery`, srep_id: cast.rep.user.id });
    const unnamed = await createSponsorUser(t, {
      business_name: '',
      email: `${tag.toLowerCase()}@example.org`,
      srep_id: cast.rep.user.id,
    });
    const elsewhere = await createSponsorUser(t, { business_name: `${tag} Dental`, srep_id: cast.otherRep.user.id });
    const sponsorIds = [named.user.id, unnamed.user.id, elsewhere.user.id];
    const FIRST_UPDATE = "timestamptz '2026-04-01 12:00:00.000123+00'";
    /**
     * `count` sponsorships among the three sponsors, their years, totals, what is left and
     * last change alike in fives (to the microsecond), so that every sort has ties.
     */
    const add = (
      count: number,
      from = 1,
      values: Partial<Record<'total' | 'paid' | 'year' | 'updated', string>> = {},
    ) =>
      t.db.execute(`
        insert into sponsorships (sponsor_user_id, status, total_qty, total_cents, paid_cents, year, updated_at)
        select (array[${sponsorIds.join(', ')}])[g % 3 + 1], 'Approved', 1,
               ${values.total ?? '10000 + (g / 5) * 100'}, ${values.paid ?? '(g / 5 % 2) * 50'},
               ${values.year ?? '2025 + g % 3'}, ${values.updated ?? `${FIRST_UPDATE} + (g / 5) * interval '1 minute'`}
          from generate_series(${from}, ${from + count - 1}) g`);
    const plain = async (sort: AdminSponsorshipSort, dir: 'asc' | 'desc', repId?: number) =>
      (
        await t.db.execute<{ id: number }>(sql`select s.id from sponsorships s
          join sponsors sp on sp.user_id = s.sponsor_user_id join users u on u.id = s.sponsor_user_id
          where s.sponsor_user_id in (${sql.join(sponsorIds, sql`, `)})
            ${repId ? sql`and sp.srep_id = ${repId}` : sql``}
          order by ${PLAIN_VALUE[sort]} ${sql.raw(dir)}, s.id ${sql.raw(dir)}`)
      ).rows.map((r) => r.id);
    await add(60);
    let next = 61;
    for (const sort of ADMIN_SPONSORSHIP_SORTS) {
      for (const dir of ['asc', 'desc'] as const) {
        const query = `q=${tag}&sort=${sort}&dir=${dir}`;
        const before = await plain(sort, dir);
        expect(await idsByNumber(readPage(query, cast.admin.token), ADMIN_SPONSORSHIPS_PAGE_SIZE)).toEqual(before);
        const walk = await idsByCursor(read(query, cast.admin.token), async () => {
          // Set up while the list is read: one first and one last in every sort, one tied with the middle.
          await add(1, next, {
            total: '999999',
            paid: '0',
            year: '2030',
            updated: "timestamptz '2034-01-01 00:00:00+00'",
          });
          await add(1, next + 1, {
            total: '1',
            paid: '1',
            year: '2020',
            updated: "timestamptz '2004-01-01 00:00:00+00'",
          });
          await add(1, next + 2, {
            total: '10600',
            paid: '0',
            year: '2026',
            updated: `${FIRST_UPDATE} + interval '6 minutes'`,
          });
          next += 3;
        });
        expectWalked(walk, before, await plain(sort, dir));
        // The rep's sponsors' only.
        const own = await plain(sort, dir, cast.rep.user.id);
        expect(own.length).toBeGreaterThan(ADMIN_SPONSORSHIPS_PAGE_SIZE);
        expect((await idsByCursor(read(query, cast.rep.token))).seen).toEqual(own);
      }
    }
    for (const [query, after] of [
      ['sort=updated', 'not-a-cursor'],
      ['sort=total', forgedCursor('2026-04-01 12:00:00+00', 3)],
      ['sort=year', forgedCursor('40000', 3)],
      ['sort=left', forgedCursor('12.5', 3)],
      ['sort=updated', forgedCursor('yesterday', 3)],
    ] as const) {
      const res = await list(cast.admin.token, `?q=${tag}&${query}&after=${encodeURIComponent(after)}`);
      expect(res.statusCode, `${query} ${after}`).toBe(400);
      expect(res.json()).toMatchObject({ message: MSG.pageCursorInvalid, errors: { after: MSG.pageCursorInvalid } });
    }
  });
});

describe('approving and editing', () => {
  it('approves a requested one once, with its audit row', async () => {
    const id = await created();
    const res = await approve(cast.rep.token, id);
    expect(res.statusCode, res.body).toBe(200);
    const approved = await storedSponsorship(t, id);
    expect(approved.status).toBe('Approved');
    // The day its payment term starts, kept on it.
    expect(approved.approved_at).not.toBeNull();
    const again = await approve(cast.rep.token, id);
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe(MSG.adminSponsorshipNotRequested);
    const audit = await sponsorshipAudit(t, id);
    expect(audit.map((a) => [a.action, a.changes])).toContainEqual([
      'approve',
      { before: { status: 'Requested' }, after: { status: 'Approved' } },
    ]);
  });

  it('replaces the items and totals while nothing is paid, and refuses once a payment is recorded', async () => {
    const id = await created({ approved: true });
    const res = await editItems(cast.admin.token, id, [
      { sponsorship_type: 'Half page', qty: 2, rate: '150.50', artwork_price: '25' },
    ]);
    expect(res.statusCode, res.body).toBe(200);
    expect(await storedSponsorship(t, id)).toMatchObject({ total_qty: 2, total_cents: 32_600, status: 'Approved' });
    const audit = await sponsorshipAudit(t, id);
    const edit = audit.find((a) => a.action === 'edit-items');
    expect(edit?.changes).toMatchObject({ before: { total_cents: 101_693 }, after: { total_cents: 32_600 } });

    expect((await offline(cast.admin.token, id, { amount: '100.00', reference: '5001' })).statusCode).toBe(200);
    const refused = await editItems(cast.admin.token, id, [{ sponsorship_type: 'Half page', qty: 1, rate: '1.00' }]);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toBe(MSG.adminSponsorshipPaidLocked);
    expect(await storedSponsorship(t, id)).toMatchObject({ total_cents: 32_600, paid_cents: 10_000 });
    const shown = AdminSponsorshipDetailResponse.parse((await detail(cast.admin.token, id)).json());
    expect(shown.sponsorship.can_edit).toBe(false);
  });

  it('refuses the second of two tabs’ saves of the same items, keeping the first', async () => {
    const id = await created({ approved: true });
    const opened = AdminSponsorshipDetailResponse.parse((await detail(cast.admin.token, id)).json()).sponsorship;
    const save = (items: unknown) =>
      t.api.post(`/api/admin/sponsorships/${id}/items`, {
        body: { items, version: opened.updated_at },
        headers: bearer(cast.admin.token),
      });
    // Both tabs opened the items at the same version; the first save wins.
    const first = await save([{ sponsorship_type: 'Half page', qty: 5, rate: '100.00' }]);
    expect(first.statusCode, first.body).toBe(200);
    const second = await save([{ sponsorship_type: 'Half page', qty: 1, rate: '200.00' }]);
    expect(second.statusCode).toBe(409);
    expect(second.json().message).toBe(MSG.adminSponsorshipChanged);
    expect(await storedSponsorship(t, id)).toMatchObject({ total_qty: 5, total_cents: 50_000 });
  });
});

describe('POST /api/admin/sponsorships/:id/offline-payment', () => {
  it('records a check through the payment model: paid, Partial, its transaction, receipt and audit row', async () => {
    const id = await created({ approved: true });
    const res = await offline(cast.rep.token, id, { amount: '250.05', reference: '1042' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().message).toBe(MSG.adminOfflinePaymentRecorded);
    expect(await storedSponsorship(t, id)).toMatchObject({ paid_cents: 25_005, status: 'Partial' });
    const [txn] = await transactionsOf(t, id);
    expect(txn).toMatchObject({ transaction_id: 'Check 1042', amount_cents: 25_005, payment_status: 1 });
    expect(txn?.payment_date.toISOString()).toBe('2026-03-02T12:00:00.000Z');
    const [payment] = await t.db
      .select()
      .from(payments)
      .where(eq(payments.id, txn?.payment_id ?? 0));
    expect(payment).toMatchObject({
      gateway: 'offline',
      gateway_ref: 'Check 1042',
      status: 'succeeded',
      kind: 'sponsorship',
      user_id: cast.sponsor.user.id,
      amount_cents: 25_005,
    });
    expect((await allocationsOf(t, payment?.id ?? 0)).map((a) => [a.sponsorship_id, a.amount_cents])).toEqual([
      [id, 25_005],
    ]);
    const receipt = (await sponsorReceipts(t, cast.sponsor.email)).find((m) => m.subject.includes(`#${id}`));
    expect(receipt?.subject).toBe(`Payment received for sponsorship #${id}`);
    expect(receipt?.text).toContain('we have received your payment (Check 1042) of $250.05');
    expect(receipt?.html).toContain('Check 1042');
    const audit = (await sponsorshipAudit(t, id)).find((a) => a.action === 'pay-offline');
    expect(audit).toMatchObject({ actor_user_id: cast.rep.user.id });
    expect(audit?.changes).toMatchObject({
      after: { payment_id: payment?.id, method: 'check', reference: 'Check 1042', amount_cents: 25_005 },
    });
    // The sponsor's own screens show it with its reference.
    const theirs = await t.api.get(`/api/sponsorshipdetails?sponsorship_id=${id}`, as(cast.sponsor.token));
    expect(theirs.json().sponsorship_txns[0]).toMatchObject({
      transaction_id: 'Check 1042',
      payment_status: 1,
      amount_html: '$250.05',
    });
    // The same check twice is refused.
    const twice = await offline(cast.rep.token, id, { amount: '1.00', reference: '1042' });
    expect(twice.statusCode).toBe(409);
    expect(twice.json().message).toBe(MSG.adminOfflineDuplicate);
  });

  it('refuses more than is left and nothing at all; exactly what is left completes it', async () => {
    const id = await created({ approved: true });
    const over = await offline(cast.admin.token, id, { amount: '1016.94', reference: '77' });
    expect(over.statusCode).toBe(400);
    expect(over.json().message).toBe(sponsorshipAmountTooHigh('1016.93'));
    const zero = await offline(cast.admin.token, id, { amount: '0.00', reference: '78' });
    expect(zero.statusCode).toBe(400);
    expect(zero.json().errors).toEqual({ amount: MSG.adminOfflineAmountZero });
    const bad = await offline(cast.admin.token, id, { amount: '1.5.0', reference: '', received_on: 'soon' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().errors).toMatchObject({
      amount: MSG.sponsorshipAmountInvalid,
      reference: MSG.adminOfflineReferenceRequired,
      received_on: MSG.adminOfflineDateRequired,
    });
    expect(await storedSponsorship(t, id)).toMatchObject({ paid_cents: 0, status: 'Approved' });
    expect(await transactionsOf(t, id)).toEqual([]);
    const all = await offline(cast.admin.token, id, { method: 'bank-transfer', amount: '1016.93', reference: 'TR-9' });
    expect(all.statusCode, all.body).toBe(200);
    expect(await storedSponsorship(t, id)).toMatchObject({ paid_cents: 101_693, status: 'Completed' });
    expect((await transactionsOf(t, id))[0]?.transaction_id).toBe('Bank transfer TR-9');
    const more = await offline(cast.admin.token, id, { amount: '0.01', reference: '79' });
    expect(more.statusCode).toBe(409);
    expect(more.json().message).toBe(MSG.sponsorshipNothingToPay);
  });

  it('never lets an offline payment and a card payment in flight together pay more than the total', async () => {
    const s = await sponsorshipOf(t, cast.sponsor.user.id, 10_000, { status: 'Approved' });
    const card = await t.api.post('/api/sponsorshippayment', {
      body: { sponsorship_id: String(s.id), amount: '60.00' },
      ...as(cast.sponsor.token),
    });
    expect(card.statusCode, card.body).toBe(200);
    const url = card.json().paymentLink as string;
    const shown = AdminSponsorshipDetailResponse.parse((await detail(cast.admin.token, s.id)).json());
    expect(shown.in_flight.map((p) => p.amount_cents)).toEqual([6_000]);
    expect(shown.sponsorship.in_flight_cents).toBe(6_000);
    const tooMuch = await offline(cast.admin.token, s.id, { amount: '40.01', reference: '501' });
    expect(tooMuch.statusCode).toBe(409);
    expect(tooMuch.json().message).toBe(MSG.sponsorshipPaymentInProgress);
    expect((await offline(cast.admin.token, s.id, { amount: '40.00', reference: '502' })).statusCode).toBe(200);
    await submitHostedPage(t, url, { card_number: '4242 4242 4242 4242' });
    const card_payment = await paymentOfUrl(t, url);
    expect(card_payment.status).toBe('succeeded');
    expect(await storedSponsorship(t, s.id)).toMatchObject({ paid_cents: 10_000, status: 'Completed' });
    const txns = await transactionsOf(t, s.id);
    expect(txns.map((x) => [x.amount_cents, x.payment_status])).toEqual([
      [4_000, 1],
      [6_000, 1],
    ]);
  });
});

describe('POST /api/admin/sponsorships/:id/close-checkout', () => {
  const closeCheckout = (token: string | undefined, id: number, paymentId: number) =>
    t.api.post(`/api/admin/sponsorships/${id}/close-checkout`, { body: { payment_id: paymentId }, ...as(token) });
  const cardCheckout = async (id: number, amount: string) => {
    const card = await t.api.post('/api/sponsorshippayment', {
      body: { sponsorship_id: String(id), amount },
      ...as(cast.sponsor.token),
    });
    expect(card.statusCode, card.body).toBe(200);
    const url = card.json().paymentLink as string;
    return { url, payment: await paymentOfUrl(t, url) };
  };

  it('closes a checkout the sponsor left open, so that a check may pay what it held; once', async () => {
    const s = await sponsorshipOf(t, cast.sponsor.user.id, 10_000, { status: 'Approved' });
    const { url, payment } = await cardCheckout(s.id, '100.00');
    expect((await offline(cast.rep.token, s.id, { amount: '100.00', reference: '611' })).statusCode).toBe(409);
    // Another rep, the sponsor and a school cannot; nor for a payment of another sponsorship.
    expect((await closeCheckout(cast.otherRep.token, s.id, payment.id)).statusCode).toBe(404);
    expect((await closeCheckout(cast.sponsor.token, s.id, payment.id)).statusCode).toBe(403);
    const elsewhere = await sponsorshipOf(t, cast.sponsor.user.id, 5_000, { status: 'Approved' });
    const wrong = await closeCheckout(cast.rep.token, elsewhere.id, payment.id);
    expect(wrong.statusCode).toBe(404);
    expect(wrong.json().message).toBe(MSG.adminCheckoutNotFound);

    const closed = await closeCheckout(cast.rep.token, s.id, payment.id);
    expect(closed.statusCode, closed.body).toBe(200);
    expect(closed.json().message).toBe(MSG.adminCheckoutClosed);
    expect((await paymentOfUrl(t, url)).status).toBe('failed');
    const shown = AdminSponsorshipDetailResponse.parse((await detail(cast.rep.token, s.id)).json());
    expect(shown.in_flight).toEqual([]);
    expect((await sponsorshipAudit(t, s.id)).map((a) => a.action)).toContain('checkout-closed');
    // Closed again: nothing is open under that number any more.
    expect((await closeCheckout(cast.rep.token, s.id, payment.id)).statusCode).toBe(404);
    // The card page no longer takes it; the check pays all.
    expect((await offline(cast.rep.token, s.id, { amount: '100.00', reference: '612' })).statusCode).toBe(200);
    await submitHostedPage(t, url, { card_number: '4242 4242 4242 4242' });
    expect(await storedSponsorship(t, s.id)).toMatchObject({ paid_cents: 10_000, status: 'Completed' });
  });

  it('says so when the checkout had been paid meanwhile, and counts it', async () => {
    const s = await sponsorshipOf(t, cast.sponsor.user.id, 8_000, { status: 'Approved' });
    const { payment } = await cardCheckout(s.id, '80.00');
    // Paid at the gateway; its notice has not come yet.
    expect(await settleTestSession(t.db, payment.gateway_ref ?? '', 'paid', '4242')).toBe(true);
    const closed = await closeCheckout(cast.admin.token, s.id, payment.id);
    expect(closed.statusCode, closed.body).toBe(200);
    expect(closed.json().message).toBe(MSG.adminCheckoutWasPaid);
    expect(await storedSponsorship(t, s.id)).toMatchObject({ paid_cents: 8_000, status: 'Completed' });
  });
});

describe('POST /api/admin/sponsorships/:id/pay-link', () => {
  it('e-mails a link for what is left, or a set amount to another address, that pays without signing in', async () => {
    const id = await created({ approved: true });
    const res = await payLink(cast.rep.token, id);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().message).toBe(MSG.adminPayLinkSent);
    const mail = (await mailsTo(t, cast.sponsor.email)).find(
      (m) => m.subject === `Payment link for sponsorship #${id}`,
    );
    expect(mail?.template).toBe('sponsorship-pay-link');
    expect(mail?.text).toContain(`pay the balance of sponsorship #${id} (now $1,016.93) by card`);
    const key = new RegExp(`${TEST_PUBLIC_URL}/sponsorship-pay/([A-Za-z0-9_-]+)`).exec(mail?.text ?? '')?.[1];
    expect(key, mail?.text).toBeTruthy();
    expect(mail?.html).toContain(`${TEST_PUBLIC_URL}/sponsorship-pay/${key}`);
    const opened = await t.api.get(`/api/sponsorshippaylink?link_key=${key}`);
    expect(opened.statusCode, opened.body).toBe(200);
    expect(opened.json()).toMatchObject({ sponsorship_id: id, amount: 101_693, left_amount: 101_693 });

    // The answer carries the link this once: the server keeps only its key's hash.
    expect(res.json()).toMatchObject({ url: `${TEST_PUBLIC_URL}/sponsorship-pay/${key}`, to: cast.sponsor.email });

    const other = await payLink(cast.admin.token, id, { amount: '100.50', to: 'accounts@harbor.test' });
    expect(other.statusCode, other.body).toBe(200);
    const [sent] = await mailsTo(t, 'accounts@harbor.test');
    expect(sent?.text).toContain(`pay $100.50 towards sponsorship #${id} by card`);
    expect(other.json().url).toBe(
      `${TEST_PUBLIC_URL}/sponsorship-pay/${linkKeyIn(sent?.text ?? '', 'sponsorship-pay')}`,
    );
    // The new link ends the earlier one, which can no longer be shown to staff.
    const ended = await t.api.get(`/api/sponsorshippaylink?link_key=${key}`);
    expect(ended.statusCode).toBe(410);
    expect(ended.json()).toEqual({ status: 'error', message: MSG.payLinkExpired });
    const links = await t.db.select().from(pay_links).where(eq(pay_links.sponsorship_id, id));
    expect(links.map((l) => [l.amount_cents, l.created_by])).toEqual([
      [null, cast.rep.user.id],
      [10_050, cast.admin.user.id],
    ]);
    const shown = AdminSponsorshipDetailResponse.parse((await detail(cast.admin.token, id)).json());
    expect(shown.pay_links.map((l) => [l.amount_cents, l.created_by])).toEqual([
      [10_050, expect.any(String)],
      [null, 'Rita Delgado'],
    ]);
    const audit = (await sponsorshipAudit(t, id)).filter((a) => a.action === 'pay-link');
    expect(audit.map((a) => (a.changes as { after: { to: string } }).after.to)).toEqual([
      cast.sponsor.email,
      'accounts@harbor.test',
    ]);
    const over = await payLink(cast.admin.token, id, { amount: '2000.00' });
    expect(over.statusCode).toBe(400);
    expect(over.json().message).toBe(sponsorshipAmountTooHigh('1016.93'));
  });
});

describe('GET /api/admin/sponsorships/:id', () => {
  it('shows facts, items, transactions paid and failed, and its history', async () => {
    const id = await created({ approved: true });
    await offline(cast.admin.token, id, { amount: '16.93', reference: '9001' });
    const res = await detail(cast.rep.token, id);
    expect(res.statusCode).toBe(200);
    const shown = AdminSponsorshipDetailResponse.parse(res.json());
    expect(shown.sponsorship).toMatchObject({
      sponsorship_id: id,
      sponsor: 'Harbor Bakery',
      sponsor_email: cast.sponsor.email,
      rep: 'Rita Delgado',
      status: 'Partial',
      total_cents: 101_693,
      paid_cents: 1_693,
      left_cents: 100_000,
      can_edit: false,
      can_approve: false,
    });
    expect(shown.items.map((i) => i.total_cents)).toEqual([101_000, 693]);
    expect(shown.transactions.map((x) => x.transaction_id)).toEqual(['Check 9001']);
    expect(shown.history.map((h) => h.action)).toEqual(['pay-offline', 'approve', 'create']);
    expect((await detail(cast.admin.token, 999_999)).statusCode).toBe(404);
  });
});

describe('a sponsor with a thousand sponsorships', () => {
  it('counts them up to 1,000 and then says more, and the sponsors list adds up each sponsor’s own', async () => {
    const sponsor = await createSponsorUser(t, { business_name: 'Thousandfold Dental', srep_id: cast.rep.user.id });
    const add = (count: number, from: number) =>
      t.db.execute(`
        insert into sponsorships (sponsor_user_id, status, total_qty, total_cents, paid_cents, year, created_at, updated_at)
        select ${sponsor.user.id}, 'Approved', 1, 1000 + g, g % 7, 2026, now(), now() - g * interval '1 second'
          from generate_series(${from}, ${from + count - 1}) g`);
    await add(COUNT_CAP, 1);
    const q = `?q=${encodeURIComponent('Thousandfold')}`;
    const exactly = AdminSponsorshipsResponse.parse((await list(cast.admin.token, q)).json());
    expect(exactly).toMatchObject({ total: COUNT_CAP, total_capped: false });
    // Newest change first, a page at a time, as a plain query orders them.
    const plain = await t.db
      .select({ id: sponsorships.id })
      .from(sponsorships)
      .where(eq(sponsorships.sponsor_user_id, sponsor.user.id))
      .orderBy(desc(sponsorships.updated_at), desc(sponsorships.id))
      .limit(2 * ADMIN_SPONSORSHIPS_PAGE_SIZE);
    const second = AdminSponsorshipsResponse.parse((await list(cast.admin.token, `${q}&page=2`)).json());
    expect([...exactly.sponsorships, ...second.sponsorships].map((s) => s.sponsorship_id)).toEqual(
      plain.map((p) => p.id),
    );
    await add(1, COUNT_CAP + 1);
    const more = AdminSponsorshipsResponse.parse((await list(cast.admin.token, q)).json());
    expect(more).toMatchObject({ total: COUNT_CAP + 1, total_capped: true });
    expect(countLabel(more.total, more.total_capped)).toBe('1,000+');

    const sponsors = await t.api.get(`/api/admin/sponsors${q}`, as(cast.admin.token));
    const [row] = AdminSponsorsResponse.parse(sponsors.json()).sponsors;
    const [sums] = await t.db
      .select({
        n: sql<number>`count(*)::int`,
        owed: sql<number>`sum(${sponsorships.total_cents} - ${sponsorships.paid_cents})::int`,
      })
      .from(sponsorships)
      .where(eq(sponsorships.sponsor_user_id, sponsor.user.id));
    expect(row).toMatchObject({ user_id: sponsor.user.id, sponsorships: sums?.n, owed_cents: sums?.owed });
    expect(AdminSponsorsResponse.parse(sponsors.json())).toMatchObject({ total: 1, total_capped: false });
  });
});

describe('what is owed, as the database keeps it', () => {
  it('is what the records add up to, after every change the tests above made', () => expectOwedKept(t));
});
