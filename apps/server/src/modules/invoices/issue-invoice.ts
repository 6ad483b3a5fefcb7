import { createHash } from 'node:crypto';
import { type IssueKind, invoiceLabel } from '@portal/contracts/invoices';
import { MSG } from '@portal/contracts/messages';
import { type DocumentRefusal, documentRefusal } from '@portal/contracts/order-rules';
import { eq } from 'drizzle-orm';
import type { AppContext } from '../../context.ts';
import type { Executor } from '../../db/client.ts';
import { invoices, orders } from '../../db/schema/index.ts';
import { conflict, notFound } from '../../lib/errors.ts';
import { recordChange } from '../audit/record-change.ts';
import { documentProvider } from '../documents/document-provider.ts';
import { ORDER_DOCUMENT_TEMPLATE, renderOrderDocument } from '../documents/order-document-pdf.ts';
import { DOCUMENT_LANGUAGE } from '../documents/order-document-text.ts';
import type { Provider } from '../documents/pdf-drawing.ts';
import { schoolContact } from '../documents/school-contact.ts';
import { buildInvoice } from './invoice-content.ts';
import { mailIssuedInvoice } from './invoice-mail.ts';
import { type InvoiceRow, invoicedCents, storedInvoice, storedInvoicesOf } from './list-order-invoices.ts';
import { nextInvoiceNumber } from './next-invoice-number.ts';
import { receivedPayments } from './received-payments.ts';

/** Who issues a document, for its audit row: staff, or the school downloading its first invoice. */
export interface InvoiceActor {
  userId: number;
  ip?: string | undefined;
}

/** What the staff or the school reads when the rule refuses (documentRefusal). */
export function refusalMessage(refusal: DocumentRefusal): string {
  switch (refusal) {
    case 'cancelled':
      return MSG.cancelledNoDocument;
    case 'not-reserved':
      return MSG.invoiceNeedsReservation;
    case 'not-invoiced':
      return MSG.invoiceNotIssuedYet;
    case 'no-increase':
      return MSG.invoiceNoIncrease;
    case 'no-decrease':
      return MSG.invoiceNoDecrease;
  }
}

export interface IssueRequest {
  orderId: number;
  kind: IssueKind;
  /** YYYY-MM-DD: the issue date it carries. */
  issued: string;
  actor: InvoiceActor;
  /** The amount staff saw before confirming: when the order changed meanwhile, nothing is issued. */
  expectedCents?: number | undefined;
}

/**
 * Issues the order's first invoice, an invoice for the difference or a credit note, as
 * the rule allows (documentRefusal), and stores everything it says, in one transaction:
 * the order's row is locked, so two asking at once for the same order get one document;
 * the number comes from the counter (nextInvoiceNumber), so none is repeated or skipped;
 * the audit row and the school's e-mail with the PDF are written with it. Asking again
 * for a first invoice already issued answers that one.
 */
export function issueInvoice(ctx: AppContext, request: IssueRequest): Promise<InvoiceRow> {
  return ctx.db.transaction((tx) => issueInvoiceIn(ctx, tx, request));
}

/**
 * What issueInvoice does, in the caller's transaction: the server issues an order's first
 * invoice in the transaction of the change that calls for it (invoiceDueAt), so that the
 * order is never placed or delivered without it.
 */
export async function issueInvoiceIn(ctx: AppContext, tx: Executor, request: IssueRequest): Promise<InvoiceRow> {
  const issued = await storeInvoice(tx, request, await documentProvider(ctx));
  if (issued.fresh) await mailIssuedInvoice(ctx, tx, issued.row, issued.order, issued.school);
  return issued.row;
}

/**
 * The document stored, numbered and audited, in `tx`, with the order's row locked; `fresh`
 * false when the order's first invoice was asked for and had been issued already.
 */
export async function storeInvoice(tx: Executor, request: IssueRequest, provider: Provider) {
  const [order] = await tx.select().from(orders).where(eq(orders.id, request.orderId)).for('update');
  if (!order) throw notFound(MSG.orderNotFound);
  const stored = await storedInvoicesOf(tx, order.id);
  const first = stored.find((r) => r.kind === 'invoice');
  // In order: the transaction's one connection runs a query at a time.
  const school = await schoolContact(tx, order.school_user_id);
  if (request.kind === 'invoice' && first) {
    return { row: await storedInvoice(tx, first.id), order, school, fresh: false };
  }
  const invoiced = invoicedCents(stored);
  const refusal = documentRefusal({ ...order, invoiced_cents: invoiced }, request.kind);
  if (refusal) throw conflict(refusalMessage(refusal));
  const received = await receivedPayments(tx, order.id);
  const last = stored.at(-1)?.content;
  const built = buildInvoice({
    order,
    kind: request.kind,
    issued: request.issued,
    provider,
    school,
    received,
    previous:
      first?.number && last?.basis ? { first: invoiceLabel('invoice', first.number), basis: last.basis } : undefined,
  });
  if (request.expectedCents !== undefined && request.expectedCents !== built.amountCents) {
    throw conflict(MSG.invoiceAmountChanged);
  }
  // An order numbered before invoices were kept keeps its number for its first invoice.
  const number =
    request.kind === 'invoice' && order.invoice_number ? order.invoice_number : await nextInvoiceNumber(tx);
  const kind = built.content.kind === 'credit-note' ? 'credit-note' : 'invoice';
  const label = invoiceLabel(kind, number);
  const content = { ...built.content, number: label };
  // Drawn once, now, and kept as sent: later templates and translations change nothing of it.
  const pdf = await renderOrderDocument(content);
  const [row] = await tx
    .insert(invoices)
    .values({
      order_id: order.id,
      kind,
      number,
      issue_date: request.issued,
      due_date: built.dueDate,
      total_cents: built.totalCents,
      content,
      pdf,
      pdf_sha256: createHash('sha256').update(pdf).digest('hex'),
      template_version: ORDER_DOCUMENT_TEMPLATE,
      language: DOCUMENT_LANGUAGE,
    })
    .returning();
  if (!row) throw new Error('The invoice was not stored');
  if (request.kind === 'invoice' && order.invoice_number !== number) {
    await tx.update(orders).set({ invoice_number: number }).where(eq(orders.id, order.id));
  }
  await recordChange(tx, {
    actorId: request.actor.userId,
    action: kind === 'credit-note' ? 'credit-note' : request.kind === 'difference' ? 'invoice-difference' : 'invoice',
    entity: 'order',
    entityId: order.id,
    after: { number: label, amount_cents: built.amountCents, issue_date: request.issued },
    ip: request.actor.ip,
  });
  return { row, order, school, fresh: true };
}
