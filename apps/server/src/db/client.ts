import { drizzle, type NodePgDatabase } from 'drizzle-orm/node-postgres';
import pg from 'pg';
import * as schema from './schema/index.ts';

export type Database = NodePgDatabase<typeof schema> & { $client: pg.Pool };

export interface DatabaseOptions {
  /** Connections at most. */
  max?: number;
  /**
   * Commits answer before the disk has the change (PostgreSQL's `synchronous_commit = off`):
   * a crash of the database may lose the last fraction of a second of them, never leave one
   * half written. Only for writes that the next one replaces anyway, such as a form's drafts.
   */
  commitWithoutWaiting?: boolean;
}

export function createDatabase(
  url: string,
  { max = 10, commitWithoutWaiting = false }: DatabaseOptions = {},
): Database {
  const pool = new pg.Pool({
    connectionString: url,
    max,
    idleTimeoutMillis: 30_000,
    ...(commitWithoutWaiting ? { options: '-c synchronous_commit=off' } : {}),
  });
  // A dropped idle connection must not crash the process; the next query reconnects.
  pool.on('error', () => {});
  // Nor one dropped while checked out between two queries (inside a transaction): the pool takes
  // its own listener off a client it lends. The client is then not queryable, its next query
  // fails (503), and the pool discards it when it comes back.
  pool.on('connect', (client) => client.on('error', () => {}));
  return drizzle(pool, { schema, casing: 'snake_case' });
}

/** A database handle or an open transaction: what functions that only run queries accept. */
export type Executor = Database | Parameters<Parameters<Database['transaction']>[0]>[0];
