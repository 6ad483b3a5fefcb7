import type { OrderItem } from '@portal/contracts/order-items';
import type { PriceRow } from '../../db/schema/orders.ts';
import type { SchoolContact } from './school-contact.ts';

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
}

const money = (cents: number) =>
  new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD' }).format(cents / 100);

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

/**
 * Draws the document as a Letter-size PDF. Nothing in it depends on when it is drawn:
 * the creation date is the issue date, so the same order and date give the same bytes.
 */
export async function renderOrderDocument(doc: OrderDocument): Promise<Buffer> {
  const { default: PDFDocument } = await import('pdfkit');
  const title = doc.kind === 'invoice' ? 'Invoice' : 'Quote';
  const pdf = new PDFDocument({
    size: 'LETTER',
    margin: 54,
    info: {
      Title: `${title}${doc.number ? ` ${doc.number}` : ''}: order #${doc.orderId}`,
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
    ...(doc.number ? ([['Invoice number', doc.number]] as [string, string][]) : []),
    ['Order', `#${doc.orderId}`],
    [doc.kind === 'invoice' ? 'Issue date' : 'Date', longDate(doc.issued)],
    [doc.kind === 'invoice' ? 'Due date' : 'Valid until', longDate(doc.until)],
  ];
  for (const [label, value] of facts) pdf.text(`${label}: ${value}`, { width, align: 'right' });

  // Who it is for.
  pdf.moveDown(2);
  const billTo = pdf.y;
  pdf
    .fillColor(MUTED)
    .fontSize(9)
    .text(doc.kind === 'invoice' ? 'BILL TO' : 'PREPARED FOR', left, billTo);
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
    pdf.fillColor(MUTED).fontSize(9).text('ORDER DETAILS', left);
    pdf.fillColor(INK).fontSize(9.5);
    for (const item of doc.items) {
      const y = pdf.y;
      pdf.font('Helvetica-Bold').text(item.label, left, y, { width: 170 });
      const labelEnd = pdf.y;
      pdf.font('Helvetica').text(item.value, left + 180, y, { width: width - 180 });
      pdf.y = Math.max(pdf.y, labelEnd);
    }
  }

  // The prices, as the server made them (D10).
  pdf.moveDown(1.2);
  const columns = [
    { label: 'Item', x: left, w: width - 270, align: 'left' as const },
    { label: 'Qty', x: left + width - 270, w: 60, align: 'right' as const },
    { label: 'Unit price', x: left + width - 200, w: 90, align: 'right' as const },
    { label: 'Amount', x: left + width - 100, w: 100, align: 'right' as const },
  ];
  const rule = () => {
    pdf
      .moveTo(left, pdf.y)
      .lineTo(left + width, pdf.y)
      .strokeColor(RULE)
      .lineWidth(0.75)
      .stroke();
    pdf.y += 5;
  };
  const row = (cells: string[], bold = false) => {
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
  row(
    columns.map((c) => c.label),
    true,
  );
  rule();
  for (const r of doc.rows.filter((r) => r.name !== 'Subtotal')) {
    row([
      r.name,
      r.qty.toLocaleString('en-US'),
      r.unit_price === null ? 'TBA' : money(r.unit_price),
      r.amount === null ? 'TBA' : money(r.amount),
    ]);
  }
  rule();
  const subtotal = doc.rows.find((r) => r.name === 'Subtotal')?.amount ?? doc.totalCents - doc.taxCents;
  row(['Subtotal', '', '', money(subtotal)]);
  row(['Tax', '', '', doc.hasTax ? money(doc.taxCents) : doc.taxExempt ? 'Exempt' : 'To be added']);
  row(['Total', '', '', money(doc.totalCents)], true);

  // How it is paid.
  pdf.moveDown(1);
  pdf.font('Helvetica').fontSize(10).fillColor(INK);
  pdf.text(`Payment: ${doc.payment.method || 'Not chosen yet'}. Status: ${doc.payment.status}.`, left);
  pdf.fillColor(MUTED).fontSize(9);
  pdf.text(
    doc.kind === 'invoice'
      ? `Payment is due by ${longDate(doc.until)}, 30 days after the issue date. Please quote the invoice number with your payment.`
      : `This quote is valid until ${longDate(doc.until)}. Prices may change after that date.`,
  );
  pdf.text(`Questions: ${doc.provider.email}${doc.provider.phone ? `, ${doc.provider.phone}` : ''}.`);
  pdf.end();
  return done;
}
