import { drizzle, type NodePgDatabase } from 'drizzle-orm/node-postgres';
import pg from 'pg';
import * as schema from './schema/index.ts';

export type Database = NodePgDatabase<typeof schema> & { $client: pg.Pool };

export function createDatabase(url: string, max = 10): Database {
  const pool = new pg.Pool({ connectionString: url, max, idleTimeoutMillis: 30_000 });
  // A dropped idle connection must not crash the process; the next query reconnects.
  pool.on('error', () => {});
  return drizzle(pool, { schema, casing: 'snake_case' });
}

/** A database handle or an open transaction: what functions that only run queries accept. */
export type Executor = Database | Parameters<Parameters<Database['transaction']>[0]>[0];
