import { customType, timestamp } from 'drizzle-orm/pg-core';

/** Every table records when a row was made and last changed. */
export const timestamps = {
  created_at: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  updated_at: timestamp('updated_at', { withTimezone: true })
    .notNull()
    .defaultNow()
    .$onUpdate(() => new Date()),
};

/** Bytes kept as they are (PostgreSQL `bytea`), read and written as a Buffer. */
export const bytes = customType<{ data: Buffer; driverData: Buffer }>({
  dataType: () => 'bytea',
});
