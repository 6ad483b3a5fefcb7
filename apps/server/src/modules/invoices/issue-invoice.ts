import { type IssueKind, invoiceLabel } from '@portal/contracts/invoices';
import { MSG } from '@portal/contracts/messages';
import { type DocumentRefusal, documentRefusal } from '@portal/contracts/order-rules';
import { eq } from 'drizzle-orm';
import type { AppContext } from '../../context.ts';
import { invoices, orders } from '../../db/schema/index.ts';
import { conflict, notFound } from '../../lib/errors.ts';
import { recordChange } from '../audit/record-change.ts';
import { documentProvider } from '../documents/document-provider.ts';
import { receivedPayments } from '../orders/received-payments.ts';
import { schoolContact } from '../orders/school-contact.ts';
import { buildInvoice } from './invoice-content.ts';
import { type InvoiceRow, invoicedCents, storedInvoicesOf } from './list-order-invoices.ts';
import { nextInvoiceNumber } from './next-invoice-number.ts';

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
 * the audit row is written with it. Asking again for a first invoice already issued
 * answers that one.
 */
export async function issueInvoice(ctx: AppContext, request: IssueRequest): Promise<InvoiceRow> {
  const [found] = await ctx.db
    .select({ school: orders.school_user_id })
    .from(orders)
    .where(eq(orders.id, request.orderId));
  if (!found) throw notFound(MSG.orderNotFound);
  const [provider, school, received] = await Promise.all([
    documentProvider(ctx),
    schoolContact(ctx.db, found.school),
    receivedPayments(ctx.db, request.orderId),
  ]);
  return ctx.db.transaction(async (tx) => {
    const [order] = await tx.select().from(orders).where(eq(orders.id, request.orderId)).for('update');
    if (!order) throw notFound(MSG.orderNotFound);
    const stored = await storedInvoicesOf(tx, order.id);
    const first = stored.find((r) => r.kind === 'invoice');
    if (request.kind === 'invoice' && first) return first;
    const invoiced = invoicedCents(stored);
    const refusal = documentRefusal({ ...order, invoiced_cents: invoiced }, request.kind);
    if (refusal) throw conflict(refusalMessage(refusal));
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
    const [row] = await tx
      .insert(invoices)
      .values({
        order_id: order.id,
        kind,
        number,
        issue_date: request.issued,
        due_date: built.dueDate,
        total_cents: built.totalCents,
        content: { ...built.content, number: label },
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
    return row;
  });
}
