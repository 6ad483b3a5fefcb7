import { date, integer, pgTable, text, unique } from 'drizzle-orm/pg-core';

/**
 * What is owed, one row per open item: each invoice of an order with money still owed on it,
 * and each approved sponsorship with a balance. Kept by the database itself (triggers on
 * invoices, orders and sponsorships, migration 0052), from the one definition of an open item
 * (the view `money_owed_items`), in the transaction that changes what it is made from; the
 * app only reads it. The money-owed report, its CSV, the dashboard's figures and the
 * reminders page, add up and walk it by its due-date index instead of working every
 * invoice and sponsorship out again on each request.
 */
export const money_open_items = pgTable(
  'money_open_items',
  {
    kind: text('kind').$type<'order' | 'sponsorship'>().notNull(),
    /** The order's or the sponsorship's id. */
    record_id: integer('record_id').notNull(),
    /** The order's invoice; null for a sponsorship. */
    invoice_id: integer('invoice_id'),
    /** The invoice's number (or the order's, for its first invoice kept without one). */
    number: integer('number'),
    /** The school or sponsor who owes it. */
    user_id: integer('user_id').notNull(),
    due_date: date('due_date', { mode: 'string' }).notNull(),
    total_cents: integer('total_cents').notNull(),
    paid_cents: integer('paid_cents').notNull(),
  },
  (t) => [unique('money_open_items_key').on(t.kind, t.record_id, t.invoice_id).nullsNotDistinct()],
);
