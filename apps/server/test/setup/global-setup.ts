import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import type { TestProject } from 'vitest/node';
import { createDatabase } from '../../src/db/client.ts';
import { startEmbeddedPostgres } from '../../src/db/embedded.ts';
import { runMigrations } from '../../src/db/migrate.ts';
import { seedReferenceData } from '../../src/seed/seed.ts';

export const TEMPLATE_DATABASE = 'portal_template';

/** PostgreSQL's non-durable settings, for a cluster whose data may be lost. */
export const THROWAWAY_CLUSTER = { fsync: 'off', full_page_writes: 'off' };

declare module 'vitest' {
  export interface ProvidedContext {
    /** postgres://user:pass@host:port, without a database name. */
    databaseServerUrl: string;
  }
}

function withDatabase(serverUrl: string, name: string): string {
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return url.toString();
}

/**
 * One PostgreSQL for the whole run and one migrated template database; every test file
 * copies the template (a file copy, far cheaper than migrating) into its own database.
 */
export default async function setup(project: TestProject) {
  let serverUrl: string;
  let stopServer = async () => {};

  if (process.env.DATABASE_URL) {
    serverUrl = withDatabase(process.env.DATABASE_URL, '');
  } else {
    const dir = mkdtempSync(path.join(os.tmpdir(), 'portal-test-pg-'));
    // A cluster that lives for one run: nothing in it must survive a crash of the machine.
    const embedded = await startEmbeddedPostgres(dir, { settings: THROWAWAY_CLUSTER });
    serverUrl = withDatabase(embedded.url, '');
    stopServer = async () => {
      await embedded.stop();
      rmSync(dir, { recursive: true, force: true });
    };
  }

  try {
    const admin = new pg.Client({ connectionString: withDatabase(serverUrl, 'postgres') });
    await admin.connect();
    try {
      await admin.query(`drop database if exists ${TEMPLATE_DATABASE} with (force)`);
      await admin.query(`create database ${TEMPLATE_DATABASE}`);
    } finally {
      await admin.end();
    }

    const db = createDatabase(withDatabase(serverUrl, TEMPLATE_DATABASE), { max: 1 });
    try {
      await runMigrations(db);
      await seedReferenceData(db);
    } finally {
      // CREATE DATABASE … TEMPLATE refuses while anyone is connected to the template.
      await db.$client.end();
    }
  } catch (error) {
    await stopServer();
    throw error;
  }

  project.provide('databaseServerUrl', serverUrl);
  return async () => {
    if (process.env.DATABASE_URL) {
      const admin = new pg.Client({ connectionString: withDatabase(serverUrl, 'postgres') });
      await admin.connect();
      await admin.query(`drop database if exists ${TEMPLATE_DATABASE} with (force)`).finally(() => admin.end());
    }
    await stopServer();
  };
}
