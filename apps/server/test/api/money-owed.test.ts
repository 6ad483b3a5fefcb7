import { gunzipSync } from 'node:zlib';
import { AdminMoneyOwedResponse } from '@portal/contracts/admin-money-owed';
import { addDays, businessDay } from '@portal/contracts/business-time';
import { MSG } from '@portal/contracts/messages';
import { eq, sql } from 'drizzle-orm';
import pg from 'pg';
import { beforeAll, describe, expect, it } from 'vitest';
import { sponsorships } from '../../src/db/schema/index.ts';
import { type MoneyOwedFilter, moneyOwedLines } from '../../src/modules/admin/money-owed/list-money-owed.ts';
import { bearer, createSponsorUser, signedInSchool, signedInSponsor, signedInStaffTeam } from '../helpers/accounts.ts';
import { clockedCatalogueApp } from '../helpers/clock.ts';
import { expectOwedKept } from '../helpers/money-owed.ts';
import { invoiceOrder } from '../helpers/order-pay-links.ts';
import { INVOICED_NOW, schoolWithPlacedOrder, storedOrder } from '../helpers/orders.ts';
import { sponsorshipOf } from '../helpers/sponsorships.ts';
import type { TestApp } from '../helpers/test-app.ts';

/** Every line the report streams for `filter`. */
async function allMoneyOwed(filter: MoneyOwedFilter) {
  const lines = [];
  for await (const line of moneyOwedLines(t.db, filter)) lines.push(line);
  return lines;
}

const clocked = clockedCatalogueApp();
let t: TestApp;
let team: Awaited<ReturnType<typeof signedInStaffTeam>>;

const TODAY = new Date('2027-03-01T12:00:00Z');
const DAY = 86_400_000;
/** The day `n` days before TODAY, as YYYY-MM-DD. */
const daysBefore = (n: number) => new Date(TODAY.getTime() - n * DAY).toISOString().slice(0, 10);

/** A sponsorship of `sponsorId`'s owing `total − paid`, due `overdue` days before TODAY (created 30 days before its due date). */
async function owedSponsorship(sponsorId: number, total: number, overdue: number, paid = 0) {
  const s = await sponsorshipOf(t, sponsorId, total, { paid, status: paid > 0 ? 'Partial' : 'Approved' });
  const created = new Date(TODAY.getTime() - (overdue + 30) * DAY);
  await t.db.update(sponsorships).set({ created_at: created }).where(eq(sponsorships.id, s.id));
  return s;
}

let cast: {
  ids: { s0: number; s1: number; s31: number; s61: number; s91: number; requested: number; order: number };
  orderTotal: number;
};

beforeAll(async () => {
  t = clocked.app();
  team = await signedInStaffTeam(t);
  // Nothing else in this database is owed: every line below is this file's.
  await t.db.execute(`update sponsorships set paid_cents = total_cents, status = 'Completed'`);
  await t.db.execute(`update orders set payment_status = 'paid'`);
  const mine = await createSponsorUser(t, { business_name: '=HYPERLINK("http://x.test")', srep_id: team.rep.user.id });
  const theirs = await createSponsorUser(t, { business_name: 'Elsewhere Ltd', srep_id: team.otherRep.user.id });
  const s0 = await owedSponsorship(mine.user.id, 10_000, 0);
  const s1 = await owedSponsorship(mine.user.id, 20_000, 1, 5_000);
  const s31 = await owedSponsorship(mine.user.id, 30_001, 31);
  const s61 = await owedSponsorship(theirs.user.id, 40_000, 61);
  const s91 = await owedSponsorship(theirs.user.id, 50_000, 91, 49_999);
  // Not approved yet, or paid in full: owed nothing.
  const requested = await sponsorshipOf(t, mine.user.id, 70_000, { status: 'Requested' });
  await sponsorshipOf(t, mine.user.id, 80_000, { paid: 80_000, status: 'Completed' });
  const school = await schoolWithPlacedOrder(t, INVOICED_NOW);
  const order = await storedOrder(t, school.orderKey);
  // Issued 75 days before TODAY: due 45 days ago.
  await invoiceOrder(t, order.id, 800_000 + order.id, daysBefore(75));
  // Placed but never invoiced: not in the report.
  await schoolWithPlacedOrder(t, INVOICED_NOW);
  cast = {
    ids: { s0: s0.id, s1: s1.id, s31: s31.id, s61: s61.id, s91: s91.id, requested: requested.id, order: order.id },
    orderTotal: order.total_cents,
  };
});

const report = (token: string | undefined, query = '') => {
  clocked.setToday(TODAY);
  return t.api.get(`/api/admin/money-owed${query}`, token ? { headers: bearer(token) } : {});
};

describe('GET /api/admin/money-owed', () => {
  it('ages every balance by days past its due date, to the cent, most overdue first, with the totals of each band', async () => {
    const res = await report(team.admin.token);
    expect(res.statusCode, res.body).toBe(200);
    const body = AdminMoneyOwedResponse.parse(res.json());
    expect(body.today).toBe('2027-03-01');
    expect(body.rows.map((r) => [r.kind, r.record_id, r.due_date, r.days_overdue, r.bucket, r.balance])).toEqual([
      ['sponsorship', cast.ids.s91, daysBefore(91), 91, '90+', 1],
      ['sponsorship', cast.ids.s61, daysBefore(61), 61, '61-90', 40_000],
      ['order', cast.ids.order, daysBefore(45), 45, '31-60', cast.orderTotal],
      ['sponsorship', cast.ids.s31, daysBefore(31), 31, '31-60', 30_001],
      ['sponsorship', cast.ids.s1, daysBefore(1), 1, '1-30', 15_000],
      ['sponsorship', cast.ids.s0, '2027-03-01', 0, 'current', 10_000],
    ]);
    expect(body.totals).toEqual({
      current: 10_000,
      '1-30': 15_000,
      '31-60': 30_001 + cast.orderTotal,
      '61-90': 40_000,
      '90+': 1,
      all: 95_002 + cast.orderTotal,
    });
    const order = body.rows.find((r) => r.kind === 'order');
    expect(order).toMatchObject({ invoice: `INV-${String(800_000 + cast.ids.order)}`, rep_name: '', paid: 0 });
    expect(body.rows.find((r) => r.record_id === cast.ids.s1 && r.kind === 'sponsorship')).toMatchObject({
      rep_name: 'Rita Delgado',
      total: 20_000,
      paid: 5_000,
      balance_html: '$150.00',
    });
  });

  it('narrows to one kind', async () => {
    const orders = AdminMoneyOwedResponse.parse((await report(team.admin.token, '?kind=order')).json());
    expect(orders.rows.map((r) => r.record_id)).toEqual([cast.ids.order]);
    expect(orders.totals.all).toBe(cast.orderTotal);
    const sponsors = AdminMoneyOwedResponse.parse((await report(team.admin.token, '?kind=sponsorship')).json());
    expect(sponsors.rows.every((r) => r.kind === 'sponsorship')).toBe(true);
    expect(sponsors.totals.all).toBe(95_002);
    const bad = await report(team.admin.token, '?kind=everything');
    expect(bad.statusCode).toBe(400);
  });

  it('shows a sales rep only their own sponsors’ balances and no school orders; another rep sees none of them', async () => {
    const rita = AdminMoneyOwedResponse.parse((await report(team.rep.token)).json());
    expect(rita.rows.map((r) => r.record_id)).toEqual([cast.ids.s31, cast.ids.s1, cast.ids.s0]);
    expect(rita.totals).toEqual({
      current: 10_000,
      '1-30': 15_000,
      '31-60': 30_001,
      '61-90': 0,
      '90+': 0,
      all: 55_001,
    });
    const marcus = AdminMoneyOwedResponse.parse((await report(team.otherRep.token)).json());
    expect(marcus.rows.map((r) => [r.kind, r.record_id])).toEqual([
      ['sponsorship', cast.ids.s91],
      ['sponsorship', cast.ids.s61],
    ]);
    expect(marcus.totals.all).toBe(40_001);
    // Asking for orders gives a rep nothing.
    expect(AdminMoneyOwedResponse.parse((await report(team.rep.token, '?kind=order')).json()).rows).toEqual([]);
  });

  it('refuses a school and a sponsor (403) and anyone signed out (401)', async () => {
    const school = await signedInSchool(t);
    const sponsor = await signedInSponsor(t);
    for (const token of [school.token, sponsor.token]) {
      for (const path of ['/api/admin/money-owed', '/api/admin/money-owed.csv']) {
        const res = await t.api.get(path, { headers: bearer(token) });
        expect(res.statusCode).toBe(403);
        expect(res.json()).toEqual({ status: 'error', message: MSG.forbidden });
      }
    }
    expect((await report(undefined)).statusCode).toBe(401);
    expect((await t.api.get('/api/admin/money-owed.csv')).statusCode).toBe(401);
  });

  it('counts a sponsorship approved in the back office from its approval: due 30 days later', async () => {
    const requested = cast.ids.requested;
    const approved = await t.api.post(`/api/admin/sponsorships/${requested}/approve`, {
      headers: bearer(team.admin.token),
    });
    expect(approved.statusCode, approved.body).toBe(200);
    const now = new Date();
    const owed = await allMoneyOwed({ today: now, kind: 'sponsorship' });
    const line = owed.find((r) => r.record_id === requested);
    // Due 30 of the business's days (Tampa) after the approval.
    const due = addDays(businessDay(now), 30);
    expect(line).toMatchObject({ due_date: due, days_overdue: -30, bucket: 'current', balance: 70_000 });
    await t.db.execute(
      `update sponsorships set paid_cents = total_cents, status = 'Completed' where id = ${requested}`,
    );
  });
});

describe('GET /api/admin/money-owed.csv', () => {
  it('is the report as the sponsors’ CSV: byte-order mark, CRLF, every field with a value quoted, formulas neutralised', async () => {
    clocked.setToday(TODAY);
    const res = await t.api.get('/api/admin/money-owed.csv?kind=sponsorship', { headers: bearer(team.rep.token) });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(res.headers['content-disposition']).toBe('attachment; filename="money-owed-2027-03-01.csv"');
    const raw = res.rawPayload.toString('utf8');
    expect(raw.startsWith('\uFEFF')).toBe(true);
    const lines = raw.slice(1).split('\r\n');
    expect(lines).toEqual([
      '"Kind","Number","Invoice","Name","E-mail","Sales rep","Due date","Days past due","Age","Total","Paid","Balance"',
      expect.stringMatching(
        new RegExp(
          `^"Sponsorship","${cast.ids.s31}",,"'=HYPERLINK\\(""http://x.test""\\)","[^"]+","Rita Delgado","${daysBefore(31)}","31","31–60 days","300.01","0.00","300.01"$`,
        ),
      ),
      expect.stringMatching(
        new RegExp(`^"Sponsorship","${cast.ids.s1}",.*,"1","1–30 days","200.00","50.00","150.00"$`),
      ),
      expect.stringMatching(
        new RegExp(`^"Sponsorship","${cast.ids.s0}",.*,"2027-03-01","0","Current","100.00","0.00","100.00"$`),
      ),
      '',
    ]);
  });
});

describe('the money owed of a region, as CSV', () => {
  it('is streamed a chunk at a time, compressed as it goes: every line, no length known beforehand', async () => {
    clocked.setToday(TODAY);
    const sponsor = await createSponsorUser(t, { business_name: 'Streamed Realty' });
    const before = (await allMoneyOwed({ today: TODAY })).length;
    // 3,000 approved sponsorships owing $1.00 to $30.00, made in one statement.
    await t.db.execute(`
      insert into sponsorships (sponsor_user_id, status, total_qty, total_cents, paid_cents, year, created_at, updated_at)
      select ${sponsor.user.id}, 'Approved', 1, 100 * (1 + g % 30), 0, 2026,
             timestamptz '2027-01-01' + g * interval '1 minute', now()
        from generate_series(1, 3000) g`);
    const res = await t.app.inject({
      method: 'GET',
      url: '/api/admin/money-owed.csv',
      headers: { ...bearer(team.admin.token), 'accept-encoding': 'gzip' },
      payloadAsStream: true,
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-encoding']).toBe('gzip');
    expect(res.headers['content-length']).toBeUndefined();
    const chunks: Buffer[] = [];
    for await (const chunk of res.stream()) chunks.push(chunk as Buffer);
    expect(chunks.length).toBeGreaterThan(1);
    const lines = gunzipSync(Buffer.concat(chunks)).toString('utf8').split('\r\n');
    // The head, every line owed, and the empty end after the last CRLF.
    expect(lines.length).toBe(1 + before + 3000 + 1);
    expect(lines.filter((l) => l.includes('"Streamed Realty"'))).toHaveLength(3000);
    await t.db.execute(
      `delete from sponsorship_items where sponsorship_id in (select id from sponsorships where sponsor_user_id = ${sponsor.user.id})`,
    );
    await t.db.execute(`delete from sponsorships where sponsor_user_id = ${sponsor.user.id}`);
  });
});

describe('each invoice its own line', () => {
  const asAdmin = () => ({ headers: bearer(team.admin.token) });
  it('ages each invoice of an order from its own due date, paid oldest first, and pages and totals in SQL', async () => {
    // Placed to be invoiced now 75 days before TODAY: the server issues its invoice that day.
    clocked.setToday(new Date(`${daysBefore(75)}T15:00:00Z`));
    const school = await schoolWithPlacedOrder(t, INVOICED_NOW);
    const placed = await t.api.post('/api/placeorder', {
      body: { order_key: school.orderKey, payment_method: '1', tnc: '1' },
      headers: bearer(school.token),
    });
    expect(placed.statusCode, placed.body).toBe(200);
    const order = await storedOrder(t, school.orderKey);
    // Ten days before TODAY staff add the tax and invoice the difference.
    clocked.setToday(new Date(`${daysBefore(10)}T15:00:00Z`));
    expect(
      (await t.api.post(`/api/admin/orders/${order.id}/tax`, { body: { tax_cents: 12_00 }, ...asAdmin() })).statusCode,
    ).toBe(200);
    const issued = await t.api.post(`/api/admin/orders/${order.id}/invoices`, {
      body: { kind: 'difference', amount_cents: 12_00 },
      ...asAdmin(),
    });
    expect(issued.statusCode, issued.body).toBe(200);
    // A check for $50 pays the oldest invoice first.
    const check = await t.api.post(`/api/admin/orders/${order.id}/offline-payment`, {
      body: { method: 'check', amount: '50.00', reference: `chk-${order.id}`, received_on: daysBefore(10) },
      ...asAdmin(),
    });
    expect(check.statusCode, check.body).toBe(200);

    const body = AdminMoneyOwedResponse.parse((await report(team.admin.token, '?kind=order')).json());
    const lines = body.rows.filter((r) => r.record_id === order.id);
    expect(lines.map((r) => [r.due_date, r.days_overdue, r.bucket, r.total, r.paid, r.balance])).toEqual([
      [daysBefore(45), 45, '31-60', order.total_cents, 50_00, order.total_cents - 50_00],
      [addDays(daysBefore(10), 30), -20, 'current', 12_00, 0, 12_00],
    ]);
    expect(lines[0]?.invoice).toMatch(/^INV-\d+$/);
    expect(lines[1]?.invoice).toMatch(/^INV-\d+$/);
    expect(lines[1]?.invoice).not.toBe(lines[0]?.invoice);
    expect(body.totals.all).toBe(cast.orderTotal + order.total_cents - 50_00 + 12_00);
    expect(body.total_rows).toBe(3);

    // A band narrows the lines, never the tiles; the page says how many lines there are in all.
    const current = AdminMoneyOwedResponse.parse((await report(team.admin.token, '?kind=order&bucket=current')).json());
    expect(current.rows.map((r) => [r.record_id, r.balance])).toEqual([[order.id, 12_00]]);
    expect(current).toMatchObject({ total_rows: 1, page: 1, totals: body.totals });
    const beyond = AdminMoneyOwedResponse.parse((await report(team.admin.token, '?kind=order&page=2')).json());
    expect(beyond).toMatchObject({ rows: [], total_rows: 3, page: 2 });
    expect((await report(team.admin.token, '?page=0')).statusCode).toBe(400);
    expect((await report(team.admin.token, '?bucket=old')).statusCode).toBe(400);

    // The dashboard adds up the same lines: orders owing counted once each.
    const dashboard = await t.api.get('/api/admin/dashboard', asAdmin());
    expect(dashboard.json()).toMatchObject({
      schools_owe_cents: body.totals.all,
      orders_owing: 2,
    });
  });
});

describe('what is owed, as the database keeps it', () => {
  it('works an order out from both of two changes made to it at the same moment (a payment, a credit note)', async () => {
    const school = await schoolWithPlacedOrder(t);
    const placed = await storedOrder(t, school.orderKey);
    await invoiceOrder(t, placed.id, 880_000 + placed.id, '2027-02-01');
    const payment = new pg.Client({ connectionString: t.database.url });
    const credit = new pg.Client({ connectionString: t.database.url });
    await payment.connect();
    await credit.connect();
    try {
      await payment.query('begin');
      await payment.query('update orders set received_cents = received_cents + 1000 where id = $1', [placed.id]);
      await credit.query('begin');
      const creditPid = (await credit.query<{ pid: number }>('select pg_backend_pid() as pid')).rows[0]?.pid;
      const crediting = credit.query(
        `insert into invoices (order_id, kind, issue_date, total_cents) values ($1, 'credit-note', '2027-02-02', -500)`,
        [placed.id],
      );
      // The credit note's own working out waits for the payment's transaction to end…
      for (let waited = 0; ; waited += 20) {
        const { rows } = await t.owner.execute<{ waiting: boolean }>(
          sql`select wait_event_type = 'Lock' as waiting from pg_stat_activity where pid = ${creditPid}`,
        );
        if (rows[0]?.waiting) break;
        if (waited > 10_000) throw new Error('The credit note never waited for the payment');
        await new Promise((resolve) => setTimeout(resolve, 20));
      }
      await payment.query('commit');
      // …and then sees it.
      await crediting;
      await credit.query('commit');
    } finally {
      await payment.end();
      await credit.end();
    }
    await expectOwedKept(t);
  });

  it('is what the records add up to, after every change the tests above made', () => expectOwedKept(t));
});
