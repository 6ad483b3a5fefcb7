import { StaffAccountsResponse } from '@portal/contracts/admin-staff';
import { USER_TYPE } from '@portal/contracts/constants';
import { MSG } from '@portal/contracts/messages';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { audit_log, users } from '../../src/db/schema/index.ts';
import {
  bearer,
  createSponsorUser,
  createStaffUser,
  mailsTo,
  sessionsOf,
  signedInSchool,
  signedInSponsor,
  signedInStaff,
  uniqueEmail,
  uniqueIp,
  userById,
} from '../helpers/accounts.ts';
import { createTestApp, TEST_PUBLIC_URL, type TestApp } from '../helpers/test-app.ts';

let t: TestApp;
let admin: Awaited<ReturnType<typeof signedInStaff>>;
let rep: Awaited<ReturnType<typeof signedInStaff>>;
let school: Awaited<ReturnType<typeof signedInSchool>>;
let sponsorSession: Awaited<ReturnType<typeof signedInSponsor>>;

beforeAll(async () => {
  t = await createTestApp();
  admin = await signedInStaff(t, USER_TYPE.admin, { first_name: 'Ada', last_name: 'Admin' });
  rep = await signedInStaff(t, USER_TYPE.salesRep, { first_name: 'Rita', last_name: 'Delgado' });
  school = await signedInSchool(t);
  sponsorSession = await signedInSponsor(t);
});
afterAll(() => t?.close());

const get = (url: string, token?: string) => t.api.get(url, token ? { headers: bearer(token) } : {});
const post = (url: string, body: unknown, token?: string) =>
  t.api.post(url, { body, ...(token ? { headers: bearer(token) } : {}) });
const staffLogin = (email: string, password: string) =>
  t.api.post('/api/admin/login', { body: { username: email, password, remember: false }, remoteAddress: uniqueIp() });

const newStaff = (overrides: Record<string, unknown> = {}) => ({
  first_name: 'Sam',
  last_name: 'Seller',
  email: uniqueEmail('newrep'),
  role: 'rep',
  ...overrides,
});

const inviteLink = new RegExp(`${TEST_PUBLIC_URL.replaceAll('.', '\\.')}/set-password/([A-Za-z0-9_-]+)`);

const auditOf = (userId: number) =>
  t.db
    .select()
    .from(audit_log)
    .where(and(eq(audit_log.entity, 'account'), eq(audit_log.entity_id, String(userId))));

describe('the role matrix', () => {
  it('lets only an administrator list, create, disable and enable staff', async () => {
    const target = await createStaffUser(t, USER_TYPE.salesRep);
    const invited = (await post('/api/admin/staff', newStaff(), admin.token)).json().user_id as number;
    const calls = (token?: string) => [
      get('/api/admin/staff', token),
      post('/api/admin/staff', newStaff(), token),
      post(`/api/admin/staff/${target.user.id}/status`, { status: 0 }, token),
      post(`/api/admin/staff/${target.user.id}/status`, { status: 1 }, token),
      post(`/api/admin/staff/${invited}/invitation`, {}, token),
    ];
    for (const res of await Promise.all(calls())) expect(res.statusCode).toBe(401);
    for (const token of [rep.token, school.token, sponsorSession.token]) {
      for (const res of await Promise.all(calls(token))) {
        expect(res.statusCode).toBe(403);
        expect(res.json().message).toBe(MSG.forbidden);
      }
    }
    expect((await userById(t, target.user.id))?.status).toBe(1);
    expect(await auditOf(target.user.id)).toEqual([]);
    expect((await auditOf(invited)).map((a) => a.action)).toEqual(['create']);
    for (const res of [
      await get('/api/admin/staff', admin.token),
      await post('/api/admin/staff', newStaff(), admin.token),
      await post(`/api/admin/staff/${target.user.id}/status`, { status: 0 }, admin.token),
      await post(`/api/admin/staff/${target.user.id}/status`, { status: 1 }, admin.token),
      await post(`/api/admin/staff/${invited}/invitation`, {}, admin.token),
    ]) {
      expect(res.statusCode, res.body).toBe(200);
    }
  });
});

describe('GET /api/admin/staff', () => {
  it('lists every staff member with role, status, password, last sign-in and a rep’s sponsors', async () => {
    await createSponsorUser(t, { srep_id: rep.user.id });
    await createSponsorUser(t, { srep_id: rep.user.id });
    const invited = await post('/api/admin/staff', newStaff({ first_name: 'Ivy', last_name: 'Invited' }), admin.token);
    const invitedId = invited.json().user_id as number;

    const res = await get('/api/admin/staff', admin.token);
    expect(res.statusCode).toBe(200);
    const { staff } = StaffAccountsResponse.parse(res.json());
    expect(staff.some((s) => s.user_id === school.user.id || s.user_id === sponsorSession.user.id)).toBe(false);
    const byId = new Map(staff.map((s) => [s.user_id, s]));
    expect(byId.get(admin.user.id)).toMatchObject({
      name: 'Ada Admin',
      email: admin.email,
      role: 'admin',
      status: 1,
      has_password: true,
      sponsors: 0,
    });
    expect(byId.get(admin.user.id)?.last_login_at).not.toBeNull();
    expect(byId.get(rep.user.id)).toMatchObject({ name: 'Rita Delgado', role: 'rep', sponsors: 2 });
    expect(byId.get(invitedId)).toMatchObject({
      name: 'Ivy Invited',
      role: 'rep',
      status: 1,
      has_password: false,
      last_login_at: null,
      sponsors: 0,
    });
  });
});

describe('POST /api/admin/staff', () => {
  it('creates a rep without a password, e-mails a set-password link, and the rep then signs in', async () => {
    const body = newStaff();
    const res = await post('/api/admin/staff', body, admin.token);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().message).toBe(MSG.staffCreated);
    const userId = res.json().user_id as number;
    expect(await userById(t, userId)).toMatchObject({
      email: body.email,
      usertype: USER_TYPE.salesRep,
      first_name: 'Sam',
      last_name: 'Seller',
      status: 1,
      password_hash: null,
    });

    const audit = await auditOf(userId);
    expect(audit.map((a) => [a.action, a.actor_user_id])).toEqual([['create', admin.user.id]]);
    expect(audit[0]?.changes.after).toMatchObject({ email: body.email, usertype: USER_TYPE.salesRep, role: 'rep' });

    const mails = await mailsTo(t, body.email);
    expect(mails).toHaveLength(1);
    expect(mails[0]?.template).toBe('staff-invitation');
    expect(mails[0]?.subject).toBe('Your School Planner Savings back office account');
    expect(mails[0]?.text).toContain('sales representative');
    expect(mails[0]?.text).toContain(`${TEST_PUBLIC_URL}/admin/login`);
    const key = mails[0]?.text.match(inviteLink)?.[1];
    expect(key).toBeTruthy();

    expect((await staffLogin(body.email, 'new-pass-123')).statusCode).toBe(401);
    const set = await post('/api/setpassword', {
      securitykey: key,
      npassword: 'new-pass-123',
      cpassword: 'new-pass-123',
    });
    expect(set.statusCode, set.body).toBe(200);
    const login = await staffLogin(body.email, 'new-pass-123');
    expect(login.statusCode, login.body).toBe(200);
    const me = await get('/api/admin/me', login.json().token);
    expect(me.json()).toMatchObject({ user_id: userId, name: 'Sam Seller', role: 'rep' });
    // A rep is a rep: the staff list stays closed to them.
    expect((await get('/api/admin/staff', login.json().token)).statusCode).toBe(403);
  });

  it('creates an administrator with usertype 1', async () => {
    const body = newStaff({ role: 'admin' });
    const res = await post('/api/admin/staff', body, admin.token);
    expect(res.statusCode, res.body).toBe(200);
    expect((await userById(t, res.json().user_id))?.usertype).toBe(USER_TYPE.admin);
    const [mail] = await mailsTo(t, body.email);
    expect(mail?.text).toContain('administrator');
  });

  it('answers 409 on email for an address already used, whatever its capitals, and writes nothing', async () => {
    const before = await t.db.select({ id: users.id }).from(users);
    const res = await post('/api/admin/staff', newStaff({ email: sponsorSession.email.toUpperCase() }), admin.token);
    expect(res.statusCode).toBe(409);
    expect(res.json()).toMatchObject({ message: MSG.sponsorEmailInUse, errors: { email: MSG.sponsorEmailInUse } });
    expect(await t.db.select({ id: users.id }).from(users)).toHaveLength(before.length);
  });

  it('gives field messages for bad input and writes nothing', async () => {
    const email = 'not-an-address';
    const res = await post('/api/admin/staff', { first_name: ' ', last_name: '', email, role: 'boss' }, admin.token);
    expect(res.statusCode).toBe(400);
    expect(res.json().errors).toEqual({
      first_name: MSG.staffFirstNameRequired,
      last_name: MSG.staffLastNameRequired,
      email: MSG.invalidEmail,
      role: MSG.staffRoleRequired,
    });
    const missing = await post('/api/admin/staff', {}, admin.token);
    expect(missing.statusCode).toBe(400);
    expect(missing.json().errors).toMatchObject({ email: MSG.emailRequired, role: MSG.staffRoleRequired });
    expect(await t.db.select().from(users).where(eq(users.email, email))).toEqual([]);
  });
});

describe('POST /api/admin/staff/:id/status', () => {
  it('disabling signs the member out and refuses their login; enabling lets them in again; both audited', async () => {
    const member = await signedInStaff(t, USER_TYPE.salesRep);
    expect((await get('/api/admin/me', member.token)).statusCode).toBe(200);

    const off = await post(`/api/admin/staff/${member.user.id}/status`, { status: 0 }, admin.token);
    expect(off.statusCode, off.body).toBe(200);
    expect(off.json().message).toBe(MSG.staffDisabled);
    expect((await userById(t, member.user.id))?.status).toBe(0);
    expect((await sessionsOf(t, member.user.id)).every((s) => s.revoked_at !== null)).toBe(true);
    expect((await get('/api/admin/me', member.token)).statusCode).toBe(401);
    const refused = await staffLogin(member.email, member.password);
    expect(refused.statusCode).not.toBe(200);
    expect(refused.json().message).toBe(MSG.accountDisabled);

    const on = await post(`/api/admin/staff/${member.user.id}/status`, { status: 1 }, admin.token);
    expect(on.statusCode, on.body).toBe(200);
    expect((await staffLogin(member.email, member.password)).statusCode).toBe(200);

    const audit = await auditOf(member.user.id);
    expect(audit.map((a) => [a.action, a.actor_user_id, a.changes])).toEqual([
      ['disable', admin.user.id, { before: { status: 1 }, after: { status: 0 } }],
      ['enable', admin.user.id, { before: { status: 0 }, after: { status: 1 } }],
    ]);
  });

  it('will not let an administrator disable their own account', async () => {
    const res = await post(`/api/admin/staff/${admin.user.id}/status`, { status: 0 }, admin.token);
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe(MSG.staffCannotDisableSelf);
    expect((await userById(t, admin.user.id))?.status).toBe(1);
    expect((await get('/api/admin/me', admin.token)).statusCode).toBe(200);
    expect(await auditOf(admin.user.id)).toEqual([]);
  });

  it('answers 404 for an account that is not staff, 400 for a bad status, and changes nothing', async () => {
    const notStaff = await post(`/api/admin/staff/${sponsorSession.user.id}/status`, { status: 0 }, admin.token);
    expect(notStaff.statusCode).toBe(404);
    expect((await userById(t, sponsorSession.user.id))?.status).toBe(1);
    const bad = await post(`/api/admin/staff/${rep.user.id}/status`, { status: 2 }, admin.token);
    expect(bad.statusCode).toBe(400);
    expect(bad.json().errors).toEqual({ status: MSG.invalidValue });
    expect((await userById(t, rep.user.id))?.status).toBe(1);
  });
});

describe('POST /api/admin/staff/:id/invitation', () => {
  it('sends a new link and the older one stops working; refused once a password is set', async () => {
    const body = newStaff();
    const userId = (await post('/api/admin/staff', body, admin.token)).json().user_id as number;
    const again = await post(`/api/admin/staff/${userId}/invitation`, {}, admin.token);
    expect(again.statusCode, again.body).toBe(200);
    expect(again.json().message).toBe(MSG.sponsorInvitationSent);
    const mails = await mailsTo(t, body.email);
    expect(mails.map((m) => m.template)).toEqual(['staff-invitation', 'staff-invitation']);
    const [oldKey, newKey] = mails.map((m) => m.text.match(inviteLink)?.[1]);
    expect(newKey).toBeTruthy();
    expect(newKey).not.toBe(oldKey);
    const old = await post('/api/setpassword', {
      securitykey: oldKey,
      npassword: 'pass-word-1',
      cpassword: 'pass-word-1',
    });
    expect(old.statusCode).toBe(400);
    const ok = await post('/api/setpassword', {
      securitykey: newKey,
      npassword: 'pass-word-1',
      cpassword: 'pass-word-1',
    });
    expect(ok.statusCode, ok.body).toBe(200);
    const done = await post(`/api/admin/staff/${userId}/invitation`, {}, admin.token);
    expect(done.statusCode).toBe(409);
    expect(done.json().message).toBe(MSG.staffHasPassword);
    expect((await auditOf(userId)).map((a) => [a.action, a.changes.after])).toEqual([
      ['create', expect.objectContaining({ email: body.email })],
      ['invite', { invitation_sent_to: body.email }],
    ]);
    const notStaff = await post(`/api/admin/staff/${sponsorSession.user.id}/invitation`, {}, admin.token);
    expect(notStaff.statusCode).toBe(404);
  });
});
