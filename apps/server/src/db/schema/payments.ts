import { sql } from 'drizzle-orm';
import { index, integer, pgTable, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { users } from './accounts.ts';
import { timestamps } from './columns.ts';
import { orders } from './orders.ts';

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
    status: text('status').$type<'pending' | 'succeeded' | 'failed'>().notNull().default('pending'),
    confirmed_at: timestamp('confirmed_at', { withTimezone: true }),
    ...timestamps,
  },
  (t) => [
    uniqueIndex('payments_key_key').on(t.payment_key),
    uniqueIndex('payments_gateway_ref_key').on(t.gateway, t.gateway_ref),
    index('payments_user_idx').on(t.user_id),
    index('payments_order_idx').on(t.order_id),
    // One payment of an order in flight at a time: two checkouts at once cannot both charge it.
    uniqueIndex('payments_one_pending_per_order')
      .on(t.order_id)
      .where(sql`${t.status} = 'pending' and ${t.order_id} is not null`),
  ],
);
