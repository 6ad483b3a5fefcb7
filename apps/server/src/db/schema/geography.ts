import { index, integer, pgTable, serial, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { timestamps } from './columns.ts';

export const states = pgTable(
  'states',
  {
    id: serial('id').primaryKey(),
    state_name: text('state_name').notNull(),
    /** Two-letter USPS code. */
    state_code: text('state_code').notNull(),
    ...timestamps,
  },
  (t) => [uniqueIndex('states_name_key').on(t.state_name), uniqueIndex('states_code_key').on(t.state_code)],
);

export const counties = pgTable(
  'counties',
  {
    id: serial('id').primaryKey(),
    state_id: integer('state_id')
      .notNull()
      .references(() => states.id, { onDelete: 'cascade' }),
    county_name: text('county_name').notNull(),
    ...timestamps,
  },
  (t) => [
    uniqueIndex('counties_state_name_key').on(t.state_id, t.county_name),
    index('counties_state_idx').on(t.state_id),
  ],
);
