import { z } from 'zod';
import { successWith } from './envelope.ts';
import { MSG } from './messages.ts';
import { ORDER_STATUSES } from './orders.ts';
import { queryInt } from './query.ts';
import { OrderDetailsQuery } from './school-orders.ts';
import './zod-messages.ts';

/**
 * An order's invoices as they were issued (decision 012, amended): the first invoice, the
 * invoices for a later increase ('difference') and the credit notes for a decrease, all
 * numbered from one unbroken sequence and kept exactly as issued.
 */

export const INVOICE_DOCUMENT_KINDS = ['invoice', 'credit-note'] as const;
export type InvoiceDocumentKind = (typeof INVOICE_DOCUMENT_KINDS)[number];

/** What staff issue: the order's first invoice, an invoice for the difference, or a credit note. */
export const ISSUE_KINDS = ['invoice', 'difference', 'credit-note'] as const;
export type IssueKind = (typeof ISSUE_KINDS)[number];

/** How a number reads on the document: INV-000012 for an invoice, CN-000013 for a credit note. */
export const invoiceLabel = (kind: InvoiceDocumentKind, n: number) =>
  `${kind === 'credit-note' ? 'CN' : 'INV'}-${String(n).padStart(6, '0')}`;

/** One invoice or credit note of an order, as the lists show it. */
export const OrderInvoiceEntry = z.object({
  number: z.number().int(),
  /** 'INV-000012', 'CN-000013'. */
  label: z.string(),
  kind: z.enum(INVOICE_DOCUMENT_KINDS),
  /** The first invoice's label for an invoice of a difference or a credit note; null for the first invoice. */
  adjusts: z.string().nullable(),
  /** YYYY-MM-DD */
  issue_date: z.string(),
  due_date: z.string().nullable(),
  /** What it asks for (an invoice) or gives back (a credit note): never negative. */
  amount_cents: z.number().int(),
});
export type TOrderInvoiceEntry = z.infer<typeof OrderInvoiceEntry>;

/** A payment the order received, whose receipt can be downloaded. */
export const OrderReceiptEntry = z.object({
  payment_id: z.number().int(),
  /** YYYY-MM-DD, the day it was received. */
  date: z.string(),
  amount_cents: z.number().int(),
  /** "Card", "Check or transfer", "Credit from another order". */
  method: z.string(),
  /** What of it has been given back (refunded, or moved to another order) since. */
  refunded_cents: z.number().int(),
});
export type TOrderReceiptEntry = z.infer<typeof OrderReceiptEntry>;

/**
 * GET /api/orderinvoices?order_key=: the school's own order's invoices and credit notes,
 * oldest first, and the payments it received, each with a receipt.
 */
export const OrderInvoicesQuery = OrderDetailsQuery;
export const OrderInvoicesResponse = successWith({
  invoices: z.array(OrderInvoiceEntry),
  receipts: z.array(OrderReceiptEntry),
});
export type TOrderInvoicesResponse = z.infer<typeof OrderInvoicesResponse>;

/** GET /api/orderinvoicefile?order_key=&number=: one of them, as a PDF. */
export const OrderInvoiceFileQuery = OrderDetailsQuery.extend({
  number: queryInt('number', { min: 1, max: 2_147_483_647 }),
});

/** GET /api/orderstatement?order_key=: the order's statement of account, as a PDF. */
export const OrderStatementQuery = OrderDetailsQuery;

/** GET /api/orderreceipt?order_key=&payment=: the receipt of one payment the order received, as a PDF. */
export const OrderReceiptQuery = OrderDetailsQuery.extend({
  payment: queryInt('payment', { min: 1, max: 2_147_483_647 }),
});

// ---------------------------------------------------------------- back office

/** GET /api/admin/orders/:id/invoices: the order's invoices, and what the rule reads to offer the next one. */
export const AdminOrderInvoicesResponse = successWith({
  invoices: z.array(OrderInvoiceEntry),
  order_status: z.enum(ORDER_STATUSES),
  total_cents: z.number().int(),
  /** What its invoices less its credit notes add up to; null before the first invoice. */
  invoiced_cents: z.number().int().nullable(),
});
export type TAdminOrderInvoicesResponse = z.infer<typeof AdminOrderInvoicesResponse>;

const issueKind = z.enum(ISSUE_KINDS, { error: MSG.invoiceKindInvalid });

/** GET /api/admin/orders/:id/invoices/preview?kind=: what issuing it would give, nothing written. */
export const AdminInvoicePreviewQuery = z.object({ kind: issueKind });

export const InvoicePreviewRow = z.object({
  name: z.string(),
  qty: z.number(),
  /** Cents; null where the price is 'TBA'. */
  amount_cents: z.number().int().nullable(),
});

export const AdminInvoicePreviewResponse = successWith({
  kind: issueKind,
  /** The document it makes. */
  document: z.enum(INVOICE_DOCUMENT_KINDS),
  /** The lines: the order's for the first invoice; what changed (signed) for a difference or a credit note. */
  rows: z.array(InvoicePreviewRow),
  subtotal_cents: z.number().int(),
  tax_cents: z.number().int(),
  /** What it asks for or credits, never negative: sent back to confirm. */
  amount_cents: z.number().int(),
  issue_date: z.string(),
  due_date: z.string().nullable(),
});
export type TAdminInvoicePreviewResponse = z.infer<typeof AdminInvoicePreviewResponse>;

/**
 * POST /api/admin/orders/:id/invoices: issue it. `amount_cents` is the amount staff saw
 * and confirmed: when the order changed meanwhile, nothing is issued (409).
 */
export const AdminIssueInvoiceBody = z.object({
  kind: issueKind,
  amount_cents: z.number({ error: MSG.invalidValue }).int(MSG.invalidValue).min(0, MSG.invalidValue),
});
export type TAdminIssueInvoiceBody = z.input<typeof AdminIssueInvoiceBody>;
export const AdminIssueInvoiceResponse = successWith({ invoice: OrderInvoiceEntry });
export type TAdminIssueInvoiceResponse = z.infer<typeof AdminIssueInvoiceResponse>;

/** /api/admin/orders/:id/invoices/:number */
/** GET /api/admin/orders/:id/receipts/:payment */
export const AdminReceiptParams = z.object({
  id: queryInt('id', { min: 1, max: 2_147_483_647 }),
  payment: queryInt('payment', { min: 1, max: 2_147_483_647 }),
});

export const AdminInvoiceParams = z.object({
  id: queryInt('id', { min: 1, max: 2_147_483_647 }),
  number: queryInt('number', { min: 1, max: 2_147_483_647 }),
});
