import path from 'node:path';
import { migrate } from 'drizzle-orm/node-postgres/migrator';
import type { Database } from './client.ts';
import { defineOpenItems } from './money-owed-items.ts';

export const MIGRATIONS_DIR = path.join(import.meta.dirname, 'migrations');

/** The advisory lock a starting server holds while it migrates and seeds: any number, the same in every server. */
const STARTUP_LOCK = 726_013_401;

/**
 * Runs `work` (migrations, seeds) while holding a PostgreSQL advisory lock, so that servers
 * starting together on one database take turns: the first migrates and seeds, the others
 * wait, then find nothing left to do. The lock is held on a connection of its own and ends
 * with it, were the process to die meanwhile.
 */
export async function withStartupLock<T>(db: Database, work: () => Promise<T>): Promise<T> {
  const client = await db.$client.connect();
  try {
    await client.query('select pg_advisory_lock($1)', [STARTUP_LOCK]);
    try {
      return await work();
    } finally {
      await client.query('select pg_advisory_unlock($1)', [STARTUP_LOCK]);
    }
  } finally {
    client.release();
  }
}

/** Applies the migrations that this database has not seen yet, then this server's definition of what is owed. */
export async function runMigrations(db: Database): Promise<void> {
  await migrate(db, { migrationsFolder: MIGRATIONS_DIR });
  await defineOpenItems(db);
}
