import { sql } from 'drizzle-orm';
import {
  check,
  date,
  index,
  integer,
  pgTable,
  serial,
  text,
  timestamp,
  unique,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { users } from './accounts.ts';
import { timestamps } from './columns.ts';
import { invoices, orders } from './orders.ts';
import { sponsorships } from './sponsorships.ts';

/**
 * A payment started with the gateway: for an order, one sponsorship or several (bulk).
 * It counts only once the server has confirmed it with the gateway (D13).
 */
export const payments = pgTable(
  'payments',
  {
    id: serial('id').primaryKey(),
    payment_key: text('payment_key').notNull(),
    kind: text('kind').$type<'order' | 'sponsorship' | 'bulk'>().notNull(),
    user_id: integer('user_id')
      .notNull()
      .references(() => users.id),
    order_id: integer('order_id').references(() => orders.id),
    amount_cents: integer('amount_cents').notNull(),
    gateway: text('gateway').notNull(),
    /** The gateway's own reference (session or charge id). */
    gateway_ref: text('gateway_ref'),
    /** The pay link it was started from, when the payer came by one rather than signed in. */
    pay_link_id: integer('pay_link_id').references(() => pay_links.id),
    status: text('status').$type<'pending' | 'succeeded' | 'failed'>().notNull().default('pending'),
    confirmed_at: timestamp('confirmed_at', { withTimezone: true }),
    /**
     * A problem payment's end as an administrator decided it (payment-problems.ts), or
     * 'refunding' while its refund is being asked for: once set, no later word from the
     * gateway changes the payment.
     */
    problem_resolution: text('problem_resolution').$type<'record' | 'refund' | 'fail' | 'refunding'>(),
    ...timestamps,
  },
  (t) => [
    check(
      'payments_problem_resolution_known',
      sql`${t.problem_resolution} in ('record', 'refund', 'fail', 'refunding')`,
    ),
    uniqueIndex('payments_key_key').on(t.payment_key),
    // A gateway's reference is its own; a check's or a transfer's, recorded by staff, is unique per payer.
    uniqueIndex('payments_gateway_ref_key').on(t.gateway, t.gateway_ref).where(sql`${t.gateway} <> 'offline'`),
    uniqueIndex('payments_offline_ref_per_payer_key').on(t.user_id, t.gateway_ref).where(sql`${t.gateway} = 'offline'`),
    index('payments_user_idx').on(t.user_id),
    index('payments_order_idx').on(t.order_id),
    // Reconciliation's sweep: the payments still in flight, oldest first.
    index('payments_status_created_idx').on(t.status, t.created_at),
    // One payment of an order in flight at a time: two checkouts at once cannot both charge it.
    uniqueIndex('payments_one_pending_per_order')
      .on(t.order_id)
      .where(sql`${t.status} = 'pending' and ${t.order_id} is not null`),
  ],
);

/**
 * Money given back of a confirmed payment: to the card through the gateway that took it, or
 * by hand (a check sent, a transfer made) as staff record it. A refund counts once it
 * succeeded; what the refunds of a payment ask, failed ones aside, never exceeds what the
 * payment brought (refund-order-payment.ts checks it with the payment locked).
 */
export const refunds = pgTable(
  'refunds',
  {
    id: serial('id').primaryKey(),
    payment_id: integer('payment_id')
      .notNull()
      .references(() => payments.id),
    /** Of a payment of sponsorships, the one whose share it gives back (a bulk payment paid several). */
    sponsorship_id: integer('sponsorship_id').references(() => sponsorships.id),
    amount_cents: integer('amount_cents').notNull(),
    /**
     * 'card': through the payment's gateway; 'offline': a check or a transfer staff sent;
     * 'credit': kept as the payer's credit and applied to another of their records.
     */
    method: text('method').$type<'card' | 'offline' | 'credit'>().notNull(),
    /** The gateway's reference of the refund, or the check's or transfer's as staff typed it. */
    reference: text('reference'),
    /** Why the money was given back, as staff said it (on the school's e-mail and the history). */
    reason: text('reason').notNull(),
    status: text('status').$type<'pending' | 'succeeded' | 'failed'>().notNull().default('pending'),
    /** What the gateway said when it refused, for staff. */
    failure: text('failure'),
    created_by: integer('created_by').references(() => users.id, { onDelete: 'set null' }),
    ...timestamps,
  },
  (t) => [index('refunds_payment_idx').on(t.payment_id), check('refunds_amount_positive', sql`${t.amount_cents} > 0`)],
);

/**
 * A card dispute (a chargeback) of a payment, as the gateway reports it: open while the
 * cardholder's bank decides, won (the money stays) or lost (it went back to the cardholder,
 * and the account counts it as a refund: `refund_id`). One row per gateway dispute.
 */
export const payment_disputes = pgTable(
  'payment_disputes',
  {
    id: serial('id').primaryKey(),
    payment_id: integer('payment_id')
      .notNull()
      .references(() => payments.id),
    /** The gateway's reference of the dispute. */
    gateway_ref: text('gateway_ref').notNull(),
    amount_cents: integer('amount_cents').notNull(),
    /** The bank's reason, in the gateway's word. */
    reason: text('reason').notNull(),
    status: text('status').$type<'open' | 'won' | 'lost'>().notNull(),
    /** By when the gateway wants our evidence, while it is open. */
    respond_by: timestamp('respond_by', { withTimezone: true }),
    /** The refund that counts a lost dispute's money as given back. */
    refund_id: integer('refund_id').references(() => refunds.id),
    ...timestamps,
  },
  (t) => [
    uniqueIndex('payment_disputes_gateway_ref_key').on(t.gateway_ref),
    index('payment_disputes_payment_idx').on(t.payment_id),
    check('payment_disputes_status', sql`${t.status} in ('open', 'won', 'lost')`),
    check('payment_disputes_amount_positive', sql`${t.amount_cents} > 0`),
  ],
);

/**
 * A link sent by e-mail that lets whoever holds it pay one sponsorship or an order's balance
 * without signing in. Only its key's hash is kept (`hashToken`, as sessions are): a copy of
 * the database opens no link (decision 029). A set amount, or none: what is left when it is
 * opened. A link staff send ends the earlier ones of its record (their `expires_at` is set
 * to that moment).
 */
export const pay_links = pgTable(
  'pay_links',
  {
    id: serial('id').primaryKey(),
    /** SHA-256 of the key, in hex (`hashToken`); the key itself is only in the e-mail. */
    key_hash: text('key_hash').notNull(),
    kind: text('kind').$type<'sponsorship' | 'order'>().notNull(),
    sponsorship_id: integer('sponsorship_id').references(() => sponsorships.id, { onDelete: 'cascade' }),
    order_id: integer('order_id').references(() => orders.id, { onDelete: 'cascade' }),
    amount_cents: integer('amount_cents'),
    created_by: integer('created_by').references(() => users.id, { onDelete: 'set null' }),
    expires_at: timestamp('expires_at', { withTimezone: true }).notNull(),
    ...timestamps,
  },
  (t) => [
    uniqueIndex('pay_links_key_hash_key').on(t.key_hash),
    index('pay_links_sponsorship_idx').on(t.sponsorship_id),
    index('pay_links_order_idx').on(t.order_id),
    check(
      'pay_links_one_target',
      sql`(${t.kind} = 'sponsorship' and ${t.sponsorship_id} is not null and ${t.order_id} is null) or (${t.kind} = 'order' and ${t.order_id} is not null and ${t.sponsorship_id} is null)`,
    ),
    check('pay_links_amount_positive', sql`${t.amount_cents} is null or ${t.amount_cents} > 0`),
  ],
);

/**
 * A payment reminder sent (7 days before, on, and 14 days after the due date): one row per
 * record and step, written in the transaction that queues its e-mail, so that however many
 * servers run the reminders job at once, each step is mailed once.
 */
export const payment_reminders = pgTable(
  'payment_reminders',
  {
    id: serial('id').primaryKey(),
    kind: text('kind').$type<'sponsorship' | 'order'>().notNull(),
    record_id: integer('record_id').notNull(),
    /** The order's invoice it reminded of (each is reminded on its own schedule); null for a sponsorship. */
    invoice_id: integer('invoice_id').references(() => invoices.id),
    step: text('step').$type<'before' | 'due' | 'after'>().notNull(),
    /** The due date it reminded of (YYYY-MM-DD). */
    due_date: date('due_date', { mode: 'string' }).notNull(),
    pay_link_id: integer('pay_link_id').references(() => pay_links.id, { onDelete: 'set null' }),
    ...timestamps,
  },
  // Each step of each invoice (or sponsorship) is claimed once, whatever the number of servers.
  (t) => [unique('payment_reminders_claim_key').on(t.kind, t.record_id, t.invoice_id, t.step).nullsNotDistinct()],
);
