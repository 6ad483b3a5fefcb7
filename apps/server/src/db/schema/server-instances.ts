import { index, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';

/**
 * The servers running on this database: each writes its row when it starts and again every
 * few seconds, and deletes it when it stops. A row not seen for a while is a server that
 * stopped without saying so, and is not counted (decision 023).
 */
export const server_instances = pgTable(
  'server_instances',
  {
    id: uuid('id').primaryKey(),
    host: text('host').notNull(),
    /** Where this server keeps files: 'bucket' (S3_BUCKET) or 'folder' (DATA_DIR/uploads). */
    storage: text('storage').$type<'bucket' | 'folder'>().notNull(),
    /**
     * Which files it reads: the bucket (`s3://name`, with its endpoint), or the host and
     * folder (`host:/path`). Servers with the same place read the same files.
     */
    files_at: text('files_at').notNull(),
    started_at: timestamp('started_at', { withTimezone: true }).notNull().defaultNow(),
    seen_at: timestamp('seen_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('server_instances_seen_idx').on(t.seen_at)],
);
