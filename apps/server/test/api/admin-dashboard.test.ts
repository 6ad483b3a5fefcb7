import { AdminDashboardResponse } from '@portal/contracts/admin-dashboard';
import { AdminOrdersResponse } from '@portal/contracts/admin-orders';
import { USER_TYPE } from '@portal/contracts/constants';
import { MSG } from '@portal/contracts/messages';
import { reservableYears } from '@portal/contracts/school-years';
import { eq, sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { enquiries, enquiry_replies, orders } from '../../src/db/schema/index.ts';
import { createSponsorship } from '../../src/seed/factories.ts';
import {
  bearer,
  createSponsorUser,
  signedInSchool,
  signedInSponsor,
  signedInStaff,
  uniqueEmail,
} from '../helpers/accounts.ts';
import { clockedCatalogueApp } from '../helpers/clock.ts';
import { sentEnquiry } from '../helpers/enquiries.ts';
import { INVOICED_NOW, schoolWithOrder, schoolWithPlacedOrder, storedOrder } from '../helpers/orders.ts';
import { uploadProof } from '../helpers/proofs.ts';
import type { TestApp } from '../helpers/test-app.ts';

const clocked = clockedCatalogueApp();
let t: TestApp;
beforeAll(() => {
  t = clocked.app();
});

const dashboard = (token: string) => t.api.get('/api/admin/dashboard', { headers: bearer(token) });
const ordersList = async (token: string, query: string) =>
  AdminOrdersResponse.parse((await t.api.get(`/api/admin/orders?${query}`, { headers: bearer(token) })).json());

/** A sponsorship of one item of `qty` × `rate`, with what has been paid of it. */
const sponsorship = (
  sponsorId: number,
  status: 'Requested' | 'Approved' | 'Partial' | 'Completed',
  cents: number,
  paid = 0,
) =>
  createSponsorship(t.db, {
    sponsorId,
    year: 2026,
    status,
    paid_cents: paid,
    items: [{ sponsorship_type: 'Back cover', qty: 1, rate_cents: cents }],
  });

describe('GET /api/admin/dashboard', () => {
  it('counts reservations and revenue per school year, what is owed and what waits, for an admin and per rep', async () => {
    const admin = await signedInStaff(t, USER_TYPE.admin);
    const rep = await signedInStaff(t, USER_TYPE.salesRep);
    const otherRep = await signedInStaff(t, USER_TYPE.salesRep);
    const [thisYear, nextYear] = reservableYears(t.ctx.clock());

    // Orders: invoiced and unpaid, with a proof waiting; placed with a cancel request; a
    // reservation for this year; one left Pending and one cancelled, which count nowhere.
    const invoiced = await storedOrder(t, (await schoolWithPlacedOrder(t, INVOICED_NOW)).orderKey);
    const invoice = await t.api.post(`/api/admin/orders/${invoiced.id}/invoices`, {
      body: { kind: 'invoice', amount_cents: invoiced.total_cents },
      headers: bearer(admin.token),
    });
    expect(invoice.statusCode).toBe(200);
    expect((await uploadProof(t, admin.token, invoiced.id, { shows: 'cover' })).statusCode).toBe(200);
    const asking = await schoolWithPlacedOrder(t, INVOICED_NOW);
    const cancelAsk = await t.api.post('/api/cancelorderenq', {
      body: { order_key: asking.orderKey, schoolname: 'Bayshore', email: uniqueEmail('office'), message: 'Closing.' },
      headers: bearer(asking.token),
    });
    expect(cancelAsk.statusCode, cancelAsk.body).toBe(200);
    const reserved = await storedOrder(t, asking.orderKey);
    const current = await storedOrder(
      t,
      (await schoolWithPlacedOrder(t, { status: 'Reserved', payment_method: '3', school_year: thisYear })).orderKey,
    );
    await schoolWithOrder(t);
    const dropped = await storedOrder(t, (await schoolWithPlacedOrder(t, INVOICED_NOW)).orderKey);
    const cancel = await t.api.post(`/api/admin/orders/${dropped.id}/status`, {
      body: { status: 'Cancelled' },
      headers: bearer(admin.token),
    });
    expect(cancel.statusCode).toBe(200);
    const invoicedNow = await storedOrder(t, invoiced.order_key);
    expect(invoicedNow.invoice_number).not.toBeNull();

    // Sponsorships: the rep's sponsor owes 500.00 + (300.00 − 100.00); the other rep's 700.00.
    const sponsor = await createSponsorUser(t, { business_name: 'Harbor Bakery', srep_id: rep.user.id });
    const elsewhere = await createSponsorUser(t, { business_name: 'Elsewhere Ltd', srep_id: otherRep.user.id });
    await sponsorship(sponsor.user.id, 'Approved', 500_00);
    await sponsorship(sponsor.user.id, 'Partial', 300_00, 100_00);
    await sponsorship(sponsor.user.id, 'Requested', 999_00);
    await sponsorship(sponsor.user.id, 'Completed', 400_00, 400_00);
    await sponsorship(elsewhere.user.id, 'Approved', 700_00);
    // Enquiries: two open, one closed and one answered for the rep, one open for the other rep, one not sent.
    await sentEnquiry(t, sponsor.user.id, rep.user.id);
    await sentEnquiry(t, sponsor.user.id, rep.user.id);
    await sentEnquiry(t, sponsor.user.id, rep.user.id, { closed_at: new Date() });
    await sentEnquiry(t, sponsor.user.id, rep.user.id, { submitted_at: null });
    const answered = await sentEnquiry(t, sponsor.user.id, rep.user.id);
    await t.db
      .insert(enquiry_replies)
      .values({ enquiry_id: answered.id, author_user_id: rep.user.id, message: 'Yes.' });
    await sentEnquiry(t, elsewhere.user.id, otherRep.user.id);

    const res = await dashboard(admin.token);
    expect(res.statusCode, res.body).toBe(200);
    const all = AdminDashboardResponse.parse(res.json());
    expect(all).toEqual({
      status: 'success',
      message: 'ok',
      reservations: [
        { school_year: thisYear, orders: 1, total_cents: current.total_cents },
        { school_year: nextYear, orders: 2, total_cents: invoicedNow.total_cents + reserved.total_cents },
      ],
      sponsors_owe_cents: 500_00 + 200_00 + 700_00,
      sponsorships_owing: 3,
      schools_owe_cents: invoicedNow.total_cents,
      orders_owing: 1,
      cancel_requests: 1,
      enquiries_open: 3,
      proofs_waiting: 1,
      payment_problems: 0,
      payment_disputes: 0,
    });
    expect(invoicedNow.total_cents).toBeGreaterThan(0);

    // Each tile's list shows exactly what it counts.
    expect((await ordersList(admin.token, 'proof_waiting=1')).orders.map((o) => o.order_id)).toEqual([invoiced.id]);
    expect((await ordersList(admin.token, 'cancel_request=1')).orders.map((o) => o.order_id)).toEqual([reserved.id]);
    expect((await ordersList(admin.token, 'invoiced=1&payment_status=unpaid')).orders.map((o) => o.order_id)).toEqual([
      invoiced.id,
    ]);

    expect(AdminDashboardResponse.parse((await dashboard(rep.token)).json())).toEqual({
      status: 'success',
      message: 'ok',
      reservations: null,
      sponsors_owe_cents: 500_00 + 200_00,
      sponsorships_owing: 2,
      schools_owe_cents: null,
      orders_owing: null,
      cancel_requests: null,
      enquiries_open: 2,
      proofs_waiting: null,
      payment_problems: null,
      payment_disputes: null,
    });
    expect(AdminDashboardResponse.parse((await dashboard(otherRep.token)).json())).toMatchObject({
      sponsors_owe_cents: 700_00,
      sponsorships_owing: 1,
      enquiries_open: 1,
      reservations: null,
    });

    // Answering an enquiry takes it off the open ones.
    await t.db.update(enquiries).set({ closed_at: new Date() }).where(eq(enquiries.srep_id, otherRep.user.id));
    expect(AdminDashboardResponse.parse((await dashboard(otherRep.token)).json()).enquiries_open).toBe(0);
  });

  it('keeps its figures per school year as orders are placed, changed, moved to another year and cancelled', async () => {
    const admin = await signedInStaff(t, USER_TYPE.admin);
    const plain = async () =>
      (
        await t.db.execute<{ school_year: string; orders: number; total_cents: number }>(sql`
          select school_year, count(*)::int as orders, sum(total_cents)::bigint as total_cents from orders
          where status not in ('Pending', 'Cancelled') and school_year <> ''
          group by school_year order by school_year`)
      ).rows.map((r) => ({ ...r, total_cents: Number(r.total_cents) }));
    const shown = async () => AdminDashboardResponse.parse((await dashboard(admin.token)).json()).reservations;
    const placed = await schoolWithPlacedOrder(t, INVOICED_NOW);
    const order = await storedOrder(t, placed.orderKey);
    expect(await shown()).toEqual(await plain());
    const taxed = await t.api.post(`/api/admin/orders/${order.id}/tax`, {
      body: { tax_cents: 1_234 },
      headers: bearer(admin.token),
    });
    expect(taxed.statusCode, taxed.body).toBe(200);
    expect(await shown()).toEqual(await plain());
    await t.db.update(orders).set({ school_year: '2040-2041' }).where(eq(orders.id, order.id));
    expect((await shown())?.find((y) => y.school_year === '2040-2041')).toMatchObject({ orders: 1 });
    expect(await shown()).toEqual(await plain());
    await t.db.update(orders).set({ status: 'Cancelled' }).where(eq(orders.id, order.id));
    expect((await shown())?.find((y) => y.school_year === '2040-2041')).toBeUndefined();
    expect(await shown()).toEqual(await plain());
  });

  it('is for staff only: a school or a sponsor is refused (403), anyone signed out (401)', async () => {
    for (const token of [(await signedInSchool(t)).token, (await signedInSponsor(t)).token]) {
      const res = await dashboard(token);
      expect(res.statusCode).toBe(403);
      expect(res.json()).toEqual({ status: 'error', message: MSG.forbidden });
    }
    expect((await t.api.get('/api/admin/dashboard')).statusCode).toBe(401);
  });
});
