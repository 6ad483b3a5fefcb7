import { formatMoney as money } from '@portal/contracts/money';
import type { OrderItem } from '@portal/contracts/order-items';
import type { PriceRow } from '../../db/schema/orders.ts';
import { DOCUMENT_TEXT as T } from './order-document-text.ts';
import type { SchoolContact } from './school-contact.ts';

/** A payment the order has received, as the invoice lists it. */
export interface ReceivedPayment {
  /** YYYY-MM-DD, the day the gateway confirmed it. */
  date: string;
  reference: string;
  amountCents: number;
}

/** What an invoice or a quote of an order says (the PDF is drawn from this alone). */
export interface OrderDocument {
  kind: 'invoice' | 'quote';
  /** The invoice's number ('INV-000012'); a quote has none. */
  number?: string;
  orderId: number;
  /** YYYY-MM-DD: the issue date, and the due date (invoice) or the date the quote is valid to. */
  issued: string;
  until: string;
  provider: { name: string; address: string; email: string; phone: string };
  school: SchoolContact;
  items: OrderItem[];
  rows: PriceRow[];
  taxCents: number;
  hasTax: boolean;
  /** The school said it is exempt from sales tax. */
  taxExempt: boolean;
  totalCents: number;
  payment: { method: string; status: string };
  /** The payments received, oldest first (an invoice lists them; a quote does not). */
  payments: ReceivedPayment[];
  /** What is left to pay: none once the order is paid. */
  balanceCents: number;
}

/** "2026-11-24" as "November 24, 2026", the same whatever the server's time zone. */
const longDate = (iso: string) =>
  new Date(`${iso}T00:00:00Z`).toLocaleDateString('en-US', {
    year: 'numeric',
    month: 'long',
    day: 'numeric',
    timeZone: 'UTC',
  });

const INK = '#1a1b1e';
const MUTED = '#5c5f66';
const RULE = '#dee2e6';
const ACCENT = '#1864ab';

const DAY_MS = 86_400_000;

/**
 * Draws the document as a Letter-size PDF. Nothing in it depends on when it is drawn:
 * the creation date is the issue date, so the same order and date give the same bytes.
 */
export async function renderOrderDocument(doc: OrderDocument): Promise<Buffer> {
  const { default: PDFDocument } = await import('pdfkit');
  const title = T.title[doc.kind];
  const invoice = doc.kind === 'invoice';
  // An invoice with nothing left to pay asks for nothing: no due date, no number to quote.
  const due = invoice && doc.balanceCents > 0;
  const pdf = new PDFDocument({
    size: 'LETTER',
    margin: 54,
    info: {
      Title: T.info(title, doc.number, doc.orderId),
      Author: doc.provider.name,
      Producer: doc.provider.name,
      Creator: doc.provider.name,
      CreationDate: new Date(`${doc.issued}T12:00:00Z`),
    },
  });
  const chunks: Buffer[] = [];
  pdf.on('data', (chunk: Buffer) => chunks.push(chunk));
  const done = new Promise<Buffer>((resolve, reject) => {
    pdf.on('end', () => resolve(Buffer.concat(chunks)));
    pdf.on('error', reject);
  });

  const left = pdf.page.margins.left;
  const width = pdf.page.width - left - pdf.page.margins.right;

  // The provider, and what this document is.
  pdf.fillColor(ACCENT).font('Helvetica-Bold').fontSize(18).text(doc.provider.name, left, 54);
  pdf.fillColor(MUTED).font('Helvetica').fontSize(9);
  for (const line of [doc.provider.address, doc.provider.email, doc.provider.phone]) if (line) pdf.text(line);
  pdf.fillColor(INK).font('Helvetica-Bold').fontSize(22).text(title.toUpperCase(), left, 54, { width, align: 'right' });
  pdf.font('Helvetica').fontSize(10);
  const facts: [string, string][] = [
    ...(doc.number ? ([[T.invoiceNumber, doc.number]] as [string, string][]) : []),
    [T.order, `#${doc.orderId}`],
    [invoice ? T.issueDate : T.quoteDate, longDate(doc.issued)],
    ...(invoice
      ? due
        ? ([[T.dueDate, longDate(doc.until)]] as [string, string][])
        : []
      : [[T.validUntil, longDate(doc.until)] as [string, string]]),
  ];
  for (const [label, value] of facts) pdf.text(`${label}: ${value}`, { width, align: 'right' });

  // Who it is for.
  pdf.moveDown(2);
  const billTo = pdf.y;
  pdf
    .fillColor(MUTED)
    .fontSize(9)
    .text(invoice ? T.billTo : T.preparedFor, left, billTo);
  pdf
    .fillColor(INK)
    .font('Helvetica-Bold')
    .fontSize(11)
    .text(doc.school.name || doc.school.email);
  pdf.font('Helvetica').fontSize(10);
  for (const line of [...doc.school.lines, doc.school.email]) if (line) pdf.text(line);

  // What was asked for, in words.
  if (doc.items.length) {
    pdf.moveDown(1.2);
    pdf.fillColor(MUTED).fontSize(9).text(T.orderDetails, left);
    pdf.fillColor(INK).fontSize(9.5);
    for (const item of doc.items) {
      const y = pdf.y;
      pdf.font('Helvetica-Bold').text(item.label, left, y, { width: 170 });
      const labelEnd = pdf.y;
      pdf.font('Helvetica').text(item.value, left + 180, y, { width: width - 180 });
      pdf.y = Math.max(pdf.y, labelEnd);
    }
  }

  type Column = { x: number; w: number; align: 'left' | 'right' };
  const rule = () => {
    pdf
      .moveTo(left, pdf.y)
      .lineTo(left + width, pdf.y)
      .strokeColor(RULE)
      .lineWidth(0.75)
      .stroke();
    pdf.y += 5;
  };
  const row = (columns: Column[], cells: string[], bold = false) => {
    const y = pdf.y;
    let bottom = y;
    pdf
      .font(bold ? 'Helvetica-Bold' : 'Helvetica')
      .fontSize(10)
      .fillColor(INK);
    cells.forEach((cell, i) => {
      const column = columns[i];
      if (!column) return;
      pdf.text(cell, column.x, y, { width: column.w, align: column.align });
      bottom = Math.max(bottom, pdf.y);
    });
    pdf.y = bottom + 4;
  };

  // The prices, as the server made them (D10).
  pdf.moveDown(1.2);
  const prices: Column[] = [
    { x: left, w: width - 270, align: 'left' },
    { x: left + width - 270, w: 60, align: 'right' },
    { x: left + width - 200, w: 90, align: 'right' },
    { x: left + width - 100, w: 100, align: 'right' },
  ];
  row(prices, [...T.priceColumns], true);
  rule();
  for (const r of doc.rows.filter((r) => r.name !== 'Subtotal')) {
    row(prices, [
      r.name,
      r.qty.toLocaleString('en-US'),
      r.unit_price === null ? T.toBeAnnounced : money(r.unit_price),
      r.amount === null ? T.toBeAnnounced : money(r.amount),
    ]);
  }
  rule();
  const subtotal = doc.rows.find((r) => r.name === 'Subtotal')?.amount ?? doc.totalCents - doc.taxCents;
  row(prices, [T.subtotal, '', '', money(subtotal)]);
  row(prices, [T.tax, '', '', doc.hasTax ? money(doc.taxCents) : doc.taxExempt ? T.taxExempt : T.taxToBeAdded]);
  row(prices, [T.total, '', '', money(doc.totalCents)], true);
  if (invoice) {
    const paid = doc.totalCents - doc.balanceCents;
    if (paid > 0) row(prices, [T.amountPaid, '', '', money(paid)]);
    row(prices, [T.balanceDue, '', '', money(doc.balanceCents)], true);
  }

  // What has been paid, so that the balance can be checked against the school's own records.
  if (invoice && doc.payments.length) {
    pdf.moveDown(1);
    pdf.font('Helvetica').fillColor(MUTED).fontSize(9).text(T.paymentsReceived, left);
    pdf.moveDown(0.3);
    const received: Column[] = [
      { x: left, w: 170, align: 'left' },
      { x: left + 180, w: width - 280, align: 'left' },
      { x: left + width - 100, w: 100, align: 'right' },
    ];
    row(received, [...T.paymentColumns], true);
    rule();
    for (const p of doc.payments) row(received, [longDate(p.date), p.reference, money(p.amountCents)]);
  }

  // How it is paid.
  pdf.moveDown(1);
  pdf.font('Helvetica').fontSize(10).fillColor(INK);
  pdf.text(T.paymentLine(doc.payment.method || T.noMethodYet, doc.payment.status), left);
  if (invoice && !due) {
    pdf.font('Helvetica-Bold').text(doc.totalCents > 0 ? T.paidInFull : T.nothingToPay);
    pdf.font('Helvetica');
  }
  pdf.fillColor(MUTED).fontSize(9);
  const termDays = Math.round((Date.parse(doc.until) - Date.parse(doc.issued)) / DAY_MS);
  if (!invoice) pdf.text(T.quoteValid(longDate(doc.until)));
  else if (due && doc.balanceCents < doc.totalCents) {
    pdf.text(T.balanceDueBy(money(doc.balanceCents), longDate(doc.until)));
  } else if (due) pdf.text(T.dueBy(longDate(doc.until), termDays));
  pdf.text(T.questions(doc.provider.email, doc.provider.phone));
  pdf.end();
  return done;
}
