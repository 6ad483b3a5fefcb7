import type { OrderStatement, PaymentReceipt } from '@portal/contracts/documents';
import { formatMoney as money } from '@portal/contracts/money';
import { ACCOUNT_TEXT as T } from './order-document-text.ts';
import {
  type Column,
  drawHeading,
  drawHeads,
  drawRow,
  drawRule,
  drawTotals,
  factIf,
  INK,
  longDate,
  schoolParty,
  startDocument,
} from './pdf-drawing.ts';

/** What the balance is, in words: due, even, or the school's credit. */
function balanceLine(cents: number) {
  if (cents > 0) return { label: T.balanceDue, value: money(cents), bold: true };
  if (cents < 0) return { label: T.credit, value: money(-cents), bold: true };
  return { label: T.settled, value: money(0), bold: true };
}

/**
 * An order's statement of account as a Letter-size PDF: every invoice, credit note,
 * payment and refund with the running balance, then what is not yet invoiced and the
 * order's balance. The same statement and day give the same bytes.
 */
export async function renderStatement(s: OrderStatement): Promise<Buffer> {
  const { pdf, done, left, width } = await startDocument({
    info: T.info(T.statement, s.orderId),
    provider: s.provider,
    issued: s.date,
    title: T.statement,
    facts: [[T.order, `#${s.orderId}`], [T.date, longDate(s.date)], ...factIf(T.purchaseOrder, s.purchaseOrder)],
    party: schoolParty(T.school, s.school),
  });
  drawHeading(pdf, T.activity, 1.2);
  pdf.moveDown(0.3);
  const columns: Column[] = [
    { x: left, w: 80, align: 'left' },
    { x: left + 86, w: width - 86 - 3 * 78, align: 'left' },
    { x: left + width - 3 * 78, w: 72, align: 'right' },
    { x: left + width - 2 * 78, w: 72, align: 'right' },
    { x: left + width - 78, w: 78, align: 'right' },
  ];
  const heads = () => drawHeads(pdf, columns, T.columns, { size: 9 });
  heads();
  if (s.lines.length === 0) {
    pdf.font('Helvetica').fontSize(10).fillColor(INK).text(T.noActivity, left);
    pdf.moveDown(0.5);
  }
  for (const l of s.lines) {
    drawRow(
      pdf,
      columns,
      [
        longDate(l.date),
        l.what,
        l.charge ? money(l.charge) : '',
        l.credit ? money(l.credit) : '',
        l.balance < 0 ? `-${money(-l.balance)}` : money(l.balance),
      ],
      { size: 9, onNewPage: heads },
    );
  }
  drawRule(pdf);
  const signed = (cents: number) => (cents < 0 ? `-${money(-cents)}` : money(cents));
  // The invoices' balance is told apart only when the order's total differs from what was invoiced.
  const totals = [
    ...(s.notInvoicedCents !== 0 ? [{ label: T.invoicedBalance, value: signed(s.invoicedBalanceCents) }] : []),
    ...(s.notInvoicedCents > 0 ? [{ label: T.notInvoiced, value: money(s.notInvoicedCents) }] : []),
    ...(s.notInvoicedCents < 0 ? [{ label: T.notCredited, value: signed(s.notInvoicedCents) }] : []),
    balanceLine(s.balanceCents),
  ];
  const totalColumns: Column[] = [
    { x: left, w: width - 160, align: 'left' },
    { x: left + width - 160, w: 160, align: 'right' },
  ];
  drawTotals(pdf, totalColumns, totals);
  if (s.balanceCents < 0) {
    pdf.moveDown(0.8);
    pdf
      .font('Helvetica')
      .fontSize(10)
      .fillColor(INK)
      .text(T.creditNote(money(-s.balanceCents)), left, pdf.y, { width });
  }
  pdf.end();
  return done;
}

/** A payment's receipt as a Letter-size PDF: who paid, what, when, how, and the order's balance. */
export async function renderReceipt(r: PaymentReceipt): Promise<Buffer> {
  const { pdf, done, left, width } = await startDocument({
    info: T.info(T.receipt, r.orderId),
    provider: r.provider,
    issued: r.drawn,
    title: T.receipt,
    facts: [
      [T.receiptNumber, String(r.number)],
      [T.order, `#${r.orderId}`],
      ...factIf(T.purchaseOrder, r.purchaseOrder),
    ],
    party: schoolParty(T.receivedFrom, r.school),
  });
  pdf.moveDown(1.5);
  pdf
    .font('Helvetica')
    .fontSize(11)
    .fillColor(INK)
    .text(T.received(money(r.amountCents), r.orderId), left, pdf.y, { width });
  pdf.moveDown(1);
  const columns: Column[] = [
    { x: left, w: width - 160, align: 'left' },
    { x: left + width - 160, w: 160, align: 'right' },
  ];
  drawTotals(pdf, columns, [
    { label: T.paymentDate, value: longDate(r.date) },
    { label: T.amount, value: money(r.amountCents), bold: true },
    { label: T.method, value: r.method },
    ...(r.refundedCents > 0 ? [{ label: T.refunded, value: money(r.refundedCents) }] : []),
  ]);
  drawRule(pdf);
  const balance = balanceLine(r.balanceCents);
  drawTotals(pdf, columns, [
    { ...balance, label: `${T.balanceToday(longDate(r.drawn))}: ${balance.label.toLowerCase()}` },
  ]);
  pdf.end();
  return done;
}
