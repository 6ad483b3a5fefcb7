import { USER_TYPE } from '@portal/contracts/constants';
import { MSG } from '@portal/contracts/messages';
import { formatMoney } from '@portal/contracts/money';
import { accountBalance } from '@portal/contracts/order-rules';
import { asc, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { payments } from '../../src/db/schema/index.ts';
import { bearer, mailsTo, signedInSchool, signedInStaff } from '../helpers/accounts.ts';
import { clockedCatalogueApp } from '../helpers/clock.ts';
import { INVOICED_NOW, schoolWithPlacedOrder, storedOrder } from '../helpers/orders.ts';
import { pdfText } from '../helpers/pdf-text.ts';
import { sentAs } from '../helpers/sent-mail.ts';
import type { TestApp } from '../helpers/test-app.ts';

/**
 * The school's statement of account and its receipts, read as an accountant would: every
 * invoice, credit note, payment and refund, with a balance that is invoiced − credited −
 * received + refunded, and the same balance as the screens.
 */
const clocked = clockedCatalogueApp();
let t: TestApp;
let admin: Awaited<ReturnType<typeof signedInStaff>>;
beforeAll(async () => {
  t = clocked.app();
  admin = await signedInStaff(t, USER_TYPE.admin);
});

const asAdmin = () => ({ headers: bearer(admin.token) });
const text = (pdf: Buffer) => pdfText(pdf).join(' ').replace(/\s+/g, ' ');
const post = async (url: string, body: unknown) => {
  const res = await t.api.post(url, { body, ...asAdmin() });
  expect(res.statusCode, res.body).toBe(200);
  return res.json();
};

/** A school's order placed to be invoiced now on 2027-01-11, its invoice issued by the server. */
async function invoicedOrder() {
  clocked.setToday(new Date('2027-01-11T15:00:00Z'));
  const school = await schoolWithPlacedOrder(t, INVOICED_NOW);
  const placed = await t.api.post('/api/placeorder', {
    body: { order_key: school.orderKey, payment_method: '1', tnc: '1' },
    headers: bearer(school.token),
  });
  expect(placed.statusCode, placed.body).toBe(200);
  return { school, order: await storedOrder(t, school.orderKey) };
}

describe('GET /api/orderstatement and /api/orderreceipt', () => {
  it('lists invoices, payments and refunds with the running balance, and a receipt for each payment', async () => {
    const { school, order } = await invoicedOrder();
    const base = order.total_cents;
    clocked.setToday(new Date('2027-01-20T15:00:00Z'));
    await post(`/api/admin/orders/${order.id}/tax`, { tax_cents: 12_00 });

    // Before the tax is invoiced, the statement says what the order costs beyond its invoices.
    const early = await t.api.get(`/api/orderstatement?order_key=${school.orderKey}`, {
      headers: bearer(school.token),
    });
    expect(early.statusCode, early.body.slice(0, 200)).toBe(200);
    expect(early.headers['content-type']).toBe('application/pdf');
    const earlyText = text(early.rawPayload);
    expect(earlyText).toContain(`Balance of the invoices ${formatMoney(base)}`);
    expect(earlyText).toContain('Order total not yet invoiced');
    expect(earlyText).toContain(formatMoney(12_00));
    expect(earlyText).toContain(`Balance due ${formatMoney(base + 12_00)}`);

    await post(`/api/admin/orders/${order.id}/invoices`, { kind: 'difference', amount_cents: 12_00 });
    clocked.setToday(new Date('2027-02-01T15:00:00Z'));
    await post(`/api/admin/orders/${order.id}/offline-payment`, {
      method: 'check',
      amount: '50.00',
      reference: `first-${order.id}`,
      received_on: '2027-02-01',
    });
    // The district's transfer pays the rest; then the tax turns out $10.00 lower: credited, and sent back.
    const rest = base + 12_00 - 50_00;
    await post(`/api/admin/orders/${order.id}/offline-payment`, {
      method: 'bank-transfer',
      amount: (rest / 100).toFixed(2),
      reference: `second-${order.id}`,
      received_on: '2027-02-01',
    });
    const [first, second] = await t.db
      .select()
      .from(payments)
      .where(eq(payments.order_id, order.id))
      .orderBy(asc(payments.id));
    if (!first || !second) throw new Error('two payments expected');
    await post(`/api/admin/orders/${order.id}/tax`, { tax_cents: 2_00 });
    await post(`/api/admin/orders/${order.id}/invoices`, { kind: 'credit-note', amount_cents: 10_00 });
    await post(`/api/admin/orders/${order.id}/refund`, {
      payment_id: second.id,
      method: 'offline',
      amount: '10.00',
      reference: `back-${order.id}`,
      reason: 'Tax lowered',
    });

    const stored = await storedOrder(t, school.orderKey);
    expect(accountBalance(stored)).toBe(0);
    const res = await t.api.get(`/api/orderstatement?order_key=${school.orderKey}`, { headers: bearer(school.token) });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-disposition']).toBe(`inline; filename="statement-order-${order.id}-2027-02-01.pdf"`);
    const statement = text(res.rawPayload);
    const money = formatMoney;
    for (const line of [
      'STATEMENT',
      `Order: #${order.id}`,
      `Invoice INV-`,
      `${money(base)} ${money(base)}`,
      `${money(12_00)} ${money(base + 12_00)}`,
      `Payment ${first.id} (check or transfer)`,
      `${money(50_00)} ${money(rest)}`,
      `Payment ${second.id} (check or transfer)`,
      `${money(rest)} ${money(0)}`,
      'Credit note CN-',
      `${money(10_00)} -${money(10_00)}`,
      `Refund of payment ${second.id}`,
      `${money(10_00)} ${money(0)}`,
      `Paid in full ${money(0)}`,
    ]) {
      expect(statement, `${line} in: ${statement}`).toContain(line);
    }
    expect(statement).not.toContain('not yet invoiced');
    expect(statement).not.toContain('Balance of the invoices');

    // The school's list of payments received says what of each went back.
    const listed = await t.api.get(`/api/orderinvoices?order_key=${school.orderKey}`, {
      headers: bearer(school.token),
    });
    expect(listed.statusCode, listed.body).toBe(200);
    expect(
      (listed.json().receipts as { payment_id: number; refunded_cents: number }[]).map((r) => [
        r.payment_id,
        r.refunded_cents,
      ]),
    ).toEqual([
      [first.id, 0],
      [second.id, 10_00],
    ]);

    // Each payment received has its receipt, as the school downloads it and as staff do.
    const receipt = await t.api.get(`/api/orderreceipt?order_key=${school.orderKey}&payment=${first.id}`, {
      headers: bearer(school.token),
    });
    expect(receipt.statusCode, receipt.body.slice(0, 200)).toBe(200);
    const receiptText = text(receipt.rawPayload);
    for (const line of [
      'RECEIPT',
      `Receipt number: ${first.id}`,
      `We have received ${money(50_00)} for order #${order.id}. Thank you.`,
      'Date received February 1, 2027',
      'Paid by Check or transfer',
      'Balance of the order on February 1, 2027: paid in full',
    ]) {
      expect(receiptText, line).toContain(line);
    }
    const refundedReceipt = text(
      (await t.api.get(`/api/admin/orders/${order.id}/receipts/${second.id}`, asAdmin())).rawPayload,
    );
    expect(refundedReceipt).toContain(`Refunded of it since ${money(10_00)}`);

    // Each payment's e-mailed receipt carries its receipt as a PDF, drawn as it is sent.
    const receiptMails = (await mailsTo(t, school.email)).filter((m) => m.template === 'payment-receipt');
    expect(receiptMails.map((m) => m.payment_id)).toEqual([first.id, second.id]);
    expect(receiptMails[0]?.text).toContain('Your receipt is attached as a PDF.');
    const sent = await sentAs(t, receiptMails[0]?.id ?? 0);
    const [file] = sent.attachments ?? [];
    expect(file?.filename).toBe(`receipt-${first.id}-order-${order.id}.pdf`);
    expect(file?.contentType).toBe('application/pdf');
    const attached = text(Buffer.from(file?.content as Buffer));
    expect(attached).toContain(`Receipt number: ${first.id}`);
    expect(attached).toContain(`We have received ${money(50_00)} for order #${order.id}. Thank you.`);
    // A mail of no payment carries no receipt.
    const refundMail = (await mailsTo(t, school.email)).find((m) => m.template === 'refund-notice');
    expect((await sentAs(t, refundMail?.id ?? 0)).attachments).toBeUndefined();
    const staffStatement = await t.api.get(`/api/admin/orders/${order.id}/statement`, asAdmin());
    expect(staffStatement.statusCode).toBe(200);
    expect(text(staffStatement.rawPayload)).toBe(statement);
  });

  it('refuses a payment that is not one the order received, and another school’s order', async () => {
    const { school, order } = await invoicedOrder();
    const other = await invoicedOrder();
    await post(`/api/admin/orders/${other.order.id}/offline-payment`, {
      method: 'check',
      amount: '5.00',
      reference: `other-${other.order.id}`,
      received_on: '2027-01-11',
    });
    const [theirs] = await t.db.select().from(payments).where(eq(payments.order_id, other.order.id));
    const mine = await t.api.get(`/api/orderreceipt?order_key=${school.orderKey}&payment=${theirs?.id}`, {
      headers: bearer(school.token),
    });
    expect(mine.statusCode).toBe(404);
    expect(mine.json()).toEqual({ status: 'error', message: MSG.receiptNotFound });
    const stranger = await signedInSchool(t);
    const notMine = await t.api.get(`/api/orderstatement?order_key=${school.orderKey}`, {
      headers: bearer(stranger.token),
    });
    expect(notMine.statusCode).toBe(404);
    expect((await t.api.get(`/api/admin/orders/${order.id}/receipts/${theirs?.id}`, asAdmin())).statusCode).toBe(404);
    expect(
      (await t.api.get(`/api/orderreceipt?order_key=${school.orderKey}&payment=abc`, { headers: bearer(school.token) }))
        .statusCode,
    ).toBe(400);
  });
});
