import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { inject } from 'vitest';
import { TEMPLATE_DATABASE } from '../setup/global-setup.ts';

export function databaseUrl(name: string): string {
  const url = new URL(inject('databaseServerUrl'));
  url.pathname = `/${name}`;
  return url.toString();
}

async function asAdmin<T>(run: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: databaseUrl('postgres') });
  await client.connect();
  try {
    return await run(client);
  } finally {
    await client.end();
  }
}

export interface TestDatabase {
  name: string;
  url: string;
  drop(): Promise<void>;
}

/**
 * A database of its own, copied from the migrated and seeded template, or empty (only
 * what PostgreSQL puts in every new database) when `empty` is set.
 */
export async function createTestDatabase(options: { empty?: boolean } = {}): Promise<TestDatabase> {
  const name = `portal_test_${randomBytes(6).toString('hex')}`;
  const template = options.empty ? 'template0' : TEMPLATE_DATABASE;
  await asAdmin((client) => client.query(`create database ${name} template ${template}`));
  return {
    name,
    url: databaseUrl(name),
    drop: () => asAdmin((client) => client.query(`drop database if exists ${name} with (force)`)).then(() => {}),
  };
}
