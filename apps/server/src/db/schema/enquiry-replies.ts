import { index, integer, pgTable, serial, text, timestamp } from 'drizzle-orm/pg-core';
import { users } from './accounts.ts';
import { enquiries } from './orders.ts';

/** Staff replies to a sponsor's enquiry: plain text, shown on the sponsor's enquiry page. */
export const enquiry_replies = pgTable(
  'enquiry_replies',
  {
    id: serial('id').primaryKey(),
    enquiry_id: integer('enquiry_id')
      .notNull()
      .references(() => enquiries.id, { onDelete: 'cascade' }),
    author_user_id: integer('author_user_id')
      .notNull()
      .references(() => users.id),
    message: text('message').notNull(),
    created_at: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('enquiry_replies_enquiry_idx').on(t.enquiry_id, t.id),
    index('enquiry_replies_author_idx').on(t.author_user_id),
  ],
);
