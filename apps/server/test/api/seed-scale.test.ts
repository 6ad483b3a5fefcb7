import { USER_TYPE } from '@portal/contracts/constants';
import { invoiceLabel } from '@portal/contracts/invoices';
import { heldCents, invoiceAdjustment, paymentStatusOf } from '@portal/contracts/order-rules';
import { ORDER_STATUSES, type OrderStatus } from '@portal/contracts/orders';
import { paidStatus } from '@portal/contracts/sponsorship-rules';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { storedInvoice } from '../../src/modules/invoices/list-order-invoices.ts';
import { orderFileKey } from '../../src/modules/orders/order-file-entry.ts';
import { type ScaleCounts, scaleOf, seedScale } from '../../src/seed/scale.ts';
import { bearer, signedInStaff } from '../helpers/accounts.ts';
import { createCatalogueApp } from '../helpers/catalogue.ts';
import { pdfText } from '../helpers/pdf-text.ts';
import type { TestApp } from '../helpers/test-app.ts';

/** A scaled year made small: the same rows a region's year has, and every account adds up. */
let t: TestApp;
let counts: ScaleCounts;
let admin: { token: string };
const size = { ...scaleOf(40), auditRows: 2_500 };
const lines: string[] = [];
beforeAll(async () => {
  t = await createCatalogueApp();
  counts = await seedScale(t.db, size, { storage: t.ctx.storage, tag: 'scaletest', progress: (l) => lines.push(l) });
  admin = await signedInStaff(t, USER_TYPE.admin);
});
afterAll(() => t?.close());

/** The rows of a query of the scaled year. */
const rowsOf = async <T extends Record<string, unknown>>(query: ReturnType<typeof sql>) =>
  (await t.db.execute<T>(query)).rows;

describe('seedScale', () => {
  it('makes schools, orders in every status, payments, sponsorships, enquiries and audit rows', async () => {
    expect(counts).toMatchObject({
      schools: 40,
      orders: 400,
      sponsors: size.sponsors,
      sponsorships: size.sponsors * size.sponsorshipsPerSponsor,
      enquiries: 80,
      auditRows: 2_500,
    });
    for (const part of [
      'invoices',
      'creditNotes',
      'refunds',
      'orderFiles',
      'sponsorPayments',
      'bulkPayments',
    ] as const) {
      expect(counts[part], part).toBeGreaterThan(0);
    }
    expect(lines.at(-1)).toBe('2500 audit rows');

    const statuses = await rowsOf<{ status: string }>(sql`
      select distinct o.status from orders o join users u on u.id = o.school_user_id
      where u.email like 'scaletest-%'`);
    expect(statuses.map((r) => r.status).sort()).toEqual([...ORDER_STATUSES].sort());

    // A sponsorship's total is its items'.
    const [mismatched] = await rowsOf<{ n: number }>(sql`
      select count(*)::int as n from sponsorships s
      join users u on u.id = s.sponsor_user_id and u.email like 'scaletest-%'
      where s.total_cents <> (select coalesce(sum(i.total_cents), 0) from sponsorship_items i where i.sponsorship_id = s.id)`);
    expect(mismatched?.n).toBe(0);

    // The back office reads them as any others.
    const list = await t.api.get('/api/admin/orders?q=scaletest', { headers: bearer(admin.token) });
    expect(list.statusCode, list.body).toBe(200);
    const owed = await t.api.get('/api/admin/money-owed', { headers: bearer(admin.token) });
    expect(owed.statusCode, owed.body.slice(0, 200)).toBe(200);
  });

  it("keeps each order's account as its payments, refunds and documents say, invoiced when the app invoices", async () => {
    const accounts = await rowsOf<{
      id: number;
      status: OrderStatus;
      payment_method: number | null;
      total_cents: number;
      received_cents: number;
      refunded_cents: number;
      payment_status: 'paid' | 'unpaid' | 'refunded';
      invoice_number: number | null;
      paid: number;
      given: number;
      invoiced: number | null;
      first_number: number | null;
    }>(sql`
      select o.id, o.status, o.payment_method, o.total_cents, o.received_cents, o.refunded_cents,
        o.payment_status, o.invoice_number,
        coalesce((select sum(p.amount_cents) from payments p
          where p.order_id = o.id and p.status = 'succeeded'), 0)::int as paid,
        coalesce((select sum(f.amount_cents) from refunds f join payments p on p.id = f.payment_id
          where p.order_id = o.id and f.status = 'succeeded'), 0)::int as given,
        (select sum(i.total_cents) from invoices i where i.order_id = o.id)::int as invoiced,
        (select min(i.number) from invoices i where i.order_id = o.id and i.kind = 'invoice') as first_number
      from orders o join users u on u.id = o.school_user_id where u.email like 'scaletest-%'`);
    expect(accounts.some((o) => o.payment_status === 'paid')).toBe(true);
    expect(accounts.some((o) => o.payment_status === 'unpaid' && o.received_cents > 0)).toBe(true);
    for (const o of accounts) {
      expect(o.received_cents, `order ${o.id}`).toBe(o.paid);
      expect(o.refunded_cents, `order ${o.id}`).toBe(o.given);
      expect(heldCents(o), `order ${o.id}`).toBe(o.paid - o.given);
      expect(o.payment_status, `order ${o.id}`).toBe(paymentStatusOf(o));
      // Invoiced at checkout to be invoiced now, and the day it was delivered with something owed
      // (always, to be invoiced after delivery; a card order only when its tax came after it was paid).
      const atCheckout = o.payment_method === 1 && o.status !== 'Reserved';
      const onDelivery = o.status === 'Delivered' && (o.payment_method === 4 || o.payment_method === 2);
      if (atCheckout || (o.status === 'Delivered' && o.payment_method === 4)) {
        expect(o.invoiced, `order ${o.id}`).not.toBeNull();
      }
      if (!atCheckout && !onDelivery) expect(o.invoiced, `order ${o.id} ${o.status} ${o.payment_method}`).toBeNull();
      expect(o.invoice_number, `order ${o.id}`).toBe(o.first_number);
      // Its invoices less its credit notes are what it owes: no difference or credit left to issue.
      if (o.invoiced !== null) expect(invoiceAdjustment({ ...o, invoiced_cents: o.invoiced })).toBeUndefined();
      if (o.status === 'Cancelled') expect(heldCents(o)).toBe(0);
    }
  });

  it('numbers the documents from the invoice counter, and the app reads a seeded one back and draws it', async () => {
    const [numbers] = await rowsOf<{ n: number; distinct: number; low: number; high: number; counter: number }>(sql`
      select count(*)::int as n, count(distinct number)::int as distinct, min(number) as low, max(number) as high,
        (select value from counters where name = 'invoice') as counter
      from invoices`);
    expect(numbers?.n).toBe(counts.invoices + counts.creditNotes);
    // Unique, none skipped, and the next the app issues comes after them.
    expect(numbers?.distinct).toBe(numbers?.n);
    expect((numbers?.high ?? 0) - (numbers?.low ?? 0) + 1).toBe(numbers?.n);
    expect(numbers?.counter).toBe(numbers?.high);

    const picks = await rowsOf<{ id: number; order_id: number; number: number; kind: 'invoice' | 'credit-note' }>(sql`
      (select id, order_id, number, kind from invoices where kind = 'invoice' and content->>'adjusts' is null
        and jsonb_array_length(content->'payments') > 0 order by id limit 1)
      union all (select id, order_id, number, kind from invoices where kind = 'invoice' and content->>'adjusts' is not null order by id limit 1)
      union all (select id, order_id, number, kind from invoices where kind = 'credit-note' order by id limit 1)`);
    expect(picks.map((p) => p.kind)).toEqual(['invoice', 'invoice', 'credit-note']);
    for (const pick of picks) {
      const label = invoiceLabel(pick.kind, pick.number);
      const row = await storedInvoice(t.db, pick.id);
      expect(row.content).toMatchObject({ kind: pick.kind, number: label, orderId: pick.order_id });
      expect(row.content?.basis).toBeDefined();

      const pdf = await t.api.get(`/api/admin/orders/${pick.order_id}/invoices/${pick.number}`, {
        headers: bearer(admin.token),
      });
      expect(pdf.statusCode, pdf.body.slice(0, 200)).toBe(200);
      expect(pdf.headers['content-type']).toContain('application/pdf');
      expect(pdfText(pdf.rawPayload).join(' ')).toContain(label);

      const listed = await t.api.get(`/api/admin/orders/${pick.order_id}/invoices`, { headers: bearer(admin.token) });
      expect(listed.json().invoices.map((i: { label: string }) => i.label)).toContain(label);
      const details = await t.api.get(`/api/admin/orders/${pick.order_id}`, { headers: bearer(admin.token) });
      expect(details.statusCode, details.body.slice(0, 200)).toBe(200);
      expect(details.json().invoice_number).not.toBeNull();
      const statement = await t.api.get(`/api/admin/orders/${pick.order_id}/statement`, {
        headers: bearer(admin.token),
      });
      expect(statement.statusCode).toBe(200);
    }
    // A card order invoiced on delivery for the tax added after it was paid: the invoice lists that payment.
    const late = await rowsOf<{ issued: boolean; listed: number }>(sql`
      select i.issue_date = o.delivery_date as issued, jsonb_array_length(i.content->'payments') as listed
      from invoices i join orders o on o.id = i.order_id where o.payment_method = 2`);
    expect(late.length).toBeGreaterThan(0);
    expect(late.every((i) => i.issued && i.listed > 0)).toBe(true);
    // A first invoice lists the payments received before it by their numbers, as the app's receipts number them.
    const listedPayment = await rowsOf<{ ok: boolean }>(sql`
      select (i.content->'payments'->0->>'reference')::int in (select id from payments p where p.order_id = i.order_id) as ok
      from invoices i where jsonb_array_length(i.content->'payments') > 0`);
    expect(listedPayment.every((r) => r.ok)).toBe(true);

    // The next invoice the app issues itself takes the number after the year's.
    const [reserved] = await rowsOf<{ id: number; total_cents: number }>(sql`
      select id, total_cents from orders where status = 'Reserved' and invoice_number is null order by id limit 1`);
    const issued = await t.api.post(`/api/admin/orders/${reserved?.id}/invoices`, {
      headers: bearer(admin.token),
      body: { kind: 'invoice', amount_cents: reserved?.total_cents },
    });
    expect(issued.statusCode, issued.body).toBe(200);
    expect(issued.json().invoice.number).toBe((numbers?.high ?? 0) + 1);
  });

  it('refunds what the app lets staff refund: no more than each payment brought, the way it came', async () => {
    const refunds = await rowsOf<{ amount_cents: number; method: string; gateway: string; left: number }>(sql`
      select f.amount_cents, f.method, p.gateway,
        p.amount_cents - (select sum(g.amount_cents) from refunds g where g.payment_id = p.id)::int as left
      from refunds f join payments p on p.id = f.payment_id`);
    expect(refunds).toHaveLength(counts.refunds);
    for (const f of refunds) {
      expect(f.left).toBeGreaterThanOrEqual(0);
      expect(f.method).toBe(f.gateway === 'offline' ? 'offline' : 'card');
    }
  });

  it("pays sponsorships as the sponsors' card payments do, some several at once", async () => {
    const groups = await rowsOf<{
      id: number;
      status: string;
      total_cents: number;
      paid_cents: number;
      allocated: number;
      confirmed: number;
    }>(sql`
      select s.id, s.status, s.total_cents, s.paid_cents,
        coalesce((select sum(a.amount_cents) from payment_allocations a join payments p on p.id = a.payment_id
          where a.sponsorship_id = s.id and p.status = 'succeeded'), 0)::int as allocated,
        coalesce((select sum(x.amount_cents) from sponsorship_transactions x
          where x.sponsorship_id = s.id and x.payment_status = 1), 0)::int as confirmed
      from sponsorships s join users u on u.id = s.sponsor_user_id where u.email like 'scaletest-%'`);
    for (const status of ['Requested', 'Approved', 'Partial', 'Completed']) {
      expect(
        groups.some((g) => g.status === status),
        status,
      ).toBe(true);
    }
    for (const g of groups) {
      expect(g.paid_cents, `sponsorship ${g.id}`).toBe(g.allocated);
      expect(g.confirmed, `sponsorship ${g.id}`).toBe(g.paid_cents);
      if (g.status !== 'Requested')
        expect(g.status, `sponsorship ${g.id}`).toBe(paidStatus(g.paid_cents, g.total_cents));
      else expect(g.paid_cents).toBe(0);
    }

    const paid = await rowsOf<{
      kind: string;
      status: string;
      amount_cents: number;
      shares: number;
      split: number;
      seen: number;
    }>(sql`
      select p.kind, p.status, p.amount_cents,
        (select count(*) from payment_allocations a where a.payment_id = p.id)::int as shares,
        (select sum(a.amount_cents) from payment_allocations a where a.payment_id = p.id)::int as split,
        (select count(*) from sponsorship_transactions x where x.payment_id = p.id
          and x.payment_status = case when p.status = 'succeeded' then 1 else 0 end)::int as seen
      from payments p where p.kind <> 'order'`);
    expect(paid).toHaveLength(counts.sponsorPayments);
    expect(paid.filter((p) => p.kind === 'bulk')).toHaveLength(counts.bulkPayments);
    for (const p of paid) {
      expect(p.split).toBe(p.amount_cents);
      expect(p.seen).toBe(p.shares);
      expect(p.shares > 1).toBe(p.kind === 'bulk');
    }
    expect(paid.some((p) => p.status === 'failed')).toBe(true);

    const [partial] = await rowsOf<{ id: number }>(sql`select id from sponsorships where status = 'Partial' limit 1`);
    const details = await t.api.get(`/api/admin/sponsorships/${partial?.id}`, { headers: bearer(admin.token) });
    expect(details.statusCode, details.body.slice(0, 200)).toBe(200);
  });

  it("stores each order's uploads once, under its own name, for the app to serve", async () => {
    const files = await rowsOf<{ stored_name: string; size_bytes: number; mime_type: string; status: string }>(sql`
      select f.stored_name, f.size_bytes, f.mime_type, o.status from order_files f join orders o on o.id = f.order_id`);
    expect(files).toHaveLength(counts.orderFiles);
    expect(files.some((f) => f.status === 'Pending')).toBe(false);
    for (const f of files) expect(await t.ctx.storage.exists(orderFileKey(f.stored_name)), f.stored_name).toBe(true);
    const [file] = files;
    const served = await t.api.get(`/api/orderfile/${file?.stored_name}`, { headers: bearer(admin.token) });
    expect(served.statusCode).toBe(200);
    expect(served.rawPayload.length).toBe(file?.size_bytes);
    expect(served.headers['content-type']).toContain(file?.mime_type.split(';')[0]);
  });
});
