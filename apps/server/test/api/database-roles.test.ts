import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { boot } from '../../src/boot.ts';
import { appRoleName } from '../../src/db/app-role.ts';
import { createTestDatabase } from '../helpers/database.ts';
import { createTestApp, type TestApp, testConfig } from '../helpers/test-app.ts';

/**
 * The app's queries run as a role of their own, which owns no table: whatever SQL reaches
 * it, the triggers that keep the audit log append-only and issued invoices as they were sent
 * stay in place and enabled.
 */
let t: TestApp;
let owner: pg.Client;
beforeAll(async () => {
  t = await createTestApp();
  owner = new pg.Client({ connectionString: t.database.url });
  await owner.connect();
});
afterAll(async () => {
  await owner?.end();
  await t?.close();
});

/** The SQL error code a statement run as the app fails with. */
const refusal = (statement: string) =>
  t.db.execute(sql.raw(statement)).then(
    () => 'done',
    (error: { cause?: { code?: string } }) => error.cause?.code,
  );

const INSUFFICIENT_PRIVILEGE = '42501';

describe('the app’s database role', () => {
  it('is a role of its own, not a superuser, owning no table', async () => {
    const [me] = (
      await t.db.execute<{ user: string; superuser: boolean; owned: number }>(sql`
        select current_user as user,
          (select rolsuper from pg_roles where rolname = current_user) as superuser,
          (select count(*)::int from pg_tables where tableowner = current_user) as owned`)
    ).rows;
    expect(me).toEqual({ user: appRoleName(t.database.name), superuser: false, owned: 0 });
    const [tables] = (await owner.query('select current_user as user')).rows;
    expect(tables.user).not.toBe(me?.user);
  });

  it('cannot drop or disable the audit log’s and the invoices’ triggers, nor skip them', async () => {
    for (const statement of [
      'drop trigger audit_log_no_change on audit_log',
      'alter table audit_log disable trigger audit_log_no_change',
      'alter table audit_log disable trigger all',
      'drop function audit_log_append_only() cascade',
      'drop table audit_log cascade',
      'drop trigger invoices_no_change on invoices',
      'alter table invoices disable trigger all',
      'drop function invoices_kept_as_issued() cascade',
      'alter table invoices drop constraint invoices_order_id_orders_id_fk',
      "set session_replication_role = 'replica'",
      'create table public.elsewhere (note text)',
    ]) {
      expect(await refusal(statement), statement).toBe(INSUFFICIENT_PRIVILEGE);
    }
    // Refused for want of the privilege, before any trigger is asked.
    for (const statement of ['delete from audit_log', 'update audit_log set action = action', 'delete from invoices']) {
      expect(await refusal(statement), statement).toBe(INSUFFICIENT_PRIVILEGE);
    }
    const triggers = await owner.query<{ name: string; enabled: string }>(
      `select tgname as name, tgenabled as enabled from pg_trigger
        where tgrelid in ('audit_log'::regclass, 'invoices'::regclass) and not tgisinternal order by tgname`,
    );
    expect(triggers.rows).toEqual([
      { name: 'audit_log_changed', enabled: 'O' },
      { name: 'audit_log_no_change', enabled: 'O' },
      { name: 'audit_log_no_truncate', enabled: 'O' },
      { name: 'invoices_changed', enabled: 'O' },
      { name: 'invoices_no_change', enabled: 'O' },
      { name: 'invoices_no_truncate', enabled: 'O' },
      { name: 'money_owed_invoices', enabled: 'O' },
    ]);
  });

  it('reads what is owed, and cannot write it, nor stop the database keeping it', async () => {
    const count = await t.db.execute<{ n: number }>(sql`select count(*)::int as n from money_open_items`);
    expect(count.rows[0]?.n).toBeGreaterThanOrEqual(0);
    for (const statement of [
      `insert into money_open_items values ('order', 1, null, null, 1, '2027-01-01', 100, 0)`,
      'update money_open_items set paid_cents = total_cents',
      'delete from money_open_items',
      'truncate money_open_items',
      'drop trigger money_owed_orders on orders',
      'alter table sponsorships disable trigger money_owed_sponsorships',
      'drop view money_owed_items',
      'drop function money_owed_refresh_order(integer) cascade',
    ]) {
      expect(await refusal(statement), statement).toBe(INSUFFICIENT_PRIVILEGE);
    }
  });
});

describe('DATABASE_APP_URL', () => {
  it('runs the app as the role the operator made, and refuses the owner’s own', async () => {
    const database = await createTestDatabase();
    const tempDir = mkdtempSync(path.join(os.tmpdir(), 'portal-role-'));
    const admin = new pg.Client({ connectionString: database.url });
    await admin.connect();
    const role = `ops_${database.name}`;
    const url = new URL(database.url);
    try {
      await admin.query(`create role ${role} login password 'operator-chosen'`);
      url.username = role;
      url.password = 'operator-chosen';
      const booted = await boot(testConfig(database.url, tempDir, { DATABASE_APP_URL: url.toString() }), {
        workers: false,
      });
      try {
        const [me] = (await booted.ctx.db.execute<{ user: string }>(sql`select current_user as user`)).rows;
        expect(me?.user).toBe(role);
        const count = await booted.ctx.db.execute<{ n: number }>(sql`select count(*)::int as n from audit_log`);
        expect(count.rows[0]?.n).toBeGreaterThanOrEqual(0);
      } finally {
        await booted.shutdown();
      }

      await expect(boot(testConfig(database.url, tempDir, { DATABASE_APP_URL: database.url }))).rejects.toThrow(
        'DATABASE_APP_URL must name a role of its own, not the owner of the tables.',
      );
    } finally {
      await admin.end();
      await database.drop();
      rmSync(tempDir, { recursive: true, force: true });
    }
  });
});
