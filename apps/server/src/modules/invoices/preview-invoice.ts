import { type IssueKind, invoiceLabel, type TAdminInvoicePreviewResponse } from '@portal/contracts/invoices';
import { MSG } from '@portal/contracts/messages';
import { documentRefusal } from '@portal/contracts/order-rules';
import { eq } from 'drizzle-orm';
import type { AppContext } from '../../context.ts';
import { orders } from '../../db/schema/index.ts';
import { isoDay } from '../../lib/dates.ts';
import { conflict, notFound } from '../../lib/errors.ts';
import { documentProvider } from '../documents/document-provider.ts';
import { schoolContact } from '../documents/school-contact.ts';
import { buildInvoice } from './invoice-content.ts';
import { refusalMessage } from './issue-invoice.ts';
import { invoicedCents, storedInvoicesOf } from './list-order-invoices.ts';
import { receivedPayments } from './received-payments.ts';

/** What issuing `kind` now would give (its lines, tax and amount), for staff to check before confirming; nothing is written. */
export async function previewInvoice(
  ctx: AppContext,
  orderId: number,
  kind: IssueKind,
): Promise<TAdminInvoicePreviewResponse> {
  const [order] = await ctx.db.select().from(orders).where(eq(orders.id, orderId));
  if (!order) throw notFound(MSG.orderNotFound);
  const stored = await storedInvoicesOf(ctx.db, order.id);
  const first = stored.find((r) => r.kind === 'invoice');
  const invoiced = invoicedCents(stored);
  if (kind === 'invoice' && first) throw conflict(MSG.invoiceAlreadyIssued);
  const refusal = documentRefusal({ ...order, invoiced_cents: invoiced }, kind);
  if (refusal) throw conflict(refusalMessage(refusal));
  const last = stored.at(-1)?.content;
  const [provider, school, received] = await Promise.all([
    documentProvider(ctx),
    schoolContact(ctx.db, order.school_user_id),
    receivedPayments(ctx.db, order.id),
  ]);
  const built = buildInvoice({
    order,
    kind,
    issued: isoDay(ctx.clock()),
    provider,
    school,
    received,
    previous:
      first?.number && last?.basis ? { first: invoiceLabel('invoice', first.number), basis: last.basis } : undefined,
  });
  const { content } = built;
  return {
    status: 'success',
    message: 'ok',
    kind,
    document: content.kind === 'credit-note' ? 'credit-note' : 'invoice',
    rows: content.rows
      .filter((r) => r.name !== 'Subtotal')
      .map((r) => ({ name: r.name, qty: r.qty, amount_cents: r.amount })),
    subtotal_cents: content.totalCents - content.taxCents,
    tax_cents: content.taxCents,
    amount_cents: built.amountCents,
    issue_date: content.issued,
    due_date: built.dueDate,
  };
}
