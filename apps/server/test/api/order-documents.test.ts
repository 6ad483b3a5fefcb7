import { businessDay } from '@portal/contracts/business-time';
import { MSG } from '@portal/contracts/messages';
import { formatMoney } from '@portal/contracts/money';
import { orderItems } from '@portal/contracts/order-items';
import { eq, inArray } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import { beforeAll, describe, expect, it } from 'vitest';
import { counters, invoices, orders, payments, states } from '../../src/db/schema/index.ts';
import { receiveOrderPayment } from '../../src/seed/factories.ts';
import { bearer, signedInSchool, signedInSponsor } from '../helpers/accounts.ts';
import { productIdOf } from '../helpers/catalogue.ts';
import { clockedCatalogueApp } from '../helpers/clock.ts';
import { CARDS, submitHostedPage } from '../helpers/hosted-page.ts';
import {
  completeOrderForm,
  issueOrderInvoice,
  markOrderPaid,
  PLANNER,
  paymentsOf,
  schoolWithOrder,
  schoolWithPlacedOrder,
  storedOrder,
} from '../helpers/orders.ts';
import { pdfText } from '../helpers/pdf-text.ts';
import type { TestApp } from '../helpers/test-app.ts';

const clocked = clockedCatalogueApp();
let t: TestApp;
beforeAll(() => {
  t = clocked.app();
});

/** A row of the prices table as drawn: its first cell and the `cells - 1` cells after it. */
const rowOf = (text: string[], first: string, cells: number) =>
  text.slice(text.indexOf(first), text.indexOf(first) + cells);

const getDocument = (token: string, query: string) =>
  t.api.get(`/api/orderinvoice?${query}`, { headers: bearer(token) });

async function documentOk(token: string, query: string) {
  const res = await getDocument(token, query);
  expect(res.statusCode, res.body.slice(0, 300)).toBe(200);
  return res;
}

/** The order's invoice once issued on `issued` (as the server issues it), read by the school. */
async function invoiceOk(token: string, orderKey: string, issued = '2026-11-24') {
  await issueOrderInvoice(t, orderKey, issued);
  return documentOk(token, `order_key=${orderKey}&type=invoice`);
}

const invoiceNumberIn = (res: LightMyRequestResponse) => {
  const m = /filename="invoice-INV-(\d{6})\.pdf"/.exec(String(res.headers['content-disposition']));
  if (!m?.[1]) throw new Error(`no invoice number in ${res.headers['content-disposition']}`);
  return Number(m[1]);
};
const label = (n: number) => `INV-${String(n).padStart(6, '0')}`;

const invoiceNumberOf = async (orderKey: string) => (await storedOrder(t, orderKey)).invoice_number;

async function counterValue() {
  const [row] = await t.db.select().from(counters).where(eq(counters.name, 'invoice'));
  return row?.value ?? 0;
}

const isRange = (numbers: number[]) => {
  const sorted = [...numbers].sort((a, b) => a - b);
  return sorted.every((n, i) => i === 0 || n === (sorted[i - 1] ?? 0) + 1);
};

/** An order of the school's own, finalized through the reservation form to pay now by card. */
async function placedOrderOf(token: string) {
  const res = await t.api.post('/api/addtocartv2', {
    body: { product_id: await productIdOf(t, PLANNER) },
    headers: bearer(token),
  });
  expect(res.statusCode, res.body).toBe(200);
  const orderKey = res.json().order_key as string;
  const save = await t.api.post('/api/updatetemporder', {
    body: completeOrderForm(orderKey, { status: 'Order Placed', payment_method: '2' }, t.ctx.clock()),
    headers: bearer(token),
  });
  expect(save.statusCode, save.body).toBe(200);
  return { orderKey };
}

/** The school places its finalized order at checkout to be invoiced now. */
const placeToInvoice = (token: string, orderKey: string) =>
  t.api.post('/api/placeorder', {
    body: { order_key: orderKey, payment_method: '1', tnc: '1' },
    headers: bearer(token),
  });

/** A school with an order reserved for the next school year, to be invoiced after delivery. */
const schoolWithReservation = () => schoolWithPlacedOrder(t, { status: 'Reserved', payment_method: '3' });

describe('GET /api/orderinvoice', () => {
  it('sends the invoice as a PDF to open in the browser, named by its number and not kept by caches', async () => {
    const school = await schoolWithPlacedOrder(t);
    const res = await invoiceOk(school.token, school.orderKey);
    expect(res.headers['content-type']).toBe('application/pdf');
    expect(res.headers['cache-control']).toBe('private, no-store');
    const number = invoiceNumberIn(res);
    expect(res.headers['content-disposition']).toBe(`inline; filename="invoice-${label(number)}.pdf"`);
    expect(res.rawPayload.subarray(0, 5).toString('latin1')).toBe('%PDF-');
    expect(res.rawPayload.subarray(-6).toString('latin1')).toMatch(/%%EOF\s*$/);
    expect(await invoiceNumberOf(school.orderKey)).toBe(number);
  });

  it('writes the invoice’s number, dates, the provider, the school, the items, the prices and the payment status', async () => {
    const [florida] = await t.db.select().from(states).where(eq(states.state_code, 'FL'));
    const school = await signedInSchool(t, {
      school_name: 'Bayshore Elementary',
      address: '2300 Bayshore Blvd',
      city: 'Tampa',
      state_id: florida?.id ?? null,
      zip: '33606',
    });
    const { orderKey } = await placedOrderOf(school.token);
    const order = await storedOrder(t, orderKey);
    const settings = await t.ctx.cache.settings.get();

    const res = await invoiceOk(school.token, orderKey);
    const text = pdfText(res.rawPayload);
    const number = invoiceNumberIn(res);
    expect(text).toContain('INVOICE');
    expect(text).toContain(`Invoice number: ${label(number)}`);
    expect(text).toContain(`Order: #${order.id}`);
    expect(text).toContain('Issue date: November 24, 2026');
    expect(text).toContain('Due date: December 24, 2026');
    expect(text).toContain(settings.provider_name);
    expect(text).toContain(settings.postal_address);
    expect(text).toContain(settings.support_email);
    expect(text).toContain('Bayshore Elementary');
    expect(text).toContain('2300 Bayshore Blvd');
    expect(text).toContain('Tampa, FL 33606');
    expect(text).toContain(school.email);

    const items = orderItems(order.custom_fields);
    expect(items.length).toBeGreaterThan(0);
    for (const item of items) {
      expect(text).toContain(item.label);
      expect(text).toContain(item.value);
    }
    const planners = order.custom_price.find((r) => r.name === 'Planners');
    expect(planners).toMatchObject({ qty: 120, unit_price: expect.any(Number), amount: expect.any(Number) });
    expect(rowOf(text, 'Planners', 4)).toEqual([
      'Planners',
      '120',
      formatMoney(planners?.unit_price ?? 0),
      formatMoney(planners?.amount ?? 0),
    ]);
    const subtotal = order.custom_price.find((r) => r.name === 'Subtotal')?.amount ?? order.total_cents;
    expect(order.total_cents).toBeGreaterThan(0);
    expect(rowOf(text, 'Subtotal', 2)).toEqual(['Subtotal', formatMoney(subtotal)]);
    expect(rowOf(text, 'Total', 2)).toEqual(['Total', formatMoney(order.total_cents)]);
    expect(text.join('\n')).toMatch(/Status: Unpaid\./);
    expect(text.join('\n')).toContain('Payment is due by December 24, 2026');
  });

  it('writes the total as the order has it, in dollars with cents', async () => {
    const school = await schoolWithReservation();
    await t.db.update(orders).set({ total_cents: 123450 }).where(eq(orders.order_key, school.orderKey));
    const text = pdfText((await invoiceOk(school.token, school.orderKey)).rawPayload);
    expect(rowOf(text, 'Total', 2)).toEqual(['Total', '$1,234.50']);
    expect(text.join('\n')).toMatch(/Status: Unpaid\./);
  });

  it('writes a paid order’s status as Paid', async () => {
    const school = await schoolWithReservation();
    await markOrderPaid(t, school.orderKey);
    const text = pdfText((await invoiceOk(school.token, school.orderKey)).rawPayload);
    expect(text.join('\n')).toMatch(/Status: Paid\./);
    expect(text.join('\n')).toContain('Paid in full');
    expect(text.join('\n')).not.toContain('Payment is due');
  });

  it('lists the card payment of an order paid in full, says so and asks for nothing more', async () => {
    const school = await signedInSchool(t);
    const { orderKey } = await placedOrderOf(school.token);
    const start = await t.api.post('/api/placeorder', {
      body: { order_key: orderKey, payment_method: '2', tnc: '1' },
      headers: bearer(school.token),
    });
    expect(start.statusCode, start.body).toBe(200);
    const paid = await submitHostedPage(t, start.json().redirect, { card_number: CARDS.paid });
    expect(paid.statusCode, paid.body).toBe(303);
    const confirmed = await t.api.get(`/api/orderconfirm?order_key=${orderKey}`, { headers: bearer(school.token) });
    expect(confirmed.json().payment_status, confirmed.body).toBe('paid');
    const order = await storedOrder(t, orderKey);
    const [payment] = await paymentsOf(t, order.id);
    expect(payment?.status).toBe('succeeded');

    const text = pdfText((await invoiceOk(school.token, orderKey)).rawPayload);
    const all = text.join('\n');
    expect(all).toMatch(/Status: Paid\./);
    expect(text).toContain('PAYMENTS RECEIVED');
    // The day it was paid in Tampa, the business's day.
    const day = payment?.confirmed_at ? businessDay(payment.confirmed_at) : '';
    const paidOn = new Date(`${day}T00:00:00Z`).toLocaleDateString('en-US', {
      year: 'numeric',
      month: 'long',
      day: 'numeric',
      timeZone: 'UTC',
    });
    expect(rowOf(text, paidOn, 3)).toEqual([paidOn, String(payment?.id), formatMoney(order.total_cents)]);
    expect(rowOf(text, 'Amount paid', 2)).toEqual(['Amount paid', formatMoney(order.total_cents)]);
    expect(rowOf(text, 'Balance due', 2)).toEqual(['Balance due', '$0.00']);
    expect(all).toContain('Paid in full');
    expect(all).not.toContain('Payment is due');
    expect(all).not.toContain('Due date');
    expect(all).not.toMatch(/quote the invoice number/i);
  });

  it('writes the balance and its due date when part of the order is paid', async () => {
    const school = await schoolWithReservation();
    const order = await storedOrder(t, school.orderKey);
    expect(order.total_cents).toBeGreaterThan(10000);
    await receiveOrderPayment(t.db, order.id, { amountCents: 10000, at: new Date('2026-11-20T15:00:00Z') });
    await t.db.insert(payments).values([
      {
        payment_key: `declined-${order.id}`,
        kind: 'order',
        user_id: school.user.id,
        order_id: order.id,
        amount_cents: 5000,
        gateway: 'test',
        gateway_ref: `ref-declined-${order.id}`,
        status: 'failed',
      },
    ]);
    const [part] = (await paymentsOf(t, order.id)).filter((p) => p.status === 'succeeded');
    const balance = order.total_cents - 10000;

    const text = pdfText((await invoiceOk(school.token, school.orderKey)).rawPayload);
    const all = text.join('\n');
    expect(rowOf(text, 'November 20, 2026', 3)).toEqual(['November 20, 2026', String(part?.id), '$100.00']);
    expect(all).not.toContain('$50.00');
    expect(rowOf(text, 'Amount paid', 2)).toEqual(['Amount paid', '$100.00']);
    expect(rowOf(text, 'Balance due', 2)).toEqual(['Balance due', formatMoney(balance)]);
    expect(text).toContain('Due date: December 24, 2026');
    expect(all).toMatch(/Status: Partly paid\./);
    expect(all).toContain(`The balance of ${formatMoney(balance)} is due by December 24, 2026.`);
    expect(all).toContain('Please quote the invoice number with your payment.');
    expect(all).not.toContain('Paid in full');
  });

  it('writes the whole total as the balance due of an unpaid invoice, and no payments', async () => {
    const school = await schoolWithReservation();
    const order = await storedOrder(t, school.orderKey);
    const text = pdfText((await invoiceOk(school.token, school.orderKey)).rawPayload);
    const all = text.join('\n');
    expect(rowOf(text, 'Balance due', 2)).toEqual(['Balance due', formatMoney(order.total_cents)]);
    expect(text).toContain('Due date: December 24, 2026');
    expect(all).toContain('Payment is due by December 24, 2026');
    expect(all).not.toContain('PAYMENTS RECEIVED');
    expect(all).not.toContain('Amount paid');
    expect(all).not.toContain('Paid in full');
  });

  it('keeps the quote free of payments and balances', async () => {
    const school = await schoolWithReservation();
    await markOrderPaid(t, school.orderKey);
    const text = pdfText(
      (await documentOk(school.token, `order_key=${school.orderKey}&type=quote&date=2026-11-24`)).rawPayload,
    );
    const all = text.join('\n');
    expect(all).toContain('This quote is valid until December 24, 2026.');
    for (const absent of ['Balance due', 'Amount paid', 'Paid in full', 'PAYMENTS RECEIVED']) {
      expect(all).not.toContain(absent);
    }
  });

  it('writes the tax staff added, or that it is still to be added', async () => {
    const school = await schoolWithPlacedOrder(t, { status: 'Reserved', payment_method: '3', tax: '0' });
    const query = `order_key=${school.orderKey}&date=2026-11-24`;
    const before = pdfText((await invoiceOk(school.token, school.orderKey)).rawPayload);
    expect(rowOf(before, 'Tax', 2)).toEqual(['Tax', 'To be added']);

    const order = await storedOrder(t, school.orderKey);
    await t.db
      .update(orders)
      .set({ has_tax: true, tax_cents: 2730, total_cents: order.total_cents + 2730 })
      .where(eq(orders.id, order.id));
    // The invoice is kept as issued; the quote is made from the order as it is now.
    const after = pdfText((await documentOk(school.token, query)).rawPayload);
    expect(rowOf(after, 'Tax', 2)).toEqual(['Tax', 'To be added']);
    expect(rowOf(after, 'Total', 2)).toEqual(['Total', formatMoney(order.total_cents)]);
    const quote = pdfText((await documentOk(school.token, `${query}&type=quote`)).rawPayload);
    expect(rowOf(quote, 'Tax', 2)).toEqual(['Tax', '$27.30']);
    expect(rowOf(quote, 'Total', 2)).toEqual(['Total', formatMoney(order.total_cents + 2730)]);
  });

  it('writes no tax to be added for a tax-exempt school', async () => {
    const school = await schoolWithPlacedOrder(t, { status: 'Reserved', payment_method: '3', tax: '1' });
    const text = pdfText((await invoiceOk(school.token, school.orderKey)).rawPayload);
    expect(rowOf(text, 'Tax exempt', 2)).toEqual(['Tax exempt', 'Yes']);
    expect(rowOf(text, 'Tax', 2)).not.toEqual(['Tax', 'To be added']);
  });

  it('makes a quote with no invoice number, valid 30 days, named by the order and the date', async () => {
    const school = await schoolWithReservation();
    const order = await storedOrder(t, school.orderKey);
    const before = await counterValue();
    const res = await documentOk(school.token, `order_key=${school.orderKey}&type=quote&date=2026-11-24`);
    expect(res.headers['content-type']).toBe('application/pdf');
    expect(res.headers['cache-control']).toBe('private, no-store');
    expect(res.headers['content-disposition']).toBe(`inline; filename="quote-order-${order.id}-2026-11-24.pdf"`);
    const text = pdfText(res.rawPayload);
    expect(text).toContain('QUOTE');
    expect(text).toContain('Date: November 24, 2026');
    expect(text).toContain('Valid until: December 24, 2026');
    expect(rowOf(text, 'Total', 2)).toEqual(['Total', formatMoney(order.total_cents)]);
    expect(text.join('\n')).not.toContain('INV-');
    expect(text.join('\n')).not.toContain('Invoice number');
    expect(await invoiceNumberOf(school.orderKey)).toBeNull();
    expect(await counterValue()).toBe(before);
  });

  it('gives the invoice as issued whatever date the school asks, and the same quote for the same date', async () => {
    const school = await schoolWithReservation();
    const first = await invoiceOk(school.token, school.orderKey, '2026-11-24');
    const second = await documentOk(school.token, `order_key=${school.orderKey}&type=invoice`);
    expect(invoiceNumberIn(second)).toBe(invoiceNumberIn(first));
    expect(second.rawPayload.equals(first.rawPayload)).toBe(true);

    // The school's date is a quote's only: it can neither date nor move the invoice.
    for (const date of ['2027-01-31', '2999-12-31']) {
      const later = await documentOk(school.token, `order_key=${school.orderKey}&date=${date}`);
      expect(invoiceNumberIn(later)).toBe(invoiceNumberIn(first));
      expect(later.rawPayload.equals(first.rawPayload)).toBe(true);
    }
    const text = pdfText(first.rawPayload);
    expect(text).toContain('Issue date: November 24, 2026');
    expect(text).toContain('Due date: December 24, 2026');
    expect(text).toContain(`Invoice number: ${label(invoiceNumberIn(first))}`);

    const quote = `order_key=${school.orderKey}&type=quote&date=2026-11-24`;
    const quotes = [await documentOk(school.token, quote), await documentOk(school.token, quote)];
    expect(quotes[1]?.rawPayload.equals(quotes[0]?.rawPayload ?? Buffer.alloc(0))).toBe(true);
  });

  it('numbers the invoices of two orders one after the other, and reading them numbers nothing', async () => {
    const a = await schoolWithReservation();
    const b = await schoolWithReservation();
    const first = await issueOrderInvoice(t, a.orderKey);
    const second = await issueOrderInvoice(t, b.orderKey);
    expect(second).toBe(first + 1);
    expect(await counterValue()).toBe(second);
    expect(invoiceNumberIn(await documentOk(a.token, `order_key=${a.orderKey}`))).toBe(first);
    expect(invoiceNumberIn(await documentOk(b.token, `order_key=${b.orderKey}`))).toBe(second);
    expect(await counterValue()).toBe(second);
  });

  it('gives 20 orders placed at once to be invoiced now 20 numbers in one range with no gap', async () => {
    const placed = [];
    for (let i = 0; i < 20; i++) placed.push(await schoolWithPlacedOrder(t, { payment_method: '1' }));
    const before = await counterValue();
    const answers = await Promise.all(placed.map((s) => placeToInvoice(s.token, s.orderKey)));
    expect(answers.map((a) => a.statusCode)).toEqual(Array(20).fill(200));
    const stored = await t.db
      .select({ key: orders.order_key, number: orders.invoice_number })
      .from(orders)
      .where(
        inArray(
          orders.order_key,
          placed.map((s) => s.orderKey),
        ),
      );
    const numbers = stored.map((r) => r.number ?? 0);
    expect(new Set(numbers).size).toBe(20);
    expect(Math.min(...numbers)).toBe(before + 1);
    expect(Math.max(...numbers)).toBe(before + 20);
    expect(isRange(numbers)).toBe(true);
    expect(await counterValue()).toBe(before + 20);
    const byKey = new Map(stored.map((r) => [r.key, r.number]));
    for (const s of placed) {
      const res = await documentOk(s.token, `order_key=${s.orderKey}`);
      expect(invoiceNumberIn(res)).toBe(byKey.get(s.orderKey));
    }
  });

  it('gives one order placed 20 times at once one invoice and one number', async () => {
    const school = await schoolWithPlacedOrder(t, { payment_method: '1' });
    const before = await counterValue();
    const answers = await Promise.all(Array.from({ length: 20 }, () => placeToInvoice(school.token, school.orderKey)));
    expect(answers.map((a) => a.statusCode)).toEqual(Array(20).fill(200));
    expect(await counterValue()).toBe(before + 1);
    expect(await invoiceNumberOf(school.orderKey)).toBe(before + 1);
    const order = await storedOrder(t, school.orderKey);
    const issued = await t.db.select().from(invoices).where(eq(invoices.order_id, order.id));
    expect(issued.map((r) => r.number)).toEqual([before + 1]);
  });

  it('refuses an invoice for a Pending order but makes its quote', async () => {
    const school = await schoolWithOrder(t);
    const before = await counterValue();
    for (const query of [`order_key=${school.orderKey}`, `order_key=${school.orderKey}&type=invoice`]) {
      const res = await getDocument(school.token, query);
      expect(res.statusCode).toBe(409);
      expect(res.json()).toEqual({ status: 'error', message: MSG.invoiceNotIssuedForSchool });
    }
    expect(await invoiceNumberOf(school.orderKey)).toBeNull();
    expect(await counterValue()).toBe(before);

    const quote = await documentOk(school.token, `order_key=${school.orderKey}&type=quote&date=2026-11-24`);
    expect(quote.headers['content-type']).toBe('application/pdf');
    expect(pdfText(quote.rawPayload)).toContain('Valid until: December 24, 2026');
  });

  it('refuses both documents of a cancelled order', async () => {
    const school = await schoolWithReservation();
    const cancel = await t.api.post('/api/cancelorder', {
      body: { order_key: school.orderKey },
      headers: bearer(school.token),
    });
    expect(cancel.statusCode).toBe(200);
    for (const type of ['invoice', 'quote']) {
      const res = await getDocument(school.token, `order_key=${school.orderKey}&type=${type}`);
      expect(res.statusCode, type).toBe(409);
      expect(res.json()).toEqual({ status: 'error', message: MSG.cancelledNoDocument });
    }
    expect(await invoiceNumberOf(school.orderKey)).toBeNull();
  });

  it('refuses a date that is no calendar day and a type other than invoice or quote', async () => {
    const school = await schoolWithReservation();
    const before = await counterValue();
    for (const date of ['2026-02-30', 'tomorrow', '2026-13-01', '24/11/2026', '2026-11-24T00:00:00Z']) {
      const res = await getDocument(school.token, `order_key=${school.orderKey}&date=${encodeURIComponent(date)}`);
      expect(res.statusCode, date).toBe(400);
      expect(res.json()).toMatchObject({ status: 'error', errors: { date: MSG.validDate } });
    }
    const receipt = await getDocument(school.token, `order_key=${school.orderKey}&type=receipt`);
    expect(receipt.statusCode).toBe(400);
    expect(receipt.json()).toMatchObject({ status: 'error', errors: { type: MSG.documentTypeInvalid } });
    const noKey = await getDocument(school.token, 'type=quote');
    expect(noKey.statusCode).toBe(400);
    expect(noKey.json()).toMatchObject({ status: 'error', errors: { order_key: MSG.orderKeyRequired } });
    expect(await invoiceNumberOf(school.orderKey)).toBeNull();
    expect(await counterValue()).toBe(before);
  });

  it('answers 404 for another school’s key or an unknown one, and numbers nothing', async () => {
    const owner = await schoolWithReservation();
    const other = await signedInSchool(t);
    const before = await counterValue();
    for (const key of [owner.orderKey, 'no-such-key']) {
      for (const type of ['invoice', 'quote']) {
        const res = await getDocument(other.token, `order_key=${key}&type=${type}`);
        expect(res.statusCode).toBe(404);
        expect(res.json()).toEqual({ status: 'error', message: MSG.orderNotFound });
      }
    }
    expect(await invoiceNumberOf(owner.orderKey)).toBeNull();
    expect(await counterValue()).toBe(before);
  });

  it('answers 403 to a sponsor and 401 without a session', async () => {
    const school = await schoolWithReservation();
    const sponsor = await signedInSponsor(t);
    const url = `/api/orderinvoice?order_key=${school.orderKey}`;
    const forbidden = await t.api.get(url, { headers: bearer(sponsor.token) });
    expect(forbidden.statusCode).toBe(403);
    expect(forbidden.headers['content-type']).not.toContain('application/pdf');
    const anonymous = await t.api.get(url);
    expect(anonymous.statusCode).toBe(401);
    expect(anonymous.json().status).toBe('error');
    expect(await invoiceNumberOf(school.orderKey)).toBeNull();
  });

  it('dates the document by the app’s clock when no date is given', async () => {
    const school = await schoolWithReservation();
    const order = await storedOrder(t, school.orderKey);
    clocked.setToday(new Date('2027-03-05T23:30:00Z'));
    const quote = await documentOk(school.token, `order_key=${school.orderKey}&type=quote`);
    expect(quote.headers['content-disposition']).toBe(`inline; filename="quote-order-${order.id}-2027-03-05.pdf"`);
    expect(pdfText(quote.rawPayload)).toContain('Valid until: April 4, 2027');
    const dated = await documentOk(school.token, `order_key=${school.orderKey}&type=quote&date=2027-03-05`);
    expect(quote.rawPayload.equals(dated.rawPayload)).toBe(true);

    await issueOrderInvoice(t, school.orderKey);
    const invoice = await documentOk(school.token, `order_key=${school.orderKey}&date=`);
    const text = pdfText(invoice.rawPayload);
    expect(text).toContain('Issue date: March 5, 2027');
    expect(text).toContain('Due date: April 4, 2027');
  });

  it('issues no invoice when one is read before it was issued: the school is told how it comes, and gets a quote', async () => {
    const school = await schoolWithReservation();
    const before = await counterValue();
    for (const query of [`order_key=${school.orderKey}`, `order_key=${school.orderKey}&type=invoice&date=2999-12-31`]) {
      const res = await getDocument(school.token, query);
      expect(res.statusCode).toBe(409);
      expect(res.json()).toEqual({ status: 'error', message: MSG.invoiceNotIssuedForSchool });
    }
    const link = await t.api.post('/api/orderdocumentlink', {
      body: { order_key: school.orderKey, type: 'invoice' },
      headers: bearer(school.token),
    });
    expect(link.statusCode).toBe(409);
    expect(link.json().message).toBe(MSG.invoiceNotIssuedForSchool);
    expect(await invoiceNumberOf(school.orderKey)).toBeNull();
    expect(await counterValue()).toBe(before);
    await documentOk(school.token, `order_key=${school.orderKey}&type=quote&date=2026-12-01`);
    expect(await counterValue()).toBe(before);
  });
});
