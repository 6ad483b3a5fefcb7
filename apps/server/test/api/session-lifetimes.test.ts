import { createHash } from 'node:crypto';
import { SESSION_IDLE_MS, SESSION_MAX_MS, STAFF_SESSION_MAX_MS, USER_TYPE } from '@portal/contracts/constants';
import { MSG } from '@portal/contracts/messages';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  bearer,
  createSchoolUser,
  createSponsorUser,
  createStaffUser,
  sessionsOf,
  signIn,
  uniqueIp,
} from '../helpers/accounts.ts';
import { sqlFromOutside } from '../helpers/sql.ts';
import { createTestApp, type TestApp } from '../helpers/test-app.ts';

/**
 * The clock a session's life is read by is the database's: these tests move a session's
 * sign-in, last use and expiry back in time, as if that much time had passed since.
 */
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t?.close());

const HOUR = 3600_000;
const DAY = 24 * HOUR;
const sha256 = (value: string) => createHash('sha256').update(value).digest('hex');
const expired = { status: 'error', message: MSG.sessionExpired };

const headerInfo = (token: string) => t.api.get('/api/headerinfo', { headers: bearer(token) });
const staffMe = (token: string) => t.api.get('/api/admin/me', { headers: bearer(token) });

async function staffSignIn(usertype: typeof USER_TYPE.admin | typeof USER_TYPE.salesRep, remember: boolean) {
  const account = await createStaffUser(t, usertype);
  const res = await t.api.post('/api/admin/login', {
    body: { username: account.email, password: account.password, remember },
    remoteAddress: uniqueIp(),
  });
  expect(res.statusCode, res.body).toBe(200);
  return { ...account, token: res.json().token as string };
}

/** As if the session had been signed in `signedInAgoMs` ago, last used `seenAgoMs` ago, expiring in `expiresInMs`. */
async function age(token: string, times: { signedInAgoMs: number; seenAgoMs: number; expiresInMs: number }) {
  await sqlFromOutside(
    t.database.url,
    `update sessions
        set created_at = now() - $2 * interval '1 millisecond',
            last_seen_at = now() - $3 * interval '1 millisecond',
            expires_at = now() + $4 * interval '1 millisecond'
      where token_hash = $1`,
    [sha256(token), times.signedInAgoMs, times.seenAgoMs, times.expiresInMs],
  );
}

async function sessionOf(userId: number) {
  const [session] = await sessionsOf(t, userId);
  if (!session) throw new Error('no session');
  return session;
}

describe('a school’s or a sponsor’s session, used again and again', () => {
  it('with "remember me" slides 30 days at a time, but never past 30 days after sign-in', async () => {
    const school = await createSchoolUser(t);
    const token = await signIn(t, school, USER_TYPE.school, { remember: true });
    await age(token, { signedInAgoMs: 29 * DAY, seenAgoMs: 2 * HOUR, expiresInMs: 28 * DAY });

    expect((await headerInfo(token)).statusCode).toBe(200);
    const session = await sessionOf(school.user.id);
    // Slid on this use, to the end of its 30 days rather than 30 days from now.
    expect(session.last_seen_at.getTime()).toBeGreaterThan(Date.now() - 60_000);
    expect(session.expires_at.getTime()).toBe(session.created_at.getTime() + SESSION_MAX_MS);
  });

  it('ends 30 days after sign-in although its expiry, written earlier, says later', async () => {
    const sponsor = await createSponsorUser(t);
    const token = await signIn(t, sponsor, USER_TYPE.sponsor, { remember: true });
    await age(token, { signedInAgoMs: 30 * DAY + 1000, seenAgoMs: HOUR, expiresInMs: 20 * DAY });

    const res = await headerInfo(token);
    expect(res.statusCode).toBe(401);
    expect(res.json()).toEqual(expired);
  });

  it('without "remember me" ends 30 days after sign-in too, even used every day', async () => {
    const school = await createSchoolUser(t);
    const token = await signIn(t, school, USER_TYPE.school);
    await age(token, { signedInAgoMs: 30 * DAY - 10 * HOUR, seenAgoMs: 2 * HOUR, expiresInMs: 22 * HOUR });

    expect((await headerInfo(token)).statusCode).toBe(200);
    const session = await sessionOf(school.user.id);
    expect(session.expires_at.getTime()).toBe(session.created_at.getTime() + SESSION_MAX_MS);

    // Another session of the same age plus a day: its first use finds it ended. (The first
    // one is trusted from memory for up to a minute, which never reaches past its expiry.)
    const later = await signIn(t, school, USER_TYPE.school);
    await age(later, { signedInAgoMs: 30 * DAY + 1000, seenAgoMs: HOUR, expiresInMs: 23 * HOUR });
    const refused = await headerInfo(later);
    expect(refused.statusCode).toBe(401);
    expect(refused.json()).toMatchObject(expired);
  });

  it('without "remember me" keeps its 24 hours idle within the 30 days', async () => {
    const school = await createSchoolUser(t);
    const token = await signIn(t, school, USER_TYPE.school);
    await age(token, { signedInAgoMs: 5 * DAY, seenAgoMs: 2 * HOUR, expiresInMs: 22 * HOUR });

    const before = Date.now();
    expect((await headerInfo(token)).statusCode).toBe(200);
    const session = await sessionOf(school.user.id);
    expect(session.expires_at.getTime()).toBeGreaterThanOrEqual(before + SESSION_IDLE_MS - 1000);
    expect(session.expires_at.getTime()).toBeLessThan(before + SESSION_IDLE_MS + 60_000);
  });
});

describe('POST /api/admin/login: a staff session', () => {
  it('expires 12 hours after sign-in, with or without "remember me"', async () => {
    for (const [usertype, remember] of [
      [USER_TYPE.admin, true],
      [USER_TYPE.admin, false],
      [USER_TYPE.salesRep, true],
    ] as const) {
      const staff = await staffSignIn(usertype, remember);
      const session = await sessionOf(staff.user.id);
      expect(session.remember).toBe(remember);
      expect(session.expires_at.getTime()).toBe(session.created_at.getTime() + STAFF_SESSION_MAX_MS);
    }
  });

  it('used through the day, slides no further than 12 hours after sign-in', async () => {
    const staff = await staffSignIn(USER_TYPE.admin, true);
    await age(staff.token, { signedInAgoMs: 11 * HOUR, seenAgoMs: 2 * HOUR, expiresInMs: HOUR });

    expect((await staffMe(staff.token)).statusCode).toBe(200);
    const session = await sessionOf(staff.user.id);
    expect(session.last_seen_at.getTime()).toBeGreaterThan(Date.now() - 60_000);
    expect(session.expires_at.getTime()).toBe(session.created_at.getTime() + STAFF_SESSION_MAX_MS);
  });

  it('is refused 12 hours after sign-in, although its expiry, written earlier, says later', async () => {
    const staff = await staffSignIn(USER_TYPE.salesRep, true);
    await age(staff.token, { signedInAgoMs: STAFF_SESSION_MAX_MS + 1000, seenAgoMs: HOUR, expiresInMs: 20 * DAY });

    const res = await staffMe(staff.token);
    expect(res.statusCode).toBe(401);
    expect(res.json()).toEqual(expired);
    expect((await headerInfo(staff.token)).statusCode).toBe(401);
  });

  it('is not kept by the server’s minute of trust past its end', async () => {
    const staff = await staffSignIn(USER_TYPE.admin, false);
    // Its end comes a few seconds from now, well within the minute a resolved session is trusted.
    const endsInMs = 4000;
    await age(staff.token, { signedInAgoMs: STAFF_SESSION_MAX_MS - endsInMs, seenAgoMs: 0, expiresInMs: endsInMs });
    const [{ ends_at: endsAt } = { ends_at: new Date() }] = (
      await sqlFromOutside(
        t.database.url,
        `select created_at + $2 * interval '1 millisecond' as ends_at from sessions where token_hash = $1`,
        [sha256(staff.token), STAFF_SESSION_MAX_MS],
      )
    ).rows as { ends_at: Date }[];

    expect((await staffMe(staff.token)).statusCode).toBe(200);
    // Nothing in the database changes from here on: only the time passing ends it.
    await new Promise((resolve) => setTimeout(resolve, Math.max(0, endsAt.getTime() - Date.now()) + 300));
    const res = await staffMe(staff.token);
    expect(res.statusCode).toBe(401);
    expect(res.json()).toEqual(expired);
  });
});
