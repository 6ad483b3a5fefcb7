import { invoiceLabel, type TOrderInvoiceEntry } from '@portal/contracts/invoices';
import { asc, eq, getTableColumns } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { invoices } from '../../db/schema/index.ts';

export type InvoiceRow = typeof invoices.$inferSelect;
/** A stored document as the lists and sums read it: all of it but its PDF's bytes. */
export type ListedInvoice = Omit<InvoiceRow, 'pdf'>;

const { pdf: _bytes, ...LISTED_COLUMNS } = getTableColumns(invoices);

/** An order's invoices and credit notes as stored, oldest first, without their PDFs' bytes. */
export function storedInvoicesOf(db: Executor, orderId: number): Promise<ListedInvoice[]> {
  return db
    .select(LISTED_COLUMNS)
    .from(invoices)
    .where(eq(invoices.order_id, orderId))
    .orderBy(asc(invoices.number), asc(invoices.id));
}

/** What the documents so far add up to (credit notes taken off); null before the first invoice. */
export const invoicedCents = (rows: readonly ListedInvoice[]): number | null =>
  rows.length ? rows.reduce((sum, r) => sum + r.total_cents, 0) : null;

/** One stored document as the lists show it. */
export function invoiceEntry(row: ListedInvoice): TOrderInvoiceEntry {
  return {
    number: row.number ?? 0,
    label: invoiceLabel(row.kind, row.number ?? 0),
    kind: row.kind,
    adjusts: row.content?.adjusts ?? null,
    issue_date: row.issue_date,
    due_date: row.due_date,
    amount_cents: Math.abs(row.total_cents),
  };
}

/** The order's invoices and credit notes, as the school and staff see them listed. */
export async function listOrderInvoices(db: Executor, orderId: number) {
  const rows = await storedInvoicesOf(db, orderId);
  return { rows, entries: rows.map(invoiceEntry), invoiced: invoicedCents(rows) };
}

/** One stored document whole, its PDF's bytes included. */
export async function storedInvoice(db: Executor, id: number): Promise<InvoiceRow> {
  const [row] = await db.select().from(invoices).where(eq(invoices.id, id));
  if (!row) throw new Error(`no invoice ${id}`);
  return row;
}
