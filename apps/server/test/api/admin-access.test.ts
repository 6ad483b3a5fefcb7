import { AuditLogResponse } from '@portal/contracts/admin';
import { USER_TYPE } from '@portal/contracts/constants';
import { MSG } from '@portal/contracts/messages';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { audit_log } from '../../src/db/schema/index.ts';
import { recordChange } from '../../src/modules/audit/record-change.ts';
import {
  bearer,
  createStaffUser,
  signedInSchool,
  signedInSponsor,
  signedInStaff,
  uniqueIp,
} from '../helpers/accounts.ts';
import { createTestApp, type TestApp } from '../helpers/test-app.ts';

let t: TestApp;

beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t?.close());

const staffSignIn = (usertype: typeof USER_TYPE.admin | typeof USER_TYPE.salesRep) =>
  signedInStaff(t, usertype, { first_name: 'Avery', last_name: 'Stone' });

describe('the employee login', () => {
  it('signs in an administrator and a sales rep, each with their role', async () => {
    const admin = await staffSignIn(USER_TYPE.admin);
    const rep = await staffSignIn(USER_TYPE.salesRep);
    const me = await t.api.get('/api/admin/me', { headers: bearer(admin.token) });
    expect(me.statusCode).toBe(200);
    expect(me.json()).toMatchObject({ role: 'admin', name: 'Avery Stone', email: admin.email, user_id: admin.user.id });
    const repMe = await t.api.get('/api/admin/me', { headers: bearer(rep.token) });
    expect(repMe.json()).toMatchObject({ role: 'rep', user_id: rep.user.id });
  });

  it('sends schools and sponsors to their own login, and refuses a wrong password without saying more', async () => {
    const school = await signedInSchool(t);
    const res = await t.api.post('/api/admin/login', {
      body: { username: school.email, password: school.password },
      remoteAddress: uniqueIp(),
    });
    expect(res.statusCode).toBe(403);
    expect(res.json().message).toBe(MSG.wrongDoorSchool);
    const staff = await createStaffUser(t, USER_TYPE.admin);
    const wrong = await t.api.post('/api/admin/login', {
      body: { username: staff.email, password: 'not-the-password' },
      remoteAddress: uniqueIp(),
    });
    expect(wrong.statusCode).toBe(401);
    expect(wrong.json().message).toBe(MSG.invalidLogin);
  });

  it('keeps staff out of the school and sponsor doors', async () => {
    const staff = await createStaffUser(t, USER_TYPE.salesRep);
    const res = await t.api.post('/api/login', {
      body: { username: staff.email, password: staff.password, usertype: USER_TYPE.sponsor },
      remoteAddress: uniqueIp(),
    });
    expect(res.statusCode).toBe(403);
    expect(res.json().message).toBe(MSG.wrongDoorStaff);
  });

  it('needs the anti-forgery header like every POST', async () => {
    const staff = await createStaffUser(t, USER_TYPE.admin);
    const res = await t.api.post('/api/admin/login', {
      body: { username: staff.email, password: staff.password },
      xsrfHeader: null,
      remoteAddress: uniqueIp(),
    });
    expect(res.statusCode).toBe(403);
  });
});

describe('who may reach /api/admin', () => {
  it('answers 401 signed out and 403 to schools and sponsors, before reading the input', async () => {
    const school = await signedInSchool(t);
    const sponsor = await signedInSponsor(t);
    for (const url of ['/api/admin/me', '/api/admin/auditlog', '/api/admin/auditlog?page=nope']) {
      expect((await t.api.get(url)).statusCode, url).toBe(401);
      expect((await t.api.get(url, { headers: bearer(school.token) })).statusCode, url).toBe(403);
      expect((await t.api.get(url, { headers: bearer(sponsor.token) })).statusCode, url).toBe(403);
    }
  });

  it('keeps the whole audit log to administrators', async () => {
    const rep = await staffSignIn(USER_TYPE.salesRep);
    const res = await t.api.get('/api/admin/auditlog', { headers: bearer(rep.token) });
    expect(res.statusCode).toBe(403);
  });
});

describe('the audit log', () => {
  it('keeps only what changed, with who changed it, and finds it by record and by words', async () => {
    const admin = await staffSignIn(USER_TYPE.admin);
    const entityId = `t-${Date.now()}`;
    await t.db.transaction(async (tx) => {
      await recordChange(tx, {
        actorId: admin.user.id,
        action: 'update',
        entity: 'setting',
        entityId,
        before: { phone: '8135550100', email: 'office@example.com', at: new Date('2026-01-01T00:00:00Z') },
        after: { phone: '8135550199', email: 'office@example.com', at: new Date('2026-01-01T00:00:00Z') },
      });
      // Nothing changed: nothing written.
      await recordChange(tx, {
        actorId: admin.user.id,
        action: 'update',
        entity: 'setting',
        entityId,
        before: { phone: '1' },
        after: { phone: '1' },
      });
    });
    const res = await t.api.get(`/api/admin/auditlog?entity=setting&entity_id=${entityId}`, {
      headers: bearer(admin.token),
    });
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json();
    expect(body.total).toBe(1);
    expect(body.entries[0]).toMatchObject({
      actor_user_id: admin.user.id,
      actor: 'Avery Stone',
      action: 'update',
      entity: 'setting',
      entity_id: entityId,
      before: { phone: '8135550100' },
      after: { phone: '8135550199' },
    });
    const found = await t.api.get('/api/admin/auditlog?q=8135550199', { headers: bearer(admin.token) });
    expect(found.json().entries.map((e: { entity_id: string }) => e.entity_id)).toContain(entityId);
    const percent = await t.api.get('/api/admin/auditlog?q=%25', { headers: bearer(admin.token) });
    expect(percent.statusCode).toBe(200);
  });

  it('finds rows by words of their action, record and values, case aside, and by who made them; counts to 1,000', async () => {
    const admin = await staffSignIn(USER_TYPE.admin);
    const rep = await signedInStaff(t, USER_TYPE.salesRep, { first_name: 'Quintessa', last_name: 'Marlowe' });
    const stamp = Date.now().toString(36);
    await recordChange(t.db, {
      actorId: rep.user.id,
      action: 'tax',
      entity: 'order',
      entityId: `o-${stamp}`,
      before: { note: 'Plain' },
      after: { note: `Lighthouse ${stamp}` },
    });
    const ask = async (q: string) => {
      const res = await t.api.get(`/api/admin/auditlog?q=${encodeURIComponent(q)}`, { headers: bearer(admin.token) });
      expect(res.statusCode, res.body).toBe(200);
      return res.json() as { entries: { entity_id: string }[]; total: number; total_capped: boolean };
    };
    for (const words of [`lighthouse ${stamp}`, `LIGHTHOUSE`, `o-${stamp}`, 'quintessa', 'Marlowe']) {
      expect(
        (await ask(words)).entries.map((e) => e.entity_id),
        words,
      ).toContain(`o-${stamp}`);
    }
    expect((await ask(`nothing-${stamp}`)).entries).toEqual([]);
    // Past 1,000 rows the log says more, without counting them all.
    await t.db.insert(audit_log).values(
      Array.from({ length: 1_001 }, (_, i) => ({
        actor_user_id: rep.user.id,
        action: 'edit',
        entity: 'school',
        entity_id: `bulk-${stamp}-${i}`,
        changes: { after: { phone: '1' } },
      })),
    );
    expect(await ask(`bulk-${stamp}`)).toMatchObject({ total: 1_001, total_capped: true });
    expect(await ask(`bulk-${stamp}-1000`)).toMatchObject({ total: 1, total_capped: false });

    // Deep pages by cursor: rows written meanwhile come first and shift nothing.
    const page = async (after?: string) => {
      const res = await t.api.get(
        `/api/admin/auditlog?q=${encodeURIComponent(`bulk-${stamp}`)}${after ? `&after=${encodeURIComponent(after)}` : ''}`,
        { headers: bearer(admin.token) },
      );
      expect(res.statusCode, res.body).toBe(200);
      return AuditLogResponse.parse(res.json());
    };
    let answer = await page();
    const seen = answer.entries.map((e) => e.id);
    while (answer.next) {
      await t.db.insert(audit_log).values({
        actor_user_id: rep.user.id,
        action: 'edit',
        entity: 'school',
        entity_id: `bulk-${stamp}-late-${seen.length}`,
        changes: { after: { phone: '2' } },
      });
      answer = await page(answer.next);
      seen.push(...answer.entries.map((e) => e.id));
    }
    expect(seen).toHaveLength(1_001);
    expect(seen).toEqual([...seen].sort((a, b) => b - a));
  });

  it('is written with the change or not at all', async () => {
    const entityId = `rolled-back-${Date.now()}`;
    await expect(
      t.db.transaction(async (tx) => {
        await recordChange(tx, { actorId: null, action: 'create', entity: 'sponsor', entityId, after: { a: 1 } });
        throw new Error('the change failed');
      }),
    ).rejects.toThrow('the change failed');
    const rows = await t.db.execute(sql`select id from audit_log where entity_id = ${entityId}`);
    expect(rows.rows).toHaveLength(0);
  });

  it('cannot be edited or deleted by anyone, even with SQL', async () => {
    const entityId = `kept-${Date.now()}`;
    await recordChange(t.db, { actorId: null, action: 'create', entity: 'sponsor', entityId, after: { a: 1 } });
    await expect(t.db.execute(sql`update audit_log set action = 'x' where entity_id = ${entityId}`)).rejects.toThrow();
    await expect(t.db.execute(sql`delete from audit_log where entity_id = ${entityId}`)).rejects.toThrow();
    await expect(t.db.execute(sql`truncate audit_log`)).rejects.toThrow();
    const rows = await t.db.execute(sql`select action from audit_log where entity_id = ${entityId}`);
    expect(rows.rows).toEqual([{ action: 'create' }]);
  });
});
