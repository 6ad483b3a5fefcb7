import { USER_TYPE } from '@portal/contracts/constants';
import { MSG } from '@portal/contracts/messages';
import { and, asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { audit_log, password_resets, rate_limits, schools, sponsors } from '../../src/db/schema/index.ts';
import { LIMITS } from '../../src/lib/rate-limit.ts';
import { hashToken } from '../../src/lib/tokens.ts';
import {
  awayFromWindowEdge,
  bearer,
  completeSchoolBody,
  completeSponsorProfile,
  createSponsorUser,
  mailsTo,
  sessionsOf,
  signedInSchool,
  signedInSponsor,
  type signedInStaff,
  signedInStaffTeam,
  signIn,
  uniqueEmail,
  uniqueIp,
  userById,
} from '../helpers/accounts.ts';
import { createTestApp, TEST_PUBLIC_URL, type TestApp } from '../helpers/test-app.ts';

/** Changing the e-mail an account signs in with (decision 027): by its holder, and by staff. */

let t: TestApp;
let rep: Awaited<ReturnType<typeof signedInStaff>>;
beforeAll(async () => {
  t = await createTestApp();
  ({ rep } = await signedInStaffTeam(t));
});
afterAll(() => t?.close());

const headerInfo = (token: string) => t.api.get('/api/headerinfo', { headers: bearer(token) });
const saveSchool = (token: string, body: unknown) =>
  t.api.post('/api/schoolaccount', { headers: bearer(token), body, remoteAddress: uniqueIp() });
const saveSponsor = (token: string, body: unknown) =>
  t.api.post('/api/sponsoraccount', { headers: bearer(token), body, remoteAddress: uniqueIp() });
const forgot = (email: string) => t.api.post('/api/forgotpassword', { body: { email }, remoteAddress: uniqueIp() });
const resetLink = new RegExp(`${TEST_PUBLIC_URL.replaceAll('.', '\\.')}/set-password/([A-Za-z0-9_-]+)`);
const masked = (email: string) => `${email[0]}***@${email.split('@')[1]}`;

const auditOf = (entity: 'school' | 'sponsor', id: number) =>
  t.db
    .select()
    .from(audit_log)
    .where(and(eq(audit_log.entity, entity), eq(audit_log.entity_id, String(id))))
    .orderBy(asc(audit_log.id));

/** A reset link for the account, whose key is kept to try later. */
async function openResetKey(userId: number): Promise<string> {
  const key = `Open-Reset-${Math.random().toString(36).slice(2)}-0001`;
  await t.db.insert(password_resets).values({
    user_id: userId,
    key_hash: hashToken(key),
    purpose: 'reset',
    expires_at: new Date(Date.now() + 3_600_000),
  });
  return key;
}

describe('POST /api/schoolaccount', () => {
  it('answers 400 on current_password for a new sign-in e-mail without it, and saves nothing', async () => {
    const school = await signedInSchool(t);
    const res = await saveSchool(school.token, completeSchoolBody({ primary_email: uniqueEmail('moved') }));
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({
      status: 'error',
      message: MSG.emailChangeNeedsPassword,
      errors: { current_password: MSG.emailChangeNeedsPassword },
    });
    expect((await userById(t, school.user.id))?.email).toBe(school.email);
    const [row] = await t.db.select().from(schools).where(eq(schools.user_id, school.user.id));
    expect(row).toMatchObject({ school_name: '', details_completed_at: null });
    expect(await auditOf('school', school.user.id)).toEqual([]);
    expect(await mailsTo(t, school.email)).toEqual([]);
  });

  it('answers 400 on a wrong current password, saves nothing, and counts it as a failed sign-in', async () => {
    await awayFromWindowEdge(LIMITS.loginPerAccount.windowMs);
    const school = await signedInSchool(t);
    const res = await saveSchool(
      school.token,
      completeSchoolBody({ primary_email: uniqueEmail('moved'), current_password: 'not-the-password' }),
    );
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({
      status: 'error',
      message: MSG.currentPasswordIncorrect,
      errors: { current_password: MSG.currentPasswordIncorrect },
    });
    expect((await userById(t, school.user.id))?.email).toBe(school.email);
    expect(await auditOf('school', school.user.id)).toEqual([]);
    const [counter] = await t.db
      .select()
      .from(rate_limits)
      .where(eq(rate_limits.key, `login:account:${school.email}`));
    expect(counter?.hits).toBe(1);
  }, 30_000);

  it('needs no password when the address stays (in any capitals), and takes none it does not need', async () => {
    const school = await signedInSchool(t);
    for (const body of [
      completeSchoolBody({ primary_email: school.email.toUpperCase() }),
      completeSchoolBody({ primary_email: school.email, current_password: 'anything-at-all' }),
    ]) {
      expect((await saveSchool(school.token, body)).statusCode).toBe(200);
    }
    const limits = await t.db
      .select()
      .from(rate_limits)
      .where(eq(rate_limits.key, `login:account:${school.email}`));
    expect(limits).toEqual([]);
  });

  it('changes it with the password: the other sessions end, this one stays, and older password links stop working', async () => {
    const school = await signedInSchool(t);
    const elsewhere = await signIn(t, school, USER_TYPE.school);
    const key = await openResetKey(school.user.id);
    const newEmail = uniqueEmail('moved');

    const res = await saveSchool(
      school.token,
      completeSchoolBody({ primary_email: newEmail, current_password: school.password }),
    );
    expect(res.statusCode, res.body).toBe(200);
    expect((await userById(t, school.user.id))?.email).toBe(newEmail);
    expect((await headerInfo(school.token)).statusCode).toBe(200);
    expect((await headerInfo(elsewhere)).statusCode).toBe(401);

    const stale = await t.api.post('/api/setpassword', {
      body: { npassword: 'via-old-link-1', cpassword: 'via-old-link-1', securitykey: key },
    });
    expect(stale.statusCode).toBe(400);
    expect(stale.json().errors).toEqual({ securitykey: MSG.resetKeyInvalid });
  });
});

describe('POST /api/sponsoraccount', () => {
  it('answers 400 on current_password for a new sign-in e-mail without it, and saves nothing', async () => {
    const sponsor = await signedInSponsor(t, { business_name: 'Kept Name Co' });
    const res = await saveSponsor(sponsor.token, completeSponsorProfile({ business_name: 'Changed Name Co' }));
    expect(res.statusCode).toBe(400);
    expect(res.json().errors).toEqual({ current_password: MSG.emailChangeNeedsPassword });
    expect((await userById(t, sponsor.user.id))?.email).toBe(sponsor.email);
    const [row] = await t.db.select().from(sponsors).where(eq(sponsors.user_id, sponsor.user.id));
    expect(row?.business_name).toBe('Kept Name Co');
    expect(await mailsTo(t, sponsor.email)).toEqual([]);
  });

  it('changes it with the password, and ends the sponsor’s other sessions but this one', async () => {
    const sponsor = await signedInSponsor(t);
    const elsewhere = await signIn(t, sponsor, USER_TYPE.sponsor);
    const body = { ...completeSponsorProfile(), current_password: sponsor.password };
    expect((await saveSponsor(sponsor.token, body)).statusCode).toBe(200);
    expect((await userById(t, sponsor.user.id))?.email).toBe(body.primary_email);
    expect((await headerInfo(sponsor.token)).statusCode).toBe(200);
    expect((await headerInfo(elsewhere)).statusCode).toBe(401);
    expect((await mailsTo(t, sponsor.email)).map((m) => m.template)).toEqual(['login-email-changed']);
  });

  it('refuses with 429 once the account has had too many failed attempts, even the right password', async () => {
    await awayFromWindowEdge(LIMITS.loginPerAccount.windowMs);
    const sponsor = await signedInSponsor(t);
    const attempt = (current_password: string) =>
      saveSponsor(sponsor.token, { ...completeSponsorProfile(), current_password });
    for (let n = 1; n <= LIMITS.loginPerAccount.max; n++) {
      expect((await attempt(`guess-number-${n}`)).statusCode, `attempt ${n}`).toBe(400);
    }
    const right = await attempt(sponsor.password);
    expect(right.statusCode).toBe(429);
    expect(right.json()).toEqual({ status: 'error', message: MSG.rateLimited });
    expect((await userById(t, sponsor.user.id))?.email).toBe(sponsor.email);
  }, 60_000);
});

describe('POST /api/admin/sponsors/:id, changing the sign-in e-mail', () => {
  const staffSave = (userId: number, primaryEmail: string) =>
    t.api.post(`/api/admin/sponsors/${userId}`, {
      headers: bearer(rep.token),
      body: {
        business_name: 'Harbor Supply',
        primary_name: 'Ann Example',
        primary_email: primaryEmail,
        primary_phone: '5125550100',
        phone_number: '5125550101',
      },
    });

  it('ends every session of the sponsor and tells the old address', async () => {
    const sponsor = await signedInSponsor(t, { srep_id: rep.user.id });
    const newEmail = uniqueEmail('staff-moved');
    expect((await staffSave(sponsor.user.id, newEmail)).statusCode).toBe(200);
    expect((await userById(t, sponsor.user.id))?.email).toBe(newEmail);
    expect((await headerInfo(sponsor.token)).statusCode).toBe(401);
    expect((await sessionsOf(t, sponsor.user.id)).every((s) => s.revoked_at !== null)).toBe(true);
    expect((await mailsTo(t, sponsor.email)).map((m) => m.template)).toEqual(['login-email-changed']);
  });

  it('makes a reset asked for within 30 days tell the previous address too, naming the new one in part', async () => {
    const sponsor = await createSponsorUser(t, { srep_id: rep.user.id });
    const newEmail = uniqueEmail('staff-moved');
    expect((await staffSave(sponsor.user.id, newEmail)).statusCode).toBe(200);
    const [change] = await auditOf('sponsor', sponsor.user.id);

    expect((await forgot(newEmail)).statusCode).toBe(200);
    const [reset] = await mailsTo(t, newEmail);
    expect(reset?.template).toBe('password-reset');
    expect(resetLink.test(reset?.text ?? '')).toBe(true);
    const toOld = await mailsTo(t, sponsor.email);
    expect(toOld.map((m) => m.template)).toEqual(['login-email-changed', 'password-reset-notice']);
    const notice = toOld[1];
    const day = change!.created_at.toLocaleDateString('en-US', {
      timeZone: 'America/New_York',
      year: 'numeric',
      month: 'long',
      day: 'numeric',
    });
    expect(notice?.subject).toBe('A password reset was requested for your School Planner Savings account');
    expect(notice?.text).toContain(`changed to ${masked(newEmail)} on ${day}`);
    expect(notice?.text).not.toContain(newEmail);
    expect(notice?.text).toContain('support@');
    expect(notice?.text).not.toMatch(resetLink);
  });

  it('tells no previous address when the change was more than 30 days ago', async () => {
    const sponsor = await createSponsorUser(t, { srep_id: rep.user.id });
    const previous = uniqueEmail('long-ago');
    await t.db.insert(audit_log).values({
      actor_user_id: rep.user.id,
      action: 'update',
      entity: 'sponsor',
      entity_id: String(sponsor.user.id),
      changes: { before: { email: previous }, after: { email: sponsor.email } },
      created_at: new Date(Date.now() - 31 * 86_400_000),
    });
    expect((await forgot(sponsor.email)).statusCode).toBe(200);
    expect((await mailsTo(t, sponsor.email)).map((m) => m.template)).toEqual(['password-reset']);
    expect(await mailsTo(t, previous)).toEqual([]);
  });

  it('tells no previous address when the sponsor changed it, with the password', async () => {
    const sponsor = await signedInSponsor(t, { srep_id: rep.user.id });
    const body = { ...completeSponsorProfile(), current_password: sponsor.password };
    expect((await saveSponsor(sponsor.token, body)).statusCode).toBe(200);
    expect((await forgot(body.primary_email)).statusCode).toBe(200);
    expect((await mailsTo(t, sponsor.email)).map((m) => m.template)).toEqual(['login-email-changed']);
  });

  it('sends a sponsor still to choose a password the invitation again, at the new address only', async () => {
    const sponsor = await createSponsorUser(t, { srep_id: rep.user.id, password: undefined });
    const oldInvitation = `Old-Invitation-${Math.random().toString(36).slice(2)}`;
    await t.db.insert(password_resets).values({
      user_id: sponsor.user.id,
      key_hash: hashToken(oldInvitation),
      purpose: 'invite',
      expires_at: new Date(Date.now() + 86_400_000),
    });
    const newEmail = uniqueEmail('invited-moved');
    expect((await staffSave(sponsor.user.id, newEmail)).statusCode).toBe(200);

    const stale = await t.api.post('/api/setpassword', {
      body: { npassword: 'old-invite-pass', cpassword: 'old-invite-pass', securitykey: oldInvitation },
    });
    expect(stale.statusCode).toBe(400);
    const [invitation] = await mailsTo(t, newEmail);
    expect(invitation?.template).toBe('sponsor-invitation');
    const key = resetLink.exec(invitation?.text ?? '')?.[1];
    const set = await t.api.post('/api/setpassword', {
      body: { npassword: 'new-invite-pass', cpassword: 'new-invite-pass', securitykey: key },
    });
    expect(set.statusCode, set.body).toBe(200);
    await signIn(t, { email: newEmail, password: 'new-invite-pass' }, USER_TYPE.sponsor);
    const audit = await auditOf('sponsor', sponsor.user.id);
    expect(audit.map((row) => [row.action, row.actor_user_id, row.changes.after])).toEqual([
      ['update', rep.user.id, expect.objectContaining({ email: newEmail })],
      ['invite', rep.user.id, { invitation_sent_to: newEmail }],
    ]);
  });
});
