import { createHmac } from 'node:crypto';
import type pg from 'pg';

/**
 * The database role the app's queries run as. Migrations and seeds run as the owner of the
 * tables (the role of DATABASE_URL, or the embedded database's superuser); the app's pools
 * connect as a role that may read and write rows and nothing more: it owns no table, so it
 * cannot drop, alter or disable the triggers that keep the audit log append-only and issued
 * invoices as they were sent, and it is refused what those records never need (changing or
 * removing audit rows, removing invoices) before any trigger runs.
 */

/** PostgreSQL cuts names at 63 bytes. */
const NAME_MAX = 63;

const ident = (name: string) => `"${name.replaceAll('"', '""')}"`;

/** The app's role on database `database` when none is configured: `<database>_app`. */
export function appRoleName(database: string): string {
  return `${database.slice(0, NAME_MAX - 4)}_app`;
}

/**
 * The app role's password when the server makes the role itself: derived from the owner's
 * own password and the database's name, so that every server of one database arrives at the
 * same one without keeping it anywhere, and whoever holds it could already act as the owner.
 */
export function appRolePassword(ownerPassword: string, database: string): string {
  return createHmac('sha256', ownerPassword).update(`portal app role\0${database}`).digest('base64url');
}

/**
 * The job queue's schema, which the queue (connected as the owner) fills and changes itself:
 * the app adds jobs in its own transactions, so that a job is queued exactly when its change commits.
 */
const JOB_SCHEMA = 'pgboss';

/** What the app may do in the tables the owner made, granted again after every migration. */
async function grantRowAccess(owner: pg.ClientBase, database: string, ownerRole: string, role: string) {
  const r = ident(role);
  await owner.query(`grant connect, temporary on database ${ident(database)} to ${r}`);
  await owner.query(`create schema if not exists ${JOB_SCHEMA}`);
  for (const schema of ['public', JOB_SCHEMA]) {
    await owner.query(`grant usage on schema ${schema} to ${r}`);
    await owner.query(`grant select, insert, update, delete on all tables in schema ${schema} to ${r}`);
    await owner.query(`grant usage, select, update on all sequences in schema ${schema} to ${r}`);
  }
  // The queue makes a table for each new queue while it runs: the app may use those too.
  const later = `alter default privileges for role ${ident(ownerRole)} in schema ${JOB_SCHEMA}`;
  await owner.query(`${later} grant select, insert, update, delete on tables to ${r}`);
  await owner.query(`${later} grant usage, select, update on sequences to ${r}`);
  // The records that defend themselves: an audit row is only ever added, an invoice never removed.
  await owner.query(`revoke update, delete, truncate on audit_log from ${r}`);
  await owner.query(`revoke delete, truncate on invoices from ${r}`);
  // What is owed is worked out by the database alone (migration 0052): the app only reads it.
  await owner.query(`revoke insert, update, delete, truncate on money_open_items from ${r}`);
}

export class AppRoleError extends Error {}

/**
 * Makes sure the app's role exists with its grants, on the owner's connection `owner`, and
 * answers the URL the app connects with: `configured` (DATABASE_APP_URL, a role the operator
 * made) or, without one, the owner's URL with the role this makes, `<database>_app`.
 */
export async function prepareAppRole(owner: pg.ClientBase, ownerUrl: string, configured?: string): Promise<string> {
  const { rows } = await owner.query<{ database: string; owner: string }>(
    'select current_database() as database, current_user as owner',
  );
  const { database, owner: ownerRole } = rows[0] as { database: string; owner: string };
  if (configured) {
    const role = decodeURIComponent(new URL(configured).username);
    if (!role || role === ownerRole) {
      throw new AppRoleError('DATABASE_APP_URL must name a role of its own, not the owner of the tables.');
    }
    await grantRowAccess(owner, database, ownerRole, role);
    return configured;
  }
  const role = appRoleName(database);
  const url = new URL(ownerUrl);
  const password = appRolePassword(decodeURIComponent(url.password), database);
  const exists = (await owner.query('select 1 from pg_roles where rolname = $1', [role])).rowCount === 1;
  const attributes = `login nosuperuser nocreatedb nocreaterole noinherit password ${owner.escapeLiteral(password)}`;
  try {
    await owner.query(`${exists ? 'alter' : 'create'} role ${ident(role)} ${attributes}`);
  } catch (error) {
    throw new AppRoleError(
      `The database user ${ownerRole} could not ${exists ? 'update' : 'create'} the app's role ${role} (${(error as Error).message}): give it CREATEROLE, or create a role yourself and set DATABASE_APP_URL.`,
    );
  }
  await grantRowAccess(owner, database, ownerRole, role);
  url.username = encodeURIComponent(role);
  url.password = encodeURIComponent(password);
  return url.toString();
}
