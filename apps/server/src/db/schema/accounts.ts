import { sql } from 'drizzle-orm';
import { boolean, index, integer, pgTable, serial, smallint, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { timestamps } from './columns.ts';
import { counties, states } from './geography.ts';

/**
 * Everyone who signs in: schools (usertype 4), sponsors (5), and the provider's staff:
 * admins (1) and sales reps (2). The e-mail is the login and is kept lower-case.
 */
export const users = pgTable(
  'users',
  {
    id: serial('id').primaryKey(),
    email: text('email').notNull(),
    password_hash: text('password_hash'),
    usertype: smallint('usertype').notNull(),
    first_name: text('first_name').notNull().default(''),
    last_name: text('last_name').notNull().default(''),
    /** 1 active, 0 disabled by staff. */
    status: smallint('status').notNull().default(1),
    last_login_at: timestamp('last_login_at', { withTimezone: true }),
    ...timestamps,
  },
  (t) => [
    uniqueIndex('users_email_key').on(sql`lower(${t.email})`),
    index('users_usertype_idx').on(t.usertype),
    // The schools' and sponsors' lists, newest (or oldest) account first.
    index('users_usertype_created_idx').on(t.usertype, t.created_at, t.id),
    index('users_email_search_idx').using('gin', sql`${t.email} gin_trgm_ops`),
  ],
);

/** Sign-in sessions. Only a SHA-256 hash of the bearer token is stored (D4). */
export const sessions = pgTable(
  'sessions',
  {
    id: serial('id').primaryKey(),
    user_id: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    token_hash: text('token_hash').notNull(),
    remember: boolean('remember').notNull().default(false),
    /** Sliding expiry: 24 hours idle, or 30 days when "remember me" was ticked. */
    expires_at: timestamp('expires_at', { withTimezone: true }).notNull(),
    last_seen_at: timestamp('last_seen_at', { withTimezone: true }).notNull().defaultNow(),
    revoked_at: timestamp('revoked_at', { withTimezone: true }),
    ip: text('ip'),
    user_agent: text('user_agent'),
    ...timestamps,
  },
  (t) => [uniqueIndex('sessions_token_hash_key').on(t.token_hash), index('sessions_user_idx').on(t.user_id)],
);

/** Password-reset and invitation keys: single use, hashed, short-lived. */
export const password_resets = pgTable(
  'password_resets',
  {
    id: serial('id').primaryKey(),
    user_id: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    key_hash: text('key_hash').notNull(),
    /** 'reset' from the forgot-password form, 'invite' when staff create a sponsor. */
    purpose: text('purpose').$type<'reset' | 'invite'>().notNull().default('reset'),
    expires_at: timestamp('expires_at', { withTimezone: true }).notNull(),
    used_at: timestamp('used_at', { withTimezone: true }),
    ...timestamps,
  },
  (t) => [uniqueIndex('password_resets_key_hash_key').on(t.key_hash), index('password_resets_user_idx').on(t.user_id)],
);

export const schools = pgTable(
  'schools',
  {
    id: serial('id').primaryKey(),
    user_id: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    school_name: text('school_name').notNull().default(''),
    address: text('address').notNull().default(''),
    city: text('city').notNull().default(''),
    state_id: integer('state_id').references(() => states.id),
    county_id: integer('county_id').references(() => counties.id),
    zip: text('zip').notNull().default(''),
    /** Follows the district calendar: 1 yes, 0 no. */
    dist_calendar: smallint('dist_calendar'),
    phone: text('phone').notNull().default(''),
    website: text('website').notNull().default(''),
    avg_enrollment: integer('avg_enrollment'),
    /** Principal or head of school. */
    hod_name: text('hod_name').notNull().default(''),
    hod_email: text('hod_email').notNull().default(''),
    primary_name: text('primary_name').notNull().default(''),
    primary_position: text('primary_position').notNull().default(''),
    primary_phone: text('primary_phone').notNull().default(''),
    /** Extension of the primary phone. */
    primary_phone2: text('primary_phone2').notNull().default(''),
    secondary_name: text('secondary_name').notNull().default(''),
    secondary_position: text('secondary_position').notNull().default(''),
    secondary_email: text('secondary_email').notNull().default(''),
    secondary_phone: text('secondary_phone').notNull().default(''),
    secondary_phone2: text('secondary_phone2').notNull().default(''),
    /** Referral code from /school/register?code=… */
    ref_code: text('ref_code').notNull().default(''),
    status: smallint('status').notNull().default(1),
    /** Set once the first-time details form has been saved. */
    details_completed_at: timestamp('details_completed_at', { withTimezone: true }),
    ...timestamps,
  },
  (t) => [
    uniqueIndex('schools_user_key').on(t.user_id),
    index('schools_state_idx').on(t.state_id),
    index('schools_county_idx').on(t.county_id),
    // The back office finds schools by words of these (trigram indexes: any part of a word, case aside).
    index('schools_name_search_idx').using('gin', sql`${t.school_name} gin_trgm_ops`),
    index('schools_contact_search_idx').using('gin', sql`${t.primary_name} gin_trgm_ops`),
    index('schools_city_search_idx').using('gin', sql`${t.city} gin_trgm_ops`),
    // The back office's list by name, case aside, a page after another by cursor.
    index('schools_name_sort_idx').on(sql`lower(${t.school_name})`, t.user_id),
  ],
);

export const sponsors = pgTable(
  'sponsors',
  {
    id: serial('id').primaryKey(),
    user_id: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    business_name: text('business_name').notNull().default(''),
    /** The sales rep (a staff user with usertype 2) assigned by staff. */
    srep_id: integer('srep_id').references(() => users.id),
    phone_number: text('phone_number').notNull().default(''),
    website: text('website').notNull().default(''),
    address: text('address').notNull().default(''),
    city: text('city').notNull().default(''),
    state_id: integer('state_id').references(() => states.id),
    county_id: integer('county_id').references(() => counties.id),
    zip: text('zip').notNull().default(''),
    primary_name: text('primary_name').notNull().default(''),
    primary_phone: text('primary_phone').notNull().default(''),
    secondary_name: text('secondary_name').notNull().default(''),
    secondary_email: text('secondary_email').notNull().default(''),
    secondary_phone: text('secondary_phone').notNull().default(''),
    status: smallint('status').notNull().default(1),
    details_completed_at: timestamp('details_completed_at', { withTimezone: true }),
    ...timestamps,
  },
  (t) => [
    uniqueIndex('sponsors_user_key').on(t.user_id),
    index('sponsors_srep_idx').on(t.srep_id),
    index('sponsors_state_idx').on(t.state_id),
    index('sponsors_county_idx').on(t.county_id),
    // The back office's list by company, case aside, a page after another by cursor.
    index('sponsors_company_sort_idx').on(sql`lower(${t.business_name})`, t.user_id),
  ],
);
