import { sql } from 'drizzle-orm';
import { boolean, index, integer, pgTable, serial, smallint, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { users } from './accounts.ts';
import { timestamps } from './columns.ts';
import { orders } from './orders.ts';

/** SEO records the screens read their head from (ids fixed by the spec: 1 home … 12). */
export const content_pages = pgTable('content_pages', {
  id: integer('id').primaryKey(),
  /** Staff-facing name, e.g. 'Home' or 'Checkout'. */
  name: text('name').notNull(),
  slug: text('slug').notNull(),
  seo_title: text('seo_title').notNull(),
  seo_description: text('seo_description').notNull(),
  image_url: text('image_url').notNull().default(''),
  image_width: integer('image_width').notNull().default(600),
  image_height: integer('image_height').notNull().default(600),
  /** Sanitised HTML (D16) the page shows as its text, where it shows one; empty keeps the page's own text. */
  body_html: text('body_html').notNull().default(''),
  ...timestamps,
});

/** Key/value settings edited by staff (D9). */
export const site_settings = pgTable('site_settings', {
  key: text('key').primaryKey(),
  value: text('value').notNull(),
  ...timestamps,
});

export const testimonials = pgTable(
  'testimonials',
  {
    id: serial('id').primaryKey(),
    name: text('name').notNull(),
    address: text('address').notNull().default(''),
    /** Sanitised HTML (D16). */
    note: text('note').notNull(),
    sort_order: integer('sort_order').notNull().default(0),
    published: boolean('published').notNull().default(true),
    ...timestamps,
  },
  (t) => [index('testimonials_published_idx').on(t.published, t.sort_order)],
);

/** The support page's tiles (Account, Payment, Delivery, Product). */
export const faq_categories = pgTable('faq_categories', {
  id: serial('id').primaryKey(),
  name: text('name').notNull(),
  slug: text('slug').notNull().unique(),
  icon: text('icon').notNull().default(''),
  /** A short line under the tile's name. */
  description: text('description').notNull().default(''),
  /** Which side sees it: 0 both, 4 schools, 5 sponsors. */
  audience: smallint('audience').notNull().default(0),
  sort_order: integer('sort_order').notNull().default(0),
  ...timestamps,
});

export const faqs = pgTable(
  'faqs',
  {
    id: serial('id').primaryKey(),
    category_id: integer('category_id')
      .notNull()
      .references(() => faq_categories.id, { onDelete: 'cascade' }),
    question: text('question').notNull(),
    /** Sanitised HTML (D16). */
    answer: text('answer').notNull(),
    /** Who reads it: 0 schools and sponsors, 4 schools, 5 sponsors. */
    audience: smallint('audience').notNull().default(0),
    sort_order: integer('sort_order').notNull().default(0),
    ...timestamps,
  },
  (t) => [index('faqs_category_idx').on(t.category_id, t.sort_order)],
);

/**
 * Messages from the public contact form, the sponsor "register" form and the
 * contact-to-cancel form: stored, then e-mailed to staff (D8).
 */
export const contact_requests = pgTable(
  'contact_requests',
  {
    id: serial('id').primaryKey(),
    kind: text('kind').$type<'contact' | 'sponsor' | 'cancel'>().notNull(),
    fullname: text('fullname').notNull(),
    email: text('email').notNull(),
    phone: text('phone').notNull().default(''),
    state: text('state').notNull().default(''),
    city: text('city').notNull().default(''),
    /** Company or school name. */
    company: text('company').notNull().default(''),
    message: text('message').notNull(),
    user_id: integer('user_id').references(() => users.id, { onDelete: 'set null' }),
    /** For cancel requests: the order concerned. */
    order_id: integer('order_id').references(() => orders.id, { onDelete: 'cascade' }),
    handled_at: timestamp('handled_at', { withTimezone: true }),
    handled_by: integer('handled_by').references(() => users.id, { onDelete: 'set null' }),
    /** The key the form sent with it: the same key again is the same request, stored and mailed once. */
    idempotency_key: text('idempotency_key'),
    ...timestamps,
  },
  (t) => [
    uniqueIndex('contact_requests_idempotency_key_idx').on(t.idempotency_key),
    index('contact_requests_kind_idx').on(t.kind, t.created_at),
    index('contact_requests_open_idx').on(t.created_at).where(sql`${t.handled_at} is null`),
    index('contact_requests_user_idx').on(t.user_id),
    index('contact_requests_handled_by_idx').on(t.handled_by),
    index('contact_requests_order_idx').on(t.order_id),
  ],
);
