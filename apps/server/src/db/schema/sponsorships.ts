import { BUSINESS_TIME_ZONE } from '@portal/contracts/business-time';
import { sql } from 'drizzle-orm';
import {
  check,
  date,
  index,
  integer,
  pgTable,
  serial,
  smallint,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { users } from './accounts.ts';
import { timestamps } from './columns.ts';
import { payments } from './payments.ts';

export type SponsorshipStatus = 'Requested' | 'Approved' | 'Partial' | 'Completed';

/** A sponsorship group: ads a sponsor buys in school planners, set up by staff. */
export const sponsorships = pgTable(
  'sponsorships',
  {
    id: serial('id').primaryKey(),
    sponsor_user_id: integer('sponsor_user_id')
      .notNull()
      .references(() => users.id),
    status: text('status').$type<SponsorshipStatus>().notNull().default('Requested'),
    total_qty: integer('total_qty').notNull().default(0),
    total_cents: integer('total_cents').notNull().default(0),
    /** Sum of confirmed payments; never above total_cents. */
    paid_cents: integer('paid_cents').notNull().default(0),
    /** The school year it belongs to, as its starting calendar year (e.g. 2026). */
    year: smallint('year').notNull(),
    created_by: integer('created_by').references(() => users.id, { onDelete: 'set null' }),
    /**
     * When staff approved it, the day its payment term starts (the money-owed report and the
     * reminders); null for one set up as approved, whose term starts when it was made.
     */
    approved_at: timestamp('approved_at', { withTimezone: true }),
    ...timestamps,
    /**
     * The business day (in the business's time zone) its payment term starts from: the day it
     * was approved, or made. Kept by the database beside the timestamps it comes from, so that
     * the money-owed report ages a region's sponsorships without converting every timestamp
     * to the business's zone on every request.
     */
    billed_on: date('billed_on').generatedAlwaysAs(
      sql`((coalesce(approved_at, created_at) at time zone ${sql.raw(`'${BUSINESS_TIME_ZONE}'`)})::date)`,
    ),
  },
  (t) => [
    index('sponsorships_sponsor_idx').on(t.sponsor_user_id, t.year, t.updated_at),
    index('sponsorships_created_by_idx').on(t.created_by),
    // The back office's list, newest change first (its default sort), a page at a time.
    index('sponsorships_updated_idx').on(t.updated_at, t.id),
    // Its other sorts, a page after another by cursor (the sponsor's is another table's).
    index('sponsorships_year_idx').on(t.year, t.id),
    index('sponsorships_total_idx').on(t.total_cents, t.id),
    index('sponsorships_left_idx').on(sql`(${t.total_cents} - ${t.paid_cents})`, t.id),
    // The last guard against over-payment: a confirmation that would pay more than is owed fails whole.
    check('sponsorships_paid_within_total', sql`${t.paid_cents} >= 0 and ${t.paid_cents} <= ${t.total_cents}`),
  ],
);

export const sponsorship_items = pgTable(
  'sponsorship_items',
  {
    id: serial('id').primaryKey(),
    sponsorship_id: integer('sponsorship_id')
      .notNull()
      .references(() => sponsorships.id, { onDelete: 'cascade' }),
    sponsorship_type: text('sponsorship_type').notNull(),
    county: text('county').notNull().default(''),
    book_name: text('book_name').notNull().default(''),
    school_name: text('school_name').notNull().default(''),
    adv_size: text('adv_size').notNull().default(''),
    qty: integer('qty').notNull(),
    rate_cents: integer('rate_cents').notNull(),
    artwork: text('artwork').notNull().default(''),
    comments: text('comments').notNull().default(''),
    subtotal_cents: integer('subtotal_cents').notNull(),
    artwork_price_cents: integer('artwork_price_cents').notNull().default(0),
    total_cents: integer('total_cents').notNull(),
    ...timestamps,
  },
  (t) => [index('sponsorship_items_sponsorship_idx').on(t.sponsorship_id)],
);

/** How a payment is split across sponsorships (one row for a single payment). */
export const payment_allocations = pgTable(
  'payment_allocations',
  {
    id: serial('id').primaryKey(),
    payment_id: integer('payment_id')
      .notNull()
      .references(() => payments.id, { onDelete: 'cascade' }),
    sponsorship_id: integer('sponsorship_id')
      .notNull()
      .references(() => sponsorships.id),
    amount_cents: integer('amount_cents').notNull(),
    ...timestamps,
  },
  (t) => [
    uniqueIndex('payment_allocations_pair_key').on(t.payment_id, t.sponsorship_id),
    index('payment_allocations_sponsorship_idx').on(t.sponsorship_id),
  ],
);

/** What the sponsor sees on a sponsorship: each attempt, confirmed (1) or failed (0). */
export const sponsorship_transactions = pgTable(
  'sponsorship_transactions',
  {
    id: serial('id').primaryKey(),
    sponsorship_id: integer('sponsorship_id')
      .notNull()
      .references(() => sponsorships.id, { onDelete: 'cascade' }),
    payment_id: integer('payment_id').references(() => payments.id),
    transaction_id: text('transaction_id').notNull(),
    amount_cents: integer('amount_cents').notNull(),
    payment_status: smallint('payment_status').notNull(),
    payment_date: timestamp('payment_date', { withTimezone: true }).notNull().defaultNow(),
    ...timestamps,
  },
  (t) => [
    index('sponsorship_transactions_sponsorship_idx').on(t.sponsorship_id, t.payment_date),
    uniqueIndex('sponsorship_transactions_payment_key').on(t.payment_id, t.sponsorship_id),
  ],
);

/**
 * The built-in test gateway's checkout sessions (D13): what its hosted page charges and
 * where it sends the payer back. Kept in the database so that any server process can
 * serve the page and answer the confirmation.
 */
export const test_gateway_sessions = pgTable('test_gateway_sessions', {
  /** Unguessable: the hosted page's address. */
  id: text('id').primaryKey(),
  amount_cents: integer('amount_cents').notNull(),
  currency: text('currency').notNull().default('usd'),
  description: text('description').notNull(),
  success_url: text('success_url').notNull(),
  cancel_url: text('cancel_url').notNull(),
  /** Our payment's key, echoed back as Stripe's client_reference_id is. */
  reference: text('reference').notNull(),
  status: text('status').$type<'open' | 'paid' | 'declined' | 'expired'>().notNull().default('open'),
  card_last4: text('card_last4'),
  paid_at: timestamp('paid_at', { withTimezone: true }),
  ...timestamps,
});

/** The test gateway's refunds of its sessions: one per refund key, as Stripe's idempotency makes it. */
export const test_gateway_refunds = pgTable(
  'test_gateway_refunds',
  {
    id: text('id').primaryKey(),
    session_id: text('session_id')
      .notNull()
      .references(() => test_gateway_sessions.id),
    amount_cents: integer('amount_cents').notNull(),
    refund_key: text('refund_key').notNull(),
    ...timestamps,
  },
  (t) => [uniqueIndex('test_gateway_refunds_key_key').on(t.refund_key)],
);
