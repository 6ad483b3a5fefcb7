import { createHash } from 'node:crypto';
import { SESSION_IDLE_MS, SESSION_REMEMBER_MS, USER_TYPE } from '@portal/contracts/constants';
import { MSG, tooLong } from '@portal/contracts/messages';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { users } from '../../src/db/schema/index.ts';
import { LIMITS } from '../../src/lib/rate-limit.ts';
import {
  awayFromWindowEdge,
  createSchoolUser,
  createSponsorUser,
  createStaffUser,
  sessionsOf,
  uniqueEmail,
  uniqueIp,
  userById,
} from '../helpers/accounts.ts';
import { createTestApp, type TestApp } from '../helpers/test-app.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t?.close());

function login(body: unknown, remoteAddress = uniqueIp()) {
  return t.api.post('/api/login', { body, remoteAddress });
}

const sha256 = (value: string) => createHash('sha256').update(value).digest('hex');

describe('POST /api/login', () => {
  it('signs a school in at the school door with an opaque token, keeping only its hash', async () => {
    const school = await createSchoolUser(t);
    const res = await login({ username: school.email, password: school.password, usertype: 4 });

    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body).toEqual({ status: 'success', message: MSG.loggedIn, token: expect.any(String), usertype: 4 });
    expect(body.token).toMatch(/^[A-Za-z0-9_-]+$/);
    expect(Buffer.from(body.token, 'base64url').length * 8).toBeGreaterThanOrEqual(128);

    const rows = await sessionsOf(t, school.user.id);
    expect(rows).toHaveLength(1);
    expect(rows[0]?.token_hash).not.toBe(body.token);
    expect(rows[0]?.token_hash).not.toContain(body.token);
    expect(rows[0]?.token_hash).toBe(sha256(body.token));
  });

  it('signs a sponsor in at the sponsor door', async () => {
    const sponsor = await createSponsorUser(t);
    const res = await login({ username: sponsor.email, password: sponsor.password, usertype: 5 });

    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ status: 'success', usertype: 5, token: expect.stringMatching(/^[\w-]{22,}$/) });
    const [session] = await sessionsOf(t, sponsor.user.id);
    expect(session?.token_hash).toBe(sha256(res.json().token));
  });

  it('gives every sign-in a token of its own', async () => {
    const school = await createSchoolUser(t);
    const body = { username: school.email, password: school.password, usertype: 4 };
    const first = (await login(body)).json().token;
    const second = (await login(body)).json().token;
    expect(first).not.toBe(second);
    expect(await sessionsOf(t, school.user.id)).toHaveLength(2);
  });

  it('matches the e-mail whatever its case, and records the sign-in', async () => {
    const school = await createSchoolUser(t);
    const res = await login({ username: school.email.toUpperCase(), password: school.password, usertype: 4 });
    expect(res.statusCode).toBe(200);
    const [user] = await t.db.select().from(users).where(eq(users.id, school.user.id));
    expect(user?.last_login_at).toBeInstanceOf(Date);
  });

  it('reads a URL-encoded form as well as JSON', async () => {
    const sponsor = await createSponsorUser(t);
    const res = await t.api.post('/api/login', {
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ username: sponsor.email, password: sponsor.password, usertype: '5' }).toString(),
      remoteAddress: uniqueIp(),
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ status: 'success', usertype: 5 });
  });

  it('answers 401 with one message for a wrong password and for an unknown e-mail', async () => {
    const school = await createSchoolUser(t);
    const wrong = await login({ username: school.email, password: 'not-the-password', usertype: 4 });
    const unknown = await login({ username: uniqueEmail('nobody'), password: school.password, usertype: 4 });

    for (const res of [wrong, unknown]) {
      expect(res.statusCode).toBe(401);
      expect(res.json()).toEqual({ status: 'error', message: MSG.invalidLogin });
    }
    expect(await sessionsOf(t, school.user.id)).toHaveLength(0);
  });

  it('refuses an account without a password (e.g. an invited sponsor) like a wrong password', async () => {
    const sponsor = await createSponsorUser(t, { password: undefined });
    expect((await userById(t, sponsor.user.id))?.password_hash).toBeNull();
    const res = await login({ username: sponsor.email, password: 'anything', usertype: 5 });
    expect(res.statusCode).toBe(401);
    expect(res.json()).toEqual({ status: 'error', message: MSG.invalidLogin });
  });

  it('sends a school at the sponsor door, and a sponsor at the school door, to its own login with 403', async () => {
    const school = await createSchoolUser(t);
    const sponsor = await createSponsorUser(t);

    const schoolAtSponsorDoor = await login({ username: school.email, password: school.password, usertype: 5 });
    expect(schoolAtSponsorDoor.statusCode).toBe(403);
    expect(schoolAtSponsorDoor.json()).toEqual({ status: 'error', message: MSG.wrongDoorSchool });

    const sponsorAtSchoolDoor = await login({ username: sponsor.email, password: sponsor.password, usertype: 4 });
    expect(sponsorAtSchoolDoor.statusCode).toBe(403);
    expect(sponsorAtSchoolDoor.json()).toEqual({ status: 'error', message: MSG.wrongDoorSponsor });

    expect(await sessionsOf(t, school.user.id)).toHaveLength(0);
    expect(await sessionsOf(t, sponsor.user.id)).toHaveLength(0);
  });

  it('tells nobody which door an account uses unless the password is right', async () => {
    const school = await createSchoolUser(t);
    const res = await login({ username: school.email, password: 'wrong-password', usertype: 5 });
    expect(res.statusCode).toBe(401);
    expect(res.json()).toEqual({ status: 'error', message: MSG.invalidLogin });
  });

  it.each([
    ['an admin', USER_TYPE.admin],
    ['a sales rep', USER_TYPE.salesRep],
  ] as const)('refuses %s at the school and the sponsor door with 403', async (_who, usertype) => {
    const staff = await createStaffUser(t, usertype);
    for (const door of [4, 5]) {
      const res = await login({ username: staff.email, password: staff.password, usertype: door });
      expect(res.statusCode, `door ${door}`).toBe(403);
      expect(res.json()).toEqual({ status: 'error', message: MSG.wrongDoorStaff });
    }
    expect(await sessionsOf(t, staff.user.id)).toHaveLength(0);
  });

  it('refuses a disabled account with 403', async () => {
    const school = await createSchoolUser(t);
    await t.db.update(users).set({ status: 0 }).where(eq(users.id, school.user.id));
    const res = await login({ username: school.email, password: school.password, usertype: 4 });
    expect(res.statusCode).toBe(403);
    expect(res.json()).toEqual({ status: 'error', message: MSG.accountDisabled });
    expect(await sessionsOf(t, school.user.id)).toHaveLength(0);
  });

  it.each([
    ['a malformed e-mail', { username: 'not-an-email', password: 'x' }, 'username', MSG.invalidEmail],
    ['no e-mail', { password: 'x' }, 'username', MSG.validEmailAddress],
    ['a blank e-mail', { username: '  ', password: 'x' }, 'username', MSG.validEmailAddress],
    ['no password', { username: 'pat@example.com' }, 'password', MSG.passwordRequired],
    ['a blank password', { username: 'pat@example.com', password: '' }, 'password', MSG.passwordRequired],
    [
      'a password of 255 characters',
      { username: 'pat@example.com', password: 'x'.repeat(255) },
      'password',
      tooLong(200),
    ],
  ])('answers 400 for %s with the spec message', async (_case, fields, field, message) => {
    const res = await login({ ...fields, usertype: 4 });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ status: 'error', message, errors: { [field]: message } });
  });

  it('answers 400 for a user type other than school or sponsor', async () => {
    const admin = await createStaffUser(t, USER_TYPE.admin);
    for (const usertype of [1, 2, 3, 'x']) {
      const res = await login({ username: admin.email, password: admin.password, usertype });
      expect(res.statusCode, String(usertype)).toBe(400);
      expect(res.json().errors).toHaveProperty('usertype');
    }
  });

  it('keeps a session 24 hours without remember-me and 30 days with it', async () => {
    const school = await createSchoolUser(t);
    const before = Date.now();
    await login({ username: school.email, password: school.password, usertype: 4 });
    await login({ username: school.email, password: school.password, usertype: 4, remember: '1' });
    const after = Date.now();

    const [plain, remembered] = await sessionsOf(t, school.user.id);
    expect(plain?.remember).toBe(false);
    expect(plain?.expires_at.getTime()).toBeGreaterThanOrEqual(before + SESSION_IDLE_MS - 1000);
    expect(plain?.expires_at.getTime()).toBeLessThanOrEqual(after + SESSION_IDLE_MS + 1000);
    expect(remembered?.remember).toBe(true);
    expect(remembered?.expires_at.getTime()).toBeGreaterThanOrEqual(before + SESSION_REMEMBER_MS - 1000);
    expect(remembered?.expires_at.getTime()).toBeLessThanOrEqual(after + SESSION_REMEMBER_MS + 1000);
  });

  it.each(['1', 'true', 'on', true])('reads remember-me sent as %j', async (remember) => {
    const school = await createSchoolUser(t);
    await login({ username: school.email, password: school.password, usertype: 4, remember });
    const [session] = await sessionsOf(t, school.user.id);
    expect(session?.remember).toBe(true);
  });
});

describe('POST /api/login rate limits', () => {
  const { windowMs } = LIMITS.loginPerAccount;

  it('refuses the 11th attempt for one account within the window with 429, even with the right password', async () => {
    await awayFromWindowEdge(windowMs);
    const school = await createSchoolUser(t);
    for (let attempt = 1; attempt <= 10; attempt++) {
      const res = await login({ username: school.email, password: 'wrong-password', usertype: 4 });
      expect(res.statusCode, `attempt ${attempt}`).toBe(401);
    }
    const eleventh = await login({ username: school.email, password: school.password, usertype: 4 });
    expect(eleventh.statusCode).toBe(429);
    expect(eleventh.json()).toEqual({ status: 'error', message: MSG.rateLimited });
    expect(await sessionsOf(t, school.user.id)).toHaveLength(0);

    // The count is the account's, whatever case the e-mail is typed in; other accounts are unaffected.
    const shouted = await login({ username: school.email.toUpperCase(), password: school.password, usertype: 4 });
    expect(shouted.statusCode).toBe(429);
    const other = await createSchoolUser(t);
    expect((await login({ username: other.email, password: other.password, usertype: 4 })).statusCode).toBe(200);
  }, 45_000);

  it('forgets the account’s failed attempts once it signs in', async () => {
    await awayFromWindowEdge(windowMs);
    const school = await createSchoolUser(t);
    for (let attempt = 1; attempt <= 9; attempt++) {
      const res = await login({ username: school.email, password: 'wrong-password', usertype: 4 });
      expect(res.statusCode, `attempt ${attempt}`).toBe(401);
    }
    const success = await login({ username: school.email, password: school.password, usertype: 4 });
    expect(success.statusCode).toBe(200);

    for (let attempt = 1; attempt <= 10; attempt++) {
      const res = await login({ username: school.email, password: 'wrong-password', usertype: 4 });
      expect(res.statusCode, `attempt ${attempt} after signing in`).toBe(401);
    }
    const eleventh = await login({ username: school.email, password: 'wrong-password', usertype: 4 });
    expect(eleventh.statusCode).toBe(429);
  }, 45_000);

  it('does not hold back successful sign-ins from one network', async () => {
    const ip = '203.0.113.9';
    const school = await createSchoolUser(t);
    for (let attempt = 1; attempt <= LIMITS.loginPerIp.max + 5; attempt++) {
      const res = await login({ username: school.email, password: school.password, usertype: 4 }, ip);
      expect(res.statusCode, `sign-in ${attempt}`).toBe(200);
    }
  }, 45_000);

  it('refuses the 31st attempt from one IP address across different accounts with 429', async () => {
    await awayFromWindowEdge(LIMITS.loginPerIp.windowMs);
    const ip = '203.0.113.7';
    for (let attempt = 1; attempt <= 30; attempt++) {
      const res = await login({ username: uniqueEmail('guess'), password: 'guess', usertype: 4 }, ip);
      expect(res.statusCode, `attempt ${attempt}`).toBe(401);
    }
    const school = await createSchoolUser(t);
    const thirtyFirst = await login({ username: school.email, password: school.password, usertype: 4 }, ip);
    expect(thirtyFirst.statusCode).toBe(429);
    expect(thirtyFirst.json()).toEqual({ status: 'error', message: MSG.rateLimited });

    // Another address is not held back, and the same account signs in from there.
    const elsewhere = await login({ username: school.email, password: school.password, usertype: 4 }, '203.0.113.8');
    expect(elsewhere.statusCode).toBe(200);
  }, 45_000);
});
