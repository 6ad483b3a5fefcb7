import { createHash } from 'node:crypto';
import { SESSION_IDLE_MS, SESSION_REMEMBER_MS, USER_TYPE } from '@portal/contracts/constants';
import { MSG } from '@portal/contracts/messages';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sessions, users } from '../../src/db/schema/index.ts';
import { bearer, createSchoolUser, sessionsOf, signedInSchool, signedInSponsor, signIn } from '../helpers/accounts.ts';
import { sqlFromOutside } from '../helpers/sql.ts';
import { createTestApp, type TestApp } from '../helpers/test-app.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t?.close());

const sha256 = (value: string) => createHash('sha256').update(value).digest('hex');
const unauthorized = { status: 'error', message: MSG.unauthorized };
const expired = { status: 'error', message: MSG.sessionExpired };

/** A signed-in read: who the token belongs to. */
const headerInfo = (options: Parameters<TestApp['api']['get']>[1] = {}, query = '') =>
  t.api.get(`/api/headerinfo${query}`, options);

describe('session tokens on signed-in calls', () => {
  it('are accepted as Authorization: Bearer', async () => {
    const school = await signedInSchool(t);
    const res = await headerInfo({ headers: bearer(school.token) });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ status: 'success', email: school.email, usertype: 4 });
  });

  it('are accepted as the ?token= query field', async () => {
    const school = await signedInSchool(t);
    const res = await headerInfo({}, `?token=${encodeURIComponent(school.token)}`);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ email: school.email });
  });

  it('are accepted as a token field of a POST body, JSON or URL-encoded', async () => {
    const first = await signedInSchool(t);
    const json = await t.api.post('/api/logout', { body: { token: first.token } });
    expect(json.statusCode).toBe(200);

    const second = await signedInSponsor(t);
    const form = await t.api.post('/api/logout', {
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: `token=${encodeURIComponent(second.token)}`,
    });
    expect(form.statusCode).toBe(200);

    // Both logouts found their session: each token is now revoked.
    for (const token of [first.token, second.token]) {
      expect((await headerInfo({ headers: bearer(token) })).statusCode).toBe(401);
    }
  });

  it('tell one user from another', async () => {
    const school = await signedInSchool(t);
    const sponsor = await signedInSponsor(t);
    expect((await headerInfo({ headers: bearer(school.token) })).json()).toMatchObject({ email: school.email });
    expect((await headerInfo({ headers: bearer(sponsor.token) })).json()).toMatchObject({ email: sponsor.email });
  });

  it('missing: 401 asking to log in', async () => {
    for (const options of [
      {},
      { headers: { authorization: 'Bearer ' } },
      { headers: { authorization: 'Basic abc' } },
    ]) {
      const res = await headerInfo(options);
      expect(res.statusCode).toBe(401);
      expect(res.json()).toEqual(unauthorized);
    }
    expect((await headerInfo({}, '?token=')).json()).toEqual(unauthorized);
  });

  it('unknown: 401 session expired', async () => {
    for (const token of ['made-up-token', 'A'.repeat(43)]) {
      const res = await headerInfo({ headers: bearer(token) });
      expect(res.statusCode).toBe(401);
      expect(res.json()).toEqual(expired);
    }
  });

  it('cannot be replaced by the stored hash', async () => {
    const school = await signedInSchool(t);
    const res = await headerInfo({ headers: bearer(sha256(school.token)) });
    expect(res.statusCode).toBe(401);
  });

  it('past their expiry: 401 session expired', async () => {
    const school = await signedInSchool(t);
    expect((await headerInfo({ headers: bearer(school.token) })).statusCode).toBe(200);
    await sqlFromOutside(
      t.database.url,
      `update sessions set expires_at = now() - interval '1 second' where token_hash = $1`,
      [sha256(school.token)],
    );
    // The server had resolved it a moment ago; the database tells it the session ended.
    await expect.poll(async () => (await headerInfo({ headers: bearer(school.token) })).statusCode).toBe(401);
    expect((await headerInfo({ headers: bearer(school.token) })).json()).toEqual(expired);
  });

  it('revoked or disabled by another server while in use: refused within moments', async () => {
    const school = await signedInSchool(t);
    const other = await signedInSchool(t);
    for (const s of [school, other]) expect((await headerInfo({ headers: bearer(s.token) })).statusCode).toBe(200);
    await sqlFromOutside(t.database.url, 'update sessions set revoked_at = now() where token_hash = $1', [
      sha256(school.token),
    ]);
    await sqlFromOutside(t.database.url, 'update users set status = 0 where id = $1', [other.user.id]);
    for (const s of [school, other]) {
      await expect.poll(async () => (await headerInfo({ headers: bearer(s.token) })).statusCode).toBe(401);
    }
  });

  it('revoked: 401 session expired', async () => {
    const school = await signedInSchool(t);
    await t.db
      .update(sessions)
      .set({ revoked_at: new Date() })
      .where(eq(sessions.token_hash, sha256(school.token)));
    const res = await headerInfo({ headers: bearer(school.token) });
    expect(res.statusCode).toBe(401);
    expect(res.json()).toEqual(expired);
  });

  it('of a user disabled since signing in: 401', async () => {
    const school = await signedInSchool(t);
    await t.db.update(users).set({ status: 0 }).where(eq(users.id, school.user.id));
    const res = await headerInfo({ headers: bearer(school.token) });
    expect(res.statusCode).toBe(401);
    expect(res.json()).toEqual(expired);
  });

  it('slide the expiry forward when used, by the session’s own lifetime', async () => {
    const school = await createSchoolUser(t);
    const plain = await signIn(t, school, USER_TYPE.school);
    const remembered = await signIn(t, school, USER_TYPE.school, { remember: true });
    // As if both were last used two hours ago, with their expiry then.
    await t.db
      .update(sessions)
      .set({ last_seen_at: new Date(Date.now() - 2 * 3600_000), expires_at: new Date(Date.now() + 3600_000) })
      .where(eq(sessions.user_id, school.user.id));

    const before = Date.now();
    for (const token of [plain, remembered])
      expect((await headerInfo({ headers: bearer(token) })).statusCode).toBe(200);
    const [p, r] = await sessionsOf(t, school.user.id);
    expect(p?.expires_at.getTime()).toBeGreaterThanOrEqual(before + SESSION_IDLE_MS - 1000);
    expect(p?.expires_at.getTime()).toBeLessThan(before + SESSION_IDLE_MS + 60_000);
    expect(r?.expires_at.getTime()).toBeGreaterThanOrEqual(before + SESSION_REMEMBER_MS - 1000);
    expect(p?.last_seen_at.getTime()).toBeGreaterThanOrEqual(before - 1000);
  });
});

describe('POST /api/logout', () => {
  it('revokes the session on the server: the same token then gets 401', async () => {
    const school = await signedInSchool(t);
    const res = await t.api.post('/api/logout', { headers: bearer(school.token) });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ status: 'success', message: MSG.loggedOut });

    const [session] = await sessionsOf(t, school.user.id);
    expect(session?.revoked_at).toBeInstanceOf(Date);
    const after = await headerInfo({ headers: bearer(school.token) });
    expect(after.statusCode).toBe(401);
    expect(after.json()).toEqual(expired);
    const again = await t.api.post('/api/logout', { headers: bearer(school.token) });
    expect(again.statusCode).toBe(401);
  });

  it('ends only that session, not the user’s others', async () => {
    const school = await createSchoolUser(t);
    const laptop = await signIn(t, school, USER_TYPE.school);
    const phone = await signIn(t, school, USER_TYPE.school);
    await t.api.post('/api/logout', { headers: bearer(laptop) });
    expect((await headerInfo({ headers: bearer(laptop) })).statusCode).toBe(401);
    expect((await headerInfo({ headers: bearer(phone) })).statusCode).toBe(200);
  });

  it('answers 401 without a token', async () => {
    const res = await t.api.post('/api/logout');
    expect(res.statusCode).toBe(401);
    expect(res.json()).toEqual(unauthorized);
  });

  it('is refused without the anti-forgery header', async () => {
    const school = await signedInSchool(t);
    const res = await t.api.post('/api/logout', { headers: bearer(school.token), xsrfHeader: null });
    expect(res.statusCode).toBe(403);
    expect((await headerInfo({ headers: bearer(school.token) })).statusCode).toBe(200);
  });
});

describe('GET /api/headerinfo', () => {
  it('answers 401 without a token', async () => {
    const res = await headerInfo();
    expect(res.statusCode).toBe(401);
    expect(res.json()).toEqual(unauthorized);
  });

  it('names the school and its user type', async () => {
    const school = await signedInSchool(t, { school_name: 'Palm River Academy' });
    const res = await headerInfo({ headers: bearer(school.token) });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      status: 'success',
      message: 'ok',
      name: 'Palm River Academy',
      email: school.email,
      usertype: 4,
    });
  });

  it('names the sponsor’s business and its user type', async () => {
    const sponsor = await signedInSponsor(t, { business_name: 'Seaside Dental' });
    const res = await headerInfo({ headers: bearer(sponsor.token) });
    expect(res.json()).toEqual({
      status: 'success',
      message: 'ok',
      name: 'Seaside Dental',
      email: sponsor.email,
      usertype: 5,
    });
  });

  it('falls back to the e-mail while a new school has no name yet', async () => {
    const school = await signedInSchool(t);
    const res = await headerInfo({ headers: bearer(school.token) });
    expect(res.json()).toMatchObject({ name: school.email, usertype: 4 });
  });
});
