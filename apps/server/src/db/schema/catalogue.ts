import { sql } from 'drizzle-orm';
import { index, integer, pgTable, serial, smallint, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { users } from './accounts.ts';
import { timestamps } from './columns.ts';

export const categories = pgTable(
  'categories',
  {
    id: serial('id').primaryKey(),
    category_name: text('category_name').notNull(),
    category_slug: text('category_slug').notNull(),
    category_name_seo: text('category_name_seo').notNull().default(''),
    category_description: text('category_description').notNull().default(''),
    category_description_seo: text('category_description_seo').notNull().default(''),
    category_image: text('category_image').notNull().default(''),
    category_canonical: text('category_canonical').notNull().default(''),
    sort_order: integer('sort_order').notNull().default(0),
    ...timestamps,
  },
  (t) => [uniqueIndex('categories_slug_key').on(t.category_slug)],
);

export const products = pgTable(
  'products',
  {
    id: serial('id').primaryKey(),
    category_id: integer('category_id')
      .notNull()
      .references(() => categories.id),
    product_name: text('product_name').notNull(),
    product_slug: text('product_slug').notNull(),
    seo_title: text('seo_title').notNull().default(''),
    seo_description: text('seo_description').notNull().default(''),
    /** 'order' is reserved through the order form; 'inquery' (spec spelling) goes to the sales rep. */
    type: text('type').$type<'order' | 'inquery'>().notNull(),
    /** 1: signed-out visitors see the card only. */
    login_req: smallint('login_req').notNull().default(0),
    include_overview_btn: smallint('include_overview_btn').notNull().default(0),
    include_contact_btn: smallint('include_contact_btn').notNull().default(1),
    overview_pdf: text('overview_pdf').notNull().default(''),
    overview_btn_label: text('overview_btn_label').notNull().default(''),
    /** Sanitised HTML (D16). */
    product_desc: text('product_desc').notNull().default(''),
    product_spec: text('product_spec').notNull().default(''),
    /** Regular price in cents; 0 for free sponsored items. */
    price_cents: integer('price_cents').notNull().default(0),
    brand: text('brand').notNull().default(''),
    /** 1 listed, 0 hidden by staff. */
    status: smallint('status').notNull().default(1),
    ...timestamps,
  },
  (t) => [
    uniqueIndex('products_slug_key').on(t.product_slug),
    index('products_category_idx').on(t.category_id, t.status, t.created_at),
    index('products_created_idx').on(t.status, t.created_at),
    index('products_brand_idx').on(t.brand),
    index('products_name_search_idx').using('gin', sql`to_tsvector('english', ${t.product_name})`),
  ],
);

export const product_images = pgTable(
  'product_images',
  {
    id: serial('id').primaryKey(),
    product_id: integer('product_id')
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    url: text('url').notNull(),
    width: integer('width').notNull(),
    height: integer('height').notNull(),
    /** The same picture made small for product cards, which show it at a few hundred pixels; '' when there is none. */
    card_url: text('card_url').notNull().default(''),
    card_width: integer('card_width').notNull().default(0),
    alt: text('alt').notNull().default(''),
    sort_order: integer('sort_order').notNull().default(0),
    ...timestamps,
  },
  (t) => [index('product_images_product_idx').on(t.product_id, t.sort_order)],
);

/** Prices of an orderable product's reservation form, in cents (D10). */
export const cost_sheets = pgTable('cost_sheets', {
  product_id: integer('product_id')
    .primaryKey()
    .references(() => products.id, { onDelete: 'cascade' }),
  planner_price: integer('planner_price').notNull().default(0),
  /** Per printed side. */
  cust_page_price: integer('cust_page_price').notNull().default(0),
  vinyl_price: integer('vinyl_price').notNull().default(0),
  cover_price_1: integer('cover_price_1').notNull().default(0),
  cover_price_2: integer('cover_price_2').notNull().default(0),
  cover_price_3: integer('cover_price_3').notNull().default(0),
  /** Pickup: charged once. */
  delivery_price_1: integer('delivery_price_1').notNull().default(0),
  /** Delivery to school: per planner. */
  delivery_price_2: integer('delivery_price_2').notNull().default(0),
  /** Reorder during the year: priced later (TBA). */
  delivery_price_3: integer('delivery_price_3').notNull().default(0),
  car_magnet_price_250: integer('car_magnet_price_250').notNull().default(0),
  car_magnet_price_500: integer('car_magnet_price_500').notNull().default(0),
  car_magnet_price_1000: integer('car_magnet_price_1000').notNull().default(0),
  ...timestamps,
});

/** Product page visits, for "recently viewed" by user or by anonymous cart id. */
export const product_visits = pgTable(
  'product_visits',
  {
    id: serial('id').primaryKey(),
    product_id: integer('product_id')
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    user_id: integer('user_id').references(() => users.id, { onDelete: 'cascade' }),
    cart_id: text('cart_id').notNull().default(''),
    visited_at: timestamp('visited_at', { withTimezone: true }).notNull().defaultNow(),
    ...timestamps,
  },
  (t) => [
    index('product_visits_user_idx').on(t.user_id, t.visited_at),
    index('product_visits_cart_idx').on(t.cart_id, t.visited_at),
    index('product_visits_product_idx').on(t.product_id),
  ],
);
