import { invoiceLabel } from '@portal/contracts/invoices';
import { MSG } from '@portal/contracts/messages';
import { and, eq } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { invoices } from '../../db/schema/index.ts';
import { notFound } from '../../lib/errors.ts';
import { renderOrderDocument } from '../documents/order-document-pdf.ts';
import type { InvoiceRow } from './list-order-invoices.ts';

/**
 * The PDF of a stored invoice or credit note: the bytes kept when it was issued, or, for one
 * issued before they were kept, drawn from what it said then, and nothing else.
 */
export async function renderStoredInvoice(row: InvoiceRow): Promise<{ fileName: string; pdf: Buffer }> {
  if (!row.content || row.number === null) throw notFound(MSG.invoiceNotFound);
  const label = invoiceLabel(row.kind, row.number);
  const prefix = row.kind === 'credit-note' ? 'credit-note' : 'invoice';
  const pdf = row.pdf ?? (await renderOrderDocument({ ...row.content, number: label }));
  return { fileName: `${prefix}-${label}.pdf`, pdf };
}

/** One of the order's invoices or credit notes by its number, as a PDF; 404 when the order has none so numbered. */
export async function getStoredInvoice(db: Database, orderId: number, number: number) {
  const [row] = await db
    .select()
    .from(invoices)
    .where(and(eq(invoices.order_id, orderId), eq(invoices.number, number)));
  if (!row) throw notFound(MSG.invoiceNotFound);
  return renderStoredInvoice(row);
}
