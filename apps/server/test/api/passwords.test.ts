import { createHash } from 'node:crypto';
import { RESET_KEY_TTL_MS, USER_TYPE } from '@portal/contracts/constants';
import { MSG } from '@portal/contracts/messages';
import { and, asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { audit_log, email_outbox, password_resets, rate_limits, users } from '../../src/db/schema/index.ts';
import { LIMITS } from '../../src/lib/rate-limit.ts';
import { hashToken } from '../../src/lib/tokens.ts';
import {
  awayFromWindowEdge,
  bearer,
  createSchoolUser,
  createSponsorUser,
  createStaffUser,
  mailsTo,
  sessionsOf,
  signedInSchool,
  signIn,
  uniqueEmail,
  uniqueIp,
} from '../helpers/accounts.ts';
import { sqlFromOutside } from '../helpers/sql.ts';
import { createTestApp, TEST_PUBLIC_URL, type TestApp } from '../helpers/test-app.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t?.close());

const sha256 = (value: string) => createHash('sha256').update(value).digest('hex');
const resetLink = new RegExp(`${TEST_PUBLIC_URL.replaceAll('.', '\\.')}/set-password/([A-Za-z0-9_-]+)`);

function forgot(email: string, remoteAddress = uniqueIp()) {
  return t.api.post('/api/forgotpassword', { body: { email }, remoteAddress });
}

function login(account: { email: string; password: string }, usertype: number) {
  return t.api.post('/api/login', {
    body: { username: account.email, password: account.password, usertype },
    remoteAddress: uniqueIp(),
  });
}

/** Asks for a reset link for the address and returns the key the e-mail carries. */
async function resetKeyFor(email: string): Promise<string> {
  const res = await forgot(email);
  expect(res.statusCode).toBe(200);
  const mails = await mailsTo(t, email);
  const key = resetLink.exec(mails.at(-1)?.text ?? '')?.[1];
  expect(key, 'a reset link in the last mail').toBeDefined();
  return key!;
}

function setPassword(body: Record<string, string>) {
  return t.api.post('/api/setpassword', { body });
}

/** The audit rows about a user's sign-in (entity 'user'), oldest first. */
const userAudit = (userId: number) =>
  t.db
    .select()
    .from(audit_log)
    .where(and(eq(audit_log.entity, 'user'), eq(audit_log.entity_id, String(userId))))
    .orderBy(asc(audit_log.id));

const headerInfo = (token: string) => t.api.get('/api/headerinfo', { headers: bearer(token) });

describe('POST /api/forgotpassword', () => {
  it('answers the same for a known and an unknown address', async () => {
    const school = await createSchoolUser(t);
    const known = await forgot(school.email);
    const unknown = await forgot(uniqueEmail('nobody'));
    expect(known.statusCode).toBe(200);
    expect(unknown.statusCode).toBe(200);
    expect(known.json()).toEqual({ status: 'success', message: MSG.resetSent });
    expect(unknown.json()).toEqual(known.json());
  });

  it('e-mails a known address a single link to /set-password/<key>, in both parts', async () => {
    const sponsor = await createSponsorUser(t);
    await forgot(sponsor.email.toUpperCase());

    const mails = await mailsTo(t, sponsor.email);
    expect(mails).toHaveLength(1);
    const [mail] = mails;
    expect(mail).toMatchObject({ template: 'password-reset', status: 'queued' });
    const key = resetLink.exec(mail?.text ?? '')?.[1];
    expect(key).toMatch(/^[\w-]{22,}$/);
    expect(mail?.html).toContain(`href="${TEST_PUBLIC_URL}/set-password/${key}"`);
  });

  it('e-mails no one for an unknown address', async () => {
    const email = uniqueEmail('nobody');
    const before = await t.db.select({ id: email_outbox.id }).from(email_outbox);
    await forgot(email);
    expect(await mailsTo(t, email)).toHaveLength(0);
    expect(await t.db.select({ id: email_outbox.id }).from(email_outbox)).toHaveLength(before.length);
  });

  it('sends a disabled account no link', async () => {
    const school = await createSchoolUser(t);
    await t.db.update(users).set({ status: 0 }).where(eq(users.id, school.user.id));
    const res = await forgot(school.email);
    expect(res.statusCode).toBe(200);
    expect(await mailsTo(t, school.email)).toHaveLength(0);
  });

  it('keeps only a hash of the key, expiring in an hour', async () => {
    const school = await createSchoolUser(t);
    const before = Date.now();
    const key = await resetKeyFor(school.email);
    const rows = await t.db.select().from(password_resets).where(eq(password_resets.user_id, school.user.id));
    expect(rows).toHaveLength(1);
    expect(rows[0]?.key_hash).not.toBe(key);
    expect(rows[0]?.key_hash).not.toContain(key);
    expect(rows[0]?.key_hash).toBe(sha256(key));
    expect(rows[0]?.used_at).toBeNull();
    expect(rows[0]?.expires_at.getTime()).toBeGreaterThanOrEqual(before + RESET_KEY_TTL_MS - 1000);
    expect(rows[0]?.expires_at.getTime()).toBeLessThanOrEqual(Date.now() + RESET_KEY_TTL_MS + 1000);
  });

  it.each([
    ['a malformed address', { email: 'someone' }, MSG.invalidEmail],
    ['no address', {}, MSG.validEmailAddress],
  ])('answers 400 for %s', async (_case, body, message) => {
    const res = await t.api.post('/api/forgotpassword', { body });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ status: 'error', message, errors: { email: message } });
  });

  it('voids the older reset links: only the newest one sets the password', async () => {
    const school = await createSchoolUser(t);
    const first = await resetKeyFor(school.email);
    const second = await resetKeyFor(school.email);
    const stale = await setPassword({ npassword: 'stale-link-1', cpassword: 'stale-link-1', securitykey: first });
    expect(stale.statusCode).toBe(400);
    expect(stale.json()).toMatchObject({ errors: { securitykey: MSG.resetKeyInvalid } });
    expect((await login(school, USER_TYPE.school)).statusCode).toBe(200);
    const fresh = await setPassword({ npassword: 'fresh-link-1', cpassword: 'fresh-link-1', securitykey: second });
    expect(fresh.statusCode).toBe(200);
  });

  it('leaves an open invitation working (decision 027)', async () => {
    const sponsor = await createSponsorUser(t, { password: undefined });
    const invitation = 'Invitation-Key-For-Test-0001';
    await t.db.insert(password_resets).values({
      user_id: sponsor.user.id,
      key_hash: hashToken(invitation),
      purpose: 'invite',
      expires_at: new Date(Date.now() + 86_400_000),
    });
    await resetKeyFor(sponsor.email);
    const res = await setPassword({
      npassword: 'invited-at-last',
      cpassword: 'invited-at-last',
      securitykey: invitation,
    });
    expect(res.statusCode, res.body).toBe(200);
    // Setting it by the invitation voids the reset link asked for since.
    const open = await t.db.select().from(password_resets).where(eq(password_resets.user_id, sponsor.user.id));
    expect(open.every((row) => row.used_at !== null)).toBe(true);
  });

  it('writes the request to the audit log with the IP address and the browser, for a known address only', async () => {
    const school = await createSchoolUser(t);
    const res = await t.api.post('/api/forgotpassword', {
      body: { email: school.email },
      headers: { 'user-agent': 'Reset-Browser/1.0' },
      remoteAddress: '198.51.100.77',
    });
    expect(res.statusCode).toBe(200);
    const rows = await userAudit(school.user.id);
    expect(rows.map((r) => [r.action, r.actor_user_id, r.ip, r.changes])).toEqual([
      ['password_reset_requested', null, '198.51.100.77', { before: null, after: { user_agent: 'Reset-Browser/1.0' } }],
    ]);

    const before = await t.db.select({ id: audit_log.id }).from(audit_log);
    await forgot(uniqueEmail('nobody'));
    expect(await t.db.select({ id: audit_log.id }).from(audit_log)).toHaveLength(before.length);
  });

  it('refuses the 6th request for one address within the hour with 429', async () => {
    await awayFromWindowEdge(LIMITS.forgotPerAccount.windowMs);
    const school = await createSchoolUser(t);
    for (let request = 1; request <= 5; request++) {
      expect((await forgot(school.email)).statusCode, `request ${request}`).toBe(200);
    }
    const sixth = await forgot(school.email);
    expect(sixth.statusCode).toBe(429);
    expect(sixth.json()).toEqual({ status: 'error', message: MSG.rateLimited });
    expect(await mailsTo(t, school.email)).toHaveLength(5);

    // Unknown addresses are counted too, so the limit tells nobody which exist.
    const unknown = uniqueEmail('nobody');
    for (let request = 1; request <= 5; request++) await forgot(unknown);
    expect((await forgot(unknown)).statusCode).toBe(429);
  }, 45_000);

  it('refuses the 21st request from one IP address within the hour with 429', async () => {
    await awayFromWindowEdge(LIMITS.forgotPerIp.windowMs);
    const ip = '198.51.100.20';
    for (let request = 1; request <= 20; request++) {
      expect((await forgot(uniqueEmail('probe'), ip)).statusCode, `request ${request}`).toBe(200);
    }
    const school = await createSchoolUser(t);
    expect((await forgot(school.email, ip)).statusCode).toBe(429);
    expect(await mailsTo(t, school.email)).toHaveLength(0);
  }, 45_000);
});

describe('POST /api/setpassword', () => {
  it('sets the password with the e-mailed key: the old one fails, the new one signs in', async () => {
    const school = await createSchoolUser(t);
    const key = await resetKeyFor(school.email);

    const res = await setPassword({ npassword: 'brand-new-1', cpassword: 'brand-new-1', securitykey: key });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ status: 'success', message: MSG.passwordSet });

    const old = await login(school, USER_TYPE.school);
    expect(old.statusCode).toBe(401);
    const fresh = await login({ email: school.email, password: 'brand-new-1' }, USER_TYPE.school);
    expect(fresh.statusCode).toBe(200);
    const [user] = await t.db.select().from(users).where(eq(users.id, school.user.id));
    expect(user?.password_hash).toMatch(/^\$argon2id\$/);
  });

  it('works for staff as for everyone: a rep sets a new password and signs in at the employee login', async () => {
    const rep = await createStaffUser(t, USER_TYPE.salesRep);
    const key = await resetKeyFor(rep.email);
    const res = await setPassword({ npassword: 'rep-new-pass-1', cpassword: 'rep-new-pass-1', securitykey: key });
    expect(res.statusCode, res.body).toBe(200);
    const staffLogin = (password: string) =>
      t.api.post('/api/admin/login', { body: { username: rep.email, password }, remoteAddress: uniqueIp() });
    expect((await staffLogin(rep.password)).statusCode).toBe(401);
    const fresh = await staffLogin('rep-new-pass-1');
    expect(fresh.statusCode, fresh.body).toBe(200);
    expect(fresh.json()).toMatchObject({ usertype: USER_TYPE.salesRep });
  });

  it('uses the key up: a second use answers 400', async () => {
    const school = await createSchoolUser(t);
    const key = await resetKeyFor(school.email);
    expect((await setPassword({ npassword: 'first-pass', cpassword: 'first-pass', securitykey: key })).statusCode).toBe(
      200,
    );

    const again = await setPassword({ npassword: 'second-pass', cpassword: 'second-pass', securitykey: key });
    expect(again.statusCode).toBe(400);
    expect(again.json()).toEqual({
      status: 'error',
      message: MSG.resetKeyInvalid,
      errors: { securitykey: MSG.resetKeyInvalid },
    });
    expect((await login({ email: school.email, password: 'first-pass' }, USER_TYPE.school)).statusCode).toBe(200);
    expect((await login({ email: school.email, password: 'second-pass' }, USER_TYPE.school)).statusCode).toBe(401);
  });

  it('voids the other links once the password has changed', async () => {
    const school = await createSchoolUser(t);
    const first = await resetKeyFor(school.email);
    const second = await resetKeyFor(school.email);
    expect(
      (await setPassword({ npassword: 'newest-pass', cpassword: 'newest-pass', securitykey: second })).statusCode,
    ).toBe(200);
    const stale = await setPassword({ npassword: 'stale-pass', cpassword: 'stale-pass', securitykey: first });
    expect(stale.statusCode).toBe(400);
    expect((await login({ email: school.email, password: 'newest-pass' }, USER_TYPE.school)).statusCode).toBe(200);
  });

  it('voids open links when the signed-in user changes the password', async () => {
    const school = await createSchoolUser(t);
    const key = await resetKeyFor(school.email);
    const token = await signIn(t, school, USER_TYPE.school);
    const changed = await t.api.post('/api/setpasswordn', {
      headers: bearer(token),
      body: { current_password: school.password, npassword: 'changed-pass', cpassword: 'changed-pass' },
    });
    expect(changed.statusCode).toBe(200);
    expect((await setPassword({ npassword: 'via-link-1', cpassword: 'via-link-1', securitykey: key })).statusCode).toBe(
      400,
    );
  });

  it('refuses an expired key with 400 and keeps the password', async () => {
    const sponsor = await createSponsorUser(t);
    const key = await resetKeyFor(sponsor.email);
    await sqlFromOutside(
      t.database.url,
      `update password_resets set expires_at = now() - interval '1 second' where key_hash = $1`,
      [sha256(key)],
    );
    const res = await setPassword({ npassword: 'too-late-1', cpassword: 'too-late-1', securitykey: key });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe(MSG.resetKeyInvalid);
    expect((await login(sponsor, USER_TYPE.sponsor)).statusCode).toBe(200);
  });

  it('refuses a made-up key, and the key’s hash in place of the key', async () => {
    const school = await createSchoolUser(t);
    const key = await resetKeyFor(school.email);
    for (const securitykey of ['made-up-key', sha256(key)]) {
      const res = await setPassword({ npassword: 'guessed-1', cpassword: 'guessed-1', securitykey });
      expect(res.statusCode).toBe(400);
      expect(res.json().message).toBe(MSG.resetKeyInvalid);
    }
  });

  it('leaves the key unused when the form is invalid', async () => {
    const school = await createSchoolUser(t);
    const key = await resetKeyFor(school.email);

    const mismatched = await setPassword({ npassword: 'tidy-lamp-7', cpassword: 'tidy-lamp-8', securitykey: key });
    expect(mismatched.statusCode).toBe(400);
    expect(mismatched.json()).toEqual({
      status: 'error',
      message: MSG.passwordsDoNotMatch,
      errors: { cpassword: MSG.passwordsDoNotMatch },
    });

    const short = await setPassword({ npassword: 'seven-7', cpassword: 'seven-7', securitykey: key });
    expect(short.statusCode).toBe(400);
    expect(short.json()).toMatchObject({ message: MSG.passwordTooShort, errors: { npassword: MSG.passwordTooShort } });

    const missing = await setPassword({ securitykey: key });
    expect(missing.statusCode).toBe(400);
    expect(missing.json().errors).toMatchObject({
      npassword: MSG.passwordRequired,
      cpassword: MSG.passwordsDoNotMatch,
    });

    const noKey = await setPassword({ npassword: 'tidy-lamp-7', cpassword: 'tidy-lamp-7' });
    expect(noKey.statusCode).toBe(400);
    expect(noKey.json().errors).toHaveProperty('securitykey');

    const ok = await setPassword({ npassword: 'tidy-lamp-7', cpassword: 'tidy-lamp-7', securitykey: key });
    expect(ok.statusCode).toBe(200);
  });

  it('writes the password set by the link to the audit log, with the IP address and the browser', async () => {
    const school = await createSchoolUser(t);
    const key = await resetKeyFor(school.email);
    const res = await t.api.post('/api/setpassword', {
      body: { npassword: 'audited-pass-1', cpassword: 'audited-pass-1', securitykey: key },
      headers: { 'user-agent': 'Set-Browser/2.0' },
      remoteAddress: '198.51.100.78',
    });
    expect(res.statusCode).toBe(200);
    const rows = await userAudit(school.user.id);
    expect(rows.map((r) => [r.action, r.actor_user_id, r.ip, r.changes])).toEqual([
      ['password_reset_requested', null, expect.any(String), expect.anything()],
      [
        'password_reset',
        school.user.id,
        '198.51.100.78',
        { before: null, after: { user_agent: 'Set-Browser/2.0', link: 'reset' } },
      ],
    ]);
  });

  it('writes nothing to the audit log when the key is refused', async () => {
    const school = await createSchoolUser(t);
    await resetKeyFor(school.email);
    const res = await setPassword({ npassword: 'refused-pass-1', cpassword: 'refused-pass-1', securitykey: 'made-up' });
    expect(res.statusCode).toBe(400);
    expect((await userAudit(school.user.id)).map((r) => r.action)).toEqual(['password_reset_requested']);
  });

  it('ends every session of the user', async () => {
    const school = await createSchoolUser(t);
    const first = await signIn(t, school, USER_TYPE.school);
    const second = await signIn(t, school, USER_TYPE.school, { remember: true });
    const other = await signedInSchool(t);
    expect((await headerInfo(first)).statusCode).toBe(200);

    const key = await resetKeyFor(school.email);
    await setPassword({ npassword: 'reset-pass', cpassword: 'reset-pass', securitykey: key });

    for (const token of [first, second]) {
      const res = await headerInfo(token);
      expect(res.statusCode).toBe(401);
      expect(res.json().message).toBe(MSG.sessionExpired);
    }
    expect((await headerInfo(other.token)).statusCode).toBe(200);
  });

  it('opens only the account the key was sent to', async () => {
    const a = await createSchoolUser(t);
    const b = await createSchoolUser(t);
    const key = await resetKeyFor(a.email);
    await setPassword({ npassword: 'only-for-a', cpassword: 'only-for-a', securitykey: key });
    expect((await login({ email: a.email, password: 'only-for-a' }, USER_TYPE.school)).statusCode).toBe(200);
    expect((await login({ email: b.email, password: 'only-for-a' }, USER_TYPE.school)).statusCode).toBe(401);
    expect((await login(b, USER_TYPE.school)).statusCode).toBe(200);
  });
});

describe('POST /api/setpasswordn', () => {
  const change = (body: Record<string, string>, token?: string) =>
    t.api.post('/api/setpasswordn', { body, ...(token ? { headers: bearer(token) } : {}) });

  it('answers 401 without a token', async () => {
    const res = await change({ current_password: 'whatever-1', npassword: 'changed-1', cpassword: 'changed-1' });
    expect(res.statusCode).toBe(401);
    expect(res.json()).toEqual({ status: 'error', message: MSG.unauthorized });
  });

  it('changes the password, keeps this session and ends the user’s others', async () => {
    const school = await createSchoolUser(t);
    const current = await signIn(t, school, USER_TYPE.school);
    const elsewhere = await signIn(t, school, USER_TYPE.school);

    const res = await change(
      { current_password: school.password, npassword: 'changed-1', cpassword: 'changed-1' },
      current,
    );
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ status: 'success', message: MSG.passwordChanged });

    expect((await headerInfo(current)).statusCode).toBe(200);
    expect((await headerInfo(elsewhere)).statusCode).toBe(401);
    expect((await login(school, USER_TYPE.school)).statusCode).toBe(401);
    expect((await login({ email: school.email, password: 'changed-1' }, USER_TYPE.school)).statusCode).toBe(200);
  });

  it('takes the token as the spec’s body field, URL-encoded', async () => {
    const sponsor = await createSponsorUser(t);
    const token = await signIn(t, sponsor, USER_TYPE.sponsor);
    const res = await t.api.post('/api/setpasswordn', {
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({
        current_password: sponsor.password,
        npassword: 'changed-2',
        cpassword: 'changed-2',
        token,
      }).toString(),
    });
    expect(res.statusCode).toBe(200);
    expect((await login({ email: sponsor.email, password: 'changed-2' }, USER_TYPE.sponsor)).statusCode).toBe(200);
  });

  it('answers 400 with the spec messages and changes nothing', async () => {
    const school = await createSchoolUser(t);
    const token = await signIn(t, school, USER_TYPE.school);

    const current_password = school.password;
    const mismatched = await change({ current_password, npassword: 'changed-3', cpassword: 'changed-4' }, token);
    expect(mismatched.statusCode).toBe(400);
    expect(mismatched.json()).toEqual({
      status: 'error',
      message: MSG.passwordsDoNotMatch,
      errors: { cpassword: MSG.passwordsDoNotMatch },
    });
    const short = await change({ current_password, npassword: '1234567', cpassword: '1234567' }, token);
    expect(short.statusCode).toBe(400);
    expect(short.json().errors).toEqual({ npassword: MSG.passwordTooShort });

    expect((await login(school, USER_TYPE.school)).statusCode).toBe(200);
  });

  it('answers 400 on current_password when it is missing or wrong, and changes nothing', async () => {
    const school = await createSchoolUser(t);
    const token = await signIn(t, school, USER_TYPE.school);
    const elsewhere = await signIn(t, school, USER_TYPE.school);
    const [before] = await t.db.select().from(users).where(eq(users.id, school.user.id));

    const missing = await change({ npassword: 'changed-6', cpassword: 'changed-6' }, token);
    expect(missing.statusCode).toBe(400);
    expect(missing.json()).toEqual({
      status: 'error',
      message: MSG.currentPasswordRequired,
      errors: { current_password: MSG.currentPasswordRequired },
    });
    const wrong = await change(
      { current_password: 'not-my-password', npassword: 'changed-6', cpassword: 'changed-6' },
      token,
    );
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json()).toEqual({
      status: 'error',
      message: MSG.currentPasswordIncorrect,
      errors: { current_password: MSG.currentPasswordIncorrect },
    });

    const [after] = await t.db.select().from(users).where(eq(users.id, school.user.id));
    expect(after?.password_hash).toBe(before?.password_hash);
    expect((await headerInfo(elsewhere)).statusCode).toBe(200);
    expect((await login(school, USER_TYPE.school)).statusCode).toBe(200);
  });

  it('counts a wrong current password as a failed sign-in: the 11th is refused with 429, and so is the login', async () => {
    await awayFromWindowEdge(LIMITS.loginPerAccount.windowMs);
    const school = await createSchoolUser(t);
    const token = await signIn(t, school, USER_TYPE.school);
    const [before] = await t.db.select().from(users).where(eq(users.id, school.user.id));
    const guess = (current_password: string) =>
      t.api.post('/api/setpasswordn', {
        headers: bearer(token),
        body: { current_password, npassword: 'guessed-new-1', cpassword: 'guessed-new-1' },
        remoteAddress: uniqueIp(),
      });
    for (let attempt = 1; attempt <= LIMITS.loginPerAccount.max; attempt++) {
      expect((await guess(`guess-number-${attempt}`)).statusCode, `attempt ${attempt}`).toBe(400);
    }
    const [counter] = await t.db
      .select()
      .from(rate_limits)
      .where(eq(rate_limits.key, `login:account:${school.email}`));
    expect(counter?.hits).toBe(LIMITS.loginPerAccount.max);

    const right = await guess(school.password);
    expect(right.statusCode).toBe(429);
    expect(right.json()).toEqual({ status: 'error', message: MSG.rateLimited });
    expect((await login(school, USER_TYPE.school)).statusCode).toBe(429);
    const [after] = await t.db.select().from(users).where(eq(users.id, school.user.id));
    expect(after?.password_hash).toBe(before?.password_hash);
    expect((await sessionsOf(t, school.user.id)).every((s) => s.revoked_at === null)).toBe(true);
  }, 60_000);

  it('does not take a revoked session', async () => {
    const school = await signedInSchool(t);
    await t.api.post('/api/logout', { headers: bearer(school.token) });
    const res = await change(
      { current_password: school.password, npassword: 'changed-5', cpassword: 'changed-5' },
      school.token,
    );
    expect(res.statusCode).toBe(401);
    expect((await login(school, USER_TYPE.school)).statusCode).toBe(200);
  });
});
