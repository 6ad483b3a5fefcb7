import { createHash } from 'node:crypto';
import { USER_TYPE } from '@portal/contracts/constants';
import { invoiceLabel } from '@portal/contracts/invoices';
import { MSG } from '@portal/contracts/messages';
import { formatMoney } from '@portal/contracts/money';
import { and, asc, eq, sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { audit_log, invoices, orders } from '../../src/db/schema/index.ts';
import { bearer, mailsTo, signedInStaff } from '../helpers/accounts.ts';
import { clockedCatalogueApp } from '../helpers/clock.ts';
import { CARDS, submitHostedPage } from '../helpers/hosted-page.ts';
import { expectOwedKept } from '../helpers/money-owed.ts';
import { INVOICED_NOW, schoolWithPlacedOrder, storedOrder } from '../helpers/orders.ts';
import { pdfText } from '../helpers/pdf-text.ts';
import { sentAs } from '../helpers/sent-mail.ts';
import type { TestApp } from '../helpers/test-app.ts';

const clocked = clockedCatalogueApp();
let t: TestApp;
let admin: Awaited<ReturnType<typeof signedInStaff>>;
beforeAll(async () => {
  t = clocked.app();
  admin = await signedInStaff(t, USER_TYPE.admin);
});

const asAdmin = () => bearer(admin.token);
const move = (id: number, status: string) =>
  t.api.post(`/api/admin/orders/${id}/status`, { body: { status }, headers: asAdmin() });
const place = (token: string, orderKey: string, method: '1' | '2') =>
  t.api.post('/api/placeorder', {
    body: { order_key: orderKey, payment_method: method, tnc: '1' },
    headers: bearer(token),
  });

const invoicesOf = (orderId: number) =>
  t.db.select().from(invoices).where(eq(invoices.order_id, orderId)).orderBy(asc(invoices.id));
const invoiceAudit = (orderId: number) =>
  t.db
    .select()
    .from(audit_log)
    .where(
      and(eq(audit_log.entity, 'order'), eq(audit_log.entity_id, String(orderId)), eq(audit_log.action, 'invoice')),
    );

/** Moves an order picked up at the warehouse on, step by step, until it is delivered. */
async function deliver(orderId: number) {
  for (const status of ['In production', 'Ready for pickup', 'Delivered']) {
    const res = await move(orderId, status);
    expect(res.statusCode, `${status}: ${res.body}`).toBe(200);
  }
}

describe('invoices the server issues', () => {
  it('issues the invoice when the school places its order to be invoiced now, dated Tampa’s day, and e-mails it with its PDF', async () => {
    const school = await schoolWithPlacedOrder(t, INVOICED_NOW);
    const order = await storedOrder(t, school.orderKey);
    expect(await invoicesOf(order.id)).toHaveLength(0);
    // 10:30 pm on November 24 in Tampa is already November 25 in UTC.
    clocked.setToday(new Date('2026-11-25T03:30:00Z'));
    const placed = await place(school.token, school.orderKey, '1');
    expect(placed.statusCode, placed.body).toBe(200);
    expect(placed.json()).toMatchObject({ message: MSG.orderPlaced, redirect: `/order-confirmed/${school.orderKey}` });

    const [invoice] = await invoicesOf(order.id);
    expect(invoice).toMatchObject({
      kind: 'invoice',
      issue_date: '2026-11-24',
      due_date: '2026-12-24',
      total_cents: order.total_cents,
    });
    const number = invoice?.number ?? 0;
    expect((await storedOrder(t, school.orderKey)).invoice_number).toBe(number);
    expect((await invoiceAudit(order.id)).map((a) => a.actor_user_id)).toEqual([school.user.id]);

    const own = await t.api.get(`/api/orderinvoice?order_key=${school.orderKey}&type=invoice`, {
      headers: bearer(school.token),
    });
    expect(own.statusCode).toBe(200);
    expect(pdfText(own.rawPayload)).toContain('Issue date: November 24, 2026');
    // The PDF is kept as it was sent, with its hash, its template's version and its language: what
    // the school downloads is those bytes, whatever the template becomes.
    expect(invoice).toMatchObject({ template_version: 1, language: 'en' });
    expect(invoice?.pdf && Buffer.from(invoice.pdf).equals(own.rawPayload)).toBe(true);
    expect(invoice?.pdf_sha256).toBe(createHash('sha256').update(own.rawPayload).digest('hex'));

    const [mail] = (await mailsTo(t, school.email)).filter((m) => m.template === 'invoice-issued');
    const label = invoiceLabel('invoice', number);
    expect(mail?.subject).toBe(`Invoice ${label} for your order #${order.id}`);
    expect(mail?.text).toContain(`${formatMoney(order.total_cents)}, due by December 24, 2026`);
    const message = await sentAs(t, mail?.id ?? 0);
    const [file] = message.attachments ?? [];
    expect(file?.filename).toBe(`invoice-${label}.pdf`);
    expect(file?.contentType).toBe('application/pdf');
    expect(Buffer.isBuffer(file?.content) && file.content.equals(own.rawPayload)).toBe(true);

    // Placing it again (a second click) issues nothing more.
    expect((await place(school.token, school.orderKey, '1')).statusCode).toBe(200);
    expect(await invoicesOf(order.id)).toHaveLength(1);
    expect((await mailsTo(t, school.email)).filter((m) => m.template === 'invoice-issued')).toHaveLength(1);
  });

  it('issues none when the school pays by card, and none at delivery once the card paid it all', async () => {
    const school = await schoolWithPlacedOrder(t);
    const order = await storedOrder(t, school.orderKey);
    const start = await place(school.token, school.orderKey, '2');
    expect(start.statusCode, start.body).toBe(200);
    expect(await invoicesOf(order.id)).toHaveLength(0);
    expect((await submitHostedPage(t, start.json().redirect, { card_number: CARDS.paid })).statusCode).toBe(303);
    expect((await storedOrder(t, school.orderKey)).payment_status).toBe('paid');
    await deliver(order.id);
    expect(await invoicesOf(order.id)).toHaveLength(0);
    expect((await mailsTo(t, school.email)).filter((m) => m.template === 'invoice-issued')).toHaveLength(0);
  });

  it('issues the invoice of an order to be invoiced after delivery the day it is delivered, as the staff member’s', async () => {
    const school = await schoolWithPlacedOrder(t, { payment_method: '4' });
    const order = await storedOrder(t, school.orderKey);
    expect(order.status).toBe('Order Placed');
    for (const status of ['In production', 'Ready for pickup']) {
      expect((await move(order.id, status)).statusCode).toBe(200);
      expect(await invoicesOf(order.id)).toHaveLength(0);
    }
    clocked.setToday(new Date('2027-06-10T14:00:00Z'));
    expect((await move(order.id, 'Delivered')).statusCode).toBe(200);
    const [invoice] = await invoicesOf(order.id);
    expect(invoice).toMatchObject({ issue_date: '2027-06-10', due_date: '2027-07-10', total_cents: order.total_cents });
    expect((await invoiceAudit(order.id)).map((a) => a.actor_user_id)).toEqual([admin.user.id]);
    const mails = (await mailsTo(t, school.email)).map((m) => m.template);
    expect(mails).toContain('order-status');
    expect(mails.filter((m) => m === 'invoice-issued')).toHaveLength(1);
    // Owed now: the school is offered to pay it.
    const details = await t.api.get(`/api/orderdetails?order_key=${school.orderKey}`, {
      headers: bearer(school.token),
    });
    expect(details.json().order.payment_link).toBe(`/checkout/${school.orderKey}`);
  });

  it('issues the invoice of a reservation to be invoiced now when staff place it, once', async () => {
    const school = await schoolWithPlacedOrder(t, { status: 'Reserved', payment_method: '1' });
    const order = await storedOrder(t, school.orderKey);
    expect(await invoicesOf(order.id)).toHaveLength(0);
    clocked.setToday(new Date('2027-03-02T15:00:00Z'));
    expect((await move(order.id, 'Order Placed')).statusCode).toBe(200);
    const [invoice, ...more] = await invoicesOf(order.id);
    expect(more).toHaveLength(0);
    expect(invoice).toMatchObject({ kind: 'invoice', issue_date: '2027-03-02', total_cents: order.total_cents });
    expect((await invoiceAudit(order.id)).map((a) => a.actor_user_id)).toEqual([admin.user.id]);
    expect((await mailsTo(t, school.email)).filter((m) => m.template === 'invoice-issued')).toHaveLength(1);
    // Moving on issues nothing more; a reservation to be paid by card is not invoiced when placed.
    expect((await move(order.id, 'In production')).statusCode).toBe(200);
    expect(await invoicesOf(order.id)).toHaveLength(1);
    const byCard = await schoolWithPlacedOrder(t, { status: 'Reserved', payment_method: '2' });
    const cardOrder = await storedOrder(t, byCard.orderKey);
    expect((await move(cardOrder.id, 'Order Placed')).statusCode).toBe(200);
    expect(await invoicesOf(cardOrder.id)).toHaveLength(0);
  });

  it('does not issue a second first invoice at delivery for an order staff invoiced before', async () => {
    const school = await schoolWithPlacedOrder(t, { payment_method: '4' });
    const order = await storedOrder(t, school.orderKey);
    const issued = await t.api.post(`/api/admin/orders/${order.id}/invoices`, {
      body: { kind: 'invoice', amount_cents: order.total_cents },
      headers: asAdmin(),
    });
    expect(issued.statusCode, issued.body).toBe(200);
    await deliver(order.id);
    expect(await invoicesOf(order.id)).toHaveLength(1);
  });
});

describe('invoices staff issue', () => {
  it('e-mails the school each invoice and credit note, the credit note naming the invoice it credits', async () => {
    const school = await schoolWithPlacedOrder(t, { status: 'Reserved', payment_method: '3' });
    const order = await storedOrder(t, school.orderKey);
    const first = await t.api.post(`/api/admin/orders/${order.id}/invoices`, {
      body: { kind: 'invoice', amount_cents: order.total_cents },
      headers: asAdmin(),
    });
    expect(first.statusCode, first.body).toBe(200);
    const cancel = await t.api.post('/api/cancelorder', {
      body: { order_key: school.orderKey },
      headers: bearer(school.token),
    });
    expect(cancel.statusCode, cancel.body).toBe(200);
    const credit = await t.api.post(`/api/admin/orders/${order.id}/invoices`, {
      body: { kind: 'credit-note', amount_cents: order.total_cents },
      headers: asAdmin(),
    });
    expect(credit.statusCode, credit.body).toBe(200);

    const [invoiceRow, creditRow] = await invoicesOf(order.id);
    const invoiceName = invoiceLabel('invoice', invoiceRow?.number ?? 0);
    const creditName = invoiceLabel('credit-note', creditRow?.number ?? 0);
    const mails = (await mailsTo(t, school.email)).filter((m) => m.template.endsWith('-issued'));
    expect(mails.map((m) => [m.template, m.subject, m.invoice_id])).toEqual([
      ['invoice-issued', `Invoice ${invoiceName} for your order #${order.id}`, invoiceRow?.id],
      ['credit-note-issued', `Credit note ${creditName} for your order #${order.id}`, creditRow?.id],
    ]);
    expect(mails[1]?.text).toContain(`credit note ${creditName} of invoice ${invoiceName}`);
    const message = await sentAs(t, mails[1]?.id ?? 0);
    const [file] = message.attachments ?? [];
    expect(file?.filename).toBe(`credit-note-${creditName}.pdf`);
    expect(pdfText(file?.content as Buffer).join('\n')).toContain(invoiceName);
  });
});

describe('an issued invoice is kept as it was sent', () => {
  it('refuses any change or removal in the database, and keeps the order it belongs to', async () => {
    const school = await schoolWithPlacedOrder(t, INVOICED_NOW);
    const order = await storedOrder(t, school.orderKey);
    expect((await place(school.token, school.orderKey, '1')).statusCode).toBe(200);
    const [invoice] = await invoicesOf(order.id);
    if (!invoice) throw new Error('no invoice issued');

    const kept = /cannot be changed or removed/;
    await expect(
      t.db.update(invoices).set({ due_date: '2999-12-31' }).where(eq(invoices.id, invoice.id)),
    ).rejects.toThrow();
    await expect(t.db.delete(invoices).where(eq(invoices.id, invoice.id))).rejects.toThrow();
    await expect(t.db.execute(sql`truncate invoices cascade`)).rejects.toThrow();
    const refused = await t.db
      .execute(sql`update invoices set total_cents = 0 where id = ${invoice.id}`)
      .catch((error: { cause?: { message?: string } }) => error.cause?.message ?? '');
    expect(refused).toMatch(kept);
    // The order is never deleted from under its invoice.
    await expect(t.db.delete(orders).where(eq(orders.id, order.id))).rejects.toThrow();
    expect(await invoicesOf(order.id)).toEqual([invoice]);
  });
});

describe('what is owed, as the database keeps it', () => {
  it('is what the records add up to, after every change the tests above made', () => expectOwedKept(t));
});
