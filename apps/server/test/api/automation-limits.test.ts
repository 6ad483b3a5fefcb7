import { USER_TYPE } from '@portal/contracts/constants';
import { MSG } from '@portal/contracts/messages';
import { count, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { contact_requests, email_outbox, users } from '../../src/db/schema/index.ts';
import { LIMITS } from '../../src/lib/rate-limit.ts';
import {
  awayFromWindowEdge,
  bearer,
  CHOSEN_PASSWORD,
  createSchoolUser,
  signedInSchool,
  uniqueEmail,
  uniqueIp,
} from '../helpers/accounts.ts';
import { createTestApp, type TestApp } from '../helpers/test-app.ts';

/**
 * What a script could send over and over without signing in is counted per IP address,
 * at a pace a school office sharing one address never reaches; past it every request is
 * refused with 429 and does nothing.
 */
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t?.close());

const refused = { status: 'error', message: MSG.rateLimited };

async function usersCalled(email: string) {
  const [row] = await t.db
    .select({ n: count() })
    .from(users)
    .where(eq(sql`lower(${users.email})`, email));
  return row?.n ?? 0;
}

async function outboxSize() {
  const [row] = await t.db.select({ n: count() }).from(email_outbox);
  return row?.n ?? 0;
}

async function contactRequestsFrom(email: string) {
  const [row] = await t.db.select({ n: count() }).from(contact_requests).where(eq(contact_requests.email, email));
  return row?.n ?? 0;
}

describe('GET /api/checkusername, /api/checkemail and /api/checkemailedit from one address', () => {
  it(`answer ${LIMITS.emailCheckPerIp.max} checks, free or taken, then refuse every one with 429 until the window passes`, async () => {
    await awayFromWindowEdge(LIMITS.emailCheckPerIp.windowMs);
    const ip = '198.51.100.40';
    const taken = await createSchoolUser(t);
    const school = await signedInSchool(t);
    const checks = [
      () => `/api/checkusername?username=${encodeURIComponent(uniqueEmail('free'))}`,
      () => `/api/checkemail?email=${encodeURIComponent(taken.email)}`,
      () => `/api/checkemailedit?email=${encodeURIComponent(uniqueEmail('free'))}`,
    ];
    const ask = (path: string) => t.api.get(path, { remoteAddress: ip, headers: bearer(school.token) });

    for (let n = 0; n < LIMITS.emailCheckPerIp.max; n++) {
      const res = await ask((checks[n % checks.length] as () => string)());
      expect(res.statusCode, `check ${n + 1}`).toBe(n % checks.length === 1 ? 409 : 200);
    }
    for (const check of checks) {
      const res = await ask(check());
      expect(res.statusCode).toBe(429);
      expect(res.json()).toEqual(refused);
    }
    // Another address is not held back.
    const elsewhere = await t.api.get(checks[0]?.() ?? '', { remoteAddress: uniqueIp() });
    expect(elsewhere.statusCode).toBe(200);
  }, 60_000);
});

describe('POST /api/loginnewreg from one address', () => {
  it(`registers ${LIMITS.registerPerIp.max} schools an hour, counting refused attempts too, then creates nothing and sends nothing`, async () => {
    await awayFromWindowEdge(LIMITS.registerPerIp.windowMs);
    const ip = '198.51.100.41';
    const taken = await createSchoolUser(t);
    const register = (email: string) =>
      t.api.post('/api/loginnewreg', {
        remoteAddress: ip,
        body: { email, password: CHOSEN_PASSWORD, usertype: USER_TYPE.school },
      });

    // An address already in use is an attempt like any other.
    expect((await register(taken.email)).statusCode).toBe(409);
    for (let n = 2; n <= LIMITS.registerPerIp.max; n++) {
      const res = await register(uniqueEmail('office'));
      expect(res.statusCode, `registration ${n}`).toBe(200);
    }

    const mails = await outboxSize();
    const next = uniqueEmail('office');
    const res = await register(next);
    expect(res.statusCode).toBe(429);
    expect(res.json()).toEqual(refused);
    expect(await usersCalled(next)).toBe(0);
    expect(await outboxSize()).toBe(mails);

    const elsewhere = await t.api.post('/api/loginnewreg', {
      remoteAddress: uniqueIp(),
      body: { email: next, password: CHOSEN_PASSWORD, usertype: USER_TYPE.school },
    });
    expect(elsewhere.statusCode).toBe(200);
  }, 60_000);
});

describe('POST /api/addenquiry and /api/addsponsorreq from one address', () => {
  const form = (email: string) => ({
    fullname: 'Jamie Rivera',
    email,
    phone: '(813) 555-0199',
    state: 'Florida',
    city: 'Tampa',
    company: 'Rivera Family Dentistry',
    message: 'We would like to sponsor planners for two schools.',
  });

  it(`keep ${LIMITS.contactPerIp.max} messages an hour, both forms together, then store and send nothing`, async () => {
    await awayFromWindowEdge(LIMITS.contactPerIp.windowMs);
    const ip = '198.51.100.42';
    const routes = ['/api/addenquiry', '/api/addsponsorreq'];
    for (let n = 0; n < LIMITS.contactPerIp.max; n++) {
      const res = await t.api.post(routes[n % 2] as string, { remoteAddress: ip, body: form(uniqueEmail('visitor')) });
      expect(res.statusCode, `message ${n + 1}`).toBe(200);
    }

    const mails = await outboxSize();
    for (const route of routes) {
      const email = uniqueEmail('visitor');
      const res = await t.api.post(route, { remoteAddress: ip, body: form(email) });
      expect(res.statusCode).toBe(429);
      expect(res.json()).toEqual(refused);
      expect(await contactRequestsFrom(email)).toBe(0);
    }
    expect(await outboxSize()).toBe(mails);

    const email = uniqueEmail('visitor');
    const elsewhere = await t.api.post('/api/addenquiry', { remoteAddress: uniqueIp(), body: form(email) });
    expect(elsewhere.statusCode).toBe(200);
    expect(await contactRequestsFrom(email)).toBe(1);
  }, 60_000);
});
