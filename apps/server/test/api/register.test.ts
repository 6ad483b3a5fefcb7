import { USER_TYPE } from '@portal/contracts/constants';
import { MSG, tooLong } from '@portal/contracts/messages';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { schools, users } from '../../src/db/schema/index.ts';
import { verifyPassword } from '../../src/lib/password.ts';
import {
  bearer,
  createSchoolUser,
  createSponsorUser,
  mailsTo,
  sessionsOf,
  signedInSchool,
  signedInSponsor,
  signIn,
  uniqueEmail,
  uniqueIp,
} from '../helpers/accounts.ts';
import { createTestApp, TEST_PUBLIC_URL, type TestApp } from '../helpers/test-app.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t?.close());

const register = (body: unknown) => t.api.post('/api/loginnewreg', { body, remoteAddress: uniqueIp() });

async function userByEmail(email: string) {
  const [user] = await t.db
    .select()
    .from(users)
    .where(eq(sql`lower(${users.email})`, email.toLowerCase()));
  return user;
}

describe('POST /api/loginnewreg', () => {
  it('creates a school account with its school record and signs it in', async () => {
    const email = uniqueEmail('new-school');
    const res = await register({ email, password: 'maple-grove-7', usertype: 4, ref_code: 'FRIEND-42' });

    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body).toEqual({ status: 'success', message: MSG.registered, token: expect.any(String), usertype: 4 });
    expect(body.token).toMatch(/^[\w-]{22,}$/);

    const user = await userByEmail(email);
    expect(user).toMatchObject({ email, usertype: USER_TYPE.school, status: 1 });
    const [school] = await t.db.select().from(schools).where(eq(schools.user_id, user!.id));
    expect(school).toMatchObject({ ref_code: 'FRIEND-42', school_name: '', details_completed_at: null });

    // The token works at once, and is the new school's.
    const details = await t.api.get('/api/schooldetails', { headers: bearer(body.token) });
    expect(details.statusCode).toBe(200);
    expect(details.json().result).toMatchObject({ user_email: email, ref_code: 'FRIEND-42', details_completed: false });
    expect(await sessionsOf(t, user!.id)).toHaveLength(1);
  });

  it('takes a URL-encoded form, with usertype and ref_code optional', async () => {
    const email = uniqueEmail('form-school');
    const res = await t.api.post('/api/loginnewreg', {
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ email, password: 'maple-grove-7' }).toString(),
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().usertype).toBe(4);
    const user = await userByEmail(email);
    const [school] = await t.db.select().from(schools).where(eq(schools.user_id, user!.id));
    expect(school?.ref_code).toBe('');
  });

  it('keeps the e-mail lower-case, so the school signs in with it however typed', async () => {
    const local = uniqueEmail('MixedCase');
    const res = await register({ email: `  ${local.toUpperCase()} `, password: 'maple-grove-7' });
    expect(res.statusCode).toBe(200);
    const user = await userByEmail(local);
    expect(user?.email).toBe(local.toLowerCase());
    await signIn(t, { email: local, password: 'maple-grove-7' }, USER_TYPE.school);
  });

  it('stores the password as an argon2id hash, never as typed', async () => {
    const email = uniqueEmail('hashed');
    await register({ email, password: 'plain-secret-9' });
    const user = await userByEmail(email);
    expect(user?.password_hash).toMatch(/^\$argon2id\$/);
    expect(user?.password_hash).not.toContain('plain-secret-9');
    expect(await verifyPassword(user!.password_hash!, 'plain-secret-9')).toBe(true);
  });

  it('queues a welcome e-mail to the address, with an HTML and a text part', async () => {
    const email = uniqueEmail('welcome');
    await register({ email, password: 'maple-grove-7' });
    const mails = await mailsTo(t, email);
    expect(mails).toHaveLength(1);
    const [mail] = mails;
    expect(mail).toMatchObject({ template: 'welcome', to_address: email, status: 'queued' });
    expect(mail?.subject).toMatch(/welcome/i);
    expect(mail?.html).toMatch(/^<!doctype html>/i);
    expect(mail?.html).toContain(`href="${TEST_PUBLIC_URL}/school/details"`);
    expect(mail?.text).toContain(`${TEST_PUBLIC_URL}/school/details`);
    expect(mail?.text).not.toMatch(/<[a-z]/i);
  });

  it('answers 409 for an e-mail already in use, whatever its case, and creates nothing', async () => {
    const existing = await createSponsorUser(t);
    const before = await t.db.select({ n: sql<number>`count(*)::int` }).from(users);
    for (const email of [existing.email, existing.email.toUpperCase()]) {
      const res = await register({ email, password: 'maple-grove-7' });
      expect(res.statusCode, email).toBe(409);
      expect(res.json()).toEqual({ status: 'error', message: MSG.emailInUse, errors: { email: MSG.emailInUse } });
    }
    const after = await t.db.select({ n: sql<number>`count(*)::int` }).from(users);
    expect(after).toEqual(before);
    expect(await mailsTo(t, existing.email)).toHaveLength(0);
  });

  it('lets only one of two simultaneous registrations of an address through', async () => {
    const email = uniqueEmail('race');
    const results = await Promise.all([
      register({ email, password: 'maple-grove-7' }),
      register({ email, password: 'maple-grove-8' }),
    ]);
    expect(results.map((r) => r.statusCode).sort()).toEqual([200, 409]);
    expect(await t.db.select().from(users).where(eq(users.email, email))).toHaveLength(1);
  });

  it.each([
    ['no e-mail', { password: 'maple-grove-7' }, 'email', MSG.emailRequired],
    ['a blank e-mail', { email: '   ', password: 'maple-grove-7' }, 'email', MSG.emailRequired],
    ['a malformed e-mail', { email: 'pat@', password: 'maple-grove-7' }, 'email', MSG.invalidEmail],
    [
      'an e-mail of 300 characters',
      { email: `${'p'.repeat(288)}@example.com`, password: 'maple-grove-7' },
      'email',
      tooLong(254),
    ],
    ['no password', { email: 'pat@example.com' }, 'password', MSG.passwordRequired],
    ['a password of 7 characters', { email: 'pat@example.com', password: 'maple-7' }, 'password', MSG.passwordTooShort],
    [
      'a password of 129 characters',
      { email: 'pat@example.com', password: 'maple-grove-'.repeat(11).slice(0, 129) },
      'password',
      MSG.passwordTooLong,
    ],
    ['a common password', { email: 'pat@example.com', password: 'Password123' }, 'password', MSG.passwordTooCommon],
  ])('answers 400 for %s with the spec message', async (_case, body, field, message) => {
    const res = await register(body);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ status: 'error', message, errors: { [field]: message } });
  });

  it('accepts a password of exactly 8 characters, and of 128', async () => {
    expect((await register({ email: uniqueEmail('eight'), password: 'maple-78' })).statusCode).toBe(200);
    const longest = 'maple-grove-'.repeat(11).slice(0, 128);
    expect((await register({ email: uniqueEmail('long'), password: longest })).statusCode).toBe(200);
  });

  it('refuses to register a sponsor (usertype 5): sponsors do not register themselves', async () => {
    const email = uniqueEmail('would-be-sponsor');
    const res = await register({ email, password: 'maple-grove-7', usertype: 5 });
    expect(res.statusCode).toBe(400);
    expect(res.json().errors).toHaveProperty('usertype');
    expect(await userByEmail(email)).toBeUndefined();
  });
});

describe('GET /api/checkemail', () => {
  it('answers success for a free address', async () => {
    const res = await t.api.get(`/api/checkemail?email=${uniqueEmail('free')}`);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ status: 'success', message: MSG.emailAvailable });
  });

  it('answers 409 for an address in use, whatever its case', async () => {
    const school = await createSchoolUser(t);
    for (const email of [school.email, school.email.toUpperCase()]) {
      const res = await t.api.get(`/api/checkemail?email=${encodeURIComponent(email)}`);
      expect(res.statusCode).toBe(409);
      expect(res.json()).toEqual({ status: 'error', message: MSG.emailInUse, errors: { email: MSG.emailInUse } });
    }
  });

  it('answers 400 for a malformed address', async () => {
    const res = await t.api.get('/api/checkemail?email=nope');
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ status: 'error', message: MSG.invalidEmail, errors: { email: MSG.invalidEmail } });
  });
});

describe('GET /api/checkusername', () => {
  it('answers success for a free address and 409 for one in use', async () => {
    const free = await t.api.get(`/api/checkusername?username=${uniqueEmail('free')}`);
    expect(free.statusCode).toBe(200);
    expect(free.json()).toEqual({ status: 'success', message: MSG.emailAvailable });

    const sponsor = await createSponsorUser(t);
    const taken = await t.api.get(`/api/checkusername?username=${encodeURIComponent(sponsor.email)}`);
    expect(taken.statusCode).toBe(409);
    expect(taken.json()).toMatchObject({ status: 'error', message: MSG.emailInUse });
  });

  it('answers 400 without a username', async () => {
    const res = await t.api.get('/api/checkusername');
    expect(res.statusCode).toBe(400);
    expect(res.json().errors).toHaveProperty('username');
  });
});

describe('GET /api/checkemailedit', () => {
  it('answers 401 without a token', async () => {
    const res = await t.api.get(`/api/checkemailedit?email=${uniqueEmail('x')}`);
    expect(res.statusCode).toBe(401);
    expect(res.json()).toEqual({ status: 'error', message: MSG.unauthorized });
  });

  it('answers success for the user’s own address and for a free one', async () => {
    const school = await signedInSchool(t);
    for (const email of [school.email, school.email.toUpperCase(), uniqueEmail('free')]) {
      const res = await t.api.get(`/api/checkemailedit?email=${encodeURIComponent(email)}`, {
        headers: bearer(school.token),
      });
      expect(res.statusCode, email).toBe(200);
      expect(res.json()).toEqual({ status: 'success', message: MSG.emailAvailable });
    }
  });

  it('answers 409 for another account’s address', async () => {
    const sponsor = await signedInSponsor(t);
    const other = await createSchoolUser(t);
    const res = await t.api.get(
      `/api/checkemailedit?email=${encodeURIComponent(other.email)}&token=${encodeURIComponent(sponsor.token)}`,
    );
    expect(res.statusCode).toBe(409);
    expect(res.json()).toEqual({ status: 'error', message: MSG.emailInUse, errors: { email: MSG.emailInUse } });
  });
});
