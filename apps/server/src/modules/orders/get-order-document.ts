import { MSG } from '@portal/contracts/messages';
import { orderItems } from '@portal/contracts/order-items';
import { balanceDue, openRefusal } from '@portal/contracts/order-rules';
import { paymentOptionName } from '@portal/contracts/orders';
import { dueDateOf } from '@portal/contracts/payment-terms';
import { type OrderDocumentType, PAYMENT_STATUS_LABELS } from '@portal/contracts/school-orders';
import { and, eq } from 'drizzle-orm';
import type { AppContext } from '../../context.ts';
import { orders } from '../../db/schema/index.ts';
import { isoDay } from '../../lib/dates.ts';
import { conflict, notFound } from '../../lib/errors.ts';
import { createDocumentLink, openDocumentLink } from '../documents/document-links.ts';
import { documentProvider } from '../documents/document-provider.ts';
import { type OrderDocument, renderOrderDocument } from '../documents/order-document-pdf.ts';
import { schoolContact } from '../documents/school-contact.ts';
import { purchaseOrderOf } from '../invoices/invoice-content.ts';
import { getStoredInvoice } from '../invoices/invoice-document.ts';
import { findOwnOrder } from './find-school-order.ts';

type OrderRow = typeof orders.$inferSelect;

/** Who reads a document: the school is told how its invoice comes; staff, to issue it. */
type Reader = 'school' | 'staff';

/** What may be opened of the order (openRefusal): the reader is told why not. */
function assertDocumentAllowed(
  order: Pick<OrderRow, 'status' | 'invoice_number'>,
  type: OrderDocumentType,
  reader: Reader,
) {
  const refusal = openRefusal(order, type);
  if (refusal === 'cancelled') throw conflict(MSG.cancelledNoDocument);
  if (refusal === 'not-invoiced') {
    throw conflict(reader === 'school' ? MSG.invoiceNotIssuedForSchool : MSG.invoiceNotIssuedYet);
  }
}

/**
 * A link that opens the invoice or quote of the school's own order in a new tab
 * (orderdocumentlink): the tab carries no session, so the link is the credential, for
 * this one document and for a few minutes.
 */
export async function createOrderDocumentLink(
  ctx: AppContext,
  schoolUserId: number,
  { orderKey, type, date }: { orderKey: string; type: OrderDocumentType; date?: string | undefined },
): Promise<string> {
  const order = await findOwnOrder(ctx.db, schoolUserId, orderKey);
  assertDocumentAllowed(order, type, 'school');
  const token = await createDocumentLink(ctx, {
    userId: schoolUserId,
    target: { orderId: order.id, kind: type },
    issued: date ?? isoDay(ctx.clock()),
  });
  return `/api/orderdocument/${token}`;
}

/** The document a link opens, made afresh from the order as it is now; an unknown or expired link opens nothing. */
export async function openOrderDocumentLink(ctx: AppContext, token: string) {
  const link = await openDocumentLink(ctx, token, 'order', MSG.documentLinkExpired);
  const [order] = await ctx.db
    .select()
    .from(orders)
    .where(and(eq(orders.id, link.orderId), eq(orders.school_user_id, link.userId)));
  if (!order) throw notFound(MSG.documentLinkExpired);
  return orderDocument(ctx, order, link.kind, link.issued, 'school');
}

/**
 * The invoice or quote of the school's own order (Download Order Summary): its invoice as
 * it was issued, once it has been; a quote of any order not cancelled, dated `date`. The
 * date is the quote's only: an invoice carries the day it was issued.
 */
export async function getOrderDocument(
  ctx: AppContext,
  schoolUserId: number,
  { orderKey, type, date }: { orderKey: string; type: OrderDocumentType; date?: string | undefined },
): Promise<{ fileName: string; pdf: Buffer }> {
  const order = await findOwnOrder(ctx.db, schoolUserId, orderKey);
  return orderDocument(ctx, order, type, date ?? isoDay(ctx.clock()), 'school');
}

/** The invoice (as issued) or quote of any order, for staff (D15): they issue an invoice through its own call. */
export async function getStaffOrderDocument(
  ctx: AppContext,
  orderId: number,
  type: OrderDocumentType,
): Promise<{ fileName: string; pdf: Buffer }> {
  const [order] = await ctx.db.select().from(orders).where(eq(orders.id, orderId));
  if (!order) throw notFound(MSG.orderNotFound);
  return orderDocument(ctx, order, type, isoDay(ctx.clock()), 'staff');
}

/**
 * The order's invoice is the one first issued, kept as it was, its date included; a quote
 * is drawn from the order as it is, on the date asked for.
 */
async function orderDocument(
  ctx: AppContext,
  order: OrderRow,
  type: OrderDocumentType,
  issued: string,
  reader: Reader,
): Promise<{ fileName: string; pdf: Buffer }> {
  assertDocumentAllowed(order, type, reader);
  // The first invoice carries the order's number (assertDocumentAllowed: it has one).
  if (type === 'invoice') return getStoredInvoice(ctx.db, order.id, order.invoice_number ?? 0);
  const [provider, school] = await Promise.all([documentProvider(ctx), schoolContact(ctx.db, order.school_user_id)]);
  const document: OrderDocument = {
    kind: 'quote',
    orderId: order.id,
    ...purchaseOrderOf(order),
    issued,
    until: dueDateOf(issued),
    provider,
    school,
    items: orderItems(order.custom_fields),
    rows: order.custom_price,
    taxCents: order.tax_cents,
    hasTax: order.has_tax,
    taxExempt: Number(order.custom_fields.tax) === 1,
    totalCents: order.total_cents,
    payment: { method: paymentOptionName(order.payment_method), status: PAYMENT_STATUS_LABELS[order.payment_status] },
    payments: [],
    balanceCents: balanceDue(order),
  };
  return { fileName: `quote-order-${order.id}-${issued}.pdf`, pdf: await renderOrderDocument(document) };
}
