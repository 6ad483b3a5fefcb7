import { sql } from 'drizzle-orm';
import {
  check,
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
import { timestamps } from './columns.ts';

/**
 * Every e-mail the product sends. A job delivers it over SMTP; without SMTP (not in
 * production) it stays here with status 'kept' and is listed at /dev/mailbox (D14).
 * A delivery claims the row ('sending', `claimed_until`) before it sends, so that two
 * deliveries of one message send it once (decision 022). A message sent keeps no secret link
 * (decision 029).
 */
export const email_outbox = pgTable(
  'email_outbox',
  {
    id: serial('id').primaryKey(),
    to_address: text('to_address').notNull(),
    cc_address: text('cc_address').notNull().default(''),
    subject: text('subject').notNull(),
    html: text('html').notNull(),
    text: text('text').notNull(),
    /** Which message it is: 'welcome', 'password-reset', … */
    template: text('template').notNull(),
    /**
     * The secrets the message carries (a reset or invitation key, a pay link's key), as its
     * template declared them: once it is sent they are cut out of `html` and `text` and this
     * is emptied, so that the outbox never keeps a working link (decision 029).
     */
    secrets: text('secrets').array().notNull().default(sql`'{}'::text[]`),
    /** The issued invoice or credit note it carries as a PDF, drawn from what the document said when issued when it is sent. */
    invoice_id: integer('invoice_id'),
    /** The payment whose receipt it carries as a PDF, drawn when it is sent (an order's payment). */
    payment_id: integer('payment_id'),
    status: text('status').$type<'queued' | 'sending' | 'sent' | 'failed' | 'kept'>().notNull().default('queued'),
    attempts: smallint('attempts').notNull().default(0),
    /** While 'sending': until when the delivery that claimed it holds it; past it, the send is tried again. */
    claimed_until: timestamp('claimed_until', { withTimezone: true }),
    last_error: text('last_error'),
    sent_at: timestamp('sent_at', { withTimezone: true }),
    ...timestamps,
  },
  (t) => [index('email_outbox_status_idx').on(t.status, t.created_at), index('email_outbox_to_idx').on(t.to_address)],
);

/**
 * What the audit log's search reads of a row: its action, record and values changed, in one
 * text that its trigram index (pg_trgm) serves for any words, case aside.
 */
export const AUDIT_SEARCH_TEXT = sql.raw(
  `("audit_log"."action" || ' ' || "audit_log"."entity" || ' ' || "audit_log"."entity_id" || ' ' || "audit_log"."changes"::text)`,
);

/** Who changed what in the back office, and when. */
export const audit_log = pgTable(
  'audit_log',
  {
    id: serial('id').primaryKey(),
    actor_user_id: integer('actor_user_id').references(() => users.id, { onDelete: 'set null' }),
    action: text('action').notNull(),
    entity: text('entity').notNull(),
    entity_id: text('entity_id').notNull(),
    changes: jsonb('changes').$type<Record<string, unknown>>().notNull().default({}),
    ip: text('ip'),
    ...timestamps,
  },
  (t) => [
    index('audit_log_entity_idx').on(t.entity, t.entity_id),
    index('audit_log_actor_idx').on(t.actor_user_id, t.created_at),
    index('audit_log_search_idx').using('gin', sql`${AUDIT_SEARCH_TEXT} gin_trgm_ops`),
  ],
);

/**
 * Fixed-window counters for rate limits (sign-in, password reset), shared by every server
 * process. A key is e.g. 'login:ip:203.0.113.5' or 'login:account:a@b.com'.
 */
export const rate_limits = pgTable(
  'rate_limits',
  {
    key: text('key').primaryKey(),
    window_start: timestamp('window_start', { withTimezone: true }).notNull(),
    hits: integer('hits').notNull().default(0),
  },
  (t) => [index('rate_limits_window_idx').on(t.window_start)],
);

/**
 * Numbers handed out one after another with no gap (invoice numbers): the row is locked
 * while a number is taken, and taking it commits with what it numbers, or not at all.
 */
export const counters = pgTable('counters', {
  name: text('name').primaryKey(),
  value: integer('value').notNull().default(0),
});

/**
 * Links that open one document (an order's invoice or quote, a sponsorship's summary) in the browser's viewer: a
 * new tab sends no session, so the link itself is the credential. Random, stored hashed,
 * for one document only, and short-lived.
 */
export const document_links = pgTable(
  'document_links',
  {
    id: serial('id').primaryKey(),
    token_hash: text('token_hash').notNull(),
    user_id: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    order_id: integer('order_id'),
    sponsorship_id: integer('sponsorship_id'),
    kind: text('kind').$type<'invoice' | 'quote' | 'sponsorship-summary'>().notNull(),
    /** YYYY-MM-DD: the date the document carries. */
    issued: text('issued').notNull(),
    expires_at: timestamp('expires_at', { withTimezone: true }).notNull(),
    created_at: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('document_links_token_key').on(t.token_hash),
    index('document_links_expiry_idx').on(t.expires_at),
    check('document_links_one_document', sql`(${t.order_id} is null) <> (${t.sponsorship_id} is null)`),
  ],
);

/**
 * The parts of the reference data written once at an installation's first start (the FAQs
 * staff then keep): a part listed here is never written again, so what staff delete stays deleted.
 */
export const seeded_parts = pgTable('seeded_parts', {
  name: text('name').primaryKey(),
  seeded_at: timestamp('seeded_at', { withTimezone: true }).notNull().defaultNow(),
});
