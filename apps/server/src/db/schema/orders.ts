import type { PriceRow, StoredInvoice } from '@portal/contracts/documents';
import { TAX_RATE_MAX_BP } from '@portal/contracts/order-rules';
import type { OrderStatus } from '@portal/contracts/orders';
import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  check,
  date,
  index,
  integer,
  jsonb,
  pgTable,
  serial,
  smallint,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { users } from './accounts.ts';
import { products } from './catalogue.ts';
import { bytes, timestamps } from './columns.ts';

export type { PriceRow };

/**
 * The prices an order was given: its product's cost sheet (the price columns of
 * `cost_sheets`, in cents) as it was when the order left Pending.
 */
export interface OrderCostSheet {
  planner_price: number;
  cust_page_price: number;
  vinyl_price: number;
  cover_price_1: number;
  cover_price_2: number;
  cover_price_3: number;
  delivery_price_1: number;
  delivery_price_2: number;
  delivery_price_3: number;
  car_magnet_price_250: number;
  car_magnet_price_500: number;
  car_magnet_price_1000: number;
}

/** A school's reservation of one orderable product for one school year. */
export const orders = pgTable(
  'orders',
  {
    /** The readable order number (D11). */
    id: serial('id').primaryKey(),
    /** Unguessable key used in URLs (D11). */
    order_key: text('order_key').notNull(),
    school_user_id: integer('school_user_id')
      .notNull()
      .references(() => users.id),
    product_id: integer('product_id')
      .notNull()
      .references(() => products.id),
    status: text('status').$type<OrderStatus>().notNull().default('Pending'),
    /** e.g. '2026-2027'. */
    school_year: text('school_year').notNull().default(''),
    /** The reservation form's values (spec: custom_fields). */
    custom_fields: jsonb('custom_fields').$type<Record<string, unknown>>().notNull().default({}),
    /** The priced rows last computed by the server (spec: custom_price). */
    custom_price: jsonb('custom_price').$type<PriceRow[]>().notNull().default([]),
    subtotal_cents: integer('subtotal_cents').notNull().default(0),
    tax_cents: integer('tax_cents').notNull().default(0),
    /** Whether staff have added the tax yet. */
    has_tax: boolean('has_tax').notNull().default(false),
    /** The rate the tax follows as the subtotal changes, in basis points (750 = 7.50%); null for an amount (taxFor). */
    tax_rate_bp: integer('tax_rate_bp'),
    /** The subtotal the tax was last worked out on: an amount holds only for it. */
    tax_basis_cents: integer('tax_basis_cents'),
    total_cents: integer('total_cents').notNull().default(0),
    /**
     * What the order's confirmed payments brought in, kept in the transaction that confirms
     * each one (orders/order-payments.ts): the order's account is total_cents − received_cents
     * + refunded_cents (accountBalance in contracts' order-rules; below 0 it is the school's credit).
     */
    received_cents: integer('received_cents').notNull().default(0),
    /** What was refunded of it, kept in the transaction that records each refund (orders/refund-order-payment.ts). */
    refunded_cents: integer('refunded_cents').notNull().default(0),
    /**
     * The cost sheet the order is priced from once it is Reserved or placed: later changes of
     * the product's sheet apply to new orders and Pending ones only. Null while Pending.
     */
    cost_sheet: jsonb('cost_sheet').$type<OrderCostSheet>(),
    /** 0 none required, 1 invoice now, 2 card now, 3 reservation only, 4 invoice after delivery. */
    payment_method: smallint('payment_method'),
    payment_status: text('payment_status').$type<'unpaid' | 'paid' | 'refunded'>().notNull().default('unpaid'),
    purchase_order: text('purchase_order').notNull().default(''),
    delivery_date: date('delivery_date'),
    free_tnc_req: boolean('free_tnc_req').notNull().default(false),
    free_tnc_accepted_at: timestamp('free_tnc_accepted_at', { withTimezone: true }),
    cancel_requested_at: timestamp('cancel_requested_at', { withTimezone: true }),
    cancelled_at: timestamp('cancelled_at', { withTimezone: true }),
    placed_at: timestamp('placed_at', { withTimezone: true }),
    /** Given on the order's first invoice, from the `invoice` counter: one per order, none skipped. */
    invoice_number: integer('invoice_number'),
    ...timestamps,
  },
  (t) => [
    uniqueIndex('orders_key_key').on(t.order_key),
    uniqueIndex('orders_invoice_number_key').on(t.invoice_number),
    index('orders_school_idx').on(t.school_user_id, t.created_at),
    index('orders_product_idx').on(t.product_id),
    index('orders_status_idx').on(t.status),
    // The staff list's sorts (newest or largest first, and back), and its school-year choices. The two
    // sorts' indexes also hold what the list's filters read (INCLUDE, migration 0050).
    index('orders_created_idx').on(t.created_at, t.id),
    index('orders_total_idx').on(t.total_cents, t.id),
    index('orders_school_year_idx').on(t.school_year),
    // orders_invoiced_money_idx, covering what the money-owed report reads, is migration 0048's (INCLUDE).
    check(
      'orders_tax_rate_in_range',
      sql`${t.tax_rate_bp} is null or (${t.has_tax} and ${t.tax_rate_bp} between 0 and ${sql.raw(String(TAX_RATE_MAX_BP))})`,
    ),
    check('orders_received_not_negative', sql`${t.received_cents} >= 0`),
    // Nothing is given back that was not received.
    check(
      'orders_refunded_within_received',
      sql`${t.refunded_cents} >= 0 and ${t.refunded_cents} <= ${t.received_cents}`,
    ),
    // The last guard of the account (paymentStatusOf): paid exactly when the money it holds covers the total.
    check(
      'orders_paid_when_covered',
      sql`${t.payment_status} = 'refunded' or (${t.payment_status} = 'paid') = (${t.received_cents} - ${t.refunded_cents} > 0 and ${t.received_cents} - ${t.refunded_cents} >= ${t.total_cents})`,
    ),
  ],
);

/**
 * The orders of each school year that left Pending and were not cancelled, and what they
 * come to: the start page's figures, kept by a trigger on `orders` (migration 0045) as each
 * order is written, so that reading them never reads every order.
 */
export const order_year_totals = pgTable('order_year_totals', {
  school_year: text('school_year').primaryKey(),
  orders: integer('orders').notNull().default(0),
  total_cents: bigint('total_cents', { mode: 'number' }).notNull().default(0),
});

/** The form's four artwork kinds (spec §3), and the purchase-order document beside the PO number. */
export type OrderFileType = 'custom_pages' | 'cover_optn' | 'fss_car_mag' | 'fhomework_folders' | 'po_document';

/** Artwork uploaded with an order. The stored name is generated, never the client's (D7). */
export const order_files = pgTable(
  'order_files',
  {
    id: serial('id').primaryKey(),
    order_id: integer('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    file_type: text('file_type').$type<OrderFileType>().notNull(),
    /** The name the school's file had, shown back to people. */
    file_name: text('file_name').notNull(),
    stored_name: text('stored_name').notNull(),
    mime_type: text('mime_type').notNull(),
    size_bytes: integer('size_bytes').notNull(),
    ...timestamps,
  },
  (t) => [index('order_files_order_idx').on(t.order_id), uniqueIndex('order_files_stored_key').on(t.stored_name)],
);

/**
 * A document a school keeps for all its orders: its tax-exemption certificate, with the
 * date it expires. The newest one of a kind is the school's current one.
 */
export const school_documents = pgTable(
  'school_documents',
  {
    id: serial('id').primaryKey(),
    school_user_id: integer('school_user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    kind: text('kind').$type<'tax_certificate'>().notNull(),
    file_name: text('file_name').notNull(),
    stored_name: text('stored_name').notNull(),
    mime_type: text('mime_type').notNull(),
    size_bytes: integer('size_bytes').notNull(),
    expires_on: date('expires_on'),
    /** The order it was uploaded with, if any. */
    order_id: integer('order_id').references(() => orders.id, { onDelete: 'set null' }),
    ...timestamps,
  },
  (t) => [
    index('school_documents_school_idx').on(t.school_user_id, t.kind, t.created_at),
    uniqueIndex('school_documents_stored_key').on(t.stored_name),
  ],
);

/**
 * The invoices and credit notes issued for an order, kept as issued (decision 012): each
 * numbered from the `invoice` counter, one unbroken sequence for both, and drawn from its
 * own content from then on, whatever later happens to the order.
 */
export const invoices = pgTable(
  'invoices',
  {
    id: serial('id').primaryKey(),
    /**
     * An order with an issued document is never deleted, and the document itself is never
     * changed or removed (migration 0036): it stays as it was sent.
     */
    order_id: integer('order_id').references(() => orders.id, { onDelete: 'restrict' }),
    kind: text('kind').$type<'invoice' | 'credit-note'>().notNull(),
    /** From the `invoice` counter; the order's first invoice carries orders.invoice_number. */
    number: integer('number'),
    issue_date: date('issue_date').notNull(),
    /** Payment is due 30 days after issue; a credit note asks for nothing. */
    due_date: date('due_date'),
    /** What it adds to the amount invoiced: positive for an invoice, negative for a credit note. */
    total_cents: integer('total_cents').notNull(),
    /** Everything the PDF draws, as it was when the number was given. */
    content: jsonb('content').$type<StoredInvoice>(),
    /**
     * The PDF as it was sent, its SHA-256 (hex), the version of the template that drew it and
     * the language it was written in: a later template or translation cannot change what the
     * school received. Null for a document issued before they were kept (drawn from `content`).
     */
    pdf: bytes('pdf'),
    pdf_sha256: text('pdf_sha256'),
    template_version: integer('template_version'),
    language: text('language'),
    ...timestamps,
  },
  (t) => [
    index('invoices_order_idx').on(t.order_id),
    uniqueIndex('invoices_number_key').on(t.number),
    // invoices_owed_idx, covering what the money-owed report reads, is migration 0048's (INCLUDE).
  ],
);

export const enquiries = pgTable(
  'enquiries',
  {
    /** The readable enquiry number (D11). */
    id: serial('id').primaryKey(),
    enq_key: text('enq_key').notNull(),
    sponsor_user_id: integer('sponsor_user_id')
      .notNull()
      .references(() => users.id),
    product_id: integer('product_id')
      .notNull()
      .references(() => products.id),
    /** The sales rep it goes to; copied from the sponsor at submission. */
    srep_id: integer('srep_id').references(() => users.id),
    qty: integer('qty').notNull().default(1),
    fullname: text('fullname').notNull().default(''),
    email: text('email').notNull().default(''),
    phone: text('phone').notNull().default(''),
    company: text('company').notNull().default(''),
    message: text('message').notNull().default(''),
    /** A temporary enquiry becomes submitted when the form is sent. */
    submitted_at: timestamp('submitted_at', { withTimezone: true }),
    /** Closed by staff once dealt with; replies stay readable. */
    closed_at: timestamp('closed_at', { withTimezone: true }),
    ...timestamps,
  },
  (t) => [
    uniqueIndex('enquiries_key_key').on(t.enq_key),
    index('enquiries_sponsor_idx').on(t.sponsor_user_id, t.created_at),
    index('enquiries_product_idx').on(t.product_id),
    index('enquiries_srep_idx').on(t.srep_id).where(sql`${t.submitted_at} is not null`),
    // The back office's list: sent enquiries, newest first.
    index('enquiries_submitted_idx').on(t.submitted_at, t.id).where(sql`${t.submitted_at} is not null`),
  ],
);

/** What a proof shows: the school's custom cover or its custom pages. */
export type ProofShows = 'cover' | 'pages';
/** A proof waits for the school's answer until it approves it or asks for changes. */
export type ProofStatus = 'waiting' | 'approved' | 'changes_requested';

/**
 * A proof of a school's custom cover or custom pages, uploaded by staff for the school to
 * approve or send back with its changes. The file is kept through the file storage under a
 * generated name (D7).
 */
export const order_proofs = pgTable(
  'order_proofs',
  {
    id: serial('id').primaryKey(),
    order_id: integer('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    shows: text('shows').$type<ProofShows>().notNull(),
    /** The name the staff member's file had, shown back to people. */
    file_name: text('file_name').notNull(),
    stored_name: text('stored_name').notNull(),
    mime_type: text('mime_type').notNull(),
    size_bytes: integer('size_bytes').notNull(),
    uploaded_by: integer('uploaded_by')
      .notNull()
      .references(() => users.id),
    status: text('status').$type<ProofStatus>().notNull().default('waiting'),
    /** What the school wrote when it asked for changes (or with its approval). */
    comment: text('comment').notNull().default(''),
    answered_at: timestamp('answered_at', { withTimezone: true }),
    ...timestamps,
  },
  (t) => [
    index('order_proofs_order_idx').on(t.order_id, t.created_at),
    index('order_proofs_uploaded_by_idx').on(t.uploaded_by),
    // The back office asks often which orders have a proof waiting.
    index('order_proofs_waiting_idx').on(t.order_id).where(sql`${t.status} = 'waiting'`),
    uniqueIndex('order_proofs_stored_key').on(t.stored_name),
  ],
);
