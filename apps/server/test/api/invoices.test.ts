import { USER_TYPE } from '@portal/contracts/constants';
import {
  AdminInvoicePreviewResponse,
  AdminIssueInvoiceResponse,
  AdminOrderInvoicesResponse,
  type IssueKind,
  OrderInvoicesResponse,
} from '@portal/contracts/invoices';
import { MSG } from '@portal/contracts/messages';
import { formatMoney } from '@portal/contracts/money';
import type { TUpdateTempOrderBody } from '@portal/contracts/orders';
import { and, asc, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { audit_log, counters, invoices } from '../../src/db/schema/index.ts';
import { bearer, signedInSchool, signedInSponsor, signedInStaff } from '../helpers/accounts.ts';
import { clockedCatalogueApp } from '../helpers/clock.ts';
import { expectOwedKept } from '../helpers/money-owed.ts';
import { completeOrderForm, issueOrderInvoice, schoolWithPlacedOrder, storedOrder } from '../helpers/orders.ts';
import { pdfText } from '../helpers/pdf-text.ts';
import type { TestApp } from '../helpers/test-app.ts';

const clocked = clockedCatalogueApp();
let t: TestApp;
let admin: Awaited<ReturnType<typeof signedInStaff>>;
beforeAll(async () => {
  t = clocked.app();
  admin = await signedInStaff(t, USER_TYPE.admin);
});

/** A reservation of 120 planners whose school is not exempt: its tax is to be added by staff. */
const RESERVED_TAX_LATER: Partial<TUpdateTempOrderBody> = { status: 'Reserved', payment_method: '3', tax: '0' };

async function reservedOrder() {
  const school = await schoolWithPlacedOrder(t, RESERVED_TAX_LATER);
  const order = await storedOrder(t, school.orderKey);
  return { school, order };
}

const asAdmin = () => bearer(admin.token);
const preview = (id: number, kind: IssueKind, token = admin.token) =>
  t.api.get(`/api/admin/orders/${id}/invoices/preview?kind=${kind}`, { headers: bearer(token) });
const issue = (id: number, kind: IssueKind, amount_cents: number, token = admin.token) =>
  t.api.post(`/api/admin/orders/${id}/invoices`, { body: { kind, amount_cents }, headers: bearer(token) });
const listed = (id: number, token = admin.token) =>
  t.api.get(`/api/admin/orders/${id}/invoices`, { headers: bearer(token) });
const pdfOf = (id: number, number: number, token = admin.token) =>
  t.api.get(`/api/admin/orders/${id}/invoices/${number}`, { headers: bearer(token) });

async function issued(id: number, kind: IssueKind) {
  const seen = await preview(id, kind);
  expect(seen.statusCode, seen.body).toBe(200);
  const amount = AdminInvoicePreviewResponse.parse(seen.json()).amount_cents;
  const res = await issue(id, kind, amount);
  expect(res.statusCode, res.body).toBe(200);
  return AdminIssueInvoiceResponse.parse(res.json()).invoice;
}

async function pdfBytes(id: number, number: number) {
  const res = await pdfOf(id, number);
  expect(res.statusCode, res.body.slice(0, 300)).toBe(200);
  expect(res.headers['content-type']).toBe('application/pdf');
  return res.rawPayload;
}

const rowOf = (text: string[], first: string, cells: number) =>
  text.slice(text.indexOf(first), text.indexOf(first) + cells);

async function addTax(id: number, taxCents: number) {
  const res = await t.api.post(`/api/admin/orders/${id}/tax`, { body: { tax_cents: taxCents }, headers: asAdmin() });
  expect(res.statusCode, res.body).toBe(200);
}

async function changePlanners(school: { token: string; orderKey: string }, planners: number) {
  const res = await t.api.post('/api/updatetemporder', {
    body: completeOrderForm(
      school.orderKey,
      { ...RESERVED_TAX_LATER, noprimary_planners: String(planners) },
      t.ctx.clock(),
    ),
    headers: bearer(school.token),
  });
  expect(res.statusCode, res.body).toBe(200);
}

const invoiceAudit = (orderId: number) =>
  t.db
    .select()
    .from(audit_log)
    .where(and(eq(audit_log.entity, 'order'), eq(audit_log.entity_id, String(orderId))))
    .orderBy(asc(audit_log.id))
    .then((rows) => rows.filter((r) => ['invoice', 'invoice-difference', 'credit-note'].includes(r.action)));

async function counterValue() {
  const [row] = await t.db.select().from(counters).where(eq(counters.name, 'invoice'));
  return row?.value ?? 0;
}

describe('an invoice once numbered is kept as issued', () => {
  it('gives the same document after tax is added and after the items change', async () => {
    const { school, order } = await reservedOrder();
    const first = await issued(order.id, 'invoice');
    expect(first).toMatchObject({ kind: 'invoice', adjusts: null, amount_cents: order.total_cents });
    expect((await storedOrder(t, school.orderKey)).invoice_number).toBe(first.number);
    const original = await pdfBytes(order.id, first.number);
    const text = pdfText(original);
    expect(rowOf(text, 'Tax', 2)).toEqual(['Tax', 'To be added']);
    expect(rowOf(text, 'Total', 2)).toEqual(['Total', formatMoney(order.total_cents)]);

    await addTax(order.id, 2730);
    expect((await pdfBytes(order.id, first.number)).equals(original)).toBe(true);

    await changePlanners(school, 150);
    const changed = await storedOrder(t, school.orderKey);
    expect(changed.total_cents).toBeGreaterThan(order.total_cents + 2730);
    expect((await pdfBytes(order.id, first.number)).equals(original)).toBe(true);

    // The school's own download of the invoice is the same document, whatever date it asks for.
    const own = await t.api.get(`/api/orderinvoice?order_key=${school.orderKey}&type=invoice&date=2027-02-01`, {
      headers: bearer(school.token),
    });
    expect(own.statusCode).toBe(200);
    expect(own.rawPayload.equals(original)).toBe(true);
    const file = await t.api.get(`/api/orderinvoicefile?order_key=${school.orderKey}&number=${first.number}`, {
      headers: bearer(school.token),
    });
    expect(file.statusCode).toBe(200);
    expect(file.rawPayload.equals(original)).toBe(true);

    const [row] = await t.db.select().from(invoices).where(eq(invoices.number, first.number));
    expect(row).toMatchObject({ order_id: order.id, kind: 'invoice', total_cents: order.total_cents });
    expect(row?.content?.totalCents).toBe(order.total_cents);
    expect(row?.content?.hasTax).toBe(false);
  });
});

describe('invoices for the difference and credit notes', () => {
  it('invoices a tax added and more items, credits fewer, each numbered next and listed', async () => {
    const { school, order } = await reservedOrder();
    expect((await preview(order.id, 'difference')).json()).toEqual({
      status: 'error',
      message: MSG.invoiceNotIssuedYet,
    });
    const first = await issued(order.id, 'invoice');
    const nothing = await issue(order.id, 'difference', 0);
    expect(nothing.statusCode).toBe(409);
    expect(nothing.json().message).toBe(MSG.invoiceNoIncrease);
    expect((await issue(order.id, 'credit-note', 0)).json().message).toBe(MSG.invoiceNoDecrease);

    await addTax(order.id, 2730);
    const seen = AdminInvoicePreviewResponse.parse((await preview(order.id, 'difference')).json());
    expect(seen).toMatchObject({
      document: 'invoice',
      rows: [],
      tax_cents: 2730,
      subtotal_cents: 0,
      amount_cents: 2730,
    });
    const tax = await issued(order.id, 'difference');
    expect(tax).toMatchObject({ number: first.number + 1, kind: 'invoice', amount_cents: 2730 });
    expect(tax.adjusts).toBe(first.label);
    const taxText = pdfText(await pdfBytes(order.id, tax.number));
    expect(taxText).toContain('INVOICE (DIFFERENCE)');
    expect(taxText).toContain(`Adjusts invoice: ${first.label}`);
    expect(rowOf(taxText, 'Tax change', 2)).toEqual(['Tax change', '$27.30']);
    expect(rowOf(taxText, 'Total difference', 2)).toEqual(['Total difference', '$27.30']);
    expect(rowOf(taxText, 'Balance due', 2)).toEqual(['Balance due', '$27.30']);

    const before = await storedOrder(t, school.orderKey);
    const plannerRow = (o: typeof before) => o.custom_price.find((r) => r.name === 'Planners');
    await changePlanners(school, 150);
    const more = await storedOrder(t, school.orderKey);
    const increase = more.total_cents - before.total_cents;
    expect(increase).toBeGreaterThan(0);
    const rose = await issued(order.id, 'difference');
    expect(rose).toMatchObject({ number: first.number + 2, amount_cents: increase });
    const roseText = pdfText(await pdfBytes(order.id, rose.number));
    expect(rowOf(roseText, 'Planners', 4)).toEqual([
      'Planners',
      '30',
      formatMoney(plannerRow(more)?.unit_price ?? 0),
      formatMoney((plannerRow(more)?.amount ?? 0) - (plannerRow(before)?.amount ?? 0)),
    ]);

    await changePlanners(school, 100);
    const fewer = await storedOrder(t, school.orderKey);
    const decrease = more.total_cents - fewer.total_cents;
    expect((await issue(order.id, 'difference', 0)).json().message).toBe(MSG.invoiceNoIncrease);
    const credit = await issued(order.id, 'credit-note');
    expect(credit).toMatchObject({
      number: first.number + 3,
      label: `CN-${String(first.number + 3).padStart(6, '0')}`,
      kind: 'credit-note',
      amount_cents: decrease,
      due_date: null,
    });
    const creditText = pdfText(await pdfBytes(order.id, credit.number));
    expect(creditText).toContain('CREDIT NOTE');
    expect(creditText).toContain(`Credit note number: ${credit.label}`);
    expect(rowOf(creditText, 'Total credited', 2)).toEqual(['Total credited', formatMoney(decrease)]);
    expect(creditText.join('\n')).not.toContain('Due date');

    const all = AdminOrderInvoicesResponse.parse((await listed(order.id)).json());
    expect(all.invoices.map((i) => [i.label, i.kind, i.amount_cents])).toEqual([
      [first.label, 'invoice', order.total_cents],
      [tax.label, 'invoice', 2730],
      [rose.label, 'invoice', increase],
      [credit.label, 'credit-note', decrease],
    ]);
    expect(all.invoiced_cents).toBe(fewer.total_cents);
    expect(all.total_cents).toBe(fewer.total_cents);

    // The school sees the same list on its order.
    const own = await t.api.get(`/api/orderinvoices?order_key=${school.orderKey}`, { headers: bearer(school.token) });
    expect(OrderInvoicesResponse.parse(own.json()).invoices).toEqual(all.invoices);

    // Each one is audited as the administrator's, in the order issued.
    const audit = await invoiceAudit(order.id);
    expect(
      audit.map((a) => [a.action, a.actor_user_id, (a.changes as { after: { number: string } }).after.number]),
    ).toEqual([
      ['invoice', admin.user.id, first.label],
      ['invoice-difference', admin.user.id, tax.label],
      ['invoice-difference', admin.user.id, rose.label],
      ['credit-note', admin.user.id, credit.label],
    ]);
    expect(audit[3]?.changes).toMatchObject({ after: { amount_cents: decrease } });
  });

  it('credits everything invoiced once the order is cancelled', async () => {
    const { order } = await reservedOrder();
    const first = await issued(order.id, 'invoice');
    const cancel = await t.api.post(`/api/admin/orders/${order.id}/status`, {
      body: { status: 'Cancelled' },
      headers: asAdmin(),
    });
    expect(cancel.statusCode, cancel.body).toBe(200);
    expect((await preview(order.id, 'difference')).json().message).toBe(MSG.cancelledNoDocument);
    const credit = await issued(order.id, 'credit-note');
    expect(credit).toMatchObject({ number: first.number + 1, amount_cents: order.total_cents });
    expect(AdminOrderInvoicesResponse.parse((await listed(order.id)).json()).invoiced_cents).toBe(0);
  });

  it('issues nothing when the amount confirmed is not the amount now, and takes no number', async () => {
    const { order } = await reservedOrder();
    await issued(order.id, 'invoice');
    await addTax(order.id, 1000);
    const counter = await counterValue();
    const stale = await issue(order.id, 'difference', 500);
    expect(stale.statusCode).toBe(409);
    expect(stale.json()).toEqual({ status: 'error', message: MSG.invoiceAmountChanged });
    expect(await counterValue()).toBe(counter);
    expect(await t.db.select().from(invoices).where(eq(invoices.order_id, order.id))).toHaveLength(1);
    expect((await issue(order.id, 'invoice', -1)).statusCode).toBe(400);
    expect((await issue(order.id, 'refund' as IssueKind, 0)).json().errors).toEqual({
      kind: MSG.invoiceKindInvalid,
    });
  });

  it('numbers documents issued at once for many orders with no gap and no duplicate, and one order’s difference once', async () => {
    const cast = [];
    for (let i = 0; i < 6; i++) cast.push(await reservedOrder());
    for (const { order } of cast.slice(0, 3)) {
      await issued(order.id, 'invoice');
      await addTax(order.id, 1500);
    }
    const before = await counterValue();
    const answers = await Promise.all([
      ...cast.slice(0, 3).map(({ order }) => issue(order.id, 'difference', 1500)),
      ...cast.slice(3).map(({ order }) => issue(order.id, 'invoice', order.total_cents)),
    ]);
    expect(answers.map((a) => a.statusCode)).toEqual(Array(6).fill(200));
    const numbers = answers.map((a) => AdminIssueInvoiceResponse.parse(a.json()).invoice.number).sort((a, b) => a - b);
    expect(numbers).toEqual([1, 2, 3, 4, 5, 6].map((n) => before + n));
    expect(await counterValue()).toBe(before + 6);

    const { order } = await reservedOrder();
    await issued(order.id, 'invoice');
    await addTax(order.id, 900);
    const twice = await Promise.all([issue(order.id, 'difference', 900), issue(order.id, 'difference', 900)]);
    expect(twice.map((a) => a.statusCode).sort()).toEqual([200, 409]);
    expect(twice.find((a) => a.statusCode === 409)?.json().message).toBe(MSG.invoiceNoIncrease);
    const kept = await t.db.select().from(invoices).where(eq(invoices.order_id, order.id));
    expect(kept.map((r) => r.total_cents).sort((a, b) => a - b)).toEqual([900, order.total_cents]);
  });
});

describe('the school’s purchase order number', () => {
  it('prints on its invoice, on the credit note that follows, and on its quote, beside the order number', async () => {
    const school = await schoolWithPlacedOrder(t, { ...RESERVED_TAX_LATER, purchase_order: 'PO-2027-0042' });
    const order = await storedOrder(t, school.orderKey);
    const PO = 'PO number: PO-2027-0042';
    const quote = await t.api.get(`/api/admin/orders/${order.id}/document?type=quote`, { headers: asAdmin() });
    expect(quote.statusCode).toBe(200);
    expect(pdfText(quote.rawPayload)).toContain(PO);
    await addTax(order.id, 1000);
    const first = await issued(order.id, 'invoice');
    expect(pdfText(await pdfBytes(order.id, first.number))).toContain(PO);
    await addTax(order.id, 0);
    const credit = await issued(order.id, 'credit-note');
    expect(pdfText(await pdfBytes(order.id, credit.number))).toContain(PO);
  });

  it('is left out of a school’s documents when it gave none', async () => {
    const { order } = await reservedOrder();
    const first = await issued(order.id, 'invoice');
    expect(pdfText(await pdfBytes(order.id, first.number)).join('\n')).not.toContain('PO number');
  });
});

describe('GET /api/admin/orders/:id/document', () => {
  it('issues no invoice by reading it: staff issue it, then read it unchanged afterwards', async () => {
    const { order } = await reservedOrder();
    const before = await t.api.get(`/api/admin/orders/${order.id}/document?type=invoice`, { headers: asAdmin() });
    expect(before.statusCode).toBe(409);
    expect(before.json()).toEqual({ status: 'error', message: MSG.invoiceNotIssuedYet });
    expect(await t.db.select().from(invoices).where(eq(invoices.order_id, order.id))).toHaveLength(0);
    expect(await invoiceAudit(order.id)).toHaveLength(0);

    await issued(order.id, 'invoice');
    const first = await t.api.get(`/api/admin/orders/${order.id}/document?type=invoice`, { headers: asAdmin() });
    expect(first.statusCode).toBe(200);
    const [row] = await t.db.select().from(invoices).where(eq(invoices.order_id, order.id));
    expect(row).toMatchObject({ kind: 'invoice', total_cents: order.total_cents });
    const audit = await invoiceAudit(order.id);
    expect(audit.map((a) => [a.action, a.actor_user_id])).toEqual([['invoice', admin.user.id]]);
    await addTax(order.id, 800);
    const again = await t.api.get(`/api/admin/orders/${order.id}/document?type=invoice`, { headers: asAdmin() });
    expect(again.rawPayload.equals(first.rawPayload)).toBe(true);
    expect(await invoiceAudit(order.id)).toHaveLength(1);
  });
});

describe('who may see and issue invoices', () => {
  it('lets administrators only issue and read them in the back office; 401 signed out', async () => {
    const { school, order } = await reservedOrder();
    const rep = await signedInStaff(t, USER_TYPE.salesRep);
    const sponsor = await signedInSponsor(t);
    for (const token of [rep.token, sponsor.token, school.token]) {
      for (const res of [
        await listed(order.id, token),
        await preview(order.id, 'invoice', token),
        await issue(order.id, 'invoice', order.total_cents, token),
        await pdfOf(order.id, 1, token),
      ]) {
        expect(res.statusCode, res.body).toBe(403);
      }
    }
    expect((await t.api.get(`/api/admin/orders/${order.id}/invoices`)).statusCode).toBe(401);
    expect(
      (await t.api.post(`/api/admin/orders/${order.id}/invoices`, { body: { kind: 'invoice', amount_cents: 0 } }))
        .statusCode,
    ).toBe(401);
    expect(await t.db.select().from(invoices).where(eq(invoices.order_id, order.id))).toHaveLength(0);
    expect((await pdfOf(order.id, 999_999)).statusCode).toBe(404);
  });

  it('lets a school read its own invoices and not another’s', async () => {
    const { school, order } = await reservedOrder();
    const other = await signedInSchool(t);
    await issueOrderInvoice(t, school.orderKey, '2026-11-24');
    const own = await t.api.get(`/api/orderinvoice?order_key=${school.orderKey}&type=invoice&date=2026-11-24`, {
      headers: bearer(school.token),
    });
    expect(own.statusCode).toBe(200);
    const [row] = await t.db.select().from(invoices).where(eq(invoices.order_id, order.id));
    const number = row?.number ?? 0;
    expect(row?.issue_date).toBe('2026-11-24');
    const audit = await invoiceAudit(order.id);
    expect(audit.map((a) => [a.action, a.actor_user_id])).toEqual([['invoice', school.user.id]]);

    for (const path of [
      `/api/orderinvoices?order_key=${school.orderKey}`,
      `/api/orderinvoicefile?order_key=${school.orderKey}&number=${number}`,
    ]) {
      const theirs = await t.api.get(path, { headers: bearer(other.token) });
      expect(theirs.statusCode).toBe(404);
      expect(theirs.json()).toEqual({ status: 'error', message: MSG.orderNotFound });
      expect((await t.api.get(path, { headers: bearer((await signedInSponsor(t)).token) })).statusCode).toBe(403);
      expect((await t.api.get(path)).statusCode).toBe(401);
    }
    // Another order's number through the school's own order finds nothing.
    const { order: another } = await reservedOrder();
    await issued(another.id, 'invoice');
    const [anotherRow] = await t.db.select().from(invoices).where(eq(invoices.order_id, another.id));
    const cross = await t.api.get(
      `/api/orderinvoicefile?order_key=${school.orderKey}&number=${anotherRow?.number ?? 0}`,
      { headers: bearer(school.token) },
    );
    expect(cross.statusCode).toBe(404);
    expect(cross.json().message).toBe(MSG.invoiceNotFound);
  });
});

describe('what is owed, as the database keeps it', () => {
  it('is what the records add up to, after every change the tests above made', () => expectOwedKept(t));
});
