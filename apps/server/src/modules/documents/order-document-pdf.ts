import type { OrderDocument } from '@portal/contracts/documents';
import { formatMoney as money } from '@portal/contracts/money';
import { DOCUMENT_TEXT as T } from './order-document-text.ts';
import {
  type Column,
  drawHeading,
  drawHeads,
  drawPaymentsReceived,
  drawRow,
  drawRule,
  drawTotals,
  factIf,
  INK,
  keepRoom,
  longDate,
  MUTED,
  schoolParty,
  startDocument,
} from './pdf-drawing.ts';

export type { OrderDocument };

const DAY_MS = 86_400_000;

/**
 * The version of the drawing below: kept with each document issued (invoices.template_version),
 * and raised when the layout or the words change, so that what was sent can be told apart.
 */
export const ORDER_DOCUMENT_TEMPLATE = 1;

/**
 * Draws the document as a Letter-size PDF. Nothing in it depends on when it is drawn:
 * the creation date is the issue date, so the same order and date give the same bytes.
 */
export async function renderOrderDocument(doc: OrderDocument): Promise<Buffer> {
  const title = doc.adjusts && doc.kind === 'invoice' ? T.differenceTitle : T.title[doc.kind];
  const invoice = doc.kind === 'invoice';
  const credit = doc.kind === 'credit-note';
  // An invoice with nothing left to pay asks for nothing: no due date, no number to quote.
  const due = invoice && doc.balanceCents > 0;
  // The provider and what this document is, then whom it is for.
  const { pdf, done, left, width } = await startDocument({
    info: T.info(title, doc.number, doc.orderId),
    provider: doc.provider,
    issued: doc.issued,
    title,
    facts: [
      ...factIf(credit ? T.creditNoteNumber : T.invoiceNumber, doc.number),
      ...factIf(T.adjusts, doc.adjusts),
      [T.order, `#${doc.orderId}`],
      ...factIf(T.purchaseOrder, doc.purchaseOrder),
      [invoice || credit ? T.issueDate : T.quoteDate, longDate(doc.issued)],
      ...(invoice
        ? factIf(T.dueDate, due ? longDate(doc.until) : '')
        : factIf(T.validUntil, credit ? '' : longDate(doc.until))),
    ],
    party: schoolParty(invoice || credit ? T.billTo : T.preparedFor, doc.school),
  });

  // What was asked for, in words.
  if (doc.items.length) {
    drawHeading(pdf, T.orderDetails, 1.2);
    pdf.fillColor(INK).fontSize(9.5);
    for (const item of doc.items) {
      const labelHeight = pdf.font('Helvetica-Bold').heightOfString(item.label, { width: 170 });
      keepRoom(pdf, Math.max(labelHeight, pdf.font('Helvetica').heightOfString(item.value, { width: width - 180 })));
      const y = pdf.y;
      pdf.font('Helvetica-Bold').text(item.label, left, y, { width: 170 });
      const labelEnd = pdf.y;
      pdf.font('Helvetica').text(item.value, left + 180, y, { width: width - 180 });
      pdf.y = Math.max(pdf.y, labelEnd);
    }
  }

  // The prices, as the server made them (D10).
  pdf.moveDown(1.2);
  const prices: Column[] = [
    { x: left, w: width - 270, align: 'left' },
    { x: left + width - 270, w: 60, align: 'right' },
    { x: left + width - 200, w: 90, align: 'right' },
    { x: left + width - 100, w: 100, align: 'right' },
  ];
  if (doc.adjusts) {
    pdf.font('Helvetica').fontSize(10).fillColor(INK);
    pdf.text(credit ? T.creditIntro(doc.orderId, doc.adjusts) : T.differenceIntro(doc.orderId, doc.adjusts), left);
    pdf.moveDown(0.6);
  }
  const heads = () => drawHeads(pdf, prices, doc.adjusts ? T.changeColumns : T.priceColumns);
  heads();
  for (const r of doc.rows.filter((r) => r.name !== 'Subtotal')) {
    drawRow(
      pdf,
      prices,
      [
        r.name,
        r.qty.toLocaleString('en-US'),
        r.unit_price === null ? T.toBeAnnounced : money(r.unit_price),
        r.amount === null ? T.toBeAnnounced : money(r.amount),
      ],
      { onNewPage: heads },
    );
  }
  drawRule(pdf);
  const subtotal = doc.rows.find((r) => r.name === 'Subtotal')?.amount ?? doc.totalCents - doc.taxCents;
  const paid = doc.totalCents - doc.balanceCents;
  drawTotals(pdf, prices, [
    { label: doc.adjusts ? T.subtotalChange : T.subtotal, value: money(subtotal) },
    {
      label: doc.adjusts ? T.taxChange : T.tax,
      value: doc.hasTax ? money(doc.taxCents) : doc.taxExempt ? T.taxExempt : T.taxToBeAdded,
    },
    credit
      ? { label: T.totalCredited, value: money(-doc.totalCents), bold: true }
      : { label: doc.adjusts ? T.totalDifference : T.total, value: money(doc.totalCents), bold: true },
    ...(invoice && paid > 0 ? [{ label: T.amountPaid, value: money(paid) }] : []),
    ...(invoice ? [{ label: T.balanceDue, value: money(doc.balanceCents), bold: true }] : []),
  ]);

  // What has been paid, so that the balance can be checked against the school's own records.
  if (invoice && doc.payments.length) {
    drawPaymentsReceived(pdf, doc.payments, { heading: T.paymentsReceived, columns: T.paymentColumns, money });
  }

  // How it is paid.
  pdf.moveDown(1);
  pdf.font('Helvetica').fontSize(10).fillColor(INK);
  if (credit) pdf.text(T.creditLine(money(-doc.totalCents)), left);
  else pdf.text(T.paymentLine(doc.payment.method || T.noMethodYet, doc.payment.status), left);
  if (invoice && !due) {
    pdf.font('Helvetica-Bold').text(doc.totalCents > 0 ? T.paidInFull : T.nothingToPay);
    pdf.font('Helvetica');
  }
  pdf.fillColor(MUTED).fontSize(9);
  const termDays = Math.round((Date.parse(doc.until) - Date.parse(doc.issued)) / DAY_MS);
  if (credit) {
    // A credit note asks for nothing.
  } else if (!invoice) pdf.text(T.quoteValid(longDate(doc.until)));
  else if (due && doc.balanceCents < doc.totalCents) {
    pdf.text(T.balanceDueBy(money(doc.balanceCents), longDate(doc.until)));
  } else if (due) pdf.text(T.dueBy(longDate(doc.until), termDays));
  pdf.text(T.questions(doc.provider.email, doc.provider.phone));
  pdf.end();
  return done;
}
