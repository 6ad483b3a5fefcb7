import { MSG } from '@portal/contracts/messages';
import { orderItems } from '@portal/contracts/order-items';
import { documentRefusal } from '@portal/contracts/order-rules';
import { paymentOptionName } from '@portal/contracts/orders';
import { type OrderDocumentType, PAYMENT_STATUS_LABELS } from '@portal/contracts/school-orders';
import { and, eq, sql } from 'drizzle-orm';
import type { AppContext } from '../../context.ts';
import type { Database } from '../../db/client.ts';
import { counters, orders } from '../../db/schema/index.ts';
import { addDays, isoDay } from '../../lib/dates.ts';
import { conflict, notFound } from '../../lib/errors.ts';
import { createDocumentLink, openDocumentLink } from '../documents/document-links.ts';
import { documentProvider } from '../documents/document-provider.ts';
import { findOwnOrder } from './find-school-order.ts';
import { type OrderDocument, renderOrderDocument } from './order-document-pdf.ts';
import { DOCUMENT_TEXT } from './order-document-text.ts';
import { balanceOf, receivedPayments } from './received-payments.ts';
import { schoolContact } from './school-contact.ts';

/** Payment is due 30 days after the invoice is issued; a quote holds as long (spec §9). */
const TERM_DAYS = 30;

export const invoiceLabel = (n: number) => `INV-${String(n).padStart(6, '0')}`;

/**
 * The order's invoice number: the one it was given, or the next one. The counter's row
 * stays locked until the number is stored on the order, and both commit together, so
 * numbers are never repeated nor skipped, however many invoices are asked for at once.
 */
export async function invoiceNumberOf(db: Database, orderId: number): Promise<number> {
  return db.transaction(async (tx) => {
    const [order] = await tx
      .select({ invoice_number: orders.invoice_number })
      .from(orders)
      .where(eq(orders.id, orderId))
      .for('update');
    if (order?.invoice_number) return order.invoice_number;
    const [next] = await tx
      .insert(counters)
      .values({ name: 'invoice', value: 1 })
      .onConflictDoUpdate({ target: counters.name, set: { value: sql`${counters.value} + 1` } })
      .returning({ value: counters.value });
    if (!next) throw new Error('The invoice counter returned no number');
    await tx.update(orders).set({ invoice_number: next.value }).where(eq(orders.id, orderId));
    return next.value;
  });
}

type OrderRow = typeof orders.$inferSelect;

/** What may be made of the order (documentRefusal): the school is told why not. */
function assertDocumentAllowed(order: OrderRow, type: OrderDocumentType) {
  const refusal = documentRefusal(order, type);
  if (refusal === 'cancelled') throw conflict(MSG.cancelledNoDocument);
  if (refusal === 'not-reserved') throw conflict(MSG.invoiceNeedsReservation);
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
  assertDocumentAllowed(order, type);
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
  return orderDocument(ctx, order, link.kind, link.issued);
}

/**
 * The invoice or quote of the school's own order, dated `date` (Download Order Summary):
 * an invoice once the order is reserved, with its number; a quote of any order not
 * cancelled. The same order and date give the same document.
 */
export async function getOrderDocument(
  ctx: AppContext,
  schoolUserId: number,
  { orderKey, type, date }: { orderKey: string; type: OrderDocumentType; date?: string | undefined },
): Promise<{ fileName: string; pdf: Buffer }> {
  const order = await findOwnOrder(ctx.db, schoolUserId, orderKey);
  return orderDocument(ctx, order, type, date ?? isoDay(ctx.clock()));
}

/** The invoice or quote of any order, for staff (D15): the first invoice issued gives the order its number. */
export async function getStaffOrderDocument(
  ctx: AppContext,
  orderId: number,
  type: OrderDocumentType,
): Promise<{ fileName: string; pdf: Buffer }> {
  const [order] = await ctx.db.select().from(orders).where(eq(orders.id, orderId));
  if (!order) throw notFound(MSG.orderNotFound);
  return orderDocument(ctx, order, type, isoDay(ctx.clock()));
}

async function orderDocument(
  ctx: AppContext,
  order: OrderRow,
  type: OrderDocumentType,
  issued: string,
): Promise<{ fileName: string; pdf: Buffer }> {
  assertDocumentAllowed(order, type);
  const schoolUserId = order.school_user_id;
  const number = type === 'invoice' ? invoiceLabel(await invoiceNumberOf(ctx.db, order.id)) : undefined;
  const [provider, school, received] = await Promise.all([
    documentProvider(ctx),
    schoolContact(ctx.db, schoolUserId),
    type === 'invoice' ? receivedPayments(ctx.db, order.id) : [],
  ]);
  const balanceCents = balanceOf(order, received);
  const partlyPaid = balanceCents > 0 && balanceCents < order.total_cents;
  const document: OrderDocument = {
    kind: type,
    ...(number ? { number } : {}),
    orderId: order.id,
    issued,
    until: addDays(issued, TERM_DAYS),
    provider,
    school,
    items: orderItems(order.custom_fields),
    rows: order.custom_price,
    taxCents: order.tax_cents,
    hasTax: order.has_tax,
    taxExempt: Number(order.custom_fields.tax) === 1,
    totalCents: order.total_cents,
    payment: {
      method: paymentOptionName(order.payment_method),
      status: partlyPaid ? DOCUMENT_TEXT.partlyPaid : PAYMENT_STATUS_LABELS[order.payment_status],
    },
    payments: received,
    balanceCents,
  };
  const fileName = type === 'invoice' ? `invoice-${number}.pdf` : `quote-order-${order.id}-${issued}.pdf`;
  return { fileName, pdf: await renderOrderDocument(document) };
}
