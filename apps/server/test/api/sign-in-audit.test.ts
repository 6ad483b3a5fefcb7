import { USER_TYPE } from '@portal/contracts/constants';
import { MSG } from '@portal/contracts/messages';
import { and, asc, eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { audit_log, users } from '../../src/db/schema/index.ts';
import { LIMITS } from '../../src/lib/rate-limit.ts';
import {
  awayFromWindowEdge,
  bearer,
  createSchoolUser,
  createSponsorUser,
  createStaffUser,
  signedInStaff,
  uniqueEmail,
  uniqueIp,
} from '../helpers/accounts.ts';
import { createTestApp, type TestApp } from '../helpers/test-app.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t?.close());

const BROWSER = 'Mozilla/5.0 (Windows NT 10.0; Win64; x64) SchoolOffice/1.0';
const SIGN_INS = ['sign_in', 'sign_in_failed', 'sign_in_locked'];

function login(body: Record<string, unknown>, remoteAddress: string, path = '/api/login') {
  return t.api.post(path, { body, remoteAddress, headers: { 'user-agent': BROWSER } });
}

/** The sign-in rows of the audit log about one account (its id, or the e-mail typed), oldest first. */
function signInsOf(entityId: string | number) {
  return t.db
    .select()
    .from(audit_log)
    .where(
      and(eq(audit_log.entity, 'user'), eq(audit_log.entity_id, String(entityId)), inArray(audit_log.action, SIGN_INS)),
    )
    .orderBy(asc(audit_log.id));
}

describe('POST /api/login and POST /api/admin/login: sign-ins in the audit log', () => {
  it('writes a school’s, a sponsor’s and a staff member’s sign-in: who, from where, with which browser', async () => {
    const school = await createSchoolUser(t);
    const sponsor = await createSponsorUser(t);
    const admin = await createStaffUser(t, USER_TYPE.admin);
    const ip = uniqueIp();

    for (const [account, usertype, path] of [
      [school, USER_TYPE.school, '/api/login'],
      [sponsor, USER_TYPE.sponsor, '/api/login'],
      [admin, USER_TYPE.admin, '/api/admin/login'],
    ] as const) {
      const res = await login({ username: account.email, password: account.password, usertype }, ip, path);
      expect(res.statusCode, res.body).toBe(200);
      const rows = await signInsOf(account.user.id);
      expect(rows).toHaveLength(1);
      expect(rows[0]).toMatchObject({
        actor_user_id: account.user.id,
        action: 'sign_in',
        entity: 'user',
        entity_id: String(account.user.id),
        ip,
        changes: { before: null, after: { user_agent: BROWSER, usertype } },
      });
    }
  });

  it('writes a wrong password against the account, naming no one as who acted, though the answer is 401', async () => {
    const school = await createSchoolUser(t);
    const ip = uniqueIp();
    const res = await login({ username: school.email, password: 'not-the-password', usertype: 4 }, ip);
    expect(res.statusCode).toBe(401);
    expect(res.json()).toEqual({ status: 'error', message: MSG.invalidLogin });

    const rows = await signInsOf(school.user.id);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      actor_user_id: null,
      action: 'sign_in_failed',
      ip,
      changes: { after: { user_agent: BROWSER, usertype: USER_TYPE.school, reason: 'password' } },
    });
  });

  it('writes an unknown e-mail under the address as typed, lower-cased', async () => {
    const email = uniqueEmail('nobody');
    const ip = uniqueIp();
    const res = await login({ username: email.toUpperCase(), password: 'guess', usertype: 4 }, ip);
    expect(res.statusCode).toBe(401);

    const rows = await signInsOf(email.toLowerCase());
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      actor_user_id: null,
      action: 'sign_in_failed',
      ip,
      changes: { after: { user_agent: BROWSER, reason: 'unknown' } },
    });
    expect(rows[0]?.changes).not.toHaveProperty(['after', 'usertype']);
  });

  it('writes a right password at the wrong door, or for a disabled account, as failed', async () => {
    const sponsor = await createSponsorUser(t);
    const disabled = await createSchoolUser(t);
    await t.db.update(users).set({ status: 0 }).where(eq(users.id, disabled.user.id));
    const staff = await createStaffUser(t, USER_TYPE.salesRep);
    const ip = uniqueIp();
    expect((await login({ username: sponsor.email, password: sponsor.password, usertype: 4 }, ip)).statusCode).toBe(
      403,
    );
    expect((await login({ username: disabled.email, password: disabled.password, usertype: 4 }, ip)).statusCode).toBe(
      403,
    );
    expect((await login({ username: staff.email, password: staff.password, usertype: 4 }, ip)).statusCode).toBe(403);
    for (const [account, reason] of [
      [sponsor, 'wrong_door'],
      [disabled, 'disabled'],
      [staff, 'wrong_door'],
    ] as const) {
      const rows = await signInsOf(account.user.id);
      expect(rows.map((r) => [r.action, (r.changes as { after: { reason: string } }).after.reason])).toEqual([
        ['sign_in_failed', reason],
      ]);
    }
  });

  it('writes a lock-out of an account once, however many attempts it refuses', async () => {
    await awayFromWindowEdge(LIMITS.loginPerAccount.windowMs);
    const school = await createSchoolUser(t);
    for (let attempt = 1; attempt <= LIMITS.loginPerAccount.max; attempt++) {
      expect((await login({ username: school.email, password: 'wrong', usertype: 4 }, uniqueIp())).statusCode).toBe(
        401,
      );
    }
    const ip = uniqueIp();
    for (let attempt = 1; attempt <= 3; attempt++) {
      const refused = await login({ username: school.email, password: school.password, usertype: 4 }, ip);
      expect(refused.statusCode).toBe(429);
      expect(refused.json()).toEqual({ status: 'error', message: MSG.rateLimited });
    }

    const rows = await signInsOf(school.user.id);
    expect(rows.filter((r) => r.action === 'sign_in_failed')).toHaveLength(LIMITS.loginPerAccount.max);
    const locked = rows.filter((r) => r.action === 'sign_in_locked');
    expect(locked).toHaveLength(1);
    expect(locked[0]).toMatchObject({
      actor_user_id: null,
      ip,
      changes: { after: { user_agent: BROWSER, usertype: USER_TYPE.school, reason: 'account' } },
    });
    expect(rows.some((r) => r.action === 'sign_in')).toBe(false);
  }, 60_000);

  it('writes a lock-out of an IP address once, under the account it was trying', async () => {
    await awayFromWindowEdge(LIMITS.loginPerIp.windowMs);
    const ip = '198.51.100.23';
    for (let attempt = 1; attempt <= LIMITS.loginPerIp.max; attempt++) {
      expect((await login({ username: uniqueEmail('guess'), password: 'guess', usertype: 4 }, ip)).statusCode).toBe(
        401,
      );
    }
    const school = await createSchoolUser(t);
    const other = uniqueEmail('guess');
    expect((await login({ username: school.email, password: school.password, usertype: 4 }, ip)).statusCode).toBe(429);
    expect((await login({ username: other, password: 'guess', usertype: 4 }, ip)).statusCode).toBe(429);

    const rows = await signInsOf(school.user.id);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      action: 'sign_in_locked',
      ip,
      changes: { after: { usertype: USER_TYPE.school, reason: 'ip' } },
    });
    // The attempts after the first refusal are counted, not written.
    expect(await signInsOf(other)).toHaveLength(0);
  }, 60_000);
});

describe('GET /api/admin/auditlog: sign-ins', () => {
  it('lists them with the address, a failed one by a visitor', async () => {
    const admin = await signedInStaff(t, USER_TYPE.admin);
    const school = await createSchoolUser(t);
    const ip = uniqueIp();
    await login({ username: school.email, password: 'wrong', usertype: 4 }, ip);
    await login({ username: school.email, password: school.password, usertype: 4 }, ip);

    const res = await t.api.get(`/api/admin/auditlog?entity=user&entity_id=${school.user.id}`, {
      headers: bearer(admin.token),
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().entries).toEqual([
      expect.objectContaining({
        actor: school.email,
        action: 'sign_in',
        entity: 'user',
        ip,
        after: { user_agent: BROWSER, usertype: USER_TYPE.school },
      }),
      expect.objectContaining({ actor: 'Visitor', action: 'sign_in_failed', ip }),
    ]);
  });
});
