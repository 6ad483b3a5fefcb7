import { PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH, USER_TYPE } from '@portal/contracts/constants';
import { MSG } from '@portal/contracts/messages';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { password_resets, users } from '../../src/db/schema/index.ts';
import { hashToken } from '../../src/lib/tokens.ts';
import { createAdmin } from '../../src/modules/admin/create-admin.ts';
import {
  bearer,
  createSchoolUser,
  createSponsorUser,
  PASSWORD,
  signIn,
  uniqueEmail,
  uniqueIp,
} from '../helpers/accounts.ts';
import { createTestApp, type TestApp } from '../helpers/test-app.ts';

/** The password rules of decision 027, on every way a password is set. */

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t?.close());

const register = (email: string, password: string) =>
  t.api.post('/api/loginnewreg', { body: { email, password }, remoteAddress: uniqueIp() });

const userByEmail = async (email: string) =>
  (
    await t.db
      .select()
      .from(users)
      .where(eq(sql`lower(${users.email})`, email.toLowerCase()))
  )[0];

/** A password of `n` characters that is on no list and no pattern. */
const strongOf = (n: number) => 'Kestrel-harbor-7-'.repeat(10).slice(0, n);

/** Common and breached passwords, written as people vary them, and patterns guessed early. */
const COMMON = [
  ['a breached password', 'password123'],
  ['the same in other capitals', 'PassWord123'],
  ['a common word', 'Sunshine'],
  ['a keyboard walk', 'qwertyuiop'],
  ['one character repeated', 'zzzzzzzzzz'],
  ['a few characters repeated', '12341234'],
  ['a run of digits, downwards', '87654321'],
  ['a run of letters', 'abcdefghij'],
] as const;

/** An invitation key for an account, as staff's invitation makes one. */
async function invitationFor(userId: number): Promise<string> {
  const key = `Invitation-${Math.random().toString(36).slice(2)}-0001`;
  await t.db.insert(password_resets).values({
    user_id: userId,
    key_hash: hashToken(key),
    purpose: 'invite',
    expires_at: new Date(Date.now() + 86_400_000),
  });
  return key;
}

describe('POST /api/loginnewreg', () => {
  it.each(COMMON)('refuses %s (%j) on password, and makes no account', async (_case, password) => {
    const email = uniqueEmail('common');
    const res = await register(email, password);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({
      status: 'error',
      message: MSG.passwordTooCommon,
      errors: { password: MSG.passwordTooCommon },
    });
    expect(await userByEmail(email)).toBeUndefined();
  });

  it('refuses the e-mail address itself, or the name before its @, as the password', async () => {
    const email = uniqueEmail('own');
    for (const password of [email.toUpperCase(), email.slice(0, email.indexOf('@'))]) {
      const res = await register(email, password);
      expect(res.statusCode).toBe(400);
      expect(res.json().errors).toEqual({ password: MSG.passwordTooCommon });
    }
    expect(await userByEmail(email)).toBeUndefined();
  });

  it(`takes ${PASSWORD_MIN_LENGTH} to ${PASSWORD_MAX_LENGTH} characters, counted as people count them`, async () => {
    const tooShort = await register(uniqueEmail('short'), strongOf(PASSWORD_MIN_LENGTH - 1));
    expect(tooShort.json()).toEqual({
      status: 'error',
      message: MSG.passwordTooShort,
      errors: { password: MSG.passwordTooShort },
    });
    const tooLong = await register(uniqueEmail('long'), strongOf(PASSWORD_MAX_LENGTH + 1));
    expect(tooLong.statusCode).toBe(400);
    expect(tooLong.json().errors).toEqual({ password: MSG.passwordTooLong });
    // Seven emoji are fourteen UTF-16 units, but seven characters.
    const emoji = await register(uniqueEmail('emoji'), '🔑🚲🌵🎈🧭🪁🐙');
    expect(emoji.json().errors).toEqual({ password: MSG.passwordTooShort });

    for (const password of [strongOf(PASSWORD_MIN_LENGTH), strongOf(PASSWORD_MAX_LENGTH), '🔑🚲🌵🎈🧭🪁🐙🦉']) {
      const res = await register(uniqueEmail('fits'), password);
      expect(res.statusCode, password).toBe(200);
    }
  });
});

describe('POST /api/setpassword', () => {
  it('refuses a common password on npassword and leaves the link unused', async () => {
    const school = await createSchoolUser(t);
    const key = await invitationFor(school.user.id);
    const [before] = await t.db.select().from(users).where(eq(users.id, school.user.id));
    for (const npassword of ['Password123', school.email]) {
      const res = await t.api.post('/api/setpassword', { body: { npassword, cpassword: npassword, securitykey: key } });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual({
        status: 'error',
        message: MSG.passwordTooCommon,
        errors: { npassword: MSG.passwordTooCommon },
      });
    }
    const [after] = await t.db.select().from(users).where(eq(users.id, school.user.id));
    expect(after?.password_hash).toBe(before?.password_hash);

    const ok = await t.api.post('/api/setpassword', {
      body: { npassword: strongOf(12), cpassword: strongOf(12), securitykey: key },
    });
    expect(ok.statusCode, ok.body).toBe(200);
  });

  it('holds an invitation to the same rules: the invited sponsor cannot choose a common password', async () => {
    const sponsor = await createSponsorUser(t, { password: undefined });
    const key = await invitationFor(sponsor.user.id);
    const res = await t.api.post('/api/setpassword', {
      body: { npassword: 'iloveyou1', cpassword: 'iloveyou1', securitykey: key },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().errors).toEqual({ npassword: MSG.passwordTooCommon });
    expect((await userByEmail(sponsor.email))?.password_hash).toBeNull();
  });
});

describe('POST /api/setpasswordn', () => {
  it('refuses a common new password on npassword and keeps the old one', async () => {
    const school = await createSchoolUser(t);
    const token = await signIn(t, school, USER_TYPE.school);
    const res = await t.api.post('/api/setpasswordn', {
      headers: bearer(token),
      body: { current_password: school.password, npassword: 'Football1', cpassword: 'Football1' },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({
      status: 'error',
      message: MSG.passwordTooCommon,
      errors: { npassword: MSG.passwordTooCommon },
    });
    await signIn(t, school, USER_TYPE.school);
  });
});

describe('POST /api/login', () => {
  it('still signs in an account whose password is on the list (the demo’s password123)', async () => {
    const school = await createSchoolUser(t);
    expect(school.password).toBe(PASSWORD);
    await signIn(t, school, USER_TYPE.school);
  });
});

describe('npm run admin:create (createAdmin)', () => {
  it('refuses a common password, and makes no administrator', async () => {
    const email = uniqueEmail('ops');
    await expect(createAdmin(t.db, { email, password: 'letmein123' })).rejects.toMatchObject({
      statusCode: 400,
      message: MSG.passwordTooCommon,
    });
    expect(await userByEmail(email)).toBeUndefined();
  });
});
