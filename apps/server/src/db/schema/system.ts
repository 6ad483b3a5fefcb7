import { index, integer, jsonb, pgTable, serial, smallint, text, timestamp } from 'drizzle-orm/pg-core';
import { users } from './accounts.ts';
import { timestamps } from './columns.ts';

/**
 * Every e-mail the product sends. A job delivers it over SMTP; without SMTP (not in
 * production) it stays here with status 'kept' and is listed at /dev/mailbox (D14).
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
    status: text('status').$type<'queued' | 'sent' | 'failed' | 'kept'>().notNull().default('queued'),
    attempts: smallint('attempts').notNull().default(0),
    last_error: text('last_error'),
    sent_at: timestamp('sent_at', { withTimezone: true }),
    ...timestamps,
  },
  (t) => [index('email_outbox_status_idx').on(t.status, t.created_at), index('email_outbox_to_idx').on(t.to_address)],
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
